"""Stopping long work from another thread: a *scope* its caller opens, seen by every long loop.

The board runs each request and job inside a :class:`Scope`; cancelling it (a DELETE, a client
that went away, the server's own limit) raises the core's stop flag of every batch running under
it (``analyzer.batch``), stops a two-player stock search (``analyzer.stock_solver``) and ends the
loops that draw worlds for advice, each within a fraction of a second. The scope travels with the
context (``contextvars``) into the threads of ``analyzer.batch.kept_threads``, so work split over
threads stops as one. Outside a scope nothing changes: ``check()`` is then a no-op.

>>> scope = Scope()
>>> with scope.opened():
...     check()           # not cancelled: nothing happens
...     scope.cancel()
...     try:
...         check()
...     except Cancelled as exc:
...         print(exc)
the work was cancelled
"""
from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Cancelled(Exception):
    """Raised inside work whose scope was cancelled."""

    def __init__(self, message: str = "the work was cancelled") -> None:
        super().__init__(message)


class Scope:
    """One piece of work that may be cancelled from another thread."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._hooks: dict[int, Callable[[], object]] = {}
        self._serial = 0
        self.reason = "the work was cancelled"

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def cancel(self, reason: str | None = None) -> None:
        """Cancel the work: every hook registered now or later is called (once). The hooks run
        under the scope's lock, so that none runs after its block has ended: keep them short."""
        with self._lock:
            if self._event.is_set():
                return
            if reason:
                self.reason = reason
            self._event.set()
            for hook in self._hooks.values():
                hook()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until cancelled (True) or ``timeout`` seconds passed (False)."""
        return self._event.wait(timeout)

    @contextmanager
    def on_cancel(self, hook: Callable[[], object]) -> Iterator[None]:
        """Call ``hook`` (from the cancelling thread) if the scope is cancelled while inside;
        at once if it already is."""
        with self._lock:
            self._serial += 1
            key = self._serial
            self._hooks[key] = hook
            already = self._event.is_set()
        if already:
            hook()
        try:
            yield
        finally:
            with self._lock:
                self._hooks.pop(key, None)

    @contextmanager
    def opened(self) -> Iterator[Scope]:
        """Run the block (and the threads of ``kept_threads`` it hands work to) in this scope."""
        token = _current.set(self)
        try:
            yield self
        finally:
            _current.reset(token)


_current: contextvars.ContextVar[Scope | None] = contextvars.ContextVar("marias_cancel_scope", default=None)


def current() -> Scope | None:
    """The scope the calling code runs in, or None."""
    return _current.get()


def check() -> None:
    """Raise :class:`Cancelled` if the calling code's scope was cancelled."""
    scope = _current.get()
    if scope is not None and scope.cancelled:
        raise Cancelled(scope.reason)


@contextmanager
def on_cancel(hook: Callable[[], object]) -> Iterator[None]:
    """``Scope.on_cancel`` of the current scope (nothing outside a scope)."""
    scope = _current.get()
    if scope is None:
        yield
        return
    with scope.on_cancel(hook):
        yield
