"""Tysiacha's C search against the slow reference (tests/tysiacha_reference.py) on random endgames
of 2-4 tricks over every trump state, declarer, option and declarable marriage; and the property
tests on full 8-trick deals."""
from __future__ import annotations

import random

import pytest
import tysiacha_reference as ref
from analyzer._core import DECLARE, EXACT_TY, TysiachaSearch
from tysiacha_random import core_args, position_of, random_endgame, reference_game

from analyzer.cards import Card
from analyzer.tysiacha.game import Rules
from analyzer.tysiacha.position import Position, move_str
from analyzer.tysiacha.solver import solve


def _token_move(code: int) -> tuple[str, bool]:
    return str(Card(code & 31)), bool(code & DECLARE)


def _check(ctx: TysiachaSearch, case: dict) -> None:
    game, state = core_args(case)
    g = reference_game(case)
    args = (case["hands"], case["trick"], case["leader"], case["trump"], case["first"])
    expect = g.move_values(*args)
    got = {_token_move(m): v for m, v in ctx.move_values(game, state)}
    assert got == expect, case
    value = max(expect.values()) if (case["leader"] + len(case["trick"])) % 3 == case["declarer"] \
        else min(expect.values())
    assert ctx.value(game, state) == value, case
    for target in (value, value + 1, max(value - 7, 0)):
        assert ctx.search(game, state, target) == (value >= target), (case, target)
    line = ctx.line(game, state, value)  # a line that earns exactly the value, move by move legal
    assert sum(gain for _, gain in line) == value
    assert len(line) == sum(len(h) for h in case["hands"])


@pytest.mark.parametrize("tricks,count", [(2, 1500), (3, 1500), (4, 150)])
def test_core_agrees_with_reference(tricks: int, count: int) -> None:
    rng = random.Random(340 + tricks)
    ctx = TysiachaSearch(14)
    for _ in range(count):
        _check(ctx, random_endgame(rng, tricks))


def test_every_trump_state_and_first_flag_is_met() -> None:
    """The random cases cover each trump (and none), the first-trick flag both ways and leads
    that may declare (so the agreement above is over every combination)."""
    rng = random.Random(343)
    seen = set()
    declarable = 0
    for _ in range(1500):
        case = random_endgame(rng, 3)
        seen.add((case["trump"], case["first"]))
        g = reference_game(case)
        moves = g.moves(case["hands"], case["trick"], case["leader"], case["trump"], case["first"])
        declarable += any(d for _, d in moves)
    assert len(seen) == 10
    assert declarable > 100


def test_solve_line_replays_to_the_total() -> None:
    rng = random.Random(5)
    for _ in range(200):
        case = random_endgame(rng, 3)
        rules = Rules("german" if case["german"] else "seed", case["any_lead"], case["must_beat"])
        p = position_of(case)
        result = solve(p, rules)
        q = p
        for move, _gain in result.line:
            q = q.play(move, rules)
        assert q.over
        assert q.declarer_points(rules) == result.total
        assert {move_str(m) for m, _ in result.moves} == {move_str(m) for m in p.legal_moves(rules)}


def _deal(rng: random.Random) -> Position:
    deck = list(ref.DECK)
    rng.shuffle(deck)
    return Position.from_dict({"hands": [deck[0:8], deck[8:16], deck[16:24]], "declarer": rng.randrange(3),
                               "bid": 100})


def test_full_deals_values_do_not_depend_on_the_order_cards_are_tried() -> None:
    """A full 8-trick deal's value is the same with the moves tried in random orders (fresh
    tables of three sizes, and one table kept warm across orders), equals the best first move's
    value, and the line replays to it move by move with each step's value checked afresh."""
    rng = random.Random(8)
    shared = TysiachaSearch(18)
    warm = TysiachaSearch(16)
    for k in range(24):
        p = _deal(rng)
        rules = Rules(any_lead=rng.random() < 0.3, must_beat=rng.random() < 0.2,
                      marriages=rng.choice(("seed", "german")))
        game, state = rules.core_game(p.declarer), p.core_state()
        v = shared.value(game, state)
        for seed in (k + 1, k + 100):
            fresh = TysiachaSearch(rng.choice((10, 14, 18)))
            fresh.shuffle(seed)
            assert fresh.value(game, state) == v
            warm.shuffle(seed)
            assert warm.value(game, state) == v
        moves = shared.move_values(game, state)
        best = max if p.to_move == p.declarer else min
        assert best(val for _, val in moves) == v
        line = shared.line(game, state, v)
        q, rest = p, v
        for code, gain in line:
            check = TysiachaSearch(12)
            check.shuffle(code + 1)
            assert check.value(game, q.core_state()) == rest
            q = q.play((Card(code & 31), bool(code & DECLARE)), rules)
            rest -= gain
        assert rest == 0 and q.over


def test_the_line_does_not_depend_on_what_the_context_solved_before() -> None:
    """The line shown is a function of the position: a context warm from the other deals (as a
    server's thread is) gives the same lines as a fresh context each (the CLI's), though its
    killers and table differ (with the killers ordering the line's candidates, 2 of 40 did not)."""
    rng = random.Random(3)
    deals = [_deal(rng) for _ in range(60)]
    fresh = [solve_all(TysiachaSearch(18), p) for p in deals]
    warm = TysiachaSearch(18)
    for p in reversed(deals):
        solve_all(warm, p)
    assert [solve_all(warm, p) for p in deals] == fresh


def solve_all(ctx: TysiachaSearch, p: Position) -> list:
    """What ``solve`` asks of the core, in its order: the value, every move's, the line."""
    game, state = Rules().core_game(p.declarer), p.core_state()
    v = ctx.value(game, state)
    ctx.move_values(game, state)
    return ctx.line(game, state, v)


def test_endgames_do_not_depend_on_the_order_either() -> None:
    rng = random.Random(9)
    ctx = TysiachaSearch(12)
    plain = TysiachaSearch(12)
    for k in range(300):
        case = random_endgame(rng, 4)
        game, state = core_args(case)
        ctx.shuffle(k + 1)
        assert ctx.move_values(game, state) == plain.move_values(game, state)


def test_batch_agrees_with_single_calls() -> None:
    import numpy as np

    rng = random.Random(11)
    ctx = TysiachaSearch(16)
    cases = [c for c in (random_endgame(rng, 3) for _ in range(150)) if not c["trick"]][:50]
    game, state = core_args(cases[0])
    # one game, many worlds: same declarer and options, the other cases' hands (leader from the first)
    hands = np.array([core_args(c)[1][0] for c in cases], dtype=np.uint32)
    exact, done = ctx.batch(game, state, hands, EXACT_TY)
    assert done == len(cases)
    for row, h in zip(exact, hands):
        assert row == TysiachaSearch(12).value(game, (tuple(int(x) for x in h),) + state[1:])
    yes, _ = ctx.batch(game, state, hands, 40)
    assert list(yes) == [int(v >= 40) for v in exact]
