"""Laid down: does the declarer reach his bid whatever the split of the cards he has not seen
and whatever the defence plays (docs/rules.md "Tysiacha", Open-hand value)?

He has seen his own hand, the widow and the two cards he passed (one to each opponent, face
up): at the start of play the other 14 cards lie between the opponents 7 and 7, C(14,7) = 3,432
splits. Every split goes to C in one batch (cext/tysiacha.c ``ty_batch``); a split where he
falls short is the counterexample, with the defence's line of play that beats him.
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from analyzer import cancel
from analyzer.cards import CardSet
from analyzer.errors import PositionError
from analyzer.tysiacha.game import Rules
from analyzer.tysiacha.position import Position, move_str
from analyzer.tysiacha.solver import context, solve


@dataclass
class ClaimResult:
    position: Position
    target: int
    splits: int
    failing: int
    counterexample: Position | None
    counter_total: int | None
    counter_line: list[str]
    nodes: int
    seconds: float
    answered: int = 0  # splits answered: all of them, or up to the first failure

    @property
    def laid_down(self) -> bool:
        return self.failing == 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "tysiacha",
            "position": str(self.position),
            "target": self.target,
            "laid_down": self.laid_down,
            "distributions": self.splits,  # the names of marias claim --json
            "winning": self.splits - self.failing if self.answered == self.splits else None,
            "exact": True,
            "counterexample": None if self.counterexample is None else {
                "position": str(self.counterexample),
                "total": self.counter_total,
                "line": self.counter_line,
            },
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


def known_cards(position: Position) -> tuple[CardSet, CardSet]:
    """The cards the declarer knows each opponent (the seat after him, then the next) holds:
    the card he passed him, while it is still in his hand."""
    d = position.declarer
    known = []
    for k, seat in enumerate(((d + 1) % 3, (d + 2) % 3)):
        card = position.passed[k] if position.passed else None
        known.append(CardSet([card]) if card is not None and card in position.hands[seat] else CardSet())
    return known[0], known[1]


def splits(position: Position) -> tuple[list[int], np.ndarray]:
    """Every redistribution of the unseen cards between the opponents (each keeping his number of
    cards and the card passed to him): the seats in order and an array of three hands per row."""
    d = position.declarer
    first, second = (d + 1) % 3, (d + 2) % 3
    known1, known2 = known_cards(position)
    unseen = (position.hands[first] | position.hands[second]) - known1 - known2
    n1 = len(position.hands[first]) - len(known1)
    cards = list(unseen)
    rows = []
    full = unseen.mask
    for combo in itertools.combinations(cards, n1):
        m1 = 0
        for c in combo:
            m1 |= 1 << c
        hands = [0, 0, 0]
        hands[d] = position.hands[d].mask
        hands[first] = m1 | known1.mask
        hands[second] = (full & ~m1) | known2.mask
        rows.append(hands)
    return [first, second], np.array(rows, dtype=np.uint32).reshape(-1, 3)


CHUNK = 16  # splits per call into C: between calls a cancel (analyzer.cancel) stops it, progress is told


def check_claim(position: Position, target: int | None = None, rules: Rules | None = None,
                count: bool = False, progress: Callable[[int], None] | None = None) -> ClaimResult:
    """Is the position laid down for ``target`` (default: the bid)? The batch stops at the first
    failing split; with ``count`` (``marias claim --count``) every split is answered and the
    count of failing ones is exact. ``progress(n)`` is told the splits answered by each chunk
    (the board's job); a cancelled scope stops the check between chunks."""
    rules = rules or Rules()
    if position.over:
        raise PositionError("the hand is over: nothing to claim")
    target = position.bid if target is None else target
    start = time.perf_counter()
    need = target - position.declarer_points(rules)
    _, worlds = splits(position)
    ctx = context()
    game, state = rules.core_game(position.declarer), position.core_state()
    out = np.zeros(len(worlds), np.int16)
    done = nodes = 0
    for lo in range(0, len(worlds), CHUNK):
        cancel.check()
        part, n = ctx.batch(game, state, np.ascontiguousarray(worlds[lo:lo + CHUNK]), need, stop_on_no=not count)
        nodes += ctx.nodes
        out[lo:lo + n] = part[:n]
        done += n
        if progress is not None:
            progress(n)
        if not count and (part[:n] == 0).any():
            break  # the first failing split settles it
    answered = out[:done]
    failing = int((answered == 0).sum())
    counter = total_ = None
    line: list[str] = []
    if failing:
        w = int(np.flatnonzero(answered == 0)[0])
        counter = replace(position, hands=tuple(CardSet(int(h)) for h in worlds[w]))  # type: ignore[arg-type]
        result = solve(counter, rules)
        total_ = result.total
        line = [move_str(m) for m, _ in result.line]
    return ClaimResult(position, target, len(worlds), failing, counter, total_, line, nodes,
                       time.perf_counter() - start, done)
