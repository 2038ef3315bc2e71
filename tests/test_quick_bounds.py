"""The core's quick bounds (the cashing plan, and sedma, two sevens, durch and betl proven at the
actor's lead) against the slow reference, on endgames built to set them off: the actor on lead
with strong cards (weak ones for betl). Random endgames seldom reach them, so they get their own
test; it also checks that the bounds did settle a good share of the cases without a search."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from reference import reference_solve

from analyzer.batch import hands_array, run_batch
from analyzer.cards import NOTRUMP_ORDER, Card, CardSet, Rank, Suit
from analyzer.rules import Position
from analyzer.solver import Solver, questions

CONTRACTS = ["game", "hundred", "seven", "hundred-seven", "two-sevens", "betl", "durch"]


def _strength(card: Card, contract: str, trump: Suit | None) -> int:
    if contract in ("betl", "durch"):
        return NOTRUMP_ORDER.index(card.rank)
    return int(card.rank) + (8 if card.suit == trump else 0)


def strong_endgame(rng: random.Random, contract: str) -> dict:
    """The actor (on lead) gets the strongest cards, give or take some noise; betl the weakest."""
    tricks = rng.choice([3, 3, 4, 4, 5])
    trump = None if contract in ("betl", "durch") else rng.choice(list(Suit))
    side = rng.choice([s for s in Suit if s != trump]) if contract == "two-sevens" else None
    required = []
    if contract in ("seven", "hundred-seven", "two-sevens"):
        required.append(Card.make(trump, Rank.SEVEN))
    if side is not None:
        required.append(Card.make(side, Rank.SEVEN))
    sign = -1 if contract == "betl" else 1
    pool = sorted((Card(i) for i in range(32) if Card(i) not in required),
                  key=lambda c: -sign * _strength(c, contract, trump) + rng.uniform(0, 6))
    mine = required + pool[:tricks - len(required)]
    rest = pool[tricks - len(required):]
    rng.shuffle(rest)
    actor = rng.randrange(3)
    hands = [None, None, None]
    hands[actor] = CardSet(mine)
    others = [s for s in range(3) if s != actor]
    hands[others[0]], hands[others[1]] = CardSet(rest[:tricks]), CardSet(rest[tricks:2 * tricks])
    data = {
        "hands": [str(h) for h in hands],
        "contract": contract,
        "trump": None if trump is None else trump.token,
        "actor": actor,
        "leader": actor,
        "talon": str(CardSet(rest[2 * tricks:2 * tricks + 2])) if rng.random() < 0.5 else "",
        "marriage_rule": rng.choice(["czech", "over-first"]),
    }
    if side is not None:
        data["side_suit"] = side.token
    return data


def _settled_at_once(position: Position) -> bool:
    """Did the core answer every component at the root, without a search?"""
    qs = list(questions(position).values())
    hands = hands_array([[h.mask for h in position.hands]])
    result = run_batch([(q.game(position), q.target) for q in qs], qs[0].state(position), hands,
                       threads=1, tt_log2=12)
    return result.quick == 1


@pytest.mark.parametrize("contract", CONTRACTS)
def test_strong_endgames_agree_with_the_reference(contract: str) -> None:
    rng = random.Random(f"quick-{contract}")
    solver = Solver(16)
    counts: Counter[str] = Counter()
    for _ in range(150):
        data = strong_endgame(rng, contract)
        position = Position.from_json(data)
        solver.core.clear()  # no bound from an earlier case: the root must decide on its own
        ours = solver.solve(position)
        ref = reference_solve(data)
        assert (ours.makes, ours.components) == (ref["makes"], ref["components"]), data
        if position.contract.has_trumps:
            assert solver.hra_value(position) == 10 * ref["value"], data
        counts["quick"] += _settled_at_once(position)
        counts["makes"] += ours.makes
    # the cases must exercise the bounds (two sevens, needing every trick, seldom holds)
    assert counts["quick"] >= (5 if contract == "two-sevens" else 30), counts
    assert 0 < counts["makes"], counts
