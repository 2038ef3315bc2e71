"""Speed and quality of the advice (``analyzer.advice``), one run over random hands per view.

For each view, ``--hands`` random hands (seeded): the wall time of each
advice on ``--jobs`` threads (median, p90, max), the process's CPU time and the
core's nodes (both independent of the machine's load); then, for the actor's view, the
quality against a reference: every admissible option evaluated on the same
``--reference-worlds`` worlds with exact card points (``all``: all 184,756
splits, the issue's reference; hours per hand on two cores), cached under
``benchmarks/cache/`` so that it is computed once. The advised option is
"exact best" when it is the reference's best, "within error" when the
reference money of the advised option is within one reference standard error
of the best's (the stderr of the paired difference on the reference's worlds),
and the money lost is the reference best less the reference money of the
advised option.

    python benchmarks/advice.py --view actor --hands 50 --seed 1 --jobs 2
    python benchmarks/advice.py --view defender --hands 50 --seed 1 --jobs 2
    python benchmarks/advice.py --view bidder --hands 50 --seed 1 --jobs 2
    python benchmarks/advice.py --view overstatement --hands 20 --worlds 100 --seed 1
    python benchmarks/advice.py --quality --hands 50 --seed 2026 --reference-worlds 20000 --jobs 2

``--quality`` (issue 32): for each hand, every option the actor's table lists (the confirmed
ones and the best discard of every other contract, trump and side suit the screening reached) is
evaluated on the same ``--reference-worlds`` common worlds with exact points (cached under
``benchmarks/cache/``); the advised option passes when it is the reference's best or within one
paired reference standard error of the best's money; the mean Kč lost per hand is the reference
best less the advised option's reference money, averaged over every hand (0 where it is the best).
The seed 2026 is used by no test.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import numpy as np

from analyzer.advice import actor_view, bidder_view, defender_view
from analyzer.advice.actor import Context, evaluate
from analyzer.advice.options import Option, admissible
from analyzer.advice.stats import estimate
from analyzer.advice.worlds import split_source
from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.contract import Contract

CACHE = Path(__file__).parent / "cache"


def deal(rng: random.Random) -> tuple[CardSet, list[CardSet]]:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [CardSet(sum(1 << c for c in cards[i:i + 10])) for i in (0, 10, 20)]
    return CardSet(sum(1 << c for c in cards[:12])), hands


def reference(twelve: CardSet, seed: int, worlds: int | str, jobs: int) -> dict[str, tuple[float, float]]:
    """Every option's money on common worlds (cached): label -> (mean, stderr); the per-world
    payments beside it (``.npz``) for paired differences."""
    means, _ = reference_pays(twelve, seed, worlds, jobs)
    return means


def reference_pays(twelve: CardSet, seed: int, worlds: int | str,
                   jobs: int) -> tuple[dict[str, tuple[float, float]], dict[str, np.ndarray]]:
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"advice-ref-{twelve.mask:08x}-{worlds}-{seed}.json"
    pays_path = path.with_suffix(".npz")
    if path.exists() and pays_path.exists():
        stored = np.load(pays_path)
        means = {k: tuple(v) for k, v in json.loads(path.read_text()).items()}
        return means, {k: stored[f"o{i}"] for i, k in enumerate(means)}  # type: ignore[misc]
    source = split_source(twelve, 0)
    batch = source.exact() if worlds == "all" else source.draw(np.random.default_rng(seed + 99), int(worlds) // 2)
    options = admissible(twelve, "csm")
    ctx = Context(twelve, 0, "csm", {}, jobs)
    records = evaluate(options, batch, ctx, exact_points=True, exact=worlds == "all")
    out, pays = {}, {}
    for option, record in records.items():
        e = estimate(record.pay, record.units, worlds == "all")
        key = _key(option.contract.value, option.trump, option.side_suit, list(map(str, option.discard)))
        out[key] = (e.mean, e.stderr)
        pays[key] = record.pay.astype(np.float32)
    np.savez_compressed(pays_path, units=batch.units, **{f"o{i}": pays[k] for i, k in enumerate(out)})
    path.write_text(json.dumps(out))
    return out, pays


def paired_gap(pays: dict[str, np.ndarray], units: np.ndarray, top: str, mine: str) -> tuple[float, float]:
    """The reference's money of ``top`` less that of ``mine`` on the same worlds, and its stderr."""
    e = estimate(pays[top].astype(float) - pays[mine].astype(float), units)
    return e.mean, e.stderr


def _key(contract: str, trump, side, discard) -> str:
    t = trump.token if hasattr(trump, "token") else trump
    s = side.token if hasattr(side, "token") else side
    return f"{contract}/{t}/{s}/{' '.join(discard)}"


def overstatement(rng: random.Random, hands: int, worlds: int) -> None:
    """How far open-hand odds overstate: the actor (forehand, on lead) must choose his first card
    before he sees the cards. P(make) open-handed against P(make) when the first card is the one
    card that makes in the most worlds: a lower bound on the overstatement (only one card is
    committed; real play commits all ten)."""
    from analyzer.policy import discard_for_trumps
    from analyzer.rules import Position
    from analyzer.solver import Solver

    solver = Solver()
    gaps, opens = [], []
    done = 0
    while done < hands:
        twelve, _ = deal(rng)
        sevens = [Suit(c >> 3) for c in twelve if Card(c).rank == Rank.SEVEN]
        if not sevens:
            continue
        trump = max(sevens, key=lambda s: len(twelve.suit(s)))
        discard = discard_for_trumps(twelve, trump)
        ten = twelve - discard
        source = split_source(twelve, 0)
        batch = source.draw(np.random.default_rng(done), worlds // 2)
        per_card: dict[int, int] = {}
        made = 0
        for row in batch.hands:
            position = Position(hands=(ten, CardSet(int(row[1])), CardSet(int(row[2]))), contract=Contract.SEVEN,
                                trump=trump, actor=0, leader=0, talon=discard)
            values = solver.card_values(position)
            made += any(v["makes"] for v in values.values())
            for card, v in values.items():
                per_card[card] = per_card.get(card, 0) + v["makes"]
        p_open = made / len(batch)
        p_fixed = max(per_card.values()) / len(batch)
        opens.append(p_open)
        gaps.append(p_open - p_fixed)
        done += 1
        print(f"hand {done}: sedma in {trump.token}, open-hand {100 * p_open:.1f} %, best fixed first card "
              f"{100 * p_fixed:.1f} %", flush=True)
    print(f"\n{hands} hands x {worlds} worlds: open-hand P(make) {100 * np.mean(opens):.1f} %, "
          f"with the first card fixed {100 * (np.mean(opens) - np.mean(gaps)):.1f} %: overstated by at least "
          f"{100 * np.mean(gaps):.1f} points (max {100 * max(gaps):.1f})")


def _option(row: dict) -> Option:
    return Option(Contract(row["contract"]), None if row["trump"] is None else Suit.from_str(row["trump"]),
                  None if row["side_suit"] is None else Suit.from_str(row["side_suit"]),
                  CardSet.from_str(" ".join(row["discard"])))


def quality_reference(twelve: CardSet, options: list[Option], seed: int, worlds: int,
                      jobs: int) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The options' payments on ``worlds`` common worlds: key -> per world. Exact payments from the
    yes/no questions and those at the payment's steps (tests/test_advice_steps.py: the payments of
    exact points). Cached per hand, option by option (``keys`` beside the ``pays`` matrix): a change
    of the screening that lists other options solves only those."""
    keys = [_key(o.contract.value, o.trump, o.side_suit, [str(c) for c in o.discard]) for o in options]
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"advice-quality-{twelve.mask:08x}-{worlds}-{seed}.npz"
    stored: dict[str, np.ndarray] = {}
    batch = split_source(twelve, 0).draw(np.random.default_rng(seed + 99), worlds // 2)
    if path.exists():
        with np.load(path) as cached:
            assert np.array_equal(cached["units"], batch.units), f"{path} was drawn otherwise"
            stored = dict(zip(cached["keys"].tolist(), cached["pays"]))
    missing = [(o, k) for o, k in zip(options, keys) if k not in stored]
    if missing:
        from tqdm import tqdm

        ctx = Context(twelve, 0, "csm", {}, jobs)
        pays: dict[str, list[np.ndarray]] = {k: [] for _, k in missing}
        step = 1000
        for lo in tqdm(range(0, len(batch), step), desc="reference", leave=False):
            part = batch.take(np.arange(lo, min(lo + step, len(batch))))
            records = evaluate([o for o, _ in missing], part, ctx, exact_points=False, payments=True)
            for option, key in missing:
                pays[key].append(records[option].pay.astype(np.float32))
        stored.update({k: np.concatenate(v) for k, v in pays.items()})
        names = sorted(stored)
        np.savez_compressed(path, units=batch.units, keys=np.array(names),
                            pays=np.stack([stored[k] for k in names]))
    return {k: stored[k] for k in keys}, batch.units


def quality(args: argparse.Namespace) -> None:
    """The advised option against the reference's best, hand by hand (see the module's docstring)."""
    rng = random.Random(args.seed)
    worlds = int(args.reference_worlds) if args.reference_worlds not in ("0", "all") else 20000
    ok, lost, seconds = 0, [], []
    print(f"quality: {args.hands} hands, seed {args.seed}, reference {worlds} common worlds, {args.jobs} threads")
    part, parts = (int(x) for x in args.shard.split("/"))
    for i in range(args.hands):
        twelve, _ = deal(rng)
        if i % parts != part or i < args.first_hand:
            continue  # another shard's hand (the same deals whatever the shards)
        started = time.perf_counter()
        advice = actor_view(twelve, seed=i, jobs=args.jobs, worlds=args.worlds, table=False)
        seconds.append(time.perf_counter() - started)
        rows = advice.options
        options = list(dict.fromkeys(_option(r) for r in rows))
        pays, units = quality_reference(twelve, options, args.seed, worlds, args.jobs)
        means = {k: float(v.mean()) for k, v in pays.items()}
        top = max(means, key=lambda k: means[k])
        mine = _key(rows[0]["contract"], rows[0]["trump"], rows[0]["side_suit"], rows[0]["discard"])
        gap, gap_se = paired_gap(pays, units, top, mine)
        passed = mine == top or gap <= gap_se
        ok += passed
        lost.append(gap)
        print(f"hand {i} {twelve}: {seconds[-1]:.1f} s; advised {mine} {means[mine]:+.3f}, reference best {top} "
              f"{means[top]:+.3f}, gap {gap:.3f} ± {gap_se:.3f} ({len(options)} options) "
              f"{'ok' if passed else 'MISSED'}", flush=True)
    n = len(lost)
    print(f"\n{n} hands: advised = reference best or within one paired stderr in {ok} ({100 * ok / n:.0f} %); "
          f"mean Kč lost per hand {np.mean(lost):.3f} (max {max(lost):.3f}); advice median {statistics.median(seconds):.1f} s")


def timing(label: str, seconds: list[float], cpu: list[float], nodes: list[int]) -> None:
    p90 = float(np.percentile(seconds, 90))
    print(f"| {label} | {len(seconds)} | {statistics.median(seconds):.2f} | {p90:.2f} | {max(seconds):.2f} | "
          f"{statistics.median(cpu):.2f} | {float(np.percentile(cpu, 90)):.2f} | "
          f"{statistics.median(nodes) / 1e6:.1f} | {sum(nodes) / 1e6:.1f} |")


class NodeCount:
    """The core's nodes of every batch the advice asks (analyzer.batch.run_batch wrapped where the
    advice calls it): the work, whatever the load of the machine."""

    def __init__(self) -> None:
        import analyzer.advice.evaluate as evaluate_module

        self.nodes = 0
        inner = evaluate_module.run_batch

        def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            result = inner(*args, **kwargs)
            self.nodes += result.nodes
            return result

        evaluate_module.run_batch = counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--view", choices=("actor", "defender", "bidder", "overstatement"), default="actor")
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=600, help="confirmation worlds (actor), worlds (defender)")
    parser.add_argument("--reference-worlds", default="0", help="N, 'all', or 0 for no quality check")
    parser.add_argument("--no-table", dest="table", action="store_false",
                        help="actor, bidder: without the money at the table (analyzer.advice.table)")
    parser.add_argument("--quality", action="store_true", help="issue 32's quality check (--reference-worlds, default 20000)")
    parser.add_argument("--first-hand", type=int, default=0, help="--quality: skip the hands before this one")
    parser.add_argument("--shard", default="0/1", help="--quality: K/N runs the hands i with i %% N == K (processes side by side)")
    args = parser.parse_args()
    if args.quality:
        quality(args)
        return
    rng = random.Random(args.seed)
    if args.view == "overstatement":
        overstatement(rng, args.hands, args.worlds)
        return
    seconds: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    counter = NodeCount()
    exact_best = within = 0
    lost: list[float] = []
    checked = 0
    print(f"view {args.view}, {args.hands} hands, seed {args.seed}, {args.jobs} threads")
    for i in range(args.hands):
        twelve, hands = deal(rng)
        started, cpu_started, counter.nodes = time.perf_counter(), time.process_time(), 0
        if args.view == "actor":
            advice = actor_view(twelve, seed=i, jobs=args.jobs, worlds=args.worlds, table=args.table)
        elif args.view == "defender":
            actor_hand = hands[0]
            sevens = [Suit(c >> 3) for c in actor_hand if Card(c).rank == Rank.SEVEN]
            if sevens:
                advice = defender_view(hands[1], "seven", trump=sevens[0], actor=0, seat=1, seed=i,
                                       jobs=args.jobs, worlds=args.worlds)
            else:
                advice = defender_view(hands[1], "betl", actor=0, seat=1, seed=i, jobs=args.jobs, worlds=args.worlds)
        else:
            advice = bidder_view(hands[0], seed=i, jobs=args.jobs, **({} if args.table else {"table": False}))
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
        nodes.append(counter.nodes)
        best = advice.options[0]
        line = (f"hand {i}: {seconds[-1]:.2f} s, {cpu[-1]:.2f} s CPU, {nodes[-1] / 1e6:.1f} M nodes, best "
                f"{best['contract']} {best.get('trump') or ''} {best['expected_payment']:+.2f}")
        if args.view == "actor" and args.reference_worlds != "0":
            ref, pays = reference_pays(twelve, args.seed, args.reference_worlds, args.jobs)
            units = np.load(CACHE / f"advice-ref-{twelve.mask:08x}-{args.reference_worlds}-{args.seed}.npz")["units"]
            top = max(ref, key=lambda k: ref[k][0])
            mine = _key(best["contract"], best["trump"], best["side_suit"], best["discard"])
            checked += 1
            gap, gap_se = paired_gap(pays, units, top, mine)
            exact_best += mine == top
            within += gap <= gap_se
            lost.append(gap)
            line += (f"; reference best {top} {ref[top][0]:+.2f}, advised {ref[mine][0]:+.2f} "
                     f"(gap {gap:.2f} ± {gap_se:.2f})")
        print(line, flush=True)
    print("\n| view | hands | median s | p90 s | max s | median CPU s | p90 CPU s | median M nodes | all M nodes |"
          "\n|---|---|---|---|---|---|---|---|---|")
    timing(args.view, seconds, cpu, nodes)
    if checked:
        missed = [g for g in lost if g > 0]
        print(f"\nquality over {checked} hands (reference: {args.reference_worlds} common worlds): exact best "
              f"{100 * exact_best / checked:.0f} %, within one paired reference stderr of the best's money "
              f"{100 * within / checked:.0f} %, "
              f"mean money lost when not the best {np.mean(missed) if missed else 0:.3f}")


if __name__ == "__main__":
    main()
