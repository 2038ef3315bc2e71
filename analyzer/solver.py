"""The open-hand solver: a position in, a verdict, the points and a line out.

Every contract is answered as one or more *questions* to the C core, each of
the form "can this side reach a value of at least ``target``?" (docs/semantics.md
says what each value is). A question is one null-window search; the exact
value behind ``actor_points`` is a few of them on the same table.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> result = solve(pos)
>>> result.makes, result.actor_points, [str(card) for card in result.line]
(True, 30, ['hX', 'h7', 'h8', 'hA', 'b7', 'b8'])
"""
from __future__ import annotations

import threading
from typing import Any

from analyzer import _core
from analyzer.cards import Card
from analyzer.errors import ArgumentError
from analyzer.questions import (  # noqa: F401 (the names the solver's users import from it)
    COMPONENTS,
    OWN_GOAL,
    Question,
    hra_question,
    question,
    questions,
)
from analyzer.rules import Position
from analyzer.solution import LineStep, SolveResult
from analyzer.stock_solver import StockSolver
from analyzer.targets import fixed_marriages, remaining_units  # noqa: F401 (likewise)

DEFAULT_TT_LOG2 = 16  # 2 MiB: bigger tables only add cache misses to a single solve (docs/benchmarks.md)
TT_LOG2_RANGE = (10, 28)


class Solver:
    """Owns one C search context; reuse it for many positions (its table carries over).

    A Solver may be shared between threads, but its searches then take turns: give
    each thread its own (``default_solver()`` does) to search in parallel.
    """

    def __init__(self, tt_log2: int = DEFAULT_TT_LOG2) -> None:
        low, high = TT_LOG2_RANGE
        if not isinstance(tt_log2, int) or isinstance(tt_log2, bool) or not low <= tt_log2 <= high:
            raise ArgumentError(f"the table size tt_log2 is a whole number from {low} to {high} "
                                f"(2**N entries of 32 bytes), not {tt_log2!r}")
        self._search = _core.Search(tt_log2)
        self._stock: Any = None  # the two-player stock phase's search, made on first use

    def stock_solver(self) -> Any:
        """The search of two-player positions with a stock (analyzer/stock_solver.py)."""
        if self._stock is None:
            self._stock = StockSolver()
        return self._stock

    @property
    def nodes(self) -> int:
        """Nodes searched by the last call into the core."""
        return self._search.nodes

    @property
    def core(self) -> _core.Search:
        """The C search context itself, for batch loops over bit masks (``analyzer.batch``)."""
        return self._search

    def ask(self, position: Position, question: Question) -> bool:
        """One null-window search: does the question's side reach its target?"""
        _check_position(position, "ask")
        if _has_stock(position):
            return self.stock_solver().ask(position, question)
        return self._search.search(question.game(position), question.state(position), question.target)

    def value(self, position: Position, question: Question) -> int:
        """The exact value of the question's search (units of 10 points, or 0/1 for a goal)."""
        _check_position(position, "value")
        if _has_stock(position):
            return self.stock_solver().value(position, question)
        return self._search.value(question.game(position), question.state(position))

    def component(self, position: Position, name: str) -> bool:
        """Does one component (``game``, ``seven``, ``betl`` …) of the contract succeed?"""
        _check_position(position, "component")
        if name not in position.contract.components:
            raise ArgumentError(f"{position.contract.value} has no component {name!r} "
                                f"(it has {', '.join(position.contract.components)})")
        return self.ask(position, question(position, name))

    def makes(self, position: Position) -> bool:
        """The contract's own goal, as fast as it can be answered."""
        _check_position(position, "makes")
        return all(self.ask(position, question(position, name)) for name in OWN_GOAL[position.contract])

    def hra_value(self, position: Position) -> int:
        """The actor's points in the rest of the play under best play for the hra (trick points and
        the last trick; under the over-first rule the marriages' difference too: docs/semantics.md)."""
        _check_position(position, "hra_value")
        if not position.contract.has_trumps:
            raise ArgumentError(f"{position.contract.value} has no hra value: it is played without trumps")
        return 10 * self.value(position, hra_question(position))

    def line(self, position: Position, question: Question) -> list[Card]:
        """A principal variation of the question's search."""
        return [step.card for step in self.line_steps(position, question)]

    def line_steps(self, position: Position, question: Question) -> list[LineStep]:
        """A principal variation with what each card gained, as the core returns it (no replay in
        Python): the points the maximising side's value rose by, and of those the marriage's."""
        _check_position(position, "line")
        if _has_stock(position):
            raise ArgumentError("line_steps() is for positions without a stock: solve() gives the whole line")
        game, state = question.game(position), question.state(position)
        value = self._search.value(game, state)
        nodes = self._search.nodes
        line = self._search.line(game, state, value)
        self._line_nodes = nodes + self._search.nodes
        return [LineStep(Card(bit), 10 * gain, 10 * marriage) for bit, gain, marriage in line]

    def solve(self, position: Position, card_values: bool = False, time_limit: float | None = None) -> SolveResult:
        """Everything ``marias solve`` reports about a position. ``time_limit`` (seconds) bounds the
        search of a two-player hand with the stock, which may take long (docs/benchmarks.md): past
        it the result is undecided (analyzer/stock_solver.py); other positions ignore it."""
        _check_position(position, "solve")
        if _has_stock(position):
            return self.stock_solver().solve(position, card_values, time_limit)
        qs = questions(position)
        nodes = 0
        components = {}
        for name, q in qs.items():
            components[name] = self.ask(position, q)
            nodes += self.nodes
        own = qs[OWN_GOAL[position.contract][0]]
        actor_points = defence_points = None
        hra_line = None
        if position.contract.has_trumps:
            hra_line = self.line_steps(position, hra_question(position))
            nodes += self._line_nodes
            # The core's gains along the line are the actor's trick points (marriages aside).
            actor_points = sum(step.points - step.marriage for step in hra_line)
            defence_points = 10 * remaining_units(position) - actor_points
        line_goal = "points"
        if hra_line is not None and (own.name == "game" or own.name == "hundred" and position.marriage_rule == "czech"):
            line = [step.card for step in hra_line]  # the points decide these goals: one line serves both
        else:
            line = self.line(position, own)
            line_goal = own.name
            nodes += self._line_nodes
        return SolveResult(
            makes=all(components[name] for name in OWN_GOAL[position.contract]),
            actor_points=actor_points,
            defence_points=defence_points,
            components=components if len(components) > 1 else {},
            line=line,
            card_values=self.card_values(position, qs) if card_values else None,
            nodes=nodes,
            line_goal=line_goal,
            position=position,
        )

    def card_values(self, position: Position, qs: dict[str, Question] | None = None) -> dict[Card, dict[str, Any]]:
        """For each legal card of the side to move: the contract's own goal after it (``makes``) and,
        with trumps, the hra value after it (``hra_value``, the actor's points in the rest of the play)."""
        _check_position(position, "card_values")
        if _has_stock(position):
            return self.stock_solver().card_values(position, qs)
        qs = qs or questions(position)
        makes: dict[Card, bool] = {}
        for name in OWN_GOAL[position.contract]:
            q = qs[name]
            for bit, value in self._search.move_values(q.game(position), q.state(position)):
                makes[Card(bit)] = makes.get(Card(bit), True) and value >= q.target
        hra: dict[Card, int] = {}
        if position.contract.has_trumps:
            q = hra_question(position)
            hra = {Card(bit): 10 * value for bit, value in self._search.move_values(q.game(position), q.state(position))}
        out: dict[Card, dict[str, Any]] = {}
        for card in position.legal_moves():
            entry: dict[str, Any] = {"makes": makes[card]}
            if hra:
                entry["hra_value"] = hra[card]
            out[card] = entry
        return out


def _has_stock(position: Position) -> bool:
    return bool(position.stock)


def _check_position(position: Any, method: str) -> None:
    if not isinstance(position, Position):
        raise ArgumentError(f"{method}() takes a Position, not {type(position).__name__}; "
                            "use Position.from_json(...) to read one")


_local = threading.local()


def default_solver() -> Solver:
    """This thread's Solver (created on first use): threads never share a search context."""
    solver = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver()
    return solver


def solve(position: Position, card_values: bool = False) -> SolveResult:
    """Solve with this thread's default Solver."""
    return default_solver().solve(position, card_values)
