"""Cards, suits, ranks and card sets, with the notation of docs/rules.md §1.

A card is a small int: ``suit * 8 + rank``, rank in the order of the games
with trumps (``7 8 9 U O K X A``). A set of cards is a 32-bit mask with one
8-bit lane per suit, the layout the C core uses.

>>> Card.from_str("h10")
Card.from_str('hX')
>>> str(CardSet.from_str("hA hX b7 ♣K"))
'hA hX b7 aK'
>>> CardSet.from_str("hA hX b7").pretty(unicode=True)
'♥ A X  ♦ 7'
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

from analyzer.errors import NotationError


class Suit(IntEnum):
    HEARTS = 0
    BELLS = 1
    LEAVES = 2
    ACORNS = 3

    @property
    def token(self) -> str:
        return SUIT_TOKENS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Read a suit letter or symbol (``h``, ``č``, ``♥``, ``d`` …).

        Raises NotationError for anything else.
        """
        key = text.strip().lower()
        if key not in _SUIT_ALIASES:
            raise NotationError(f"unknown suit {text!r} (use h, b, l or a)")
        return cls(_SUIT_ALIASES[key])


class Rank(IntEnum):
    """Ranks in the order of the games with trumps, low to high."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    UNDER = 3
    OVER = 4
    KING = 5
    TEN = 6
    ACE = 7

    @property
    def token(self) -> str:
        return RANK_TOKENS[self]


SUIT_TOKENS = "hbla"
SUIT_SYMBOLS = "♥♦♠♣"
RANK_TOKENS = "789UOKXA"
_SUIT_ALIASES = {
    "h": 0, "č": 0, "♥": 0, "♡": 0,
    "b": 1, "k": 1, "d": 1, "♦": 1, "♢": 1,
    "l": 2, "z": 2, "s": 2, "♠": 2, "♤": 2,
    "a": 3, "ž": 3, "c": 3, "♣": 3, "♧": 3,
}
# "S" alone is not accepted for the over-knave: it would read as spodek too. The Czech board
# prints Sp (spodek), Sv (svršek) and E (eso): what it prints reads back.
_RANK_ALIASES = {
    "7": 0, "8": 1, "9": 2, "U": 3, "J": 3, "SP": 3, "O": 4, "Q": 4, "SV": 4,
    "K": 5, "X": 6, "10": 6, "A": 7, "E": 7,
}
# Betl and durch rank the ten between the nine and the under-knave.
NOTRUMP_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.UNDER, Rank.OVER, Rank.KING, Rank.ACE)
SHARP_RANKS = (Rank.TEN, Rank.ACE)


class Card(int):
    """One of the 32 cards: ``suit * 8 + rank``."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value < 32:
            raise NotationError(f"card index {value!r} out of range 0..31")
        return super().__new__(cls, value)

    @classmethod
    def make(cls, suit: Suit | int, rank: Rank | int) -> Card:
        return cls(int(suit) * 8 + int(rank))

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Read a card token: suit then rank (``hA``, ``č10``, ``♥X``, ``dQ``).

        A unicode suit symbol may also stand after the rank (``A♥``).
        Raises NotationError, quoting the token, for anything else.
        """
        token = text.strip()
        if len(token) >= 2 and token[-1] in SUIT_SYMBOLS + "♡♢♤♧" and token[0] not in _SUIT_ALIASES:
            token = token[-1] + token[:-1]
        if len(token) < 2 or token[0].lower() not in _SUIT_ALIASES:
            raise NotationError(f"unknown card {text!r}")
        rank = _RANK_ALIASES.get(token[1:].upper())
        if rank is None:
            raise NotationError(f"unknown card {text!r}")
        return cls.make(_SUIT_ALIASES[token[0].lower()], rank)

    # The members looked up, not made: an enum's call costs more than the searches' own work
    # (the strict check asks for suits and ranks millions of times).
    @property
    def suit(self) -> Suit:
        return _SUITS[self >> 3]

    @property
    def rank(self) -> Rank:
        return _RANKS[self & 7]

    @property
    def points(self) -> int:
        """Card points: 10 for an ace or a ten, else 0."""
        return 10 if self.rank in SHARP_RANKS else 0

    def pretty(self, unicode: bool = False) -> str:
        return (self.suit.symbol if unicode else self.suit.token) + self.rank.token

    def __str__(self) -> str:
        return _TOKENS[self]

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"


_SUITS = tuple(Suit)
_RANKS = tuple(Rank)
_TOKENS = tuple(SUIT_TOKENS[i >> 3] + RANK_TOKENS[i & 7] for i in range(32))
ALL_CARDS = tuple(Card(i) for i in range(32))
# Per suit and lane (8 bits), the cards of the lane in display order (high rank first).
_LANE_CARDS = tuple(tuple(tuple(ALL_CARDS[8 * suit + rank] for rank in range(7, -1, -1) if lane >> rank & 1)
                          for lane in range(256)) for suit in range(4))
FULL_MASK = 0xFFFFFFFF
SHARP_MASK = 0xC0C0C0C0  # tens and aces: bits 6 and 7 of every lane
MARRIAGE_LANE = 0x30  # over-knave and king within a lane


class CardSet:
    """An immutable set of cards stored as a 32-bit mask (one 8-bit lane per suit).

    Iteration goes suit by suit (h, b, l, a), high rank first, as cards are
    shown in a hand.
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int] | int = 0) -> None:
        if isinstance(cards, int):
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= 1 << int(card)
        if not 0 <= mask <= FULL_MASK:
            raise NotationError(f"card mask {mask!r} out of range")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        # Pickled as its mask (a cluster's workers receive options and positions this way).
        return CardSet, (self.mask,)

    @classmethod
    def from_str(cls, text: str) -> CardSet:
        """Read space- or comma-separated card tokens, or the grouped form :meth:`pretty` writes
        (``h: A K O  b: A X``, ``♥ A X  ♦ 7``; ``-`` is no card). Duplicates are an error.

        >>> str(CardSet.from_str("h: A K  b: X")), str(CardSet.from_str("♥ A 10 ♣7"))
        ('hA hK bX', 'hA hX a7')
        """
        mask = 0
        for token, card in _grouped_tokens(text):
            bit = 1 << card
            if mask & bit:
                raise NotationError(f"duplicate card {token!r} in {text.strip()!r}")
            mask |= bit
        return cls(mask)

    @classmethod
    def parse(cls, value: object) -> CardSet:
        """A card set from a string (tokens or the grouped form) or a list of card tokens,
        as JSON and the command line give it. Raises NotationError for anything else."""
        if isinstance(value, CardSet):
            return value
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return cls.from_str(" ".join(value))
        if isinstance(value, str):
            return cls.from_str(value)
        raise NotationError(f"cards must be a string or a list of card tokens, not {value!r}")

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        for suit in range(4):
            yield from _LANE_CARDS[suit][mask >> (8 * suit) & 0xFF]

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 32 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & (0xFF << (8 * int(suit))))

    @property
    def points(self) -> int:
        """Card points: 10 for each ace and ten."""
        return 10 * (self.mask & SHARP_MASK).bit_count()

    def pretty(self, unicode: bool = False, notrump: bool = False) -> str:
        """The hand grouped by suit, high to low (``h: A X K  b: 7`` or ``♥ A X K  ♦ 7``).

        ``notrump`` orders each suit as in betl and durch (the ten below the under-knave).
        """
        order = NOTRUMP_ORDER if notrump else tuple(Rank)
        groups = []
        for suit in Suit:
            ranks = [r.token for r in reversed(order) if self.mask >> (suit * 8 + r) & 1]
            if ranks:
                label = suit.symbol if unicode else suit.token + ":"
                groups.append(label + " " + " ".join(ranks))
        return "  ".join(groups) if groups else "-"

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.from_str({str(self)!r})"


def _suit_label(token: str) -> Suit | None:
    """The suit a group starts with: ``h:`` or a bare symbol ``♥``; None for anything else."""
    if token.endswith(":") and token[:-1].strip().lower() in _SUIT_ALIASES:
        return Suit(_SUIT_ALIASES[token[:-1].strip().lower()])
    if len(token) == 1 and token in SUIT_SYMBOLS + "♡♢♤♧":
        return Suit(_SUIT_ALIASES[token])
    return None


def _grouped_tokens(text: str) -> Iterator[tuple[str, Card]]:
    """(token, card) for each card of ``text``: full tokens (``hA``), or bare ranks after a
    suit label (``h: A K``), which is how a player copies a hand from the display."""
    spaced = text.replace(",", " ").replace(":", ": ")
    suit: Suit | None = None
    for token in spaced.split():
        if token == "-":
            continue
        label = _suit_label(token)
        if label is not None:
            suit = label
            continue
        rank = _RANK_ALIASES.get(token.upper())
        if rank is not None and suit is not None:  # no card token is a bare rank: "A", "10", "k"
            yield token, Card.make(suit, rank)
            continue
        if rank is not None:
            raise NotationError(f"rank {token!r} without a suit in {text.strip()!r} (write hA, or h: A K)")
        yield token, Card.from_str(token)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read card tokens, keeping their order (for a trick or a line of play)."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        tokens = list(text)
    else:
        raise NotationError(f"cards must be given as tokens, got {text!r}")
    if not all(isinstance(t, str) for t in tokens):
        raise NotationError(f"cards must be given as tokens, got {tokens!r}")
    return [Card.from_str(token) for token in tokens]
