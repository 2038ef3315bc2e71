"""The four- and two-player contract tables of docs/study.md ("Four and two players: contracts") from
`marias study --packets four|two --analyses shape,...` tables.

    python notebooks/contracts_table.py four_uniform.parquet four_no-shuffle.parquet

"His trump" is the dealing's policy's (``fh_trump``: forehand's longest suit of his first four
cards, the non-dealer's with two players), so the tables need the ``shape`` analysis. Means over
all deals, 95 % intervals from the chains' totals (analyzer.plots.cluster_mean; a uniform deal is
its own chain); a row whose columns a table lacks is left out.
"""
from __future__ import annotations

import sys

import pandas as pd

from analyzer.plots import cluster_mean, packets_of, pool


def own(sub: pd.DataFrame, prefix: str) -> pd.Series:
    """The column ``{prefix}{t}`` of each row's own trump t (``fh_trump``)."""
    return pd.Series([sub.at[i, prefix + t] for i, t in zip(sub.index, sub["fh_trump"])], index=sub.index)


def measures(sub: pd.DataFrame) -> dict[str, tuple[pd.Series, int]]:
    """Each row of the table: the values (NA rows left out) and the decimals to print."""
    out: dict[str, tuple[pd.Series, int]] = {}
    if "hra_makes_h" in sub:
        out["hra, his trump"] = (own(sub, "hra_makes_").astype(float), 3)
        out["hra, some suit"] = (sub[[f"hra_makes_{t}" for t in "hbla"]].any(axis=1).astype(float), 3)
    if "hra_h" in sub:
        out["points in hra, his trump"] = (own(sub, "hra_").astype(float), 1)
    if "partner_h" in sub:
        alone = own(sub, "partner_") == 0
        out["forehand alone (the called trump his own)"] = (alone.astype(float), 3)
        makes = own(sub, "hra_makes_").astype(float)
        out["hra, his trump, alone against three"] = (makes[alone], 3)
        out["hra, his trump, two against two"] = (makes[~alone], 3)
    if "sedma_h" in sub:
        sedma = own(sub, "sedma_")
        out["his side holds the seven of his trump"] = (sedma.notna().astype(float), 3)
        out["sedma, his trump (given its seven)"] = (sedma.dropna().astype(float), 3)
    for name in ("betl", "durch"):
        if name in sub:
            out[name] = (sub[name].astype(float), 4)
    for name in ("game", "seven", "betl", "durch"):
        column = f"laid5_{name}"
        if column in sub:
            label = {"game": "hra, his trump", "seven": "sedma, his trump (given its seven)"}.get(name, name)
            out[f"laid down at trick 5: {label}"] = (sub[column].dropna().astype(float), 3)
    return out


def main(tables: list[str]) -> None:
    df = pool(tables)
    if "fh_trump" not in df:
        raise SystemExit("contracts_table.py: the tables need the shape analysis (fh_trump, the policy's trump)")
    print(f"{packets_of(df)} packets")
    dealers = sorted(set(df["dealer"]), key=lambda d: (d != "uniform", d != "no-shuffle", d))
    rows: dict[str, list[str]] = {}
    for dealer in dealers:
        sub = df[df["dealer"] == dealer].reset_index(drop=True)
        for name, (values, decimals) in measures(sub).items():
            m, h, n = cluster_mean(values, sub.loc[values.index, "chain"])
            rows.setdefault(name, []).append("—" if n == 0 else f"{m:.{decimals}f} ± {h:.{decimals}f}")
        if "best" in sub:
            kinds = sub["best"].str.split().str[0].value_counts(normalize=True)
            rows.setdefault("best: durch / betl / seven / game / none", []).append(
                " / ".join(f"{kinds.get(k, 0.0):.3f}" for k in ("durch", "betl", "seven", "game", "none")))
    print("| contract | " + " | ".join(dealers) + " |")
    print("|---" * (len(dealers) + 1) + "|")
    for name, cells in rows.items():
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("deals per dealer: " + ", ".join(f"{d} {int((df['dealer'] == d).sum())}" for d in dealers))


if __name__ == "__main__":
    main(sys.argv[1:])
