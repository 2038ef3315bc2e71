"""The plain alpha-beta solver (plain_ab.c through oracle.py) against the slow
pure-Python reference (tests/reference.py) on thousands of random endgames:
3 to 6 tricks, every contract, random actor, leader and trump, some positions
mid-trick, both marriage rules, scores, declared marriages and talons.

Both are written from docs/semantics.md without the shipped core; holding them
to each other is what lets the pinned file (deals.json) stand as known answers.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import generate
from oracle import card_index, oracle_solve
from randpos import CONTRACTS, random_position
from reference import reference_solve

TRICKS = [3] * 4 + [4] * 3 + [5] * 2 + [6]  # weighted toward the cheap ones: the reference is slow
KEYS = ("makes", "components", "actor_points", "defence_points", "value")


def compare(data: dict) -> None:
    ref = reference_solve(data)
    ours = oracle_solve(data)
    for key in KEYS:
        assert ours[key] == ref[key], (key, data)
    if ours["value"] is not None:
        assert ours["hra_value"] == 10 * ref["value"], data


def test_small_endgames_agree_with_the_reference() -> None:
    """The quick run: 240 endgames, 20 of each contract."""
    rng = random.Random(8)
    for i in range(240):
        compare(random_position(rng, rng.choice([3, 4]), CONTRACTS[i % len(CONTRACTS)]))


@pytest.mark.slow
@pytest.mark.parametrize("block", range(8))
def test_random_endgames_agree_with_the_reference(block: int) -> None:
    """3,200 endgames of 3 to 6 tricks (about 30 s in all)."""
    rng = random.Random(8000 + block)
    for i in range(400):
        compare(random_position(rng, rng.choice(TRICKS), CONTRACTS[i % len(CONTRACTS)]))


def play(data: dict, token: str) -> tuple[dict, int]:
    """The position after ``token`` is added to the current trick (which it does not complete),
    and the units the card itself gains for the hra: a marriage it declares (over-first: half
    of it to the margin, + for the actor, - for the defence) is moved into score and marriages."""
    trick = list(data.get("trick") or [])
    assert len(trick) < 2
    mover = (data["leader"] + len(trick)) % 3
    hands = [h.split() if isinstance(h, str) else list(h) for h in data["hands"]]
    hand = hands[mover]
    child = dict(data)
    child["hands"] = [" ".join(t for t in h if t != token) for h in hands]
    child["trick"] = trick + [token]
    suit, rank = token[0], token[1]
    partner = suit + ("O" if rank == "K" else "K")
    over_first = data.get("marriage_rule", "czech") == "over-first"
    declares = rank in "KO" and partner in hand and (rank == "O" or not over_first)
    gain = 0
    if declares:
        value = 4 if suit == data["trump"] else 2
        side = "actor" if mover == data["actor"] else "defence"
        score = dict(data.get("score") or {"actor": 0, "defence": 0})
        score[side] = score.get(side, 0) + 10 * value
        marriages = {k: [s for s in "".join(v) if s in "hbla"] for k, v in (data.get("marriages") or {}).items()}
        marriages[side] = marriages.get(side, []) + [suit]
        child["score"], child["marriages"] = score, marriages
        if over_first:
            gain = value // 2 if side == "actor" else -(value // 2)
    return child, gain


@pytest.mark.parametrize("block", range(2))
def test_card_values_agree_with_the_reference_children(block: int) -> None:
    """Each legal card's verdict and hra value equal the reference's for the position after it."""
    rng = random.Random(90 + block)
    checked = 0
    while checked < 150:
        data = random_position(rng, rng.choice([3, 4]), CONTRACTS[checked % len(CONTRACTS)])
        if len(data.get("trick") or []) == 2:
            continue
        checked += 1
        ours = oracle_solve(data, card_values=True)
        assert ours["card_values"], data
        for token, entry in ours["card_values"].items():
            child, gain = play(data, token)
            ref = reference_solve(child)
            assert entry["makes"] == ref["makes"], (token, data)
            if ref["value"] is not None:
                assert entry["hra_value"] == 10 * (ref["value"] + gain), (token, data)


def test_card_values_hold_the_root_value() -> None:
    """The best card's value is the position's value (the actor's best, or the defence's)."""
    rng = random.Random(4)
    for i in range(200):
        data = random_position(rng, rng.choice([3, 4, 5]), CONTRACTS[i % len(CONTRACTS)])
        ours = oracle_solve(data, card_values=True)
        mover = (data["leader"] + len(data.get("trick") or [])) % 3
        if ours["hra_value"] is not None:
            values = [e["hra_value"] for e in ours["card_values"].values()]
            assert ours["hra_value"] == (max(values) if mover == data["actor"] else min(values)), data


def test_a_full_deal_and_its_cards() -> None:
    """A full deal is valued (10 tricks: the table works), the same twice, and every card of
    the leader is listed."""
    rng = random.Random(1)
    cards = [s + r for s in "hbla" for r in "789UOKXA"]
    rng.shuffle(cards)
    data = {"hands": [" ".join(cards[10 * i:10 * i + 10]) for i in range(3)], "talon": " ".join(cards[30:]),
            "trump": cards[0][0], "contract": "game", "actor": 0, "leader": 0}
    first = oracle_solve(data, card_values=True)
    assert first == oracle_solve(data, card_values=True)
    assert sorted(first["card_values"], key=card_index) == sorted(cards[:10], key=card_index)
    assert first["actor_points"] + first["defence_points"] == 10 * (1 + sum(c[1] in "XA" for c in cards[:30]))


def test_the_pinned_file_is_reproducible() -> None:
    """generate.py deals and values the pinned file's first deals again, the same."""
    pinned = json.loads(generate.OUT.read_text(encoding="utf-8"))
    for deal in pinned["deals"][:2]:
        again = generate.make((pinned["seed"], deal["id"]))
        assert again["position"] == deal["position"]
        assert again["answers"] == deal["answers"]


@pytest.mark.slow
def test_one_pinned_deal_of_each_contract_is_reproducible() -> None:
    pinned = json.loads(generate.OUT.read_text(encoding="utf-8"))
    for deal in pinned["deals"][12:24]:
        again = generate.make((pinned["seed"], deal["id"]))
        assert (again["position"], again["answers"]) == (deal["position"], deal["answers"]), deal["id"]
