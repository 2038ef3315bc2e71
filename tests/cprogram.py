"""Compile one of tests/c/'s check programs against the core's sources, for the tests that run
them (tests/test_bounds_minimax.py, tests/test_partition_minimax.py, tests/test_tysiacha_bounds.py);
skip without a C compiler."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build(tmp_path_factory: pytest.TempPathFactory, name: str, *core: str) -> Path:
    """tests/c/<name>.c compiled with -I cext and the named cext/ sources; the program's path."""
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        pytest.skip("a C compiler is needed")
    out = tmp_path_factory.mktemp(name) / name
    subprocess.run([gcc, "-O2", "-std=c11", "-I", str(ROOT / "cext"), str(ROOT / "tests" / "c" / f"{name}.c"),
                    *(str(ROOT / "cext" / source) for source in core), "-o", str(out)], check=True)
    return out
