import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

# The test helpers (reference solver, random positions) import as plain modules.
sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def c_check(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Compiles a check program of tests/c (``name``.c, which includes the core's source) and
    gives its path; skips the test where there is no C compiler."""
    def build(name: str) -> Path:
        gcc = shutil.which("gcc") or shutil.which("cc")
        if gcc is None:
            pytest.skip("a C compiler is needed")
        out = tmp_path_factory.mktemp(name) / name
        subprocess.run([gcc, "-O2", "-std=c11", "-I", str(ROOT / "cext"), str(ROOT / "tests" / "c" / f"{name}.c"),
                        "-o", str(out)], check=True)
        return out
    return build
