"""Deal-study speed: uniform deals, forehand's open-hand hra in all four trumps, betl and durch.

The run goes through the public ``run_study`` API exactly as ``marias study``
does (worker processes, chunks, Parquet parts, the final combine), into a
temporary directory. Wall time is what is measured; the goal is 100,000 deals
in at most 10 minutes on 2 cores.

    python benchmarks/study.py --deals 100000 --jobs 2 --seed 1
    python benchmarks/study.py --deals 2000 --jobs 2 --analyses points,betl,durch   # exact points too
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from analyzer.study import run_study


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--analyses", default="hra,betl,durch")
    parser.add_argument("--dealer", default="uniform")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        table = run_study(args.dealer, n=args.deals, seed=args.seed, analyses=args.analyses, jobs=args.jobs,
                          output=Path(tmp) / "bench.parquet", progress=args.progress)
        wall = time.perf_counter() - start
    print(f"dealer {args.dealer}, analyses {args.analyses}, {args.deals} deals, {args.jobs} jobs "
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
