"""The search's node-count signature on a fixed set of deals (benchmarks/solve.py), pinned.

Node counts do not depend on the machine or on the load, so they catch a change to the search
that no answer would show: a lost bound, a key that stops sharing, a worse move order. When a
change to the search is meant, update the figures here and the signature in docs/benchmarks.md
(``python benchmarks/solve.py --deals 400 --seed 1``) in the same commit.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# question -> total nodes over the first 60 deals of seed 1, table 2^16
PINNED = {
    "hra-value": 473_855,
    "hra-wins": 92_591,
    "sedma": 120_845,
    "betl": 39_796,
    "durch": 6_438,
}


def _benchmark():
    spec = importlib.util.spec_from_file_location("bench_solve", ROOT / "benchmarks" / "solve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("question", sorted(PINNED))
def test_node_signature(question: str) -> None:
    nodes = _benchmark().signature(question, 60, 1, tt_log2=16)
    assert len(nodes) == 60
    assert sum(nodes) == PINNED[question], (
        f"{question}: {sum(nodes)} nodes, pinned {PINNED[question]}; if the search was meant to change, "
        "update PINNED and docs/benchmarks.md")
