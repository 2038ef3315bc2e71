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
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from analyzer import _core
from analyzer.cards import SHARP_MASK, Card
from analyzer.contract import Contract
from analyzer.errors import ArgumentError
from analyzer.rules import Position, seven_of, trick_winner
from analyzer.targets import (  # noqa: F401 (remaining_units, fixed_marriages: the names the solver's users import)
    best_marriage,
    fixed_marriages,
    game_target,
    hundred_target,
    remaining_units,
    sure_points,
    trick_points_in_score,
)

# Parts of each contract, each scored (and searched) separately, and what "makes" means.
COMPONENTS: dict[Contract, tuple[str, ...]] = {c: c.components for c in Contract}
OWN_GOAL: dict[Contract, tuple[str, ...]] = {c: c.own_goal for c in Contract}

DEFAULT_TT_LOG2 = 16  # 2 MiB: bigger tables only add cache misses to a single solve (docs/benchmarks.md)
TT_LOG2_RANGE = (10, 28)


@dataclass(frozen=True)
class Question:
    """One yes/no question for the core: can the maximiser reach ``target``?"""

    name: str
    goal: int
    maximiser: int  # 0: the actor's side, 1: the defence
    target: int
    marriage: int = _core.MARR_NONE
    best_marriage: int = 0
    goals: tuple[tuple[int, int], ...] = ()  # (card, trick from the end it must win)

    def game(self, position: Position, policy: int = _core.POLICY_NONE) -> tuple:
        """The core's game: what is searched, the same for every state of a deal. ``policy``: the
        actor plays that fixed plan (``_core.POLICY_CASHING``, ``POLICY_BETL``) instead of his best."""
        trump = -1 if position.trump is None else int(position.trump)
        game = (trump, int(position.notrump), position.actor, self.maximiser, self.goal, self.marriage,
                SHARP_MASK, position.announced.mask, self.goals, position.players, position.team_mask)
        free = position.free_tricks if self.goal == _core.GOAL_DURCH else 0
        if policy:
            return game + (free, policy)
        return game + (free,) if free else game

    def state(self, position: Position) -> tuple:
        """The core's state: the cards, the trick and the leader."""
        return (tuple(h.mask for h in position.hands), tuple(int(c) for c in position.trick), position.leader,
                self.best_marriage)


class LineStep(NamedTuple):
    """One card of a principal variation and what it gained the question's maximising side (points)."""

    card: Card
    points: int  # the rise of the searched value: trick points, and (over-first) half-marriages
    marriage: int  # of which marriage (over-first: half of the declared marriage's value)


@dataclass
class SolveResult:
    """What ``marias solve`` reports; ``to_json`` gives its JSON keys (cards as tokens there only)."""

    makes: bool
    actor_points: int | None
    defence_points: int | None
    components: dict[str, bool]
    line: list[Card]
    card_values: dict[Card, dict[str, Any]] | None = None
    nodes: int = 0
    # Whose best play the line is: "points" (the hra search: the actor's trick points, which also
    # decide the game and, under the Czech rule, the hundred) or the component searched for.
    line_goal: str = "points"
    position: Position | None = field(default=None, repr=False, compare=False)

    @property
    def tricks(self) -> list[Any]:
        """The line grouped by trick (cards, players, winner, points): ``analyzer.play.Trick``."""
        from analyzer.play import group_tricks

        return group_tricks(self.position, self.line) if self.position is not None else []

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "makes": self.makes,
            "actor_points": self.actor_points,
            "defence_points": self.defence_points,
            "components": self.components,
            "line": [str(c) for c in self.line],
            "line_goal": self.line_goal,
            "tricks": [t.to_json() for t in self.tricks],
        }
        if self.card_values is not None:
            out["card_values"] = {str(card): value for card, value in self.card_values.items()}
        return out

    def __repr__(self) -> str:
        contract = self.position.contract.value if self.position is not None else "contract"
        points = "" if self.actor_points is None else f", actor {self.actor_points} / defence {self.defence_points}"
        return f"<SolveResult {contract} {'makes' if self.makes else 'fails'}{points}, {len(self.line)}-card line>"

    def _repr_html_(self) -> str:
        from analyzer.display import html_result

        return html_result(self)


def questions(position: Position) -> dict[str, Question]:
    """The questions that decide each component of the position's contract. Worked out once per
    position (positions do not change) and shared by every caller: read it, never change it.
    (The strict search asks it several times at each of its nodes.)"""
    cached = position.__dict__.get("_questions")
    if cached is None:
        cached = {name: question(position, name) for name in COMPONENTS[position.contract]}
        position.__dict__["_questions"] = cached
    return cached


def question(position: Position, name: str) -> Question:
    """The core's question that decides component ``name`` of the position's contract."""
    trump = position.trump
    over_first = position.marriage_rule == "over-first"
    if name == "game":
        target = game_target(sure_points(position, 0), sure_points(position, 1), remaining_units(position))
        return Question(name, _core.GOAL_POINTS, 0, target, _core.MARR_DIFF if over_first else _core.MARR_NONE)
    if name in ("hundred", "hundred-against"):
        side = 0 if name == "hundred" else 1
        have = trick_points_in_score(position, side) + (position.talon.points if side else 0)
        best = best_marriage(position, side)
        if over_first:
            # The core adds what the play improves on the best marriage so far.
            target = hundred_target(have, 0) - best // 10
            return Question(name, _core.GOAL_POINTS, side, target, _core.MARR_BEST, best // 10)
        return Question(name, _core.GOAL_POINTS, side, hundred_target(have, best))
    if name in ("seven", "seven-against", "two-sevens"):
        wanted = ((seven_of(trump), 1),)
        if name == "two-sevens":
            wanted = ((seven_of(position.side_suit), 2),) + wanted
        maximiser = 1 if name == "seven-against" else 0
        goals = _live_goals(position, wanted)
        if goals is None:  # a seven played in an earlier trick decided it (docs/semantics.md, "Values")
            return Question(name, _core.GOAL_POINTS, maximiser, _NEVER)
        if not goals:
            return Question(name, _core.GOAL_POINTS, maximiser, 0)  # every seven won its trick
        return Question(name, _core.GOAL_SEVENS, maximiser, 1, goals=goals)
    if name in ("betl", "open-betl", "durch", "open-durch"):
        betl = name.endswith("betl")
        won = [(lead + trick_winner(cards, trump, position.notrump)) % position.players in position.team
               for lead, cards in zip(position.trick_leaders(), position.played)]
        if position.free_tricks and not any(position.hands) and not position.trick:
            won = won[:-1]  # durch with the wise one, played out: the last trick only found the partner
        if any(won) if betl else not all(won):  # a trick of the history decided it
            return Question(name, _core.GOAL_POINTS, 0, _NEVER)
        return Question(name, _core.GOAL_BETL if betl else _core.GOAL_DURCH, 0, 1)
    raise AssertionError(name)


_NEVER = 100  # a target in units no play reaches (32 cards hold 8 units and the last trick 1)


def _live_goals(position: Position, wanted: tuple[tuple[Card, int], ...]) -> tuple[tuple[int, int], ...] | None:
    """The sevens' goals still open, as the core's (card, trick from the end) pairs: a seven
    played in a completed trick of the position's history has met its goal (it won the trick
    it had to win) or failed it (None)."""
    open_goals = []
    for card, when in wanted:
        trick = next((k for k, cards in enumerate(position.played) if card in cards), None)
        if trick is None:
            open_goals.append((int(card), when))
            continue
        cards = position.played[trick]
        from_end = position.tricks_left + len(position.played) - trick
        if from_end != when or cards[trick_winner(cards, position.trump, position.notrump)] != card:
            return None
    return tuple(open_goals)


def hra_question(position: Position) -> Question:
    """The point search behind actor_points and the hra value (any contract with trumps)."""
    return question(position, "game")


_hra_question = hra_question


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
            from analyzer.stock_solver import StockSolver

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
        return 10 * self.value(position, _hra_question(position))

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
        for name, question in qs.items():
            components[name] = self.ask(position, question)
            nodes += self.nodes
        own = qs[OWN_GOAL[position.contract][0]]
        actor_points = defence_points = None
        hra_line = None
        if position.contract.has_trumps:
            hra_line = self.line_steps(position, _hra_question(position))
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
            q = _hra_question(position)
            hra = {Card(bit): 10 * value for bit, value in self._search.move_values(q.game(position), q.state(position))}
        out: dict[Card, dict[str, Any]] = {}
        for card in position.legal_moves():
            entry: dict[str, Any] = {"makes": makes[card]}
            if hra:
                entry["hra_value"] = hra[card]
            out[card] = entry
        return out


def _has_stock(position: Position) -> bool:
    return bool(getattr(position, "stock", ()))


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
