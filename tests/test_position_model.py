"""The position model: play and undo, the score and marriages derived from the history,
the one-line notation, and the declared marriages that are refused or derived.

- play/undo against a plain replay written here (tests/reference.py's trick winner, card
  strings, a dictionary of hands): the hands, the trick, the leader, the score and the
  marriages after every card of thousands of random histories;
- undo back to the start and play forward again gives the same position;
- ``from_str(str(p)) == p`` and ``from_json(to_json(p)) == p`` on thousands of random
  positions; mangled lines are refused in one line;
- each marriage case of docs/semantics.md ("Declared marriages").
"""
from __future__ import annotations

import random

import pytest
from randpos import random_history, random_position
from reference import trick_winner as plain_winner

from analyzer.cards import Card, CardSet
from analyzer.errors import MariasError, NotationError, PositionError
from analyzer.rules import Position, replay

# --- play and undo against a plain replay ---------------------------------------------------------


def plain_history(position: Position) -> tuple[list[int], list[str], list[str]]:
    """Score (points per side) and marriages (suit letters per side) of the position's history,
    counted from its start with strings only: the trick points of each played trick to its
    winner's side, 10 for the last trick, and a marriage for a K or O (Czech rule; over-first:
    an O) played while its player keeps the other."""
    start = position.start()
    hands = {seat: {str(c) for c in start.hands[seat]} for seat in range(3)}
    trump = None if start.trump is None else start.trump.token
    notrump = start.trump is None
    score, marriages = [0, 0], [[], []]
    leader = start.leader
    cards = [str(c) for t in position.played for c in t] + [str(c) for c in position.trick]
    trick: list[str] = []
    for card in cards:
        seat = (leader + len(trick)) % 3
        side = 0 if seat == start.actor else 1
        partner = card[0] + {"K": "O", "O": "K"}.get(card[1], "-")
        may_declare = card[1] == "O" or (card[1] == "K" and start.marriage_rule == "czech")
        if trump is not None and may_declare and partner in hands[seat]:
            marriages[side].append(card[0])
            score[side] += 40 if card[0] == trump else 20
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == 3:
            winner = (leader + plain_winner(trick, trump, notrump)) % 3
            last = not any(hands.values())
            score[0 if winner == start.actor else 1] += 10 * sum(c[1] in "AX" for c in trick) + (10 if last else 0)
            trick, leader = [], winner
    return score, marriages


@pytest.mark.parametrize("seed", range(4))
def test_play_derives_the_score_and_marriages_of_a_plain_replay(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(120):
        position = random_history(rng)
        score, marriages = plain_history(position)
        start = position.start()
        assert start.score == (0, 0) and start.declared == ((), ())  # random_history starts at a deal
        assert list(position.score) == score, position.to_json()
        assert [sorted(d, key="hbla".index) for d in marriages] == [[s.token for s in d] for d in position.declared]
        assert sum(len(h) for h in position.hands) + len(position.trick) + 3 * len(position.played) == 30


@pytest.mark.parametrize("seed", range(3))
def test_undo_takes_back_exactly_what_play_did(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(80):
        position = random_history(rng)
        moves = list(position.legal_moves())
        if moves:
            card = rng.choice(moves)
            assert position.play(card).undo() == position
        cards, now = [], position
        while now.trick or now.played:
            cards.append(now.trick[-1] if now.trick else now.played[-1][-1])
            now = now.undo()
        assert len(cards) == 30 - sum(len(h) for h in position.hands)
        for card in reversed(cards):
            now = now.play(card)
        assert now == position
        with pytest.raises(PositionError, match="nothing to undo"):
            position.start().undo()


def test_replay_is_play_card_by_card() -> None:
    rng = random.Random(5)
    for _ in range(50):
        end = random_history(rng)
        start = end.start()
        line = [c for t in end.played for c in t] + list(end.trick)
        tricks = replay(start, line)
        assert [(list(t), w) for t, w in tricks] == [(list(t), w) for t, w in zip(end.played, _winners(end))]


def _winners(position: Position) -> list[int]:
    leaders = position.trick_leaders()
    return leaders[1:] + [position.leader]


def test_an_illegal_card_is_refused_in_one_line() -> None:
    position = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
    after = position.play(Card.from_str("hA"))
    assert position.play("hA") == after  # a token is read as a card
    with pytest.raises(PositionError, match="seat 1 cannot play b7 here: the legal cards are h7"):
        after.play(Card.from_str("b7"))
    with pytest.raises(PositionError, match="seat 1 cannot play h8: it is not in the hand"):
        after.check_play(Card.from_str("h8"))
    end = after
    for token in ("h7", "h8", "hX", "b7", "b8"):
        end = end.play(Card.from_str(token))
    assert end.score == (30, 0)  # hA, hX and the last trick
    with pytest.raises(PositionError, match="the play is over"):
        end.play(Card.from_str("hA"))


# --- the one-line notation ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", [300, pytest.param(3000, marks=pytest.mark.slow)])
def test_notation_round_trips_on_thousands_of_positions(count: int) -> None:
    rng = random.Random(count)
    for i in range(count):
        position = random_history(rng) if i % 3 == 0 else Position.from_json(random_position(rng, rng.randint(1, 10)))
        line = str(position)
        assert "\n" not in line
        assert Position.from_str(line) == position, line
        assert str(Position.from_str(line)) == line
        assert Position.from_json(position.to_json()) == position
        assert eval(repr(position), {"Position": Position}) == position


def test_notation_example() -> None:
    position = Position.from_json({"hands": ["hA hX hK", "h7 b7 bK", "h8 b8 aA"], "trump": "h",
                                   "contract": "hundred", "actor": 1, "talon": "aX l9"})
    after = position.play(Card.from_str("hK"))
    assert str(position) == "hAXK/h7bK7/h8b8aA hundred h 1 0 talon=l9aX"
    assert str(after) == "hAX/h7bK7/h8b8aA hundred h 1 0 trick=hK talon=l9aX"
    assert Position.from_str("hAX/h7bK7/h8b8aA sto h 1 0 trick=hK talon=l9aX") == after  # Czech name


@pytest.mark.parametrize("line, message", [
    ("", "at least 5 fields"),
    ("hA game h 0 0", "two, three or four hands"),
    ("hA/h7/hZ game h 0 0", "cannot read hand 'hZ'"),
    ("hAA/h7/h8 game h 0 0", "twice"),
    ("hA/h7/h8 game h 3 0", "actor is a seat"),
    ("hA/h7/h8 game h 0 0 foo=1", "unknown field 'foo=1'"),
    ("hA/h7/h8 game h 0 0 score=1", "score is two whole numbers"),
    ("hA/h7/h8 game h 0 0 trick=h", "cannot read cards"),
    ("hA/h7/h8 bridge h 0 0", "unknown contract"),
    ("hA/h7/h8b8 game h 0 0", "hand 2 holds 2 cards"),
    ("hA/h7/h8 game h 0 0 talon=hA", "appears twice"),
])
def test_bad_lines_are_refused_in_one_line(line: str, message: str) -> None:
    with pytest.raises(MariasError, match=message) as info:
        Position.from_str(line)
    assert "\n" not in str(info.value)


def test_mangled_lines_read_or_fail_in_one_line() -> None:
    """Fuzz: a field of a good line changed, dropped or doubled reads, or is one MariasError line."""
    rng = random.Random(12)
    lines = [str(random_history(rng)) for _ in range(60)]
    for _ in range(1500):
        parts = rng.choice(lines).split()
        i = rng.randrange(len(parts))
        change = rng.choice(["drop", "double", "junk", "swap"])
        if change == "drop":
            parts.pop(i)
        elif change == "double":
            parts.insert(i, parts[i])
        elif change == "junk":
            parts[i] = parts[i][:rng.randrange(len(parts[i]) + 1)] + rng.choice(["x", "=", "/", ",", "9", "hK", ""])
        else:
            j = rng.randrange(len(parts))
            parts[i], parts[j] = parts[j], parts[i]
        try:
            Position.from_str(" ".join(parts))
        except MariasError as exc:
            assert "\n" not in str(exc) and str(exc)


def test_notation_is_not_card_tokens() -> None:
    with pytest.raises(NotationError):
        Position.from_str(123)  # type: ignore[arg-type]


# --- declared marriages --------------------------------------------------------------------------------

BASE = {"trump": "h", "contract": "game", "actor": 0, "leader": 0}


def pos(**changes) -> Position:
    return Position.from_json({**BASE, **changes})


@pytest.mark.parametrize("changes, message", [
    # K and O both still in the hand that would declare them: counted twice (the old bug).
    ({"hands": ["hK hO", "h7 h8", "b7 b8"], "marriages": {"actor": "h"}, "score": {"actor": 40}},
     "hK and hO are both still held"),
    # K and O in two hands: no one held the pair.
    ({"hands": ["hK b9", "hO h8", "b7 b8"], "marriages": {"actor": "h"}, "score": {"actor": 40}},
     "both still held"),
    # The same suit declared by both sides.
    ({"hands": ["b9 b8", "h7 h8", "b7 aA"], "marriages": {"actor": "h", "defence": "h"},
      "score": {"actor": 40, "defence": 40}}, "declared by both the actor and the defence"),
    ({"hands": ["b9 b8", "h7 h8", "b7 aA"], "marriages": {"actor": "hh"}, "score": {"actor": 80}},
     "declared twice"),
    # A card of it out of play (the talon) or still held by the other side.
    ({"hands": ["b9 b8", "h7 h8", "b7 aA"], "talon": "hK", "marriages": {"actor": "h"}, "score": {"actor": 40}},
     "its king is in the talon"),
    ({"hands": ["b9 b8", "h7 hO", "b7 aA"], "marriages": {"actor": "h"}, "score": {"actor": 40}},
     "seat 1, of the other side, holds hO"),
    # The other card played, in the history, by someone else than the holder.
    ({"hands": ["hO b8", "h8 b9", "b7 aA"], "played": [["hK", "h7", "h9"]], "first_leader": 1, "leader": None,
      "marriages": {"actor": "h"}, "score": {"actor": 40}}, "seat 1 played hK in a played trick but seat 0 holds hO"),
    # The partner played to the trick by someone else than the holder.
    ({"hands": ["hO b8", "h8", "b7"], "leader": 1, "trick": ["hK", "h7"], "marriages": {"actor": "h"},
      "score": {"actor": 40}}, "seat 1 played hK to the trick but seat 0 holds hO"),
    # Over-first: declared by playing the over-knave, so it cannot still be held.
    ({"hands": ["hO b8", "h8 b9", "b7 aA"], "marriages": {"actor": "h"}, "score": {"actor": 40},
      "marriage_rule": "over-first"}, "declared by playing hO"),
    # Its points missing from the score.
    ({"hands": ["b9 b8", "h7 h8", "b7 aA"], "marriages": {"defence": "b"}}, "less than"),
    # No marriages without trumps.
    ({"hands": ["b9 b8", "h7 h8", "b7 aA"], "trump": None, "contract": "betl", "marriages": {"actor": "h"},
      "score": {"actor": 20}}, "only in contracts with trumps"),
])
def test_impossible_marriages_are_refused(changes: dict, message: str) -> None:
    with pytest.raises(PositionError, match=message) as info:
        pos(**changes)
    assert "\n" not in str(info.value)


def test_a_king_played_holding_the_over_knave_declares_now() -> None:
    # Czech rule: the actor leads hK keeping hO: 40 (trumps) and the marriage, derived.
    now = pos(hands=["hO", "h8 b9", "b7 aA"], trick=["hK"], leader=0)
    assert now.declared == ((now.trump,), ()) and now.score == (40, 0)
    # Listed by hand (with its points in the score): the same position, nothing counted twice.
    listed = pos(hands=["hO", "h8 b9", "b7 aA"], trick=["hK"], marriages={"actor": "h"}, score={"actor": 40})
    assert listed == now
    # A defender's over-knave in a side suit, his king kept: 20 to the defence.
    defence = pos(hands=["b8 b9", "bK", "b7 aA"], trick=["bO"], leader=1)
    assert [[s.token for s in d] for d in defence.declared] == [[], ["b"]] and defence.score == (0, 20)
    # The solver sees it: the defence's 20 counts against the actor's game.
    assert now.to_json()["marriages"] == {"actor": "h", "defence": ""}


def test_over_first_declares_only_with_the_over_knave() -> None:
    king = pos(hands=["hO", "h8 b9", "b7 aA"], trick=["hK"], marriage_rule="over-first")
    assert king.declared == ((), ()) and king.score == (0, 0)  # the king first: lost
    with pytest.raises(PositionError, match="declared by playing hO"):
        pos(hands=["hO", "h8 b9", "b7 aA"], trick=["hK"], marriage_rule="over-first",
            marriages={"actor": "h"}, score={"actor": 40})
    over = pos(hands=["hK", "h8 b9", "b7 aA"], trick=["hO"], marriage_rule="over-first")
    assert over.declared == ((over.trump,), ()) and over.score == (40, 0)


def test_played_tricks_derive_the_score_and_refuse_what_they_contradict() -> None:
    deal = {**BASE, "hands": ["hO b8 lA", "h8 b9 lX", "b7 aA a7"], "leader": None}
    played = [["hK", "h7", "hX"]]  # seat 0 led hK holding hO: 40; seat 2's hX wins (the ten): 10
    with_history = pos(**{**deal, "hands": ["hO b8", "h8 b9", "b7 aA"], "played": played, "first_leader": 0})
    assert with_history.score == (40, 10) and [d for d in with_history.declared] == [(with_history.trump,), ()]
    assert with_history.leader == 2 and with_history.start().hands[0] == CardSet.from_str("hK hO b8")
    with pytest.raises(PositionError, match="leader is seat 0 but the played tricks give the lead to seat 2"):
        pos(**{**deal, "hands": ["hO b8", "h8 b9", "b7 aA"], "played": played, "first_leader": 0, "leader": 0})
    with pytest.raises(PositionError, match="less than the trick points"):
        pos(**{**deal, "hands": ["hO b8", "h8 b9", "b7 aA"], "played": played, "first_leader": 0,
               "score": {"actor": 40, "defence": 0}})
    with pytest.raises(PositionError, match="played trick 1 'hK h7 b9' cannot have been played"):
        pos(**{**deal, "hands": ["hO b8", "h8 hX", "b7 aA"], "played": [["hK", "h7", "b9"]], "first_leader": 0})
    # Both cards of a marriage in the history, not played by one holder of both: not declared.
    two = {**BASE, "hands": ["b8", "a9", "aA"], "played": [["hK", "hO", "h7"], ["b7", "l8", "l9"]],
           "first_leader": 0}
    plain = pos(**two)
    assert plain.declared == ((), ())
    with pytest.raises(PositionError, match="the played cards show it was not declared"):
        pos(**two, marriages={"actor": "h"}, score={"actor": 60})


JUNK = [None, 0, -1, 3, 2.5, True, "", "zz", "hA", [], ["hA"], [["hA"]], [["hA", "hA", "hA"]], {}, {"actor": -10},
        "h", [None, None, None], [["h7", "h8", "h9"]]]


def test_mangled_history_json_reads_or_fails_in_one_line() -> None:
    """Fuzz: any value in any key of a position with a history reads, or is one MariasError line."""
    rng = random.Random(13)
    keys = ["played", "first_leader", "leader", "score", "marriages", "trick", "hands", "actor", "talon"]
    games = [random_history(rng).to_json() for _ in range(40)]
    for _ in range(800):
        data = dict(rng.choice(games))
        if rng.random() < 0.3 and data.get("played"):
            played = [list(t) for t in data["played"]]  # a card of the history changed
            i = rng.randrange(len(played))
            played[i][rng.randrange(3)] = rng.choice(["hA", "h7", "aK", "bO", "l9"])
            data["played"] = played
        else:
            data[rng.choice(keys)] = rng.choice(JUNK)
        try:
            Position.from_json(data)
        except MariasError as exc:
            assert "\n" not in str(exc) and str(exc)


@pytest.mark.parametrize("players", [4, 2, "stock"])
@pytest.mark.parametrize("count", [1000, pytest.param(5000, marks=pytest.mark.slow)])
def test_notation_round_trips_for_every_table(players: int | str, count: int) -> None:
    """Issue 31: a four-player position's line once named four hands that ``from_str`` refused.
    Every table writes a line that reads back to the same position (partners, the wise one,
    the stock, the six-card variant, the marriage rule where it is not the table's own)."""
    from test_four_players import play_random, random_position4
    from test_stock import deal
    from test_two_players import CONTRACTS2, random_position2

    rng = random.Random(31)
    for _ in range(count):
        if players == 4:
            position = Position.from_json(random_position4(rng, rng.randint(1, 8)))
            if rng.random() < 0.5:
                position = play_random(rng, position, rng.randint(1, 12))
        elif players == 2:
            position = Position.from_json(random_position2(rng, rng.randint(1, 8), rng.choice(CONTRACTS2)))
        else:
            position = deal(rng, rng.random() < 0.5, 2 * rng.randint(1, 6))
        line = str(position)
        assert "\n" not in line and len(line.split()[0].split("/")) == position.players
        assert Position.from_str(line) == position, line
        assert str(Position.from_str(line)) == line
        assert Position.from_json(position.to_json()) == position


def test_the_four_player_wise_durch_reads_back() -> None:
    position = Position.from_json({"players": 4, "hands": ["hA", "h7", "h8", "hK"], "contract": "durch",
                                   "partner": "wise", "actor": 1})
    assert str(position) == "hA/h7/h8/hK durch - 1 1 partner=wise"
    assert Position.from_str(str(position)) == position


@pytest.mark.parametrize("line, words", [
    ("hA/h7/h8 game h 0 0 partner=1", "partner= is given only with four hands"),
    ("hA/h7/h8/hK game h 4 0", "actor is a seat 0, 1, 2 or 3"),
    ("hA/h7 game h 0 0 stock=b7b8 partner=hK", "partner= is given only with four hands"),
    ("hA/h7/h8/hK/b7 game h 0 0", "two, three or four hands"),
])
def test_bad_lines_for_other_tables_are_one_line(line: str, words: str) -> None:
    with pytest.raises(MariasError, match=words):
        Position.from_str(line)
