"""Speed of the laid-down check (``analyzer.claims.check_claim``) at trick 1, one core.

Forehand is the actor and leads: he is dealt 12 cards and discards two that are
not aces or tens (nor, for sedma, the trump seven): at random for hra and sedma,
the highest for betl and the lowest for durch (in their order, 7 8 9 X U O K A);
his 10 cards face 20 unseen ones, 184,756 redistributions. Trump: random among
his suits (sedma: among the suits whose seven he holds). Two sets of hands per
contract:

- strong: hands that make it on at least 90 % of 50 sampled redistributions
  (the hands people claim);
- random: any hand.

Each check is timed on its own (reading the claim JSON aside), with a fresh
``Solver`` of 2^22 entries (128 MiB, the default of ``check_claim``; allocating
it is not timed: a process does it once). A check still running after
``--time-limit`` seconds is stopped and counted at the limit (then "stopped"
says how many).

    python benchmarks/claims.py --hands 20 --seed 1

With ``--strict`` it times the strict check (laid down without seeing,
``analyzer.strict``) instead, on hands that pass the open-handed check: strong
hands at trick 1 (forehand on lead), and at trick 5: the same kind of deal
played four tricks by the open-hand solver (each side keeping its goal when it
can), kept when forehand is on lead (betl: whoever leads, he never does) and the claim of what he has seen (the
played tricks, ``consistent``) passes the open-handed check. Per contract and
trick: median and max seconds (a check stopped at ``--strict-limit`` counts at
the limit, as a miss), how many were undecided, and the share of open-handed
"laid down" verdicts that strict overturns. One thread, unless ``--threads``
(0: every core, the strict check's own default).

    python benchmarks/claims.py --strict --hands 40 --seed 1 --strict-limit 60
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from analyzer.cards import NOTRUMP_ORDER, Card, CardSet, Rank, Suit
from analyzer.claims import (
    TT_LOG2,
    ClaimTimeout,
    check_claim,
    claim_components,
    read_claim,
)
from analyzer.rules import Position
from analyzer.solver import Solver

CONTRACTS = {"hra": "game", "sedma": "seven", "betl": "betl", "durch": "durch"}


def deal_position(rng: random.Random, contract: str) -> Position:
    """A forehand actor's 10 cards after the discard, with the others' real hands."""
    while True:
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        twelve, zadak, dealer = cards[:12], cards[12:22], cards[22:]
        trump: Suit | None = None
        if contract == "game":
            trump = rng.choice(sorted({c.suit for c in twelve}))
        elif contract == "seven":
            sevens = [c.suit for c in twelve if c.rank == Rank.SEVEN]
            if not sevens:
                continue
            trump = rng.choice(sevens)
        keep = Card.make(trump, Rank.SEVEN) if contract == "seven" else None
        candidates = [c for c in twelve if c.points == 0 and c != keep]
        if contract in ("betl", "durch"):
            # Betl lays away its highest cards, durch its lowest (in their order: 7 8 9 X U O K A).
            candidates.sort(key=lambda c: NOTRUMP_ORDER.index(c.rank), reverse=contract == "betl")
            talon = candidates[:2]
        else:
            talon = rng.sample(candidates, 2)
        hand = CardSet(c for c in twelve if c not in talon)
        return Position.from_json({
            "hands": [str(hand), str(CardSet(zadak)), str(CardSet(dealer))],
            "trump": None if trump is None else trump.token,
            "contract": contract,
            "actor": 0,
            "talon": str(CardSet(talon)),
        })


def claim_json(position: Position) -> dict:
    """The claim as the actor sees it: his hand, the talon; the defenders hidden."""
    data = position.to_json()
    data["hands"] = [data["hands"][0], None, None]
    return data


def is_strong(position: Position, rng: random.Random, solver: Solver, samples: int) -> bool:
    """Does the actor make it on at least 90 % of ``samples`` random redistributions? (Stops
    as soon as too many have failed: the same verdict, sooner.)"""
    unseen = list(position.hands[1] | position.hands[2])
    allowed = samples - math.ceil(0.9 * samples)
    failed = 0
    for _ in range(samples):
        rng.shuffle(unseen)
        hands = (position.hands[0], CardSet(unseen[:10]), CardSet(unseen[10:]))
        failed += not solver.makes(position.replace(hands=hands))
        if failed > allowed:
            return False
    return True


def hands_for(rng: random.Random, contract: str, strong: bool, n: int, samples: int) -> list[Position]:
    solver = Solver(18)
    out = []
    while len(out) < n:
        position = deal_position(rng, contract)
        if not strong or is_strong(position, rng, solver, samples):
            out.append(position)
    return out


def play_four_tricks(position: Position, solver: Solver) -> tuple[Position, list[list[str]]] | None:
    """Four tricks by the open-hand solver, each side keeping its goal when it can; None when
    the play ends early (never here: ten tricks)."""
    from analyzer.strict import advance

    names = claim_components(position.contract)
    played: list[list[str]] = []
    trick: list[str] = []
    for _ in range(12):
        values = solver.card_values(position)
        mover_wants = position.to_move == position.actor
        keep = [c for c, v in values.items() if v["makes"] == mover_wants]
        card = (keep or list(values))[0]
        trick.append(str(card))
        after, names_after = advance(position, card, names)
        if after is None or names_after is None:
            return None
        position = after
        if len(trick) == 3:
            played.append(trick)
            trick = []
    return position, played


def strict_hands(rng: random.Random, contract: str, trick: int, n: int, samples: int) -> list[dict]:
    """Claims that pass the open-handed check, forehand on lead (see the module's docstring)."""
    solver = Solver(18)
    out: list[dict] = []
    while len(out) < n:
        position = deal_position(rng, contract)
        if not is_strong(position, rng, solver, samples):
            continue
        data = claim_json(position)
        if trick == 5:
            first_leader = position.leader
            played = play_four_tricks(position, solver)
            # Betl: the actor never leads again while it stands, so the claim is at trick 5 whoever leads.
            if played is None or (played[0].leader != played[0].actor and contract != "betl"):
                continue
            position, tricks = played
            data = claim_json(position)
            data.pop("leader")
            data.update(played=tricks, first_leader=first_leader)
        claim = read_claim(data, consistent=trick == 5)
        if check_claim(claim, threads=1).laid_down:
            out.append(data)
    return out


def strict_main(args: argparse.Namespace) -> None:
    from analyzer.strict import check_strict

    print(f"{'contract':<8} {'trick':>5} {'hands':>5} {'median s':>9} {'max s':>8} {'undecided':>9} "
          f"{'overturned (of decided)':>23} {'nodes (median)':>14}")
    for name in args.contracts.split(","):
        contract = CONTRACTS[name]
        for trick in map(int, args.tricks.split(",")):
            rng = random.Random(f"{args.seed}-{name}-strict-{trick}")
            claims = strict_hands(rng, contract, trick, args.hands, args.samples)
            times, overturned, undecided, nodes = [], 0, 0, []
            for data in claims:
                claim = read_claim(data, consistent=trick == 5)
                opened = check_claim(claim, threads=1)  # not timed: the strict check is what is timed
                start = time.perf_counter()
                result = check_strict(claim, open_result=opened, time_limit=args.strict_limit,
                                      threads=args.threads or None)
                times.append(min(time.perf_counter() - start, args.strict_limit)
                             if result.strict is not None else args.strict_limit)
                undecided += result.strict is None
                overturned += result.strict is False
                nodes.append(result.nodes)
                if args.verbose:
                    print(f"   {data['hands'][0]}: {times[-1]:.3f} s, strict {result.strict}, "
                          f"{result.nodes} nodes, {result.checks} checks, {result.plans} plans", flush=True)
            decided = len(times) - undecided
            share = f"{overturned} of {decided} ({100 * overturned / decided:.0f} %)" if decided else "-"
            print(f"{name:<8} {trick:>5} {len(times):>5} {statistics.median(times):>9.3f} {max(times):>8.2f} "
                  f"{undecided:>9} {share:>23} {statistics.median(nodes):>14.0f}", flush=True)


def describe(position: Position) -> str:
    trump = "" if position.trump is None else f" trump {position.trump.token}"
    return f"{position.hands[0]}{trump} (talon {position.talon})"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20, help="hands per contract and set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=50, help="redistributions sampled to call a hand strong")
    parser.add_argument("--contracts", default="hra,sedma,betl,durch")
    parser.add_argument("--sets", default="strong,random")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per check before it is stopped")
    parser.add_argument("--count", action="store_true", help="time check_claim(count=True) instead")
    parser.add_argument("--verbose", action="store_true", help="one line per hand")
    parser.add_argument("--strict", action="store_true", help="time the strict check (see above)")
    parser.add_argument("--strict-limit", type=float, default=60.0, help="seconds per strict check")
    parser.add_argument("--tricks", default="1,5", help="with --strict: the tricks at which the claims are made")
    parser.add_argument("--threads", type=int, default=1,
                        help="with --strict: threads of the strict check (0: every core, as its default)")
    args = parser.parse_args()
    if args.strict:
        strict_main(args)
        return

    print(f"{'contract':<8} {'set':<7} {'hands':>5} {'laid %':>6} {'median s':>9} {'p95 s':>8} {'max s':>8} "
          f"{'proven %':>8} {'searches':>9} {'stopped':>7}")
    for name in args.contracts.split(","):
        contract = CONTRACTS[name]
        for kind in args.sets.split(","):
            rng = random.Random(f"{args.seed}-{name}-{kind}")
            positions = hands_for(rng, contract, kind == "strong", args.hands, args.samples)
            times, laid, proven, searched, stopped = [], 0, [], [], 0
            for position in positions:
                claim = read_claim(claim_json(position))
                solver = Solver(TT_LOG2)  # a cold table for every check; allocating it is not timed
                start = time.perf_counter()
                try:
                    result = check_claim(claim, count=args.count, solver=solver, time_limit=args.time_limit)
                except ClaimTimeout:
                    times.append(args.time_limit)
                    stopped += 1
                    if args.verbose:
                        print(f"   {describe(position)}: stopped", flush=True)
                    continue
                times.append(time.perf_counter() - start)
                laid += result.laid_down
                proven.append(result.proven / result.distributions)
                searched.append(result.searched)
                if args.verbose:
                    print(f"   {describe(position)}: {times[-1]:.3f} s, "
                          f"laid {result.laid_down}, proven {result.proven}, searched {result.searched}",
                          flush=True)
            print(f"{name:<8} {kind:<7} {len(times):>5} {100 * laid / len(times):>6.0f} "
                  f"{statistics.median(times):>9.3f} {percentile(times, 0.95):>8.3f} {max(times):>8.2f} "
                  f"{100 * statistics.mean(proven or [0]):>8.1f} {statistics.median(searched or [0]):>9.0f} "
                  f"{stopped:>7}", flush=True)


if __name__ == "__main__":
    main()
