"""Two players with the stock (lízaný, and the six-card variant): the stock-phase search
(cext/stock.c) against the plain minimax of tests/reference2.py on many small random cases,
properties of real mid-hand deals (value = best child, the line replays), and the bad input."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from reference2 import reference2_solve

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.errors import PositionError
from analyzer.rules import Position
from analyzer.solver import Solver, hra_question, questions, remaining_units
from analyzer.stock import EXCHANGE, can_exchange, group_line, legal_moves, play_move
from analyzer.variants import TWO_CONTRACTS, VariantPosition

CONTRACTS2 = [c.value for c in TWO_CONTRACTS]


def small_case(rng: random.Random, contract: str, six: bool) -> tuple[VariantPosition, dict] | None:
    """A small stock position (1-3 cards each, a stock of 2-6): not a state of a real deal (the
    hands are short), built without the full-hand check, and its JSON for the reference."""
    n = rng.choice([1, 2, 2, 3, 3])
    k = rng.choice([2, 4, 6]) if n < 3 else rng.choice([2, 4])
    cards = [Card(i) for i in range(32)]
    rng.shuffle(cards)
    hands = [cards[:n], cards[n:2 * n]]
    stock = cards[2 * n:2 * n + k]
    if six and rng.random() < 0.5:  # give someone the trump seven, to exchange
        seven = Card.make(stock[-1].suit, Rank.SEVEN)
        if seven not in stock:
            seat = rng.randrange(2)
            where = next(h for h in hands if seven in h) if any(seven in h for h in hands) else None
            if where is None:
                hands[seat][0] = seven
    trump = stock[-1].suit if six else rng.choice(list(Suit))
    actor, leader = rng.randrange(2), rng.randrange(2)
    seven = Card.make(trump, Rank.SEVEN)
    c = Contract.parse(contract)
    if c.actor_seven and seven not in hands[actor] or c == Contract.SEVEN_AGAINST and seven not in hands[1 - actor]:
        return None
    score = (10 * rng.randrange(0, 12), 10 * rng.randrange(0, 12)) if rng.random() < 0.5 else (0, 0)
    trick: tuple[Card, ...] = ()
    position = VariantPosition(hands=(CardSet(hands[0]), CardSet(hands[1])), contract=c, trump=trump, actor=actor,
                               leader=leader, score=score, marriage_rule="over-first", seats=2, stock=tuple(stock),
                               variant="six" if six else "lizany")
    if rng.random() < 0.3:  # a card already led
        card = rng.choice([m for m in legal_moves(position) if m != EXCHANGE])
        position = play_move(position, card)
        trick = position.trick
        position = VariantPosition(**{**{f: getattr(position, f) for f in position.__dataclass_fields__},
                                      "score": score, "declared": ((), ())})
    data = {"players": 2, "hands": [[str(x) for x in h] for h in position.hands], "stock": [str(x) for x in stock],
            "trump": trump.token, "actor": actor, "leader": leader, "contract": contract,
            "trick": [str(x) for x in trick], "score": {"actor": score[0], "defence": score[1]},
            "variant": "six" if six else "lizany"}
    return position, data


def compare(solver: Solver, position: VariantPosition, data: dict) -> None:
    ours, ref = solver.solve(position), reference2_solve(data)
    assert solver.hra_value(position) == 10 * ref["value"], data
    assert ours.makes == ref["makes"], data
    assert ours.components == ref["components"], data
    assert ours.decided and ours.perfect_information


# 1,200 small cases, both variants, every two-player contract (the first block in the quick run)
@pytest.mark.parametrize("block", [0, *(pytest.param(b, marks=pytest.mark.slow) for b in range(1, 6))])
def test_small_stock_cases_agree_with_the_reference(block: int) -> None:
    rng = random.Random(7000 + block)
    solver = Solver()
    done = exchanges = answering = 0
    while done < 200:
        six = rng.random() < 0.4
        case = small_case(rng, "game" if six else CONTRACTS2[done % len(CONTRACTS2)], six)
        if case is None:
            continue
        compare(solver, *case)
        exchanges += can_exchange(case[0])
        answering += can_exchange(case[0]) and bool(case[0].trick)
        done += 1
    assert exchanges >= 5  # the six-card variant's exchange is offered at the root of enough cases
    assert answering >= 3  # and to the player answering a card led


def deal(rng: random.Random, six: bool, stock_left: int) -> VariantPosition:
    """A real mid-hand state: full hands, ``stock_left`` cards to draw, the rest played (its
    points split between the sides in the score)."""
    cards = [Card(i) for i in range(32)]
    rng.shuffle(cards)
    n = 6 if six else 8
    played = cards[2 * n + stock_left:]
    points = sum(c.points for c in played)
    mine = 10 * rng.randrange(0, points // 10 + 1)
    data = {"players": 2, "hands": [" ".join(map(str, cards[:n])), " ".join(map(str, cards[n:2 * n]))],
            "stock": " ".join(map(str, cards[2 * n:2 * n + stock_left])), "score": {"actor": mine,
                                                                                     "defence": points - mine},
            "leader": rng.randrange(2), "variant": "six" if six else "lizany"}
    if not six:
        data["trump"] = rng.choice("hbla")
    return Position.from_json(data)  # type: ignore[return-value]


@pytest.mark.parametrize("six", [False, True])
def test_value_is_the_best_child_and_the_line_replays(six: bool) -> None:
    rng = random.Random(11 + six)
    solver = Solver()
    for _ in range(6):
        position = deal(rng, six, rng.choice([2, 4]))
        hra = hra_question(position)
        value = solver.value(position, hra)
        children = dict(solver.stock_solver().move_values(position, hra))
        assert set(children) == set(legal_moves(position))
        best = max if position.side(position.to_move) == 0 else min
        assert best(children.values()) == value
        result = solver.solve(position)
        tricks = group_line(position, result.line)  # replays every move by the rules (raises if illegal)
        assert sum(len(t.cards) for t in tricks) == sum(len(h) for h in position.hands) + len(position.stock)
        assert all(t.winner is not None for t in tricks)
        won = sum(t.points for t in tricks if position.side(t.winner) == 0)
        assert won == result.actor_points
        assert result.actor_points + result.defence_points == 10 * remaining_units(position)


def test_the_value_holds_along_the_line() -> None:
    """At every trick boundary of the best line, stock phase and endgame alike, the value of the
    rest plus what the line gained so far is the value at the start."""
    rng = random.Random(5)
    solver = Solver()
    for six in (False, True, False, True):
        position = deal(rng, six, 4)
        total = solver.value(position, hra_question(position))
        steps = solver.stock_solver().line_steps(position, hra_question(position))
        pos, gained, checked = position, 0, 0
        for move, points, _ in steps:
            if not pos.trick:
                assert solver.value(pos, hra_question(pos)) + gained == total
                checked += 1
            pos = play_move(pos, move) if pos.stock else pos.play(move)
            gained += points // 10
        assert gained == total and checked >= 6


def test_exchange_is_offered_and_valued() -> None:
    data = {"players": 2, "variant": "six", "hands": ["a7 hA hX bK bO l7", "h7 h8 h9 hU hO hK"],
            "stock": "b7 b8 b9 bU bX bA l8 l9 lU lO lK lX lA a8 a9 aU aO aK aX aA", "leader": 0}
    position = Position.from_json(data)
    assert position.trump == Suit.from_str("a")
    assert EXCHANGE in legal_moves(position)
    after = play_move(position, EXCHANGE)
    assert Card.from_str("aA") in after.hands[0] and after.stock[-1] == Card.from_str("a7")
    assert EXCHANGE not in legal_moves(after)
    with pytest.raises(PositionError):
        play_move(after, EXCHANGE)


BAD = [
    ({"stock": "a7 a8 a9"}, "even number"),
    ({"stock": "hA a8"}, "both in the stock"),
    ({"stock": "a8 a8"}, "twice"),
    ({"hands": ["h7 h8 h9", "hU hO hK"]}, "each hand holds"),
    ({"marriage_rule": "czech"}, "over-first"),
    ({"contract": "betl"}, "no betl"),
    ({"variant": "seven-card"}, "unknown two-player variant"),
    ({"score": {"actor": 0, "defence": 0}, "stock": "a8 a9"}, "does not complete the pack"),
]


def full_json() -> dict:
    cards = [Card(i) for i in range(32)]
    return {"players": 2, "trump": "h", "hands": [" ".join(map(str, cards[:8])), " ".join(map(str, cards[8:16]))],
            "stock": " ".join(map(str, cards[16:]))}


@pytest.mark.parametrize("change,words", BAD)
def test_bad_stock_input_is_one_line_exit_2(change: dict, words: str, tmp_path) -> None:
    data = {**full_json(), **change}
    with pytest.raises(PositionError, match=words):
        Position.from_json(data)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    out = CliRunner().invoke(main, ["solve", str(path)])
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1, out.output


def test_six_card_variant_bad_input() -> None:
    cards = [Card(i) for i in range(32)]
    base = {"players": 2, "variant": "six", "hands": [" ".join(map(str, cards[:6])), " ".join(map(str, cards[6:12]))],
            "stock": " ".join(map(str, cards[12:]))}
    assert Position.from_json(base).trump == cards[-1].suit
    for change, words in [({"stock": " ".join(map(str, cards[12:31]))}, "even number"),
                          ({"hands": [" ".join(map(str, cards[:8])), " ".join(map(str, cards[8:16]))],
                            "stock": " ".join(map(str, cards[16:]))}, "each hand holds 6"),
                          ({"trump": "h"}, "turned card"),
                          ({"contract": "seven"}, "no announcements")]:
        with pytest.raises(PositionError, match=words):
            Position.from_json({**base, **change})


def test_cli_solves_a_stock_position_and_says_perfect_information(tmp_path) -> None:
    rng = random.Random(3)
    position = deal(rng, False, 4)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position.to_json()))
    out = CliRunner().invoke(main, ["solve", str(path), "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["perfect_information"] is True and result["decided"] is True
    assert result["tricks"][0]["draws"]
    text = CliRunner().invoke(main, ["solve", str(path)])
    assert text.exit_code == 0 and "perfect information" in text.output


def test_time_limit_gives_undecided(tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(full_json()))
    out = CliRunner().invoke(main, ["solve", str(path), "--json", "--time-limit", "0.2"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["decided"] is False and result["makes"] is None
    text = CliRunner().invoke(main, ["solve", str(path), "--time-limit", "0.2"])
    assert "undecided" in text.output


def test_the_json_round_trips() -> None:
    position = deal(random.Random(9), True, 6)
    again = Position.from_json(position.to_json())
    assert again == position and questions(again)


def test_cli_values_the_exchange_among_the_cards(tmp_path) -> None:
    data = {"players": 2, "variant": "six", "hands": ["a7 hA hX bK bO l7", "h7 h8 h9 hU hO hK"],
            "stock": "b7 b8 b9 bU bX aA", "leader": 0, "score": {"actor": 20, "defence": 20}}
    path = tmp_path / "six.json"
    path.write_text(json.dumps(data))
    out = CliRunner().invoke(main, ["solve", str(path), "--cards", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert "exchange" in result["card_values"] and len(result["card_values"]) == 7
    position = Position.from_json(data)
    solver = Solver()
    values = solver.card_values(position)
    best = max(v["hra_value"] for v in values.values())
    assert best == 10 * solver.value(position, hra_question(position))
    text = CliRunner().invoke(main, ["solve", str(path), "--cards"])
    assert text.exit_code == 0 and "exchange (the trump seven for the turned card)" in text.output


def test_web_solve_takes_the_time_limit() -> None:
    from starlette.testclient import TestClient

    from analyzer.web.app import create_app

    client = TestClient(create_app())
    full = client.post("/api/solve?time_limit=0.2", json=full_json())
    assert full.status_code == 200 and full.json()["decided"] is False
    example = json.loads((Path(__file__).parent.parent / "analyzer/examples/two_players_stock.json").read_text())
    answer = client.post("/api/solve?cards=1", json=example)
    assert answer.status_code == 200 and answer.json()["decided"] is True
    cli = CliRunner().invoke(main, ["solve", "-", "--json", "--cards"], input=json.dumps(example))
    assert answer.json() == json.loads(cli.output)
    assert client.post("/api/solve?time_limit=soon", json=example).status_code == 400


def test_the_player_answering_may_exchange_the_trump_seven() -> None:
    """Six-card game, the last stock trick: the non-dealer, answering l7, exchanges his b7 for the
    turned bK (the rule pages: "either player who holds the 7 of the turned up suit can exchange
    it"): 3 units of the hra value, against 2 for any card played at once; the reference agrees."""
    data = {"players": 2, "hands": ["h7 b9 b7 lK aO a9", "hO h9 l9 aX a7"], "trump": "b", "contract": "game",
            "actor": 0, "leader": 1, "trick": ["l7"], "score": {"actor": 30, "defence": 30},
            "stock": "aA bK", "variant": "six"}
    position = Position.from_json(data)
    assert can_exchange(position) and EXCHANGE in legal_moves(position)
    solver = Solver()
    values = dict(solver.stock_solver().move_values(position, hra_question(position)))
    assert values[EXCHANGE] == 3 and max(v for m, v in values.items() if m != EXCHANGE) == 2
    assert solver.hra_value(position) == 30 == 10 * reference2_solve(data)["value"]
    result = solver.solve(position)
    assert result.line[0] == EXCHANGE
    after = play_move(position, EXCHANGE)
    assert Card.from_str("bK") in after.hands[0] and after.stock[-1] == Card.from_str("b7") and after.trick
    tricks = group_line(position, result.line)
    assert tricks[0].exchange == 0 and tricks[0].players == (1, 0)
