"""Where the chunks run: in this process, in local worker processes, or on a dask.distributed cluster.

Every chunk is a pure function of the study and its range (each builds its own
search tables, chains are never split), so where it runs does not change a row.
Workers (local or a cluster's) are given a few chunks at a time, and a finished chunk's rows are
held only until the caller has them, so the main process stays the same size
however many deals a study has; each worker dies with the main process, even
one killed with SIGKILL (:func:`die_with_parent`).
"""
from __future__ import annotations

import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from analyzer.cluster import connect
from analyzer.study.analyses import analyse_chunk
from analyzer.study.spec import Study, StudyError

if TYPE_CHECKING:
    import pandas as pd


AHEAD = 2  # chunks given to each worker at a time: one to search, one waiting


def execute(study: Study, todo: Iterable[tuple[int, int]], jobs: int | None,
            scheduler: str | None) -> Iterator[tuple[int, int, pd.DataFrame]]:
    """Run the chunks (read from ``todo`` as they are needed), yielding each as it finishes (in
    any order)."""
    spans = iter(todo)
    jobs = jobs or os.cpu_count() or 1
    first = list(itertools.islice(spans, AHEAD * jobs))
    if not first:
        return
    spans = itertools.chain(first, spans)
    if scheduler:
        yield from _execute_dask(study, spans, scheduler)
        return
    jobs = min(jobs, len(first))
    if jobs == 1:
        for start, stop in spans:
            yield start, stop, analyse_chunk(study, start, stop)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    # spawn, not fork: a forked child would inherit the parent's threads (tqdm, dask) half-way.
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=die_with_parent, initargs=(os.getpid(),))
    done = False
    try:
        # A few chunks ahead, not all of them: each submitted chunk and each finished one's rows
        # would stay in this process until the end (0.75 KB a deal).
        pending: dict[Future, tuple[int, int]] = {}
        while True:
            for a, b in itertools.islice(spans, AHEAD * jobs - len(pending)):
                pending[pool.submit(analyse_chunk, study, a, b)] = (a, b)
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                a, b = pending.pop(future)
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


def die_with_parent(parent: int) -> None:
    """A worker's initializer: end this process when ``parent`` ends, however it ends (SIGKILL
    included, which gives the parent no chance to stop its workers). On Linux the kernel sends
    SIGKILL (PR_SET_PDEATHSIG); elsewhere a thread watches the parent's id."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # it died before the request was made
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass  # no prctl: watch instead

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=watch, name="marias-parent-watch", daemon=True).start()


def _execute_dask(study: Study, todo: Iterator[tuple[int, int]],
                  address: str) -> Iterator[tuple[int, int, pd.DataFrame]]:
    """The chunks on a dask cluster, AHEAD per thread of its workers in flight (counted when the
    client connects), as local workers are given them: never all of a study's chunks at once, and an interrupt (the generator closed) cancels the few in flight and
    submits no more."""
    from distributed import as_completed

    client = connect(address, StudyError)
    pending: dict[Any, tuple[int, int]] = {}  # future -> its chunk
    try:
        slots = AHEAD * max(1, sum(client.nthreads().values()))

        def submit(a: int, b: int) -> Any:
            future = client.submit(analyse_chunk, study, a, b, pure=False)
            pending[future] = (a, b)
            return future

        running = as_completed([submit(a, b) for a, b in itertools.islice(todo, slots)])
        for future in running:
            a, b = pending.pop(future)
            rows = future.result()
            future.release()
            for span in itertools.islice(todo, 1):  # one out, one in
                running.add(submit(*span))
            yield a, b, rows
    finally:
        if pending:  # interrupted: what is still in flight is of no use
            client.cancel(list(pending))
        client.close()
