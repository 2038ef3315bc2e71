"""The C solver (cext/mustamaija.c) against the Python one, answer for answer: the verdict, every
seat's safety, each legal move's value and the line of the tie rule, both endless rules.

The Python solver is itself checked against the every-sequence reference
(test_mustamaija_solver.py, which runs on the default engine, C where built, so the C
solver meets the reference there too)."""
from __future__ import annotations

import random

import pytest
from mustamaija_random import random_ending, random_with_talon

from analyzer.errors import ArgumentError
from analyzer.mustamaija import native
from analyzer.mustamaija.cards import QUEEN_OF_SPADES
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.solver import solve

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="the C extension is not built")

CROWDED = [s * 13 + r for s in (0, 1, 3) for r in range(5, 13)] + [2 * 13 + r for r in range(5, 13)
                                                                      if 2 * 13 + r != QUEEN_OF_SPADES]
ANSWER = ("exact", "loser", "endless", "safe", "player_safe", "moves", "line")


def _same(position: Position, endless: str = "draw", limit: int = 3000) -> bool:
    """Both engines' answers on one position; False (nothing compared) when Python gives up."""
    py = solve(position, endless=endless, engine="python", max_states=limit)
    if not py.exact:
        return False
    c = solve(position, endless=endless, engine="c")
    assert c.engine == "c" and py.engine == "python"
    got, want = c.to_dict(), py.to_dict()
    assert {k: got[k] for k in ANSWER} == {k: want[k] for k in ANSWER}, position
    if position.players > 2:  # the same graph, unless compressed (the talon empty, the C engine)
        assert c.states <= py.states
    return True


def _pack(rng: random.Random) -> list[int] | None:
    return CROWDED if rng.random() < 0.7 else None


def test_two_players_up_to_four_cards() -> None:
    rng = random.Random(135)
    for _ in range(1500):
        assert _same(random_ending(rng, 2, 4, pack=_pack(rng)))


def test_three_and_four_players_both_endless_rules() -> None:
    rng = random.Random(136)
    compared = 0
    for k in range(1500):
        players = 3 if k % 2 else 4
        p = random_ending(rng, players, rng.choice((2, 3, 4)), pack=_pack(rng))
        compared += _same(p, "draw" if k % 3 else "loss", limit=1500)
    assert compared >= 900  # most are small enough for the Python engine's limit


def test_with_a_known_talon() -> None:
    rng = random.Random(137)
    compared = 0
    for k in range(200):
        players = (2, 3)[k % 2]
        compared += _same(random_with_talon(rng, players, rng.choice((1, 2)), rng.randint(1, 3)), limit=1500)
    assert compared >= 100


def test_the_circling_example() -> None:
    p = Position.from_str("trump:d hands:c2/h2h3/s2sQ/c5 talon:- attacker:0")
    assert _same(p) and _same(p, "loss")
    assert solve(p).safe == [True, True, False, True]


def test_cards_that_left_the_game_do_not_count() -> None:
    # the same ending written with other ranks (the order within each suit kept) is one graph
    a = Position.from_str("trump:d hands:c2h5/h6h9/s2sQ/c5d2 talon:- attacker:0")
    b = Position.from_str("trump:d hands:c3hJ/hQhA/s9sQ/cKdX talon:- attacker:0")
    ra, rb = solve(a), solve(b)
    assert ra.states == rb.states and ra.safe == rb.safe and (ra.loser, ra.endless) == (rb.loser, rb.endless)
    assert [m["safe"] for m in ra.moves] == [m["safe"] for m in rb.moves]


def test_interchangeable_suits_are_one_state() -> None:
    # clubs trumps, the Maria a spade: hearts and diamonds renamed give the same graph
    a = Position.from_str("trump:c hands:h2h5d9/hJsQ/d2c5 talon:- attacker:0")
    b = Position.from_str("trump:c hands:d2d5h9/dJsQ/h2c5 talon:- attacker:0")
    ra, rb = solve(a), solve(b)
    assert ra.states == rb.states and ra.safe == rb.safe  # the safety of every seat does not see the names
    assert sorted(m["safe"] for m in ra.moves) == sorted(m["safe"] for m in rb.moves)
    assert _same(a, limit=20_000) and _same(b, limit=20_000)  # the tie rule's line does (the canonical order): played on the real cards
    # a line that meets a state with its suits renamed has not come back to where it was
    assert _same(Position.from_str("trump:c hands:sQ/sXsJc7cX/d7 talon:- attacker:2 table:hJ"), limit=20_000)


def test_gives_up_and_says_so() -> None:
    rng = random.Random(141)
    p = random_ending(rng, 4, 5)
    while solve(p, max_states=2000).exact:
        p = random_ending(rng, 4, 5)
    r = solve(p, max_states=2000)
    assert not r.exact and r.gave_up == "state limit of 2000 reached" and r.engine == "c"
    assert r.loser is None and r.safe == [] and r.moves == [] and r.states > 2000
    r = solve(p, time_limit=0.001, max_states=50_000_000)
    assert not r.exact and r.gave_up.startswith("time limit of 0.001 s reached")


def test_engine_is_checked() -> None:
    p = Position.from_str("trump:d hands:h2h3sQ/h4d2cA talon:- attacker:0")
    with pytest.raises(ArgumentError):
        solve(p, engine="fortran")
    assert solve(p).engine == "c" and solve(p, engine="python").engine == "python"


@pytest.mark.slow
def test_bigger_runs() -> None:
    rng = random.Random(142)
    for _ in range(2000):
        assert _same(random_ending(rng, 2, 5, pack=_pack(rng)), limit=1_000_000)
    for k in range(1000):
        _same(random_ending(rng, (3, 4)[k % 2], 4, pack=_pack(rng)), ("draw", "loss")[k % 2], limit=20_000)
