"""Sure wins: redistributions in which a plan the defence cannot stop makes a component,
proven without a search (docs/claims.md, "Sure wins"). Sound, not complete: a
redistribution not proven here is searched.
"""
from __future__ import annotations

import numpy as np

from analyzer.card_masks import core_mask, mask_bits, popcount32
from analyzer.cards import SHARP_MASK, CardSet
from analyzer.claim_reading import Claim
from analyzer.redistributions import Table
from analyzer.rules import Position

__all__ = ["CashingPlan", "sure_wins"]


def sure_wins(claim: Claim, table: Table, name: str, targets: np.ndarray) -> np.ndarray:
    """Redistributions in which the component is made by a plan that the defence cannot stop
    (docs/claims.md, "Sure wins"). Sound, not complete: False means "search it"."""
    position = claim.position
    total = len(table.first)
    none = np.zeros(total, bool)
    if position.trick or position.leader != position.actor or position.tricks_left == 0:
        return none  # every plan below starts with the actor leading to a fresh trick
    if name == "betl":
        return np.full(total, _betl_sure(table, position)) if total else none
    plan = CashingPlan(table, position)
    if name == "durch":
        return plan.every_trick
    if name == "seven":
        return plan.every_trick | plan.seven_kept
    if name == "two-sevens":
        return plan.every_trick
    units = plan.cashed_units
    if name == "game":
        if position.marriage_rule == "over-first":
            units = units - _defence_halves(table, position)
        return units >= targets
    if name == "hundred":
        return units >= targets
    return none


class CashingPlan:
    """The actor leads his trumps from the top until the defence has none, then cashes every
    suit from the top (an announced seven last); per redistribution: does every trick of it
    win, how many units the tricks surely won hold, and is the trump seven sure to survive
    to the last trick.

    The i-th lead of a suit (from the top, i = 0, 1, ...) wins when each defender who holds a
    higher card of that suit holds at most i cards of it: the i leads before it, all won by
    the actor, took one card of the suit from every defender who had one (he must follow),
    and a discard only shortens a defender's suits further. With trumps, side leads are sure
    only once the defence has no trump left to ruff with.
    """

    def __init__(self, table: Table, position: Position) -> None:
        total = len(table.first)
        trump = -1 if position.trump is None else int(position.trump)
        announced = core_mask(position.announced, position.notrump)
        sharp = core_mask(CardSet(SHARP_MASK), position.notrump)
        units = np.zeros(total, np.int16)  # sharp cards of the actor's sure tricks
        losers = np.zeros(total, np.int16)  # side cards that are not sure tricks
        drawn = np.ones(total, bool)  # the defence's trumps are all drawn by winning leads
        spare = np.zeros(total, np.int16)  # the actor's trumps left after that, the seven aside
        every = np.ones(total, bool)
        tricks = np.zeros(total, np.int16)  # the actor's sure tricks (counted when the trumps are drawn)
        for suit in range(4):
            top_down = [b for b in range(8 * suit + 7, 8 * suit - 1, -1) if table.actor >> b & 1]
            if suit == trump:
                mine = [b for b in top_down if not announced >> b & 1]
                need = np.maximum(table.counts[0][suit], table.counts[1][suit]).astype(np.int16)
                drawn = need <= len(mine)
                for i, bit in enumerate(mine):
                    drawn &= (need <= i) | self._wins(table, suit, bit, i)
                # Once the defence has no trumps, every trump of the actor's wins when led.
                units += np.int16(sum(sharp >> b & 1 for b in mine))
                tricks += np.int16(len(mine))
                spare = (len(mine) - need).astype(np.int16)
                continue
            sure = np.ones(total, bool)
            for i, bit in enumerate(top_down):
                sure &= self._wins(table, suit, bit, i)
                units += (sure & bool(sharp >> bit & 1)).astype(np.int16)
                tricks += sure.astype(np.int16)
                losers += (~sure).astype(np.int16)
            every &= sure
        if trump < 0:
            drawn[:] = True
        every &= drawn
        units = np.where(drawn, units, 0).astype(np.int16)
        # The defence's aces and tens that must fall into those tricks: a defender plays one card
        # to every trick, so into the tricks the defence may win (all but the actor's sure ones)
        # he can keep at most that many cards back, and his other aces and tens go to the actor.
        left = position.tricks_left - np.where(drawn, tricks, 0)
        self.forced_units = sum(np.maximum(popcount32(hand & np.uint32(sharp)) - left, 0).astype(np.int16)
                                for hand in (table.first, table.second))
        units += self.forced_units
        everything = ((table.actor | table.unseen) & sharp).bit_count() + 1  # and the last trick
        self.every_trick = every
        # Sedma (docs/claims.md): trumps drawn and a spare trump for every side card the actor
        # may still have to follow with, so the seven is never his only legal card too early
        # and wins the last trick. Any trump kept back the same way wins the last trick too.
        if trump >= 0:
            self.seven_kept = drawn & (spare >= losers)
            held = announced & table.actor
            if not held:
                units = units + (drawn & (spare - 1 >= losers)).astype(np.int16)  # a spare kept back
            elif held == 1 << (8 * trump):
                units = units + self.seven_kept.astype(np.int16)  # the seven itself is kept back
            # (with an announced side seven, which he may not lead at will, no last trick is sure)
        else:
            self.seven_kept = np.zeros(total, bool)
        self.cashed_units = np.where(every, everything, units).astype(np.int16)

    @staticmethod
    def _wins(table: Table, suit: int, bit: int, i: int) -> np.ndarray:
        higher = np.uint32((0xFF << (8 * suit)) & ~((2 << bit) - 1) & 0xFFFFFFFF)
        ok = np.ones(len(table.first), bool)
        for d, hand in enumerate((table.first, table.second)):
            ok &= ((hand & higher) == 0) | (table.counts[d][suit] <= i)
        return ok


def _defence_halves(table: Table, position: Position) -> np.ndarray:
    """Over-first: the most the defence's marriages can take off the hra value (half of each
    marriage one defender holds whole)."""
    out = np.zeros(len(table.first), np.int16)
    if position.trump is None:
        return out
    for s in range(4):
        pair = np.uint32(0x30 << (8 * s))
        held = ((table.first & pair) == pair) | ((table.second & pair) == pair)
        out += held.astype(np.int16) * (2 if s == int(position.trump) else 1)
    return out


def _betl_sure(table: Table, position: Position) -> bool:
    """Betl with the actor to lead: in every suit but at most one card, each of his cards lies
    below every unseen card of its suit, and that one card (or any card, if none) can be led
    under an unseen card. After the lead he never leads again; a defender's lead of any suit
    he holds is then above all his cards of it, so he can always play under."""
    risky = []
    for suit in range(4):
        mine = [b for b in range(8 * suit, 8 * suit + 8) if table.actor >> b & 1]
        theirs = [b for b in range(8 * suit, 8 * suit + 8) if table.unseen >> b & 1]
        lowest = min(theirs, default=64)
        risky += [b for b in mine if b > lowest]
    if len(risky) > 1:
        return False
    leads = risky or mask_bits(table.actor)
    return any(table.unseen & (0xFF << (8 * (b >> 3))) & ~((2 << b) - 1) for b in leads)
