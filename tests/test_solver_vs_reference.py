"""The C solver against the slow pure-Python reference (tests/reference.py) on
random endgames: 3 to 6 tricks, every contract, random leader, actor and
trump, some positions mid-trick, both marriage rules, scores and talons."""
from __future__ import annotations

import random

import pytest
from randpos import CONTRACTS, random_position
from reference import reference_solve

from analyzer.rules import Position
from analyzer.solver import Solver

ENDGAMES = 2000
TRICKS = [3] * 4 + [4] * 3 + [5] * 2 + [6]  # weighted toward the cheap ones: the reference is slow


def compare(solver: Solver, data: dict) -> None:
    position = Position.from_json(data)
    ours = solver.solve(position)
    ref = reference_solve(data)
    assert ours.makes == ref["makes"], data
    assert ours.components == ref["components"], data
    if position.contract.has_trumps:
        assert solver.hra_value(position) == 10 * ref["value"], data
        # Also under over-first: K and O are adjacent and both worth nothing, so the
        # best line always plays the O first and the actor's trick points are unique.
        assert (ours.actor_points, ours.defence_points) == (ref["actor_points"], ref["defence_points"]), data
    else:
        assert ours.actor_points is None and ref["actor_points"] is None


# The first block is the quick run's; the other nine are `slow` (CI runs them all).
@pytest.mark.parametrize("block", [0, *(pytest.param(b, marks=pytest.mark.slow) for b in range(1, 10))])
def test_random_endgames_agree_with_the_reference(block: int) -> None:
    rng = random.Random(1000 + block)
    solver = Solver(16)
    for i in range(ENDGAMES // 10):
        contract = CONTRACTS[i % len(CONTRACTS)]
        compare(solver, random_position(rng, rng.choice(TRICKS), contract))


def test_card_values_agree_with_the_reference_children() -> None:
    """Each legal card's value equals the reference's value of the position after it."""
    from test_solver_properties import child

    rng = random.Random(77)
    solver = Solver(16)
    for i in range(150):
        data = random_position(rng, rng.choice([3, 4]), ["game", "betl", "durch", "hundred"][i % 4])
        position = Position.from_json(data)
        values = solver.solve(position, card_values=True).card_values
        assert set(values) == set(position.legal_moves())
        for card in position.legal_moves():
            kid, gain, _ = child(position, card)
            if position.contract.has_trumps:
                kid_value = reference_solve(kid.to_json())["value"] if any(kid.hands) or kid.trick else 0
                assert values[card]["hra_value"] == 10 * (gain + kid_value), data
