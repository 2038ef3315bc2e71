"""The whole two-player hand with the stock (analyzer/stock.py): the questions of
analyzer/solver.py asked of the stock-phase search in C (cext/stock.h), which hands each
position where the stock runs out to the core.

Perfect information: both players see both hands and the stock's order, so the value is
exact, as for an open-hand endgame. A search may be given a time limit; past it the result
says ``decided: false`` and what was settled before.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from analyzer import _core, cancel
from analyzer.cards import Card
from analyzer.questions import OWN_GOAL, Question, hra_question, questions
from analyzer.solution import SolveResult
from analyzer.stock import EXCHANGE, StockMove, group_line
from analyzer.targets import remaining_units

if TYPE_CHECKING:
    from analyzer.variants import VariantPosition

DEFAULT_TT_LOG2 = 20  # the stock phase's table: 16 MiB
# The core's table for the endgames where the stock runs out: 2**21 entries (64 MiB, zeroed lazily by
# the system). A hand's hundreds of thousands of endgames overwrite a smaller one: 2**18 took 1.5 times
# as long on lízaný deals with 12 cards left (docs/benchmarks.md).
CORE_TT_LOG2 = 21


@dataclass(repr=False)
class StockResult(SolveResult):
    """A solve of a position with the stock: ``perfect_information`` is always true; ``decided``
    is false when the time limit ended the search (``makes`` then None, ``components`` what was
    settled before). The line may hold the six-card variant's ``"exchange"``."""

    decided: bool = True
    perfect_information: bool = True
    # The best line for the points (the hra search), which ``line`` is not when the line's goal
    # is a component: the marriages it declares are what a payment counts (analyzer/outcome.py).
    points_line: list[StockMove] = field(default_factory=list)

    @property
    def tricks(self) -> list[Any]:
        return group_line(self.position, self.line) if self.position is not None else []  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["perfect_information"] = self.perfect_information
        out["decided"] = self.decided
        out["stock_phase_tricks"] = len(self.position.stock) // 2 if self.position is not None else 0  # type: ignore[attr-defined]
        return out

    def __repr__(self) -> str:
        if not self.decided:
            return "<StockResult undecided (time limit)>"
        return super().__repr__().replace("SolveResult", "StockResult")


def _move(bit: int) -> StockMove:
    return EXCHANGE if bit == _core.EXCHANGE else Card(bit)


class StockSolver:
    """Owns one stock-phase search context (and the core context of its endgames)."""

    def __init__(self, tt_log2: int = DEFAULT_TT_LOG2) -> None:
        self._search = _core.StockSearch(tt_log2, CORE_TT_LOG2)
        self.line_nodes = 0  # stock-phase nodes of the last line_steps (its value's search included)

    def set_time_limit(self, seconds: float) -> None:
        """Later searches raise ``_core.Stopped`` past this many seconds (0: no limit)."""
        self._search.set_time_limit(seconds)

    @property
    def nodes(self) -> int:
        return self._search.nodes

    def _args(self, position: VariantPosition, q: Question) -> tuple:
        state = (tuple(h.mask for h in position.hands), tuple(int(c) for c in position.trick), position.leader,
                 q.best_marriage)
        return q.game(position), [int(c) for c in position.stock], position.variant == "six", state

    def ask(self, position: VariantPosition, q: Question) -> bool:
        return self._search.search(*self._args(position, q), q.target)

    def value(self, position: VariantPosition, q: Question) -> int:
        return self._search.value(*self._args(position, q))

    def line_steps(self, position: VariantPosition, q: Question) -> list[tuple[StockMove, int, int]]:
        """(move, points the question's side gained by it, of which marriage) along a best line."""
        args = self._args(position, q)
        value = self._search.value(*args)
        nodes = self._search.nodes
        line = self._search.line(*args, value)
        self.line_nodes = nodes + self._search.nodes  # the value's search and the line's
        return [(_move(bit), 10 * gain, 10 * marriage) for bit, gain, marriage in line]

    def move_values(self, position: VariantPosition, q: Question) -> list[tuple[StockMove, int]]:
        return [(_move(bit), value) for bit, value in self._search.move_values(*self._args(position, q))]

    def solve(self, position: VariantPosition, card_values: bool = False,
              time_limit: float | None = None) -> StockResult:
        """Everything ``marias solve`` reports, for a position with the stock. In a cancel scope
        (``analyzer.cancel``) that is cancelled meanwhile, the search stops and Cancelled is raised."""
        self._search.set_stop(False)
        with cancel.on_cancel(lambda: self._search.set_stop(True)):
            try:
                return self._solve(position, card_values, time_limit)
            finally:
                self._search.set_stop(False)

    def _solve(self, position: VariantPosition, card_values: bool, time_limit: float | None) -> StockResult:
        self._search.set_time_limit(time_limit or 0)
        qs = questions(position)
        components: dict[str, bool] = {}
        nodes = 0
        try:
            for name, q in qs.items():
                components[name] = self.ask(position, q)
                nodes += self.nodes
            hra = hra_question(position)
            steps = self.line_steps(position, hra)
            nodes += self.line_nodes
            actor_points = sum(points - marriage for _, points, marriage in steps)
            own = qs[OWN_GOAL[position.contract][0]]
            line_goal = "points"
            line = points_line = [move for move, _, _ in steps]
            if own.name != "game":
                line = [move for move, _, _ in self.line_steps(position, own)]
                nodes += self.line_nodes
                line_goal = own.name
            values = self.card_values(position, qs) if card_values else None
            self._search.set_time_limit(0)  # the limit is this call's: later questions have none
        except _core.Stopped:
            self._search.set_time_limit(0)
            cancel.check()  # stopped by the caller's scope: not an answer at all
            return StockResult(makes=None, actor_points=None, defence_points=None,  # type: ignore[arg-type]
                               components=components, line=[], nodes=nodes, position=position, decided=False)
        return StockResult(
            makes=all(components[name] for name in OWN_GOAL[position.contract]),
            actor_points=actor_points,
            defence_points=10 * remaining_units(position) - actor_points,
            components=components if len(components) > 1 else {},
            line=line,  # type: ignore[arg-type]
            card_values=values,  # type: ignore[arg-type]
            nodes=nodes,
            line_goal=line_goal,
            position=position,
            points_line=points_line,
        )

    def card_values(self, position: VariantPosition, qs: dict[str, Question] | None = None) -> dict[StockMove, dict]:
        """For each move of the player to move (the exchange included): the contract's own goal
        after it (``makes``) and the hra value after it (``hra_value``)."""
        qs = qs or questions(position)
        makes: dict[StockMove, bool] = {}
        for name in OWN_GOAL[position.contract]:
            q = qs[name]
            for move, value in self.move_values(position, q):
                makes[move] = makes.get(move, True) and value >= q.target
        hra = {move: 10 * value for move, value in self.move_values(position, hra_question(position))}
        return {move: {"makes": makes[move], "hra_value": hra[move]} for move in makes}
