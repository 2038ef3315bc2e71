"""The C solver (cext/mustamaija.c) seen from Python: a graph of the states reachable from a
root, asked about states as the rules' tuples.

The C code builds the same graph and settles the same attractors as the Python solver
(solver.py); which card beats which is passed to it from :class:`Rules`, one table per
trump, so the two implementations share that fact rather than each holding a copy.
"""
from __future__ import annotations

from analyzer.mustamaija.rules import Rules, State, trump_of

try:
    from analyzer.mustamaija import _mustamaija
except ImportError:  # a checkout whose extension is not built: the Python solver answers alone
    _mustamaija = None

AVAILABLE = _mustamaija is not None


class Unsettled(Exception):
    """The graph was not built whole: ``reason`` is "time", "states" or "memory"."""

    def __init__(self, reason: str, states: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.states = states


_REASONS = {1: "time", 2: "states", 3: "memory"}


class NativeGraph:
    """Every state reachable from ``root`` and each seat's safe set on it, in C. ``loss_rule``:
    endless play counts as a loss for the seat asked about (``endless="loss"``)."""

    def __init__(self, rules: Rules, root: State, *, loss_rule: bool, max_states: int,
                 seconds: float | None) -> None:
        if _mustamaija is None:
            raise RuntimeError("the C solver is not built (pip install -e .)")
        self.rules = rules
        self.talon_len = len(root[1])
        tables = [list(rules.beaters_for(t)) for t in range(-1, 4)]
        self._g = _mustamaija.Graph(len(root[0]), rules.hand_size, rules.maria, rules.wedding, tables,
                                    list(root[1]))
        rc = self._g.build(list(root[0]), root[3], root[2], 0, trump_of(rules, root), max_states,
                           seconds if seconds is not None else 0.0)
        if rc == _mustamaija.OK:
            rc = self._g.solve(loss_rule)
        if rc != _mustamaija.OK:
            raise Unsettled(_REASONS[rc], self._g.count)

    @property
    def count(self) -> int:
        return self._g.count

    def index(self, state: State) -> int:
        """The state's number in the graph (the root is 0); KeyError if it is not reachable."""
        at = self._g.find(list(state[0]), state[3], state[2], self.talon_len - len(state[1]),
                          trump_of(self.rules, state))
        if at < 0:
            raise KeyError(state)
        return at

    def safe(self, seat: int, index: int) -> bool:
        return self._g.safe(seat, index)
