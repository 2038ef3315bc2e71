"""The standard figures of a deal study, drawn from study tables (analyzer.study).

Each function takes a table (several studies concatenated, told apart by their
``dealer`` column) and returns a matplotlib ``Figure`` built without pyplot, so
it works under any backend: a notebook shows it, :func:`save` writes PNG or SVG.

Error bars are 95 % intervals, and every figure's caption says so. Deals of
one chain are not independent (that is the point of the study), so means and
rates are computed per chain first and the interval comes from the spread of
the chain means (a cluster interval); for the uniform dealer every deal is its
own chain and this is the usual binomial interval.

Figures use one vocabulary, the Czech contract names (hra, sedma, betl,
durch), and shares are drawn on linear axes from zero. Tables are pooled with
:func:`pool`, which refuses tables dealt in different packet patterns (a
pattern is named after its rule set) and warns, once, about deals given twice.
A figure the table cannot give is a PlotError that says what is missing, never
empty axes.
"""
from __future__ import annotations

import math
import os
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.dealing import uniform_patterns, uniform_survival, uniform_voids
from analyzer.errors import MariasError

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

Z95 = 1.959964


class PlotError(MariasError):
    """A figure that the table cannot give (a column missing, an unknown kind, tables that do not pool)."""


class PlotWarning(UserWarning):
    """Something the figure works around (deals given twice), said once."""


CAPTION = "Error bars: 95 % intervals (deals of one chain counted as one observation); n: deals."
# One vocabulary per figure: the Czech names of the contracts (hra, sedma, betl, durch).
CZECH = {"game": "hra", "seven": "sedma", "betl": "betl", "durch": "durch"}


# --- tables -------------------------------------------------------------------------


def packets_of(df: pd.DataFrame) -> str:
    """The one packet pattern of a table. Raises PlotError for a table that mixes several."""
    column = "packets" if "packets" in df.columns else "rules"  # "rules" in tables written before 2026-11
    if column not in df.columns:
        raise PlotError("the table has no packets column: it is not a study table")
    names = sorted(set(df[column]))
    if len(names) != 1:
        raise PlotError(f"the rows were dealt in different packet patterns ({', '.join(names)}): "
                        "plot one pattern at a time")
    return str(names[0])


def check_pooled(df: pd.DataFrame) -> pd.DataFrame:
    """The table with deals given twice (same dealer, same cards) counted once, and a PlotWarning
    saying so; PlotError if its rows were dealt in different packet patterns."""
    packets_of(df)
    key = [c for c in ("dealer", "hand0", "hand1", "hand2", "hand3", "talon") if c in df.columns]
    twice = df.duplicated(key)
    if twice.any():
        warnings.warn(f"{int(twice.sum())} deals are given more than once (the same table twice, or two "
                      "tables of one study): each is counted once", PlotWarning, stacklevel=2)
        df = df[~twice].reset_index(drop=True)
    return df


def pool(paths: Iterable[str | os.PathLike[str]]) -> pd.DataFrame:
    """Several study tables as one, after :func:`check_pooled`; PlotError naming the tables whose
    packet patterns differ."""
    import pandas as pd

    from analyzer.study import read_table

    frames = [(str(p), read_table(p)) for p in paths]  # a list: the same table given twice stays twice
    if not frames:
        raise PlotError("no study table to draw from")
    patterns = {name: packets_of(df) for name, df in frames}
    if len(set(patterns.values())) > 1:
        listed = ", ".join(f"{name} ({pattern})" for name, pattern in patterns.items())
        raise PlotError(f"the tables were dealt in different packet patterns: {listed}; plot one pattern at a time")
    return check_pooled(pd.concat([df for _, df in frames], ignore_index=True))


# --- statistics ---------------------------------------------------------------------


def share_text(mean: float, half: float, n: int, digits: int = 4) -> str:
    """A share or mean for a sentence or a table cell: with its 95 % half-width and the number of
    deals, "none seen (0 of n)" for a zero, "no deals" when nothing could be counted (never NaN)."""
    if n == 0 or math.isnan(mean):
        return "no deals"
    if mean == 0:
        return f"none seen (0 of {n})"
    if math.isnan(half):
        return f"{mean:.{digits}f} (n={n}; one chain, no interval)"
    return f"{mean:.{digits}f} ± {half:.{digits}f} (n={n})"


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (good near 0 and 1, where the normal one is not)."""
    if n == 0:
        return (math.nan, math.nan)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))  # rounding can step outside [0, 1]


# Student's t, two-sided 95 %, by degrees of freedom (1 to 30); beyond, the Cornish-Fisher series.
_T95 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010, 2.1788,
        2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
        2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)
FEW_CHAINS = 20  # below this many chains an interval rests on too few observations to trust


def t95(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom (to 4 decimals)."""
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def cluster_mean(values: pd.Series, clusters: pd.Series) -> tuple[float, float, int]:
    """Mean of ``values`` and its 95 % half-width, treating each cluster (chain) as one
    observation (a ratio estimator: sum of values over the number of rows, the
    variance from the clusters' totals), with Student's t on the number of clusters less one:
    three chains of a hundred deals are three observations, not three hundred. Fewer than
    :data:`FEW_CHAINS` chains: a PlotWarning."""
    import pandas as pd

    frame = pd.DataFrame({"v": values.astype(float), "c": clusters}).dropna()
    if frame.empty:
        return (math.nan, math.nan, 0)
    groups = frame.groupby("c")["v"]
    totals, sizes = groups.sum(), groups.size()
    k = len(totals)
    mean = totals.sum() / sizes.sum()
    if k < 2:
        return (mean, math.nan, len(frame))
    residual = totals - mean * sizes
    var = k / (k - 1) * (residual ** 2).sum() / sizes.sum() ** 2
    if k < FEW_CHAINS:
        warnings.warn(PlotWarning(f"only {k} chains (or deals of the uniform dealer): the 95 % intervals rest "
                                  f"on {k} observations (Student's t, {k - 1} degrees of freedom); deal more "
                                  "chains for narrower ones"), stacklevel=2)
    return (mean, t95(k - 1) * math.sqrt(var), len(frame))


def riffles_of(dealer: str) -> float:
    """x position of a dealer on the riffle axis: K for riffle:K, 0 for no-shuffle, NaN for uniform."""
    if dealer == "no-shuffle":
        return 0.0
    if dealer.startswith("riffle:"):
        return float(dealer.partition(":")[2])
    return math.nan


def dealers(df: pd.DataFrame) -> list[str]:
    """The table's dealers: uniform first, then no-shuffle and riffle:K by K."""
    names = list(dict.fromkeys(df["dealer"]))
    return sorted(names, key=lambda d: (d != "uniform", riffles_of(d) if d != "uniform" else -1))


def _need(df: pd.DataFrame, columns: list[str], analysis: str) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise PlotError(f"the table has no column {missing[0]!r}: run the study with --analyses {analysis}")


def _figure(width: float = 7.0, height: float = 4.2, ncols: int = 1) -> Figure:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    fig.subplots(1, ncols)
    fig.supxlabel(CAPTION, fontsize="small", color="0.3")
    return fig


def _shares(ax: object) -> None:
    """A share axis: linear, from zero (so that zero is visible)."""
    ax.set_ylim(bottom=0)  # type: ignore[attr-defined]


# --- the figures ----------------------------------------------------------------------


def patterns(df: pd.DataFrame, seat: int = 0, top: int = 12) -> Figure:
    """Suit-pattern frequencies of one seat's hand, per dealer, against the exact uniform values."""
    column = f"pattern{seat}"
    _need(df, [column], "shape")
    size = sum(int(x) for x in str(df[column].iloc[0]).split("-"))
    exact = uniform_patterns(size)
    names = list(exact)[:top]
    fig = _figure(8.0, 4.6)
    ax = fig.axes[0]
    groups = dealers(df)
    width = 0.8 / (len(groups) + 1)
    xs = range(len(names))
    ax.bar([x - 0.4 + width / 2 for x in xs], [exact[p] for p in names], width, color="0.75",
           label="shuffled pack, exact")
    for i, dealer in enumerate(groups):
        sub = df[df["dealer"] == dealer]
        rows = [cluster_mean((sub[column] == p).astype(float), sub["chain"]) for p in names]
        ax.bar([x - 0.4 + width * (i + 1.5) for x in xs], [r[0] for r in rows], width,
               yerr=[0.0 if math.isnan(r[1]) else r[1] for r in rows], capsize=2, label=f"{dealer} (n={len(sub)})")
    ax.set_xticks(list(xs), names, rotation=45)
    ax.set_ylabel("share of hands")
    _shares(ax)
    ax.set_title(f"Suit patterns of seat {seat}'s {size} cards")
    ax.legend(fontsize="small")
    return fig


def carryover(df: pd.DataFrame) -> Figure:
    """Mean voids per hand and trick survival against the number of riffles K (uniform: exact lines)."""
    from matplotlib.ticker import MaxNLocator

    _need(df, ["voids0", "survival"], "shape")
    packets = packets_of(df)
    chained = [d for d in dealers(df) if not math.isnan(riffles_of(d))]
    if not chained:
        raise PlotError("carryover draws no-shuffle and riffle:K studies against the riffles K: "
                        f"these tables hold only {', '.join(dealers(df))}")
    seats = [c for c in df.columns if c.startswith("voids")]
    size = sum(int(x) for x in str(df["pattern1"].iloc[0]).split("-")) if "pattern1" in df else 10
    fig = _figure(9.0, 4.3, ncols=2)
    left, right = fig.axes
    points = []
    for dealer in chained:
        sub = df[df["dealer"] == dealer]
        # seat 1's hand (10 cards under every three-player pattern) for voids: comparable with the exact line
        voids = cluster_mean(sub["voids1"] if "voids1" in sub else sub[seats[0]], sub["chain"])
        survival = cluster_mean(sub["survival"], sub["chain"])
        points.append((riffles_of(dealer), voids, survival, len(sub)))
    points.sort()
    ks = [p[0] for p in points]
    sizes = sorted({p[3] for p in points})
    n = f"n={sizes[0]} each" if len(sizes) == 1 else f"n={sizes[0]} to {sizes[-1]}"
    for ax, i in ((left, 1), (right, 2)):
        ax.errorbar(ks, [p[i][0] for p in points], yerr=[0.0 if math.isnan(p[i][1]) else p[i][1] for p in points],
                    marker="o", capsize=3, label=f"gathered, riffled K times, cut ({n})")
    left.axhline(uniform_voids(size), color="0.4", ls="--", label="shuffled pack, exact")
    right.axhline(uniform_survival(packets), color="0.4", ls="--", label="shuffled pack, exact")
    if "uniform" in set(df["dealer"]):
        sub = df[df["dealer"] == "uniform"]
        m, h, _ = cluster_mean(sub["voids1"] if "voids1" in sub else sub[seats[0]], sub["chain"])
        left.axhspan(m - h, m + h, color="0.85", label=f"uniform sample (n={len(sub)})")
        fig.supxlabel(CAPTION + " Grey band: the uniform sample's 95 % interval.", fontsize="small", color="0.3")
    left.set_ylabel("void suits per hand (seat 1)")
    left.set_title("Voids")
    right.set_ylabel("share of last hand's tricks dealt whole to one hand")
    right.set_title("Trick survival")
    for ax in (left, right):
        ax.set_xlabel("riffles K (0 = no shuffle)")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylim(bottom=0)
        ax.legend(fontsize="small", loc="upper right")
    return fig


def sedma(df: pd.DataFrame, least: int = 5) -> Figure:
    """P(forehand's sedma makes open-handed) against his length in the trump suit (twelve cards);
    a length is drawn where at least ``least`` deals of a dealer have it with its seven."""
    _need(df, ["sedma_h", "fh_len_h"], "shape,sedma")
    import pandas as pd

    fig = _figure()
    ax = fig.axes[0]
    drawn = 0
    for dealer in dealers(df):
        sub = df[df["dealer"] == dealer]
        long = pd.concat([
            pd.DataFrame({"length": sub[f"fh_len_{t}"], "makes": sub[f"sedma_{t}"]}) for t in "hbla"
        ]).dropna()
        table = long.groupby("length")["makes"].agg(["sum", "count"])
        table = table[table["count"] >= least]
        if table.empty:
            continue
        drawn += 1
        rates = table["sum"] / table["count"]
        lo_hi = [wilson(int(s), int(c)) for s, c in zip(table["sum"], table["count"])]
        # clamped: at a rate of 0 or 1 rounding can put Wilson's bound a hair inside the rate
        yerr = [[max(0.0, r - lo) for r, (lo, _) in zip(rates, lo_hi)],
                [max(0.0, hi - r) for r, (_, hi) in zip(rates, lo_hi)]]
        ax.errorbar(table.index, rates, yerr=yerr, marker="o", capsize=3,
                    label=f"{dealer} (n={int(table['count'].sum())} sedmas in {len(sub)} deals)")
    if not drawn:
        raise PlotError(f"no trump length has {least} or more deals where forehand holds its seven: "
                        "study more deals")
    ax.set_xlabel("forehand's cards in the trump suit (of twelve, seven included)")
    ax.set_ylabel("P(sedma makes, open hands)")
    ax.set_ylim(0, 1.02)
    ax.set_title("Sedma against trump length")
    ax.legend(fontsize="small")
    fig.supxlabel("Error bars: 95 % Wilson intervals (each deal's sedma in each suit counted once); "
                  "n: sedmas.", fontsize="small", color="0.3")
    return fig


def _rate_bars(df: pd.DataFrame, columns: dict[str, Callable[[pd.DataFrame], pd.Series]], title: str,
               ylabel: str) -> Figure:
    fig = _figure(8.0, 4.4)
    ax = fig.axes[0]
    groups = dealers(df)
    width = 0.8 / len(groups)
    names = list(columns)
    for i, dealer in enumerate(groups):
        sub = df[df["dealer"] == dealer]
        rows = [cluster_mean(columns[name](sub), sub["chain"]) for name in names]
        xs = [x - 0.4 + width * (i + 0.5) for x in range(len(names))]
        bars = ax.bar(xs, [0.0 if math.isnan(r[0]) else r[0] for r in rows], width,
                      yerr=[0.0 if math.isnan(r[1]) else r[1] for r in rows], capsize=2,
                      label=f"{dealer} (n={len(sub)})")
        for x, r, bar in zip(xs, rows, bars):
            if r[2] == 0:  # no deal could have it (sedma without its seven): say so instead of a bar
                ax.annotate("no deals", (x, 0), ha="center", va="bottom", fontsize="x-small", rotation=90)
            elif r[0] == 0:
                ax.annotate("none seen", (x, 0), ha="center", va="bottom", fontsize="x-small", rotation=90,
                            color=bar.get_facecolor())
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel(ylabel)
    _shares(ax)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return fig


def makes(df: pd.DataFrame) -> Figure:
    """How often forehand's contracts make open-handed: hra and sedma in his chosen trump, betl, durch."""
    _need(df, ["hra_makes_h", "sedma_h", "betl", "durch", "fh_trump"], "shape,hra,sedma,betl,durch")

    def chosen(prefix: str) -> Callable[[pd.DataFrame], pd.Series]:
        def pick(sub: pd.DataFrame) -> pd.Series:
            out = sub[prefix + "h"].astype("float64") * math.nan
            for t in "hbla":
                mine = sub["fh_trump"] == t
                out[mine] = sub.loc[mine, prefix + t].astype("float64")
            return out  # NaN (left out) where sedma is impossible
        return pick

    columns = {
        "hra": chosen("hra_makes_"),
        "sedma": chosen("sedma_"),
        "betl": lambda sub: sub["betl"].astype(float),
        "durch": lambda sub: sub["durch"].astype(float),
    }
    return _rate_bars(df, columns, "Forehand's contracts that make with open hands\n"
                      "(hra and sedma in his longest suit; sedma when he holds its seven)", "share of deals")


def laid_down(df: pd.DataFrame) -> Figure:
    """How often forehand's contract is laid down (docs/claims.md), per contract (columns ``laid_*``)."""
    laid = [c for c in df.columns if c.startswith("laid_")]
    if not laid:
        raise PlotError("the table has no laid-down columns (laid_*): run the study with --analyses claims")

    def rate(column: str) -> Callable[[pd.DataFrame], pd.Series]:
        return lambda sub: sub[column].astype("float64")

    columns = {CZECH.get(c.removeprefix("laid_"), c.removeprefix("laid_")): rate(c) for c in laid}
    return _rate_bars(df, columns, "Laid-down contracts\n(hra and sedma in forehand's longest suit; sedma of the "
                      "deals where he holds its seven)", "share of deals")


KINDS: dict[str, Callable[[pd.DataFrame], Figure]] = {
    "patterns": patterns,
    "carryover": carryover,
    "sedma": sedma,
    "makes": makes,
    "laid-down": laid_down,
}


def plot(df: pd.DataFrame, kind: str) -> Figure:
    """The standard figure ``kind`` (one of KINDS) of a study table (:func:`check_pooled` first).
    Raises PlotError."""
    if kind not in KINDS:
        raise PlotError(f"unknown figure {kind!r} (use {', '.join(KINDS)})")
    if df.empty:
        raise PlotError("the table has no rows")
    return KINDS[kind](check_pooled(df))


def save(fig: Figure, path: str | Path) -> None:
    """Write a figure as PNG or SVG, by the extension. Raises PlotError for another one."""
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise PlotError(f"a figure is written as .png or .svg, not {path.name!r}")
    fig.savefig(path, dpi=110)
