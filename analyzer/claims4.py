"""Laid-down claims with four players: the claim holds for every redistribution of the cards
the actor cannot see (docs/claims.md "Four players", docs/rules.md §5 read for four seats).

The actor sees his own hand, the cards of the current trick and an announced seven
with its announcer; every other card still in play is *unseen* and may lie with any
of the other three seats, each keeping his number of cards. Who partners him follows
the called card: while it is unseen, its holder in each redistribution is the partner
(so the partnership changes from one redistribution to the next, and a world where the
actor holds it himself cannot arise); once it is seen (in the trick, or in his own hand:
alone), or when the partner was given as a seat, the partnership is fixed. The result
says which of these the check assumed.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"players": 4, "hands": ["hA hX", "h7 b7", "h8 b8", "hK bA"],
...                           "trump": "h", "contract": "game", "partner": "hK"})
>>> result = check_claim4(pos)
>>> result.laid_down, result.worlds
(True, 90)
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb
from typing import Any

from analyzer.cards import CardSet
from analyzer.errors import ArgumentError, MariasError, PositionError
from analyzer.solver import Solver
from analyzer.variants import VariantPosition

MAX_WORLDS = 200_000  # about a minute of endgames; a claim with more unseen cards is refused


class ClaimTooLarge(MariasError):
    """More redistributions than the check is allowed to search."""


@dataclass
class Claim4Result:
    """Is the four-player claim laid down? Exact: every redistribution was searched (or the first
    that breaks it found)."""

    laid_down: bool
    worlds: int  # redistributions searched
    total: int  # redistributions there are (those the announcements rule out included)
    ruled_out: int  # redistributions that contradict an announcement (see check_claim4)
    partner: str  # what the check assumed about the partner
    counterexample: VariantPosition | None = None

    def to_json(self) -> dict[str, Any]:
        return {"laid_down": self.laid_down, "worlds": self.worlds, "total": self.total,
                "ruled_out": self.ruled_out, "exact": True,
                "partner": self.partner,
                "counterexample": None if self.counterexample is None else self.counterexample.to_json()}


def _seen(position: VariantPosition) -> dict[int, CardSet]:
    """The cards in others' hands that the actor knows: an announced seven with its holder."""
    out: dict[int, CardSet] = {}
    for card in position.announced:
        seat = position.holder(card)
        if seat is not None and seat != position.actor and card in position.hands[seat]:
            out[seat] = out.get(seat, CardSet()) | CardSet([card])
    return out


def _union(sets: Any) -> CardSet:
    out = CardSet()
    for cards in sets:
        out = out | cards
    return out


def redistributions(position: VariantPosition) -> Iterator[tuple[CardSet, ...]]:
    """Every way to deal the unseen cards back to the other three seats, each keeping his count."""
    others = [s for s in range(4) if s != position.actor]
    seen = _seen(position)
    unseen = list(_union(position.hands[s] for s in others) - _union(seen.values()))
    need = [len(position.hands[s]) - len(seen.get(s, CardSet())) for s in others]

    def deal(cards: list, i: int) -> Iterator[list[CardSet]]:
        if i == len(others) - 1:
            yield [CardSet(cards)]
            return
        for pick in itertools.combinations(cards, need[i]):
            rest = [c for c in cards if c not in pick]
            for tail in deal(rest, i + 1):
                yield [CardSet(pick), *tail]

    for parts in deal(unseen, 0):
        hands = list(position.hands)
        for seat, part in zip(others, parts):
            hands[seat] = part | seen.get(seat, CardSet())
        yield tuple(hands)


def count_redistributions(position: VariantPosition) -> int:
    others = [s for s in range(4) if s != position.actor]
    seen = _seen(position)
    need = [len(position.hands[s]) - len(seen.get(s, CardSet())) for s in others]
    total, left = 1, sum(need)
    for n in need:
        total *= comb(left, n)
        left -= n
    return total


def _assumption(position: VariantPosition) -> str:
    if position.players != 4:
        raise ArgumentError("check_claim4 takes a four-player position")
    called = position.called
    if not position.contract.has_trumps or (called is None and position.partner is None):
        return "alone against three"
    if called is None:
        return f"the partner's seat is known: {position.partner}"
    if called in position.hands[position.actor]:
        return f"the actor holds the called {called}: alone against three"
    if called in position.trick:
        return f"the called {called} is in the trick: the partner is seat {position.partner}"
    seven = next(iter(position.announced), None)
    holder = position.holder(seven) if seven is not None else None
    if position.contract.actor_seven and holder is not None and holder != position.actor:
        return f"the partner announced the seven: seat {holder} (it holds the called {called})"
    return f"the partner is whoever holds the called {called} in each redistribution"


def check_claim4(position: VariantPosition, solver: Solver | None = None,
                 max_worlds: int = MAX_WORLDS) -> Claim4Result:
    """Does the actor's side make the contract in every redistribution of the unseen cards?

    A redistribution that contradicts an announcement is ruled out, not searched: the holder
    of an announced seven is on the side that announced it, so the called card lies with the
    seven's announcer when he is the partner, and not with a defender who announced against;
    and the cards already in the current trick were legal from their players' hands (a seat
    that did not follow suit holds none of it, one that did not beat holds nothing higher)."""
    if not isinstance(position, VariantPosition) or position.players != 4:
        raise ArgumentError("check_claim4 takes a four-player position (Position.from_json with \"players\": 4)")
    assumption = _assumption(position)
    total = count_redistributions(position)
    if total > max_worlds:
        raise ClaimTooLarge(f"{total} redistributions of the unseen cards, more than {max_worlds}: "
                            "claim later in the hand")
    solver = solver or Solver()
    follows_card = position.called is not None and position.called not in position.trick and \
        position.called not in position.hands[position.actor]
    worlds = ruled_out = 0
    for hands in redistributions(position):
        changes: dict[str, Any] = {"hands": hands}
        if follows_card:
            changes["partner"] = next(s for s in range(4) if position.called in hands[s])
        try:
            world = position.replace(**changes)
        except PositionError:
            ruled_out += 1  # the seven's announcer on the wrong side, or a trick that could not be played
            continue
        worlds += 1
        if not solver.makes(world):
            return Claim4Result(False, worlds, total, ruled_out, assumption, world)
    return Claim4Result(True, worlds, total, ruled_out, assumption)
