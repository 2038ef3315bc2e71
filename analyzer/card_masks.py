"""Card sets as bit masks, for the claim checks: k-subsets listed in bulk, the core's
strength order (betl and durch rank the ten between the nine and the under-knave), and the
unseen cards as the redistributions share them out.

Nothing here knows a claim: the claim's reading (:mod:`analyzer.claim_reading`), its
redistributions (:mod:`analyzer.redistributions`), the strict search and its lean checks
all build on these.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from analyzer.cards import NOTRUMP_ORDER, Card, CardSet, Rank, Suit

__all__ = ["core_mask", "defence_may_marry", "from_core", "low_last", "marriage_cards", "mask_bits", "natural_order", "popcount32",
           "subsets", "suit_counts", "unseen_split"]


def subsets(bits: Sequence[int], k: int) -> np.ndarray:
    """Every k-subset of ``bits`` as a uint32 mask, in the order of itertools.combinations(bits, k):
    the last bits of the list change fastest."""
    n = len(bits)
    if not 0 <= k <= n:
        return np.zeros(0, np.uint32)
    places = _places(n, k)  # bit i: bits[i]
    # Each byte of places read through a table of the 256 masks it stands for.
    out = np.zeros(len(places), np.uint32)
    for start in range(0, n, 8):
        out |= _byte_table(tuple(bits[start:start + 8]))[(places >> np.uint32(start)) & np.uint32(0xFF)]
    return out


@functools.lru_cache(maxsize=1024)
def _byte_table(bits: tuple[int, ...]) -> np.ndarray:
    """The mask of ``bits`` that each byte's set bits pick (bit j: bits[j])."""
    table = np.zeros(256, np.uint32)
    for j, bit in enumerate(bits):
        table[1 << j:2 << j] = table[:1 << j] | np.uint32(1 << bit)
    table.flags.writeable = False
    return table


@functools.lru_cache(maxsize=128)
def _places(n: int, k: int) -> np.ndarray:
    """subsets(range(n), k), kept: the strict search lists the same shapes of claim thousands of times."""
    # row[j]: the j-subsets of positions i..n-1, built from i = n down to 0.
    row = [np.zeros(1, np.uint32)] + [np.zeros(0, np.uint32)] * k
    for i in range(n - 1, -1, -1):
        bit = np.uint32(1 << i)
        low = max(1, k - i)  # fewer than k - i cards from positions i.. can never make k
        row = row[:low] + [np.concatenate([row[j - 1] | bit, row[j]]) for j in range(low, k + 1)]
    row[k].flags.writeable = False
    return row[k]


_POPCOUNT = np.array([i.bit_count() for i in range(256)], np.uint8)


def suit_counts(masks: np.ndarray) -> np.ndarray:
    """The cards of each suit in each uint32 mask: (4, len) uint8, a suit's lane being a byte
    (one lookup for all four: on the strict check's many small tables, the calls cost more
    than the counting)."""
    return _POPCOUNT[np.ascontiguousarray(masks, "<u4").view(np.uint8).reshape(-1, 4)].T


def popcount32(masks: np.ndarray) -> np.ndarray:
    """The number of cards in each uint32 mask."""
    return suit_counts(masks).sum(axis=0, dtype=np.int16)


# The sure wins (analyzer.sure_wins) read a higher bit as a stronger card of its suit: betl and durch
# rank the ten between the nine and the under-knave, so their lanes are renumbered.
_STRENGTH_BIT = {int(rank): bit for bit, rank in enumerate(NOTRUMP_ORDER)}
_NATURAL_LANE = np.array([sum(1 << int(NOTRUMP_ORDER[b]) for b in range(8) if lane >> b & 1) for lane in range(256)],
                         np.uint32)


def from_core(bit: int, notrump: bool) -> Card:
    """The card of a bit in strength order (:func:`core_mask`'s numbering)."""
    return Card.make(bit >> 3, NOTRUMP_ORDER[bit & 7] if notrump else bit & 7)


# A lane of the cards' own bits in strength order (betl and durch): the inverse of _NATURAL_LANE.
_STRENGTH_LANE = tuple(sum(1 << _STRENGTH_BIT[r] for r in range(8) if lane >> r & 1) for lane in range(256))


def core_mask(cards: CardSet, notrump: bool) -> int:
    """A card set in strength order."""
    mask = cards.mask
    return sum(_STRENGTH_LANE[mask >> (8 * s) & 0xFF] << (8 * s) for s in range(4)) if notrump else mask


def mask_bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    return [b for b in range(32) if mask >> b & 1]


def natural_order(masks: np.ndarray, notrump: bool) -> np.ndarray:
    """Strength-order masks back to the cards' own bits (the core's input)."""
    if not notrump:
        return masks
    out = np.zeros_like(masks)
    for s in range(4):
        out |= _NATURAL_LANE[(masks >> np.uint32(8 * s)) & np.uint32(0xFF)] << np.uint32(8 * s)
    return out


def low_last(bits: list[int], trump: Suit | None) -> list[int]:
    """Core bits in the order the redistributions list them in: lexicographic subsets change
    the last bits fastest, and low cards last (trumps after the others on a tie) measured
    best: neighbouring redistributions then differ in cards that matter late, and share the
    most of their search in the solver's table, whose keys squeeze out the cards already
    played (docs/claims.md, "Order")."""
    suit = -1 if trump is None else int(trump)
    return sorted(bits, key=lambda bit: (-(bit & 7), (bit >> 3) == suit))


def unseen_split(unseen: int, forbidden0: int, forbidden1: int, size0: int) -> tuple[int, int, int] | None:
    """The unseen cards (masks) as the redistributions share them out: (those forced on
    defenders[0], his partner cannot hold them; the free ones; how many of these he holds),
    or None when no redistribution fits."""
    forced0, forced1 = unseen & forbidden1, unseen & forbidden0
    free = unseen & ~(forced0 | forced1)
    k = size0 - forced0.bit_count()
    if forced0 & forced1 or not 0 <= k <= free.bit_count():
        return None
    return forced0, free, k


_OVERS = sum(1 << (8 * s + Rank.OVER) for s in range(4))  # each suit's over-knave; its king is the bit above


def marriage_cards(mask: int) -> int:
    """The kings and over-knaves of ``mask`` whose partner ``mask`` holds too: the marriages' cards."""
    overs = mask & (mask >> 1) & _OVERS  # an over-knave with its king
    return overs | overs << 1


def defence_may_marry(unseen: int) -> bool:
    """Are the king and over-knave of some suit both unseen (a defender may hold the marriage)?"""
    return marriage_cards(unseen) != 0
