"""The study notebooks run top to bottom (small N, one process) without an error.

They are executed on a copy; the committed notebooks stay without outputs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
SMALL = {
    "MARIAS_NOTEBOOK_N": "120",
    "MARIAS_NOTEBOOK_CLAIMS_N": "6",
    "MARIAS_NOTEBOOK_CHAIN": "30",
    "MARIAS_NOTEBOOK_RIFFLES": "0,2",
    "MARIAS_NOTEBOOK_JOBS": "1",
    "MARIAS_NOTEBOOK_SEED": "7",
    "MPLBACKEND": "Agg",
}


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    for name, value in SMALL.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MARIAS_NOTEBOOK_CACHE", str(tmp_path / "cache"))
    book = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in book.cells if cell.cell_type == "code"), \
        f"{path.name} is committed with outputs: clear them"
    client = nbclient.NotebookClient(book, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError, naming the cell, on any error
    errors = [o for c in book.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
