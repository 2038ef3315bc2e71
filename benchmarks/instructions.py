"""The C core's instruction count on a fixed load, under callgrind: a judge of the cost per node
that, unlike time on a shared machine, repeats to the instruction.

Runs ``benchmarks/solve.py`` (one by one, no batch) under ``valgrind --tool=callgrind`` and
prints the instructions of each function of ``cext/*.c`` (self cost, largest first), their
sum, the entry points' inclusive count (which adds what the core calls in the C library, such
as ``memcpy``: the figure to compare), and the benchmark's own lines (node counts). Build the
two versions to compare in two trees and run this in each.

    python benchmarks/instructions.py --deals 200 --seed 1 --questions hra-value,hra-wins,sedma
    python benchmarks/instructions.py --tysiacha --deals 200 --seed 1

With ``--tysiacha`` it runs ``benchmarks/tysiacha.py solve`` instead (Tysiacha's exact totals of
full deals, cext/tysiacha.c) and the entry point counted is ``ty_value``.

Needs valgrind (``apt-get install valgrind``); about 30 s for the load above (28 s measured).
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# "  1,234,567 (12.34%)  /path/cext/solver.c:gen_moves [/path/_core...so]"
# The searches the benchmark calls (never one another), not the context's set-up.
ENTRY = re.compile(r":mr_(search|value)$")
TY_ENTRY = re.compile(r":ty_value$")
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S*cext/\w+\.c):(\S+)")


def core_functions(annotated: str) -> dict[str, int]:
    """Self instructions per core function (``file.c:function``) from callgrind_annotate's
    function table (its first one; later tables repeat the functions per file)."""
    out: dict[str, int] = {}
    for line in annotated.splitlines():
        m = LINE.match(line)
        if m and "=>" not in line:
            name = f"{Path(m.group(2)).name}:{m.group(3)}"
            out.setdefault(name, int(m.group(1).replace(",", "")))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--questions", default="hra-value,hra-wins,sedma")
    ap.add_argument("--tysiacha", action="store_true", help="Tysiacha's exact totals (benchmarks/tysiacha.py solve)")
    args = ap.parse_args()
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        print("instructions.py: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        if args.tysiacha:
            bench = [sys.executable, str(ROOT / "benchmarks" / "tysiacha.py"), "solve", "--deals", str(args.deals),
                     "--seed", str(args.seed)]
        else:
            bench = [sys.executable, str(ROOT / "benchmarks" / "solve.py"), "--deals", str(args.deals),
                     "--seed", str(args.seed), "--no-batch", "--questions", args.questions]
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *bench],
                             check=False, capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr[-2000:], file=sys.stderr)
            return 1
        annotated = subprocess.run(["callgrind_annotate", str(out)], check=True, capture_output=True,
                                   text=True).stdout
        inclusive = subprocess.run(["callgrind_annotate", "--inclusive=yes", str(out)], check=True,
                                   capture_output=True, text=True).stdout
    print(run.stdout.rstrip())
    functions = core_functions(annotated)
    if not functions:
        print("instructions.py: no core function in the profile (is the extension built from cext/?)",
              file=sys.stderr)
        return 1
    print()
    for name, count in sorted(functions.items(), key=lambda kv: -kv[1]):
        print(f"{count / 1e6:12.1f} M  {name}")
    print(f"{sum(functions.values()) / 1e6:12.1f} M  core in all")
    # The self costs above leave out what the core calls in the C library (memcpy, longjmp):
    # the entry points' inclusive costs count it too.
    entry = TY_ENTRY if args.tysiacha else ENTRY
    entries = {name: count for name, count in core_functions(inclusive).items() if entry.search(name)}
    print(f"{sum(entries.values()) / 1e6:12.1f} M  entry points, inclusive ({', '.join(sorted(entries))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
