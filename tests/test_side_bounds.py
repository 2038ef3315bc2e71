"""The core's bounds from the top trumps (docs/core.md, "Bounds"): the cards the other side must
feed to a side's sure trump tricks, and the last trick and the cashed top cards of a player who
holds all his side's trumps, above the other side's, on lead or not. Checked against the slow references on endgames
built to set them off: one player holds the top trumps still out (his opponents a few low ones
at times, in 4 players his partner may too), and his opponents hold the aces and tens. Random
endgames seldom reach them, so they get their own test."""
from __future__ import annotations

import random

import pytest
from reference import reference_solve
from reference4 import reference4_solve

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.rules import Position
from analyzer.solver import Solver


def one_holds_the_trumps(rng: random.Random, players: int, tricks: int) -> tuple[dict, int, int]:
    """A hra endgame in which one player holds his side's trumps, all above the others' (they
    may hold a few low ones); his opponents get the sharp cards first. Returns the position's
    JSON, the holder and his trumps."""
    trump = rng.choice(list(Suit))
    # the holder's trumps lie above the others' (a few top ones may be gone)
    trumps = [Card.make(trump, r) for r in reversed(range(8))][rng.choice([0, 0, 1, 2]):]
    plain = [Card(i) for i in range(32) if Card(i).suit != trump]
    # sharp cards first (give or take some noise), to the holder's opponents; or, half the
    # time, the plain cards at random and no trump but his (his partner may top his cards)
    sharp_first = rng.random() < 0.5
    plain.sort(key=lambda c: -10 * (c.points > 0) * sharp_first + rng.uniform(0, 12))
    holder, held = rng.randrange(players), rng.randint(1, tricks)
    # at times the holder keeps an ace or two of his own (cards above all the others')
    aces = [c for c in plain if c.rank == Rank.ACE][:rng.choice([0, 0, 1, 2])][:tricks - held]
    plain = [c for c in plain if c not in aces]
    low = trumps[held:]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for seat in range(players):
        if seat != holder:
            mine = [low.pop(rng.randrange(len(low))) for _ in range(rng.choice([0, 0, 1, 2]) * sharp_first) if low]
            hands[seat] = mine + [plain.pop(0) for _ in range(tricks - len(mine))]
    rest = plain[:]
    rng.shuffle(rest)
    hands[holder] = trumps[:held] + aces + rest[:tricks - held - len(aces)]
    data: dict = {"hands": [str(CardSet(h)) for h in hands], "contract": "game", "trump": trump.token,
                  "actor": rng.randrange(players), "leader": rng.randrange(players),
                  "marriage_rule": rng.choice(["czech", "over-first"])}
    if players == 4:
        data["players"] = 4
        if rng.random() < 0.6:
            data["partner"] = rng.choice([s for s in range(4) if s != data["actor"]])
    return data, holder, held


def check(solver: Solver, data: dict) -> None:
    position = Position.from_json(data)
    ref = (reference4_solve if data.get("players") == 4 else reference_solve)(data)
    ours = solver.solve(position)
    assert ours.makes == ref["makes"], data
    assert solver.hra_value(position) == 10 * ref["value"], data
    assert (ours.actor_points, ours.defence_points) == (ref["actor_points"], ref["defence_points"]), data


# The quick run's blocks, then bigger `slow` ones on other seeds (CI runs them all).
@pytest.mark.parametrize("players, cases, sizes, seed", [
    (3, 120, [3, 4, 4, 5], 1), (4, 40, [3, 3, 4], 1),
    pytest.param(3, 600, [3, 4, 5, 5], 2, marks=pytest.mark.slow),
    pytest.param(4, 200, [3, 4, 4], 2, marks=pytest.mark.slow)])
def test_one_player_holding_the_trumps_agrees_with_the_reference(players: int, cases: int, sizes: list,
                                                                  seed: int) -> None:
    rng = random.Random(9000 + 10 * seed + players)
    solver = Solver(16)
    last_trick = fed = 0
    for _ in range(cases):
        tricks = rng.choice(sizes)
        data, holder, held = one_holds_the_trumps(rng, players, tricks)
        check(solver, data)
        # how often each bound's condition held (the generator must set them off)
        last_trick += held >= tricks - held + (data["leader"] != holder)
        fed += any(len([c for c in Position.from_json(data).hands[s] if c.points == 0]) < held
                   for s in range(players) if s != holder)
    assert last_trick > cases // 4 and fed > cases // 4, (last_trick, fed)
