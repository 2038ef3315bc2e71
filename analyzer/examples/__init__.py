"""The bundled examples, each a JSON file beside this module (README "Use" and docs name them).

>>> sorted(example("seven"))[:3]
['actor', 'contract', 'hands']
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from analyzer.errors import ArgumentError

HERE = Path(__file__).parent


def names() -> list[str]:
    """The examples' names (their file names without ``.json``)."""
    return sorted(p.stem for p in HERE.glob("*.json"))


def path(name: str) -> Path:
    """The file of the example ``name``. Raises ArgumentError naming the examples."""
    file = HERE / f"{name}.json"
    if not file.is_file():
        raise ArgumentError(f"no example {name!r} (there are {', '.join(names())})")
    return file


def example(name: str) -> Any:
    """The example's JSON document, to pass to ``Position.from_json``, ``check_claim``, ``review`` …"""
    return json.loads(path(name).read_text(encoding="utf-8"))
