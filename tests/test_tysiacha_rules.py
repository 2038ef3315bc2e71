"""Tysiacha's rules that decide values, its notation and its scoring (docs/rules.md "Tysiacha")."""
from __future__ import annotations

import json
import random

import pytest
import tysiacha_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.cards import Card, Suit
from analyzer.errors import MariasError
from analyzer.tysiacha.game import (
    DECK,
    MARRIAGES,
    TOTAL_POINTS,
    Rules,
    marriages_in,
    set_points,
)
from analyzer.tysiacha.position import Position, move_str, parse_position, read_position
from analyzer.tysiacha.scoring import (
    Scoresheet,
    concession,
    declarer_score,
    opponent_score,
    round_points,
)
from analyzer.tysiacha.solver import solve, total


def P(line: str) -> Position:
    return parse_position(line)


def test_pack_and_points() -> None:
    assert len(DECK) == 24
    assert set_points(DECK) == TOTAL_POINTS == 120
    assert MARRIAGES["seed"] == (100, 80, 40, 60)  # h b l a: hearts 100, diamonds 80, clubs 60, spades 40


def test_follow_else_trump_else_any() -> None:
    # seat 0 led hA; seat 1 has hearts: must follow
    p = P("hK bA b9 / h9 aA aK / lA lK a9 ; leader=0 declarer=0 trump=a trick=-")
    p = p.play("bA")
    assert {move_str(m) for m in p.legal_moves()} == {"aA", "aK"}  # void in bells: trumps (acorns)
    p = p.play("aK")
    assert {move_str(m) for m in p.legal_moves()} == {"a9"}  # void in bells, holds a trump
    q = P("hK bA b9 / h9 aA aK / lA lK a9 ; leader=0 declarer=0 trick=-")
    q = q.play("bA")
    assert {move_str(m) for m in q.legal_moves()} == {"h9", "aA", "aK"}  # no trumps yet: any card
    r = P("hK bA b9 / h9 aA aK / lA lK a9 ; leader=0 declarer=0 trump=a")
    r = r.play("hK")
    assert {move_str(m) for m in r.legal_moves()} == {"h9"}  # follow suit, even under


def test_no_duty_to_head_the_trick_by_default_but_as_an_option() -> None:
    p = P("hK b9 bU / hA h9 bA / lA lK l9 ; trump=- leader=0 declarer=0").play("hK")
    assert {move_str(m) for m in p.legal_moves()} == {"hA", "h9"}
    assert {move_str(m) for m in p.legal_moves(Rules(must_beat=True))} == {"hA"}


def test_a_declared_marriage_on_lead_changes_trumps_for_that_trick() -> None:
    # seat 0 leads the heart king declaring; seat 1, void in hearts, throws the acorn ace.
    p = P("hK hO / aA a9 / aK h9 ; leader=0 declarer=0 taken=0,10,0")
    assert not p.first
    moves = {move_str(m) for m in p.legal_moves()}
    assert moves == {"hK", "hO", "hK+", "hO+"}
    q = p.play("hK+")
    assert q.trump == Suit.HEARTS and q.declared == ((0, Suit.HEARTS),)
    q = q.play("aA").play("h9")
    assert q.leader == 0 and q.taken[0] == 4 + 11 + 0
    # without declaring, no trumps: the heart king still wins hearts (seat 2 follows with h9)
    r = p.play("hK").play("aA").play("h9")
    assert r.leader == 0 and r.trump is None
    # the declaration is worth 100 (hearts) to the declarer
    assert q.declarer_points(Rules()) == 100 + 15


def test_declaring_turns_a_losing_trick() -> None:
    """Led declared, the marriage card beats an off-suit ace that would otherwise not matter;
    and a later declaration changes trumps again."""
    p = P("bK bO lK lO / bA hA a9 aU / lA lX hX h9 ; leader=0 declarer=0 trump=h declared=1h taken=0,20,0")
    q = p.play("bO+")
    assert q.trump == Suit.BELLS
    q = q.play("bA").play("hX")  # seat 2 void in bells: trumps are bells now, hearts are not
    assert q.leader == 1
    q = q.play("a9").play("lA")  # seat 1 leads; seat 2, void in acorns and bells, plays any card
    assert {move_str(m) for m in q.legal_moves()} == {"bK"}  # seat 0 void in acorns: he must trump
    q = q.play("bK")
    assert q.leader == 0


def test_first_lead_may_not_declare_by_default() -> None:
    rng = random.Random(1)
    deck = list(ref.DECK)
    while True:
        rng.shuffle(deck)
        p = Position.from_dict({"hands": [deck[0:8], deck[8:16], deck[16:24]], "declarer": 0})
        if marriages_in(p.hands[0]):
            break
    assert p.first
    assert not any(d for _, d in p.legal_moves())
    assert any(d for _, d in p.legal_moves(Rules(any_lead=True)))
    # after the first trick the leader may declare
    q = p
    for _ in range(3):
        q = q.play(q.legal_moves()[0])
    assert not q.first


def test_seed_scoring_example() -> None:
    assert declarer_score(130, 160) == 30
    assert declarer_score(130, 80) == -50
    assert declarer_score(130, 130) == 0
    assert declarer_score(130, 160, "standard") == 130
    assert declarer_score(130, 80, "standard") == -130
    assert concession(120) == (-120, 40)
    assert round_points(37, "russian") == 35 and round_points(38, "russian") == 40
    assert round_points(35, "polish") == 40 and round_points(34, "polish") == 30
    assert opponent_score(37) == 37 and opponent_score(37, "standard", "polish") == 40
    with pytest.raises(MariasError):
        declarer_score(100, 100, "nonsense")


def test_scoresheet_game_to_1000() -> None:
    sheet = Scoresheet()
    assert sheet.add_hand(0, 120, (160, 30, 20)) == (40, 30, 20)
    assert sheet.add_concession(1, 110) == (40, -110, 40)
    assert sheet.totals == [80, -80, 60] and sheet.winner is None
    sheet.add((930, 0, 0))
    assert sheet.winner == 0


def test_solved_total_counts_the_declarers_marriages() -> None:
    """He holds every heart: he declares hearts (100) and takes every trick (the opponents' bells
    and leaves fall to trumps), so his total is 100 and all 120 - 0 points of these 12 cards."""
    p = P("hA hX hK hO / bA bX bK bO / lA lX lK lO ; leader=0 declarer=0 taken=0,0,30")
    assert not p.first
    result = solve(p)
    assert result.total == total(p) == 100 + 3 * (11 + 10 + 4 + 3)
    game = ref.Game(0)
    hands = tuple(frozenset(str(c) for c in h) for h in p.hands)
    assert game.value(hands, (), 0, None, False) == result.total


positions = st.builds(
    lambda seed, k, ntrick, trump, declared: _random_position(seed, k, ntrick, trump, declared),
    st.integers(0, 10**6), st.integers(0, 8), st.integers(0, 2), st.sampled_from([None, "h", "b", "l", "a"]),
    st.booleans())


def _random_position(seed: int, k: int, ntrick: int, trump: str | None, declared: bool) -> Position:
    rng = random.Random(seed)
    deck = list(ref.DECK)
    rng.shuffle(deck)
    hands = [deck[0:k], deck[8:8 + k], deck[16:16 + k]]
    leader = rng.randrange(3)
    trick = []
    if k:
        for j in range(ntrick):
            trick.append(hands[(leader + j) % 3].pop())
    rest = deck[k:8] + deck[8 + k:16]
    data = {"hands": hands, "declarer": rng.randrange(3), "bid": rng.randrange(100, 300, 10), "leader": leader,
            "trick": trick, "trump": trump, "taken": [rng.randrange(20), rng.randrange(20), rng.randrange(20)],
            "widow": rest[:3] if len(rest) >= 3 else [], "passed": rest[3:5] if len(rest) >= 5 else []}
    if declared and trump:
        data["declared"] = [[rng.randrange(3), trump]]
    return Position.from_dict(data)


@settings(max_examples=300, deadline=None)
@given(positions)
def test_notation_round_trips(p: Position) -> None:
    assert parse_position(str(p)) == p
    assert Position.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    assert read_position(json.dumps(p.to_dict())) == p


@pytest.mark.parametrize("text", [
    "hA / hX / ; declarer=0",
    "hA / hX / h7 ; declarer=0",
    "hA / hA / hX ; declarer=0",
    "hA / hX / hK ; declarer=5",
    "hA / hX / hK ; colour=red",
    "hA / hX / hK ; trump=h declared=0b",
    "hA hK / hX / hO ; declarer=0",
])
def test_bad_positions_are_one_error(text: str) -> None:
    with pytest.raises(MariasError):
        parse_position(text)


def test_a_move_not_legal_is_refused() -> None:
    p = P("hA hK / hX h9 / hO hU ; declarer=0 taken=0,0,10")
    with pytest.raises(MariasError):
        p.play("hK+")  # no marriage held
    with pytest.raises(MariasError):
        p.play(Card.from_str("hX").__str__())  # not his card
