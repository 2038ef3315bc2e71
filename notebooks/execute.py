"""Run the study notebooks in place, keeping their outputs (figures and tables visible on opening).

    python notebooks/execute.py                      # all of them, default sizes (a few minutes)
    python notebooks/execute.py notebooks/01_deal_shape.ipynb

Needs nbclient and ipykernel (``pip install -e '.[test]'``); ``jupyter nbconvert --execute
--inplace`` does the same where nbconvert is installed.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import nbclient
import nbformat


def main() -> None:
    here = Path(__file__).parent
    # the kernel imports this checkout's package, not an installed one
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(here.parent.resolve()), os.environ.get("PYTHONPATH")]))
    paths = [Path(p) for p in sys.argv[1:]] or sorted(here.glob("*.ipynb"))
    for path in paths:
        book = nbformat.read(path, as_version=4)
        nbclient.NotebookClient(book, timeout=1200, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}}).execute()
        nbformat.write(book, path)
        print(f"ran {path}")


if __name__ == "__main__":
    main()
