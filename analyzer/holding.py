"""What a hand holds, counted from its cards: suit lengths, trumps, sharp cards, aces, marriages.

The payments (the csm bonus table, docs/rules.md §7) and advice read these
counts instead of asking the player to type them. Everything here is counted
from a :class:`~analyzer.cards.CardSet`; nothing is guessed.

>>> h = Holding.from_str("hA hX hK hO h7 bA b9 l8 aK aO", trump="h")
>>> h.trumps, h.sharp_cards, h.aces, h.marriages, h.length("b")
(5, 3, 2, (<Suit.HEARTS: 0>, <Suit.ACORNS: 3>), 2)
>>> h.has("hA"), h.suits_held, h.suits_without_ace
(True, 4, 2)
"""
from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards import Card, CardSet, Rank, Suit

__all__ = ["Holding"]


def _suit(value: Suit | str | int) -> Suit:
    return Suit.from_str(value) if isinstance(value, str) else Suit(value)


@dataclass(frozen=True)
class Holding:
    """The cards of one hand (or a hand and the talon it discarded), with their counts.

    ``trump`` is the trump suit, or None in betl and durch (and when unknown):
    then :attr:`trumps` is 0.
    """

    cards: CardSet
    trump: Suit | None = None

    @classmethod
    def from_str(cls, text: str, trump: Suit | str | None = None) -> Holding:
        """Read card tokens (:meth:`CardSet.from_str`) and a trump suit letter. Raises NotationError."""
        return cls(CardSet.from_str(text), None if trump is None else _suit(trump))

    def length(self, suit: Suit | str | int) -> int:
        """How many cards of ``suit`` the hand holds."""
        return len(self.cards.suit(_suit(suit)))

    def has(self, card: Card | str) -> bool:
        return (Card.from_str(card) if isinstance(card, str) else card) in self.cards

    def has_rank(self, suit: Suit | str | int, rank: Rank) -> bool:
        return Card.make(_suit(suit), rank) in self.cards

    @property
    def trumps(self) -> int:
        """Cards of the trump suit (0 without trumps)."""
        return 0 if self.trump is None else self.length(self.trump)

    @property
    def sharp_cards(self) -> int:
        """Aces and tens (*ostré*), 10 points each."""
        return self.cards.points // 10

    @property
    def points(self) -> int:
        """Card points held: 10 for each ace and ten."""
        return self.cards.points

    @property
    def aces(self) -> int:
        return sum(self.has_rank(suit, Rank.ACE) for suit in Suit)

    @property
    def tens(self) -> int:
        return sum(self.has_rank(suit, Rank.TEN) for suit in Suit)

    @property
    def marriages(self) -> tuple[Suit, ...]:
        """The suits whose king and over-knave are both held (*hlášky*)."""
        return tuple(s for s in Suit if self.has_rank(s, Rank.KING) and self.has_rank(s, Rank.OVER))

    @property
    def sevens(self) -> tuple[Suit, ...]:
        return tuple(s for s in Suit if self.has_rank(s, Rank.SEVEN))

    @property
    def suits_held(self) -> int:
        """How many suits the hand has at least one card of."""
        return sum(self.length(s) > 0 for s in Suit)

    @property
    def suits_without_ace(self) -> int:
        """Suits held without their ace."""
        return sum(self.length(s) > 0 and not self.has_rank(s, Rank.ACE) for s in Suit)

    def __len__(self) -> int:
        return len(self.cards)
