"""Two players with the stock (docs/benchmarks.md, "Two players with the stock"): the time of
``Solver.solve`` (the game's verdict, the exact value and the line) on random deals, by the
cards left in the stock, one core.

A deal is a real state of the hand: both hands full (eight, or six in the six-card variant), the
stock's top ``k`` cards still to draw, the rest played (their points split at random between
the sides' scores); a random trump (lízaný) or the turned card's suit (six); a random leader.
``k`` = 16 (20 with six) is the full deal. A solve past ``--time-limit`` counts as undecided and
at the limit in the median.

    python benchmarks/stock.py --deals 20 --seed 1 --stock 4,6,8,10,12 --time-limit 60
    python benchmarks/stock.py --deals 20 --seed 1 --six --stock 6,8,10,12,14 --time-limit 60
    python benchmarks/stock.py --deals 10 --seed 1 --stock 12,14,16 --time-limit 120 --verdict

With ``--claims`` it times the two-player claim check (``analyzer.claims2.check_claim2``: every
other hand and stock order the actor cannot see) for the actor seat 0 in the game, instead; a
check past ``--time-limit`` counts as undecided and at the limit.

    python benchmarks/stock.py --claims --deals 20 --seed 1 --stock 0,2,4 --time-limit 120
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from analyzer._core import Stopped

from analyzer.cards import Card
from analyzer.rules import Position
from analyzer.solver import Solver, questions


def deal(rng: random.Random, six: bool, k: int) -> Position:
    cards = [Card(i) for i in range(32)]
    rng.shuffle(cards)
    n = 6 if six else 8
    played = cards[2 * n + k:]
    points = sum(c.points for c in played)
    mine = 10 * rng.randrange(0, points // 10 + 1)
    data = {"players": 2, "hands": [" ".join(map(str, cards[:n])), " ".join(map(str, cards[n:2 * n]))],
            "stock": " ".join(map(str, cards[2 * n:2 * n + k])),
            "score": {"actor": mine, "defence": points - mine}, "leader": rng.randrange(2),
            "variant": "six" if six else "lizany"}
    if not six:
        data["trump"] = rng.choice("hbla")
    return Position.from_json(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stock", default="4,6,8,10,12", help="cards left in the stock, comma-separated")
    parser.add_argument("--six", action="store_true", help="the six-card variant")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--verdict", action="store_true",
                        help="time only the game's verdict (one null-window search), not the whole solve")
    parser.add_argument("--claims", action="store_true", help="time the claim check (analyzer.claims2) instead")
    args = parser.parse_args()
    if args.claims:
        claims(args)
        return
    print("| variant | stock left | deals | median s | 90th pct s | max s | undecided | median stock nodes |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for k in (int(x) for x in args.stock.split(",")):
        rng = random.Random(args.seed * 1000 + k)
        times, nodes, undecided = [], [], 0
        for _ in range(args.deals):
            position = deal(rng, args.six, k)
            solver = Solver()  # a fresh table for each deal: no deal helps another
            start = time.perf_counter()
            if args.verdict:
                stock = solver.stock_solver()
                stock._search.set_time_limit(args.time_limit)
                try:
                    stock.ask(position, questions(position)["game"])
                except Stopped:
                    undecided += 1
                nodes.append(stock.nodes)
            else:
                result = solver.solve(position, time_limit=args.time_limit)
                nodes.append(result.nodes)
                undecided += not result.decided
            times.append(min(time.perf_counter() - start, args.time_limit))
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"| {'six' if args.six else 'lízaný'} | {k} | {args.deals} | {statistics.median(times):.3f} | "
              f"{p90:.3f} | {times[-1]:.3f} | {undecided} | {int(statistics.median(nodes))} |", flush=True)


def claims(args: argparse.Namespace) -> None:
    from analyzer.claims2 import ClaimTimeout, check_claim2

    print("| variant | stock left | deals | redistributions | laid down | median s | 90th pct s | max s | "
          "undecided | median searched |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for k in (int(x) for x in args.stock.split(",")):
        rng = random.Random(args.seed * 1000 + k)
        times, searched, laid, undecided, total = [], [], 0, 0, 0
        for _ in range(args.deals):
            position = deal(rng, args.six, k)
            solver = Solver()
            start = time.perf_counter()
            try:
                result = check_claim2(position, solver, time_limit=args.time_limit)
                laid += result.laid_down
                searched.append(result.worlds)
                total = result.total
            except ClaimTimeout:
                undecided += 1
            times.append(min(time.perf_counter() - start, args.time_limit))
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(f"| {'six' if args.six else 'lízaný'} | {k} | {args.deals} | {total} | {laid} | "
              f"{statistics.median(times):.3f} | {p90:.3f} | {times[-1]:.3f} | {undecided} | "
              f"{int(statistics.median(searched)) if searched else '-'} |", flush=True)


if __name__ == "__main__":
    main()
