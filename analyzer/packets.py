"""The packet patterns of docs/rules.md §6 and one deal dealt by them.

A :class:`Pattern` says how a rule set deals (packets of cards to each seat and
to the talon, or the stock for two players); a :class:`Deal` is one deal and
where it came from. They are apart from :mod:`analyzer.dealing`, which
re-exports them, because the policy that plays a deal out
(:mod:`analyzer.policy`) reads them and the chained dealers call that policy:
this module sits below both.

>>> PATTERNS["csm"].describe()
'5-5-5, 2 to the talon, 5-5-5'
>>> from analyzer.cards import ALL_CARDS
>>> [len(h) for h in pattern("basic").deal(list(ALL_CARDS))[0]]
[12, 10, 10]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from analyzer.cards import Card, CardSet
from analyzer.contract import RULE_SETS
from analyzer.errors import MariasError

__all__ = ["PATTERNS", "PLAYED", "TALON", "THREE_PLAYER", "Deal", "DealError", "Pattern", "Trick", "pattern"]

Trick = tuple[Card, ...]


class DealError(MariasError):
    """A dealer that cannot be built (unknown name, rule set, cut model …)."""


TALON = -1  # the recipient of a packet that goes to the talon (or the stock)


# --- packet patterns -----------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    """How a rule set deals: packets of cards to each recipient, from the top of the pack."""

    name: str
    players: int
    packets: tuple[tuple[int, int], ...]  # (seat or TALON, number of cards)

    def deal(self, pack: Sequence[Card]) -> tuple[tuple[CardSet, ...], CardSet]:
        """The hands (seat 0 = forehand) and the talon dealt from ``pack`` (top card first)."""
        if len(pack) != 32 or len(set(pack)) != 32:
            raise DealError(f"a pack holds the 32 different cards, not {len(pack)} ({len(set(pack))} different)")
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        talon: list[Card] = []
        top = 0
        for seat, count in self.packets:
            packet = pack[top:top + count]
            (talon if seat == TALON else hands[seat]).extend(packet)
            top += count
        return tuple(CardSet(h) for h in hands), CardSet(talon)

    def describe(self) -> str:
        """The pattern in words: ``'5-5-5, 2 to the talon, 5-5-5'``."""
        parts: list[str] = []
        run: list[str] = []
        for seat, count in self.packets:
            if seat == TALON:
                if run:
                    parts.append("-".join(run))
                    run = []
                parts.append(f"{count} to the {'stock' if self.players == 2 else 'talon'}")
            else:
                if seat == 0 and run:
                    parts.append("-".join(run))
                    run = []
                run.append(str(count))
        if run:
            parts.append("-".join(run))
        return ", ".join(parts)


def _round(count: int, players: int) -> tuple[tuple[int, int], ...]:
    return tuple((seat, count) for seat in range(players))


# docs/rules.md §6.
PATTERNS: dict[str, Pattern] = {
    "csm": Pattern("csm", 3, _round(5, 3) + ((TALON, 2),) + _round(5, 3)),
    "licit": Pattern("licit", 3, _round(5, 3) + ((TALON, 2),) + _round(5, 3)),
    "basic": Pattern("basic", 3, ((0, 7), (1, 5), (2, 5)) + _round(5, 3)),
    "four": Pattern("four", 4, _round(4, 4) + _round(4, 4)),
    "two": Pattern("two", 2, _round(4, 2) + _round(4, 2) + ((TALON, 16),)),
}
THREE_PLAYER = RULE_SETS  # the patterns forehand's contracts are analysed for (a Position with a talon)
PLAYED = (*THREE_PLAYER, "four", "two")  # the patterns the chained dealers play out (analyzer.policy.play_hand)


def pattern(packets: str) -> Pattern:
    """A packet pattern by name (``csm``, ``licit``, ``basic``, ``four``, ``two``)."""
    if packets not in PATTERNS:
        raise DealError(f"unknown packet pattern {packets!r} (use {', '.join(PATTERNS)})")
    return PATTERNS[packets]

# --- deals --------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """One deal: the hands (seat 0 = forehand), the talon (stock for two players) and where it came from."""

    index: int
    packets: str  # the packet pattern (PATTERNS); a three-player one is named after its rule set
    hands: tuple[CardSet, ...]
    talon: CardSet
    pack: tuple[Card, ...] = field(repr=False)  # the pack as dealt, top card first (after any riffles and the cut)
    chain: int
    step: int
    cut: int | None = None  # cards moved by the cut (None for a shuffled pack)
    previous: tuple[Trick, ...] | None = field(default=None, repr=False)  # last hand's tricks, in play order
