"""A claim's redistributions listed in bulk, as the checks search them: :class:`Table`, every
redistribution as arrays of bit masks in the core's card order, and :func:`world_targets`,
each one's target where the defenders' marriages move it (docs/claims.md, "Order").
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from analyzer.card_masks import (
    core_mask,
    defence_may_marry,
    from_core,
    low_last,
    mask_bits,
    natural_order,
    subsets,
    suit_counts,
)
from analyzer.cards import CardSet, Suit
from analyzer.claim_reading import Claim, ClaimError, first_hands
from analyzer.rules import Position
from analyzer.solver import Question
from analyzer.targets import GAME_STEP

__all__ = ["Table", "claim_table", "redistributions", "world_targets"]


def redistributions(claim: Claim) -> list[Position]:
    """Every redistribution as a position (small claims and tests; ``check_claim`` never builds these)."""
    return [claim.with_hands(first) for first in first_hands(claim)]


class Table:
    """All redistributions as arrays of bit masks in the core's card numbering (a higher bit
    is a stronger card of its suit in the contract's order), with the per-suit counts."""

    def __init__(self, claim: Claim, only: Sequence[CardSet] | None = None) -> None:
        """Every redistribution of ``claim``, or ``only`` those (the cards of ``defenders[0]``,
        each one that fits the claim)."""
        position = claim.position
        self.claim = claim
        self.notrump = nt = position.notrump
        self.seats = claim.defenders
        self.actor = core_mask(position.hands[position.actor], nt)
        self.unseen = core_mask(claim.unseen, nt)
        forced0, forced1 = claim.forced
        forced = core_mask(forced0, nt)
        free = mask_bits(core_mask(claim.free, nt))
        k = claim.sizes[0] - len(forced0)
        if forced0 & forced1 or len(forced1) > claim.sizes[1] or not 0 <= k <= len(free):
            raise ClaimError("no redistribution fits the play so far")
        if only is None:
            self.first = subsets(low_last(free, position.trump), k) | np.uint32(forced)
        else:
            self.first = np.array(sorted({core_mask(cards, nt) for cards in only}), np.uint32)
        self.second = np.uint32(self.unseen) ^ self.first
        self.counts = [suit_counts(hand) for hand in (self.first, self.second)]

    def worlds(self, order: np.ndarray) -> np.ndarray:
        """The hands of the redistributions ``order`` as the core reads them: (len, 4) masks,
        the fourth seat empty."""
        hands = np.zeros((len(order), 4), np.uint32)
        hands[:, self.claim.position.actor] = natural_order(np.array([self.actor], np.uint32), self.notrump)[0]
        hands[:, self.seats[0]] = natural_order(self.first[order], self.notrump)
        hands[:, self.seats[1]] = natural_order(self.second[order], self.notrump)
        return hands

    def cards(self, index: int) -> CardSet:
        """The cards of ``defenders[0]`` in redistribution ``index``."""
        mask = int(self.first[index])
        return CardSet(from_core(b, self.notrump) for b in mask_bits(mask))


def world_targets(claim: Claim, question: Question, unseen: int, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The question's target in each redistribution (``first`` and ``second``: the cards of
    ``defenders[0]`` and ``[1]``, masks; ``unseen`` theirs together). It depends on the
    redistribution only through the marriages the defenders hold (game, Czech rule): each adds
    its points (20 or 40) to the defence's, and the target counts in steps of ``GAME_STEP``
    points (analyzer.targets.game_target), so each adds a whole step or two."""
    position = claim.position
    targets = np.full(len(first), question.target, np.int16)
    if (defence_may_marry(unseen) and question.name == "game" and position.marriage_rule == "czech"
            and position.trump is not None):
        steps = _marriage_steps(tuple(position.marriage_value(suit) // GAME_STEP for suit in Suit))
        own = sum(position.marriage_value(suit) // GAME_STEP for seat in claim.defenders
                  for suit in position.held_marriages(seat))  # in the position's own redistribution
        targets += steps[_defence_marriages(unseen, first, second)] - np.int16(own)
    return targets


@functools.cache
def _marriage_steps(steps: tuple[int, ...]) -> np.ndarray:
    """Per 4-bit set of suits, the sum of their ``steps``."""
    return np.array([sum(step for s, step in enumerate(steps) if key >> s & 1) for key in range(16)], np.int16)


def claim_table(claim: Claim) -> Table:
    """Every redistribution of ``claim``, listed once per claim."""
    built = claim.built
    if "table" not in built:
        built["table"] = Table(claim)
    return built["table"]


def _defence_marriages(unseen: int, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Per redistribution, a 4-bit set of the suits in which one defender holds king and over-knave."""
    keys = np.zeros(len(first), np.uint8)
    for s in range(4):
        pair = np.uint32(0x30 << (8 * s))
        if unseen & int(pair) != int(pair):
            continue  # one of the pair is not the defence's to hold
        held = ((first & pair) == pair) | ((second & pair) == pair)
        keys |= held.astype(np.uint8) << s
    return keys
