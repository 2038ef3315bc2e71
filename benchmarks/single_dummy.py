"""Single-dummy values and realistic playouts (docs/single-dummy.md): their times, where the time
goes, and how much the open-hand P(make) overstates the actor's.

Three parts (``--part``):

- ``values``: the card values at trick 1 of ``--hands`` random deals, ``--worlds`` worlds each,
  once for the actor leading (forehand is the actor) and once for a defender (the second card of
  trick 1): the median seconds and the nodes;
- ``realistic``: one option (the first hra deal whose open-hand P(make) over 16 deals of the
  actor's view lies in [0.25, 0.75]) played out realistically
  over ``--deals`` deals drawn from the actor's view, ``--k`` worlds a decision: the seconds, the
  standard error reached, the deals and seconds a standard error of 0.03 (±3 points) would take
  at that rate, and where the time goes (building views, drawing worlds, the searches of the
  decisions, the solve of the last trick and of the open-hand deal);
- ``overstatement``: for each contract (hra, seven, hundred, betl, durch) ``--per-contract`` deals
  whose actor hand suits the contract (a rule of thumb, below), each played out once
  realistically and solved open-handed: the open-hand and realistic make rates and their paired
  gap, with standard errors.

    python benchmarks/single_dummy.py --part values --hands 7 --worlds 200 --seed 1
    python benchmarks/single_dummy.py --part realistic --deals 40 --k 10 --seed 1
    python benchmarks/single_dummy.py --part overstatement --per-contract 20 --k 10 --seed 1
    python benchmarks/single_dummy.py --part chunks --hands 5 --worlds 200 --seed 1
    python benchmarks/single_dummy.py --part profile --hands 7 --worlds 200 --seed 1

``--part profile``: where the actor's trick-1 values spend their CPU, one thread (so that the
process's CPU seconds are the call's): drawing the worlds, building the core's inputs (the kinds
of world, the equivalent cards, each card's questions and targets), the core (the yes/no
batches and the move_values calls, with the little Python around them), the aggregation (the
answers into figures); then cProfile's top functions over the same calls.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from randpos import random_deal

import analyzer.realistic as realistic_module
from analyzer.cards import SHARP_MASK, Rank
from analyzer.realistic import playout, realistic
from analyzer.single_dummy import single_dummy
from analyzer.solver import Solver


def legal_talon(position) -> bool:
    """The discard limits (no ace or ten in the talon of a trump game): a defender's view holds it."""
    return not (position.contract.has_trumps and position.talon.mask & SHARP_MASK)


def deal_for(rng: random.Random, contract: str):
    """A deal whose actor (seat 0) holds a hand for ``contract`` by a rule of thumb: hra 4+ trumps;
    seven the trump seven and 5+ trumps; hundred 4+ trumps with the trump marriage; betl no ace,
    king or over-knave; durch 3+ aces and 2+ kings."""
    while True:
        deal = random_deal(rng, contract, actor=0)
        if not legal_talon(deal):
            continue
        hand = deal.hands[0]
        trumps = [c for c in hand if c.suit == deal.trump]
        ranks = [c.rank for c in hand]
        ok = {"game": len(trumps) >= 4,
              "seven": len(trumps) >= 5,
              "hundred": len(trumps) >= 4 and {Rank.KING, Rank.OVER} <= {c.rank for c in trumps},
              "betl": not any(r in (Rank.ACE, Rank.KING, Rank.OVER) for r in ranks),
              "durch": ranks.count(Rank.ACE) >= 3 and ranks.count(Rank.KING) >= 2}[contract]
        if ok:
            return deal


def values(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    for who in ("actor", "defender"):
        times, cpu, nodes = [], [], []
        for i in range(args.hands):
            deal = deal_for(rng, "game")
            deal = deal.replace(leader=0)
            position = deal if who == "actor" else deal.play(next(iter(deal.legal_moves())))
            started, used = time.perf_counter(), time.process_time()
            sd = single_dummy(position, position.to_move, args.worlds, seed=i, threads=args.threads)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
            nodes.append(sd.nodes)
        print(f"card values at trick 1, {who} to move (seat {position.to_move}), {args.worlds} worlds, "
              f"{args.hands} deals: median {statistics.median(times):.3f} s (min {min(times):.3f}, "
              f"max {max(times):.3f}); CPU seconds ({args.threads} threads) median {statistics.median(cpu):.3f}; "
              f"median nodes {statistics.median(nodes):,.0f}")


class Timer:
    """CPU seconds spent in a function (``time.thread_time`` of the thread that calls it, the C
    search included: it runs on that thread), summed over every thread's calls."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)

    def wrap(self, module, name: str, label: str = "") -> None:
        inner = getattr(module, name)

        def timed(*a, **k):
            started = time.thread_time()
            try:
                return inner(*a, **k)
            finally:
                self.spent[label] += time.thread_time() - started

        label = label or name
        setattr(module, name, timed)


def realistic_part(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    solver = Solver()
    while True:  # a hand neither hopeless nor sure: its open-hand P(make) on 16 deals of its view in [0.25, 0.75]
        deal = deal_for(rng, "game")
        view = realistic_module.view_of(deal, 0)
        drawn = view.worlds(16, args.seed)
        share = np.mean([solver.solve(view.world_position(h, int(t))).makes for h, t in zip(drawn.hands, drawn.talon)])
        if 0.25 <= share <= 0.75:
            break
    timer = Timer()
    timer.wrap(realistic_module, "view_of")
    timer.wrap(realistic_module, "values_of")  # the decisions' worlds drawn inside it are counted apart
    from analyzer import view as view_module

    from analyzer import single_dummy as sd_module

    timer.wrap(view_module.View, "worlds")
    timer.wrap(sd_module._ExactAfter, "run", "the core inside values_of")
    timer.wrap(sd_module._Plan, "run", "the core inside values_of")
    timer.wrap(Solver, "solve", "solve (last trick, open-hand deal)")
    started, used = time.perf_counter(), time.process_time()
    result = realistic(deal, 0, args.deals, args.k, args.seed, jobs=args.jobs, settle=False)
    seconds, cpu = time.perf_counter() - started, time.process_time() - used
    p = result.p_make()
    spread = max(p.mean * (1 - p.mean), 0.05)  # a share's variance; at least that of p = 0.05
    needed = math.ceil(spread / 0.03 ** 2)
    print(f"realistic P(make) of one hra: {p.text()} over {result.deals} deals, k={args.k}, "
          f"jobs={args.jobs}: {seconds:.1f} s ({seconds / result.deals:.2f} s a deal, "
          f"{result.decisions / result.deals:.1f} decisions a deal)")
    print(f"  CPU seconds (every thread) {cpu:.1f}: {cpu / result.deals:.3f} s a deal; 278 deals (±3 points at "
          f"p = 0.5) on {args.jobs} quiet cores: about {278 * cpu / result.deals / args.jobs:.0f} s")
    print(f"  open-hand {result.open_p_make().text()}, gap {result.gap().text()} (paired)")
    print(f"  ±3 points (one standard error) at this p needs about {needed} deals: "
          f"{needed * seconds / result.deals:.0f} s at this rate; at p = 0.5, 278 deals: "
          f"{278 * seconds / result.deals:.0f} s")
    print(f"  where the CPU goes (thread CPU seconds, summed over the jobs; {cpu:.1f} in all):")
    core = timer.spent.pop("the core inside values_of", 0.0)
    for name, spent in sorted(timer.spent.items(), key=lambda kv: -kv[1]):
        print(f"    {name}: {spent:.2f} s ({100 * spent / cpu:.0f} %)")
        if name == "values_of":
            print(f"      of which the core (hra values and yes/no batches): {core:.2f} s ({100 * core / cpu:.0f} %)")
    rest = cpu - sum(timer.spent.values())
    print(f"    the rest (the playout's own play, legal cards, the deals drawn): {rest:.2f} s ({100 * rest / cpu:.0f} %)")


def overstatement(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    solver = Solver()
    print(f"open-hand against realistic make rates, {args.per_contract} deals a contract, one realistic "
          f"playout each (k={args.k}), seed {args.seed}")
    for name, contract in (("hra", "game"), ("seven", "seven"), ("hundred", "hundred"), ("betl", "betl"),
                           ("durch", "durch")):
        open_makes, real_makes = [], []
        started = time.perf_counter()
        for i in range(args.per_contract):
            deal = deal_for(rng, contract)
            open_makes.append(solver.solve(deal).makes)
            real_makes.append(playout(deal, args.k, seed=args.seed * 1000 + i).makes)
        o, r = np.array(open_makes, float), np.array(real_makes, float)
        n = len(o)
        gap = o - r

        def se(x: np.ndarray) -> float:
            return float(x.std(ddof=1) / math.sqrt(len(x))) if len(x) > 1 else math.inf

        print(f"  {name:8} open-hand {o.mean():.2f} ± {se(o):.2f}, realistic {r.mean():.2f} ± {se(r):.2f}, "
              f"gap {gap.mean():+.2f} ± {se(gap):.2f} (paired; per deal: {int((gap > 0).sum())} lost, "
              f"{int((gap < 0).sum())} won by the realistic play) [{n} deals, {time.perf_counter() - started:.0f} s]")


def chunks(args: argparse.Namespace) -> None:
    """Nodes and CPU of the actor's card values at trick 1 by the number of worlds searched for
    every card before the next (``single_dummy.CHUNK``), one thread, each size in a fresh process
    (a table warmed by an earlier size's worlds would flatter the later ones)."""
    import subprocess

    for size in (1, 4, 16, 32, args.worlds):
        code = (f"import sys, time, random; sys.argv = ['x']; sys.path[:0] = {sys.path[:2]!r}; "
                "import single_dummy as b; from analyzer import single_dummy as sdm; "
                f"sdm.CHUNK = {size}; rng = random.Random({args.seed}); "
                f"deals = [b.deal_for(rng, 'game') for _ in range({args.hands})]; "
                "t = time.process_time(); nodes = 0\n"
                "for i, d in enumerate(deals):\n"
                "    v = sdm.view_of(d, 0)\n"
                f"    nodes += sdm.values_of(v, v.worlds({args.worlds}, seed=i), threads=1).nodes\n"
                "print(nodes, round(time.process_time() - t, 2))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).parent).stdout.split()
        print(f"chunk {size:>4}: {int(out[0]):,} nodes, {out[1]} CPU s ({args.hands} deals, {args.worlds} worlds)")


def profile(args: argparse.Namespace) -> None:
    import cProfile
    import pstats

    from analyzer import single_dummy as sdm
    from analyzer import view as view_module

    rng = random.Random(args.seed)
    deals = [deal_for(rng, "game").replace(leader=0) for _ in range(args.hands)]
    timer = Timer()  # one thread: its CPU seconds are the process's
    spent = timer.spent
    timed = timer.wrap
    timed(view_module.View, "worlds", "1 drawing the worlds")
    for name in ("_kinds", "_equivalent", "_plan"):
        timed(sdm, name, "2 building the core's inputs")
    timed(sdm._ExactAfter, "__init__", "2 building the core's inputs")
    timed(sdm._Plan, "run", "3 the core (yes/no batches)")
    timed(sdm._ExactAfter, "run", "3 the core (move_values, every card of a world)")
    timed(sdm._Plan, "outcome", "4 aggregation")
    profiler = cProfile.Profile()
    nodes = 0
    started = time.process_time()
    profiler.enable()
    for i, deal in enumerate(deals):
        nodes += sdm.single_dummy(deal, 0, args.worlds, seed=i, threads=1).nodes
    profiler.disable()
    total = time.process_time() - started
    print(f"actor's card values at trick 1, {args.worlds} worlds, {args.hands} deals, one thread: "
          f"{total:.2f} CPU s in all (cProfile on), {nodes:,} nodes")
    for phase in sorted(spent):
        print(f"  {phase[2:]}: {spent[phase]:.2f} s ({100 * spent[phase] / total:.0f} %)")
    rest = total - sum(spent.values())
    print(f"  the rest (the view, the figures' objects, the profiler): {rest:.2f} s ({100 * rest / total:.0f} %)")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["values", "realistic", "overstatement", "chunks", "profile"], default="values")
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2, help="--part values: threads of a call")
    parser.add_argument("--per-contract", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    {"values": values, "realistic": realistic_part, "overstatement": overstatement, "chunks": chunks,
     "profile": profile}[args.part](args)


if __name__ == "__main__":
    main()
