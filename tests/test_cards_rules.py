"""Card notation, positions and their checks."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randpos import random_position

from analyzer.cards import Card, CardSet, Suit, parse_cards
from analyzer.errors import MariasError, NotationError, PositionError
from analyzer.rules import Contract, Position, legal_cards, trick_winner


@pytest.mark.parametrize("token, canonical", [
    ("hA", "hA"), ("č10", "hX"), ("♥X", "hX"), ("A♥", "hA"), ("kK", "bK"), ("dQ", "bO"),
    ("zU", "lU"), ("sJ", "lU"), ("ž7", "a7"), ("c9", "a9"), ("HA", "hA"), ("♣8", "a8"), ("b10", "bX"),
])
def test_aliases_read_to_the_canonical_token(token: str, canonical: str) -> None:
    assert str(Card.from_str(token)) == canonical


@pytest.mark.parametrize("token", ["hS", "x7", "h", "h11", "", "hAA", "7h"])
def test_bad_tokens_are_refused_with_the_token_quoted(token: str) -> None:
    with pytest.raises(NotationError, match=repr(token) if token else "unknown card"):
        Card.from_str(token)


@given(st.integers(min_value=0, max_value=0xFFFFFFFF))
def test_card_sets_round_trip_through_text(mask: int) -> None:
    cards = CardSet(mask)
    assert CardSet.from_str(str(cards)) == cards
    assert len(cards) == mask.bit_count()
    assert [repr(c) for c in cards] == [f"Card.from_str({str(c)!r})" for c in cards]


def test_pretty_groups_by_suit_high_first_in_both_orders() -> None:
    hand = CardSet.from_str("hX hU hA b7 aK")
    assert hand.pretty() == "h: A X U  b: 7  a: K"
    assert hand.pretty(unicode=True) == "♥ A X U  ♦ 7  ♣ K"
    assert hand.pretty(notrump=True) == "h: A U X  b: 7  a: K"


def test_duplicate_card_in_a_hand_is_refused() -> None:
    with pytest.raises(NotationError, match="duplicate card 'hA'"):
        CardSet.from_str("hA bX hA")


def test_parse_cards_keeps_order() -> None:
    assert [str(c) for c in parse_cards("l7 hA bX")] == ["l7", "hA", "bX"]


# --- legal cards ----------------------------------------------------------------

def cs(text: str) -> CardSet:
    return CardSet.from_str(text)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


@pytest.mark.parametrize("hand, trick, trump, notrump, expected", [
    ("h7 hK bA", "h9", Suit.LEAVES, False, "hK"),          # must follow and beat
    ("h7 h8 bA", "hA", Suit.LEAVES, False, "h8 h7"),       # cannot beat: any card of the suit
    ("h7 hK bA", "h9 lU", Suit.LEAVES, False, "hK h7"),    # trumped trick: any card of the suit
    ("l7 lA bA", "h9", Suit.LEAVES, False, "lA l7"),       # void: trump
    ("l7 lA bA", "h9 lK", Suit.LEAVES, False, "lA"),       # void: over-trump when able
    ("l7 bA", "h9 lK", Suit.LEAVES, False, "l7"),          # void, cannot over-trump: any trump
    ("bA a7", "h9 lK", Suit.LEAVES, False, "bA a7"),       # void in both: anything
    ("hX hU", "h9", None, True, "hU hX"),                  # betl order: the ten is below the under
    ("hX hU", "hO", None, True, "hU hX"),
    ("hX h8", "h9", None, True, "hX"),
])
def test_legal_cards(hand: str, trick: str, trump: Suit | None, notrump: bool, expected: str) -> None:
    assert legal_cards(cs(hand), cards(trick), trump, notrump) == cs(expected)


def test_announced_seven_is_held_back_until_nothing_else_is_legal() -> None:
    seven = cs("l7")
    assert legal_cards(cs("l7 lA bA"), cards("h9"), Suit.LEAVES, False, seven) == cs("lA")
    assert legal_cards(cs("l7 bA"), cards("h9 lK"), Suit.LEAVES, False, seven) == cs("l7")
    assert legal_cards(cs("l7 bA"), [], Suit.LEAVES, False, seven) == cs("bA")


def test_trick_winner() -> None:
    assert trick_winner(cards("h9 hX hA"), Suit.LEAVES, False) == 2
    assert trick_winner(cards("h9 l7 hA"), Suit.LEAVES, False) == 1
    assert trick_winner(cards("h9 bA hK"), Suit.LEAVES, False) == 2
    assert trick_winner(cards("hX hU h9"), None, True) == 1


# --- positions ---------------------------------------------------------------------

BASE = {"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game", "actor": 0}


@pytest.mark.parametrize("change, message", [
    ({"hands": ["hA hA", "h7 b7", "h8 b8"]}, "duplicate card 'hA'"),
    ({"hands": ["hA hX", "hA b7", "h8 b8"]}, "card hA appears twice"),
    ({"hands": ["hA hX bA", "h7 b7", "h8 b8"]}, "hand 0 holds 3 cards but should hold 2"),
    ({"hands": ["hA", "h7 b7", "h8 b8"]}, "hand 0 holds 1 cards but should hold 2"),
    ({"hands": ["hA hX", "h7 b7", "h8"]}, "hand 2 holds 1 cards but should hold 2"),
    ({"hands": [["hA", "hX"], "h: 7  b: 7", "♥8 ♦8"]}, None),
    ({"trump": "none", "contract": "durch"}, None),
    ({"contract": "Malá", "trump": "None"}, None),
    ({"hands": ["hA hX", "h7 b7"]}, "three strings"),
    ({"hands": ["hA qq", "h7 b7", "h8 b8"]}, "unknown card 'qq'"),
    ({"trick": ["hX"], "hands": ["hA", "h7 b7", "h8 b8"]}, None),
    ({"trick": ["bA"], "hands": ["hA", "h7 b7", "h8 b8"]}, None),
    ({"trick": ["hA"], "hands": ["hA", "h7 b7", "h8 b8"]}, "card hA appears twice"),
    ({"trick": ["hX", "b7"], "hands": ["hA", "h7", "h8 b8"]}, "cannot have been played"),
    ({"contract": "seven"}, "does not hold the trump seven h7"),
    ({"contract": "seven-against", "hands": ["hA h7", "hX b7", "h8 b8"]}, "no defender holds"),
    ({"contract": "two-sevens", "side_suit": "b", "hands": ["h7 b7", "hA hX", "h8 b8"]}, None),
    ({"contract": "two-sevens", "side_suit": "h", "hands": ["h7 b7", "hA hX", "h8 b8"]}, "must differ from trump"),
    ({"contract": "two-sevens", "side_suit": "l", "hands": ["h7 b7", "hA hX", "h8 b8"]}, "side-suit seven l7"),
    ({"contract": "betl"}, "without trumps, but trump 'h'"),
    ({"contract": "durch", "trump": None}, None),
    ({"contract": "game", "trump": None}, "needs a trump suit"),
    ({"contract": "bridge"}, "unknown contract 'bridge'"),
    ({"trump": "q"}, "trump: unknown suit 'q'"),
    ({"actor": 3}, "actor must be a seat 0, 1 or 2, not 3"),
    ({"rules": "skat"}, "unknown rule set 'skat'"),
    ({"talon": "bA bX aA"}, "talon holds 2 cards, not 3"),
    ({"talon": ["a7"]}, None),
    ({"talon": [7]}, "'talon' must be a string of card tokens"),
    ({"trick": [7]}, "cards must be given as tokens"),
    ({"trick": True}, "cards must be given as tokens"),
    ({"trick": {"a": 1}}, "cards must be given as tokens"),
    ({"score": {"actor": -10}}, "score.actor must be"),
    ({"color": "h"}, "unknown key 'color'"),
])
def test_bad_positions_are_named_in_one_line(change: dict, message: str | None) -> None:
    data = {**BASE, **change}
    if message is None:
        Position.from_json(data)  # valid: must not raise
        return
    with pytest.raises(MariasError, match=message) as info:
        Position.from_json(data)
    assert "\n" not in str(info.value)


def test_position_json_round_trips() -> None:
    rng = random.Random(4)
    for _ in range(300):
        data = random_position(rng, rng.randint(1, 10))
        position = Position.from_json(data)
        assert Position.from_json(position.to_json()) == position


def test_default_leader_follows_the_rule_set() -> None:
    hands = ["h7 bA", "hA bX", "h8 b8"]
    assert Position.from_json({"hands": hands, "trump": "h", "contract": "game", "actor": 2}).leader == 0
    assert Position.from_json({"hands": hands, "trump": None, "contract": "betl", "actor": 2}).leader == 2
    assert Position.from_json({"hands": hands, "trump": "h", "contract": "game", "actor": 2,
                               "rules": "basic"}).leader == 2


def test_errors_are_value_errors() -> None:
    assert issubclass(PositionError, ValueError) and issubclass(NotationError, ValueError)
    assert Contract("betl").has_trumps is False


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=12)
    | st.sampled_from(["hA hX", "h", "game", "betl", "b7 b8", "csm", "over-first"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(sorted(BASE) + ["trick", "talon", "score", "marriages", "side_suit",
                                                      "leader", "rules", "marriage_rule"]),
                       JSON_VALUES, max_size=4))
def test_any_json_is_read_or_refused_in_one_line(change: dict) -> None:
    """Fuzz: whatever the JSON holds, reading it either works or raises MariasError (no traceback)."""
    try:
        Position.from_json({**BASE, **change})
    except MariasError as exc:
        assert "\n" not in str(exc)


def test_card_sets_and_positions_survive_pickling():
    # A dask cluster ships options and positions to its workers by pickle.
    import pickle

    hand = CardSet.from_str("hA hX b7 a9")
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert pickle.loads(pickle.dumps(CardSet())) == CardSet()
    position = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
    assert pickle.loads(pickle.dumps(position)) == position


ROOT = Path(__file__).resolve().parent.parent

# The Czech board's rank names (analyzer/web/static/board.js, ``ranks``): what it prints reads back.
CZECH_RANKS = {"7": "7", "8": "8", "9": "9", "U": "Sp", "O": "Sv", "K": "K", "X": "10", "A": "E"}


def test_the_boards_czech_rank_names_read_back() -> None:
    for card in (Card(i) for i in range(32)):
        czech = CZECH_RANKS[card.rank.token]
        assert Card.from_str(card.suit.token + czech) == card
        assert Card.from_str(card.suit.symbol + czech) == card
        assert Card.from_str(czech + card.suit.symbol) == card
    grouped = "  ".join(f"{s.symbol} " + " ".join(CZECH_RANKS[r] for r in "AXKOU987") for s in Suit)
    assert CardSet.from_str(grouped) == CardSet(range(32))
    board = (ROOT / "analyzer" / "web" / "static" / "board.js").read_text()
    assert 'ranks: { 7: "7", 8: "8", 9: "9", U: "Sp", O: "Sv", K: "K", X: "10", A: "E" }' in board
