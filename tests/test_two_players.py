"""Two players (lízaný) once the stock is exhausted: the core's two seats against the slow
reference (tests/reference4.py) on random endgames, and the variant's bad input."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from reference4 import reference4_solve

from analyzer.cards import Card, CardSet, Suit
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.errors import MariasError, PositionError
from analyzer.rules import Position, replay
from analyzer.solver import Solver
from analyzer.variants import TWO_CONTRACTS, VariantPosition

CONTRACTS2 = [c.value for c in TWO_CONTRACTS]


def random_position2(rng: random.Random, tricks: int, contract: str) -> dict:
    """A valid two-player endgame JSON with ``tricks`` tricks left, sometimes with a card led."""
    while True:
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        hands = [CardSet(cards[:tricks]), CardSet(cards[tricks:2 * tricks])]
        data: dict = {"players": 2, "hands": [str(h) for h in hands], "contract": contract,
                      "trump": rng.choice(list(Suit)).token, "actor": rng.randrange(2), "leader": rng.randrange(2),
                      "marriage_rule": rng.choice(["over-first", "over-first", "czech"])}
        if rng.random() < 0.4:
            data["score"] = {"actor": 10 * rng.randrange(0, 10), "defence": 10 * rng.randrange(0, 10)}
        try:
            position = Position.from_json(data)
        except PositionError:
            continue  # a seven its side does not hold
        if rng.random() < 0.4:
            card = rng.choice(list(position.legal_moves()))
            position = position.play(card)  # a marriage the card declares goes to score and marriages
        return position.to_json()


def compare(solver: Solver, data: dict) -> None:
    position = Position.from_json(data)
    assert isinstance(position, VariantPosition) and position.players == 2
    ours, ref = solver.solve(position), reference4_solve(data)
    assert ours.makes == ref["makes"], data
    assert ours.components == ref["components"], data
    assert solver.hra_value(position) == 10 * ref["value"], data
    assert (ours.actor_points, ours.defence_points) == (ref["actor_points"], ref["defence_points"]), data


# 1,200 endgames of up to all eight tricks after the stock
@pytest.mark.parametrize("block", [0, *(pytest.param(b, marks=pytest.mark.slow) for b in range(1, 6))])
def test_random_two_player_endgames_agree_with_the_reference(block: int) -> None:
    rng = random.Random(2000 + block)
    solver = Solver(16)
    for i in range(200):
        compare(solver, random_position2(rng, rng.choice([2, 3, 4, 5, 6]), CONTRACTS2[i % len(CONTRACTS2)]))


def test_full_eight_trick_endgames_agree_with_the_reference() -> None:
    rng = random.Random(28)
    solver = Solver(16)
    for i in range(6):
        compare(solver, random_position2(rng, 8, CONTRACTS2[i % len(CONTRACTS2)]))


def test_line_replays_and_its_points_add_up() -> None:
    rng = random.Random(3)
    solver = Solver(16)
    for _ in range(20):
        position = Position.from_json(random_position2(rng, 8, "game"))
        result = solver.solve(position, card_values=True)
        tricks = replay(position, result.line)
        team = position.team
        assert sum(sum(c.points for c in cards) for cards, w in tricks if w in team) + \
            (10 if tricks[-1][1] in team else 0) == result.actor_points
        # the hra value: the trick points, and under over-first the marriages' halves
        values = [v["hra_value"] for v in result.card_values.values()]
        assert (max if position.to_move in team else min)(values) == solver.hra_value(position)


def test_two_players_default_to_marriages_with_the_over_and_round_trip() -> None:
    data = {"players": 2, "hands": ["hK hO", "h7 h8"], "trump": "h", "contract": "game"}
    position = Position.from_json(data)
    assert position.marriage_rule == "over-first" and position.team == {0}
    assert Position.from_json(position.to_json()) == position
    czech = Position.from_json({**data, "marriage_rule": "czech"})
    assert Position.from_json(czech.to_json()) == czech


@pytest.mark.parametrize("data, words", [
    ({"players": 2, "hands": ["hA", "h7", "h8"], "trump": "h"}, "two strings"),
    ({"players": 2, "hands": ["hA", "h7"], "contract": "betl"}, "no betl"),
    ({"players": 2, "hands": ["hA", "h7"], "trump": "h", "partner": 1}, "no partners"),
    ({"players": 2, "hands": ["hA", "h7"], "trump": "h", "stock": "bA b7"}, "stock"),
    ({"players": 2, "hands": ["hA", "h7"], "trump": "h", "talon": "bA"}, "no talon"),
    ({"players": 2, "hands": ["hA", "h7"], "trump": "h", "actor": 2}, "0 or 1"),
    ({"players": 2, "hands": ["hA b7", "h7"], "trump": "h"}, "should hold"),
])
def test_bad_two_player_input_is_one_line(data: dict, words: str) -> None:
    with pytest.raises(MariasError, match=words):
        Position.from_json(data)
    out = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(data))
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1


def test_cli_solves_a_two_player_endgame() -> None:
    data = {"players": 2, "hands": ["hA bX", "h7 bA"], "trump": "h", "contract": Contract.GAME.value}
    out = CliRunner().invoke(main, ["solve", "--json", "-"], input=json.dumps(data))
    assert out.exit_code == 0, out.output
    result = json.loads(out.output.splitlines()[0])
    # bX first (the dealer must beat it: 20 to him), then hA takes h7 and the last trick (20);
    # hA first would leave him 10 against 30
    assert (result["actor_points"], result["defence_points"]) == (20, 20)
    text = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(data))
    assert "1 dealer (defence)" in text.output
