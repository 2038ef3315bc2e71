"""The CPU the actor's advice spends on its payments (``analyzer.advice.money``), issue 32.

Runs the actor's view on hands ``--hands`` of ``benchmarks/advice.py``'s deal (seed 1: the
hands 1 and 2 of ``advice.py --view actor --hands 5 --seed 1``) on one thread, ``--worlds``
confirmation worlds, and prints the process's CPU time, the CPU time inside ``Pricer.prices``
(its calls, and the results it settled), then the CPU of settling those results again,
``--passes`` times (min and median of a pass): what one settlement costs, apart from the rest.
CPU time, not wall time: the machine is shared. Run it in two trees to compare (the old one with
``PYTHONPATH`` set to it).

    python benchmarks/money.py --hands 1,2 --seed 1
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import advice as bench  # noqa: E402  (benchmarks/advice.py: its deal)

import analyzer.advice.money as money  # noqa: E402
from analyzer.advice.actor import actor_view  # noqa: E402
from analyzer.scoring import parse_result, settle  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1,2", help="indices into advice.py's hands of this seed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=600)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    chosen = [int(h) for h in args.hands.split(",")]
    rng = random.Random(args.seed)
    hands = [bench.deal(rng)[0] for _ in range(max(chosen) + 1)]

    spent = [0.0, 0]
    settled: list[tuple[Any, str, dict[str, Any]]] = []
    prices, real_settle = money.Pricer.prices, money.settle

    def timed(self: money.Pricer, *a: Any, **k: Any) -> Any:
        start = time.process_time()
        try:
            return prices(self, *a, **k)
        finally:
            spent[0] += time.process_time() - start
            spent[1] += 1

    def recorded(result: Any, rules: str, /, **options: Any) -> Any:
        settled.append((result, rules, options))
        return real_settle(result, rules, **options)

    money.Pricer.prices = timed  # type: ignore[method-assign]
    money.settle = recorded  # type: ignore[assignment]
    start = time.process_time()
    for i in chosen:
        actor_view(hands[i], seed=i, jobs=1, worlds=args.worlds)
    total = time.process_time() - start
    money.Pricer.prices, money.settle = prices, real_settle  # type: ignore[method-assign]
    print(f"hands {args.hands}, seed {args.seed}, {args.worlds} worlds, 1 thread: CPU {total:.2f} s, "
          f"in Pricer.prices {spent[0]:.3f} s ({100 * spent[0] / total:.1f} %), {spent[1]} calls, "
          f"{len(settled)} results settled")
    # the results as JSON again, so that an older tree's parse is timed too
    data = [(result.to_json(), rules, options) for result, rules, options in settled]
    times = []
    for _ in range(args.passes):
        start = time.process_time()
        for result, rules, options in data:
            settle(parse_result(result), rules, **options)
        times.append(time.process_time() - start)
    print(f"parse and settle the {len(data)} results again: CPU min {min(times):.3f} s, "
          f"median {statistics.median(times):.3f} s a pass ({args.passes} passes)")


if __name__ == "__main__":
    main()
