"""Four players (analyzer/variants.py and the core's seats) against the slow reference
(tests/reference4.py) on random endgames, and properties of full four-player deals."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from reference4 import reference4_solve

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.errors import MariasError, PositionError
from analyzer.rules import Position, replay
from analyzer.solver import Solver, questions
from analyzer.variants import ALONE, FOUR_CONTRACTS, VariantPosition

CONTRACTS4 = [c.value for c in FOUR_CONTRACTS]
TRICKS = [2] * 3 + [3] * 4 + [4] * 2  # the reference is slow: 4 tricks are 16 cards


def play_random(rng: random.Random, position: VariantPosition, cards: int) -> VariantPosition:
    """Up to ``cards`` random legal cards into the current trick (never completing it)."""
    for _ in range(cards):
        if len(position.trick) == 3 or position.tricks_left == 0:
            break
        card = rng.choice(list(position.legal_moves()))
        position = position.play(card)  # a marriage the card declares goes to score and marriages
    return position


def random_position4(rng: random.Random, tricks: int, contract: str | None = None,
                     mid_trick: bool | None = None) -> dict:
    """A valid four-player position JSON with ``tricks`` tricks left: random actor, leader and
    partnership (a seat, a called trump, or alone), sometimes part-way through a trick."""
    c = Contract(contract or rng.choice(CONTRACTS4))
    while True:
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        hands = [CardSet(cards[i * tricks:(i + 1) * tricks]) for i in range(4)]
        trump = rng.choice(list(Suit)) if c.has_trumps else None
        actor, leader = rng.randrange(4), rng.randrange(4)
        data: dict = {"players": 4, "hands": [str(h) for h in hands], "contract": c.value, "actor": actor,
                      "leader": leader, "trump": None if trump is None else trump.token,
                      "marriage_rule": rng.choice(["czech", "czech", "over-first"])}
        if c not in ALONE:
            how = rng.random()
            if how < 0.4:
                data["partner"] = rng.choice([s for s in range(4) if s != actor])
            elif how < 0.8:
                dealt = [card for h in hands for card in h if card.suit == trump or trump is None]
                if dealt:
                    data["partner"] = str(rng.choice(dealt))  # sometimes his own: alone
            if rng.random() < 0.4:
                data["score"] = {"actor": 10 * rng.randrange(0, 9), "defence": 10 * rng.randrange(0, 9)}
        try:
            position = Position.from_json(data)
        except PositionError:
            continue  # a seven its side does not hold
        if mid_trick is None:
            mid_trick = rng.random() < 0.35
        if mid_trick:
            position = play_random(rng, position, rng.choice([1, 2, 3]))
        return position.to_json()


def compare(solver: Solver, data: dict) -> None:
    position = Position.from_json(data)
    assert isinstance(position, VariantPosition)
    ours = solver.solve(position)
    ref = reference4_solve(data)
    assert ours.makes == ref["makes"], data
    assert ours.components == ref["components"], data
    if position.contract.has_trumps:
        assert solver.hra_value(position) == 10 * ref["value"], data
        assert (ours.actor_points, ours.defence_points) == (ref["actor_points"], ref["defence_points"]), data
    else:
        assert ours.actor_points is None


def test_the_generator_covers_what_it_should() -> None:
    rng = random.Random(5)
    seen = set()
    for i in range(300):
        p = Position.from_json(random_position4(rng, 3, CONTRACTS4[i % len(CONTRACTS4)]))
        seen.add((p.contract.value, len(p.team), len(p.trick), p.called is not None))
    assert {t for _, t, _, _ in seen} == {1, 2}
    assert {n for _, _, n, _ in seen} == {0, 1, 2, 3}
    assert {c for c, _, _, _ in seen} == set(CONTRACTS4)
    assert any(called for *_, called in seen)
    assert ("durch", 2, 0, True) in seen  # durch with partner, named card


# 1,200 endgames: the first block in the quick run, the rest `slow` (CI runs them all).
@pytest.mark.parametrize("block", [0, *(pytest.param(b, marks=pytest.mark.slow) for b in range(1, 6))])
def test_random_four_player_endgames_agree_with_the_reference(block: int) -> None:
    rng = random.Random(4000 + block)
    solver = Solver(16)
    for i in range(200):
        compare(solver, random_position4(rng, rng.choice(TRICKS), CONTRACTS4[i % len(CONTRACTS4)]))


@pytest.mark.slow
def test_five_trick_endgames_agree_with_the_reference() -> None:
    rng = random.Random(45)
    solver = Solver(16)
    for i in range(12):
        compare(solver, random_position4(rng, 5, ["game", "betl", "seven", "durch"][i % 4]))


def test_a_reference_case_by_hand() -> None:
    """The called king's holder (the dealer) wins the acorn trick for the team; alone, the actor
    does best to give that trick up first and win the last with his trump ace."""
    data = {"players": 4, "hands": ["hA b7", "h7 b8", "h8 b9", "hK bA"], "trump": "h", "contract": "game",
            "partner": "hK"}
    position = Position.from_json(data)
    assert position.team == {0, 3}
    result = Solver().solve(position)
    assert (result.actor_points, result.defence_points) == (30, 0)  # hA, bA and the last trick
    assert reference4_solve(data)["actor_points"] == 30
    alone = Position.from_json({**data, "partner": None})
    assert alone.team == {0}
    assert Solver().solve(alone).actor_points == 20 == reference4_solve(alone.to_json())["actor_points"]


# --- full deals --------------------------------------------------------------------


def full_deal(rng: random.Random, contract: str, partner: str = "call") -> VariantPosition:
    """A full deal (8 each): forehand acts; in a suit game he calls a trump he lacks (2 v 2) or
    one he holds (1 v 3)."""
    while True:
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        hands = [CardSet(cards[i * 8:(i + 1) * 8]) for i in range(4)]
        data: dict = {"players": 4, "hands": [str(h) for h in hands], "contract": contract}
        if Contract(contract).has_trumps:
            trump = rng.choice(sorted({c.suit for c in hands[0]}))
            data["trump"] = trump.token
            mine = [c for c in hands[0] if c.suit == trump]
            others = [Card.make(trump, r) for r in Rank if Card.make(trump, r) not in hands[0]]
            pick = mine if partner == "alone" else others
            if not pick:
                continue
            data["partner"] = str(rng.choice(pick))
        try:
            return Position.from_json(data)  # type: ignore[return-value]
        except PositionError:
            continue


def test_full_deals_value_is_the_best_child_and_the_line_replays() -> None:
    rng = random.Random(8)
    solver = Solver(18)
    for i in range(16):
        position = full_deal(rng, ["game", "betl", "durch", "game"][i % 4], "alone" if i % 8 == 3 else "call")
        result = solver.solve(position, card_values=True)
        tricks = replay(position, result.line)
        assert sum(len(cards) for cards, _ in tricks) == len(result.line) or not position.contract.has_trumps
        values = result.card_values
        assert set(values) == set(position.legal_moves())
        maxing = position.to_move in position.team
        if position.contract.has_trumps:
            best = (max if maxing else min)(v["hra_value"] for v in values.values())
            assert best == solver.hra_value(position) == result.actor_points
            # the line's tricks give the team exactly its points
            points = sum(sum(c.points for c in cards) + (10 if n == 7 else 0)
                         for n, (cards, winner) in enumerate(tricks) if winner in position.team)
            assert points == result.actor_points
            assert len(tricks) == 8
        pick = (any if maxing else all)(v["makes"] for v in values.values())
        assert pick == result.makes


def _relabel(position: VariantPosition, perm: dict[Suit, Suit]) -> VariantPosition:
    def move(cards):
        return CardSet(Card.make(perm.get(c.suit, c.suit), c.rank) for c in cards)
    return position.replace(hands=tuple(move(h) for h in position.hands),
                            trick=tuple(Card.make(perm.get(c.suit, c.suit), c.rank) for c in position.trick))


def test_relabelling_the_non_trump_suits_changes_nothing() -> None:
    rng = random.Random(12)
    solver = Solver(18)
    for i in range(12):
        position = full_deal(rng, ["game", "seven-against", "betl", "durch"][i % 4]
                             if i % 4 != 1 else "game", "alone" if i % 3 == 0 else "call")
        others = [s for s in Suit if s != position.trump]
        shuffled = others[:]
        while shuffled == others:
            rng.shuffle(shuffled)
        moved = _relabel(position, dict(zip(others, shuffled)))
        a, b = solver.solve(position), solver.solve(moved)
        assert (a.makes, a.actor_points, a.components) == (b.makes, b.actor_points, b.components)


def test_four_player_questions_carry_the_seats_and_the_team() -> None:
    position = full_deal(random.Random(3), "game")
    q = questions(position)["game"]
    game = q.game(position)
    assert (game.seats, game.team) == (4, position.team_mask)
    assert len(q.state(position).hands) == 4
    three = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
    game = questions(three)["game"].game(three)
    assert (game.seats, game.team) == (3, 1)


def test_json_round_trip() -> None:
    rng = random.Random(21)
    for _ in range(40):
        data = random_position4(rng, rng.choice([2, 5, 8]))
        position = Position.from_json(data)
        again = Position.from_json(json.loads(json.dumps(position.to_json())))
        assert again == position


@pytest.mark.parametrize("data, words", [
    ({"players": 4, "hands": ["hA", "h7", "h8"]}, "four strings"),
    ({"players": 4, "hands": ["hA bA", "h7", "h8", "hK"], "trump": "h"}, "should hold"),
    ({"players": 4, "hands": [" ".join(["hA"] * 1)] * 4, "trump": "h"}, "twice"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "trump": "h", "partner": "bK"}, "must be a trump"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "trump": "h", "partner": "hX"}, "in no hand"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "contract": "betl", "partner": 1}, "alone against three"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "contract": "open-durch", "partner": "h7"}, "alone against"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "trump": "h", "contract": "two-sevens"}, "no two-sevens"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "trump": "h", "partner": 4}, "seat 0, 1, 2 or 3"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "trump": "h", "talon": "bA"}, "no talon"),
    ({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "trump": "b", "contract": "seven"}, "trump seven"),
    ({"players": 4, "hands": ["hA hK", "h7 h9", "h8 bA", "hO bX"], "trump": "h", "partner": 1,
      "contract": "seven-against"}, "no defender"),
    ({"players": 4, "hands": ["a7 a8 a9 aX aU aO aK aA hA", "h7", "h8", "h9"], "trump": "h"}, "at most 8"),
    ({"players": 6, "hands": []}, "3 or 4"),
    ({"players": 2, "hands": ["hA"], "trump": "h"}, "two strings"),
    ({"hands": ["hA", "h7", "h8"], "trump": "h", "partner": 1}, "four players"),
])
def test_bad_four_player_input_is_one_line(data: dict, words: str) -> None:
    with pytest.raises(MariasError, match=words) as info:
        Position.from_json(data)
    assert "\n" not in str(info.value)
    out = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(data))
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_cli_solves_a_four_player_position() -> None:
    data = {"players": 4, "hands": ["hA hX", "h7 b7", "h8 b8", "hK bA"], "trump": "h", "contract": "game",
            "partner": "hK"}
    out = CliRunner().invoke(main, ["solve", "--json", "-"], input=json.dumps(data))
    assert out.exit_code == 0, out.output
    result = json.loads(out.output.splitlines()[0])
    assert result["actor_points"] == 40 and result["makes"]  # hX, hA, bA and the last trick
    text = CliRunner().invoke(main, ["solve", "-"], input=json.dumps(data))
    assert "3 dealer (partner)" in text.output and "4 players" in text.output


def test_batches_of_four_player_worlds_agree_with_one_by_one() -> None:
    """mr_batch with four columns: the same answers as the Solver, world by world."""
    from analyzer.batch import EXACT, hands_array, run_batch

    rng = random.Random(31)
    first = full_deal(rng, "game")
    q = questions(first)["game"]
    worlds = [first]
    while len(worlds) < 12:
        # the same team and trump, other cards: shuffle the cards among the four hands
        cards = [c for h in first.hands for c in h]
        rng.shuffle(cards)
        hands = tuple(CardSet(cards[i * 8:(i + 1) * 8]) for i in range(4))
        if Card.from_str(str(first.called)) in hands[first.actor]:
            continue
        partner = next(s for s in range(4) if first.called in hands[s])
        if partner != first.partner:
            continue
        worlds.append(first.replace(hands=hands))
    solver = Solver()
    result = run_batch([(q.game(first), EXACT)], q.state(first), hands_array([[h.mask for h in w.hands] for w in worlds]),
                       threads=2, tt_log2=16)
    assert result.answers[:, 0].tolist() == [solver.value(w, questions(w)["game"]) for w in worlds]


@pytest.mark.parametrize("team, amount", [({0, 2}, 3), ({1, 3}, -5), ({2}, 4), ({0}, -1)])
def test_seat_payments_add_up_and_pair_opponents(team: set, amount: int) -> None:
    from analyzer.variants import seat_payments

    pay = seat_payments(team, amount)
    assert sum(pay) == 0
    for seat in range(4):
        if seat in team:
            assert pay[seat] == amount * (3 if len(team) == 1 else 1)
        else:
            assert pay[seat] == -amount
    with pytest.raises(MariasError):
        seat_payments({0, 1, 2}, 1)
    assert [int(x) for x in seat_payments({0}, 2, seats=2)] == [2, -2]


@pytest.mark.parametrize("players", [4, 2])
def test_play_and_undo_with_four_and_two_seats(players: int) -> None:
    """Position.play counts the seats: a trick of ``players`` cards, its points to the winner's side
    (the team's with four); undo takes each card back exactly; the solver's line, played out,
    gives the actor's side its actor_points."""
    from test_two_players import random_position2

    rng = random.Random(60 + players)
    solver = Solver(16)
    for _ in range(15):
        data = random_position4(rng, 4, "game") if players == 4 else random_position2(rng, 4, "game")
        data["marriage_rule"] = "over-first"  # marriages declared in play only: the score is the tricks'
        position = Position.from_json({**data, "score": {"actor": 0, "defence": 0}})
        result = solver.solve(position)
        now = position
        for card in result.line:
            after = now.play(card)
            assert isinstance(after, VariantPosition) and after.players == players
            assert after.undo() == now
            now = after
        assert not any(now.hands) and not now.trick
        marriages = [sum(now.marriage_value(s) for s in side) for side in now.declared]
        assert now.score[0] - marriages[0] == result.actor_points
        assert now.score[1] - marriages[1] == result.defence_points


def test_run_batch_pads_three_columns() -> None:
    """A (worlds, 3) array, as the three-player callers build them, is answered as its padded copy."""
    import numpy as np

    from analyzer.batch import EXACT, hands_array, run_batch

    position = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
    q = questions(position)["game"]
    three = np.array([[h.mask for h in position.hands]] * 3, np.uint32)
    assert hands_array(three).shape == (3, 4) and not hands_array(three)[:, 3].any()
    a = run_batch([(q.game(position), EXACT)], q.state(position), three, threads=1)
    b = run_batch([(q.game(position), EXACT)], q.state(position), hands_array(three), threads=1)
    assert a.answers.tolist() == b.answers.tolist() == [[3]] * 3
