"""A seat's view of a position and the worlds consistent with it (docs/single-dummy.md).

The view keeps, for every card the seat cannot see, the *places* it may be in (a hidden seat's
hand, or the talon when the talon is unseen): the history's voids, no-trumps, must-beat
inferences and marriages, the announced seven, the discard limits. Worlds are counted exactly
over groups of cards with the same places, then enumerated (few) or drawn uniformly (many).

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 bX"], "trump": "h", "contract": "game"})
>>> view = view_of(pos, 0)
>>> view.count(), view.worlds(10, seed=1).exact
(6, True)
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

import numpy as np

from analyzer.batch import SEATS
from analyzer.cards import SHARP_MASK, Card, CardSet, Rank, Suit
from analyzer.contract import Contract
from analyzer.errors import ArgumentError, MariasError, PositionError
from analyzer.rules import Position, seven_of, strength

TALON = -1  # the place of the talon among a view's places
ENUMERATE_CAP = 2_000_000  # the most worlds listed for --worlds all


def _bits(mask: int) -> list[int]:
    return [i for i in range(32) if mask >> i & 1]


def _sharp_talon_ok(position: Position) -> bool:
    """May the actor discard an ace or ten (csm 7.2; basic and the option sharp_talon)?"""
    if not position.contract.has_trumps:
        return True
    from analyzer.scoring import (
        resolve,  # the rule set's options; imported when a talon is hidden
    )

    try:
        return bool(resolve(position.rules).option("sharp_talon"))
    except MariasError:
        return False


@dataclass(frozen=True)
class Worlds:
    """Worlds of a view: ``hands[w]`` the four seats' masks (the layout of ``run_batch``),
    ``talon[w]`` the talon's mask; ``exact``: every consistent world, once each."""

    hands: np.ndarray
    talon: np.ndarray
    exact: bool
    total: int  # the worlds consistent with the view

    def __len__(self) -> int:
        return len(self.hands)


@dataclass(frozen=True)
class View:
    """What ``seat`` knows of a position. ``base`` is the position with every hidden hand empty
    and a hidden talon empty: nothing built from a view can read a hidden card."""

    seat: int
    base: Position
    places: tuple[int, ...]  # hidden seats, then TALON when the talon is unseen
    sizes: tuple[int, ...]  # cards in each place
    allowed: tuple[tuple[int, int], ...]  # (card bit, mask of the place indices it may be in), by card
    declared: tuple[tuple[Suit, ...], tuple[Suit, ...]] = ((), ())  # the history's marriages, by side (public)

    @property
    def pool(self) -> int:
        """The unseen cards, as a mask."""
        return sum(1 << bit for bit, _ in self.allowed)

    def may_hold(self, place: int) -> int:
        """The unseen cards that ``place`` (a seat, or TALON) may hold, as a mask."""
        index = self.places.index(place)
        return sum(1 << bit for bit, where in self.allowed if where >> index & 1)

    def _groups(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        groups: dict[int, list[int]] = {}
        for bit, where in self.allowed:
            groups.setdefault(where, []).append(bit)
        return tuple((tuple(bits), where) for where, bits in sorted(groups.items()))

    def count(self) -> int:
        """The number of worlds consistent with the view (exact)."""
        return _counter(self._groups())(0, self.sizes)

    def world_position(self, hands: np.ndarray | list[int], talon: int = 0) -> Position:
        """The position of one world (a row of ``Worlds.hands`` and its talon), unchecked."""
        cards = tuple(CardSet(int(hands[s])) for s in range(self.base.seats))
        changes: dict = {"hands": cards}
        if TALON in self.places:
            changes["talon"] = CardSet(int(talon))
        return self.base.replace_unchecked(**changes)

    def consistent(self, hands: np.ndarray | list[int], talon: int = 0) -> bool:
        """Is a world consistent with the view, checked the long way: the cards are the view's,
        the talon within the discard limits, the history replayed legally with the world's hands
        and declaring the marriages it declared."""
        position = self.world_position(hands, talon)
        seen = [int(hands[s]) for s in range(self.base.seats)]
        if seen[self.seat] != self.base.hands[self.seat].mask:
            return False
        hidden = [seen[p] if p != TALON else int(talon) for p in self.places]
        if any(h.bit_count() != n for h, n in zip(hidden, self.sizes)):
            return False
        union = 0
        for h in hidden:
            if union & h:
                return False
            union |= h
        if union != self.pool:
            return False
        if TALON in self.places:
            if not _sharp_talon_ok(self.base) and int(talon) & SHARP_MASK:
                return False
            if int(talon) & self.base.announced.mask:
                return False
        actor_hand = CardSet(seen[self.base.actor])
        played = {c for cards in self.base.played for c in cards} | set(self.base.trick)
        for card in _actor_sevens(self.base):
            if card not in played and card not in actor_hand:
                return False
        try:
            facts = position._replay_history()
        except PositionError:
            return False
        return facts[1] == self.declared

    def worlds(self, n: int | str, seed: int = 0) -> Worlds:
        """``n`` worlds drawn uniformly from ``seed``, or every world when they are at most ``n``
        (or ``n`` is ``"all"``): then ``exact``."""
        total = self.count()
        if total == 0:
            raise ArgumentError("no deal of the unseen cards is consistent with what the seat has seen")
        if n == "all" or (isinstance(n, int) and total <= n):
            if total > ENUMERATE_CAP:
                raise ArgumentError(f"{total} worlds are too many to list (at most {ENUMERATE_CAP}): "
                                    "give a number of worlds")
            rows = list(self._enumerate())
            exact = True
        else:
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ArgumentError(f"worlds must be a whole number >= 1 or 'all', not {n!r}")
            rng = np.random.default_rng(seed)
            memo: dict = {}
            rows = [self._draw(rng, memo) for _ in range(n)]
            exact = False
        return self._to_worlds(rows, exact, total)

    def _to_worlds(self, rows: list[tuple[int, ...]], exact: bool, total: int) -> Worlds:
        hands = np.zeros((len(rows), SEATS), np.uint32)
        talon = np.zeros(len(rows), np.uint32)
        hands[:, self.seat] = self.base.hands[self.seat].mask
        for s in range(self.base.seats):
            if s != self.seat and s not in self.places:
                hands[:, s] = self.base.hands[s].mask
        for i, place in enumerate(self.places):
            column = np.fromiter((row[i] for row in rows), np.uint32, len(rows))
            if place == TALON:
                talon[:] = column
            else:
                hands[:, place] = column
        if TALON not in self.places:
            talon[:] = self.base.talon.mask
        return Worlds(hands, talon, exact, total)

    def _enumerate(self):
        groups = self._groups()
        counter = _counter(groups)

        def walk(index: int, caps: tuple[int, ...], masks: tuple[int, ...]):
            if index == len(groups):
                yield masks
                return
            bits, where = groups[index]
            for parts in _compositions(len(bits), where, caps):
                rest = tuple(c - p for c, p in zip(caps, parts))
                if not counter(index + 1, rest):
                    continue
                for split in _splits(bits, parts):
                    yield from walk(index + 1, rest, tuple(m | s for m, s in zip(masks, split)))

        yield from walk(0, self.sizes, (0,) * len(self.places))

    def _draw(self, rng: np.random.Generator, memo: dict) -> tuple[int, ...]:
        """One world, uniformly: each group's share of each place drawn with the exact counts of
        the worlds it leaves as weights, then its cards shuffled into the shares (``memo`` keeps
        the weights between the draws of one call)."""
        if "groups" not in memo:  # the same for every draw of the call
            memo["groups"] = self._groups()
            memo["counter"] = _counter(memo["groups"])
        groups, counter = memo["groups"], memo["counter"]
        caps = self.sizes
        masks = [0] * len(self.places)
        for index, (bits, where) in enumerate(groups):
            options = memo.get((index, caps))
            if options is None:
                options = []
                for parts in _compositions(len(bits), where, caps):
                    rest = tuple(c - p for c, p in zip(caps, parts))
                    weight = _multinomial(parts) * counter(index + 1, rest)
                    if weight:
                        options.append((parts, rest, weight))
                memo[(index, caps)] = options
            pick = int(rng.integers(sum(w for _, _, w in options)))
            for parts, rest, weight in options:
                if pick < weight:
                    break
                pick -= weight
            order = [bits[i] for i in rng.permutation(len(bits))]
            at = 0
            for place, k in enumerate(parts):
                for bit in order[at:at + k]:
                    masks[place] |= 1 << bit
                at += k
            caps = rest
        return tuple(masks)


def _multinomial(parts: tuple[int, ...]) -> int:
    out, total = 1, 0
    for k in parts:
        total += k
        out *= math.comb(total, k)
    return out


def _compositions(k: int, where: int, caps: tuple[int, ...]):
    """Ways to put k cards into the places of ``where`` (a mask of place indices) within ``caps``."""
    places = [i for i in range(len(caps)) if where >> i & 1]

    def walk(i: int, left: int, parts: list[int]):
        if i == len(places) - 1:
            if left <= caps[places[i]]:
                out = [0] * len(caps)
                for p, n in zip(places, [*parts, left]):
                    out[p] = n
                yield tuple(out)
            return
        for n in range(min(left, caps[places[i]]) + 1):
            yield from walk(i + 1, left - n, [*parts, n])

    if not places:
        if k == 0:
            yield (0,) * len(caps)
        return
    yield from walk(0, k, [])


def _splits(bits: tuple[int, ...], parts: tuple[int, ...]):
    """Every way to deal ``bits`` into the places, ``parts[i]`` to place i, as masks."""
    if not parts:
        yield ()
        return
    first, rest = parts[0], parts[1:]
    for chosen in itertools.combinations(bits, first):
        mask = sum(1 << b for b in chosen)
        left = tuple(b for b in bits if not mask >> b & 1)
        for tail in _splits(left, rest):
            yield (mask, *tail)


def _counter(groups: tuple[tuple[tuple[int, ...], int], ...]):
    return _counter_cached(groups)


@lru_cache(maxsize=512)  # a playout asks for many views: keep the recent ones
def _counter_cached(groups: tuple[tuple[tuple[int, ...], int], ...]):
    @cache
    def count(index: int, caps: tuple[int, ...]) -> int:
        if index == len(groups):
            return 1 if not any(caps) else 0
        bits, where = groups[index]
        total = 0
        for parts in _compositions(len(bits), where, caps):
            rest = tuple(c - p for c, p in zip(caps, parts))
            total += _multinomial(parts) * count(index + 1, rest)
        return total

    return count


def _actor_sevens(position: Position) -> list[Card]:
    """The sevens the actor announced (in his hand until played)."""
    if position.trump is None:
        return []
    cards = []
    if position.contract.actor_seven:
        cards.append(seven_of(position.trump))
    if position.contract.two_sevens and position.side_suit is not None:
        cards.append(seven_of(position.side_suit))
    return cards


def view_of(position: Position, seat: int, shown: Sequence[Shown] | None = None) -> View:
    """What ``seat`` knows of ``position`` (docs/single-dummy.md). Raises ArgumentError for a
    table the view does not cover yet (four players, the two-player stock). ``shown``: what the
    history's cards showed (:func:`history_shown`), when the caller kept it card by card (a
    playout): else the history is replayed."""
    if position.seats != 3 or position.stock:
        raise ArgumentError("a seat's view is defined for three players (no stock), not "
                            f"{position.seats} players")
    if isinstance(seat, bool) or seat not in range(position.seats):
        raise ArgumentError(f"the seat is 0, 1 or 2, not {seat!r}")
    hidden_talon = bool(position.talon) and seat != position.actor
    places = tuple(s for s in range(position.seats) if s != seat) + ((TALON,) if hidden_talon else ())
    sizes = tuple(len(position.talon) if p == TALON else len(position.hands[p]) for p in places)
    pool = 0
    for p in places:
        pool |= position.talon.mask if p == TALON else position.hands[p].mask
    everywhere = (1 << len(places)) - 1
    allowed = {bit: everywhere for bit in _bits(pool)}

    def only(bit: int, place: int) -> None:
        if bit in allowed:
            allowed[bit] &= 1 << places.index(place)

    def never(bit: int, place: int) -> None:
        if bit in allowed and place in places:
            allowed[bit] &= ~(1 << places.index(place))

    if hidden_talon:
        for bit in list(allowed):
            if (1 << bit) & position.announced.mask or (not _sharp_talon_ok(position) and (1 << bit) & SHARP_MASK):
                never(bit, TALON)
    for card in _actor_sevens(position):
        if seat != position.actor:
            only(int(card), position.actor)
    if position.contract == Contract.SEVEN_AGAINST and position.trump is not None:
        never(int(seven_of(position.trump)), position.actor)  # a defender announced it: he holds it
    marriages: tuple[list[Suit], list[Suit]] = ([], [])
    for player, missing, partner, declared in history_shown(position) if shown is None else shown:
        if declared:
            marriages[position.side(player)].append(partner.suit)
        if player == seat:
            continue
        for bit in _bits(missing):
            never(bit, player)
        if partner is not None:
            (only if declared else never)(int(partner), player)
    empty = tuple(CardSet(position.hands[s].mask if s == seat else 0) for s in range(position.seats))
    base = position.replace_unchecked(hands=empty, talon=CardSet() if hidden_talon else position.talon)
    return View(seat, base, places, sizes, tuple(sorted(allowed.items())),
                (tuple(sorted(marriages[0])), tuple(sorted(marriages[1]))))


class Shown(NamedTuple):
    """What one card of the history showed of its player's hand: the cards it cannot have held
    (``missing``, a mask), and for a king or over-knave the partner that would have declared a
    marriage, held (``declared``: the marriage was announced) or not."""

    player: int
    missing: int
    partner: Card | None
    declared: bool


def shown_now(position: Position, card: Card) -> Shown:
    """What ``card``, played now by the seat to move of ``position``, shows (the laws of play
    read backwards; the marriage it declares or not, from its player's own hand)."""
    missing = _shown_missing(position.trick, card, position.trump, position.notrump, position.announced.mask)
    partner = _marriage_partner(position, card)
    return Shown(position.to_move, missing, partner, partner is not None and position.declares(card) is not None)


def history_shown(position: Position) -> list[Shown]:
    """What each card of the history showed (docs/single-dummy.md), by replaying it from the deal
    where it began (as Position._replay_history builds it): every card played back in its
    player's hand."""
    plays: list[tuple[int, Card]] = []
    for lead, cards in zip(position.trick_leaders(), position.played):
        plays += [((lead + i) % position.seats, card) for i, card in enumerate(cards)]
    plays += [((position.leader + i) % position.seats, card) for i, card in enumerate(position.trick)]
    hands = [h.mask for h in position.hands]
    for player, card in plays:
        hands[player] |= 1 << int(card)
    current = position.replace_unchecked(
        hands=tuple(CardSet(h) for h in hands), trick=(), played=(), first_leader=None,
        leader=position.first_leader if position.played else position.leader, score=(0, 0), declared=((), ()))
    out = []
    for player, card in plays:
        out.append(shown_now(current, card)._replace(player=player))
        current = current._after(card)
    return out


def _shown_missing(trick: tuple[Card, ...], card: Card, trump, notrump: bool, announced: int) -> int:
    """The cards its player cannot have held when ``card`` was played to ``trick`` (the laws of
    play, analyzer/laws.py, read backwards), as a mask. tests/test_view.py checks the worlds
    this leaves against every deal replayed."""
    def suit(s: int, above: int = -1) -> int:
        return sum(1 << (8 * s + r) for r in range(8) if strength(Card(8 * s + r), notrump) > above)

    mine = 1 << int(card)
    if not trick:
        # a lead is free, but an announced seven is led only when the hand holds nothing else
        return ~announced & 0xFFFFFFFF if mine & announced else 0
    led = trick[0].suit
    out = 0
    if card.suit == led:
        trumped = trump is not None and led != trump and any(c.suit == trump for c in trick)
        top = max(strength(c, notrump) for c in trick if c.suit == led)
        if not trumped and strength(card, notrump) <= top:
            out |= suit(led, top)  # must beat when it can
        if mine & announced:
            out |= suit(led) & ~announced  # nothing else of the suit to play
        return out
    out |= suit(led)  # did not follow: void
    if trump is None:
        return out
    if card.suit != trump:
        return out | suit(trump)  # did not trump: no trumps
    tops = [strength(c, notrump) for c in trick if c.suit == trump]
    top = max(tops, default=-1)
    if strength(card, notrump) <= top:
        out |= suit(trump, top)  # must over-trump when it can
    if mine & announced:
        out |= suit(trump) & ~announced
    return out


def _marriage_partner(position: Position, card: Card) -> Card | None:
    """The card whose presence in the hand would make ``card`` declare a marriage now."""
    if position.trump is None or card.rank not in (Rank.KING, Rank.OVER):
        return None
    if position.marriage_rule == "over-first" and card.rank != Rank.OVER:
        return None
    return Card.make(card.suit, Rank.KING if card.rank == Rank.OVER else Rank.OVER)
