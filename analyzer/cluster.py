"""A dask.distributed cluster by its scheduler's address, for the studies and the advice.

One place says where the address comes from (the argument, else the environment variable
``DASK_SCHEDULER_ADDRESS``, as dask's own tools read it) and what an unreachable one means
to the user: one line, raised as the caller's own error class.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def scheduler_address(given: str | None) -> str | None:
    """The address to use: ``given``, else ``DASK_SCHEDULER_ADDRESS``, else None (no cluster)."""
    return given or os.environ.get("DASK_SCHEDULER_ADDRESS") or None


def connect(address: str, error: type[Exception]) -> Any:
    """A ``distributed.Client`` on ``address``; ``error`` (one line) when it cannot be had."""
    try:
        from distributed import Client
    except ImportError:
        raise error("a scheduler address needs dask.distributed (pip install 'dask[distributed]')") from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise error(f"cannot reach the dask scheduler at {address!r}: {exc}") from None


@contextmanager
def client_for(given: str | None, error: type[Exception]) -> Iterator[Any]:
    """A client for the whole of a ``with`` block (None without an address), closed after it."""
    address = scheduler_address(given)
    if address is None:
        yield None
        return
    client = connect(address, error)
    try:
        yield client
    finally:
        client.close()
