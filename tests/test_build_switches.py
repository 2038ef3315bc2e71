"""The core's speed-ups change no answer: builds with the squeezed key, the quick bounds or the card
collapse switched off (cext/solver.c's MR_NO_* macros) agree with the shipped build, and so does
the research build with the partition table (MR_PARTITION, issue 36; off in the shipped build).

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


# The actor's fixed plan (check_claim's ``policy``), whose quick bounds are its own (the proofs
# of the sure plan, and the bounds that hold whatever is played): the number of redistributions
# it makes, per claim of random endings with the actor to lead a fresh trick.
POLICY_SCRIPT = r"""
import json, random, sys
sys.path.insert(0, sys.argv[1])
from test_strict import hide
from analyzer.cards import Card, CardSet, Suit, Rank
from analyzer.claims import check_claim
from analyzer.rules import Position, strength
from analyzer.strict import plan_kinds

rng = random.Random(23)
counts = []
while len(counts) < int(sys.argv[2]):
    contract = ["game", "game", "seven", "hundred", "durch", "betl"][len(counts) % 6]
    tricks = rng.choice([5, 6])
    trump = None if contract in ("durch", "betl") else rng.choice(list(Suit))
    pool = [Card(i) for i in range(32)]
    mine = [Card.make(trump, Rank.SEVEN)] if contract == "seven" else []
    pool = [c for c in pool if c not in mine]
    # Strong hands (high cards, long trumps; low cards for betl), the others' at random: the
    # plan then makes some redistributions and not others, deep in the play.
    def weight(c):
        w = strength(c, trump is None) + 1
        w = 9 - w if contract == "betl" else w + (6 if c.suit == trump else 0)
        return w * w
    while len(mine) < tricks:
        card = rng.choices(pool, [weight(c) for c in pool])[0]
        pool.remove(card)
        mine.append(card)
    rng.shuffle(pool)
    data = {"hands": [str(CardSet(mine)), str(CardSet(pool[:tricks])), str(CardSet(pool[tricks:2 * tricks]))],
            "contract": contract, "actor": 0, "leader": 0}
    if trump is not None:
        data["trump"] = "hbla"[trump]
    for kind in plan_kinds(Position.from_json(data)):
        result = check_claim(hide(data), count=True, threads=1, policy=kind)
        counts.append([result.winning, result.distributions, result.proven])
print(json.dumps({"answers": counts}))
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


def _answers(home: Path, *args: int, script: str = SCRIPT) -> dict:
    env = dict(os.environ, PYTHONPATH=str(home))
    out = subprocess.run([sys.executable, "-c", script, str(ROOT / "tests"), *map(str, args)],
                         env=env, check=True, capture_output=True, text=True, cwd=home)
    return json.loads(out.stdout)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_switched_builds_agree_with_the_shipped_one(tmp_path: Path) -> None:
    deals, endgames = 28, 300
    shipped = _answers(_package(tmp_path, "shipped", []), deals, endgames)
    assert len(shipped["answers"]) == deals + endgames
    for defines in [[s] for s in SWITCHES] + [SWITCHES] + [["MR_PARTITION"]]:
        switched = _answers(_package(tmp_path, "_".join(defines), defines), deals, endgames)
        assert switched["nodes"] != shipped["nodes"], f"{defines} changed nothing: the switch is not wired"
        for i, (a, b) in enumerate(zip(switched["answers"], shipped["answers"])):
            assert a == b, f"{defines}: position {i} differs"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_the_fixed_plan_s_bounds_change_no_answer(tmp_path: Path) -> None:
    """Under the actor's fixed plan the core keeps only the quick bounds that hold for it: a
    build without quick bounds counts the same redistributions made by the plan, on endings of
    five and six tricks (deep enough for the bounds to act below the first trick)."""
    claims = 200
    shipped = _answers(_package(tmp_path, "shipped", []), claims, script=POLICY_SCRIPT)["answers"]
    plain = _answers(_package(tmp_path, "plain", ["MR_NO_QUICK_BOUNDS"]), claims, script=POLICY_SCRIPT)["answers"]
    assert shipped == plain
    # Plans that make some redistributions and not others, searched (not all proven at once):
    # the comparison can fail.
    assert sum(0 < won < total and proven < total for won, total, proven in shipped) >= 30, shipped
