"""The core's speed-ups change no answer: builds with the squeezed key, the quick bounds or the card
collapse switched off (cext/solver.c's MR_NO_* macros) agree with the shipped build.

Each switched build is compiled here with gcc from the Cython-generated C and loaded in a
subprocess as its own copy of the package, so the shipped module in this process is untouched.
The node counts must differ from the shipped build's: otherwise the switch did nothing and the
comparison would prove nothing.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SWITCHES = ["MR_NO_SQUEEZE", "MR_NO_QUICK_BOUNDS", "MR_NO_COLLAPSE"]
# The core's C sources as setup.py lists them (the search, the two-player stock phase), not the
# Cython layer's generated C.
CORE_SOURCES = sorted(str(p) for p in (ROOT / "cext").glob("*.c") if p.name != "_core.c")

# Solves a fixed set of positions and prints every answer with the node count.
SCRIPT = r"""
import json, random, sys
sys.path.insert(0, sys.argv[1])
from randpos import random_deal, random_position
from analyzer.rules import Position
from analyzer.solver import Solver

rng = random.Random(11)
contracts = ["game", "seven", "hundred", "hundred-seven", "two-sevens", "betl", "durch"]
positions = [random_deal(rng, contracts[i % len(contracts)]) for i in range(int(sys.argv[2]))]
positions += [Position.from_json(random_position(rng, rng.choice([3, 4, 5, 6])))
              for _ in range(int(sys.argv[3]))]
solver = Solver(18)
answers, nodes = [], 0
for p in positions:
    r = solver.solve(p, card_values=p.tricks_left <= 5)
    answers.append({"makes": r.makes, "components": r.components, "actor_points": r.actor_points,
                    "card_values": {str(c): v for c, v in (r.card_values or {}).items()}})
    nodes += r.nodes
print(json.dumps({"answers": answers, "nodes": nodes}))
"""


def _cython_c(tmp: Path) -> Path:
    """The C the Cython layer compiles to (written by the build; generated here when absent)."""
    built = ROOT / "cext" / "_core.c"
    if built.exists() and built.stat().st_mtime >= (ROOT / "cext" / "_core.pyx").stat().st_mtime:
        return built
    cython = shutil.which("cython", path=str(Path(sys.executable).parent)) or shutil.which("cython")
    if cython is None:
        pytest.skip("Cython is needed to generate the core's C (pip install cython)")
    out = tmp / "_core.c"
    subprocess.run([cython, "-3", str(ROOT / "cext" / "_core.pyx"), "-o", str(out)], check=True)
    return out


def _package(tmp: Path, name: str, defines: list[str]) -> Path:
    """A copy of the package whose _core is built with ``defines`` (empty: the shipped flags)."""
    home = tmp / name
    shutil.copytree(ROOT / "analyzer", home / "analyzer",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__", "web", "examples"))
    target = home / "analyzer" / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    cmd = ["gcc", "-shared", "-fPIC", "-std=c11", "-O2", "-DNDEBUG", *(f"-D{d}" for d in defines),
           f"-I{sysconfig.get_paths()['include']}", f"-I{ROOT / 'cext'}",
           str(_cython_c(tmp)), *CORE_SOURCES, "-o", str(target)]
    subprocess.run(cmd, check=True, capture_output=True)
    return home


def _answers(home: Path, deals: int, endgames: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(home))
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / "tests"), str(deals), str(endgames)],
                         env=env, check=True, capture_output=True, text=True, cwd=home)
    return json.loads(out.stdout)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_switched_builds_agree_with_the_shipped_one(tmp_path: Path) -> None:
    deals, endgames = 28, 300
    shipped = _answers(_package(tmp_path, "shipped", []), deals, endgames)
    assert len(shipped["answers"]) == deals + endgames
    for defines in [[s] for s in SWITCHES] + [SWITCHES]:
        switched = _answers(_package(tmp_path, "_".join(defines), defines), deals, endgames)
        assert switched["nodes"] != shipped["nodes"], f"{defines} changed nothing: the switch is not wired"
        for i, (a, b) in enumerate(zip(switched["answers"], shipped["answers"])):
            assert a == b, f"{defines}: position {i} differs"
