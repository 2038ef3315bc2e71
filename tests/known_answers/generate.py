"""Generate deals.json: random full deals of every contract, valued by plain_ab.c only.

    python tests/known_answers/generate.py --per-contract 24 --seed 1 --workers 1

Deal ``i`` has contract ``CONTRACTS[i % 12]`` and its own random generator,
seeded with ``"{seed}:{i}"`` (so workers can deal in parallel). A deal: 32
cards shuffled; the actor (a random seat) takes 12, the other two 10 each; the
actor chooses trump (and the side suit of two sevens) and discards two cards
to the talon by a rule of thumb (``_trump_choice``, ``_discard``: never an
ace or a ten, Czech rules). To spread the hands' strength each deal is the
best by that rule of thumb of k shuffles, k drawn from 1 to 32 (the worst, for
the defence's seven-against and hundred-against); for betl and durch the
actor's twelve are drawn tilted toward low (high) cards. A quarter of the
deals with trumps are played under the over-first marriage rule; the rule set
(and so the leader: the actor in the basic game and in betl and durch, else
forehand) is drawn, csm most often.

So that every contract has deals that make and deals that fail, each deal
first draws the verdict it wants (even odds) and redraws (at most MAX_TRIES
times) until the plain solver gives it; rare goals (two sevens and a hundred)
may still fall short.

Like oracle.py this imports nothing from ``analyzer``: the positions and their
answers owe nothing to the code they test. Same seed, same file, byte for byte.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from oracle import CONTRACTS, NO_TRUMP, RANKS, SUITS, card_index, oracle_solve

OUT = Path(__file__).with_name("deals.json")
NOTRUMP_RANKS = "789XUOKA"
MAX_TRIES = 40
SEVENS = ("seven", "hundred-seven", "two-sevens", "two-sevens-hundred")


def _sorted(cards: list[str]) -> str:
    return " ".join(sorted(cards, key=card_index))


def _trump_choice(hand: list[str], contract: str, holder: dict[str, int], actor: int) -> tuple[int, str, str | None]:
    """(score, trump, side suit): the actor's longest, strongest suit allowed by the contract."""
    best: tuple[int, str, str | None] | None = None
    for trump in SUITS:
        if contract in SEVENS and trump + "7" not in hand:
            continue
        if contract == "seven-against" and holder.get(trump + "7") in (None, actor):
            continue  # the trump seven must be in a defender's hand
        sides: list[str | None] = [None]
        if contract.startswith("two-sevens"):
            sides = [s for s in SUITS if s != trump and s + "7" in hand]
        for side in sides:
            trumps = [c for c in hand if c[0] == trump]
            score = (6 * len(trumps) + sum(RANKS.index(c[1]) for c in trumps)
                     + 10 * sum(c[1] in "XA" for c in hand)
                     + 8 * sum(s + "K" in hand and s + "O" in hand for s in SUITS)
                     + (4 * len([c for c in hand if c[0] == side]) if side else 0))
            if best is None or score > best[0]:
                best = (score, trump, side)
    if best is None:
        return (-10**6, "", None)
    return best


def _discard(hand: list[str], contract: str, trump: str | None, side: str | None) -> list[str]:
    """Two cards to the talon: betl the highest, durch the lowest; with trumps the lowest cards
    outside trumps, never an ace or a ten (the Czech rules forbid it) nor an announced seven."""
    if contract in NO_TRUMP:
        order = sorted(hand, key=lambda c: NOTRUMP_RANKS.index(c[1]))
        return order[-2:] if "betl" in contract else order[:2]
    keep = {trump + "7"} | ({side + "7"} if side else set()) if contract in SEVENS else set()
    candidates = [c for c in hand if c[1] not in "XA" and c not in keep]
    candidates.sort(key=lambda c: (c[0] == trump, RANKS.index(c[1])))
    return candidates[:2]


def _weighted_sample(rng: random.Random, cards: list[str], weights: list[float], n: int) -> list[str]:
    """n of ``cards`` without replacement, each draw in proportion to the weights left."""
    cards, weights, out = list(cards), list(weights), []
    for _ in range(n):
        i = rng.choices(range(len(cards)), weights)[0]
        out.append(cards.pop(i))
        weights.pop(i)
    return out


def _candidate(rng: random.Random, contract: str, actor: int, tilt: float) -> tuple[int, dict[str, Any]] | None:
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    if contract in NO_TRUMP:
        # Betl wants low cards, durch high ones: tilt the actor's draw toward them.
        sign = -1 if "betl" in contract else 1
        weights = [math.exp(sign * tilt * NOTRUMP_RANKS.index(c[1])) for c in cards]
        mine = _weighted_sample(rng, cards, weights, 12)
        cards = mine + [c for c in cards if c not in mine]
    hands: list[list[str]] = [[], [], []]
    hands[actor] = cards[:12]
    others = [s for s in range(3) if s != actor]
    hands[others[0]], hands[others[1]] = cards[12:22], cards[22:32]
    holder = {c: s for s in range(3) for c in hands[s]}
    trump = side = None
    if contract in NO_TRUMP:
        kept = sorted(hands[actor], key=lambda c: NOTRUMP_RANKS.index(c[1]))
        kept = kept[:10] if "betl" in contract else kept[2:]
        strength = sum(NOTRUMP_RANKS.index(c[1]) for c in kept)
        score = -strength if "betl" in contract else strength
    else:
        score, trump, side = _trump_choice(hands[actor], contract, holder, actor)
        if not trump:
            return None
    talon = _discard(hands[actor], contract, trump, side)
    if len(talon) < 2:
        return None
    hands[actor] = [c for c in hands[actor] if c not in talon]
    position: dict[str, Any] = {"hands": [_sorted(h) for h in hands], "talon": _sorted(talon),
                                "contract": contract, "trump": trump}
    if side:
        position["side_suit"] = side
    position["actor"] = actor
    return score, position


def deal(seed: int, index: int) -> dict[str, Any]:
    """Deal number ``index`` (its contract: the index's turn in CONTRACTS), from its own seed.

    The verdict is drawn first (makes or fails, even odds) and deals are drawn until the
    plain solver gives it (at most MAX_TRIES), so that every contract has deals of both kinds."""
    contract = CONTRACTS[index % len(CONTRACTS)]
    rng = random.Random(f"{seed}:{index}")
    want = rng.random() < 0.5
    for _ in range(MAX_TRIES):
        position = _draw(rng, contract)
        if oracle_solve(position)["makes"] == want:
            break
    return position


def _draw(rng: random.Random, contract: str) -> dict[str, Any]:
    actor = rng.randrange(3)
    rules = rng.choice(["csm", "csm", "csm", "basic", "licit"])
    over_first = contract not in NO_TRUMP and rng.random() < 0.25
    k = rng.choice([1, 2, 4, 8, 16, 32])
    tilt = rng.choice([0.0, 0.5, 1.0, 1.5])
    best: tuple[int, dict[str, Any]] | None = None
    tries = 0
    while best is None or tries < k:
        candidate = _candidate(rng, contract, actor, tilt)
        if candidate is None:
            continue
        tries += 1
        # The defence's goals want a weak actor: the worst of k then.
        score = -candidate[0] if contract in ("seven-against", "hundred-against") else candidate[0]
        if best is None or score > best[0]:
            best = (score, candidate[1])
    position = best[1]
    position["rules"] = rules
    position["leader"] = actor if (rules == "basic" or contract in NO_TRUMP) else 0
    position["marriage_rule"] = "over-first" if over_first else "czech"
    return position


ANSWER_KEYS = ("makes", "components", "actor_points", "defence_points", "hra_value", "card_values")


def value(position: dict[str, Any]) -> dict[str, Any]:
    """The pinned answers of one position (and the plain search's node count)."""
    result = oracle_solve(position, card_values=True)
    return {"position": position, "answers": {k: result[k] for k in ANSWER_KEYS}, "plain_nodes": result["nodes"]}


def make(task: tuple[int, int]) -> dict[str, Any]:
    """Deal ``index`` of ``seed`` and its answers (one unit of work for the pool)."""
    seed, index = task
    return value(deal(seed, index))


def dumps(header: dict[str, Any], deals: list[dict[str, Any]]) -> str:
    """One deal a line: a changed answer shows as a one-line diff."""
    lines = [json.dumps({"id": i, **d}, ensure_ascii=False, separators=(",", ":")) for i, d in enumerate(deals)]
    head = json.dumps(header, ensure_ascii=False)
    return head[:-1] + ', "deals": [\n' + ",\n".join(lines) + "\n]}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-contract", type=int, default=24, help="deals of each of the 12 contracts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes valuing deals in parallel")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    todo = [(args.seed, i) for i in range(args.per_contract * len(CONTRACTS))]
    if args.workers > 1:
        with Pool(args.workers) as pool:
            deals = pool.map(make, todo, chunksize=1)
    else:
        deals = [make(t) for t in todo]
    header = {"generated_by": f"python tests/known_answers/generate.py --per-contract {args.per_contract} "
                              f"--seed {args.seed}",
              "solver": "tests/known_answers/plain_ab.c", "seed": args.seed, "per_contract": args.per_contract}
    args.out.write_text(dumps(header, deals), encoding="utf-8")
    seconds = time.perf_counter() - start
    nodes = sum(d["plain_nodes"] for d in deals)
    print(f"{len(deals)} deals in {seconds:.1f} s ({nodes / 1e6:.0f} M plain nodes), written to {args.out}")
    for contract in CONTRACTS:
        rows = [d for d in deals if d["position"]["contract"] == contract]
        made = sum(d["answers"]["makes"] for d in rows)
        print(f"  {contract:20s} {len(rows):3d} deals, makes {made:3d}")


if __name__ == "__main__":
    main()
