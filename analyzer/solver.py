"""The open-hand solver: a position in, a verdict, the points and a line out.

Every contract is answered as one or more *questions* to the C core, each of
the form "can this side reach a value of at least ``target``?" (docs/semantics.md
says what each value is). A question is one null-window search; the exact
value behind ``actor_points`` is a few of them on the same table.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> result = solve(pos)
>>> result.makes, result.actor_points, result.line
(True, 30, ['hX', 'h7', 'h8', 'hA', 'b7', 'b8'])
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from analyzer import _core
from analyzer.cards import NOTRUMP_ORDER, SHARP_MASK, Card, CardSet
from analyzer.errors import PositionError
from analyzer.contract import Contract
from analyzer.rules import Position, replay, seven_of

# Parts of each contract, each scored (and searched) separately, and what "makes" means.
COMPONENTS: dict[Contract, tuple[str, ...]] = {c: c.components for c in Contract}
OWN_GOAL: dict[Contract, tuple[str, ...]] = {c: c.own_goal for c in Contract}

DEFAULT_TT_LOG2 = 16  # 1.5 MiB: bigger tables only add cache misses to a single solve (docs/benchmarks.md)

# Betl and durch rank the ten below the under-knave: the core sees strength bits.
_NOTRUMP_BIT = {int(rank): bit for bit, rank in enumerate(NOTRUMP_ORDER)}
_NOTRUMP_RANK = {bit: rank for rank, bit in _NOTRUMP_BIT.items()}


@dataclass(frozen=True)
class Question:
    """One yes/no question for the core: can the maximiser reach ``target``?"""

    name: str
    goal: int
    maximiser: int  # 0: the actor's side, 1: the defence
    target: int
    marriage: int = _core.MARR_NONE
    best_marriage: int = 0
    goals: tuple[tuple[int, int], ...] = ()


@dataclass
class SolveResult:
    """What ``marias solve`` reports (``to_json`` gives the JSON keys of the issue)."""

    makes: bool
    actor_points: int | None
    defence_points: int | None
    components: dict[str, bool]
    line: list[str]
    card_values: dict[str, dict[str, Any]] | None = None
    nodes: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "makes": self.makes,
            "actor_points": self.actor_points,
            "defence_points": self.defence_points,
            "components": self.components,
            "line": self.line,
        }
        if self.card_values is not None:
            out["card_values"] = self.card_values
        return out


def core_card(card: Card, notrump: bool) -> int:
    """The core's bit for a card: betl and durch renumber ranks by their order."""
    return card.suit * 8 + (_NOTRUMP_BIT[card.rank] if notrump else int(card.rank))


def from_core(bit: int, notrump: bool) -> Card:
    return Card.make(bit >> 3, _NOTRUMP_RANK[bit & 7] if notrump else bit & 7)


def _notrump_lane(lane: int) -> int:
    return sum(1 << _NOTRUMP_BIT[rank] for rank in range(8) if lane >> rank & 1)


_NOTRUMP_LANE = tuple(_notrump_lane(lane) for lane in range(256))


def core_mask(cards: CardSet, notrump: bool) -> int:
    """The core's mask for a card set (lanes renumbered for betl and durch)."""
    mask = cards.mask
    if not notrump:
        return mask
    return sum(_NOTRUMP_LANE[(mask >> (8 * s)) & 0xFF] << (8 * s) for s in range(4))


def remaining_units(position: Position) -> int:
    """R: trick points (units) still to be taken, the last trick included."""
    mask = position.hands[0].mask | position.hands[1].mask | position.hands[2].mask
    for card in position.trick:
        mask |= 1 << card
    return (mask & SHARP_MASK).bit_count() + (1 if mask else 0)


def _held_marriages(position: Position, side: int) -> list[int]:
    """Points of each marriage the side holds: under the Czech rule they will all be declared
    whatever the play (under over-first the search decides)."""
    if position.marriage_rule != "czech":
        return []
    seats = [s for s in range(3) if position.side(s) == side]
    return [position.marriage_value(suit) for s in seats for suit in position.held_marriages(s)]


def fixed_marriages(position: Position, side: int) -> int:
    """Points of the marriages a side holds, declared for sure under the Czech rule."""
    return sum(_held_marriages(position, side))


def _trick_points_in_score(position: Position, side: int) -> int:
    declared = sum(position.marriage_value(s) for s in position.declared[side])
    points = position.score[side] - declared
    if points < 0:
        who = ("actor", "defence")[side]
        raise PositionError(f"score.{who} ({position.score[side]}) is less than its declared marriages ({declared})")
    return points


def _best_marriage(position: Position, side: int) -> int:
    """The side's best marriage in points: declared, and under the Czech rule held."""
    declared = [position.marriage_value(s) for s in position.declared[side]]
    return max(declared + _held_marriages(position, side), default=0)


def questions(position: Position) -> dict[str, Question]:
    """The questions that decide each component of the position's contract."""
    return {name: _question(position, name) for name in COMPONENTS[position.contract]}


def _question(position: Position, name: str) -> Question:
    trump = position.trump
    over_first = position.marriage_rule == "over-first"
    if name == "game":
        # The actor makes it iff A0 + 10 (2G - R) > D0; G is the hra value.
        a0 = position.score[0] + fixed_marriages(position, 0)
        d0 = position.score[1] + fixed_marriages(position, 1) + position.talon.points
        target = (10 * remaining_units(position) + d0 - a0) // 20 + 1
        return Question(name, _core.GOAL_POINTS, 0, target, _core.MARR_DIFF if over_first else _core.MARR_NONE)
    if name in ("hundred", "hundred-against"):
        side = 0 if name == "hundred" else 1
        have = _trick_points_in_score(position, side) + (position.talon.points if side else 0)
        best = _best_marriage(position, side)
        if over_first:
            # The core adds what the play improves on the best marriage so far.
            target = math.ceil((100 - have) / 10) - best // 10
            return Question(name, _core.GOAL_POINTS, side, target, _core.MARR_BEST, best // 10)
        return Question(name, _core.GOAL_POINTS, side, math.ceil((100 - have - best) / 10))
    if name in ("seven", "seven-against"):
        goals = ((core_card(seven_of(trump), False), 1),)
        return Question(name, _core.GOAL_SEVENS, 0 if name == "seven" else 1, 1, goals=goals)
    if name == "two-sevens":
        goals = ((core_card(seven_of(position.side_suit), False), 2), (core_card(seven_of(trump), False), 1))
        return Question(name, _core.GOAL_SEVENS, 0, 1, goals=goals)
    if name in ("betl", "open-betl"):
        return Question(name, _core.GOAL_BETL, 0, 1)
    if name in ("durch", "open-durch"):
        return Question(name, _core.GOAL_DURCH, 0, 1)
    raise AssertionError(name)


def _hra_question(position: Position) -> Question:
    """The point search behind actor_points (for any contract with trumps)."""
    return _question(position, "game")


class Solver:
    """Owns one C search context; reuse it for many positions (its table carries over).

    Not thread-safe: use one Solver per thread or process.
    """

    def __init__(self, tt_log2: int = DEFAULT_TT_LOG2) -> None:
        self._search = _core.Search(tt_log2)

    @property
    def nodes(self) -> int:
        """Nodes searched since the last position was loaded."""
        return self._search.nodes

    @property
    def core(self) -> _core.Search:
        """The C search context itself, for hot loops that load bit masks directly
        (``analyzer.claims``); everything else goes through the methods below."""
        return self._search

    def load(self, position: Position, question: Question) -> None:
        nt = position.notrump
        self._search.load(
            [core_mask(h, nt) for h in position.hands],
            [core_card(c, nt) for c in position.trick],
            position.leader,
            -1 if position.trump is None else int(position.trump),
            position.actor,
            question.maximiser,
            question.goal,
            question.marriage,
            question.best_marriage,
            _SHARP_CORE[nt],
            core_mask(position.announced, nt),
            question.goals,
        )

    def ask(self, position: Position, question: Question) -> bool:
        """One null-window search: does the question's side reach its target?"""
        self.load(position, question)
        return self._search.search(question.target)

    def value(self, position: Position, question: Question) -> int:
        """The exact value of the question's search (units, or 0/1 for a goal)."""
        self.load(position, question)
        return self._search.value()

    def component(self, position: Position, name: str) -> bool:
        """Does one component (``game``, ``seven``, ``betl`` …) of the contract succeed?"""
        return self.ask(position, _question(position, name))

    def makes(self, position: Position) -> bool:
        """The contract's own goal, as fast as it can be answered."""
        return all(self.ask(position, _question(position, name)) for name in OWN_GOAL[position.contract])

    def hra_value(self, position: Position) -> int:
        """G, the exact hra value in units (docs/semantics.md)."""
        return self.value(position, _hra_question(position))

    def line(self, position: Position, question: Question) -> list[Card]:
        """A principal variation of the question's search."""
        self.load(position, question)
        value = self._search.value()
        return [from_core(bit, position.notrump) for bit, _ in self._search.line(value)]

    def solve(self, position: Position, card_values: bool = False) -> SolveResult:
        """Everything ``marias solve`` reports about a position."""
        qs = questions(position)
        nodes = 0
        components = {}
        for name, question in qs.items():
            components[name] = self.ask(position, question)
            nodes += self.nodes
        own = qs[OWN_GOAL[position.contract][0]]
        actor_points = defence_points = hra_line = None
        if position.contract.has_trumps:
            hra_line = self.line(position, _hra_question(position))
            nodes += self.nodes
            actor_points = self.actor_trick_points(position, hra_line)
            defence_points = 10 * remaining_units(position) - actor_points
        if own.name == "game" and hra_line is not None:
            line = hra_line
        else:
            line = self.line(position, own)
            nodes += self.nodes
        return SolveResult(
            makes=all(components[name] for name in OWN_GOAL[position.contract]),
            actor_points=actor_points,
            defence_points=defence_points,
            components=components if len(components) > 1 else {},
            line=[str(c) for c in line],
            card_values=self.card_values(position, qs) if card_values else None,
            nodes=nodes,
        )

    @staticmethod
    def actor_trick_points(position: Position, line: list[Card]) -> int:
        """The actor's trick points (aces, tens, last trick) along a complete line."""
        points = 0
        tricks = replay(position, line)
        for i, (cards, winner) in enumerate(tricks):
            if winner == position.actor:
                points += sum(c.points for c in cards) + (10 if i == len(tricks) - 1 else 0)
        return points

    def card_values(self, position: Position, qs: dict[str, Question]) -> dict[str, dict[str, Any]]:
        """For each legal card of the side to move: the contract's own goal and the hra value after it."""
        out: dict[str, dict[str, Any]] = {}
        for card in position.legal_moves():
            bit = core_card(card, position.notrump)
            entry: dict[str, Any] = {}
            ok = True
            for name in OWN_GOAL[position.contract]:
                self.load(position, qs[name])
                ok = ok and self._search.move_value(bit) >= qs[name].target
            entry["makes"] = ok
            if position.contract.has_trumps:
                self.load(position, _hra_question(position))
                entry["hra_value"] = 10 * self._search.move_value(bit)
            out[str(card)] = entry
        return out


_SHARP_CORE = {False: SHARP_MASK, True: core_mask(CardSet(SHARP_MASK), True)}
_default: Solver | None = None


def solve(position: Position, card_values: bool = False) -> SolveResult:
    """Solve with a module-wide Solver (created on first use)."""
    global _default
    if _default is None:
        _default = Solver()
    return _default.solve(position, card_values)
