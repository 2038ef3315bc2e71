"""The laws of play every table shares (docs/rules.md §3): who leads first, the rank of a card
in the contract's order, who wins a trick, and which cards may be played to it.

>>> from analyzer.cards import CardSet
>>> [str(c) for c in legal_cards(CardSet.from_str("h7 b7"), [Card.from_str("hA")], Suit.HEARTS, False)]
['h7']
"""
from __future__ import annotations

from collections.abc import Sequence

from analyzer.cards import NOTRUMP_ORDER, Card, CardSet, Rank, Suit
from analyzer.contract import Contract


def default_leader(contract: Contract, actor: int, rules: str) -> int:
    """Who leads to the first trick: forehand in the licitovaný rules (the actor in
    betl and durch), the actor in the basic game (docs/rules.md §3)."""
    if rules == "basic" or not contract.has_trumps:
        return actor
    return 0


def strength(card: Card, notrump: bool) -> int:
    """Rank of a card within its suit, 0 (seven) to 7 (ace), in the contract's order."""
    return NOTRUMP_ORDER.index(card.rank) if notrump else int(card.rank)


def _beats(a: Card, b: Card, trump: Suit | None, notrump: bool) -> bool:
    if a.suit == b.suit:
        return strength(a, notrump) > strength(b, notrump)
    return a.suit == trump


def trick_winner(trick: Sequence[Card], trump: Suit | None, notrump: bool) -> int:
    """Index within the trick of the card that wins it."""
    best = 0
    for i in range(1, len(trick)):
        if _beats(trick[i], trick[best], trump, notrump):
            best = i
    return best


def legal_cards(
    hand: CardSet,
    trick: Sequence[Card],
    trump: Suit | None,
    notrump: bool,
    announced: CardSet = CardSet(),  # noqa: B008 (CardSet is immutable)
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (docs/rules.md §3)."""
    moves = list(hand)
    if trick:
        led = trick[0].suit
        follow = [c for c in hand if c.suit == led]
        trumps_in = [c for c in trick if c.suit == trump]
        if follow:
            trumped = led != trump and bool(trumps_in)
            top = max(strength(c, notrump) for c in trick if c.suit == led)
            higher = [c for c in follow if strength(c, notrump) > top]
            moves = higher if higher and not trumped else follow
        elif trump is not None and any(c.suit == trump for c in hand):
            trumps = [c for c in hand if c.suit == trump]
            top_trump = max((strength(c, notrump) for c in trumps_in), default=-1)
            higher = [c for c in trumps if strength(c, notrump) > top_trump]
            moves = higher or trumps
    if any(c in announced for c in moves) and any(c not in announced for c in moves):
        moves = [c for c in moves if c not in announced]
    return CardSet(moves)


def seven_of(suit: Suit) -> Card:
    return Card.make(suit, Rank.SEVEN)
