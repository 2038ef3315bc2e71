"""Cards, positions' one-line and JSON forms: round trips and refusals."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mustamaija_random import random_ending, random_with_talon

from analyzer.errors import MariasError
from analyzer.mustamaija.cards import (
    JOKER,
    QUEEN_OF_SPADES,
    card_str,
    parse_card,
    parse_cards,
)
from analyzer.mustamaija.position import Position, parse_position


def test_tokens() -> None:
    assert parse_card("h10") == parse_card("hX") == parse_card("HX") == parse_card("hx")
    assert card_str(parse_card("sQ")) == "sQ" and parse_card("sq") == QUEEN_OF_SPADES
    assert parse_card("jk") == JOKER
    assert all(parse_card(card_str(c)) == c for c in range(53))
    assert parse_cards("h2h10 sQ,cA") == parse_cards("cA sQ hX h2")
    for bad in ("h1", "x2", "h", "s11", "", "hAA"):
        with pytest.raises(MariasError):
            parse_card(bad)
    with pytest.raises(MariasError):
        parse_cards("h2h2")


def _positions(rng: random.Random):
    for _ in range(300):
        yield random_ending(rng, rng.randint(2, 6), 6)
    for _ in range(200):
        yield random_with_talon(rng, rng.randint(2, 6), rng.choice((3, 5, 6)), rng.randint(1, 12))


def test_one_line_round_trip() -> None:
    rng = random.Random(1)
    for p in _positions(rng):
        assert Position.from_str(str(p)) == p
        assert eval(repr(p), {"Position": Position}) == p


def test_json_round_trip() -> None:
    rng = random.Random(2)
    for p in _positions(rng):
        data = json.loads(json.dumps(p.to_dict()))
        assert Position.from_dict(data) == p
        assert parse_position(json.dumps(data)) == p


def test_talon_of_unknown_order() -> None:
    p = Position.from_str("trump:h hands:c2c3c4c5c6/sQd3d4d5d6 talon:?8 attacker:1")
    assert p.talon is None and p.talon_size == 8 and not p.known
    assert Position.from_str(str(p)) == p and Position.from_dict(p.to_dict()) == p
    assert p.to_dict()["talon"] is None and p.to_dict()["talon_size"] == 8


def test_fields_in_any_order_and_defender_checked() -> None:
    a = Position.from_str("attacker:0 hands:h2h3sQ/h4d2cA/- trump:d talon:-")
    assert a.defender == 1 and a.out == [2]
    assert str(a) == "trump:d hands:h2h3sQ/h4d2cA/- talon:- attacker:0 defender:1"
    with pytest.raises(MariasError):
        Position.from_str("trump:d hands:h2h3sQ/h4d2cA/- talon:- attacker:0 defender:2")


@pytest.mark.parametrize("text", [
    "trump:s hands:h2/sQ attacker:0",  # spades are never trumps
    "trump:h hands:h2/sQ/h3/h4/h5/h6/h7 attacker:0",  # seven players
    "trump:h hands:h2/sQ attacker:2",  # no such seat
    "trump:h hands:h2h2/sQ attacker:0",  # a card twice
    "trump:h hands:h2/sQh2 attacker:0",  # a card in two hands
    "trump:h hands:h2/h3 attacker:0",  # no Maria
    "trump:h hands:h2/sQ attacker:0 table:c2d2",  # an attack of two suits
    "trump:h hands:h2/d5 attacker:0 table:sQs2",  # the Maria not alone
    "trump:h hands:-/sQ attacker:0",  # over: one seat holds cards
    "trump:h hands:h2/sQ attacker:0 talon:c2",  # hands short while the talon lasts
    "trump:h hands:h2/sQ",  # no attacker
    "trump:h hands:h2/sQ attacker:0 colour:red",  # unknown field
    "trump:h hands:h2/sQ attacker:0 talon:?x",
])
def test_bad_positions_are_refused(text: str) -> None:
    with pytest.raises(MariasError):
        Position.from_str(text)


def test_bad_json_is_refused() -> None:
    for data in ([], {"hands": "x"}, {"hands": [["h2"], ["sQ"]], "trump": 3, "attacker": 0},
                 {"hands": [["h2"], ["sQ"]], "trump": "h", "attacker": 0, "players": 3},
                 {"hands": [["h2"], ["sQ"]], "trump": "h", "attacker": 0, "size": 3}):
        with pytest.raises(MariasError):
            Position.from_dict(data)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), talon=st.integers(0, 12), size=st.sampled_from((3, 5, 6)),
       unknown=st.booleans())
def test_round_trips_hypothesis(seed: int, players: int, talon: int, size: int, unknown: bool) -> None:
    rng = random.Random(seed)
    talon = min(talon, 52 - players * (size + 1))  # the pack holds every hand at its largest and the talon
    p = random_with_talon(rng, players, size, talon) if talon else random_ending(rng, players, 6)
    if unknown and p.talon:
        p = Position(hands=p.hands, trump=p.trump, attacker=p.attacker, talon=None, talon_size=len(p.talon),
                     table=p.table, hand_size=p.hand_size)
    assert Position.from_str(str(p)) == p
    assert Position.from_dict(json.loads(json.dumps(p.to_dict()))) == p
