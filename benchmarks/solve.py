"""Solver speed on random full deals, one core.

Forehand is the actor: he is dealt 12 cards and discards two that are not
aces or tens (nor the trump seven), the others get 10 each; the trump is
random among the suits he holds (for sedma: a suit whose seven he holds).
Each question is timed on its own, through the public ``Solver`` API.

    python benchmarks/solve.py --deals 2000 --seed 1
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.rules import Position
from analyzer.solver import Solver


def deal(rng: random.Random) -> tuple[list[Card], list[Card], list[Card]]:
    cards = [Card(i) for i in range(32)]
    rng.shuffle(cards)
    return cards[:12], cards[12:22], cards[22:32]


def discard(rng: random.Random, twelve: list[Card], keep: Card | None) -> tuple[CardSet, CardSet]:
    candidates = [c for c in twelve if c.points == 0 and c != keep]
    talon = rng.sample(candidates, 2)
    return CardSet([c for c in twelve if c not in talon]), CardSet(talon)


def position(rng: random.Random, question: str) -> Position:
    while True:
        actor, zadak, dealer = deal(rng)
        trump: Suit | None = None
        if question in ("hra-value", "hra-wins"):
            trump = rng.choice(sorted({c.suit for c in actor}))
        elif question == "sedma":
            sevens = [c.suit for c in actor if c.rank == Rank.SEVEN]
            if not sevens:
                continue
            trump = rng.choice(sevens)
        keep = Card.make(trump, Rank.SEVEN) if question == "sedma" else None
        hand, talon = discard(rng, actor, keep)
        contract = {"hra-value": "game", "hra-wins": "game", "sedma": "seven"}.get(question, question)
        return Position.from_json({
            "hands": [str(hand), str(CardSet(zadak)), str(CardSet(dealer))],
            "trump": None if trump is None else trump.token,
            "contract": contract,
            "actor": 0,
            "talon": str(talon),
        })


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tt-log2", type=int, default=16)
    parser.add_argument("--questions", default="hra-value,hra-wins,sedma,betl,durch")
    args = parser.parse_args()

    # The node counts are the search's signature: repeatable for a given seed and
    # table size, whatever else the machine is doing. Quote them when the search changes.
    print(f"{'question':<10} {'deals':>6} {'median ms':>10} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'nodes/s':>10} {'yes %':>6} {'nodes median':>13} {'nodes total':>12}")
    for question in args.questions.split(","):
        rng = random.Random(f"{args.seed}-{question}")
        positions = [position(rng, question) for _ in range(args.deals)]
        solver = Solver(args.tt_log2)
        times, counts, yes = [], [], 0
        for pos in positions:
            start = time.perf_counter()
            answer = solver.hra_value(pos) if question == "hra-value" else solver.makes(pos)
            times.append(time.perf_counter() - start)
            counts.append(solver.nodes)
            yes += bool(answer) if question != "hra-value" else 0
        times.sort()
        total = sum(times)
        nodes = sum(counts)
        print(f"{question:<10} {len(times):>6} {statistics.median(times) * 1e3:>10.3f} "
              f"{percentile(times, 0.90) * 1e3:>8.3f} {percentile(times, 0.99) * 1e3:>8.3f} "
              f"{times[-1] * 1e3:>8.2f} {nodes / total:>10.0f} "
              f"{'' if question == 'hra-value' else f'{100 * yes / len(times):.0f}':>6} "
              f"{statistics.median(counts):>13.0f} {nodes:>12}")


if __name__ == "__main__":
    main()
