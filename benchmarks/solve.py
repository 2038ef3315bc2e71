"""Solver speed on random full deals, one core.

Forehand is the actor: he is dealt 12 cards and discards two that are not
aces or tens (nor the trump seven), the others get 10 each; the trump is
random among the suits he holds (for sedma: a suit whose seven he holds).
Each question is timed on its own, through the public ``Solver`` API; then the
same deals go through the batch entry point (``analyzer.batch.run_batch``: one
call into C per chunk of worlds), on one thread and on every core, as worlds
per second.

Four players (``--four``, docs/benchmarks.md "Four players"): full deals of 8
cards each; forehand acts, chooses trumps among his first four cards and calls
a trump rank he does not hold among them: its holder partners him (2 v 2), or
he is alone (1 v 3) when it came in his second four. Betl and durch: forehand
alone, any deal; durch with the wise one (``4p-wise-durch``) the same deals.
Two players (``2p-``): the endgame once the stock is gone, two random hands of
8, a random trump, the non-dealer acts and leads, marriages declared with the
over.

    python benchmarks/solve.py --deals 2000 --seed 1
    python benchmarks/solve.py --deals 1000 --seed 1 --four --no-batch
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import numpy as np

from analyzer.batch import EXACT, _searches, default_threads, hands_array, run_batch
from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.rules import Position
from analyzer.solver import Solver, questions

QUESTIONS = ("hra-value", "hra-wins", "sedma", "betl", "durch")
FOUR_QUESTIONS = ("4p-2v2-value", "4p-1v3-value", "4p-2v2-wins", "4p-betl", "4p-durch", "4p-wise-durch", "2p-value",
                  "2p-wins")


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


def position4(rng: random.Random, question: str) -> Position:
    """A full four-player deal, or a two-player endgame, for a FOUR_QUESTIONS question (see the
    module's docstring)."""
    if question.startswith("2p-"):
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        return Position.from_json({"players": 2, "hands": [str(CardSet(cards[:8])), str(CardSet(cards[8:16]))],
                                   "trump": rng.choice(list(Suit)).token, "contract": "game"})
    contract = {"4p-betl": "betl", "4p-durch": "durch", "4p-wise-durch": "durch"}.get(question, "game")
    while True:
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        # dealt 4 each, then 4 each: seat s gets cards[4s:4s+4] and cards[16+4s:20+4s]
        hands = [CardSet(cards[4 * s:4 * s + 4] + cards[16 + 4 * s:20 + 4 * s]) for s in range(4)]
        data: dict = {"players": 4, "hands": [str(h) for h in hands], "contract": contract}
        if question == "4p-wise-durch":
            data["partner"] = "wise"  # durch with the wise one: the last trick does not count
        if contract == "game":
            first = cards[:4]
            trump = rng.choice(sorted({c.suit for c in first}))
            called = rng.choice([Card.make(trump, r) for r in Rank if Card.make(trump, r) not in first])
            if (called in hands[0]) != (question == "4p-1v3-value"):
                continue
            data.update(trump=trump.token, partner=str(called))
        return Position.from_json(data)


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def positions(question: str, deals: int, seed: int) -> list[Position]:
    rng = random.Random(f"{seed}-{question}")
    make = position4 if question[:3] in ("4p-", "2p-") else position
    return [make(rng, question) for _ in range(deals)]


def one_by_one(question: str, deals: list[Position], tt_log2: int) -> tuple[list[float], list[int], int]:
    """(seconds, nodes) per deal through the public API, and how many said yes."""
    solver = Solver(tt_log2)
    times, counts, yes = [], [], 0
    for pos in deals:
        start = time.perf_counter()
        exact = question.endswith("-value")
        answer = solver.hra_value(pos) if exact else solver.makes(pos)
        times.append(time.perf_counter() - start)
        counts.append(solver.nodes)
        yes += bool(answer) if not exact else 0
    return times, counts, yes


def signature(question: str, deals: int, seed: int, tt_log2: int = 16) -> list[int]:
    """The search's node counts on a fixed set of deals (tests/test_node_signature.py pins them)."""
    return one_by_one(question, positions(question, deals, seed), tt_log2)[1]


def batches(question: str, deals: list[Position]) -> list[tuple[list, tuple, np.ndarray, np.ndarray]]:
    """The deals as batches of worlds: one per core game (the trump differs between deals), each
    world with its own target (the talon's points move the hra's)."""
    groups: dict[tuple, list[Position]] = defaultdict(list)
    for pos in deals:
        q = questions(pos)["seven" if question == "sedma" else pos.contract.components[0]]
        groups[q.game(pos), q.state(pos)[1:]].append(pos)
    out = []
    for (game, rest), group in groups.items():
        name = "seven" if question == "sedma" else group[0].contract.components[0]
        targets = [[EXACT if question == "hra-value" else questions(p)[name].target] for p in group]
        state = (tuple(h.mask for h in group[0].hands), *rest)
        hands = hands_array([[h.mask for h in p.hands] for p in group])
        out.append(([(game, 0)], state, hands, np.array(targets, np.int16)))
    return out


def batch_rate(work: list, threads: int, tt_log2: int) -> tuple[float, int]:
    """Worlds per second through run_batch (best of three runs, each from empty tables), and the nodes."""
    worlds = sum(len(hands) for _, _, hands, _ in work)
    best, nodes = float("inf"), 0
    for _ in range(3):
        for search in _searches(tt_log2, threads):  # the batch keeps its tables: start each run afresh
            search.clear()
        seconds, nodes = 0.0, 0
        for qs, state, hands, targets in work:
            result = run_batch(qs, state, hands, targets, threads=threads, tt_log2=tt_log2)
            seconds += result.seconds
            nodes += result.nodes
        best = min(best, seconds)
    return worlds / best, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tt-log2", type=int, default=16)
    parser.add_argument("--questions", default=",".join(QUESTIONS))
    parser.add_argument("--no-batch", action="store_true", help="skip the batch entry point's table")
    parser.add_argument("--four", action="store_true", help="four-player full deals instead (FOUR_QUESTIONS)")
    args = parser.parse_args()
    wanted = args.questions.split(",") if not args.four else list(FOUR_QUESTIONS)

    # The node counts are the search's signature: repeatable for a given seed and
    # table size, whatever else the machine is doing. Quote them when the search changes.
    print(f"{'question':<13} {'deals':>6} {'median ms':>10} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'nodes/s':>10} {'yes %':>6} {'nodes median':>13} {'nodes total':>12}")
    for question in wanted:
        times, counts, yes = one_by_one(question, positions(question, args.deals, args.seed), args.tt_log2)
        times.sort()
        total = sum(times)
        nodes = sum(counts)
        print(f"{question:<13} {len(times):>6} {statistics.median(times) * 1e3:>10.3f} "
              f"{percentile(times, 0.90) * 1e3:>8.3f} {percentile(times, 0.99) * 1e3:>8.3f} "
              f"{times[-1] * 1e3:>8.2f} {nodes / total:>10.0f} "
              f"{'' if question.endswith('-value') else f'{100 * yes / len(times):.0f}':>6} "
              f"{statistics.median(counts):>13.0f} {nodes:>12}")
    if args.no_batch or args.four:
        return
    cores = default_threads()
    print(f"\nbatch entry point (run_batch, table 2^{args.tt_log2} per thread, best of 3): worlds per second")
    print(f"{'question':<10} {'worlds':>7} {'1 thread':>10} {f'{cores} threads':>11} {'per core %':>11} "
          f"{'nodes':>12}")
    for question in wanted:
        work = batches(question, positions(question, args.deals, args.seed))
        one, nodes = batch_rate(work, 1, args.tt_log2)
        many, _ = batch_rate(work, cores, args.tt_log2)
        print(f"{question:<10} {args.deals:>7} {one:>10.0f} {many:>11.0f} {100 * many / one / cores:>11.0f} "
              f"{nodes:>12}")


if __name__ == "__main__":
    main()
