"""The screening's exact payments by yes/no questions at the payment's steps equal those of exact
card points, world by world, and the screening decides the same (issue 32)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.advice.actor import Context, evaluate, made_exact, screen
from analyzer.advice.options import admissible
from analyzer.advice.worlds import WorldBatch, split_source
from analyzer.cards import CardSet
from analyzer.contract import Contract


def _twelve(rng: random.Random) -> CardSet:
    cards = list(range(32))
    rng.shuffle(cards)
    return CardSet(sum(1 << c for c in cards[:12]))


@pytest.mark.parametrize("rules", ["csm", "licit"])
def test_step_questions_give_the_payments_of_exact_points(rules: str) -> None:
    rng = random.Random(3201 if rules == "csm" else 3202)
    compared = opened = 0
    for hand in range(8):
        twelve = _twelve(rng)
        seat = hand % 3
        options = [o for o in admissible(twelve, rules) if o.contract.has_trumps]
        options = rng.sample(options, min(24, len(options)))
        batch = split_source(twelve, seat).draw(np.random.default_rng(hand), 10)
        ctx = Context(twelve, seat, rules, {}, 1)
        exact = evaluate(options, batch, ctx, exact_points=True)
        steps = evaluate(options, batch, ctx, exact_points=False, payments=True)
        bounds = evaluate(options, batch, ctx, exact_points=False)
        for option in options:
            assert np.array_equal(steps[option].pay, exact[option].pay), (twelve, option)
            assert np.array_equal(steps[option].makes, exact[option].makes)
            assert steps[option].bounds()[0] == steps[option].bounds()[1]
            compared += len(batch)
            opened += int((bounds[option].pay_high != bounds[option].pay_low).sum())
    assert opened > 50, "the hands should leave many payments open after the yes/no answers"
    assert compared > 1000


def test_the_screening_decides_as_with_exact_points() -> None:
    rng = random.Random(3203)
    for hand in range(3):
        twelve = _twelve(rng)
        contracts = [Contract.HUNDRED, Contract.SEVEN, Contract.HUNDRED_SEVEN, Contract.TWO_SEVENS]
        options = admissible(twelve, "csm", None, None, contracts)
        if len(options) < 8:
            continue
        options = rng.sample(options, min(36, len(options)))
        source = split_source(twelve, 0)
        runs = []
        for exact_redo in (True, False):
            ctx = Context(twelve, 0, "csm", {}, 2, exact_redo=exact_redo)
            survivors, left = screen(options, source, ctx, np.random.default_rng(hand))
            runs.append((survivors, {o: (r.pay, r.pay_low, r.pay_high, stage) for o, (r, stage) in left.items()}))
        (s_exact, l_exact), (s_steps, l_steps) = runs
        assert s_exact == s_steps
        assert l_exact.keys() == l_steps.keys()
        for option, (pay, low, high, stage) in l_exact.items():
            pay2, low2, high2, stage2 = l_steps[option]
            assert stage == stage2 and np.array_equal(pay, pay2)
            assert (low is None) == (low2 is None)
            if low is not None:
                assert np.array_equal(low, low2) and np.array_equal(high, high2)


@pytest.mark.parametrize("rules", ["csm", "licit"])
def test_payments_from_the_answers_kept_over_stages(rules: str) -> None:
    """made_exact, from the yes/no answers the screening's records kept stage after stage (joined,
    each stage's layout asked what the options alive in it needed), gives the payments of exact
    points on every world of the stages, as solving them all again did; and again when stages
    already known are joined by one between bounds (the steps asked in its open worlds alone)."""
    rng = random.Random(3204 if rules == "csm" else 3205)
    compared = asked_less = 0
    for hand in range(6):
        twelve = _twelve(rng)
        trumps = [o for o in admissible(twelve, rules) if o.contract.has_trumps]
        options = rng.sample(trumps, min(30, len(trumps)))
        # and layouts a seven shares with a hundred and seven, whose hundred the seven alone does not ask
        layouts = {o.layout for o in trumps if o.contract == Contract.HUNDRED_SEVEN}
        sevens = [o for o in trumps if o.contract == Contract.SEVEN and o.layout in layouts][:4]
        options += [o for o in trumps if o.layout in {s.layout for s in sevens} and o not in options]
        ctx = Context(twelve, 0, rules, {}, 2)
        source = split_source(twelve, 0)
        generator = np.random.default_rng(hand)
        first, second = source.draw(generator, 4), source.draw(generator, 6, 4)
        # the second stage has a third of the options: a layout that asked the hundred's question
        # beside a seven's asks only what the seven needs there
        later = list(dict.fromkeys(options[::3] + sevens))
        kept = evaluate(options, first, ctx, exact_points=False)
        more = evaluate(later, second, ctx, exact_points=False)
        records = {o: kept[o].extend(more[o]) for o in later}
        every = WorldBatch(np.concatenate([first.hands, second.hands]), np.concatenate([first.units, second.units]))
        again = made_exact(later, records, every, ctx)
        exact = evaluate(later, every, ctx, exact_points=True)
        # a third stage between bounds beside two known: the steps asked where they are open alone
        third = source.draw(generator, 6, 10)
        fresh = evaluate(later, third, ctx, exact_points=False)
        mixed = {o: again[o].extend(fresh[o]) for o in later}
        every3 = WorldBatch(np.concatenate([every.hands, third.hands]), np.concatenate([every.units, third.units]))
        final = made_exact(later, mixed, every3, ctx)
        exact3 = evaluate(later, third, ctx, exact_points=True)
        for option in later:
            assert records[option].outcome is not None
            assert np.array_equal(again[option].pay, exact[option].pay), (twelve, option)
            assert np.array_equal(again[option].makes, exact[option].makes)
            assert again[option].known() and final[option].known()
            assert np.array_equal(final[option].pay, np.concatenate([exact[option].pay, exact3[option].pay]))
            compared += len(every3)
            asked_less += len(records[option].outcome.answers) < len(kept[option].outcome.answers)
    assert compared > 500
    assert asked_less > 0, "some option's stages should have asked different questions"
