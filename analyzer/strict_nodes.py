"""The strict search's nodes (:mod:`analyzer.strict`): what the actor sees and the
redistributions still possible, and the plays that lead from one node to the next.

A node is a :class:`~analyzer.claim_reading.Claim` with the components still claimed; after
a play the unseen cards and what each defender cannot hold move on (:func:`after_actor`,
:func:`after_defender`, :func:`defence_plays`). :meth:`Node.shape` is a node up to the names
of its cards, and :func:`same_plays` the defence plays that need no search of their own
(docs/claims.md, "The search, and why it is exact").
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from analyzer.card_masks import unseen_split
from analyzer.cards import (
    ALL_CARDS,
    NOTRUMP_ORDER,
    SHARP_MASK,
    Card,
    CardSet,
    Rank,
    Suit,
)
from analyzer.claim_reading import Claim
from analyzer.contract import Contract
from analyzer.rules import Position, legal_cards, strength

__all__ = ["Node", "Unsupported", "advance", "after_actor", "after_defender", "defence_plays", "legal_in_pair",
           "same_plays"]

# Contracts left when an announced seven has left play (its goal settled): the rest of the
# play is scored as the contract without that seven (docs/claims.md, "Laid down without seeing").
_WITHOUT_TRUMP_SEVEN = {Contract.SEVEN: Contract.GAME, Contract.HUNDRED_SEVEN: Contract.HUNDRED,
                        Contract.SEVEN_AGAINST: Contract.GAME}
_WITHOUT_SIDE_SEVEN = {Contract.TWO_SEVENS: Contract.SEVEN, Contract.TWO_SEVENS_HUNDRED: Contract.HUNDRED_SEVEN}


class Unsupported(Exception):
    """A position the strict search cannot score (two-sevens after the trump seven fell early)."""


# --- playing forward ----------------------------------------------------------------------------


def advance(position: Position, card: Card, names: tuple[str, ...]) -> tuple[Position | None, tuple[str, ...] | None]:
    """``position`` after the player to move plays ``card`` (:meth:`Position.play`, the tricks
    not kept): the trick, the score and the leader move on.

    Returns the new position (None when the play is over) and the claimed components
    renamed for it (None when one of them is lost: an announced seven played out of its
    trick)."""
    after = position.play(card, check=False, history=False)  # the search's hot path: legal by construction
    if after.trick:
        return after, names
    left = len(after.hands[0])
    if left == 0:
        return None, names
    trick = position.trick + (card,)
    best = (after.leader - position.leader) % position.players
    contract, side_suit = position.contract, position.side_suit
    names, contract, side_suit = _sevens_settled(position, contract, side_suit, names, trick, best, left)
    if names is None:
        return None, None
    if contract is not position.contract or side_suit is not position.side_suit:
        after = after.replace_unchecked(contract=contract, side_suit=side_suit)
    return after, names


def _sevens_settled(position: Position, contract: Contract, side_suit: Suit | None, names: tuple[str, ...],
                    trick: tuple[Card, ...], best: int, left: int
                    ) -> tuple[tuple[str, ...] | None, Contract, Suit | None]:
    """An announced seven in a completed trick (``left`` tricks still to play): its goal is
    settled, and the rest is played as the contract without it."""
    if position.trump is None:
        return names, contract, side_suit
    if side_suit is not None and Card.make(side_suit, Rank.SEVEN) in trick:
        ok = left == 1 and trick[best] == Card.make(side_suit, Rank.SEVEN)
        if "two-sevens" in names and not ok:
            return None, contract, side_suit
        names = tuple("seven" if n == "two-sevens" else n for n in names)
        contract, side_suit = _WITHOUT_SIDE_SEVEN[contract], None
    if Card.make(position.trump, Rank.SEVEN) in trick and contract in (_WITHOUT_TRUMP_SEVEN.keys()
                                                                       | _WITHOUT_SIDE_SEVEN.keys()):
        if "seven" in names or "two-sevens" in names:
            return None, contract, side_suit  # the trump seven must win the last trick
        if contract not in _WITHOUT_TRUMP_SEVEN:
            raise Unsupported("two-sevens after the trump seven fell: no contract scores the rest")
        contract = _WITHOUT_TRUMP_SEVEN[contract]
    return names, contract, side_suit


# --- the nodes: what the actor sees and the redistributions left ---------------------------------


@dataclass(frozen=True)
class Node:
    """A node of the strict search: the claim as the actor sees it (the redistributions still
    possible) and the components still claimed."""

    claim: Claim
    names: tuple[str, ...]

    @property
    def position(self) -> Position:
        return self.claim.position

    def key(self) -> tuple:
        p, c = self.claim.position, self.claim
        return (p.hands[p.actor].mask, p.trick, p.leader, p.score, p.declared, p.contract, c.unseen.mask,
                c.forbidden[0].mask & c.unseen.mask, c.forbidden[1].mask & c.unseen.mask, c.sizes, self.names)


    def shape(self) -> tuple[tuple, tuple[Card, ...]]:
        """The node up to the names of its cards: (key, cards). Per suit, the cards still in play
        (the actor's, the unseen, the trick's) in the contract's order, each told by where it
        is (the actor's hand, the trick and its place there, unseen and which defender cannot
        hold it), its points, whether it is a king or over-knave (marriages) and whether it is
        an announced seven; then what the node holds besides cards. Two nodes of one key are
        the same game: the map between their ``cards``, place by place, keeps every suit, every
        comparison in a suit, the points, the marriages and the sevens, and the cards out of
        play never matter again (docs/claims.md, "The search, and why it is exact", step 6)."""
        p, c = self.claim.position, self.claim
        actor, unseen, announced = p.hands[p.actor].mask, c.unseen.mask, p.announced.mask
        f0, f1 = c.forbidden[0].mask & unseen, c.forbidden[1].mask & unseen
        trick = tuple(int(x) for x in p.trick)
        royal, notrump = p.trump is not None, p.notrump
        suits = []
        cards: tuple[Card, ...] = ()
        for low in (0, 8, 16, 24):
            seq, named = _suit_shape(low, notrump, royal, actor >> low & 0xFF, unseen >> low & 0xFF,
                                     f0 >> low & 0xFF, f1 >> low & 0xFF, announced >> low & 0xFF, trick)
            suits.append(seq)
            cards += named
        key = (tuple(suits), p.leader, p.score, p.declared, p.contract, p.side_suit, c.sizes, self.names)
        return key, cards


@functools.lru_cache(maxsize=1 << 16)
def _suit_shape(low: int, notrump: bool, royal: bool, actor: int, unseen: int, f0: int, f1: int, announced: int,
                trick: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """One suit of ``Node.shape`` (its cards from bit ``low``; the masks are the suit's lane):
    the shape's numbers and the cards they stand for. Remembered: the search meets few."""
    live = actor | unseen
    places = {}
    for i, b in enumerate(trick):
        if low <= b < low + 8:
            live |= 1 << (b - low)
            places[b] = i
    fixed = _FIXED[royal]
    seq, named = [], []
    for b in _LIVE[notrump][low >> 3][live]:
        r = b - low
        # Where it is: 0-2 its place in the trick, 3 the actor's, 4-7 unseen (2: defenders[0]
        # cannot hold it, 1: defenders[1] cannot); then what it is (see _FIXED), announced.
        if b in places:
            where = places[b]
        elif actor >> r & 1:
            where = 3
        else:
            where = 4 | (f0 >> r & 1) << 1 | (f1 >> r & 1)
        seq.append(where | fixed[b] | (announced >> r & 1) << 6)
        named.append(ALL_CARDS[b])
    return tuple(seq), tuple(named)


# Ranks from the lowest to the highest in the contract's order (a Rank is a card's bit in its suit).
_TRUMP_BITS = tuple(range(8))
_NOTRUMP_BITS = tuple(int(r) for r in NOTRUMP_ORDER)
# Per contract kind (betl and durch: True), suit and lane, the lane's cards from the lowest.
_LIVE = tuple(tuple(tuple(tuple(8 * suit + r for r in order if lane >> r & 1) for lane in range(256))
                    for suit in range(4)) for order in (_TRUMP_BITS, _NOTRUMP_BITS))
# Per card, what a node's shape keeps of it besides where it is: its points (bit 3) and, with
# trumps (True), whether it is an over-knave (bit 4) or a king (bit 5), for the marriages.
_FIXED = tuple(tuple((SHARP_MASK >> b & 1) << 3
                     | (royal and b & 7 == Rank.OVER) << 4 | (royal and b & 7 == Rank.KING) << 5 for b in range(32))
               for royal in (False, True))


def _claim(old: Claim, position: Position, unseen: CardSet, forbidden: Sequence[CardSet],
           sizes: Sequence[int]) -> Claim:
    return Claim(position, old.defenders, unseen, (forbidden[0] & unseen, forbidden[1] & unseen),
                 (sizes[0], sizes[1]))


def after_actor(node: Node, card: Card) -> Node | None:
    """The node after the actor's card (None: the play is over or a claimed goal is lost)."""
    position, names = advance(node.position, card, node.names)
    if position is None or names is None:
        return None
    c = node.claim
    return Node(_claim(c, position, c.unseen, c.forbidden, c.sizes), names)


def defence_plays(node: Node) -> list[tuple[str, Card, int, int]]:
    """Every play the defender to move can make in some redistribution left: (label, card, and
    the redistributions in which he makes it, before the card leaves his hand, as the cards
    each defender cannot hold: two masks). A king or over-knave that would declare a
    marriage in some of them and not in others is two plays, labelled "card+marriage" and
    "card": the declaration is said aloud."""
    c, position = node.claim, node.position
    i = c.defenders.index(position.to_move)
    out: list[tuple[str, Card, int, int]] = []
    trick, trump, notrump, announced = position.trick, position.trump, position.notrump, position.announced
    facts = _trick_facts(trick, trump, notrump)
    # The rank bits whose cards declare a marriage when played with the partner (b ^ 1) held.
    royal = () if trump is None else (Rank.OVER, Rank.KING) if position.marriage_rule == "czech" else (Rank.OVER,)
    unseen, size0 = c.unseen.mask, c.sizes[0]
    forbidden = (c.forbidden[0].mask, c.forbidden[1].mask)
    for card in CardSet(unseen & ~forbidden[i]):
        # He holds the card (forbidden to his partner) and nothing that would have made it illegal.
        bad = _illegal_with(card, facts, trick, trump, notrump, announced) & unseen
        mine, theirs = forbidden[i] | bad, forbidden[1 - i] | 1 << card
        variants = [(str(card), mine, theirs)]
        if card & 7 in royal and unseen >> (card ^ 1) & 1:
            partner = 1 << (card ^ 1)
            variants = [(f"{card}+marriage", mine, theirs | partner), (str(card), mine | partner, theirs)]
        for label, m, t in variants:
            f0, f1 = (m, t) if i == 0 else (t, m)
            if unseen_split(unseen, f0, f1, size0) is not None:  # some redistribution left makes this play
                out.append((label, card, f0, f1))
    return out


def _trick_facts(trick: tuple[Card, ...], trump: Suit | None, notrump: bool) -> tuple:
    """What ``legal_cards`` reads from the trick: the suit led, the highest card of it there,
    the highest trump there, and whether a trump is in it."""
    if not trick:
        return ()
    led = trick[0].suit
    top = max(strength(c, notrump) for c in trick if c.suit == led)
    trumps = [strength(c, notrump) for c in trick if c.suit == trump]
    return (led, top, max(trumps, default=-1), bool(trumps))


_ILLEGAL: dict[tuple, int] = {}


def _illegal_with(card: Card, facts: tuple, trick: tuple[Card, ...], trump: Suit | None, notrump: bool,
                  announced: CardSet) -> int:
    """The cards (a mask) that, held beside ``card``, would have made it illegal to play now
    (the pair rule of "The consistent option": legality in a hand of two cards). Remembered
    by ``facts`` (``_trick_facts``), all that legality reads from the trick."""
    key = (card, facts, trump, notrump, announced.mask)
    if key not in _ILLEGAL:
        _ILLEGAL[key] = _illegal_pairs(card, trick, trump, notrump, announced)
    return _ILLEGAL[key]


def _illegal_pairs(card: Card, trick: tuple[Card, ...], trump: Suit | None, notrump: bool, announced: CardSet) -> int:
    out = 0
    for x in range(32):
        if x != card and not legal_in_pair(card, Card(x), trick, trump, notrump, announced):
            out |= 1 << x
    return out


def legal_in_pair(card: Card, other: Card, trick: tuple[Card, ...], trump: Suit | None, notrump: bool,
                   announced: CardSet) -> bool:
    """May ``card`` be played from a hand of it and ``other``? (The rules' own legality: this
    table is built once for every card and trick met.)"""
    return card in legal_cards(CardSet([card, other]), trick, trump, notrump, announced)


def _first_world(unseen: int, forbidden0: int, forbidden1: int, size0: int) -> int | None:
    """The first redistribution of ``first_hands`` (the cards of ``defenders[0]``, a mask) of the
    claim with these masks, without listing the others: his forced cards and the first k
    free ones. None when there is none."""
    split = unseen_split(unseen, forbidden0, forbidden1, size0)
    if split is None:
        return None  # Claim.count() is 0
    first, free, k = split
    for b in _ITERATION_ORDER:  # CardSet's order, which subsets() lists combinations of
        if k == 0:
            break
        if free >> b & 1:
            first |= 1 << b
            k -= 1
    return first


_ITERATION_ORDER = tuple(8 * suit + rank for suit in range(4) for rank in range(7, -1, -1))


def after_defender(node: Node, card: Card, forbidden0: int, forbidden1: int) -> Node | None:
    """The node after the defender's ``card``, played in the redistributions of these masks (a
    play of ``defence_plays``); None when the play is over or a claimed goal is lost."""
    c, position = node.claim, node.position
    unseen = c.unseen.mask
    # The position holds the first of those redistributions (the checks list only what fits).
    first = _first_world(unseen, forbidden0, forbidden1, c.sizes[0])
    assert first is not None  # defence_plays lists only the plays some redistribution makes
    hands = list(position.hands)
    hands[c.defenders[0]], hands[c.defenders[1]] = CardSet(first), CardSet(unseen ^ first)
    after, names = advance(position.replace_unchecked(hands=tuple(hands)), card, node.names)
    if after is None or names is None:
        return None
    i = c.defenders.index(position.to_move)
    sizes = list(c.sizes)
    sizes[i] -= 1
    return Node(_claim(c, after, CardSet(unseen & ~(1 << card)), (CardSet(forbidden0), CardSet(forbidden1)), sizes),
                 names)


def same_plays(node: Node, labels: list[str]) -> dict[str, str]:
    """Defence plays that need no search of their own: {card: lower card}, the two adjacent in
    rank among the cards still in play (the actor's, the unseen, the trick), of one suit, with
    the same points, neither a king or over-knave (marriages) nor an announced seven, played by
    the last defender to play to this trick. Exchanging the two cards in every redistribution
    then maps the play after one onto the play after the other: every comparison between
    cards in play is kept but theirs, and the two can never meet in a trick again (the other
    is not the actor's and no defender plays to this trick after this one). So the plan after
    the higher card is the plan after the lower with the two exchanged (``swap_plan``)."""
    position = node.position
    after = [(position.leader + k) % 3 for k in range(len(position.trick) + 1, 3)]
    if any(seat != position.actor for seat in after):
        return {}
    plain = {int(Card.from_str(label)) for label in labels if "+" not in label}
    order = _NOTRUMP_BITS if position.notrump else _TRUMP_BITS  # ranks from the lowest
    in_play = node.claim.unseen.mask | position.hands[position.actor].mask | CardSet(position.trick).mask
    # Cards that cannot be exchanged: announced sevens, and kings and over-knaves with trumps.
    fixed = position.announced.mask
    if position.trump is not None:
        fixed |= sum(1 << (8 * suit + rank) for suit in range(4) for rank in (Rank.KING, Rank.OVER))
    out: dict[str, str] = {}
    for card in plain:
        if fixed >> card & 1:
            continue
        suit, place = card >> 3, order.index(card & 7)
        below = [8 * suit + r for r in order[:place] if in_play >> (8 * suit + r) & 1]
        if not below:
            continue
        lower = below[-1]
        if lower in plain and (SHARP_MASK >> lower & 1) == (SHARP_MASK >> card & 1) and not fixed >> lower & 1:
            out[str(Card(card))] = str(Card(lower))
    return out
