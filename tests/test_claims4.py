"""Four-player claims (analyzer/claims4.py) against a brute force: every assignment of the unseen
cards to the other seats that keeps their counts, each solved by the slow reference."""
from __future__ import annotations

import itertools
import random

import pytest
from reference import legal_cards
from reference4 import reference4_solve
from test_four_players import full_deal, random_position4

from analyzer.claims4 import (
    ClaimTooLarge,
    check_claim4,
    count_redistributions,
    redistributions,
)
from analyzer.rules import Position
from analyzer.variants import VariantPosition


def trick_possible(position: VariantPosition, hands: dict) -> bool:
    """Could the trick in progress have been played from these hands (reference.legal_cards)?"""
    trick = [str(c) for c in position.trick]
    trump = None if position.trump is None else position.trump.token
    announced = frozenset(str(c) for c in position.announced)
    for i, card in enumerate(trick):
        seat = (position.leader + i) % 4
        held = [str(c) for c in position.hands[seat]] if seat == position.actor else [str(c) for c in hands[seat]]
        if card not in legal_cards(held + [card], trick[:i], trump, position.notrump, announced):
            return False
    return True


def brute_force(position: VariantPosition) -> bool:
    others = [s for s in range(4) if s != position.actor]
    seen = {card: position.holder(card) for card in position.announced if position.holder(card) != position.actor
            and card not in position.trick}
    unseen = [c for s in others for c in position.hands[s] if c not in seen]
    counts = [len(position.hands[s]) for s in others]
    base = position.to_json()
    for seats in itertools.product(others, repeat=len(unseen)):
        hands = {s: [c for c, seat in seen.items() if seat == s] for s in others}
        for card, seat in zip(unseen, seats):
            hands[seat].append(card)
        if [len(hands[s]) for s in others] != counts:
            continue
        data = dict(base)
        data["hands"] = [str(position.hands[s]) if s == position.actor else " ".join(map(str, hands[s]))
                         for s in range(4)]
        owner = {c: s for s in others for c in hands[s]}
        partner = owner.get(position.called, position.partner) if position.called is not None else position.partner
        team = {position.actor, partner} - {None}
        if any((seat in team) != (position.contract.value != "seven-against") for seat in seen.values()):
            continue  # the seven's announcer would be on the wrong side: not a possible world
        if not trick_possible(position, hands):
            continue  # a seat that did not follow suit holds the suit: not a possible world
        if not reference4_solve(data)["makes"]:
            return False
    return True


def test_claims_agree_with_the_brute_force() -> None:
    rng = random.Random(44)
    checked = {True: 0, False: 0}
    for i in range(150):
        data = random_position4(rng, 2, ["game", "seven", "hundred", "betl", "durch", "seven-against"][i % 6])
        position = Position.from_json(data)
        result = check_claim4(position)
        assert result.laid_down == brute_force(position), data
        assert result.total == count_redistributions(position) == len(list(redistributions(position)))
        checked[result.laid_down] += 1
        if not result.laid_down:
            assert not reference4_solve(result.counterexample.position.to_json())["makes"]
    assert checked[True] and checked[False]


def test_the_assumption_about_the_partner_is_said() -> None:
    data = {"players": 4, "hands": ["hA b7", "h7 b8", "h8 b9", "hK bA"], "trump": "h", "contract": "game",
            "partner": "hK"}
    assert "whoever holds the called hK" in check_claim4(Position.from_json(data)).partner
    assert "seat is known: 3" in check_claim4(Position.from_json({**data, "partner": 3})).partner
    assert "alone" in check_claim4(Position.from_json({**data, "partner": "hA"})).partner
    assert check_claim4(Position.from_json({**data, "partner": None})).to_json()["partner"] == "alone against three"


def test_a_full_deal_is_too_large_to_claim() -> None:
    position = full_deal(random.Random(2), "game")
    with pytest.raises(ClaimTooLarge, match="claim later"):
        check_claim4(position)
