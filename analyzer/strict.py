"""Laid down without seeing (issue 11): one plan for the actor, each card chosen from what he
can see, that makes the contract against every redistribution and every defence play.

The open-handed check of :mod:`analyzer.claims` lets the actor play differently in each
redistribution, as if he could see the cards. Here he sees only his own hand, the cards
played so far and the current trick (and the marriages declared, which are announced
aloud); the defenders see everything (the worst case). ``docs/claims.md`` ("Laid down
without seeing") gives the definition, the search and why it is exact.

The search is an AND–OR search over what the actor sees. A node is a :class:`Claim`:
the position as the actor sees it and the redistributions still possible (the unseen
cards with, per defender, the cards he cannot hold: what the defence's plays have shown).

- **Actor to move (OR)**: some legal card must lead to a won node.
- **A defender to move (AND)**: every card he can hold and legally play in some
  redistribution (and, for a king or over-knave, with and without the marriage he
  would declare) must lead to a won node; the redistributions shrink to those in
  which that play happened.
- **Lost cut**: after each card of the actor's, the open-handed check of every
  redistribution left (``check_claim``, the solver's searches): one redistribution
  lost with open cards loses the node (no plan can do better than seeing).
  A defender's card needs no check: whatever the defence plays, a redistribution won
  open-handed before it stays won.
- **Won cuts**: one redistribution left (the actor now knows every card: play it open);
  the actor has at most one card left (nothing more to choose); every redistribution a
  sure win of the claim check (``docs/claims.md``, "Sure wins"), whose plans are played
  without seeing (:func:`sure_card`); and, searched, a sure plan played from the node on
  against every redistribution and every defence play (``check_open(..., policy=...)``:
  the core plays :func:`sure_card` for the actor), the proofs' own (cashing) and then
  side-first (:func:`plan_kinds`). After an actor's card that search runs first: where a
  plan wins, the open-handed check is not needed.
- **Order**: at a defence node, the replies that refuted the actor before, at the same
  defender's hand size, first (one refutation settles the node).
- **Killers**: a redistribution that lost a check is searched first by the next checks
  (``check_open(..., first=...)``); one rare lie of the cards often beats many cards.
- **Lean checks**: on a node of a few hundred redistributions or fewer, the plan's search and
  the open-handed check after it skip the claim check's table and proofs
  (:func:`analyzer.lean_check.first_lost`): only the cost changes.

>>> result = check_strict({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8",
...                        "trump": "h", "contract": "game", "actor": 0})
>>> result.strict, result.plan
(True, {'sure': 'cashing'})
"""
from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

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
from analyzer.claim_reading import (
    Claim,
    ClaimError,
    ClaimTimeout,
    first_hands,
    read_claim,
)
from analyzer.contract import Contract
from analyzer.lean_check import LEAN_MAX, first_lost
from analyzer.open_check import (
    POLICIES,
    ClaimResult,
    Counterexample,
    check_open,
    claim_components,
    component_check,
    strict_keys,
)
from analyzer.rules import Position, legal_cards, strength, trick_winner
from analyzer.solver import Solver, default_solver, questions

# Contracts left when an announced seven has left play (its goal settled): the rest of the
# play is scored as the contract without that seven (docs/claims.md, "Laid down without seeing").
_WITHOUT_TRUMP_SEVEN = {Contract.SEVEN: Contract.GAME, Contract.HUNDRED_SEVEN: Contract.HUNDRED,
                        Contract.SEVEN_AGAINST: Contract.GAME}
_WITHOUT_SIDE_SEVEN = {Contract.TWO_SEVENS: Contract.SEVEN, Contract.TWO_SEVENS_HUNDRED: Contract.HUNDRED_SEVEN}
# Below this many redistributions a node's open-handed check runs on one thread (no pool).
_ONE_THREAD = 512
_KILLERS = 8  # losing redistributions remembered per kind of check (each costs one search to try)


class StrictTimeout(Exception):
    """The strict search ran past its time limit (the verdict is then "undecided")."""


class _Unsupported(Exception):
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
    best = (after.leader - position.leader) % 3
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
            raise _Unsupported("two-sevens after the trump seven fell: no contract scores the rest")
        contract = _WITHOUT_TRUMP_SEVEN[contract]
    return names, contract, side_suit


# --- the nodes: what the actor sees and the redistributions left ---------------------------------


@dataclass(frozen=True)
class _Node:
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
    """One suit of ``_Node.shape`` (its cards from bit ``low``; the masks are the suit's lane):
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


def _after_actor(node: _Node, card: Card) -> _Node | None:
    """The node after the actor's card (None: the play is over or a claimed goal is lost)."""
    position, names = advance(node.position, card, node.names)
    if position is None or names is None:
        return None
    c = node.claim
    return _Node(_claim(c, position, c.unseen, c.forbidden, c.sizes), names)


def defence_plays(node: _Node) -> list[tuple[str, Card, int, int]]:
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
        if x != card and not _legal_in_pair(card, Card(x), trick, trump, notrump, announced):
            out |= 1 << x
    return out


def _legal_in_pair(card: Card, other: Card, trick: tuple[Card, ...], trump: Suit | None, notrump: bool,
                   announced: CardSet) -> bool:
    """May ``card`` be played from a hand of it and ``other``? (The rules' own legality: this
    table is built once for every card and trick met.)"""
    return card in legal_cards(CardSet([card, other]), trick, trump, notrump, announced)


def _first_world(unseen: int, forbidden0: int, forbidden1: int, size0: int) -> int | None:
    """The first redistribution of ``_masks`` (the cards of ``defenders[0]``, a mask) of the
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


def _after_defender(node: _Node, card: Card, forbidden0: int, forbidden1: int) -> _Node | None:
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
    return _Node(_claim(c, after, CardSet(unseen & ~(1 << card)), (CardSet(forbidden0), CardSet(forbidden1)), sizes),
                 names)


# --- the sure plans, played without seeing --------------------------------------------------------


def sure_card(position: Position, unseen: CardSet, kind: str) -> Card:
    """The card the sure plans of the claim check play (docs/claims.md, "Sure wins"), chosen
    from what the actor sees: his hand, the trick, and ``unseen`` (the cards not yet played
    that are not his).

    Cashing: on lead, his highest trump while the defence may hold a trump (his announced
    sevens aside), then the top card of a side suit in which it is the highest card left
    (a winner), then his lowest side card, then his trumps from the top, an announced side
    seven before the trump seven. Following: the lowest card that beats the trick so far,
    else the lowest card (side cards before trumps). Side-first: the same without the trumps
    led first (winners, then his lowest side card, then trumps from the top), and following
    with a defender still to play, of the cards that beat the trick the lowest that no unseen
    card beats, if there is one. Betl: on lead the card that an unseen
    card of its suit beats (the one card that is not the lowest of its suit, if there is
    one); following, the lowest card that stays under the trick, else the lowest; void,
    the highest card.
    """
    hand = position.hands[position.actor]
    legal = list(position.legal_moves())
    nt, trump = position.notrump, position.trump
    trick = position.trick

    def rank(c: Card) -> int:
        return strength(c, nt)

    if kind == "betl":
        if not trick:
            above = [c for c in legal if any(u.suit == c.suit and rank(u) > rank(c) for u in unseen)]
            risky = [c for c in above if any(u.suit == c.suit and rank(u) < rank(c) for u in unseen)]
            return (risky or above or legal)[0]
        best = trick[trick_winner(trick, trump, nt)]
        if not any(c.suit == trick[0].suit for c in hand):
            return max(legal, key=rank)
        under = [c for c in legal if c.suit == best.suit and rank(c) < rank(best)]
        return min(under or legal, key=rank)
    if not trick:
        announced = position.announced
        trumps = [c for c in legal if c.suit == trump and c not in announced]
        if kind == "cashing" and trumps and any(u.suit == trump for u in unseen):
            return max(trumps, key=rank)
        side = [c for c in legal if c.suit != trump and c not in announced]
        winners = [c for c in side if max((c2 for c2 in hand if c2.suit == c.suit), key=rank) == c
                   and not any(u.suit == c.suit and rank(u) > rank(c) for u in unseen)]
        if winners:
            return winners[0]
        if side:
            return min(side, key=rank)
        if trumps:
            return max(trumps, key=rank)
        sevens = [c for c in legal if c.suit != trump]
        return (sevens or legal)[0]
    beating = [c for c in legal if trick_winner(trick + (c,), trump, nt) == len(trick)]
    if kind == "side-first" and len(trick) == 1:  # a defender still to play
        safe = [c for c in beating if all(trick_winner((c, u), trump, nt) == 0 for u in unseen)]
        beating = safe or beating
    return min(beating or legal, key=lambda c: (c.suit == trump, rank(c)))


def _betl_under(position: Position, unseen: CardSet) -> bool:
    """Betl, the actor not leading a fresh trick, each of his cards below every card of its suit
    still in the defence's hands or in the trick: the defence wins every trick (a lead of a
    suit he holds is above all his cards of it; void, he throws anything), so it leads every
    trick, and that stays so as cards leave play. Sound whatever the redistribution."""
    if position.contract not in (Contract.BETL, Contract.OPEN_BETL):
        return False
    if position.leader == position.actor:
        return False  # he leads (or led) this trick: the claim check's own betl plan covers that
    others = unseen | CardSet(position.trick)
    for card in position.hands[position.actor]:
        if any(o.suit == card.suit and strength(o, True) < strength(card, True) for o in others):
            return False
    return True


def _all_sure(claim: Claim, name: str) -> bool:
    """Is every redistribution of ``claim`` a sure win of component ``name`` (the claim check's
    proofs of docs/claims.md, "Sure wins", without its search)?"""
    return bool(claim.count()) and bool(component_check(claim, name).proven.all())


def sure_kind(position: Position) -> str:
    """The sure plan of the claim check's proofs ("Sure wins") for the position's contract."""
    return "betl" if position.contract in (Contract.BETL, Contract.OPEN_BETL) else "cashing"


def plan_kinds(position: Position) -> tuple[str, ...]:
    """The sure plans the strict search tries at a node, in order: the proofs' own, then, but for
    betl, side-first (the actor's safest card when following; no trumps drawn first)."""
    kind = sure_kind(position)
    return (kind,) if kind == "betl" else (kind, "side-first")


# --- the search -----------------------------------------------------------------------------------


@dataclass
class _Unchecked:
    """A node after a card of the actor's whose open-handed check is still to be run (the
    redistributions ``settled`` are known made by the sure plan and not searched)."""

    settled: np.ndarray | None


@dataclass
class _Fail:
    """Why a node is lost: an open-handed counterexample, a defence play, every card, or a node
    of the same shape (``child``, whose cards ``names`` renames to this node's)."""

    kind: str  # "open", "reply", "cards", "same"
    result: ClaimResult | None = None
    reply: str | None = None
    child: _Node | None = None
    cards: dict[Card, _Node | None] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # "same": the lost node's cards -> this node's


def _remember(killers: list[CardSet], cards: CardSet) -> None:
    """A redistribution that lost a check goes first in ``killers`` (the most recent first)."""
    if cards in killers:
        killers.remove(cards)
    killers.insert(0, cards)
    del killers[_KILLERS:]


class _Search:
    def __init__(self, deadline: float | None, tt_log2: int, threads: int | None, solver: Solver | None,
                 shapes: bool = True, sure_plans: bool = True) -> None:
        self.deadline = deadline
        self.shapes = shapes  # False: nodes remembered by their own cards only (tests compare the two)
        self.sure_plans = sure_plans  # False: no sure plan searched (_win step 5; the tests compare the two)
        self.renamed = 0  # nodes answered by a node of the same shape with other cards
        self.tt_log2 = tt_log2
        self.threads = threads
        self.solver = solver
        self.won: dict[tuple, tuple[dict, tuple[Card, ...]]] = {}  # shape key -> (plan, the shape's cards)
        self.lost: dict[tuple, _Fail] = {}  # node key -> why (the guess is read from these)
        self.lost_shapes: dict[tuple, tuple[_Node, tuple[Card, ...]]] = {}  # shape key -> a node lost, its cards
        self.nodes = 0
        self.checks = 0
        self.plans = 0  # sure plans searched (_win step 5, docs/claims.md step 7)
        # Redistributions that lost a check (the cards of defenders[0]), tried first by the next
        # checks of their kind: one rare lie of the cards often beats many of the actor's cards.
        self.killers: dict[str, list[CardSet]] = {kind: [] for kind in ("open", *POLICIES)}
        self.habits: dict[tuple, Card] = {}
        self.refuters: dict[tuple, int] = {}

    def _time(self) -> float | None:
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise StrictTimeout
        return left

    def open_check(self, node: _Node, settled: np.ndarray | None = None) -> ClaimResult:
        """The open-handed verdict on every redistribution of the node (those ``settled`` are
        known to be made and not searched)."""
        self.checks += 1
        claim = node.claim
        # With the sure plans searched, this check follows a lost plan, so the claim check's
        # proofs could not settle the node (step 2): on a few redistributions, none are needed.
        if settled is not None or not self._lean_node(claim):
            return self._check(node, "open", settled=settled)
        lost = self._lean(node, "open", None)
        if lost is None:
            return ClaimResult(True, claim.count(), dict.fromkeys(node.names, True), claim=claim)
        cards, name = lost
        return ClaimResult(False, claim.count(), {n: False if n == name else None for n in node.names},
                           Counterexample(claim.with_hands(cards, check=False), name, []), claim=claim)

    def sure_plan(self, node: _Node, settled: np.ndarray | None = None) -> str | None:
        """The first sure plan of ``plan_kinds`` (``sure_card`` at every card of the actor's from
        here on) that wins the node, or None. The core plays it for him and searches the
        defence, in every redistribution (those ``settled`` are proven made by the first plan's
        own proofs and not searched)."""
        for kind in plan_kinds(node.position):
            self.plans += 1
            if settled is not None or not self._lean_node(node.claim):
                won = self._check(node, kind, policy=kind, settled=settled).laid_down
            else:
                won = self._lean(node, kind, kind) is None
            if won:
                return kind
            settled = None
        return None

    def _lean_node(self, claim: Claim) -> bool:
        """Are the node's checks lean (``lean_check``), its proofs of "Sure wins" left out? On
        a few redistributions, with the sure plans searched (docs/claims.md step 9)."""
        return self.sure_plans and claim.count() <= LEAN_MAX

    def _lean(self, node: _Node, kind: str, policy: str | None) -> tuple[CardSet, str] | None:
        """``lean_check.first_lost`` on the node's claim, its killers first."""
        killers = self.killers[kind]
        try:
            lost = first_lost(node.claim, node.names, policy, first=self._first(kind), tt_log2=self.tt_log2,
                              time_limit=self._time())
        except ClaimTimeout:
            raise StrictTimeout from None
        if lost is not None:
            _remember(killers, lost[0])
        return lost

    def _first(self, kind: str) -> list[CardSet]:
        """The killers a check of ``kind`` searches first: a redistribution lost open-handed is
        lost by the sure plans too."""
        return self.killers[kind] + self.killers["open"] if kind != "open" else self.killers[kind]

    def _check(self, node: _Node, kind: str, **options: Any) -> ClaimResult:
        claim = node.claim
        threads = 1 if claim.count() < _ONE_THREAD else self.threads
        killers = self.killers[kind]
        try:
            result = check_open(claim, components=node.names, tt_log2=self.tt_log2, threads=threads,
                                 time_limit=self._time(), solver=self.solver, first=self._first(kind), **options)
        except ClaimTimeout:
            raise StrictTimeout from None
        if result.counterexample is not None:
            _remember(killers, result.counterexample.position.hands[claim.defenders[0]])
        return result

    def win(self, node: _Node, checked: ClaimResult | _Unchecked | None) -> dict | None:
        """The plan that wins from ``node`` without seeing, or None. ``checked``: the open-handed
        result of the node when its redistributions still have to be checked (after an
        actor's card), or _Unchecked when that check is still to be run; else None (they are
        all won open-handed)."""
        key = node.key()
        if key in self.lost:
            return None
        shape, cards = node.shape() if self.shapes else (key, ())
        if shape in self.won:
            plan, known = self.won[shape]
            if known == cards:
                return plan
            self.renamed += 1
            # Renamed when the plan is written out (_resolve): copying it here cost more than the search.
            return {"renamed": (plan, _renaming(known, cards))}
        if shape in self.lost_shapes:
            other, known = self.lost_shapes[shape]
            self.renamed += 1
            self.lost[key] = _Fail("same", child=other, names=_renaming(known, cards))
            return None
        self.nodes += 1
        self._time()
        plan = self._win(node, checked)
        if plan is None:
            assert key in self.lost
            self.lost_shapes[shape] = (node, cards)
        else:
            self.won[shape] = (plan, cards)
        return plan

    def _win(self, node: _Node, checked: ClaimResult | _Unchecked | None) -> dict | None:
        key = node.key()
        position, claim = node.position, node.claim
        plan_tried = False
        if isinstance(checked, _Unchecked):
            # The sure plan of step 5 first: where it wins, the open-handed check is not needed
            # (a redistribution it makes is made open-handed); where it loses, its search stops
            # at the first redistribution lost, which the open-handed killers often give at once.
            plan_tried = self.sure_plans
            kind = self.sure_plan(node, checked.settled) if plan_tried else None
            if kind is not None:
                return {"sure": kind}
            checked = self.open_check(node, checked.settled)
        if checked is not None and not checked.laid_down:
            # Step 1. The lost cut: one redistribution lost open-handed.
            self.lost[key] = _Fail("open", result=checked)
            return None
        # Step 2. The sure plans: every redistribution settled without a search. Their proofs
        # need no open-handed check, so they also settle a node reached by a defender's card;
        # there, on a few redistributions, step 5's search of the same plan costs less.
        if (len(node.names) == 1 and not position.trick and position.leader == position.actor
                and (checked.proven == checked.distributions if checked is not None
                     else not self._lean_node(claim) and _all_sure(claim, node.names[0]))):
            return {"sure": sure_kind(position)}
        # Step 3. Betl played under: nothing the defence does can make the actor win a trick.
        if _betl_under(position, claim.unseen):
            return {"sure": "betl"}
        # Step 4. Nothing left to guess.
        if claim.count() == 1:
            return {"known": [str(h) for h in position.hands]}
        if len(position.hands[position.actor]) <= 1:
            return {"forced": True}  # his last card, if any, is his only one
        # Step 5. The sure plan searched: played from here, does it make the claim against every
        # redistribution and every defence play? (Where the proofs of step 2 cannot tell.)
        kind = self.sure_plan(node) if self.sure_plans and not plan_tried else None
        if kind is not None:
            return {"sure": kind}
        if position.to_move == position.actor:
            return self._actor(node)
        return self._defence(node)

    def _actor(self, node: _Node) -> dict | None:
        position = node.position
        legal = list(position.legal_moves())
        fail = _Fail("cards")
        # The card that won from the same hand elsewhere first: plans then repeat themselves
        # across the defence's replies, and the tree shown at the table is smaller.
        habit = (position.hands[position.actor].mask, position.trick[:1])
        order = self._order(position, legal, node.names)
        if self.habits.get(habit) in order:
            order.remove(self.habits[habit])
            order.insert(0, self.habits[habit])
        sure, settled = self._sure_start(node)
        for card in order:
            child = _after_actor(node, card)
            if child is None:
                fail.cards[card] = None
                continue
            # Checked in _win, only when no node of its shape is known already.
            sub = self.win(child, None if len(legal) == 1 else _Unchecked(settled if card == sure else None))
            if sub is not None:
                self.habits[habit] = card
                return {"play": str(card), "then": sub}
            fail.cards[card] = child
        self.lost[node.key()] = fail
        return None

    def _sure_start(self, node: _Node) -> tuple[Card | None, np.ndarray | None]:
        """The sure plan's first card here and the redistributions it wins (docs/claims.md, "The
        search, and why it is exact", step 3): after that card they need no search."""
        position, claim = node.position, node.claim
        if len(node.names) != 1 or position.trick or position.leader != position.actor:
            return None, None
        if self._lean_node(claim):
            return None, None  # the plan's lean search (step 5) costs less than the proofs
        proven = component_check(claim, node.names[0]).proven
        if not proven.any():
            return None, None
        return sure_card(position, claim.unseen, sure_kind(position)), proven

    def _order(self, position: Position, legal: list[Card], names: tuple[str, ...]) -> list[Card]:
        """Cards that win open-handed in the node's representative redistribution first (a guide)."""
        if len(legal) == 1:
            return legal
        good = winning_cards(position, names, self.solver)
        return sorted(legal, key=lambda c: c not in good)

    def _defence(self, node: _Node) -> dict | None:
        replies: dict[str, dict] = {}
        seat = node.position.to_move
        plays = defence_plays(node)
        same = _same_plays(node, [play[0] for play in plays])
        # The replies that refuted the actor before, at this defender's same hand size, first:
        # one refutation settles the node (a history heuristic; docs/claims.md step 2).
        when = (seat, len(node.position.hands[seat]))
        plays.sort(key=lambda play: -self.refuters.get((when, play[0]), 0))
        for label, card, f0, f1 in plays:
            if label in same:
                continue  # answered by the card it is exchanged with (see _same_plays)
            child = _after_defender(node, card, f0, f1)
            plan = {"forced": True} if child is None else self.win(child, None)
            if plan is None:
                self.refuters[when, label] = self.refuters.get((when, label), 0) + 1
                self.lost[node.key()] = _Fail("reply", reply=label, child=child)
                return None
            replies[label] = plan
        out: dict[str, Any] = {"seat": seat, "replies": replies}
        if same:
            out["same"] = same
        return out


def _same_plays(node: _Node, labels: list[str]) -> dict[str, str]:
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


def _renaming(old: Sequence[Card], new: Sequence[Card]) -> dict[str, str]:
    """The cards of one shape renamed, place by place (see ``_Node.shape``); only those that change."""
    return {str(a): str(b) for a, b in zip(old, new) if a != b}


# The most steps (actor's cards and defence nodes, each shared part once) of a plan written out.
# A trick-1 plan can branch on every defence play for several tricks: millions of steps, which
# neither JSON nor a player can use; the verdict then comes without its plan ("plan_omitted").
PLAN_STEPS = 20_000


class _PlanTooLarge(Exception):
    pass


def _resolve(plan: dict, names: Mapping[str, str] | None = None, memo: dict | None = None) -> dict:
    """The search's plan with its renamed parts (``{"renamed": (plan, names)}``, see
    ``_Search.win``) written out in the cards of the nodes that use them; a part met again
    with the same names is the same object (the plan stays as shared as the search left it)."""
    names = names or {}
    memo = {} if memo is None else memo
    key = (id(plan), tuple(sorted(names.items())))
    if key in memo:
        return memo[key]
    if "renamed" in plan:
        inner, more = plan["renamed"]
        # Rename by ``more`` first (the stored node's cards -> this node's), then by ``names``.
        combined = {a: names.get(b, b) for a, b in more.items()}
        combined.update({a: b for a, b in names.items() if a not in more})
        out = _resolve(inner, {a: b for a, b in combined.items() if a != b}, memo)
    elif "play" in plan or "replies" in plan:
        def card(token: str) -> str:
            return names.get(token, token)

        if "play" in plan:
            out = {"play": card(plan["play"]), "then": _resolve(plan["then"], names, memo)}
        else:
            out = {"seat": plan["seat"],
                   "replies": {_label(k, names): _resolve(v, names, memo) for k, v in plan["replies"].items()}}
            if "same" in plan:
                out["same"] = {card(k): card(v) for k, v in plan["same"].items()}
    else:
        out = map_plan(plan, names) if names else plan
    memo[key] = out
    memo[key + ("plan",)] = plan  # keeps ``plan`` alive while its id is a key
    if len(memo) > 2 * PLAN_STEPS:
        raise _PlanTooLarge
    return out


def _label(label: str, names: Mapping[str, str]) -> str:
    head, plus, tail = label.partition("+")
    return names.get(head, head) + plus + tail


def swap_plan(plan: dict, a: str, b: str) -> dict:
    """``plan`` with cards ``a`` and ``b`` exchanged everywhere (see ``_same_plays``)."""
    return map_plan(plan, {a: b, b: a})


def map_plan(plan: dict, names: Mapping[str, str]) -> dict:
    """``plan`` with every card renamed by ``names`` (cards not in it keep their names)."""
    def card(token: str) -> str:
        return names.get(token, token)

    def label(text: str) -> str:
        head, plus, tail = text.partition("+")
        return card(head) + plus + tail

    if "play" in plan:
        return {"play": card(plan["play"]), "then": map_plan(plan["then"], names)}
    if "replies" in plan:
        out: dict[str, Any] = {"seat": plan["seat"],
                               "replies": {label(k): map_plan(v, names) for k, v in plan["replies"].items()}}
        if "same" in plan:
            out["same"] = {card(k): card(v) for k, v in plan["same"].items()}
        return out
    if "known" in plan:
        return {"known": [str(CardSet.from_str(" ".join(card(t) for t in hand.split()))) for hand in plan["known"]]}
    return dict(plan)


def reply_plan(plan: dict, label: str) -> dict:
    """The plan after the defence's play ``label`` at a defence node, exchanged cards resolved."""
    if label in plan["replies"]:
        return plan["replies"][label]
    lower = plan["same"][label]
    return swap_plan(reply_plan(plan, lower), label, lower)


def winning_cards(position: Position, names: Sequence[str], solver: Solver | None = None) -> set[Card]:
    """The legal cards after which the actor still makes every component open-handed."""
    solver = solver or default_solver()
    qs = questions(position)
    good = set(position.legal_moves())
    for name in names:
        q = qs[name]
        values = dict(solver.core.move_values(q.game(position), q.state(position)))
        good = {c for c in good if values.get(int(c), 0) >= q.target}
    return good


# --- the guess ------------------------------------------------------------------------------------

# Redistributions whose winning cards are compared when looking for a guess, besides the
# counterexamples the search found.
GUESS_WORLDS = 200
GUESS_ENOUGH = 16  # ... of which so many besides the counterexamples, once two need disjoint cards


def _find_guess(search: _Search, root: _Node) -> dict | None:
    """Two redistributions that need different cards at the same moment: follow the search's
    refutation (the defence's replies that beat every plan) to a moment where the actor's
    choice is a guess. Returns the guess as JSON, or None if none was found."""
    node: _Node | None = root
    path: list[str] = []
    names: dict[str, str] = {}  # the cards of the node walked -> the claim's (after "same" nodes)

    def real(token: str) -> str:
        head, plus, tail = token.partition("+")
        return names.get(head, head) + plus + tail

    while node is not None:
        fail = search.lost.get(node.key())
        if fail is None:
            return None
        if fail.kind == "same":
            # Walk the node of the same shape that was searched, its cards renamed to these.
            names = {str(c): real(fail.names.get(str(c), str(c))) for c in map(Card, range(32))}
            node = fail.child
            continue
        if fail.kind == "reply":
            path.append(f"{node.position.to_move}:{real(fail.reply or '')}")
            node = fail.child
            continue
        if fail.kind != "cards":
            return None
        guess = _guess_at(search, node, fail, path)
        if guess is not None:
            return _renamed_guess(guess, real)
        # Every card fails, but not as an open-handed guess here: go where the failure is deeper.
        deeper = [(card, child) for card, child in fail.cards.items()
                  if child is not None and child.key() in search.lost and search.lost[child.key()].kind != "open"]
        if not deeper:
            return None
        card, child = deeper[0]
        path.append(f"{node.position.actor}:{real(str(card))}")
        node = child
    return None


def _renamed_guess(guess: dict, real: Callable[[str], str]) -> dict:
    """A guess found at a node of the same shape, in the claim's own cards (its path already is)."""
    def cards(text: str) -> str:
        return str(CardSet.from_str(" ".join(real(t) for t in text.split())))

    out = []
    for option in guess["redistributions"]:
        out.append({"hands": [cards(h) for h in option["hands"]],
                    "needs": sorted((real(c) for c in option["needs"]), key=Card.from_str),
                    "wrong": real(option["wrong"]), "line": [real(c) for c in option["line"]]})
    return {"after": guess["after"], "redistributions": out}


def _guess_at(search: _Search, node: _Node, fail: _Fail, path: list[str]) -> dict | None:
    claim = node.claim
    firsts: list[CardSet] = []
    for child in fail.cards.values():
        lost = None if child is None else search.lost.get(child.key())
        if lost is not None and lost.kind == "open" and lost.result and lost.result.counterexample:
            firsts.append(lost.result.counterexample.position.hands[claim.defenders[0]])
    enough = len(firsts) + GUESS_ENOUGH
    firsts += list(first_hands(claim, limit=GUESS_WORLDS))
    needs: list[tuple[CardSet, set[Card]]] = []
    seen: set[int] = set()
    best = None
    for b in firsts:
        if b.mask in seen:
            continue
        seen.add(b.mask)
        gb = winning_cards(claim.with_hands(b), node.names, search.solver)
        for a, ga in needs:
            if ga - gb and gb - ga:
                score = (not (ga & gb), -len(ga) - len(gb))
                if best is None or score > best[0]:
                    best = (score, (a, ga), (b, gb))
        needs.append((b, gb))
        # A pair with no card in common among the counterexamples and a few more, or any pair
        # among some more, is a guess to show (each world asked costs a full search: asking
        # all of them took about a second at trick 1).
        if best is not None and (best[0][0] and (best[0][1] == -2 or len(needs) >= enough)
                                 or len(needs) >= enough + 2 * GUESS_ENOUGH):
            break
    if best is None:
        return None
    _, (a, ga), (b, gb) = best
    out = []
    for (first, need), (_, other) in (((a, ga), (b, gb)), ((b, gb), (a, ga))):
        position = claim.with_hands(first)
        wrong = min(other - need)
        out.append({"hands": [str(h) for h in position.hands], "needs": [str(c) for c in sorted(need)],
                    "wrong": str(wrong), "line": _beating_line(position, wrong, node.names, search.solver)})
    return {"after": list(path), "redistributions": out}


def _beating_line(position: Position, card: Card, names: tuple[str, ...], solver: Solver | None) -> list[str]:
    """``card`` and the defence's line that then beats the actor in ``position`` (the solver's
    principal variation of the first component lost)."""
    after, renamed = advance(position, card, names)
    if after is None or renamed is None:
        return [str(card)]
    solver = solver or default_solver()
    qs = questions(after)
    for name in renamed:
        if not solver.ask(after, qs[name]):
            return [str(card)] + [str(c) for c in solver.line(after, qs[name])]
    return [str(card)]


# --- the answer -----------------------------------------------------------------------------------

# The strict search's time limit when none is given (the CLI's): past it the verdict is undecided.
TIME_LIMIT = 60.0


@dataclass
class StrictResult:
    """The strict verdict: True, False, or None (undecided within the time limit); the plan when
    True (written out when first asked for; None with ``plan_omitted`` when it has more than
    ``PLAN_STEPS`` steps); the guess when only the open-handed check holds."""

    strict: bool | None
    open: ClaimResult
    guess: dict | None = None
    nodes: int = 0  # nodes of the AND-OR search
    checks: int = 0  # open-handed checks run (each over every redistribution of its node)
    plans: int = 0  # sure plans searched (each over every redistribution of its node)
    renamed: int = 0  # nodes answered by an earlier node of the same shape with other cards
    seconds: float = 0.0
    found: dict | None = field(default=None, repr=False)  # the search's plan, renamed parts unresolved

    @functools.cached_property
    def _written(self) -> tuple[dict | None, bool]:
        if self.found is None:
            return None, False
        try:
            return _resolve(self.found), False
        except _PlanTooLarge:
            return None, True

    @property
    def plan(self) -> dict | None:
        return self._written[0]

    @property
    def plan_omitted(self) -> bool:
        """True when strict holds but its plan has more than ``PLAN_STEPS`` steps (not written out)."""
        return self._written[1]

    def to_json(self) -> dict[str, Any]:
        return {**self.open.to_json(), **strict_keys(self.strict, self.plan, self.plan_omitted, self.guess)}


def check_strict(claim: Claim | Mapping[str, Any], *, consistent: bool = False,
                 components: Sequence[str] | None = None, time_limit: float | None = TIME_LIMIT,
                 open_result: ClaimResult | None = None, solver: Solver | None = None,
                 tt_log2: int | None = None, threads: int | None = None, shapes: bool = True,
                 sure_plans: bool = True) -> StrictResult:
    """Is the claim laid down without seeing? (see the module's docstring). ``open_result``: the
    open-handed check already run on this claim. Past ``time_limit`` seconds the verdict is
    None. ``shapes=False`` remembers nodes by their own cards only, not by their shape;
    ``sure_plans=False`` searches no sure plan at the nodes (the tests compare both with the
    default). Raises ClaimError for a claim that cannot be checked."""
    started = time.perf_counter()
    if not isinstance(claim, Claim):
        claim = read_claim(claim, consistent)
    names = claim_components(claim.position.contract, components)
    kwargs: dict[str, Any] = {} if tt_log2 is None else {"tt_log2": tt_log2}
    if open_result is None:
        open_result = check_open(claim, components=names, solver=solver, threads=threads, **kwargs)
    deadline = None if time_limit is None else started + time_limit
    search = _Search(deadline, tt_log2 if tt_log2 is not None else 22, threads, solver, shapes, sure_plans)
    result = StrictResult(strict=False, open=open_result)
    if open_result.laid_down:
        root = _Node(claim, tuple(names))
        try:
            result.found = search.win(root, open_result)
            result.strict = result.found is not None
            if result.found is None:
                result.guess = _find_guess(search, root)
        except StrictTimeout:
            result.strict = None
        except _Unsupported as exc:
            raise ClaimError(f"strict check: {exc}") from None
    result.nodes, result.checks, result.plans = search.nodes, search.checks, search.plans
    result.renamed = search.renamed
    result.seconds = time.perf_counter() - started
    return result


# --- the plan and the guess as text ---------------------------------------------------------------

SURE_TEXT = {
    "cashing": "cash: lead trumps from the top while the defence may hold one, then your winners, "
               "then side cards low; follow with the lowest card that wins the trick, else the lowest",
    "betl": "lead the card the defence must beat, then always play under (void: throw the highest)",
    "side-first": "cash your side winners, then lead side cards low, trumps last; follow with the lowest card "
                  "that wins the trick and that no card still out can beat, else the lowest that wins it, "
                  "else the lowest",
}


def draw_plan(plan: dict, max_lines: int = 60) -> str:
    """The plan as numbered steps, the defence's replies grouped by what follows them."""
    lines: list[str] = []
    _draw(plan, 1, "", lines)
    if len(lines) > max_lines:
        rest = len(lines) - max_lines
        lines = lines[:max_lines] + [f"… ({rest} more lines: --json gives the whole plan)"]
    return "\n".join(lines)


def _flatten(plan: dict, prefix: str = "") -> list[tuple[str, dict]]:
    """A defence node's replies until the actor's next decision, as (label, plan)."""
    out = []
    for label, sub in plan["replies"].items():
        text = f"{prefix}{plan['seat']}:{label.replace('+marriage', ' (marriage)')}"
        if "replies" in sub:
            out += _flatten(sub, text + " ")
        else:
            out.append((text, sub))
    return out


def _draw(plan: dict, step: int, indent: str, lines: list[str]) -> None:
    if "play" in plan:
        lines.append(f"{indent}{step}. play {plan['play']}")
        _draw(plan["then"], step + 1, indent + "   ", lines)
    elif "replies" in plan:
        groups: dict[str, list[str]] = {}
        subs: dict[str, dict] = {}
        for label, sub in _flatten(plan):
            key = json.dumps(sub, sort_keys=True)
            groups.setdefault(key, []).append(label)
            subs[key] = sub
        # The largest group last, as "anything else".
        ordered = sorted(groups, key=lambda k: len(groups[k]))
        for key in ordered:
            labels = groups[key]
            if len(groups) == 1:
                lines.append(f"{indent}- whatever the defence plays:")
            elif key == ordered[-1]:
                lines.append(f"{indent}- on anything else:")
            else:
                lines.append(f"{indent}- on {' | '.join(labels)}:")
            _draw(subs[key], step, indent + "  ", lines)
        for card, lower in plan.get("same", {}).items():
            lines.append(f"{indent}- on {plan['seat']}:{card}: as on {plan['seat']}:{lower}, "
                         f"with {card} and {lower} exchanged")
    elif "sure" in plan:
        lines.append(f"{indent}{step}. {SURE_TEXT[plan['sure']]}")
    elif "known" in plan:
        hands = "; ".join(f"{seat}: {hand}" for seat, hand in enumerate(plan["known"]))
        lines.append(f"{indent}{step}. every card is known now ({hands}): play them open-handed")
    else:
        lines.append(f"{indent}{step}. the rest plays itself")


def draw_guess(guess: dict) -> str:
    after = " ".join(guess["after"]) or "the start"
    lines = [f"The guess, after {after}:"]
    for option in guess["redistributions"]:
        hands = "; ".join(f"{seat}: {hand}" for seat, hand in enumerate(option["hands"]))
        lines.append(f"  with {hands}")
        lines.append(f"    needs {' or '.join(option['needs'])}; {option['wrong']} loses to "
                     f"{' '.join(option['line'])}")
    return "\n".join(lines)


__all__ = [
    "PLAN_STEPS",
    "TIME_LIMIT",
    "StrictResult",
    "StrictTimeout",
    "advance",
    "check_strict",
    "defence_plays",
    "draw_guess",
    "draw_plan",
    "plan_kinds",
    "reply_plan",
    "sure_card",
    "swap_plan",
    "winning_cards",
]
