"""``"played"`` with four players: a mid-hand four-player position carries its tricks (the
history), read, checked and written as for three (docs/semantics.md, "Four players"); solved
and claimed with it, against the reference on the position after the history."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from reference4 import reference4_solve
from test_four_players import random_position4

from analyzer.cli import main
from analyzer.errors import PositionError
from analyzer.rules import Position, trick_winner
from analyzer.solver import Solver


def with_history(rng: random.Random, tricks: int, contract: str, played: int) -> Position:
    """A position of ``tricks`` tricks per hand, ``played`` of them (and part of one more) played."""
    while True:
        start = Position.from_json(random_position4(rng, tricks, contract, mid_trick=False))
        position = start
        for _ in range(4 * played + rng.randrange(4)):
            position = position.play(rng.choice(list(position.legal_moves())))
        if position.played:
            return position


def without_history(position: Position) -> dict:
    data = position.to_json()
    data.pop("played"), data.pop("first_leader")
    data.pop("partner", None)
    if position.partner is not None:
        data["partner"] = position.partner  # the called card may be gone with the history
    data["score"] = {"actor": position.score[0], "defence": position.score[1]}
    return data


def test_round_trip_and_the_start_of_the_history() -> None:
    rng = random.Random(5)
    for i in range(60):
        position = with_history(rng, 4, ["game", "seven", "hundred", "betl", "durch", "seven-against"][i % 6],
                                rng.choice([1, 2]))
        data = position.to_json()
        assert data["players"] == 4 and len(data["played"][0]) == 4 and "first_leader" in data
        again = Position.from_json(json.loads(json.dumps(data)))
        assert again == position and again.to_json() == data
        typed = {k: v for k, v in data.items() if k not in ("score", "marriages", "leader")}
        derived = Position.from_json(typed)  # the score, marriages and leader come from the history
        start = position.start()
        assert (derived.declared, derived.leader) == (position.declared, position.leader)
        assert derived.score == tuple(p - s for p, s in zip(position.score, start.score))  # the start's typed
        assert not start.played and not start.trick and sum(map(len, start.hands)) == 16


def test_solve_with_the_history_matches_the_reference_after_it() -> None:
    rng = random.Random(9)
    solver = Solver(16)
    for i in range(80):
        contract = ["game", "hundred", "betl", "durch"][i % 4]
        position = with_history(rng, 4, contract, 1)
        data = without_history(position)
        expected = reference4_solve(data)["makes"]
        if contract in ("betl", "durch"):  # a trick of the history may have decided it
            won = [(lead + trick_winner(t, position.trump, position.notrump)) % 4 in position.team
                   for lead, t in zip(position.trick_leaders(), position.played)]
            expected = expected and (not any(won) if contract == "betl" else all(won))
        assert solver.makes(position) == expected, position.to_json()
        assert solver.solve(position).makes == expected


def test_the_called_card_may_lie_in_a_played_trick() -> None:
    position = Position.from_json(BASE)
    assert position.partner == 3 and position.leader == 0 and position.score == (10, 0)


# seat 1 cannot beat hA with h7 (h9 either), seat 2 follows with h8, seat 3 with hK: seat 0 wins
BASE = {"players": 4, "hands": ["hX", "h9", "b8", "bX"], "trump": "h", "contract": "game", "partner": "hK",
        "played": [["hA", "h7", "h8", "hK"]], "first_leader": 0}


@pytest.mark.parametrize(("change", "words"), [
    ({"played": [["hA", "h7", "h8"]]}, "played trick 1 has 3 cards, not 4"),
    ({"played": [["hA", "h7", "h7", "hK"]]}, "duplicate card in played trick 1"),
    ({"played": [["hA", "h7", "b9", "hK"]], "hands": ["hX", "h9", "h8", "bX"]}, "cannot have been played"),
    ({"leader": 2}, "played tricks give the lead to seat 0"),
    ({"first_leader": 4}, "first_leader must be a seat"),
    ({"played": [], "first_leader": 1}, "'first_leader' needs 'played'"),
    ({"played": "hA h7 h8 hK"}, "'played' must be a list of tricks, each a list of four cards"),
])
def test_bad_history_is_one_line(change: dict, words: str) -> None:
    data = {**BASE, **change}
    with pytest.raises(PositionError, match=words):
        Position.from_json(data)
    result = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(data))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.output


def test_solve_and_claim_on_the_command_line_take_the_history() -> None:
    data = {**BASE, "hands": ["hX b7", "h9 l7", "b8 l8", "bX a7"]}
    solved = CliRunner().invoke(main, ["solve", "-", "--json"], input=json.dumps(data))
    assert solved.exit_code == 0, solved.output
    claim = {**data, "hands": ["hX b7", None, None, None], "unseen": "h9 l7 b8 l8 bX a7"}
    claimed = CliRunner().invoke(main, ["claim", "-", "--json"], input=json.dumps(claim))
    assert claimed.exit_code == 0, claimed.output
    payload = json.loads(claimed.stdout)
    # the played cards are seen: the six unseen cards go 2 + 2 + 2 (90 ways); the partner is whoever played hK
    assert payload["distributions"] == 90 and payload["worlds"] + payload["ruled_out"] <= 90
    assert "partner" in payload and "hK" in payload["partner"]


def history_possible(position: Position, hands: list) -> bool:
    """Could the played tricks and the current trick have been played from these hands (the
    reference's rule of play, tests/reference.py)?"""
    from reference import legal_cards

    trump = None if position.trump is None else position.trump.token
    announced = frozenset(str(c) for c in position.announced)
    tricks = [(lead, [str(c) for c in cards]) for lead, cards in zip(position.trick_leaders(), position.played)]
    tricks.append((position.leader, [str(c) for c in position.trick]))
    held = [set(h) for h in hands]
    for lead, cards in tricks:
        for i, card in enumerate(cards):
            held[(lead + i) % 4].add(card)
    for lead, cards in tricks:
        for i, card in enumerate(cards):
            seat = (lead + i) % 4
            if card not in legal_cards(sorted(held[seat]), cards[:i], trump, position.notrump, announced):
                return False
            held[seat].discard(card)
    return True


def test_claims_with_history_rule_out_what_the_history_forbids() -> None:
    from itertools import product

    from analyzer.claims4 import check_claim4

    rng = random.Random(21)
    seen = {True: 0, False: 0}
    ruled = 0
    for i in range(40):
        position = with_history(rng, 3, ["game", "betl", "durch", "hundred"][i % 4], 1)
        if position.called is not None and position.holder(position.called) not in (None, position.actor):
            continue  # the partner follows the card: tests/test_claims4.py covers that
        others = [s for s in range(4) if s != position.actor]
        unseen = [str(c) for s in others for c in position.hands[s]]
        counts = [len(position.hands[s]) for s in others]
        expected, possible = True, 0
        for seats in product(others, repeat=len(unseen)):
            hands = [[str(c) for c in position.hands[s]] if s == position.actor else [] for s in range(4)]
            for card, seat in zip(unseen, seats):
                hands[seat].append(card)
            if [len(hands[s]) for s in others] != counts or not history_possible(position, hands):
                continue
            possible += 1
            data = without_history(position)
            data["hands"] = [" ".join(h) for h in hands]
            if not reference4_solve(data)["makes"] or (position.contract.value in ("betl", "durch")
                                                       and not Solver(16).makes(position)):
                expected = False
        result = check_claim4(position)
        assert result.laid_down == expected and (not expected or result.worlds == possible), position.to_json()
        ruled += result.ruled_out
        seen[expected] += 1
    assert seen[True] and seen[False] and ruled


def test_two_players_still_refuse_a_history() -> None:
    data = {"players": 2, "hands": ["hA b7", "h7 bA"], "trump": "h", "contract": "game",
            "played": [["hX", "h9"]], "first_leader": 0}
    with pytest.raises(PositionError, match="read for three and four players"):
        Position.from_json(data)
