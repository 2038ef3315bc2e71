"""Mustamaija (docs/benchmarks.md, "Mustamaija"): the exact solver on endings and the study's
throughput.

Solver: random endings (talon empty) of ``--players`` seats holding ``--cards`` cards each
(the ♠Q in one of them), a random trump (not spades) and attacker, from the whole pack; the
time of ``solve`` (the verdict, every legal move's value and the line), one core. A solve
past ``--time-limit`` or ``--max-states`` counts as undecided and at the time limit in the
median. ``--engine``: ``c`` (the default where built) or ``python``.

    python benchmarks/mustamaija.py solve --players 2 --cards 5 --positions 200 --seed 1
    python benchmarks/mustamaija.py solve --players 2 --cards 5 --positions 200 --seed 1 --engine python
    python benchmarks/mustamaija.py solve --players 4 --cards 5 --positions 10 --seed 1 --time-limit 30

Study: ``--deals`` deals per player count (seats random or hint at even odds), ``--jobs``
worker processes; wall-clock seconds and deals a second.

    python benchmarks/mustamaija.py study --deals 10000 --jobs 2
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from analyzer.mustamaija.cards import QUEEN_OF_SPADES
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.solver import solve


def ending(rng: random.Random, players: int, cards: int) -> Position:
    pack = rng.sample([c for c in range(52) if c != QUEEN_OF_SPADES], players * cards - 1) + [QUEEN_OF_SPADES]
    rng.shuffle(pack)
    hands = tuple(sum(1 << c for c in pack[i * cards:(i + 1) * cards]) for i in range(players))
    return Position(hands=hands, trump=rng.choice((0, 1, 3)), attacker=rng.randrange(players))


def bench_solve(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    times, states, undecided, engine = [], [], 0, "?"
    for _ in range(args.positions):
        p = ending(rng, args.players, args.cards)
        started = time.perf_counter()
        result = solve(p, time_limit=args.time_limit, max_states=args.max_states, engine=args.engine)
        took = time.perf_counter() - started
        if not result.exact:
            undecided += 1
            took = args.time_limit
        times.append(took)
        states.append(result.states)
        engine = result.engine
    times.sort()
    print(f"{engine}: players {args.players} cards {args.cards} positions {args.positions} seed {args.seed}: "
          f"median {statistics.median(times) * 1000:.1f} ms, p90 {times[int(0.9 * (len(times) - 1))] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms; median states {statistics.median(states):.0f}; "
          f"undecided at {args.time_limit:g} s: {undecided}")


def bench_study(args: argparse.Namespace) -> None:
    from analyzer.mustamaija.study import run_study

    for players in [int(x) for x in args.players_list.split(",")]:
        result = run_study(players, args.deals, seed=args.seed, jobs=args.jobs)
        print(f"study players {players} deals {args.deals} jobs {args.jobs}: {result.seconds:.1f} s, "
              f"{args.deals / result.seconds:.0f} deals/s, unfinished {int((result.table.loser < 0).sum())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("solve")
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--cards", type=int, default=5)
    s.add_argument("--positions", type=int, default=200)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--time-limit", type=float, default=10.0)
    s.add_argument("--max-states", type=int, default=None)
    s.add_argument("--engine", choices=("auto", "c", "python"), default="auto")
    t = sub.add_parser("study")
    t.add_argument("--players", dest="players_list", default="2,3,4,5,6")
    t.add_argument("--deals", type=int, default=10_000)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    bench_solve(args) if args.what == "solve" else bench_study(args)


if __name__ == "__main__":
    main()
