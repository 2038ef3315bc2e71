"""Deal studies: many random deals played out, one table row a deal, summaries with intervals.

Deal ``i`` of a study is played from ``random.Random(f"{seed}:{players}:{i}")``: the
same seed gives the same table whatever the number of worker processes or chunks.
Seats' player kinds: ``mixed`` (each seat random or hint, even odds, drawn per deal),
``random`` or ``hint`` (every seat).
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from analyzer.errors import ArgumentError
from analyzer.mustamaija.game import HINTS, play_game
from analyzer.mustamaija.players import KINDS

MIXES = ("mixed", "random", "hint")


def _kinds(rng: random.Random, players: int, mix: str) -> tuple[str, ...]:
    if mix == "mixed":
        return tuple(rng.choice(KINDS) for _ in range(players))
    return (mix,) * players


def play_deals(players: int, seed: int, start: int, stop: int, mix: str = "mixed", check_endings: bool = False,
               ending_time: float = 0.2) -> list[dict[str, Any]]:
    """Rows for deals ``start`` to ``stop - 1`` (one worker's chunk)."""
    rows = []
    for i in range(start, stop):
        rng = random.Random(f"{seed}:{players}:{i}")
        kinds = _kinds(rng, players, mix)
        rec = play_game(rng, kinds, check_endings=check_endings, ending_time=ending_time)
        row: dict[str, Any] = {
            "deal": i, "players": players, "kinds": "".join(k[0].upper() for k in kinds),
            "loser": -1 if rec.loser is None else rec.loser,
            "loser_kind": "" if rec.loser is None else kinds[rec.loser],
            "attacks": rec.attacks, "endgame_attacks": rec.endgame_attacks, "trump": "hdsc"[rec.trump],
            "unsolved_endings": rec.unsolved_endings, "unchecked_decisions": rec.unchecked_decisions,
        }
        for hint in HINTS:
            applies, ok, matters, ok_matters = rec.checks.get(hint, [0, 0, 0, 0])
            row[f"{hint}_n"], row[f"{hint}_ok"] = applies, ok
            row[f"{hint}_matters"], row[f"{hint}_ok_matters"] = matters, ok_matters
        rows.append(row)
    return rows


def _chunk_job(args: tuple[Any, ...]) -> list[dict[str, Any]]:
    return play_deals(*args)


@dataclass
class StudyResult:
    table: Any  # pandas.DataFrame, one row a deal, sorted by deal
    requested: int
    interrupted: bool
    seconds: float

    @property
    def kept(self) -> int:
        return len(self.table)


def run_study(players: int, deals: int, *, seed: int = 0, mix: str = "mixed", jobs: int | None = None,
              chunk: int = 250, check_endings: bool = False, ending_time: float = 0.2, progress: bool = False,
              notify: Callable[[str], None] | None = None) -> StudyResult:
    """Play ``deals`` deals of ``players`` players in worker processes. Ctrl-C stops the
    workers and keeps every finished chunk (``interrupted`` set, ``kept`` rows)."""
    import multiprocessing

    import pandas as pd

    if not (isinstance(players, int) and 2 <= players <= 6):
        raise ArgumentError(f"players must be 2 to 6, not {players!r}")
    if not (isinstance(deals, int) and deals >= 1):
        raise ArgumentError(f"deals must be a whole number ≥ 1, not {deals!r}")
    if mix not in MIXES:
        raise ArgumentError(f"mix must be one of {', '.join(MIXES)}, not {mix!r}")
    started = time.perf_counter()
    tasks = [(players, seed, a, min(a + chunk, deals), mix, check_endings, ending_time)
             for a in range(0, deals, chunk)]
    rows: list[dict[str, Any]] = []
    interrupted = False
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=deals, unit="deal", desc=f"{players} players")
    jobs = jobs or multiprocessing.cpu_count()
    pool = multiprocessing.get_context("spawn" if jobs > 1 else "fork").Pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap_unordered(_chunk_job, tasks) if pool else map(_chunk_job, tasks)
        for got in results:
            rows.extend(got)
            if bar is not None:
                bar.update(len(got))
    except KeyboardInterrupt:
        interrupted = True
        if pool is not None:
            pool.terminate()
        if notify:
            notify(f"interrupted: kept the {len(rows)} of {deals} deals whose chunks had finished")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
        if bar is not None:
            bar.close()
    table = pd.DataFrame(rows)
    if len(table):
        table = table.sort_values("deal").reset_index(drop=True)
    return StudyResult(table=table, requested=deals, interrupted=interrupted,
                       seconds=time.perf_counter() - started)


def _share(k: int, n: int) -> dict[str, Any]:
    """A proportion with its Wilson 95 % interval."""
    if n == 0:
        return {"n": 0, "p": None, "lo": None, "hi": None}
    z = 1.959964
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"n": n, "p": round(p, 4), "lo": round(centre - half, 4), "hi": round(centre + half, 4)}


def summarise(table: Any) -> dict[str, Any]:
    """The study's numbers: P(losing) by seat and by player kind (Wilson 95 % intervals over
    the deals, each seat of a deal one trial), game length (mean ± stderr, median) and the
    hint checks (share of the hint's moves that keep the solver's best outcome)."""
    out: dict[str, Any] = {"deals": len(table)}
    if not len(table):
        return out
    finished = table[table.loser >= 0]
    out["unfinished"] = int((table.loser < 0).sum())
    players = int(table.players.iloc[0])
    out["by_seat"] = [{"seat": s, **_share(int((finished.loser == s).sum()), len(finished))} for s in range(players)]
    kinds = []
    for code, kind in (("R", "random"), ("H", "hint")):
        seats = finished.kinds.str.count(code).sum()
        lost = int((finished.loser_kind == kind).sum())
        kinds.append({"kind": kind, **_share(lost, int(seats))})
    out["by_kind"] = kinds
    a = table.attacks
    out["attacks"] = {"mean": round(float(a.mean()), 3), "stderr": round(float(a.std(ddof=1) / math.sqrt(len(a)))
                                                                             if len(a) > 1 else 0.0, 3),
                      "median": float(a.median()), "max": int(a.max())}
    hints = []
    for hint in HINTS:
        n, ok = int(table[f"{hint}_n"].sum()), int(table[f"{hint}_ok"].sum())
        m, okm = int(table[f"{hint}_matters"].sum()), int(table[f"{hint}_ok_matters"].sum())
        if n:
            hints.append({"hint": hint, "decisions": n, "solver_agrees": _share(ok, n),
                          "where_it_matters": _share(okm, m)})
    out["hints"] = hints
    out["unsolved_endings"] = int(table.unsolved_endings.sum())
    out["unchecked_decisions"] = int(table.unchecked_decisions.sum())
    return out


def frames(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary's tables as pandas DataFrames (for printing and notebooks)."""
    import pandas as pd

    result = {}
    for key in ("by_seat", "by_kind"):
        if key in summary:
            result[key] = pd.DataFrame(summary[key])
    if summary.get("hints"):
        result["hints"] = pd.DataFrame([{"hint": h["hint"], "decisions": h["decisions"],
                                         "agrees": h["solver_agrees"]["p"], "lo": h["solver_agrees"]["lo"],
                                         "hi": h["solver_agrees"]["hi"], "matters": h["where_it_matters"]["n"],
                                         "agrees_where_it_matters": h["where_it_matters"]["p"]}
                                        for h in summary["hints"]])
    return result


def plot(table: Any, path: str) -> None:
    """P(losing) by seat for each player kind (95 % intervals) and the length of games."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summary = summarise(table)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    finished = table[table.loser >= 0]
    players = int(table.players.iloc[0])
    width = 0.4
    for k, (code, kind) in enumerate((("R", "random"), ("H", "hint"))):
        ps, errs = [], [[], []]
        for s in range(players):
            at = finished[finished.kinds.str[s] == code]
            share = _share(int((at.loser == s).sum()), len(at))
            ps.append(share["p"] or 0)
            errs[0].append((share["p"] or 0) - (share["lo"] or 0))
            errs[1].append((share["hi"] or 0) - (share["p"] or 0))
        left.bar([s + k * width for s in range(players)], ps, width, yerr=errs, label=kind, capsize=3)
    left.set_xlabel("seat (0 attacks first)")
    left.set_ylabel("P(losing), 95 % interval")
    left.set_title(f"{players} players, {summary['deals']} deals")
    left.legend()
    right.hist(table.attacks, bins=40)
    right.set_xlabel("attacks in the game")
    right.set_ylabel("deals")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
