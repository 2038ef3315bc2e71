"""The exact solver: with every card's place known, who loses with best play.

Two players: a zero-sum game that always ends (a run of attacks that beats nothing
empties the attacker's hand, and beating takes cards out of the game), solved by a
depth-first search with a table of settled states; the first move that wins for the
mover settles his node.

Three or more players: play can go round for ever (cards circling the table), so the
states reachable from the position are built as a graph and each seat's question
"can he avoid losing whatever all the others do?" is a two-sided game on that graph,
settled by backward induction over the graph (an attractor: the states from which the
others can force him to be the one left with cards). Endless play is a draw by default,
so he is safe outside that set; with ``endless="loss"`` he must force an end in which
someone else loses (the states from which he can force that).

The outcome when each plays to avoid losing (the tie rule): at his turn each player
makes the first move in the canonical order (:func:`analyzer.mustamaija.rules.legal_moves`:
attacks with fewer cards first, then lower cards; defences beating more cards first)
that keeps him safe, or the first move when none does; play that comes back to a state
it has been in goes round for ever and nobody loses.
"""
from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from analyzer.errors import ArgumentError, PositionError
from analyzer.mustamaija import native
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.rules import (
    Move,
    Rules,
    State,
    legal_moves,
    loser,
    move_str,
    mover,
    play,
)

ENDLESS_RULES = ("draw", "loss")
ENGINES = ("auto", "c", "python")
DEFAULT_TIME_LIMIT = 10.0
DEFAULT_MAX_STATES = 1_000_000  # the Python engine's: about 1 GB of tuples
C_MAX_STATES = 8_000_000  # the C engine's: about 1 GB at four players (states, table, edges both ways)


class GaveUp(Exception):
    """The time limit or the state limit was reached before the answer was exact."""


@dataclass
class SolveResult:
    """What the solver says about a position. ``loser`` is who loses with best play (two
    players) or when each plays to avoid losing (three or more; None: nobody, the play goes
    round for ever: ``endless``). ``safe[seat]``: that seat can avoid losing whatever all the
    others do. ``moves``: the mover's legal moves, each with the same two facts after it.
    ``states``: the states settled (C, and Python for three or more: the whole graph;
    Python for two: the table of its cut-off search). ``engine``: ``c`` or ``python``."""

    players: int
    mover: int | None
    endless_rule: str
    exact: bool
    gave_up: str | None = None
    loser: int | None = None
    endless: bool = False
    safe: list[bool] = field(default_factory=list)
    player: int | None = None
    player_safe: bool | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    line: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    engine: str = "python"

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players, "mover": self.mover, "endless_rule": self.endless_rule, "exact": self.exact,
            "gave_up": self.gave_up, "loser": self.loser, "endless": self.endless, "safe": self.safe,
            "player": self.player, "player_safe": self.player_safe, "moves": self.moves, "line": self.line,
            "states": self.states, "seconds": round(self.seconds, 6), "engine": self.engine,
        }


class Solver:
    """One game's rules and the states settled so far (kept between calls, so asking about
    the positions of one ending one after another costs little)."""

    def __init__(self, rules: Rules, *, endless: str = "draw", time_limit: float | None = DEFAULT_TIME_LIMIT,
                 max_states: int | None = None, engine: str = "auto") -> None:
        if endless not in ENDLESS_RULES:
            raise ArgumentError(f"endless must be one of {', '.join(ENDLESS_RULES)}, not {endless!r}")
        if engine not in ENGINES:
            raise ArgumentError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
        if engine == "c" and not native.AVAILABLE:
            raise ArgumentError("the C solver is not built (pip install -e .); use engine='python'")
        self.rules = rules
        self.endless = endless
        self.time_limit = time_limit
        self.engine = "c" if engine == "c" or engine == "auto" and native.AVAILABLE else "python"
        self.max_states = max_states if max_states is not None else (
            C_MAX_STATES if self.engine == "c" else DEFAULT_MAX_STATES)
        self._loser2: dict[State, int] = {}
        self._deadline = float("inf")
        self._count = 0

    def solve_state(self, state: State, player: int | None = None) -> SolveResult:
        """The answer for a state of this game (see :func:`solve`)."""
        return _solve_state(self, state, player)

    # ------------------------------------------------------------------ two players
    def _start(self) -> None:
        self._deadline = time.perf_counter() + self.time_limit if self.time_limit is not None else float("inf")
        self._count = 0

    def _tick(self) -> None:
        self._count += 1
        if self._count & 1023 == 0:
            if time.perf_counter() > self._deadline:
                raise GaveUp(f"time limit of {self.time_limit:g} s reached")
            if len(self._loser2) > self.max_states:
                raise GaveUp(f"state limit of {self.max_states} reached")

    def loser2(self, state: State) -> int:
        """Who loses a two-player state with best play."""
        memo = self._loser2
        found = memo.get(state)
        if found is not None:
            return found
        if state[2] < 0:
            result = loser(state)
            if result is None:
                raise PositionError("nobody holds a card: the Maria is missing")
            memo[state] = result
            return result
        self._tick()
        me = mover(state)
        other = 1 - me
        rules = self.rules
        moves = legal_moves(rules, state)
        if not state[3]:
            moves.reverse()  # more cards first: the attacker wants his hand gone
        result = me
        for move in moves:
            if self.loser2(play(rules, state, move)) == other:
                result = other
                break
        memo[state] = result
        return result

    # ------------------------------------------------------------------ the graph
    def settle(self, root: State) -> Any:
        """The graph of the states reachable from ``root`` with every seat's safe set, asked
        through ``index(state)`` and ``safe(seat, index)``: in C, or in Python (``engine``)."""
        if self.engine == "c":
            left = None
            if self.time_limit is not None:
                left = max(self._deadline - time.perf_counter(), 1e-6)
            try:
                return native.NativeGraph(self.rules, root, loss_rule=self.endless == "loss",
                                          max_states=self.max_states, seconds=left)
            except native.Unsettled as exc:
                self._count = exc.states
                if exc.reason == "time":
                    raise GaveUp(f"time limit of {self.time_limit:g} s reached after {exc.states} states") from None
                if exc.reason == "states":
                    raise GaveUp(f"state limit of {self.max_states} reached") from None
                raise GaveUp(f"out of memory after {exc.states} states") from None
        states, succ, index = self.graph(root)
        return _PythonView(index, self.safe_sets(states, succ, range(len(root[0]))))

    def graph(self, root: State) -> tuple[list[State], list[list[int]], dict[State, int]]:
        """Every state reachable from ``root`` (index 0) and each one's successors, in the
        canonical move order."""
        index = {root: 0}
        states = [root]
        succ: list[list[int]] = []
        rules = self.rules
        i = 0
        while i < len(states):
            self._count = len(states)
            if i & 1023 == 0 and time.perf_counter() > self._deadline:
                raise GaveUp(f"time limit of {self.time_limit:g} s reached after {len(states)} states")
            if len(states) > self.max_states:
                raise GaveUp(f"state limit of {self.max_states} reached")
            state = states[i]
            row = []
            for move in legal_moves(rules, state):
                child = play(rules, state, move)
                j = index.get(child)
                if j is None:
                    j = index[child] = len(states)
                    states.append(child)
                row.append(j)
            succ.append(row)
            i += 1
        return states, succ, index

    def safe_sets(self, states: list[State], succ: list[list[int]], seats: range) -> dict[int, list[bool]]:
        """For each seat, for each state: can that seat avoid losing whatever the others do."""
        pred: list[list[int]] = [[] for _ in states]
        for i, row in enumerate(succ):
            for j in set(row):
                pred[j].append(i)
        movers = [mover(s) if s[2] >= 0 else -1 for s in states]
        losers = [loser(s) if s[2] < 0 else None for s in states]
        out: dict[int, list[bool]] = {}
        for seat in seats:
            if self.endless == "draw":  # the others reach "seat loses": seat is safe outside that set
                target = [lo == seat for lo in losers]
                attr = _attractor(target, succ, pred, [m != seat and m >= 0 for m in movers])
                out[seat] = [not a for a in attr]
            else:  # seat must reach an end in which someone else loses
                target = [lo is not None and lo != seat for lo in losers]
                out[seat] = _attractor(target, succ, pred, [m == seat for m in movers])
        return out


def _attractor(target: list[bool], succ: list[list[int]], pred: list[list[int]], chooser: list[bool]) -> list[bool]:
    """The states from which the side that moves at ``chooser`` states can force a ``target``
    state (the other side moving elsewhere): backward induction with a counter per state."""
    inside = list(target)
    left = [len(set(row)) for row in succ]
    queue = deque(i for i, t in enumerate(target) if t)
    while queue:
        j = queue.popleft()
        for i in pred[j]:
            if inside[i]:
                continue
            if chooser[i]:
                inside[i] = True
                queue.append(i)
            else:
                left[i] -= 1
                if left[i] == 0 and succ[i]:
                    inside[i] = True
                    queue.append(i)
    return inside


def solve(position: Position, *, player: int | None = None, endless: str = "draw",
          time_limit: float | None = DEFAULT_TIME_LIMIT, max_states: int | None = None,
          engine: str = "auto") -> SolveResult:
    """Solve a position whose every card's place is known (the talon empty or in order).

    ``player``: the seat whose question "can he avoid losing against everyone?" is
    answered in ``player_safe`` (default: the mover). Gives up, saying why in
    ``gave_up`` with ``exact`` false, when ``time_limit`` seconds or ``max_states``
    states are used up (default: 1,000,000 in Python, 8,000,000 in C). ``engine``:
    ``c`` (the default, ``auto``, where the extension is built) or ``python`` (the
    reference implementation, slower); both give the same answers.
    """
    if not isinstance(position, Position):
        raise ArgumentError(f"solve takes a Position, not {type(position).__name__}")
    state = position.state
    n = position.players
    if player is not None and not (isinstance(player, int) and 0 <= player < n):
        raise ArgumentError(f"player must be a seat 0-{n - 1}, not {player!r}")
    solver = Solver(position.rules, endless=endless, time_limit=time_limit, max_states=max_states, engine=engine)
    return solver.solve_state(state, player=player)


def _with_recursion(fn: Any) -> Any:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 20000))
        try:
            return fn(*args, **kwargs)
        finally:
            sys.setrecursionlimit(old)
    return wrapped


@_with_recursion
def _solve_state(self: Solver, state: State, player: int | None = None) -> SolveResult:
    started = time.perf_counter()
    self._start()
    n = len(state[0])
    who = mover(state) if state[2] >= 0 else None
    result = SolveResult(players=n, mover=who, endless_rule=self.endless, exact=True,
                         player=player if player is not None else who, engine=self.engine)
    rules = self.rules
    try:
        if self.engine == "python" and n == 2:
            result.loser = self.loser2(state)
            result.safe = [result.loser != seat for seat in range(2)]
            line_state = state
            while line_state[2] >= 0:
                me = mover(line_state)
                moves = legal_moves(rules, line_state)
                pick = next((m for m in moves if self.loser2(play(rules, line_state, m)) != me), moves[0])
                result.line.append(move_str(rules, line_state, pick))
                line_state = play(rules, line_state, pick)
            for move in legal_moves(rules, state):
                lost = self.loser2(play(rules, state, move))
                result.moves.append({"move": move_str(rules, state, move), "safe": lost != who, "loser": lost,
                                     "endless": False})
            result.states = len(self._loser2)
        else:
            view = self.settle(state)
            result.safe = [view.safe(seat, 0) for seat in range(n)]
            result.loser, result.endless, result.line = _profile(rules, view, state)
            for move in legal_moves(rules, state):
                child = play(rules, state, move)
                lost, endless, _ = _profile(rules, view, child)
                result.moves.append({"move": move_str(rules, state, move),
                                     "safe": view.safe(who, view.index(child)) if who is not None else True,
                                     "loser": lost, "endless": endless})
            result.states = view.count
    except GaveUp as exc:
        result.exact = False
        result.gave_up = str(exc)
        result.loser = None
        result.safe = []
        result.moves = []
        result.line = []
        result.states = max(len(self._loser2), self._count)
    if result.exact and result.player is not None:
        result.player_safe = result.safe[result.player]
    result.seconds = time.perf_counter() - started
    return result


class _PythonView:
    """The Python engine's graph as :func:`_profile` asks about it."""

    def __init__(self, index: dict[State, int], safe: dict[int, list[bool]]) -> None:
        self._index = index
        self._safe = safe
        self.count = len(index)

    def index(self, state: State) -> int:
        return self._index[state]

    def safe(self, seat: int, i: int) -> bool:
        return self._safe[seat][i]


def _profile(rules: Rules, view: Any, state: State) -> tuple[int | None, bool, list[str]]:
    """Play from ``state`` with each player making the first move that keeps him safe (the
    tie rule); a state met again means play goes round for ever."""
    seen = set()  # the states themselves: the C engine's one index may stand for suits renamed
    line = []
    while state[2] >= 0:
        if state in seen:
            return None, True, line
        seen.add(state)
        me = mover(state)
        moves = legal_moves(rules, state)
        kids = [play(rules, state, m) for m in moves]
        pick = next((k for k, child in enumerate(kids) if view.safe(me, view.index(child))), 0)
        line.append(move_str(rules, state, moves[pick]))
        state = kids[pick]
    return loser(state), False, line


def move_values(solver: Solver, state: State) -> list[tuple[Move, bool]]:
    """Each legal move of a two-player state and whether it keeps the mover from losing."""
    me = mover(state)
    return [(m, solver.loser2(play(solver.rules, state, m)) != me) for m in legal_moves(solver.rules, state)]
