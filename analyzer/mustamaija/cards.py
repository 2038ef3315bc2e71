"""Mustamaija's cards: a 52-card French pack (and the joker variant's joker) as small ints,
a set of cards as an int bitmask.

A card is ``suit * 13 + rank``: suits ``h d s c`` (0-3), ranks ``2``-``9 X J Q K A``
(0-12, ace high). The joker of the translator's house variant is 52. A hand is the
int whose bit ``card`` is set for each card held: union, difference and size are
one machine operation each, and a hand is its own hash key in the solver's tables.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from analyzer.errors import NotationError

SUITS = "hdsc"
RANKS = "23456789XJQKA"
SPADES = SUITS.index("s")
QUEEN_OF_SPADES = SPADES * 13 + RANKS.index("Q")
JOKER = 52
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_PACK = (1 << 52) - 1

_TOKEN = re.compile(r"\s*(?:(jk)|([hdsc])(10|[2-9xjqka]))\s*", re.IGNORECASE)


def suit_of(card: int) -> int:
    """The suit (0-3) of a card; the joker has none (-1)."""
    return -1 if card == JOKER else card // 13


def rank_of(card: int) -> int:
    """The rank (0 = two ... 12 = ace) of a card; the joker's is -1."""
    return -1 if card == JOKER else card % 13


def card_str(card: int) -> str:
    """The canonical token: ``hX``, ``sQ``, ``jk``."""
    if card == JOKER:
        return "jk"
    if not 0 <= card < 52:
        raise NotationError(f"no card has the number {card!r}")
    return SUITS[card // 13] + RANKS[card % 13]


def parse_card(text: str) -> int:
    """One token (``hX``, ``h10``, ``Sq``, ``jk``) to its number."""
    match = _TOKEN.fullmatch(text)
    if match is None:
        raise NotationError(f"not a card: {text!r} (a suit h d s c and a rank 2-9 X J Q K A, 10 accepted)")
    if match.group(1):
        return JOKER
    rank = match.group(3).upper()
    return SUITS.index(match.group(2).lower()) * 13 + RANKS.index("X" if rank == "10" else rank)


def parse_cards(text: str) -> int:
    """Tokens written together or apart (``h2h3 sQ``, ``h10,d2``) to a mask; ``-`` or nothing is empty."""
    text = text.strip()
    if text in ("", "-"):
        return 0
    mask = 0
    pos = 0
    cleaned = text.replace(",", " ")
    while pos < len(cleaned):
        if cleaned[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(cleaned, pos)
        if match is None:
            raise NotationError(f"not a card at {cleaned[pos:pos + 3]!r} in {text!r}")
        card = parse_card(match.group(0))
        if mask >> card & 1:
            raise NotationError(f"{card_str(card)} twice in {text!r}")
        mask |= 1 << card
        pos = match.end()
    return mask


def parse_card_list(text: str) -> list[int]:
    """Tokens in their written order (a talon top first), duplicates refused."""
    cards: list[int] = []
    for token in _split_tokens(text):
        card = parse_card(token)
        if card in cards:
            raise NotationError(f"{card_str(card)} twice in {text!r}")
        cards.append(card)
    return cards


def _split_tokens(text: str) -> list[str]:
    text = text.replace(",", " ").strip()
    if text in ("", "-"):
        return []
    tokens, pos = [], 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        match = _TOKEN.match(text, pos)
        if match is None:
            raise NotationError(f"not a card at {text[pos:pos + 3]!r} in {text!r}")
        tokens.append(match.group(0).strip())
        pos = match.end()
    return tokens


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest number first (hearts 2 first, the joker last)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def mask_str(mask: int, sep: str = "") -> str:
    """A mask as tokens, ``-`` when empty."""
    return sep.join(card_str(c) for c in cards_of(mask)) or "-"


def parse_suit(text: str) -> int:
    """A trump suit ``h d s c`` to 0-3."""
    t = text.strip().lower()
    if len(t) != 1 or t not in SUITS:
        raise NotationError(f"not a suit: {text!r} (one of h d s c)")
    return SUITS.index(t)
