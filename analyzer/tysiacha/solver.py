"""Tysiacha's open-hand search from Python: the declarer's exact total, each legal move's value,
the line, and "does he reach his bid" (cext/tysiacha.c through ``analyzer._core``)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from analyzer._core import DECLARE, TysiachaSearch
from analyzer.cards import Card
from analyzer.tysiacha.game import Rules
from analyzer.tysiacha.position import Move, Position, move_str

_local = threading.local()


def context() -> TysiachaSearch:
    """This thread's search context (its table kept between calls)."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        ctx = _local.ctx = TysiachaSearch(18)
    return ctx


def to_move(code: int) -> Move:
    return Card(code & 31), bool(code & DECLARE)


def from_move(move: Move) -> int:
    return int(move[0]) + (DECLARE if move[1] else 0)


def rest_value(position: Position, rules: Rules | None = None) -> int:
    """The declarer's points in the rest of the play (tricks and his declarations), exact."""
    rules = rules or Rules()
    if position.over:
        return 0
    return context().value(rules.core_game(position.declarer), position.core_state())


def total(position: Position, rules: Rules | None = None) -> int:
    """The declarer's exact total at the end of the hand: what he holds now plus the rest."""
    rules = rules or Rules()
    return position.declarer_points(rules) + rest_value(position, rules)


def reaches(position: Position, target: int | None = None, rules: Rules | None = None) -> bool:
    """Does the declarer reach ``target`` (default: his bid) against the best defence?"""
    rules = rules or Rules()
    need = (position.bid if target is None else target) - position.declarer_points(rules)
    if position.over or need <= 0:
        return need <= 0
    return context().search(rules.core_game(position.declarer), position.core_state(), need)


@dataclass
class SolveResult:
    position: Position
    total: int
    bid: int
    makes: bool
    moves: list[tuple[Move, int]]
    line: list[tuple[Move, int]]
    nodes: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "tysiacha",
            "position": str(self.position),
            "declarer": self.position.declarer,
            "total": self.total,
            "exact": True,
            "bid": self.bid,
            "makes": self.makes,
            "to_move": self.position.to_move,
            "moves": [{"move": move_str(m), "total": v} for m, v in self.moves],
            "line": [{"move": move_str(m), "gain": g} for m, g in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


def solve(position: Position, rules: Rules | None = None) -> SolveResult:
    """The declarer's exact total, each legal move's total, and a line of best play."""
    rules = rules or Rules()
    start = time.perf_counter()
    have = position.declarer_points(rules)
    if position.over:
        return SolveResult(position, have, position.bid, have >= position.bid, [], [], 0, 0.0)
    ctx = context()
    game, state = rules.core_game(position.declarer), position.core_state()
    rest = ctx.value(game, state)
    nodes = ctx.nodes
    moves = sorted(((to_move(m), have + v) for m, v in ctx.move_values(game, state)),
                   key=lambda mv: (-mv[1] if position.to_move == position.declarer else mv[1], int(mv[0][0]), mv[0][1]))
    nodes += ctx.nodes
    line = [(to_move(m), g) for m, g in ctx.line(game, state, rest)]
    nodes += ctx.nodes
    value = have + rest
    return SolveResult(position, value, position.bid, value >= position.bid, moves, line, nodes,
                       time.perf_counter() - start)
