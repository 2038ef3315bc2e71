"""Views 2 and 3: before the talon (the bidder, csm and licit) and the basic game's trump choice.

Both are expectations over cards not yet seen (the talon; forehand's last
five) of the best decision *given* those cards: for each possible talon the
actor chooses the game (at the level or higher) with the best expected
payment over that talon's worlds, and the expectation is taken over talons.
To keep that affordable each (contract, trump) of a trump game is played with
one discard, the rule of thumb of :mod:`analyzer.policy` (never an ace or ten,
nor an announced seven), rather than every discard; betl and durch, cheap to
search, get the discard that does best on a few worlds; view 1 then searches
every discard once the talon is known. The best of several noisy
means is biased upward: docs/advice.md says by how much to discount it.
"""
from __future__ import annotations

import math
import time
from itertools import combinations
from typing import Any

import numpy as np

from analyzer.advice.actor import (
    Context,
    Progress,
    Record,
    estimate,
    evaluate,
    read_cards,
)
from analyzer.advice.options import Option, admissible, read_contracts, rule_contracts
from analyzer.advice.result import Advice
from analyzer.advice.worlds import AdviceError, bits_of, split_source
from analyzer.batch import default_threads
from analyzer.bidding import ladder, rank
from analyzer.cards import CardSet, Suit
from analyzer.cluster import client_for
from analyzer.contract import Contract, check_rule_set
from analyzer.errors import MariasError
from analyzer.policy import discard_for_betl, discard_for_durch, discard_for_trumps
from analyzer.rules import seven_of
from analyzer.scoring import resolve

UNITS_PER_DEAL = 8  # worlds (with their swaps) per talon or per forehand deal


def rule_of_thumb(twelve: CardSet, rules: str, trump: Suit | None = None, contracts: list[Contract] | None = None,
                  **rule_options: Any) -> list[Option]:
    """One admissible option per (contract, trump, side suit): the rule-of-thumb discard."""
    def pick(contract: Contract, t: Suit | None, side: Suit | None) -> CardSet:
        if contract.has_trumps:
            assert t is not None
            keep = twelve if side is None or not contract.two_sevens else twelve - CardSet([seven_of(side)])
            return discard_for_trumps(keep, t)
        if contract in (Contract.BETL, Contract.OPEN_BETL):
            return discard_for_betl(twelve)
        return discard_for_durch(twelve)
    return admissible(twelve, rules, None, trump, contracts, pick=pick, **rule_options)


def talon_options(twelve: CardSet, rules: str, ctx: Context, rng: np.random.Generator, trump: Suit | None = None,
                  contracts: list[Contract] | None = None, **rule_options: Any) -> list[Option]:
    """The options one talon is judged by: the rule-of-thumb discard for the trump games, and for
    betl and durch (whose searches are cheap, and whose rule-of-thumb discard is often wrong) the
    discard that did best on a few worlds of their own."""
    every = contracts or rule_contracts(rules, **rule_options)
    with_trumps = [c for c in every if c.has_trumps]
    without = [c for c in every if not c.has_trumps]
    trumps = rule_of_thumb(twelve, rules, trump, with_trumps, **rule_options) if with_trumps else []
    notrump = admissible(twelve, rules, None, trump, without, **rule_options) if without else []
    if not notrump:
        return trumps
    records = evaluate(notrump, split_source(twelve, ctx.actor).draw(rng, 2), ctx, exact_points=False)
    best: dict[Contract, Option] = {}
    for option in notrump:
        if option.contract not in best or records[option].pay.mean() > records[best[option.contract]].pay.mean():
            best[option.contract] = option
    return trumps + list(best.values())


def _best_by_level(records: dict[Option, Record], levels: list[int], rules: str, **rule_options: Any
                   ) -> list[tuple[Option | None, Record | None]]:
    """For each level's rank: the option of that rank or higher with the best mean payment."""
    ranked = [(rank(o.bid(rules), rules, **rule_options), o) for o in records]
    out = []
    for level in levels:
        allowed = [o for r, o in ranked if r >= level]
        if not allowed:
            out.append((None, None))
            continue
        best = max(allowed, key=lambda o: records[o].pay.mean())
        out.append((best, records[best]))
    return out


def bidder_view(hand: Any, *, seat: int = 0, rules: str = "csm", talons: Any = None, units: int = UNITS_PER_DEAL,
                seed: int = 0, jobs: int | None = None, contracts: Any = None, progress: Progress | None = None,
                scheduler: str | None = None, **rule_options: Any) -> Advice:
    """For each level of the ladder: the expected payment and P(make) if the auction is won there.

    ``talons``: None for all C(22,2) = 231 talons (exact over talons), or a number to sample;
    ``contracts``: only these contracts are played (default: every one the rules have);
    ``scheduler``: a dask.distributed scheduler's address (as for :func:`actor_view`).
    """
    started = time.perf_counter()
    check_rule_set(rules)
    if rules == "basic":
        raise AdviceError("the basic game has no auction of levels: use the forehand view (7 cards)")
    try:
        table = resolve(rules, rule_options)
        steps = ladder(rules, **rule_options)
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    ten = read_cards(hand, "the hand")
    if len(ten) != 10:
        raise AdviceError(f"the bidder holds 10 cards before the talon, not {len(ten)}")
    if seat not in (0, 1, 2) or isinstance(seat, bool):
        raise AdviceError(f"the seat is 0, 1 or 2, not {seat!r}")
    rng = np.random.default_rng(seed)
    unseen = bits_of(0xFFFFFFFF & ~ten.mask)
    pairs = [CardSet((1 << a) | (1 << b)) for a, b in combinations(unseen, 2)]
    all_talons = talons is None or talons == "all" or (isinstance(talons, int) and talons >= len(pairs))
    if not all_talons:
        if isinstance(talons, bool) or not isinstance(talons, int) or talons < 2:
            raise AdviceError(f"talons must be a whole number >= 2 or 'all', not {talons!r}")
        pairs = [pairs[i] for i in rng.choice(len(pairs), talons, replace=False)]
    levels = list(range(1, len(steps) + 1))
    wanted = read_contracts(contracts, rules, **rule_options)
    per_level: list[list[tuple[float, ...]]] = [[] for _ in levels]  # (pay, se, p_make, loss, p_make se)
    jobs = jobs or default_threads()
    with client_for(scheduler, AdviceError) as client:
        for i, talon in enumerate(pairs):
            twelve = ten | talon
            ctx = Context(twelve, seat, rules, dict(rule_options), jobs, client)
            options = talon_options(twelve, rules, ctx, rng, None, wanted, **rule_options)
            batch = split_source(twelve, seat).draw(rng, units)
            records = evaluate(options, batch, ctx, exact_points=False)
            for k, (_, record) in enumerate(_best_by_level(records, levels, rules, **rule_options)):
                if record is None:
                    per_level[k].append((math.nan, 0.0, math.nan, math.nan, 0.0))
                    continue
                pay = record.payment()
                make = estimate(record.makes, record.units)
                per_level[k].append((pay.mean, pay.stderr, make.mean, float((record.pay < 0).mean()), make.stderr))
            if progress is not None:
                progress((i + 1) / len(pairs))
    rows = []
    for k, step in enumerate(steps):
        data = np.array(per_level[k], float)
        if np.isnan(data[:, 0]).any():
            continue
        t = len(data)
        within = math.sqrt(float((data[:, 1] ** 2).sum())) / t
        between = float(data[:, 0].std(ddof=1) / math.sqrt(t)) if not all_talons and t > 1 else 0.0
        make = data[:, 2]
        make_within = math.sqrt(float((np.nan_to_num(data[:, 4], posinf=0.5) ** 2).sum())) / t
        make_between = float(make.std(ddof=1) / math.sqrt(t)) if not all_talons and t > 1 else 0.0
        rows.append({"contract": step.contract.value, "trump": "h" if step.better else None, "side_suit": None,
                     "discard": None, "level": step.to_json(),
                     "p_make": {"makes": float(make.mean())},
                     "stderr": {"makes": math.sqrt(make_within ** 2 + make_between ** 2)},
                     "worlds": t * 2 * units, "exact": False, "talons": t, "exact_talons": all_talons,
                     "expected_payment": float(data[:, 0].mean()),
                     "payment_stderr": math.sqrt(within ** 2 + between ** 2),
                     "p_loss": float(data[:, 3].mean())})
    holdable = [r for r in rows if r["expected_payment"] > 0]
    answer = holdable[-1]["level"] if holdable else None
    ordered = sorted(rows, key=lambda r: -r["expected_payment"])
    summary = {"seat": seat, "hand": str(ten), "highest_level_worth_holding": answer,
               "note": "the best option per talon from few worlds: an upward-biased figure (docs/advice.md)"}
    return Advice("bidder", rules, table.unit, ordered, seed, time.perf_counter() - started, summary)


def forehand_view(seven: Any, *, samples: int = 24, units: int = UNITS_PER_DEAL, seed: int = 0,
                  jobs: int | None = None, progress: Progress | None = None, scheduler: str | None = None,
                  **rule_options: Any) -> Advice:
    """The basic game: forehand's trump from his first seven cards, or "from the people" (the suit of a
    card drawn from his other five). For each choice the expectation, over ``samples`` draws of the
    five cards still to come, of the best game (with that trump, or betl and durch) over its worlds."""
    started = time.perf_counter()
    rules = "basic"
    try:
        table = resolve(rules, rule_options)
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    first = read_cards(seven, "forehand's first seven cards")
    if len(first) != 7:
        raise AdviceError(f"forehand chooses trumps from his first 7 cards, not {len(first)}")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise AdviceError(f"samples must be a whole number >= 2, not {samples!r}")
    rng = np.random.default_rng(seed)
    unseen = np.array(bits_of(0xFFFFFFFF & ~first.mask))
    draws = [unseen[rng.permutation(len(unseen))[:5]] for _ in range(samples)]
    choices: list[tuple[str, Suit | None]] = [(s.token, s) for s in Suit if first.suit(s)]
    choices.append(("people", None))
    jobs = jobs or default_threads()
    with client_for(scheduler, AdviceError) as client:
        rows = []
        for j, (name, suit) in enumerate(choices):
            rows.append(_trump_choice(name, suit, first, draws, rng, units, jobs, client, rule_options))
            if progress is not None:
                progress((j + 1) / len(choices))
    rows.sort(key=lambda r: -r["expected_payment"])
    summary = {"hand": str(first), "trump": rows[0]["trump"],
               "note": "then view 1 (actor_view with rules='basic' and the trump) with all twelve cards"}
    return Advice("forehand", rules, table.unit, rows, seed, time.perf_counter() - started, summary)


def _trump_choice(name: str, suit: Suit | None, first: CardSet, draws: list[np.ndarray], rng: np.random.Generator,
                  units: int, jobs: int, client: Any, rule_options: dict[str, Any]) -> dict[str, Any]:
    """One trump choice of the basic game's forehand: its best game per draw, averaged over the draws."""
    samples = len(draws)
    pays, ses, makes, losses, picked = [], [], [], [], {}
    for draw in draws:
        twelve = first | CardSet(int(sum(1 << int(b) for b in draw)))
        trump = suit if suit is not None else Suit(int(draw[0]) >> 3)
        ctx = Context(twelve, 0, "basic", dict(rule_options), jobs, client)
        options = talon_options(twelve, "basic", ctx, rng, trump, **rule_options)
        batch = split_source(twelve, 0).draw(rng, units)
        records = evaluate(options, batch, ctx, exact_points=False)
        best = max(records, key=lambda o: records[o].pay.mean())
        pay = records[best].payment()
        pays.append(pay.mean)
        ses.append(pay.stderr)
        makes.append(float(records[best].makes.mean()))
        losses.append(float((records[best].pay < 0).mean()))
        picked[best.contract.value] = picked.get(best.contract.value, 0) + 1
    pays_a = np.array(pays)
    within = math.sqrt(float((np.array(ses) ** 2).sum())) / samples
    between = float(pays_a.std(ddof=1) / math.sqrt(samples))
    return {"contract": "game", "trump": name, "side_suit": None, "discard": None, "level": None,
            "p_make": {"makes": float(np.mean(makes))},
            "stderr": {"makes": float(np.std(makes, ddof=1) / math.sqrt(samples))},
            "worlds": samples * 2 * units, "exact": False, "samples": samples,
            "expected_payment": float(pays_a.mean()), "payment_stderr": math.sqrt(within ** 2 + between ** 2),
            "p_loss": float(np.mean(losses)), "chosen_games": picked}
