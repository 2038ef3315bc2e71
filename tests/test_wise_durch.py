"""Durch with the wise one (docs/rules.md §8, "partner": "wise"): the bidder alone must take every
trick but the last, whose winner becomes his partner; the core's durch goal with free_tricks = 1,
checked against tests/reference4.py on random endgames, and the payments by the partner found."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from reference4 import reference4_solve
from test_four_players import random_position4

from analyzer import _core
from analyzer.cli import main
from analyzer.errors import PositionError
from analyzer.rules import Position, replay
from analyzer.scoring import parse_result, settle
from analyzer.solver import Solver, questions
from analyzer.variants import seat_payments


def wise_position(rng: random.Random, tricks: int) -> dict:
    data = random_position4(rng, tricks, "durch")
    data["partner"] = "wise"
    return data


@pytest.mark.parametrize("tricks", [1, 2, 3, 4])
def test_the_wise_durch_agrees_with_the_reference(tricks: int) -> None:
    rng = random.Random(70 + tricks)
    solver = Solver(16)
    seen = {True: 0, False: 0}
    for _ in range(120 if tricks < 4 else 40):
        data = wise_position(rng, tricks)
        position = Position.from_json(data)
        expected = reference4_solve(data)["makes"]
        assert solver.makes(position) == expected == solver.solve(position).makes, data
        # every legal card: the goal after it, as the solver sees the child (its history says
        # whether a completed trick was lost) and, within the trick, as the reference sees it
        for card, value in solver.card_values(position).items():
            child = position.play(card)
            assert value["makes"] == solver.makes(child), (data, str(card))
            if child.trick:
                child_data = {**child.to_json(), "score": None}
                child_data.pop("played", None), child_data.pop("first_leader", None)
                assert value["makes"] == reference4_solve(child_data)["makes"], (data, str(card))
        seen[expected] += 1
    assert seen[True] and (seen[False] or tricks == 1)  # one trick left: it only finds the partner


def test_it_differs_from_durch_only_by_the_last_trick() -> None:
    rng = random.Random(5)
    solver = Solver(16)
    differ = 0
    for _ in range(200):
        data = wise_position(rng, 3)
        wise = solver.makes(Position.from_json(data))
        alone = solver.makes(Position.from_json({**data, "partner": None}))
        assert wise or not alone  # a durch made is a wise durch made
        differ += wise and not alone
    assert differ


def test_the_line_finds_the_partner_at_the_last_trick() -> None:
    data = {"players": 4, "hands": ["hA b7", "h7 bA", "h8 b8", "h9 bX"], "contract": "durch", "partner": "wise"}
    position = Position.from_json(data)
    result = Solver().solve(position)
    tricks = replay(position, result.line)
    assert result.makes and tricks[0][1] == 0 and tricks[-1][1] == 1
    assert position.found_partner(tricks[-1][1]) == 1 and position.found_partner(0) is None
    out = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(data))
    assert out.exit_code == 0 and "durch" in out.stdout and "partner: the winner of the last trick" in out.stdout


def test_a_full_deal_is_solved_and_the_core_refuses_free_tricks_elsewhere() -> None:
    rng = random.Random(11)
    solver = Solver(18)
    for _ in range(5):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [" ".join(str(_card(c)) for c in cards[i * 8:(i + 1) * 8]) for i in range(4)]
        position = Position.from_json({"players": 4, "hands": hands, "contract": "durch", "partner": "wise"})
        assert solver.makes(position) in (True, False)
    position = Position.from_json({"players": 4, "hands": ["hA", "h7", "h8", "h9"], "contract": "betl"})
    game = questions(position)["betl"].game(position) + (1,)
    with pytest.raises(_core.CoreError):
        solver.core.search(game, questions(position)["betl"].state(position), 1)


def _card(bit: int):
    from analyzer.cards import Card

    return Card(bit)


@pytest.mark.parametrize(("data", "words"), [
    ({"contract": "betl"}, "durch with the wise one: contract durch, not betl"),
    ({"players": 2, "hands": ["hA", "h7"]}, "two players have no durch"),
])
def test_wise_is_durch_only(data: dict, words: str) -> None:
    base = {"players": 4, "hands": ["hA", "h7", "h8", "h9"], "contract": "durch", "partner": "wise"}
    with pytest.raises(PositionError, match=words):
        Position.from_json({**base, **data})


def test_payments_go_by_the_partner_found() -> None:
    made = {"players": 4, "contract": "durch", "wise": True, "actor": 0, "partner": 2, "actor_tricks": 7}
    # basic durch 10: 2 v 2 with the winner of the eighth trick, each pays one opponent
    assert list(settle(parse_result(made), "basic").payments) == seat_payments({0, 2}, 10)
    alone = {**made, "partner": None, "actor_tricks": 6}  # the bidder took the eighth himself: 1 v 3
    assert list(settle(parse_result(alone), "basic").payments) == seat_payments({0}, -10)
    with pytest.raises(ValueError, match="7 of the first seven"):
        parse_result({**made, "actor_tricks": 8})


def test_solve_payment_settles_with_the_partner_found_and_claims_say_so() -> None:
    data = {"players": 4, "hands": ["hA b7", "h7 bA", "h8 b8", "h9 bX"], "contract": "durch", "partner": "wise",
            "rules": "licit"}
    out = CliRunner().invoke(main, ["solve", "-", "--payment", "--json"], input=json.dumps(data))
    assert out.exit_code == 0, out.output
    payment = json.loads(out.stdout)["payment"]
    # licit durch 10; seat 1 took the last trick: 2 v 2, seat 0 with seat 2, seat 1 with seat 3
    assert payment["payments"] == [10, 10, -10, -10] and "with the wise one, partner seat 1" in payment["title"]
    failed = {**data, "hands": ["h7 b7", "hA bA", "h8 b8", "h9 bX"]}  # the actor loses the first trick
    payment = json.loads(CliRunner().invoke(main, ["solve", "-", "--payment", "--json"],
                                            input=json.dumps(failed)).stdout)["payment"]
    assert payment["payments"] == [-30, 10, 10, 10]  # no partner found: alone against three
    claim = {**data, "hands": ["hA bA", None, None, None], "unseen": "h7 h8 h9 b7 b8 bX"}
    payload = json.loads(CliRunner().invoke(main, ["claim", "-", "--json"], input=json.dumps(claim)).stdout)
    assert payload["laid_down"] is True and "durch with the wise one" in payload["partner"]
