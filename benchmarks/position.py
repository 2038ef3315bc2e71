"""The position model's speed: playing a whole deal card by card and taking it back, and
reading positions with a history (JSON and the one-line notation). Python only; the solver
is not involved. Medians over random full deals (seeded: the same deals every run).

    python benchmarks/position.py --deals 200
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from randpos import random_deal

from analyzer.rules import Position


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    play, undo, to_str, from_str, from_json = [], [], [], [], []
    for _ in range(args.deals):
        deal = random_deal(rng, rng.choice(["game", "hundred", "seven", "betl", "durch"]), actor=rng.randrange(3))
        cards, position = [], deal
        while position.tricks_left:
            cards.append(rng.choice(list(position.legal_moves())))
            position = position.play(cards[-1])
        start = time.perf_counter()
        position = deal
        for card in cards:
            position = position.play(card)
        play.append((time.perf_counter() - start) / len(cards))
        middle = deal
        for card in cards[:16]:
            middle = middle.play(card)
        start = time.perf_counter()
        back = position
        while back.trick or back.played:
            back = back.undo()
        undo.append((time.perf_counter() - start) / len(cards))
        assert back == deal
        start = time.perf_counter()
        line = str(middle)
        to_str.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert Position.from_str(line) == middle
        from_str.append(time.perf_counter() - start)
        data = middle.to_json()
        start = time.perf_counter()
        Position.from_json(data)
        from_json.append(time.perf_counter() - start)
    print(f"{args.deals} random full deals, seed {args.seed}; medians")
    print(f"  play (checked), per card          {1e6 * statistics.median(play):8.1f} us")
    print(f"  undo, per card                    {1e6 * statistics.median(undo):8.1f} us")
    print(f"  str, 16 cards into the deal       {1e6 * statistics.median(to_str):8.1f} us")
    print(f"  from_str, the same (history read) {1e6 * statistics.median(from_str):8.1f} us")
    print(f"  from_json, the same               {1e6 * statistics.median(from_json):8.1f} us")


if __name__ == "__main__":
    main()
