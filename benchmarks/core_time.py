"""Wall-clock of two builds of the core, run in turn on the same positions: for levers that
change the time per node but not the instructions much (a prefetch), where a shared machine's
noise would swamp one run of each.

The positions are ``benchmarks/solve.py``'s deals (``--deals``, ``--seed``, ``--questions``),
written to a file once; ``benchmarks/core_time.c`` is compiled against ``cext/solver.c`` of
the working tree and of ``--old`` (a git revision), with setup.py's flags, and the two programs
run one after the other ``--rounds`` times. Each run keeps one table of 2^``--tt-log2`` entries
across the positions, as a batch does, and reports the best of ``--reps`` passes over them;
the script prints each build's runs, their median, and the nodes and answers (which must agree
where the search is meant to be the same).

    python benchmarks/core_time.py --old HEAD --deals 400 --seed 1 --questions hra-value --tt-log2 18
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["-O3", "-std=c11", "-DNDEBUG", "-mpopcnt"]


def _solve_module():
    spec = importlib.util.spec_from_file_location("bench_solve", ROOT / "benchmarks" / "solve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_positions(path: Path, questions: list[str], deals: int, seed: int) -> int:
    from analyzer import _core
    from analyzer.questions import OWN_GOAL
    from analyzer.questions import hra_question as _hra_question
    from analyzer.questions import question as _question

    bench = _solve_module()
    lines = []
    for name in questions:
        for pos in bench.positions(name, deals, seed):
            if name == "hra-value":
                asked = [(_hra_question(pos), _core.EXACT)]
            else:
                asked = [(q, q.target) for q in (_question(pos, g) for g in OWN_GOAL[pos.contract])]
            for q, target in asked:
                g = q.game(pos)
                trump, order, actor, maximiser, goal, marriage, sharp, announced, goals = g[:9]
                nseats, team, free, policy = tuple(g[9:]) + (3, 0, 0, 0)[len(g) - 9:]
                hands, trick, leader, best = q.state(pos)
                hands = list(hands) + [0] * (4 - len(hands))
                fields = [trump, order, actor, maximiser, goal, marriage, sharp, announced, nseats, team, free,
                          policy, len(goals), *[x for pair in goals for x in pair], *hands, len(trick), *trick,
                          leader, best, target]
                lines.append(" ".join(str(int(x)) for x in fields))
    path.write_text("\n".join(lines) + "\n")
    return len(lines)


def build(source_dir: Path, out: Path) -> None:
    subprocess.run(["gcc", *FLAGS, "-I", str(source_dir), str(ROOT / "benchmarks" / "core_time.c"),
                    str(source_dir / "solver.c"), "-o", str(out)], check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True, help="git revision of the build to compare with the working tree")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--questions", default="hra-value")
    ap.add_argument("--tt-log2", type=int, default=16)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        old_src = tmp_path / "old"
        old_src.mkdir()
        for name in ("solver.c", "solver.h"):
            shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{args.old}:cext/{name}"], check=False,
                                   capture_output=True, text=True)
            if shown.returncode != 0:
                print(f"core_time.py: no cext/{name} at {args.old}", file=sys.stderr)
                return 2
            (old_src / name).write_text(shown.stdout)
        builds = {"old": tmp_path / "core_old", "new": tmp_path / "core_new"}
        build(old_src, builds["old"])
        build(ROOT / "cext", builds["new"])
        positions = tmp_path / "positions.txt"
        count = write_positions(positions, args.questions.split(","), args.deals, args.seed)
        print(f"{count} positions ({args.questions}, {args.deals} deals, seed {args.seed}), "
              f"table 2^{args.tt_log2}, best of {args.reps} passes a run, {args.rounds} rounds in turn")
        seconds: dict[str, list[float]] = {"old": [], "new": []}
        tail: dict[str, str] = {}
        for _ in range(args.rounds):
            for label, exe in builds.items():
                out = subprocess.run([str(exe), str(positions), str(args.tt_log2), str(args.reps)], check=True,
                                     capture_output=True, text=True).stdout.split()
                seconds[label].append(float(out[3]))
                tail[label] = f"nodes {out[5]} answers {out[7]}"
    for label in builds:
        runs = ", ".join(f"{s * 1e3:.1f}" for s in seconds[label])
        print(f"{label}: ms {runs}; median {statistics.median(seconds[label]) * 1e3:.1f}, "
              f"best {min(seconds[label]) * 1e3:.1f}; {tail[label]}")
    ratio = statistics.median(seconds["new"]) / statistics.median(seconds["old"])
    print(f"new / old (medians): {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
