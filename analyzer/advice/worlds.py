"""Worlds: the deals consistent with what one player knows, dealt uniformly.

A *world* is one assignment of the unseen cards to the places the player
cannot see (two hands, or two hands and the talon). Worlds are kept as a
uint32 array ``hands[w, seat]`` of card masks, the layout the C core reads, so
no Python object is built per world.

Two ways to get them:

- **exact**: every consistent world, enumerated (after the talon the defence's
  split is one of C(20,10) = 184,756), each of weight one;
- **sampled**: worlds drawn uniformly (by rejection when a ``where`` constraint
  is given). When the constraint is blind to which defender is which, each
  drawn world is used together with the one in which the two defenders' hands
  are swapped; the pair is then one independent *unit* and the standard error
  is taken over units.

>>> import numpy as np
>>> from analyzer.cards import CardSet
>>> source = split_source(CardSet.from_str("hA hX hK hO hU h9 h8 h7 bA bX aA aX"), actor=0)
>>> source.total, source.free_count
(184756, 20)
>>> batch = source.draw(np.random.default_rng(1), 4)
>>> batch.hands.shape, len(set(batch.units.tolist()))
((8, 3), 4)
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from analyzer.cards import MARRIAGE_LANE, SHARP_MASK, Card, CardSet
from analyzer.claims import subsets
from analyzer.errors import MariasError

FULL = 0xFFFFFFFF
ENUMERATION_CAP = 2_000_000  # worlds we are willing to list before filtering them


class AdviceError(MariasError):
    """Bad input to the advice: a hand of the wrong size, a level the rules lack, an impossible constraint."""


# A vectorised constraint: hands (worlds, 3) uint32 -> bool array of the worlds it keeps.
Where = Callable[[np.ndarray], np.ndarray]


@dataclass
class WorldBatch:
    """Worlds and the unit each belongs to (a sampled world and its swap share a unit)."""

    hands: np.ndarray            # (worlds, 3) uint32; the actor's column may be 0 (filled per option)
    units: np.ndarray            # (worlds,) int: the independent unit of each world
    talon: np.ndarray | None = None  # (worlds,) uint32 when the talon is unseen too

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def n_units(self) -> int:
        return int(self.units.max()) + 1 if len(self.units) else 0

    def take(self, index: np.ndarray) -> WorldBatch:
        return WorldBatch(self.hands[index], self.units[index], None if self.talon is None else self.talon[index])


def bits_of(mask: int) -> list[int]:
    return [i for i in range(32) if mask >> i & 1]


def marriage_bits(masks: np.ndarray) -> np.ndarray:
    """Suits (bit per suit) in which the hand holds both king and over-knave."""
    out = np.zeros(len(masks), np.int64)
    for s in range(4):
        lane = (masks >> np.uint32(8 * s)) & np.uint32(MARRIAGE_LANE)
        out |= (lane == MARRIAGE_LANE).astype(np.int64) << s
    return out


def popcount(a: np.ndarray) -> np.ndarray:
    """Cards in each mask of a uint32 array."""
    a = a.astype(np.uint32)
    a = a - ((a >> 1) & 0x55555555)
    a = (a & 0x33333333) + ((a >> 2) & 0x33333333)
    a = (a + (a >> 4)) & 0x0F0F0F0F
    return ((a * np.uint32(0x01010101)) & FULL) >> 24


def _random_subsets(rng: np.random.Generator, bits: list[int], k: int, n: int) -> np.ndarray:
    """n uniform k-subsets of ``bits`` as masks."""
    if n == 0:
        return np.zeros(0, np.uint32)
    order = rng.random((n, len(bits))).argsort(axis=1)[:, :k]
    values = (np.uint64(1) << np.asarray(bits, np.uint64))[order]
    return values.sum(axis=1).astype(np.uint32)


@dataclass
class SplitSource:
    """The unseen cards of the two hands the player cannot see, ``sizes`` cards each, with the
    cards ``known`` to be in one of them (seat -> mask) and an optional constraint."""

    seats: tuple[int, int]
    known: tuple[int, int]
    free: list[int]
    sizes: tuple[int, int]
    fixed: tuple[int, int, int]  # masks already placed per seat (the player's own hand)
    where: Where | None = None
    swappable: bool = True
    _all: np.ndarray | None = field(default=None, repr=False)

    @property
    def free_count(self) -> int:
        return len(self.free)

    @property
    def total(self) -> int:
        """Worlds before the ``where`` constraint."""
        return math.comb(len(self.free), self.sizes[0] - self.known[0].bit_count())

    def _hands(self, first: np.ndarray) -> np.ndarray:
        free_mask = sum(1 << b for b in self.free)
        hands = np.zeros((len(first), 3), np.uint32)
        for seat in range(3):
            hands[:, seat] = self.fixed[seat]
        a, b = self.seats
        hands[:, a] = first | np.uint32(self.known[0])
        hands[:, b] = (np.uint32(free_mask) & ~first) | np.uint32(self.known[1])
        return hands

    def everything(self) -> np.ndarray:
        """Every consistent world (the constraint applied), as hands; cached."""
        if self._all is None:
            if self.total > ENUMERATION_CAP:
                raise AdviceError(f"{self.total} worlds are too many to list (at most {ENUMERATION_CAP})")
            hands = self._hands(subsets(self.free, self.sizes[0] - self.known[0].bit_count()))
            if self.where is not None:
                hands = hands[np.asarray(self.where(hands), bool)]
            self._all = hands
        return self._all

    def count(self) -> int:
        """Worlds after the constraint (lists them)."""
        return len(self.everything())

    def exact(self) -> WorldBatch:
        hands = self.everything()
        if not len(hands):
            raise AdviceError("no world satisfies the constraint (--where)")
        return WorldBatch(hands, np.arange(len(hands)))

    def draw(self, rng: np.random.Generator, units: int, start: int = 0) -> WorldBatch:
        """``units`` independent units (each a world and, if swappable, its swap), numbered from ``start``."""
        k = self.sizes[0] - self.known[0].bit_count()
        got: list[np.ndarray] = []
        have, tries = 0, 0
        while have < units:
            want = max(16, 2 * (units - have))
            hands = self._hands(_random_subsets(rng, self.free, k, want))
            tries += want
            if self.where is not None:
                hands = hands[np.asarray(self.where(hands), bool)]
            got.append(hands)
            have += len(hands)
            if have == 0 and tries >= 200_000:
                raise AdviceError(f"no world satisfies the constraint (--where): none of {tries} drawn")
        hands = np.concatenate(got)[:units]
        ids = np.arange(start, start + units)
        if self.swappable:
            a, b = self.seats
            swapped = hands.copy()
            swapped[:, a], swapped[:, b] = hands[:, b], hands[:, a]
            return WorldBatch(np.concatenate([hands, swapped]), np.concatenate([ids, ids]))
        return WorldBatch(hands, ids)


def split_source(own: CardSet, actor: int, known: dict[int, CardSet] | None = None,
                 where: Where | None = None, hand_size: int = 10) -> SplitSource:
    """The defence's split after the talon: the actor holds ``own`` (12 cards, talon included);
    the other two seats hold the other 20 cards, ``hand_size`` each."""
    defenders = tuple(s for s in range(3) if s != actor)
    known = known or {}
    for seat in known:
        if seat not in defenders:
            raise AdviceError(f"cards known in seat {seat}, but that is the actor's own seat")
    masks = (known.get(defenders[0], CardSet()).mask, known.get(defenders[1], CardSet()).mask)
    if masks[0] & masks[1]:
        raise AdviceError("a card is known to be in both defenders' hands")
    if (masks[0] | masks[1]) & own.mask:
        raise AdviceError("a card known to be in a defender's hand is in the actor's own")
    for mask, seat in zip(masks, defenders):
        if mask.bit_count() > hand_size:
            raise AdviceError(f"more than {hand_size} cards known in seat {seat}")
    free = bits_of(FULL & ~own.mask & ~masks[0] & ~masks[1])
    fixed = [0, 0, 0]
    swappable = where is None and not masks[0] and not masks[1]
    return SplitSource(defenders, masks, free, (hand_size, hand_size), tuple(fixed), where, swappable)  # type: ignore[arg-type]


def symmetric(where: Where, seats: tuple[int, int], rng: np.random.Generator, source: SplitSource) -> bool:
    """Does the constraint keep a world exactly when it keeps its swap (checked on drawn worlds)?"""
    k = source.sizes[0] - source.known[0].bit_count()
    hands = source._hands(_random_subsets(rng, source.free, k, 2000))
    a, b = seats
    swapped = hands.copy()
    swapped[:, a], swapped[:, b] = hands[:, b], hands[:, a]
    return bool(np.array_equal(np.asarray(where(hands), bool), np.asarray(where(swapped), bool)))


def from_predicate(predicate: Callable[[tuple[CardSet, CardSet, CardSet]], bool]) -> Where:
    """A per-world Python predicate (three CardSets, by seat) as a vectorised constraint."""
    def where(hands: np.ndarray) -> np.ndarray:
        return np.fromiter((bool(predicate(tuple(CardSet(int(m)) for m in row)))  # type: ignore[arg-type]
                            for row in hands), bool, len(hands))
    return where


@dataclass
class DealSource:
    """The defender's worlds: the partner's hand, the actor's ten and the talon among the 22 cards
    the defender cannot see, with the talon limited as the rules limit a discard (no ace or ten in
    a trump game, never an announced seven) and the announced sevens in the actor's hand; a
    hundred where the rules need a marriage for it (basic, licit) with one in his hand."""

    me: int
    actor: int
    own: int
    sharp_talon_ok: bool
    actor_must_hold: int
    where: Where | None = None
    known_actor: int = 0    # cards known to be in the actor's ten, the partner's, the talon
    known_partner: int = 0
    known_talon: int = 0
    actor_married: bool = False  # the actor holds a king and over-knave of one suit

    @property
    def partner(self) -> int:
        return 3 - self.me - self.actor

    def _free(self) -> list[int]:
        return bits_of(FULL & ~self.own & ~self.known_actor & ~self.known_partner & ~self.known_talon)

    @property
    def total(self) -> int:
        """Deals before the talon's and the constraint's limits."""
        free = len(self._free())
        k_p, k_a = 10 - self.known_partner.bit_count(), 10 - self.known_actor.bit_count()
        return math.comb(free, k_p) * math.comb(free - k_p, k_a)

    def _keep(self, hands: np.ndarray, talon: np.ndarray) -> np.ndarray:
        actor = hands[:, self.actor]
        ok = (actor & np.uint32(self.actor_must_hold)) == np.uint32(self.actor_must_hold)
        if not self.sharp_talon_ok:
            ok &= (talon & np.uint32(SHARP_MASK)) == 0
        if self.actor_married:
            ok &= marriage_bits(actor) != 0
        if self.where is not None:
            ok &= np.asarray(self.where(hands), bool)
        return ok

    def exact(self) -> WorldBatch:
        """Every deal consistent with what is known (each a unit of its own), when they are few."""
        if self.total > ENUMERATION_CAP:
            raise AdviceError(f"{self.total} deals are too many to list (at most {ENUMERATION_CAP}): "
                              "give a number of worlds")
        free = self._free()
        k_p, k_a = 10 - self.known_partner.bit_count(), 10 - self.known_actor.bit_count()
        rows_h, rows_t = [], []
        for partner in subsets(free, k_p).tolist():
            rest = [b for b in free if not partner >> b & 1]
            actor = subsets(rest, k_a)
            rest_mask = np.uint32(sum(1 << b for b in rest))
            hands = np.zeros((len(actor), 3), np.uint32)
            hands[:, self.me] = self.own
            hands[:, self.partner] = partner | self.known_partner
            hands[:, self.actor] = actor | np.uint32(self.known_actor)
            talon = (rest_mask & ~actor) | np.uint32(self.known_talon)
            ok = self._keep(hands, talon)
            rows_h.append(hands[ok])
            rows_t.append(talon[ok])
        hands = np.concatenate(rows_h) if rows_h else np.zeros((0, 3), np.uint32)
        if not len(hands):
            raise AdviceError("no deal is consistent with what is known (--where, the known cards)")
        return WorldBatch(hands, np.arange(len(hands)), np.concatenate(rows_t))

    def draw(self, rng: np.random.Generator, units: int, start: int = 0) -> WorldBatch:
        free = self._free()
        k_p, k_a = 10 - self.known_partner.bit_count(), 10 - self.known_actor.bit_count()
        got_h, got_t = [], []
        have, tries = 0, 0
        while have < units:
            want = max(64, 3 * (units - have))
            order = rng.random((want, len(free))).argsort(axis=1)
            values = (np.uint64(1) << np.asarray(free, np.uint64))[order]
            partner = values[:, :k_p].sum(axis=1).astype(np.uint32) | np.uint32(self.known_partner)
            actor = values[:, k_p:k_p + k_a].sum(axis=1).astype(np.uint32) | np.uint32(self.known_actor)
            talon = values[:, k_p + k_a:].sum(axis=1).astype(np.uint32) | np.uint32(self.known_talon)
            hands = np.zeros((want, 3), np.uint32)
            hands[:, self.me] = self.own
            hands[:, self.actor] = actor
            hands[:, self.partner] = partner
            ok = self._keep(hands, talon)
            tries += want
            got_h.append(hands[ok])
            got_t.append(talon[ok])
            have += int(ok.sum())
            if have == 0 and tries >= 200_000:
                raise AdviceError(f"no deal is consistent with what is known (--where, the known cards, the "
                                  f"contract): none of {tries} drawn")
        hands = np.concatenate(got_h)[:units]
        talon = np.concatenate(got_t)[:units]
        return WorldBatch(hands, np.arange(start, start + units), talon)


def card_mask(cards: list[Card]) -> int:
    return sum(1 << int(c) for c in cards)
