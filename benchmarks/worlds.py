"""Node counts of the core on the batches a claim and an advice send it: many worlds of one hand.

For each of ``--hands`` random hands (``benchmarks/solve.py``'s hra deals: forehand, 10 cards
after a random discard, a random trump of his), ``--worlds`` random redistributions of the 20
cards he does not see between the other two, all through ``analyzer.batch.run_batch`` on one
thread with one table kept across the worlds (``--tt-log2``: 2^22 is a claim's default, 2^18
the advice's):

- ``claim``: does the hra win (yes/no, the hand's own target), as the laid-down check asks it of
  each redistribution;
- ``advice``: the hra's exact value, as the actor's advice scores its sampled worlds.

Prints per batch kind the nodes in all (the judge: repeatable for a seed, whatever the load),
the worlds settled at the root, and the worlds per second (one run; noisy on a shared machine).

    python benchmarks/worlds.py --hands 20 --worlds 300 --seed 1
"""
from __future__ import annotations

import argparse
import random
import time

import numpy as np

from analyzer.batch import EXACT, _searches, hands_array, run_batch
from analyzer.cards import CardSet
from analyzer.solver import questions


def _solve_module():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("bench_solve", Path(__file__).parent / "solve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--worlds", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tt-log2", default="22,18", help="table sizes for claim,advice")
    args = ap.parse_args()
    claim_log2, advice_log2 = (int(x) for x in args.tt_log2.split(","))
    bench = _solve_module()
    rng = random.Random(f"worlds-{args.seed}")
    totals = {"claim": [0, 0, 0.0, 0], "advice": [0, 0, 0.0, 0]}  # nodes, quick, seconds, worlds
    for pos in bench.positions("hra-value", args.hands, args.seed):
        q = questions(pos)["game"]
        game, state = q.game(pos), q.state(pos)
        mine = pos.hands[0].mask
        unseen = [c for c in range(32) if (pos.hands[1].mask | pos.hands[2].mask) >> c & 1]
        rows = []
        for _ in range(args.worlds):
            rng.shuffle(unseen)
            rows.append([mine, CardSet(sum(1 << c for c in unseen[:10])).mask,
                         CardSet(sum(1 << c for c in unseen[10:])).mask])
        hands = hands_array(rows)
        for kind, target, log2 in (("claim", q.target, claim_log2), ("advice", EXACT, advice_log2)):
            for search in _searches(log2, 1):  # each hand from an empty table, as a new check starts
                search.clear()
            start = time.perf_counter()
            result = run_batch([(game, target)], state, hands, threads=1, tt_log2=log2)
            t = totals[kind]
            t[0] += result.nodes
            t[1] += result.quick
            t[2] += time.perf_counter() - start
            t[3] += len(rows)
            assert result.answers.shape == (len(rows), 1) and np.all(result.answers >= 0)
    print(f"{'batch':<8} {'hands':>6} {'worlds':>8} {'nodes':>12} {'at root':>8} {'worlds/s':>9}")
    for kind, (nodes, quick, seconds, worlds) in totals.items():
        print(f"{kind:<8} {args.hands:>6} {worlds:>8} {nodes:>12} {quick:>8} {worlds / seconds:>9.0f}")


if __name__ == "__main__":
    main()
