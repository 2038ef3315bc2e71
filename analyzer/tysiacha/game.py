"""Tysiacha's pack and the rules a search is asked under (docs/rules.md "Tysiacha").

The cards are ``analyzer.cards``' cards (the same tokens and bit layout); Tysiacha uses the
24 from the nine up. Points: A 11, X 10, K 4, O 3, U 2, 9 0 (120 in all).
"""
from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.errors import NotationError

RANKS = (Rank.NINE, Rank.UNDER, Rank.OVER, Rank.KING, Rank.TEN, Rank.ACE)
POINTS = {Rank.NINE: 0, Rank.UNDER: 2, Rank.OVER: 3, Rank.KING: 4, Rank.TEN: 10, Rank.ACE: 11}
DECK = CardSet(Card.make(s, r) for s in Suit for r in RANKS)
DECK_MASK = DECK.mask
TOTAL_POINTS = 120
# Marriage points per suit (h b l a): the seed's (Russian) order and the German option.
MARRIAGES = {
    "seed": (100, 80, 40, 60),
    "german": (60, 40, 80, 100),
}


def card_points(card: int) -> int:
    return POINTS[Rank(card & 7)]


def set_points(cards: CardSet) -> int:
    return sum(card_points(c) for c in cards)


def check_cards(cards: CardSet, what: str) -> None:
    """Tysiacha has no sevens or eights: one line naming the first one found."""
    extra = cards - DECK
    if extra:
        raise NotationError(f"{what}: {next(iter(extra))} is not a Tysiacha card (nines to aces only)")


def marriages_in(hand: CardSet) -> list[Suit]:
    """The suits whose king and over-knave are both in ``hand``."""
    return [s for s in Suit if Card.make(s, Rank.KING) in hand and Card.make(s, Rank.OVER) in hand]


@dataclass(frozen=True)
class Rules:
    """What a search is asked under: the marriage values, whether the hand's first lead may
    declare (standard: no) and whether a follower must head the trick (seed and standard: no)."""

    marriages: str = "seed"
    any_lead: bool = False
    must_beat: bool = False

    def __post_init__(self) -> None:
        if self.marriages not in MARRIAGES:
            raise NotationError(f"marriages must be one of {', '.join(MARRIAGES)}, not {self.marriages!r}")

    @property
    def values(self) -> tuple[int, int, int, int]:
        return MARRIAGES[self.marriages]  # type: ignore[return-value]

    def marriage(self, suit: Suit | int) -> int:
        return self.values[int(suit)]

    def core_game(self, declarer: int) -> tuple:
        """The game as cext/tysiacha.h takes it."""
        return (declarer, int(self.any_lead), int(self.must_beat), self.values)
