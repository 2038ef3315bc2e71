"""The shipped solver against the pinned known answers of tests/known_answers/deals.json.

The file holds full 10-trick deals of every contract, each valued by a separate
plain alpha-beta solver with exact keys (tests/known_answers/plain_ab.c, which
shares no code with cext/ and is held to tests/reference.py in
tests/known_answers/test_oracle.py). Pinned per deal: makes, components, the
actor's and the defence's points, the exact hra value, and for every legal
card of the player to move its verdict and hra value. README.md beside the
file says how it was made.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from analyzer.rules import Position
from analyzer.solver import Solver

DEALS_FILE = Path(__file__).parent / "known_answers" / "deals.json"
CONTRACTS = ("game", "seven", "hundred", "hundred-seven", "betl", "durch", "open-betl", "open-durch",
             "two-sevens", "two-sevens-hundred", "seven-against", "hundred-against")


def load() -> list[dict[str, Any]]:
    return json.loads(DEALS_FILE.read_text(encoding="utf-8"))["deals"]


DEALS = load()


def shipped_answers(solver: Solver, position_json: dict[str, Any]) -> dict[str, Any]:
    """What the shipped solver says about a position, under the pinned file's keys."""
    position = Position.from_json(position_json)
    result = solver.solve(position, card_values=True).to_json()
    return {
        "makes": result["makes"],
        "components": result["components"],
        "actor_points": result["actor_points"],
        "defence_points": result["defence_points"],
        "hra_value": solver.hra_value(position) if position.contract.has_trumps else None,
        "card_values": result["card_values"],
    }


def differences(pinned: dict[str, Any], shipped: dict[str, Any]) -> list[str]:
    """Every key on which the two disagree, card by card for the card values."""
    out = [key for key in sorted(set(pinned) | set(shipped)) if key != "card_values"
           and pinned.get(key) != shipped.get(key)]
    pinned_cards, shipped_cards = pinned.get("card_values") or {}, shipped.get("card_values") or {}
    for card in sorted(set(pinned_cards) | set(shipped_cards)):
        if pinned_cards.get(card) != shipped_cards.get(card):
            out.append(f"card_values[{card}]")
    return out


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver()


@pytest.mark.parametrize("contract", CONTRACTS)
def test_the_shipped_solver_agrees_with_every_known_answer(solver: Solver, contract: str) -> None:
    deals = [d for d in DEALS if d["position"]["contract"] == contract]
    assert deals, f"no {contract} deal in {DEALS_FILE.name}"
    wrong = []
    for deal in deals:
        diff = differences(deal["answers"], shipped_answers(solver, deal["position"]))
        if diff:
            wrong.append(f"deal {deal['id']}: {', '.join(diff)}")
    assert not wrong, f"{len(wrong)} of {len(deals)} {contract} deals disagree:\n" + "\n".join(wrong)


def test_the_file_is_what_the_issue_asks_for() -> None:
    """At least 200 full deals (10-10-10, talon 2), every contract, deals that make and deals that fail."""
    assert len(DEALS) >= 240
    for deal in DEALS:
        hands = [h.split() for h in deal["position"]["hands"]]
        assert [len(h) for h in hands] == [10, 10, 10] and len(deal["position"]["talon"].split()) == 2
        assert deal["answers"]["card_values"], deal["id"]
    for contract in CONTRACTS:
        verdicts = {d["answers"]["makes"] for d in DEALS if d["position"]["contract"] == contract}
        assert verdicts == {True, False}, contract
    rules = {d["position"].get("marriage_rule") for d in DEALS}
    assert rules == {"czech", "over-first"}


def test_a_changed_answer_is_caught(solver: Solver) -> None:
    """The comparison can fail: change any pinned value and it names it."""
    deal = next(d for d in DEALS if d["position"]["contract"] == "seven")
    shipped = shipped_answers(solver, deal["position"])
    assert differences(deal["answers"], shipped) == []
    card = next(iter(deal["answers"]["card_values"]))
    changes = {
        "makes": lambda a: a.update(makes=not a["makes"]),
        "components": lambda a: a["components"].update(game=not a["components"]["game"]),
        "actor_points": lambda a: a.update(actor_points=a["actor_points"] + 10),
        "defence_points": lambda a: a.update(defence_points=a["defence_points"] - 10),
        "hra_value": lambda a: a.update(hra_value=a["hra_value"] + 10),
        f"card_values[{card}]": lambda a: a["card_values"][card].update(hra_value=-10),
    }
    for key, change in changes.items():
        pinned = copy.deepcopy(deal["answers"])
        change(pinned)
        assert differences(pinned, shipped) == [key]
