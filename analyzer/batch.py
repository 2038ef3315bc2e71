"""Many worlds through the C core at once: one call per chunk of worlds, never one per world.

A *world* is one assignment of the hands (four card masks, the fourth 0 for
three players: :func:`hands_array` pads them) to a shared state
(the trick, the leader); each world gets the same *questions* (a core game
and a target, or ``EXACT`` for the value). The worlds are cut into chunks that
worker threads take in turn, each thread with its own search context (the core
is re-entrant; its table is kept across a thread's chunks, so worlds that share
subtrees profit: on several threads a chunk is a share of the worlds left, so
that neighbours meet in one table). The GIL is released for a whole chunk.

Answers do not depend on the number of threads. With ``stop_on_no`` the batch
ends at the first world (in the worlds' order) with a "no" to some question,
and every world before it is answered: which world that is does not depend on
the threads either.

>>> import numpy as np
>>> from analyzer.rules import Position
>>> from analyzer.solver import questions
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> q = questions(pos)["game"]
>>> hands = hands_array([[h.mask for h in pos.hands]])
>>> run_batch([(q.game(pos), EXACT)], q.state(pos), hands, threads=1).answers.tolist()
[[3]]
"""
from __future__ import annotations

import contextvars
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass

import numpy as np

from analyzer import _core, cancel
from analyzer.errors import ArgumentError
from analyzer.solver import DEFAULT_TT_LOG2

EXACT = _core.EXACT
CHUNK = 256  # worlds per call into the core: small enough for progress and a prompt stop
# A thread's table is by default a Solver's (DEFAULT_TT_LOG2): on random deals 2^14 to 2^16
# entries answer 15 to 20 % more worlds a second than 2^20 (fewer cache misses for as many
# nodes, docs/benchmarks.md, "Cheaper nodes, fourth round"); callers whose worlds share more
# (claims, advice) pass their own.
# Up to this many worlds on one thread are searched on the calling thread, INLINE_STEP worlds
# per call into the core: Ctrl-C and a time limit are seen between two calls.
INLINE = 2 * CHUNK
INLINE_STEP = 64
GUIDED_MAX = 16384  # the largest chunk of a batch on several threads (progress at least that often)


class BatchTimeout(Exception):
    """The batch ran past its time limit (the answers so far are in ``result``)."""

    def __init__(self, message: str, result: BatchResult) -> None:
        super().__init__(message)
        self.result = result


@dataclass
class BatchResult:
    """``answers[w, q]``: 1/0 for a yes/no question, the value for EXACT; valid for the first
    ``done`` worlds (all of them unless the batch stopped at a "no"). ``first_no`` is the first
    world with a "no", or None. ``quick``: worlds answered at the root without a search (the
    core's quick bounds, which hold the sure wins of docs/claims.md, or its table)."""

    answers: np.ndarray
    done: int
    first_no: int | None
    nodes: int
    seconds: float
    quick: int = 0


SEATS = 4  # columns of a world's hands: the most seats the core knows; unused seats hold 0


def hands_array(rows: Sequence[Sequence[int]]) -> np.ndarray:
    """Worlds' hands (a row of 3 or 4 card masks each) as the uint32 array (worlds, 4) of
    ``run_batch``: three-player rows get an empty fourth seat."""
    out = np.zeros((len(rows), SEATS), np.uint32)
    if isinstance(rows, np.ndarray) and rows.ndim == 2:
        out[:, :rows.shape[1]] = rows
        return out
    for w, row in enumerate(rows):
        out[w, :len(row)] = row
    return out


def default_threads() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class _ContextPool(ThreadPoolExecutor):
    """A pool whose tasks run in their submitter's context (``contextvars``): the cancel scope of
    ``analyzer.cancel`` follows work split over threads."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        return super().submit(contextvars.copy_context().run, fn, *args, **kwargs)


_local = threading.local()
_pools: dict[str, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def kept_threads(name: str, workers: int) -> ThreadPoolExecutor:
    """The pool of threads called ``name``, started on first use and kept for the life of the
    process: a pool per call would start threads, and their search tables, again each time."""
    with _pools_lock:
        if name not in _pools:
            _pools[name] = _ContextPool(max_workers=workers, thread_name_prefix=f"marias-{name}")
        return _pools[name]


def _workers() -> ThreadPoolExecutor:
    """The threads that run the batches' chunks, started once and kept: a thread started per
    batch cost more than the search of a small batch (advice asks for thousands of them). Sized
    for several callers at once (the advice's layouts, a cluster worker's threads); it only
    grows as far as the chunks running at one time need."""
    return kept_threads("batch", max(32, 4 * default_threads()))


def _searches(tt_log2: int, n: int) -> list[_core.Search]:
    """n search contexts for the calling thread's batches, kept with their tables: allocating a
    large table is a good part of a quick batch, and what it holds stays valid."""
    pools = getattr(_local, "pools", None)
    if pools is None:
        pools = _local.pools = {}
    pool = pools.setdefault(tt_log2, [])
    while len(pool) < n:
        pool.append(_core.Search(tt_log2))
    return pool[:n]


def thread_search(tt_log2: int = DEFAULT_TT_LOG2) -> _core.Search:
    """The calling thread's kept search context with a table of 2^tt_log2 entries, the one
    ``run_batch`` searches with on this thread: a caller asking the core something a batch
    cannot (``Search.move_values``) shares the thread's table with its batches."""
    return _searches(tt_log2, 1)[0]


def run_batch(
    questions: Sequence[tuple[tuple, int]],
    state: tuple,
    hands: np.ndarray,
    targets: np.ndarray | None = None,
    *,
    stop_on_no: bool = False,
    threads: int | None = None,
    tt_log2: int = DEFAULT_TT_LOG2,
    time_limit: float | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
) -> BatchResult:
    """Answer every question in every world (see the module's docstring).

    ``hands``: uint32 array (worlds, 4), the fourth column 0 for three players (``hands_array``;
    a (worlds, 3) array is padded so, at the cost of a copy);
    ``targets``: int16 array (worlds, questions) that
    replaces the questions' targets per world. ``progress(n)`` is called with the number of
    worlds finished since its last call. Raises BatchTimeout past ``time_limit`` seconds;
    KeyboardInterrupt stops every thread within a chunk's search and is raised again, and so does
    the cancelling of the caller's scope (``analyzer.cancel.Cancelled``).
    """
    started = time.perf_counter()
    hands = np.ascontiguousarray(hands, np.uint32)
    if hands.ndim == 2 and hands.shape[1] == 3:
        hands = hands_array(hands)  # three players' rows as they are built everywhere: a copy, padded
    if hands.ndim != 2 or hands.shape[1] != SEATS:
        raise ArgumentError(f"hands must be an array of shape (worlds, {SEATS}) (the fourth column 0 for "
                            f"three players) or (worlds, 3), not {hands.shape}")
    nq, n = len(questions), len(hands)
    if nq < 1:
        raise ArgumentError("a batch needs at least one question")
    if targets is not None:
        targets = np.ascontiguousarray(targets, np.int16)
        if targets.shape != (n, nq):
            raise ArgumentError(f"targets must be an array of shape ({n}, {nq}), not {targets.shape}")
    threads = default_threads() if threads is None else threads
    if not isinstance(threads, int) or threads < 1:
        raise ArgumentError(f"threads must be a whole number >= 1, not {threads!r}")
    if threads == 1 and n <= INLINE and progress is None:
        # A few worlds searched on this thread: handing them to a worker, and the bookkeeping of
        # several, cost ten times their search (the strict check asks tens of thousands of such
        # small questions).
        return _inline(questions, state, hands, targets, stop_on_no, tt_log2, time_limit, started)
    answers = np.zeros((n, nq), np.int16)
    if threads > 1:
        # at least four chunks per thread, so that one slow chunk does not leave a core idle
        chunk = max(1, min(chunk, -(-n // (4 * threads))))
    threads = max(1, min(threads, -(-n // chunk)))
    searches = _searches(tt_log2, threads)
    stops = [np.zeros(1, np.intc) for _ in range(threads)]
    lock = threading.Lock()
    state_of = {"next": 0, "first_no": None, "nodes": 0, "finished": 0, "quick": 0}
    running: dict[int, int] = {}  # worker -> start of the chunk it searches

    def size(lo: int) -> int:
        """The worlds of the chunk from ``lo``. On several threads, a share of those left (guided
        scheduling): neighbouring worlds, which share subtrees, meet in one thread's table, and
        the last chunks are small. Chunks of ``chunk`` dealt in turn had cost a claim's plan
        proof 35 % more nodes on two threads (docs/benchmarks.md)."""
        return chunk if threads == 1 else max(chunk, min(GUIDED_MAX, (n - lo) // (2 * threads)))

    def worker(k: int) -> None:
        search, stop = searches[k], stops[k]
        while True:
            with lock:
                lo = state_of["next"]
                first_no = state_of["first_no"]
                if lo >= n or stop[0] or (first_no is not None and lo > first_no):
                    return
                hi = min(lo + size(lo), n)
                state_of["next"] = hi
                running[k] = lo
            out, done, stopped = search.batch(questions, state, hands[lo:hi],
                                              None if targets is None else targets[lo:hi], stop_on_no, stop)
            answers[lo:lo + done] = out[:done]
            with lock:
                running.pop(k, None)
                state_of["nodes"] += search.nodes
                state_of["quick"] += search.quick
                state_of["finished"] += done
                if stop_on_no and done and not stopped:
                    says_no = _says_no(questions, targets, out[done - 1], lo + done - 1)
                    if says_no and (state_of["first_no"] is None or lo + done - 1 < state_of["first_no"]):
                        state_of["first_no"] = lo + done - 1
                        # chunks wholly after it are of no use: stop them
                        for other, start in running.items():
                            if start > lo + done - 1:
                                stops[other][0] = 1
                if stopped:
                    return

    reported = 0
    futures: set = set()
    try:
        # The workers run on other threads and this one waits for them in short steps, so that
        # Ctrl-C (delivered to this thread only) stops the batch within a chunk's search.
        futures = {_workers().submit(worker, k) for k in range(threads)}
        deadline = None if time_limit is None else started + time_limit
        while futures:
            finished, futures = wait(futures, timeout=0.05, return_when=FIRST_COMPLETED)
            cancel.check()
            for future in finished:
                future.result()  # a worker's exception, raised here
            if progress is not None:
                with lock:
                    now = state_of["finished"]
                if now > reported:
                    progress(now - reported)
                    reported = now
            if deadline is not None and time.perf_counter() > deadline and futures:
                for stop in stops:
                    stop[0] = 1
                wait(futures)
                # (done counts the worlds answered, which need not be a prefix here)
                result = BatchResult(answers, int(state_of["finished"]), None, state_of["nodes"],
                                     time.perf_counter() - started, state_of["quick"])
                raise BatchTimeout(f"not finished in {time_limit} s", result)
    except BaseException:
        for stop in stops:
            stop[0] = 1
        wait(futures)  # the contexts are usable again once their chunk has stopped
        raise
    first_no = state_of["first_no"]
    done = n if first_no is None else first_no + 1
    return BatchResult(answers, done, first_no, state_of["nodes"], time.perf_counter() - started,
                       state_of["quick"])


def _inline(questions: Sequence[tuple[tuple, int]], state: tuple, hands: np.ndarray, targets: np.ndarray | None,
            stop_on_no: bool, tt_log2: int, time_limit: float | None, started: float) -> BatchResult:
    """run_batch's few worlds on the calling thread, INLINE_STEP at a time: between two calls into
    the core, Python raises a pending KeyboardInterrupt and the time limit is checked."""
    search = _searches(tt_log2, 1)[0]
    n = len(hands)
    answers = np.zeros((n, len(questions)), np.int16)
    done, first_no, nodes, quick = 0, None, 0, 0
    deadline = None if time_limit is None else started + time_limit
    for lo in range(0, n, INLINE_STEP):
        cancel.check()
        hi = min(lo + INLINE_STEP, n)
        out, k, _ = search.batch(questions, state, hands[lo:hi], None if targets is None else targets[lo:hi],
                                 stop_on_no, None)
        answers[lo:lo + k] = out[:k]
        done, nodes, quick = lo + k, nodes + search.nodes, quick + search.quick
        if stop_on_no and k and _says_no(questions, targets, out[k - 1], lo + k - 1):
            first_no = lo + k - 1
            break
        if deadline is not None and hi < n and time.perf_counter() > deadline:
            raise BatchTimeout(f"not finished in {time_limit} s",
                               BatchResult(answers, done, None, nodes, time.perf_counter() - started, quick))
    return BatchResult(answers, done, first_no, nodes, time.perf_counter() - started, quick)


def _says_no(questions: Sequence[tuple[tuple, int]], targets: np.ndarray | None, row: np.ndarray, world: int) -> bool:
    """Does ``row``, the answers of ``world``, hold a "no" to a yes/no question?"""
    wanted = [int(t) for t in targets[world]] if targets is not None else [t for _, t in questions]
    return any(t != EXACT and not row[q] for q, t in enumerate(wanted))

