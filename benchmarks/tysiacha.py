"""Tysiacha (docs/benchmarks.md, "Tysiacha"): the exact total of a full 8-trick deal, the
laid-down claim over 3,432 splits, and the bidding advice, with their goals (issue 34):
a full deal's exact total median <= 1 ms, a claim <= 1 s, bidding advice <= 10 s per hand on
2 cores. Deals: seat 0 the declarer, 8 cards each from a shuffled pack (seeded); the search's
table cleared before each solve and each claim (a cold start, as a first question is).

    python benchmarks/tysiacha.py solve --deals 200 --seed 1
    python benchmarks/tysiacha.py claim --deals 10 --seed 1
    python benchmarks/tysiacha.py advise --hands 3 --seed 1 --jobs 2
    python benchmarks/tysiacha.py all --jobs 2     # the three goals in turn, with the defaults above

Each prints wall-clock and CPU medians (process time: on a loaded machine the CPU time is the
steadier figure) and node counts (median, total, max), which do not depend on the load.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from analyzer.cards import CardSet
from analyzer.tysiacha.advice import advise_bidding
from analyzer.tysiacha.claim import check_claim
from analyzer.tysiacha.game import DECK, Rules
from analyzer.tysiacha.position import Position
from analyzer.tysiacha.solver import context


def deal(rng: random.Random, bid: int = 100) -> Position:
    cards = list(DECK)
    rng.shuffle(cards)
    return Position(hands=(CardSet(cards[0:8]), CardSet(cards[8:16]), CardSet(cards[16:24])), declarer=0, bid=bid,
                    passed=(cards[8], cards[16]))


def _quartiles(xs: list[float]) -> str:
    q = statistics.quantiles(xs, n=4)
    return f"median {statistics.median(xs):.3f} (quartiles {q[0]:.3f}, {q[2]:.3f}; max {max(xs):.3f})"


def _nodes(xs: list[int]) -> str:
    return f"nodes median {statistics.median(xs):,.0f} (total {sum(xs):,}, max {max(xs):,})"


def bench_solve(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    rules = Rules()
    ctx = context()
    game = rules.core_game(0)
    times, cpu, nodes = [], [], []
    for _ in range(args.deals):
        state = deal(rng).core_state()
        ctx.clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        ctx.value(game, state)
        cpu.append((time.process_time() - start_cpu) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        nodes.append(ctx.nodes)
    print(f"solve: {args.deals} full deals, exact total, cold table: wall ms {_quartiles(times)}")
    print(f"       CPU ms of the process (less sensitive to a loaded machine) {_quartiles(cpu)}")
    print(f"       {_nodes(nodes)}; goal: median <= 1 ms")


def bench_claim(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    times, cpu, nodes, laid = [], [], [], 0
    for _ in range(args.deals):
        p = deal(rng, bid=rng.choice((100, 120)))
        context().clear()
        start_cpu = time.process_time()
        result = check_claim(p, count=True)
        cpu.append(time.process_time() - start_cpu)
        times.append(result.seconds)
        nodes.append(result.nodes)
        laid += result.laid_down
    print(f"claim: {args.deals} deals x 3432 splits (--count: every split answered, the counterexample solved), "
          f"one thread: wall s {_quartiles(times)}")
    print(f"       CPU s {_quartiles(cpu)}")
    print(f"       {_nodes(nodes)} (the batch's; the counterexample's solve not counted); laid down {laid}; "
          "goal: <= 1 s")


def bench_advise(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    times, cpu, nodes = [], [], []
    for _ in range(args.hands):
        cards = list(DECK)
        rng.shuffle(cards)
        hand = CardSet(cards[:7])
        start, start_cpu = time.perf_counter(), time.process_time()
        advice = advise_bidding(hand, widows=args.widows, choose_worlds=args.choose_worlds,
                                report_worlds=args.report_worlds, seed=args.seed, jobs=args.jobs,
                                limit=args.candidates)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes.append(advice.nodes)
        print(f"  {hand}: {times[-1]:.2f} s wall, {cpu[-1]:.2f} s CPU (all threads), {advice.nodes:,} nodes")
    print(f"advise: {args.hands} hands, {args.widows} widows x ({args.candidates * 2} passes x {args.choose_worlds} "
          f"+ {args.choose_worlds} + {args.report_worlds}) exact solves, {args.jobs} threads: wall s "
          f"median {statistics.median(times):.2f} (max {max(times):.2f}); CPU s median {statistics.median(cpu):.2f}; "
          f"{_nodes(nodes)}; goal: <= 10 s per hand on 2 cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("solve")
    s.add_argument("--deals", type=int, default=200)
    s.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("claim")
    c.add_argument("--deals", type=int, default=10)
    c.add_argument("--seed", type=int, default=1)
    a = sub.add_parser("advise")
    a.add_argument("--hands", type=int, default=3)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--jobs", type=int, default=2)
    a.add_argument("--widows", type=int, default=48)
    a.add_argument("--choose-worlds", type=int, default=6)
    a.add_argument("--report-worlds", type=int, default=6)
    a.add_argument("--candidates", type=int, default=3)
    every = sub.add_parser("all", help="solve, claim and advise in turn with their defaults")
    every.add_argument("--seed", type=int, default=1)
    every.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.what == "all":
        runs = [(bench, parser.parse_args([what, "--seed", str(args.seed)] + extra))
                for bench, what, extra in ((bench_solve, "solve", []), (bench_claim, "claim", []),
                                           (bench_advise, "advise", ["--jobs", str(args.jobs)]))]
        for bench, sub_args in runs:
            bench(sub_args)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return
    {"solve": bench_solve, "claim": bench_claim, "advise": bench_advise}[args.what](args)


if __name__ == "__main__":
    main()
