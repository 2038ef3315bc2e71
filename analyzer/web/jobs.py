"""Long work off the event loop: a bounded number of jobs, each on its own thread, with
progress and cancellation.

A job's function gets a ``progress(n)`` callback to call with the units of work it
finished since its last call; once the job is cancelled that callback raises
:class:`JobCancelled`, which unwinds the work (``run_batch`` stops its threads).
Finished jobs are kept a while so that their results can be read, then dropped.
"""
from __future__ import annotations

import itertools
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from analyzer.errors import MariasError

STATES = ("running", "done", "failed", "cancelled")


class JobCancelled(Exception):
    """Raised inside a job's work by its progress callback once the job is cancelled."""


class TooBusy(Exception):
    """Every job slot is taken."""


@dataclass
class Job:
    """One piece of long work; ``to_json`` is what ``GET /api/jobs/{id}`` answers."""

    id: str
    kind: str
    total: int | None = None
    done: int = 0
    state: str = "running"
    result: dict[str, Any] | None = None
    error: str | None = None
    started: float = field(default_factory=time.perf_counter)
    seconds: float | None = None
    _cancel: threading.Event = field(default_factory=threading.Event, repr=False)
    _finished: threading.Event = field(default_factory=threading.Event, repr=False)

    def progress(self, n: int) -> None:
        if self._cancel.is_set():
            raise JobCancelled(self.id)
        self.done += n

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job has finished (True) or ``timeout`` seconds have passed (False)."""
        return self._finished.wait(timeout)

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
            return sum(job.state == "running" for job in self._jobs.values())

    def submit(self, kind: str, work: Callable[[Job], dict[str, Any]], total: int | None = None) -> Job:
        """Start ``work(job)`` on a new thread; it returns the result JSON. Raises TooBusy."""
        with self._lock:
            if sum(job.state == "running" for job in self._jobs.values()) >= self.limit:
                raise TooBusy(f"{self.limit} jobs are running already; wait for one or cancel one")
            job = Job(id=f"{next(self._serial)}-{secrets.token_hex(4)}", kind=kind, total=total)
            self._jobs[job.id] = job
            finished = [key for key, j in self._jobs.items() if j.state != "running"]
            for key in finished[:max(0, len(finished) - self.keep)]:
                del self._jobs[key]
        threading.Thread(target=self._run, args=(job, work), name=f"marias-job-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def cancel_all(self) -> None:
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            job.cancel()
        for job in jobs:
            job.wait(5)

    @staticmethod
    def _run(job: Job, work: Callable[[Job], dict[str, Any]]) -> None:
        try:
            # A job cancelled after its last progress report still finishes with its result.
            job.result, job.state = work(job), "done"
        except JobCancelled:
            job.state = "cancelled"
        except MariasError as exc:
            job.error, job.state = str(exc), "failed"
        except Exception as exc:  # noqa: BLE001  (a bug: keep the server up, say what it was)
            job.error, job.state = f"internal error: {type(exc).__name__}: {exc}", "failed"
        finally:
            job.seconds = time.perf_counter() - job.started
            job._finished.set()
