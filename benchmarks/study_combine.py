"""A study's final combine alone (issue 38): the main process's memory while the parts of a
million-deal study become its table, in minutes instead of the half hour of a real study.

Four real chunks are analysed once (``analyse_chunk``, uniform dealer, ``shape``); each repeat is
a fresh process that lives the main process's chunk phase (every part received as a pickled
frame, as the workers send it, its deals renumbered, written with ``Parts.write``) and then runs
``Parts.combine(n, table=False)`` as ``marias study`` does. It prints the resident set at the
first part (the start ``benchmarks/study_memory.py`` measures from), before the combine, and
the combine's peak (VmHWM, reset before it: every peak counted, not only sampled ones), with
the combine's CPU seconds; then the medians.

    python benchmarks/study_combine.py --deals 1000000 --repeat 3
"""
from __future__ import annotations

import argparse
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEMPLATES = 4


def status(key: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    raise SystemExit(f"no {key} in /proc/self/status (Linux only)")


def child(folder: Path, n: int, chunk: int) -> None:
    """One main process: the parts written as the chunk phase writes them, then the combine."""
    from analyzer.dealing import Dealer
    from analyzer.study.spec import Study, parse_analyses
    from analyzer.study.storage import Parts

    dealer = Dealer.parse("uniform", "csm")
    study = Study(dealer, n, 1, parse_analyses("shape", dealer.packets))
    parts = Parts(folder / "table.parquet", study)
    parts.open()
    first = None
    for k, a in enumerate(range(0, n, chunk)):
        b = min(n, a + chunk)
        # as a worker's rows arrive: pickled bytes, read one chunk at a time
        frame = pickle.loads((folder / f"template{k % TEMPLATES}.pickle").read_bytes()).iloc[:b - a].copy()
        frame["deal"] = range(a, b)
        parts.write(a, b, frame)
        del frame
        if first is None:
            first = status("VmRSS")
    before = status("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")  # VmHWM from here: the combine's own peak
    cpu = time.process_time()
    parts.combine(n, table=False)
    print(json.dumps({"first": first, "before": before, "peak": status("VmHWM"),
                      "cpu": time.process_time() - cpu}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--chunk", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child), args.deals, args.chunk)
        return

    from analyzer.dealing import Dealer
    from analyzer.study.analyses import analyse_chunk
    from analyzer.study.spec import Study, parse_analyses

    dealer = Dealer.parse("uniform", "csm")
    study = Study(dealer, TEMPLATES * args.chunk, 1, parse_analyses("shape", dealer.packets))
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        templates = Path(tmp) / "templates"
        templates.mkdir()
        for k in range(TEMPLATES):
            rows = analyse_chunk(study, k * args.chunk, (k + 1) * args.chunk)
            (templates / f"template{k}.pickle").write_bytes(pickle.dumps(rows))
        for r in range(args.repeat):
            folder = Path(tmp) / f"run{r}"
            folder.mkdir()
            for k in range(TEMPLATES):
                (folder / f"template{k}.pickle").write_bytes((templates / f"template{k}.pickle").read_bytes())
            out = subprocess.run([sys.executable, __file__, "--child", str(folder), "--deals", str(args.deals),
                                  "--chunk", str(args.chunk)], capture_output=True, text=True, check=False)
            if out.returncode != 0:
                raise SystemExit(f"the combine failed: {out.stderr.strip()[-500:]}")
            run = json.loads(out.stdout.splitlines()[-1])
            runs.append(run)
            print(f"run {r + 1}: RSS {run['first']:.1f} MiB at the first part, {run['before']:.1f} before the "
                  f"combine, peak {run['peak']:.1f} (+{run['peak'] - run['first']:.1f} over the first part), "
                  f"combine {run['cpu']:.2f} s CPU")
    over = statistics.median(run["peak"] - run["first"] for run in runs)
    cpu = statistics.median(run["cpu"] for run in runs)
    print(f"{args.deals} deals in parts of {args.chunk}, {len(runs)} runs: the combine's peak over the first "
          f"part, median +{over:.1f} MiB (goal: within 20 MB); its CPU, median {cpu:.2f} s")


if __name__ == "__main__":
    main()
