"""The advice's payments (analyzer/advice/money.py) against the obviously-correct settlement.

``Pricer.prices`` settles each distinct outcome once (by its integer code, then by the pricer's
spec and the outcome across pricers) without the result JSON's text round trip; every payment it
spreads back must be the one ``settle(parse_result(json.loads(json.dumps(result))))`` gives for
that world's result, bit for bit, whatever the rule set, contract, flek, seat, laid-down or void.
"""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from analyzer.advice.money import Pricer, holding
from analyzer.cards import CardSet, Suit
from analyzer.contract import Contract
from analyzer.errors import ResultError
from analyzer.scoring import parse_result, resolve, rule_set, settle

RULES = ("csm", "basic", "licit")


def _reference(pricer: Pricer, made: dict[str, bool], points: int | None, talon: int, ours: int, theirs: int,
               void: bool) -> float | type[Exception]:
    """The payment as the result JSON's text settles it, or the error it raises."""
    text = json.dumps(pricer.result(made, points, talon, ours, theirs, void), sort_keys=True)
    options = json.loads(json.dumps(pricer.options, sort_keys=True, default=str))
    try:
        return float(settle(parse_result(json.loads(text)), pricer.rules, **options).payments[pricer.seat])
    except ResultError as exc:
        return type(exc)


def _pricer(rng: random.Random, rules: str, contract: Contract) -> Pricer:
    trump = rng.choice(list(Suit)) if contract.has_trumps else None
    side = rng.choice([s for s in Suit if s != trump]) if contract.two_sevens else None
    cards = CardSet(sum(1 << c for c in rng.sample(range(32), 12 if contract.has_trumps else 10)))
    facts = holding(cards, contract, trump, side) if rng.random() < 0.8 else None
    parts = contract.components
    flek = {c: rng.randint(1, 3) for c in parts if rng.random() < 0.4 and not c.endswith("-against")}
    flekers = {c: rng.choices((1, 2), k=(level + 1) // 2) for c, level in flek.items()}  # a defence flek per odd level
    played_out = rng.random() < 0.5
    # the rule set's options, some changed (the four-player obligations aside; unplayed is the pricer's)
    options = {o.name: rng.choice(o.choices) for o in rule_set(rules).options
               if rng.random() < 0.3 and o.name not in ("unplayed", "ko_must_flek", "marriage_must_flek")}
    return Pricer(contract, trump, side, 0, rng.randrange(3), rules, options,
                  facts, flek=flek or None, flekers=flekers or None,
                  quiet_seven_seat=rng.choice([None, 0, 1, 2]) if contract.has_trumps else None,
                  played_out=played_out, laid_down=rng.random() < 0.15)


def _worlds(rng: random.Random, contract: Contract, n: int) -> dict:
    made = {c: np.array([rng.random() < 0.5 for _ in range(n)]) for c in contract.components}
    talon = np.array([rng.choice((0,) * 8 + (10, 20)) for _ in range(n)], np.int64)  # csm: no sharp discards
    sevens = [c for c in ("seven", "two-sevens") if c in made]
    # a seven that took the last trick took its 10 points (mostly: the refusal is tested too)
    floor = [1 if sevens and made[sevens[0]][w] and rng.random() < 0.9 else 0 for w in range(n)]
    points = np.array([10 * rng.randint(f, (90 - t) // 10) for f, t in zip(floor, talon)], np.int64)
    ours = np.zeros(n, np.int64)
    theirs = np.zeros(n, np.int64)
    for w in range(n):
        for suit in range(4):
            pick = rng.random()
            if pick < 0.25:
                ours[w] |= 1 << suit
            elif pick < 0.5:
                theirs[w] |= 1 << suit
    void = np.array([rng.random() < 0.2 for _ in range(n)]) if contract.two_sevens else None
    return {"made": made, "points": points if contract.has_trumps else None, "talon": talon, "ours": ours,
            "theirs": theirs, "void": void}


@pytest.mark.parametrize("rules", RULES)
def test_prices_are_the_settlement_of_each_worlds_result(rules: str) -> None:
    rng = random.Random(f"money-{rules}")
    contracts = [Contract(c) for c in resolve(rules).contracts if Contract(c).own_goal]
    checked = refused = 0
    for _ in range(12):
        for contract in contracts:
            pricer = _pricer(rng, rules, contract)
            w = _worlds(rng, contract, 40)
            expected = []
            for i in range(40):
                made = {c: bool(v[i]) for c, v in w["made"].items()}
                pts = None if w["points"] is None else int(w["points"][i])
                void = False if w["void"] is None else bool(w["void"][i])
                expected.append(_reference(pricer, made, pts, int(w["talon"][i]), int(w["ours"][i]),
                                           int(w["theirs"][i]), void))
            ok = np.array([isinstance(e, float) for e in expected])
            for i in np.flatnonzero(~ok)[:3]:  # a result the settlement refuses is refused here too
                sub = _subset(w, np.array([i]))
                with pytest.raises(expected[i]):
                    _prices(pricer, sub)
                refused += 1
            idx = np.flatnonzero(ok)
            if not len(idx):
                continue
            sub = _subset(w, idx)
            want = np.array([expected[i] for i in idx])
            for _ in range(2):  # settled, then again from the pricer's own table of codes
                got = _prices(pricer, sub)
                assert got.dtype == float and got.tolist() == want.tolist(), (rules, contract, pricer.spec)
            # a fresh pricer of the same game reads the settlements shared across pricers
            twin = Pricer.__new__(Pricer)
            twin.__dict__.update(pricer.__dict__, cache={}, codes={})
            assert _prices(twin, sub).tolist() == want.tolist()
            checked += len(idx)
    assert checked > 2000 and refused < checked  # the test priced a real number of worlds


def _subset(w: dict, idx: np.ndarray) -> dict:
    return {k: (None if v is None else {c: a[idx] for c, a in v.items()} if isinstance(v, dict) else v[idx])
            for k, v in w.items()}


def _prices(pricer: Pricer, w: dict) -> np.ndarray:
    return pricer.prices(w["made"], w["points"], w["talon"], w["ours"], w["theirs"], w["void"])


def test_no_worlds_no_payments() -> None:
    pricer = Pricer(Contract.SEVEN, Suit.HEARTS, None, 0, 0, "csm", {}, None)
    empty = np.zeros(0, np.int64)
    got = pricer.prices({"game": empty.astype(bool), "seven": empty.astype(bool)}, empty, empty, empty, empty)
    assert got.dtype == float and got.shape == (0,)


def test_settle_reuses_resolved_rules_only_for_the_same_options() -> None:
    """settle keeps each (rule set, options) resolved: an option given as 1 after True (equal, but
    resolve refuses it) is still refused, and a changed option still changes the money."""
    result = parse_result({"contract": "seven", "trump": "h", "actor": 0, "points": {"actor": 40, "defence": 50},
                           "marriages": {"actor": "", "defence": ""}, "trump_seven": {"seat": 0, "fate": "won"}})
    assert settle(result, "csm", round_up=True).payments == settle(result, "csm", round_up=True).payments
    with pytest.raises(ResultError):
        settle(result, "csm", round_up=1)
    assert settle(result, "basic", hundred_steps="add").payments == settle(result, "basic").payments
    assert settle(result, "csm", unplayed=False).payments != settle(result, "csm", unplayed=True).payments
