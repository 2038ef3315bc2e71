"""What a change of game costs: small positions solved in turn under many different games (trumps,
contracts, actors), so that the table's game slots keep changing hands, against the same
positions under one game. Before the per-slot epochs a slot that changed hands cost a scan of
the whole table (milliseconds at 2^22 entries); now it costs nothing.

    python benchmarks/table.py --tt-log2 22
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import time

from analyzer.rules import Position
from analyzer.solver import Solver

HANDS = ["hA hX bK", "h7 b7 l7", "h8 b8 l8"]


def games(n: int) -> list[Position]:
    """n different games of one small position (the table holds 15 side by side)."""
    out = []
    for contract, trump, actor in itertools.product(["game", "hundred", "betl", "durch"], "hbla", range(3)):
        if contract in ("betl", "durch") and trump != "h":
            continue
        out.append(Position.from_json({"hands": HANDS, "contract": contract, "actor": actor, "leader": actor,
                                       "trump": trump if contract in ("game", "hundred") else None}))
    return out[:n]


def per_call(solver: Solver, positions: list[Position], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        for p in positions:
            start = time.perf_counter()
            solver.makes(p)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tt-log2", type=int, default=22)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    many = games(30)
    solver = Solver(args.tt_log2)
    same = per_call(solver, [many[0]] * len(many), args.rounds)
    cycling = per_call(solver, many, args.rounds)
    print(f"table 2^{args.tt_log2}: median ms per solve, one game {same * 1e3:.3f}, "
          f"{len(many)} games in turn {cycling * 1e3:.3f}")


if __name__ == "__main__":
    main()
