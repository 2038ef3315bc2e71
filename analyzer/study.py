"""Deal studies: many deals, one row each, with the analyses asked for; runs that survive.

>>> table = run_study("uniform", n=3, seed=7, analyses="shape", progress=False)
>>> list(table["deal"]), table.loc[0, "pattern0"] == table.loc[0, "pattern0"]
([0, 1, 2], True)

A row always holds where the deal came from (``deal``, ``chain``, ``step``,
``cut``, ``dealer``, ``rules``, ``seed``) and the dealt cards (``hand0`` …,
``talon``: card tokens separated by spaces). The analyses (``ANALYSES``) add:

``shape``
    per seat p and suit s ``len{p}_{s}``; ``pattern{p}`` ("4-3-2-1", longest
    first); ``voids{p}``; ``marriages{p}`` and ``sevens{p}`` (the suit letters of
    the K+O pairs and of the sevens held, "" for none). Three-player rule sets
    add forehand's twelve cards (hand and talon): ``fh_len_{s}`` and ``fh_trump``
    (the suit :func:`analyzer.dealing.choose_trump` names), and ``survival``
    (:func:`analyzer.dealing.trick_survival`; empty for a shuffled pack).
``hra``
    for every suit s, forehand takes the talon, lays away two cards
    (:func:`analyzer.dealing.discard_for_trumps`) and plays hra with trump s:
    ``hra_makes_{s}``, does he win the game open-handed (one yes/no search
    a suit; some 1.6 ms a deal for the four).
``points``
    ``hra_{s}``: forehand's open-hand points in that game (tricks, last trick,
    his marriages): the exact hra value, about three times dearer than the
    verdict (some 5 ms a deal for the four suits); ``hra_makes_{s}`` follows from it.
``sedma``
    ``sedma_{s}``: does forehand's seven in s make (same discard)? Empty (NA)
    when he does not hold the seven of s.
``betl``, ``durch``
    ``betl``, ``durch``: open-hand verdicts, forehand leading, with the discards
    of :func:`~analyzer.dealing.discard_for_betl` and ``discard_for_durch``.
``claims``
    ``laid_game``, ``laid_seven``, ``laid_betl``, ``laid_durch``: is forehand's
    contract laid down (RULES.md §5) — hra and sedma in his longest suit (sedma
    NA where he lacks its seven), betl, durch; see :func:`laid_down_columns`.
    Exact and unbounded in time: most claims take 0.05 s, a laid-down one can
    take seconds to a minute.
``best``
    the most valuable contract forehand makes open-handed, in the order of the
    csm price table (16.1): ``durch``, ``betl``, ``seven h`` (better seven),
    ``seven b``/``l``/``a``, then ``game h``, ``game b``/``l``/``a``, else ``none``
    (hra alone is not a bidding level; it ranks last). Needs hra, sedma, betl
    and durch, which it adds (``points`` adds ``hra``).

``none`` asks for the dealt cards only; ``all`` for every analysis available.
The open-hand values use the exact solver; the discards are simple fixed rules,
so forehand's values are those of a reasonable discard, not of the best one.

Surviving runs. With an output file, each finished chunk of deals is written
at once, atomically (temporary name, then rename), as a Parquet part file in
``FILE.parts/`` (with ``study.json``, the study's parameters). Re-running the
same command skips the deals whose parts exist; an interrupted part is never
counted. When every deal is done the parts are combined, in deal order, into
FILE (Parquet or CSV by its extension) and the directory is removed. While a
run goes on, ``pandas.read_parquet("FILE.parts")`` reads what is done.

Every row is a function of the dealer, its parameters, the seed, the analyses
and the deal index alone (each chunk builds its own solvers, chains are never
split between chunks), so the table is the same however many workers, local
(``jobs``) or on a dask.distributed cluster (``scheduler``), computed it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from analyzer.cards import MARRIAGE_LANE, CardSet, Suit
from analyzer.dealing import THREE_PLAYER, Deal, Dealer, choose_trump, forehand_position, trick_survival
from analyzer.errors import MariasError
from analyzer.rules import Contract

if TYPE_CHECKING:
    import pandas as pd

    from analyzer.solver import Solver


class StudyError(MariasError):
    """A study that cannot be run as asked (unknown analysis, an output that holds another study …)."""


ANALYSES = ("shape", "hra", "points", "sedma", "betl", "durch", "best", "claims")
SOLVER_ANALYSES = ANALYSES[1:]
SUITS = "hbla"
# A column each analysis (and only it) writes: how a finished table shows what was asked.
MARKERS = {"shape": "pattern0", "hra": "hra_makes_h", "points": "hra_h", "sedma": "sedma_h",
           "betl": "betl", "durch": "durch", "best": "best", "claims": "laid_game"}
FORMATS = (".parquet", ".csv")
PARTS_VERSION = 1


def parse_analyses(spec: str | Iterable[str]) -> tuple[str, ...]:
    """``"none"``, ``"all"`` or names separated by commas, in the canonical order.

    Raises StudyError, quoting the name, for an unknown analysis.
    """
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [str(s) for s in spec]
    names = [s for s in names if s]
    if names in ([], ["none"]):
        return ()
    if "all" in names:
        names = list(ANALYSES)
    for name in names:
        if name not in ANALYSES:
            raise StudyError(f"unknown analysis {name!r} (use none, all or some of {', '.join(ANALYSES)})")
    if "best" in names:
        names += ["hra", "sedma", "betl", "durch"]
    if "points" in names:
        names.append("hra")
    return tuple(a for a in ANALYSES if a in names)


@dataclass(frozen=True)
class Study:
    """What a study computes: the dealer, the seed, the number of deals and the analyses."""

    dealer: Dealer
    n: int
    seed: int
    analyses: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.n < 1:
            raise StudyError(f"a study needs at least one deal, not {self.n}")
        if any(a in SOLVER_ANALYSES for a in self.analyses) and self.dealer.rules not in THREE_PLAYER:
            raise StudyError("forehand's contracts are analysed for the three-player rule sets, "
                             f"not {self.dealer.rules!r}")

    def parameters(self) -> dict[str, Any]:
        """Everything a row depends on besides its index (kept beside the parts, checked on resume)."""
        dealer = asdict(self.dealer)
        if not self.dealer.chained:  # a shuffled pack has no chain: its options mean nothing
            dealer = {"kind": dealer["kind"], "rules": dealer["rules"]}
        return {"version": PARTS_VERSION, "dealer": self.dealer.name, **dealer,
                "seed": self.seed, "analyses": list(self.analyses)}

    def chunks(self, start: int, stop: int, size: int) -> list[tuple[int, int]]:
        """[start, stop) cut at the multiples of ``size`` (a multiple of the dealer's block)."""
        out = []
        while start < stop:
            end = min(stop, (start // size + 1) * size)
            out.append((start, end))
            start = end
        return out


def default_chunk(study: Study) -> int:
    """Deals per unit of work: a few seconds of work, and whole chains."""
    block = study.dealer.block
    if study.dealer.chained:
        return block
    size = 200 if any(a in SOLVER_ANALYSES for a in study.analyses) else 5000
    return max(block, size // block * block)


# --- one chunk of rows ------------------------------------------------------------


def analyse_chunk(study: Study, start: int, stop: int) -> "pd.DataFrame":
    """The rows of deals ``start`` to ``stop - 1`` (a pure function of its arguments)."""
    import pandas as pd

    from analyzer.solver import Solver

    # A small table (1 MiB): cheap to clear when the trump changes, and measured fastest here.
    solver = Solver(16) if any(a in SOLVER_ANALYSES for a in study.analyses) else None
    rows = [analyse_deal(study, deal, solver) for deal in study.dealer.deals(study.seed, start, stop)]
    return with_dtypes(pd.DataFrame(rows))


def analyse_deal(study: Study, deal: Deal, solver: "Solver | None") -> dict[str, Any]:
    """One row: the deal's origin, its cards and the analyses' columns."""
    row: dict[str, Any] = {
        "deal": deal.index, "chain": deal.chain, "step": deal.step, "cut": deal.cut,
        "dealer": study.dealer.name, "rules": deal.rules, "seed": study.seed,
    }
    for seat, hand in enumerate(deal.hands):
        row[f"hand{seat}"] = str(hand)
    row["talon"] = str(deal.talon)
    a = study.analyses
    if "shape" in a:
        row.update(shape_columns(deal))
    if solver is not None:
        row.update(forehand_columns(deal, solver, a))
    return row


def _lane(cards: CardSet, suit: int) -> int:
    return (cards.mask >> (8 * suit)) & 0xFF


def shape_columns(deal: Deal) -> dict[str, Any]:
    """Suit lengths, pattern, voids, marriages and sevens of every hand (and forehand's twelve)."""
    row: dict[str, Any] = {}
    for seat, hand in enumerate(deal.hands):
        lanes = [_lane(hand, s) for s in range(4)]
        lengths = [lane.bit_count() for lane in lanes]
        for s in range(4):
            row[f"len{seat}_{SUITS[s]}"] = lengths[s]
        row[f"pattern{seat}"] = "-".join(str(x) for x in sorted(lengths, reverse=True))
        row[f"voids{seat}"] = lengths.count(0)
        row[f"marriages{seat}"] = "".join(SUITS[s] for s in range(4) if lanes[s] & MARRIAGE_LANE == MARRIAGE_LANE)
        row[f"sevens{seat}"] = "".join(SUITS[s] for s in range(4) if lanes[s] & 1)
    if deal.rules in THREE_PLAYER:
        twelve = deal.hands[0] | deal.talon
        for s in range(4):
            row[f"fh_len_{SUITS[s]}"] = _lane(twelve, s).bit_count()
        row["fh_trump"] = choose_trump(twelve).token
    row["survival"] = trick_survival(deal)
    return row


def forehand_columns(deal: Deal, solver: "Solver", analyses: Sequence[str]) -> dict[str, Any]:
    """Forehand's open-hand values: hra and sedma in every suit, betl, durch, the best contract."""
    from analyzer.solver import fixed_marriages, remaining_units

    row: dict[str, Any] = {}
    twelve = deal.hands[0] | deal.talon
    for suit in Suit:
        t = suit.token
        if "points" in analyses:
            position = forehand_position(deal, Contract.GAME, suit)
            g = solver.hra_value(position) // 10  # G in units of 10
            actor = 10 * g + fixed_marriages(position, 0)
            defence = 10 * (remaining_units(position) - g) + fixed_marriages(position, 1) + position.talon.points
            row[f"hra_{t}"] = actor
            row[f"hra_makes_{t}"] = actor > defence
        elif "hra" in analyses:
            row[f"hra_makes_{t}"] = solver.makes(forehand_position(deal, Contract.GAME, suit))
        if "sedma" in analyses:
            has_seven = _lane(twelve, suit) & 1
            row[f"sedma_{t}"] = solver.makes(forehand_position(deal, Contract.SEVEN, suit)) if has_seven else None
    if "betl" in analyses:
        row["betl"] = solver.makes(forehand_position(deal, Contract.BETL))
    if "durch" in analyses:
        row["durch"] = solver.makes(forehand_position(deal, Contract.DURCH))
    if "best" in analyses:
        row["best"] = best_contract(row)
    if "claims" in analyses:
        row.update(laid_down_columns(deal, solver))
    return row


def laid_down_columns(deal: Deal, solver: "Solver") -> dict[str, Any]:
    """Is forehand's contract laid down (RULES.md §5: it makes whatever the defence holds)?

    For hra and sedma in his trump (his longest suit; sedma only where he holds
    its seven, else NA, and its ``seven`` component alone, as the ``sedma_``
    columns), betl and durch, with the discards of the other analyses. A claim
    is checked (analyzer.claims.check_claim, exact, no time limit) only where
    the open-hand verdict for the dealt cards makes: the dealt distribution is
    one of the redistributions, so otherwise it cannot be laid down.
    """
    try:
        from analyzer.claims import check_claim
    except ImportError:  # pragma: no cover - the claims module is a sibling issue
        raise StudyError("the claims analysis needs analyzer.claims (check_claim)") from None

    twelve = deal.hands[0] | deal.talon
    trump = choose_trump(twelve)
    row: dict[str, Any] = {}
    for name, contract in (("game", Contract.GAME), ("seven", Contract.SEVEN),
                           ("betl", Contract.BETL), ("durch", Contract.DURCH)):
        if contract == Contract.SEVEN and not _lane(twelve, trump) & 1:
            row["laid_seven"] = None
            continue
        position = forehand_position(deal, contract, trump if contract.has_trumps else None)
        if not solver.makes(position):
            row[f"laid_{name}"] = False
            continue
        claim = position.to_json()
        claim["unseen"] = f"{claim['hands'][1]} {claim['hands'][2]}"
        claim["hands"] = [claim["hands"][0], None, None]
        result = check_claim(claim, components=[name])
        row[f"laid_{name}"] = bool(result.laid_down)
    return row


def best_contract(row: dict[str, Any]) -> str:
    """The first contract forehand makes in the order durch, betl, seven (h first), game (h first)."""
    if row["durch"]:
        return "durch"
    if row["betl"]:
        return "betl"
    for kind, column in (("seven", "sedma_"), ("game", "hra_makes_")):
        for t in SUITS:
            if row[column + t] is True:  # sedma is None where forehand lacks the seven
                return f"{kind} {t}"
    return "none"


# --- column types -------------------------------------------------------------------

# Columns by name pattern, so a table read back from CSV gets the same types.
_KINDS: tuple[tuple[str, str], ...] = (
    (r"deal|chain|step|seed|len\d_[hbla]|voids\d|fh_len_[hbla]|hra_[hbla]", "int64"),
    (r"cut", "Int64"),
    (r"survival", "float64"),
    (r"hra_makes_[hbla]|betl|durch", "bool"),
    (r"sedma_[hbla]|laid_seven", "boolean"),
    (r"laid_(game|betl|durch)", "bool"),
)


def column_kind(name: str) -> str:
    for pattern_, kind in _KINDS:
        if re.fullmatch(pattern_, name):
            return kind
    return "str"  # card tokens, patterns, suit letters, names


def with_dtypes(df: "pd.DataFrame") -> "pd.DataFrame":
    """The table with every column in its type (text read from CSV included)."""
    import pandas as pd
    from pandas.api.types import is_string_dtype

    out = {}
    for name in df.columns:
        kind = column_kind(name)
        col = df[name]
        if kind == "str":
            col = col.fillna("").astype(str)
        elif kind in ("bool", "boolean"):
            if is_string_dtype(col) or col.dtype == object:  # read from CSV: "True", "False", ""
                col = col.map({"True": True, "False": False, True: True, False: False}).astype(object)
                col = col.where(col.notna(), None)
            col = col.astype("boolean" if kind == "boolean" else bool)
        else:
            if is_string_dtype(col):
                col = col.replace("", None)
            col = pd.to_numeric(col).astype(kind)
        out[name] = col
    typed = pd.DataFrame(out, index=df.index)
    typed.attrs = dict(df.attrs)
    return typed


def read_table(path: str | os.PathLike[str]) -> "pd.DataFrame":
    """A study table from a Parquet or CSV file (or a ``.parts`` directory), typed as written.

    Raises StudyError for a missing file or an unknown extension.
    """
    import pandas as pd

    path = Path(path)
    if not path.exists():
        raise StudyError(f"no such study table: {str(path)!r}")
    if path.is_dir() or path.suffix == ".parquet":
        df = pd.read_parquet(path)
    elif path.suffix == ".csv":
        df = pd.read_csv(path, dtype=str, keep_default_na=False)
    else:
        raise StudyError(f"a study table ends in .parquet or .csv, not {path.name!r}")
    df = with_dtypes(df)
    if "deal" in df.columns:
        df = df.sort_values("deal", kind="stable").reset_index(drop=True)
    return df


# --- the part files ---------------------------------------------------------------------


class Parts:
    """The finished chunks of a study written to ``FILE.parts/``, one Parquet file each."""

    def __init__(self, output: Path, study: Study) -> None:
        self.output = output
        self.dir = output.with_name(output.name + ".parts")
        self.study = study

    def open(self) -> list[tuple[int, int]]:
        """Make or reopen the directory; return the ranges done. Raises StudyError on a mismatch."""
        params = self.study.parameters()
        meta = self.dir / "study.json"
        if meta.exists():
            old = json.loads(meta.read_text())
            if old != params:
                diff = next(k for k in params if old.get(k) != params[k])
                raise StudyError(f"{str(self.dir)!r} holds another study ({diff} {old.get(diff)!r}, not "
                                 f"{params[diff]!r}); remove it or choose another output")
        else:
            self.dir.mkdir(parents=True, exist_ok=True)
            _write_atomic(meta, lambda p: p.write_text(json.dumps(params, indent=1)))
        for stray in self.dir.glob("*.tmp"):
            stray.unlink()  # a part cut off while being written
        done = []
        for part in self.dir.glob("*.parquet"):
            m = re.fullmatch(r"(\d+)-(\d+)\.parquet", part.name)
            if m:
                done.append((int(m[1]), int(m[2])))
        return sorted(done)

    def write(self, start: int, stop: int, rows: "pd.DataFrame") -> None:
        _write_atomic(self.dir / f"{start:010d}-{stop:010d}.parquet", lambda p: rows.to_parquet(p, index=False))

    def combine(self, n: int) -> "pd.DataFrame":
        """Rows 0 … n-1 from the parts (each exactly once), written to the output; the parts removed."""
        import pandas as pd

        frames = [pd.read_parquet(p) for p in sorted(self.dir.glob("*.parquet"))]
        df = pd.concat(frames, ignore_index=True)
        df = df[df["deal"] < n].sort_values("deal", kind="stable").drop_duplicates("deal")
        df = with_dtypes(df.reset_index(drop=True))
        if list(df["deal"]) != list(range(n)):
            raise AssertionError(f"the parts in {self.dir} do not hold deals 0..{n - 1} exactly once")
        write_table(df, self.output, self.study)
        shutil.rmtree(self.dir)
        return df


def _write_atomic(path: Path, write: Callable[[Path], object]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    write(tmp)
    os.replace(tmp, path)


def write_table(df: "pd.DataFrame", output: Path, study: Study | None = None) -> None:
    """Write a study table, Parquet or CSV by the extension, atomically."""
    if study is not None:
        df.attrs["study"] = study.parameters()
    if output.suffix == ".parquet":
        _write_atomic(output, lambda p: df.to_parquet(p, index=False))
    else:
        _write_atomic(output, lambda p: df.to_csv(p, index=False))


def _missing(done: Sequence[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    """The ranges of [0, n) no part covers."""
    covered = [False] * n
    for a, b in done:
        for i in range(a, min(b, n)):
            covered[i] = True
    out: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if covered[i]:
            i += 1
            continue
        j = i
        while j < n and not covered[j]:
            j += 1
        out.append((i, j))
        i = j
    return out


def _finished(output: Path, study: Study) -> "pd.DataFrame | None":
    """The existing output if it holds exactly this study, None if there is none; StudyError otherwise."""
    if not output.exists():
        return None
    df = read_table(output)
    present = {a for a, column in MARKERS.items() if column in df.columns}
    same = (
        "deal" in df.columns and list(df["deal"]) == list(range(study.n))
        and set(df["dealer"]) == {study.dealer.name} and set(df["seed"]) == {study.seed}
        and set(df["rules"]) == {study.dealer.rules}
        and present == set(study.analyses)
        # Parquet keeps the full parameters (chain options included); CSV cannot
        and df.attrs.get("study", study.parameters()) == study.parameters()
    )
    if not same:
        raise StudyError(f"{str(output)!r} already holds another study; remove it or choose another output")
    return df


# --- running ------------------------------------------------------------------------


def run_study(
    dealer: str | Dealer = "uniform",
    n: int = 1000,
    seed: int = 0,
    analyses: str | Iterable[str] = "shape",
    rules: str = "csm",
    output: str | os.PathLike[str] | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    chunk: int | None = None,
    progress: bool = True,
    **dealer_options: Any,
) -> "pd.DataFrame":
    """Deal ``n`` deals and analyse each: one row per deal, in deal order.

    ``dealer``: ``uniform``, ``no-shuffle``, ``riffle:K`` (or a Dealer);
    ``dealer_options``: chain_length, burn_in, cut, gather, play (see
    :class:`analyzer.dealing.Dealer`). ``jobs``: local worker processes
    (default: all cores). ``scheduler``: a dask.distributed scheduler address
    (default: the environment's DASK_SCHEDULER_ADDRESS, if set); the work then
    goes to that cluster. ``chunk``: deals per unit of work (rounded up to
    whole chains). ``output``: a .parquet or .csv file; the run resumes from
    its ``.parts`` directory if there is one.

    Raises StudyError or DealError (both MariasError) for bad arguments.
    """
    if isinstance(dealer, str):
        dealer = Dealer.parse(dealer, rules, **dealer_options)
    elif dealer_options:
        raise StudyError("give the chain options inside the Dealer, not beside it")
    study = Study(dealer, int(n), int(seed), parse_analyses(analyses))
    block = dealer.block
    size = default_chunk(study) if chunk is None else max(block, -(-int(chunk) // block) * block)
    if jobs is not None and jobs < 1:
        raise StudyError(f"jobs must be at least 1, not {jobs}")
    scheduler = scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None

    parts: Parts | None = None
    done: list[tuple[int, int]] = []
    if output is not None:
        path = Path(output)
        if path.suffix not in FORMATS:
            raise StudyError(f"the output must end in .parquet or .csv, not {path.name!r}")
        _need_pyarrow()
        parts = Parts(path, study)
        if not parts.dir.exists():
            existing = _finished(path, study)
            if existing is not None:
                return existing
        done = parts.open()
    todo = [c for a, b in _missing(done, study.n) for c in study.chunks(a, b, size)]
    frames: list["pd.DataFrame"] = []

    def keep(start: int, stop: int, rows: "pd.DataFrame") -> None:
        if parts is not None:
            parts.write(start, stop, rows)
        else:
            frames.append(rows)

    from tqdm import tqdm  # plain text on stderr: also right in a notebook, without ipywidgets

    with tqdm(total=study.n, initial=study.n - sum(b - a for a, b in todo), unit="deal", smoothing=0.05,
              disable=not progress, file=sys.stderr, desc=f"{dealer.name} {dealer.rules}") as bar:
        for start, stop, rows in _execute(study, todo, jobs, scheduler):
            keep(start, stop, rows)
            bar.update(stop - start)
    if parts is not None:
        return parts.combine(study.n)
    import pandas as pd

    df = pd.concat(frames, ignore_index=True).sort_values("deal", kind="stable").reset_index(drop=True)
    df.attrs["study"] = study.parameters()
    return df


def _need_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise StudyError("writing a study table needs pyarrow (pip install pyarrow)") from None


def _execute(study: Study, todo: list[tuple[int, int]], jobs: int | None,
             scheduler: str | None) -> Iterator[tuple[int, int, "pd.DataFrame"]]:
    """Run the chunks, yielding each as it finishes (in any order)."""
    if not todo:
        return
    if scheduler:
        yield from _execute_dask(study, todo, scheduler)
        return
    jobs = min(jobs or os.cpu_count() or 1, len(todo))
    if jobs == 1:
        for start, stop in todo:
            yield start, stop, analyse_chunk(study, start, stop)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # spawn, not fork: a forked child would inherit the parent's threads (tqdm, dask) half-way.
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
    finished = False
    try:
        futures = {pool.submit(analyse_chunk, study, a, b): (a, b) for a, b in todo}
        for future in as_completed(futures):
            a, b = futures[future]
            yield a, b, future.result()
        finished = True
    finally:
        if not finished:
            # Interrupted (Ctrl-C, SIGTERM, an error): the running chunks are lost anyway, and one
            # may take minutes (a hard claim), so stop the workers instead of waiting for them.
            # ProcessPoolExecutor has no public way to do so before Python 3.14.
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=finished, cancel_futures=True)


def _execute_dask(study: Study, todo: list[tuple[int, int]], address: str) -> Iterator[tuple[int, int, "pd.DataFrame"]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise StudyError("a scheduler address needs dask.distributed (pip install 'dask[distributed]')") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise StudyError(f"cannot reach the dask scheduler at {address!r}: {exc}") from None
    try:
        futures = [client.submit(analyse_chunk, study, a, b, pure=False) for a, b in todo]
        spans = {f.key: span for f, span in zip(futures, todo)}
        for future in as_completed(futures):
            a, b = spans[future.key]
            yield a, b, future.result()
            future.release()
    finally:
        client.close()
