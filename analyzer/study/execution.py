"""Where the chunks run: in this process, in local worker processes, or on a dask.distributed cluster.

Every chunk is a pure function of the study and its range (each builds its own
search tables, chains are never split), so where it runs does not change a row.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from analyzer.cluster import connect
from analyzer.study.analyses import analyse_chunk
from analyzer.study.spec import Study, StudyError

if TYPE_CHECKING:
    import pandas as pd


def execute(study: Study, todo: list[tuple[int, int]], jobs: int | None,
            scheduler: str | None) -> Iterator[tuple[int, int, pd.DataFrame]]:
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
    done = False
    try:
        futures = {pool.submit(analyse_chunk, study, a, b): (a, b) for a, b in todo}
        for future in as_completed(futures):
            a, b = futures[future]
            yield a, b, future.result()
        done = True
    finally:
        if not done:
            # Interrupted (Ctrl-C, SIGTERM, an error): the running chunks are lost anyway, and one
            # may take minutes (a hard claim), so stop the workers instead of waiting for them.
            # ProcessPoolExecutor has no public way to do so before Python 3.14.
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=done, cancel_futures=True)


def _execute_dask(study: Study, todo: list[tuple[int, int]], address: str) -> Iterator[tuple[int, int, pd.DataFrame]]:
    from distributed import as_completed

    client = connect(address, StudyError)
    try:
        futures = [client.submit(analyse_chunk, study, a, b, pure=False) for a, b in todo]
        spans = {f.key: span for f, span in zip(futures, todo)}
        for future in as_completed(futures):
            a, b = spans[future.key]
            yield a, b, future.result()
            future.release()
    finally:
        client.close()
