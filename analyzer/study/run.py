"""``run_study``: a study from its arguments to its table, with progress, resuming and a summary."""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer.cluster import scheduler_address
from analyzer.dealing import Dealer
from analyzer.study import execution
from analyzer.study.spec import (
    MAX_CHUNK,
    Study,
    StudyError,
    default_chunk,
    parse_analyses,
)
from analyzer.study.storage import Parts, check_output, finished, missing

if TYPE_CHECKING:
    import pandas as pd


class StudyInterrupted(KeyboardInterrupt):
    """A study stopped by Ctrl-C (or SIGTERM): what was kept, for the one line that says so."""

    def __init__(self, parts: Path | None, chunks: int, deals: int, n: int, written: Path | None = None) -> None:
        super().__init__()
        self.parts, self.chunks, self.deals, self.n = parts, chunks, deals, n
        self.written = written

    def __str__(self) -> str:
        if self.written is not None:
            return f"interrupted after the table of all {self.n} deals was written to {self.written}; nothing is lost"
        if self.parts is None or not self.chunks:
            return "interrupted before any chunk finished; nothing was kept"
        return (f"interrupted; {self.chunks} finished chunk{'s' * (self.chunks != 1)} ({self.deals} of "
                f"{self.n} deals) kept in {self.parts}, run the same command again to continue")


def run_study(
    dealer: str | Dealer = "uniform",
    n: int = 1000,
    seed: int = 0,
    analyses: str | Iterable[str] = "shape",
    packets: str = "csm",
    output: str | os.PathLike[str] | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    chunk: int | None = None,
    progress: bool = True,
    notify: Callable[[str], Any] | None = None,
    table: bool = True,
    **dealer_options: Any,
) -> pd.DataFrame | None:
    """Deal ``n`` deals and analyse each: one row per deal, in deal order.

    ``dealer``: ``uniform``, ``no-shuffle``, ``riffle:K`` (or a Dealer);
    ``packets``: the packet pattern (csm, licit, basic, four, two);
    ``dealer_options``: chain_length, burn_in, cut, gather, play (see
    :class:`analyzer.dealing.Dealer`). ``jobs``: local worker processes
    (default: all cores). ``scheduler``: a dask.distributed scheduler address
    (default: the environment's DASK_SCHEDULER_ADDRESS, if set); the work then
    goes to that cluster. ``chunk``: deals per unit of work (rounded up to
    whole chains). ``output``: a .parquet or .csv file in a directory that
    exists; the run resumes from its ``.parts`` directory if there is one.
    ``progress``: a progress bar on stderr; ``notify(line)`` is told, in one
    line each, that the run resumes, that the output already holds the study,
    and the summary of a finished run. ``table=False`` (with ``output``): the table is only
    written, part by part, and None returned: the memory used does not grow with ``n``.

    Raises StudyError or DealError (both MariasError) for bad arguments;
    StudyInterrupted (a KeyboardInterrupt) on Ctrl-C, after keeping the
    finished chunks.
    """
    started = time.perf_counter()
    say = notify or (lambda line: None)
    if isinstance(dealer, str):
        dealer = Dealer.parse(dealer, packets, **dealer_options)
    elif dealer_options:
        raise StudyError("give the chain options inside the Dealer, not beside it")
    study = Study(dealer, int(n), int(seed), parse_analyses(analyses, dealer.packets))
    block = dealer.block
    size = default_chunk(study) if chunk is None else max(block, -(-int(chunk) // block) * block)
    if min(size, study.n) > MAX_CHUNK:  # refused before a worker tries to hold it
        what = f"a chain of {block} deals" if size == block and dealer.chained else f"a chunk of {size} deals"
        raise StudyError(f"{what} is more than one unit of work may hold (at most {MAX_CHUNK} deals; "
                         "a chain is never split): lower --chunk or --chain-length")
    if jobs is not None and jobs < 1:
        raise StudyError(f"jobs must be at least 1, not {jobs}")
    scheduler = scheduler_address(scheduler)

    parts: Parts | None = None
    done: list[tuple[int, int]] = []
    if output is not None:
        path = Path(output)
        check_output(path)
        parts = Parts(path, study)
        if not parts.dir.exists():
            existing = finished(path, study)
            if existing is not None:
                say(f"{path} already holds this study ({study.describe()}): nothing to compute")
                return existing
        done = parts.open()
        if done:
            have = study.n - sum(b - a for a, b in missing(done, study.n))
            say(f"resuming {study.describe()}: {have} of {study.n} deals already done in {parts.dir}")
    gaps = missing(done, study.n)
    todo = (c for a, b in gaps for c in study.chunks(a, b, size))  # read as the workers need them
    computed = sum(b - a for a, b in gaps)
    frames: list[pd.DataFrame] = []
    # tqdm: plain text on stderr, also right in a notebook (no ipywidgets needed)
    from tqdm import tqdm

    try:
        with tqdm(total=study.n, initial=study.n - computed, unit="deal", smoothing=0.05,
                  disable=not progress, file=sys.stderr, desc=f"{dealer.name} {dealer.packets}") as bar:
            for start, stop, rows in execution.execute(study, todo, jobs, scheduler):
                if parts is not None:
                    parts.write(start, stop, rows)
                else:
                    frames.append(rows)
                bar.update(stop - start)
    except KeyboardInterrupt:
        if parts is None:
            raise StudyInterrupted(None, 0, 0, study.n) from None
        parts.discard_if_empty()
        raise _kept(parts, study) from None
    if parts is not None:
        try:
            df = parts.combine(study.n, table)
        except KeyboardInterrupt:  # while combining: every chunk is kept, or the table written
            raise _kept(parts, study) from None
        where = f" in {parts.output}"
    else:
        import pandas as pd

        df = pd.concat(frames, ignore_index=True).sort_values("deal", kind="stable").reset_index(drop=True)
        df.attrs["study"] = study.parameters()
        where = ""
    reused = f", {study.n - computed} resumed" if computed < study.n else ""
    say(f"finished {study.describe()}{where}: {computed} computed in {time.perf_counter() - started:.1f} s{reused}")
    return df


def _kept(parts: Parts, study: Study) -> StudyInterrupted:
    """What an interrupted run leaves: its finished parts, or (interrupted once the parts were
    combined) the whole table."""
    kept = parts.done() if parts.dir.exists() else []
    if not kept and parts.output.exists() and not parts.dir.exists():
        return StudyInterrupted(None, 0, 0, study.n, written=parts.output)
    return StudyInterrupted(parts.dir, len(kept), sum(b - a for a, b in kept), study.n)
