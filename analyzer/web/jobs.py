"""Long work off the event loop, bounded and cancellable: jobs (claims, advice), each on its own
thread, and the requests' work (solve, board, review) on a small pool of threads.

Every piece of work runs in a cancel scope (``analyzer.cancel``): cancelling it (a DELETE, a client
that went away, the server's time limit, the server stopping) raises the core's stop flag of the
batches it runs and stops a two-player stock search, so the thread is free again within a fraction
of a second. A job's function also gets a ``progress(n)`` callback to call with the units of work
it finished since its last call; once the job is cancelled that callback raises
:class:`JobCancelled`. A job's ``total`` past its ``max_total`` (the redistributions of a claim)
fails the job before the work starts. Finished jobs are kept a while so that their results can be
read, then dropped.
"""
from __future__ import annotations

import itertools
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from analyzer.cancel import Cancelled, Scope
from analyzer.errors import MariasError

STATES = ("running", "done", "failed", "cancelled")
T = TypeVar("T")


class JobCancelled(Exception):
    """Raised inside a job's work by its progress callback once the job is cancelled."""


class TooBusy(Exception):
    """Every job slot is taken (or every request's place in the queue)."""


class OverLimit(MariasError):
    """The work is larger than the server allows (one line, a 400)."""


class Job:
    """One piece of long work; ``to_json`` is what ``GET /api/jobs/{id}`` answers."""

    def __init__(self, id: str, kind: str, total: int | None = None, *, time_limit: float | None = None,
                 max_total: int | None = None, what: str = "units of work") -> None:
        self.id, self.kind = id, kind
        self.max_total, self.what = max_total, what
        self.time_limit = time_limit
        self._total: int | None = None
        self.total = total
        self.done = 0
        self.state = "running"
        self.result: dict[str, Any] | None = None
        self.error: str | None = None
        self.started = time.perf_counter()
        self.seconds: float | None = None
        self.scope = Scope()
        self._finished = threading.Event()
        self._callbacks: list[Callable[[], object]] = []
        self._lock = threading.Lock()

    @property
    def total(self) -> int | None:
        return self._total

    @total.setter
    def total(self, n: int | None) -> None:
        """The work's size, told before it starts: past ``max_total`` the job fails at once."""
        if n is not None and self.max_total is not None and n > self.max_total:
            raise OverLimit(f"{n} {self.what} are more than the board searches (at most {self.max_total}); "
                            "use the command line")
        self._total = n

    def progress(self, n: int) -> None:
        if self.scope.cancelled:
            raise JobCancelled(self.id)
        self.done += n

    def cancel(self, reason: str = "the job was cancelled") -> None:
        self.scope.cancel(reason)

    @property
    def cancelled(self) -> bool:
        return self.scope.cancelled

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job has finished (True) or ``timeout`` seconds have passed (False)."""
        return self._finished.wait(timeout)

    @property
    def finished(self) -> bool:
        return self._finished.is_set()

    def add_done_callback(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` once the job has finished (from its thread; at once if it has)."""
        with self._lock:
            if not self._finished.is_set():
                self._callbacks.append(callback)
                return
        callback()

    def _finish(self) -> None:
        with self._lock:
            self._finished.set()
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    def to_json(self) -> dict[str, Any]:
        elapsed = self.seconds if self.seconds is not None else time.perf_counter() - self.started
        return {"id": self.id, "kind": self.kind, "state": self.state, "done": self.done, "total": self.total,
                "seconds": round(elapsed, 3), "result": self.result, "error": self.error}


class Jobs:
    """At most ``limit`` jobs running at once; the last ``keep`` finished ones kept for reading."""

    def __init__(self, limit: int = 2, keep: int = 64) -> None:
        self.limit = limit
        self.keep = keep
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._serial = itertools.count(1)

    def running(self) -> int:
        with self._lock:
            return sum(not job.finished for job in self._jobs.values())

    def submit(self, kind: str, work: Callable[[Job], dict[str, Any]], total: int | None = None, *,
               time_limit: float | None = None, max_total: int | None = None, what: str = "units of work") -> Job:
        """Start ``work(job)`` on a new thread; it returns the result JSON. Raises TooBusy. A job
        still running after ``time_limit`` seconds is stopped and fails, saying so."""
        with self._lock:
            # a slot is held until the work has stopped, not merely until it was asked to
            if sum(not job.finished for job in self._jobs.values()) >= self.limit:
                raise TooBusy(f"{self.limit} jobs are running already; wait for one or cancel one")
            job = Job(f"{next(self._serial)}-{secrets.token_hex(4)}", kind, total, time_limit=time_limit,
                      max_total=max_total, what=what)
            self._jobs[job.id] = job
            finished = [key for key, j in self._jobs.items() if j.finished]
            for key in finished[:max(0, len(finished) - self.keep)]:
                del self._jobs[key]
        threading.Thread(target=self._run, args=(job, work), name=f"marias-job-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel_all(self, reason: str = "the server is stopping", wait: float = 0.0) -> None:
        """Cancel every job; wait up to ``wait`` seconds in all for them to stop."""
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            job.cancel(reason)
        deadline = time.perf_counter() + wait
        for job in jobs:
            job.wait(max(0.0, deadline - time.perf_counter()))

    @staticmethod
    def _run(job: Job, work: Callable[[Job], dict[str, Any]]) -> None:
        lower_priority()
        timer = None
        if job.time_limit is not None:
            reason = f"the job ran past the board's time limit of {job.time_limit:g} s"
            timer = threading.Timer(job.time_limit, job.cancel, (reason,))
            timer.daemon = True
            timer.start()
        try:
            with job.scope.opened():
                # A job cancelled after its last progress report still finishes with its result.
                job.result, job.state = work(job), "done"
        except (JobCancelled, Cancelled):
            job.state, job.error = "cancelled", job.scope.reason
            if "time limit" in job.scope.reason:
                job.state = "failed"
        except MariasError as exc:
            job.error, job.state = str(exc), "failed"
        except Exception as exc:  # noqa: BLE001  (a bug: keep the server up, say what it was)
            job.error, job.state = f"internal error: {type(exc).__name__}: {exc}", "failed"
        finally:
            if timer is not None:
                timer.cancel()
            job.seconds = time.perf_counter() - job.started
            job._finish()


class Requests:
    """The work of the requests that answer at once (solve, board, review, deal): ``threads``
    threads, so that at most that many search tables exist (a two-player hand's are 80 MiB), and
    at most ``waiting`` more requests queued; past that TooBusy (a 429)."""

    def __init__(self, threads: int = 2, waiting: int = 8) -> None:
        self.threads, self.waiting = threads, waiting
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="marias-web", initializer=lower_priority)
        self._places = threading.BoundedSemaphore(threads + waiting)
        self._scopes: set[Scope] = set()
        self._lock = threading.Lock()

    def submit(self, work: Callable[[], T], scope: Scope) -> Future[T]:
        """Run ``work()`` in ``scope`` on one of the threads (once one is free)."""
        if not self._places.acquire(blocking=False):
            raise TooBusy(f"{self.threads + self.waiting} requests are running or waiting already; try again shortly")
        with self._lock:
            self._scopes.add(scope)

        def run() -> T:
            scope_check(scope)  # cancelled while it waited: no search at all
            with scope.opened():
                return work()

        def release(_: Future) -> None:
            with self._lock:
                self._scopes.discard(scope)
            self._places.release()
        try:
            future = self._pool.submit(run)
        except RuntimeError:  # the pool is shut down: the server is stopping
            release(Future())
            raise TooBusy("the server is stopping") from None
        future.add_done_callback(release)
        return future

    def cancel_all(self, reason: str = "the server is stopping") -> None:
        with self._lock:
            scopes = list(self._scopes)
        for scope in scopes:
            scope.cancel(reason)


def lower_priority() -> None:
    """Run the calling thread's searches at a lower priority (nice 10) than the event loop, so
    that the server answers (``/api/meta``, a DELETE) while they keep every core busy; Linux
    sets the priority per thread, elsewhere this does nothing."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass


def scope_check(scope: Scope) -> None:
    if scope.cancelled:
        raise Cancelled(scope.reason)
