"""Deal-study speed: uniform deals, forehand's open-hand hra in all four trumps, betl and durch.

The run goes through the public ``run_study`` API exactly as ``marias study``
does (worker processes, chunks, Parquet parts, the final combine), into a
temporary directory. Wall time is what is measured; the goal is 100,000 deals
in at most 10 minutes on 2 cores.

    python benchmarks/study.py --deals 100000 --jobs 2 --seed 1
    python benchmarks/study.py --deals 2000 --jobs 2 --analyses points,betl,durch   # exact points too
    python benchmarks/study.py --deals 200 --jobs 1 --packets four --analyses points   # four players
    python benchmarks/study.py --batch-vs-solver --deals 1000 --repeat 5           # one batch a question
                                                                                    # against one search a deal

``--batch-vs-solver`` times the open-hand questions of the hra, betl and durch
analyses on the same positions two ways, in this process: through
``analyzer.study.answer_all`` (one ``run_batch`` call a question and chunk, as
the study does) and one ``Solver.component`` call a position (as it did
before). It prints the medians of ``--repeat`` runs and checks that the
answers agree.
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from analyzer.study import run_study


def batch_vs_solver(deals: int, seed: int, repeat: int) -> None:
    import statistics

    from analyzer.cards import Suit
    from analyzer.contract import Contract
    from analyzer.dealing import Dealer
    from analyzer.policy import forehand_position
    from analyzer.solver import Solver
    from analyzer.study import answer_all

    def questions_of(run: int) -> list:
        # other deals in every run: the batch's search contexts keep their tables between calls
        # (as a study's worker does between chunks), and must not find the last run's answers there
        dealt = list(Dealer.parse("uniform").deals(seed, run * deals, (run + 1) * deals))
        asked = [(f"hra {s.token}", "game", [forehand_position(d, Contract.GAME, s) for d in dealt]) for s in Suit]
        asked += [(name, name, [forehand_position(d, contract) for d in dealt])
                  for name, contract in (("betl", Contract.BETL), ("durch", Contract.DURCH))]
        return asked

    times: dict[str, list[float]] = {"batch": [], "one by one": []}
    nodes = 0
    for run in range(repeat):
        asked = questions_of(run)
        start = time.perf_counter()
        batched = [answer_all(positions, name) for _, name, positions in asked]
        times["batch"].append(time.perf_counter() - start)
        solver = Solver(16)  # the table size the study's batches use
        start = time.perf_counter()
        single, nodes = [], 0
        for _, name, positions in asked:
            row = []
            for p in positions:
                row.append(int(solver.component(p, name)))
                nodes += solver.nodes
            single.append(row)
        times["one by one"].append(time.perf_counter() - start)
        if batched != single:
            raise SystemExit("the batch answers differ from the one-by-one answers")
    searches = sum(len(p) for _, _, p in asked)
    print(f"{searches} searches a run ({deals} deals x {', '.join(label for label, _, _ in asked)}), "
          f"seed {seed}, {repeat} runs on different deals; one-by-one nodes (last run) {nodes}; answers equal")
    for label, values in times.items():
        median = statistics.median(values)
        print(f"{label:>10}: median {median:.2f} s = {1e3 * median / searches:.3f} ms a search")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--analyses", default="hra,betl,durch")
    parser.add_argument("--dealer", default="uniform")
    parser.add_argument("--packets", default="csm", help="the packet pattern: csm, licit, basic, four, two")
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--batch-vs-solver", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.batch_vs_solver:
        batch_vs_solver(args.deals, args.seed, args.repeat)
        return

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        table = run_study(args.dealer, n=args.deals, seed=args.seed, analyses=args.analyses, jobs=args.jobs,
                          packets=args.packets,
                          output=Path(tmp) / "bench.parquet", progress=args.progress)
        wall = time.perf_counter() - start
    print(f"dealer {args.dealer}, packets {args.packets}, analyses {args.analyses}, {args.deals} deals, {args.jobs} jobs "
          f"({os.cpu_count()} cores seen)")
    print(f"wall {wall:.1f} s  = {1e3 * wall / args.deals:.2f} ms a deal, {args.deals / wall:.0f} deals/s; "
          f"100,000 deals would take {wall * 100_000 / args.deals / 60:.1f} min")
    columns = [c for c in table.columns if c.startswith("hra_makes_") or c in ("betl", "durch")]
    n = len(table)
    # binomial standard errors: the uniform dealer's deals are independent
    print(f"make rates over {n} deals (± one standard error):", ", ".join(
        f"{c} {100 * table[c].mean():.2f} ± {100 * (table[c].mean() * (1 - table[c].mean()) / n) ** 0.5:.2f} %"
        for c in columns))


if __name__ == "__main__":
    main()
