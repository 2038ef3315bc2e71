"""A study's main-process memory against its number of deals (issue 38): ``marias study`` run as
its own process, its resident set size (VmRSS, from /proc) read every ``--every`` seconds.

The chunk phase runs from the first part file written until every deal's part exists; its RSS
should stay flat (the goal: within 20 MB of its value at the first part, however many deals),
since each finished chunk's rows are written and dropped and only a few chunks are handed to
the workers at a time. The final combine copies the parts' rows into the table a batch at a time
(``run_study(table=False)``, as ``marias study`` does); its peak is reported apart, and the peak
from the first part to the end as the kernel counts it (VmHWM, reset at the first part), which
sees what happens between two samples.

    python benchmarks/study_memory.py --deals 1000000 --jobs 2
    python benchmarks/study_memory.py --deals 100000 --jobs 2 --analyses hra --chunk 1000
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def rss_mib(pid: int, key: str = "VmRSS") -> float | None:
    """The process's resident set (VmRSS), or its peak since the last reset (VmHWM), in MiB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def reset_peak(pid: int) -> bool:
    """Start the process's VmHWM again from its RSS now (Linux 4.0+, the same user): the peaks
    between two samples are then seen too."""
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def parts_done(parts: Path) -> int:
    """Deals in the part files written so far (their names say their ranges)."""
    total = 0
    for part in parts.glob("*.parquet"):
        a, b = part.stem.split("-")
        total += int(b) - int(a)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--analyses", default="shape")
    parser.add_argument("--chunk", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=float, default=0.25)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        output = Path(tmp) / "memory.parquet"
        parts = output.with_name(output.name + ".parts")
        command = [sys.executable, "-m", "analyzer", "study", "--n", str(args.deals), "--jobs", str(args.jobs),
                   "--analyses", args.analyses, "--seed", str(args.seed), "--quiet", "-o", str(output)]
        if args.chunk:
            command += ["--chunk", str(args.chunk)]
        started = time.perf_counter()
        process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        first = chunk_peak = combine_peak = peak = None
        samples: list[tuple[float, int, float]] = []
        combining = reset = False
        while process.poll() is None:
            rss = rss_mib(process.pid)
            done = parts_done(parts) if parts.exists() else 0
            if rss is not None:
                samples.append((time.perf_counter() - started, done, rss))
                if not combining and done >= args.deals:
                    combining = True
                if combining:
                    combine_peak = max(combine_peak or 0.0, rss)
                elif done > 0:
                    if first is None:
                        first, reset = rss, reset_peak(process.pid)
                    chunk_peak = max(chunk_peak or 0.0, rss)
                hwm = rss_mib(process.pid, "VmHWM") if reset else None
                if reset:  # the last VmHWM read before the process ended, or a later sample
                    peak = max(peak or 0.0, rss, hwm or 0.0)
            time.sleep(args.every)
        seconds = time.perf_counter() - started
        err = process.stderr.read() if process.stderr else ""
        if process.returncode != 0:
            raise SystemExit(f"the study failed ({process.returncode}): {err.strip()}")
    print(" ".join(command[1:]).replace(str(output), "OUT.parquet"))
    print(f"{args.deals} deals in {seconds:.1f} s, {len(samples)} samples of the main process's RSS")
    step = max(1, len(samples) // 12)
    for t, done, rss in samples[::step]:
        print(f"  {t:7.1f} s  {done:9d} deals in parts  {rss:7.1f} MiB")
    if first is None or chunk_peak is None:
        print("no sample fell in the chunk phase (too short: lower --every)")
        return
    print(f"chunk phase: RSS {first:.1f} MiB at the first part, at most {chunk_peak:.1f} MiB "
          f"(+{chunk_peak - first:.1f} MiB; goal: within 20 MB)")
    if combine_peak is not None:
        print(f"final combine (part by part): peak {combine_peak:.1f} MiB in the samples")
    if peak is not None:
        print(f"highest RSS from the first part to the last sample (VmHWM, between samples too): {peak:.1f} MiB "
              f"(+{peak - first:.1f} MiB over the first part; goal: within 20 MB)")


if __name__ == "__main__":
    main()
