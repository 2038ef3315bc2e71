"""Deal many Tysiacha hands and tabulate (docs/tysiacha.md, "Studies"): how often the declarer's
7 cards (and his 10 after the widow) hold a marriage, his exact open-hand total by the marriages
he holds, and how often 100, 120, ... is reachable.

Each deal: seat 0 is the declarer, takes the widow and passes his two cheapest cards that are
not in a marriage (the first pass candidate of ``advice.pass_candidates``: a fixed rule, no
search, so a row is one exact solve); the total is solved exactly with every card seen.
"""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
import pandas as pd

from analyzer.cards import CardSet
from analyzer.estimate import wilson
from analyzer.tysiacha.advice import pass_candidates
from analyzer.tysiacha.game import DECK, Rules, marriages_in
from analyzer.tysiacha.position import Position
from analyzer.tysiacha.solver import total

THRESHOLDS = (100, 120, 140, 160, 180, 200)
COLUMNS = ["deal", "marriages7", "marriages10", "marriage_suits10", "marriage_points10", "total"]


def deal(rng: np.random.Generator) -> tuple[Position, CardSet]:
    """A random hand at the start of play and the declarer's 7 cards before the widow: seat 0
    declares, takes the widow and passes his two cheapest cards outside a marriage (a fixed rule,
    so that a deal is one exact solve; the board's "deal at random" too)."""
    cards = [int(c) for c in DECK]
    order = rng.permutation(len(cards))
    deck = [cards[k] for k in order]
    hand7 = CardSet(deck[0:7])
    widow = CardSet(deck[21:24])
    hand10 = hand7 | widow
    passed = pass_candidates(hand10, limit=1)[0]
    p = Position(hands=(hand10 - CardSet(passed), CardSet(deck[7:14]) | CardSet([passed[0]]),
                        CardSet(deck[14:21]) | CardSet([passed[1]])), declarer=0, widow=widow, passed=passed)
    return p, hand7


def deal_row(rng: np.random.Generator, i: int, rules: Rules) -> dict[str, Any]:
    p, hand7 = deal(rng)
    suits = marriages_in(p.hands[0])
    return {
        "deal": i,
        "marriages7": len(marriages_in(hand7)),
        "marriages10": len(suits),
        "marriage_suits10": "".join(s.token for s in suits) or "-",
        "marriage_points10": sum(rules.marriage(s) for s in suits),
        "total": total(p, rules),
    }


def run_study(deals: int, seed: int = 0, rules: Rules | None = None, progress: bool = False) -> pd.DataFrame:
    """One row per deal (``COLUMNS``); the same seed gives the same table."""
    rules = rules or Rules()
    rng = np.random.default_rng(seed)
    rows = []
    iterator: Any = range(deals)
    if progress:
        from tqdm import tqdm
        iterator = tqdm(iterator, desc="deals", unit="deal")
    start = time.perf_counter()
    for i in iterator:
        rows.append(deal_row(rng, i, rules))
    table = pd.DataFrame(rows, columns=COLUMNS)
    table.attrs["seconds"] = time.perf_counter() - start
    return table


def _share(k: int, n: int) -> dict[str, Any]:
    """A proportion with its 95 % interval (Wilson's; the exact one-sided bound at 0 and n)."""
    if n == 0:
        return {"p": None, "lo": None, "hi": None, "n": 0}
    low, high = wilson(k / n, n)
    return {"p": round(k / n, 4), "lo": round(low, 4), "hi": round(high, 4), "n": n}


def summarise(table: pd.DataFrame) -> dict[str, Any]:
    n = len(table)
    out: dict[str, Any] = {
        "deals": n,
        "marriage_in_7": _share(int((table.marriages7 > 0).sum()), n),
        "marriage_in_10": _share(int((table.marriages10 > 0).sum()), n),
        "reach": {str(t): _share(int((table.total >= t).sum()), n) for t in THRESHOLDS},
        "total_by_marriages10": {},
    }
    for k, group in table.groupby("marriages10"):
        vals = group.total.to_numpy(dtype=float)
        se = float(vals.std(ddof=1)) / math.sqrt(len(vals)) if len(vals) > 1 else math.inf
        out["total_by_marriages10"][str(k)] = {
            "deals": len(vals), "mean": round(float(vals.mean()), 2), "ci95": round(1.96 * se, 2),
            "median": float(np.median(vals)),
            "reach": {str(t): round(float((vals >= t).mean()), 4) for t in THRESHOLDS},
        }
    return out


def summary_frame(table: pd.DataFrame) -> pd.DataFrame:
    """The totals by marriages held after the widow, as a table to print."""
    rows = []
    for k, group in table.groupby("marriages10"):
        vals = group.total
        se = vals.std(ddof=1) / math.sqrt(len(vals)) if len(vals) > 1 else math.inf
        row = {"marriages": k, "deals": len(vals), "mean total": round(vals.mean(), 1),
               "±95%": round(1.96 * se, 1)}
        for t in THRESHOLDS:
            row[f"≥{t}"] = round(float((vals >= t).mean()), 3)
        rows.append(row)
    return pd.DataFrame(rows)


def plot(table: pd.DataFrame, path: str) -> None:
    """The distribution of the declarer's total by the marriages held, and the share reaching
    each bid, in one figure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    groups = sorted(table.marriages10.unique())
    left.boxplot([table.total[table.marriages10 == k] for k in groups])
    left.set_xticks(range(1, len(groups) + 1), [str(k) for k in groups])
    left.set_xlabel("marriages held after the widow")
    left.set_ylabel("declarer's open-hand total")
    left.set_title(f"total by marriages ({len(table)} deals)")
    bids = np.arange(60, 301, 10)
    for k in groups:
        vals = table.total[table.marriages10 == k].to_numpy()
        right.plot(bids, [(vals >= b).mean() for b in bids], label=f"{k} marriages (n={len(vals)})")
    right.set_xlabel("bid")
    right.set_ylabel("share of deals reaching it")
    right.set_title("reachable bids (open hand)")
    right.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
