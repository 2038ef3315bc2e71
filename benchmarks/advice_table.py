"""The actor's money at the table (``analyzer.advice.table.at_table``) alone: its CPU time and nodes.

The hands of ``benchmarks/advice.py --view actor`` (same seed, same deal); the actor's advice is
run as there, and each call of ``at_table`` (one per confirmed option) is timed (process CPU, so
the laid-down check's threads count too, and wall) and its core nodes counted. ``--points``:
the actor's card points by the exact search, or placed by the questions at the payments' steps
(the same money; the default is ``analyzer.advice.table.BY_STEPS``); ``--save FILE`` writes every
call's figures (JSON) to compare the two ways.

    python benchmarks/advice_table.py --hands 5 --seed 1 --jobs 1 --points exact
    python benchmarks/advice_table.py --hands 5 --seed 1 --jobs 1 --points steps
"""
from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import analyzer.advice.actor as actor_module
from analyzer.advice import actor_view, table
from advice import NodeCount, deal  # benchmarks/advice.py: the same hands, the same node count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--points", choices=("exact", "steps"), default="steps" if table.BY_STEPS else "exact",
                        help="the actor's card points searched exactly or placed at the payments' steps")
    parser.add_argument("--save", type=Path, help="write every at_table answer here (JSON)")
    args = parser.parse_args()
    counter = NodeCount()
    calls: list[tuple[float, int, float]] = []
    answers: list[dict[str, Any]] = []

    def timed(*a: Any, **k: Any) -> dict[str, Any]:
        cpu, nodes, wall = time.process_time(), counter.nodes, time.perf_counter()
        out = table.at_table(*a, **k, steps=args.points == "steps")
        calls.append((time.process_time() - cpu, counter.nodes - nodes, time.perf_counter() - wall))
        answers.append(out)
        return out

    actor_module.at_table = timed  # type: ignore[assignment]
    rng = random.Random(args.seed)
    print(f"at_table, {args.hands} hands of seed {args.seed}, {args.jobs} threads, "
          f"points: {args.points}")
    total_cpu = total_nodes = total_wall = 0.0
    for i in range(args.hands):
        twelve, _ = deal(rng)
        calls.clear()
        started, counter.nodes = time.process_time(), 0
        actor_view(twelve, seed=i, jobs=args.jobs)
        whole, nodes = time.process_time() - started, counter.nodes
        cpu = sum(c[0] for c in calls)
        n = sum(c[1] for c in calls)
        wall = sum(c[2] for c in calls)
        total_cpu += cpu
        total_nodes += n
        total_wall += wall
        print(f"hand {i}: at_table {len(calls)} calls {cpu:.2f} s CPU {wall:.2f} s wall {n / 1e6:.2f} M nodes; "
              f"the whole advice {whole:.2f} s CPU {nodes / 1e6:.1f} M nodes", flush=True)
    print(f"all hands: at_table {total_cpu:.2f} s CPU, {total_wall:.2f} s wall, {total_nodes / 1e6:.2f} M nodes")
    if args.save:
        args.save.write_text(json.dumps(answers, sort_keys=True, indent=1))


if __name__ == "__main__":
    main()
