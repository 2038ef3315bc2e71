"""The carryover table of docs/study.md ("Four and two players") from `marias study --analyses shape` tables.

    python notebooks/carryover_table.py uniform.parquet no-shuffle.parquet riffle:1.parquet ...

Every hand of the tables' packet pattern counts (all are 8 cards with four and
two players); means over all deals, 95 % intervals from the chains' totals
(analyzer.plots.cluster_mean); the first column is exact for a shuffled pack.
"""
from __future__ import annotations

import sys

import pandas as pd

from analyzer.dealing import (
    PATTERNS,
    uniform_any_void,
    uniform_patterns,
    uniform_survival,
    uniform_voids,
)
from analyzer.plots import cluster_mean, packets_of, pool


def main(tables: list[str]) -> None:
    df = pool(tables)
    packets = packets_of(df)
    seats = PATTERNS[packets].players
    size = len(PATTERNS[packets].deal(list(range(32)))[0][1])  # type: ignore[arg-type]
    long_suit = 5 if size == 8 else 6
    exact = {
        "void suits per hand": uniform_voids(size),
        "P(some void)": uniform_any_void(size),
        f"P(a suit of {long_suit}+)": sum(p for k, p in uniform_patterns(size).items()
                                          if int(k.split("-")[0]) >= long_suit),
        "trick survival": uniform_survival(packets),
    }
    dealers = sorted(set(df["dealer"]), key=lambda d: (d != "uniform", d != "no-shuffle", d))

    def measures(sub: pd.DataFrame) -> dict[str, pd.Series]:
        per_hand = lambda f: sum(f(seat) for seat in range(seats)) / seats
        lengths = lambda seat: sub[[f"len{seat}_{s}" for s in "hbla"]]
        return {
            "void suits per hand": per_hand(lambda p: sub[f"voids{p}"]),
            "P(some void)": per_hand(lambda p: (sub[f"voids{p}"] > 0).astype(float)),
            f"P(a suit of {long_suit}+)": per_hand(lambda p: (lengths(p).max(axis=1) >= long_suit).astype(float)),
            "trick survival": sub["survival"],
        }

    print(f"{packets} packets, {size}-card hands, all {seats} seats")
    print("| measure | exact (shuffled) | " + " | ".join(dealers) + " |")
    print("|---" * (len(dealers) + 2) + "|")
    for name, value in exact.items():
        cells = []
        for dealer in dealers:
            sub = df[df["dealer"] == dealer]
            m, h, n = cluster_mean(measures(sub)[name], sub["chain"])
            cells.append("—" if n == 0 else f"{m:.4f} ± {h:.4f}")
        print(f"| {name} | {value:.4f} | " + " | ".join(cells) + " |")
    print("deals per dealer: " + ", ".join(f"{d} {int((df['dealer'] == d).sum())}" for d in dealers))


if __name__ == "__main__":
    main(sys.argv[1:])
