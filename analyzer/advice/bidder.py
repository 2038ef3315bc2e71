"""Views 2 and 3: before the talon (the bidder, csm and licit) and the basic game's trump choice.

Both are expectations over cards not yet seen (the talon; forehand's last
five) of the best decision *given* those cards. The bidder: for each talon of
a uniform sample of the 231 (``DEFAULT_TALONS``; every one on request) the
actor chooses the game (at the level or higher) on one half of the talon's
worlds and is priced on the other half, and the other way round
(cross-fitting), so no figure comes from the worlds that chose it; card
points are solved exactly (the money of a game moves with them). To keep that
affordable each (contract, trump) of a trump game is played with one discard,
the rule of thumb of :mod:`analyzer.policy` (never an ace or ten, nor an
announced seven), rather than every discard; betl and durch, cheap to search,
get the discard that does best on a few worlds; view 1 then searches every
discard once the talon is known. The forehand view still takes each draw's
best game on the worlds that chose it (docs/advice.md).
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
    made_exact,
    read_cards,
)
from analyzer.advice.options import Option, admissible, read_contracts, rule_contracts
from analyzer.advice.result import Advice
from analyzer.advice.stats import wilson
from analyzer.advice.table import at_table
from analyzer.advice.worlds import AdviceError, WorldBatch, bits_of, split_source
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
# Talons the bidder samples (uniformly, without replacement) of the C(22,2) = 231 by default: its
# figure is the mean over a sample of talons, whose error (between the talons, with the finite
# population correction, and within them: _over_talons) is stated; "all" averages over every one.
DEFAULT_TALONS = 48
TABLE_TALONS = 8    # talons sampled for the money at the table (each level's choices there)
TABLE_UNITS = 2     # units of each half priced at the table
TABLE_DEALS = 4     # deals each defender's own flek advice is taken on there


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


def _priced(options: list[Option], batch: WorldBatch, n_a: int, ranks: dict[Option, int], levels: int,
            ctx: Context) -> dict[Option, Record]:
    """The options on a talon's worlds (half A the first ``n_a``, half B the rest), with exact
    payments wherever a choice or a report can need them: the yes/no answers bound every payment;
    an option whose mean upper bound on a half is under the best mean lower bound of the options
    allowed at a level cannot be that level's choice there (each option's exact mean lies between
    its bounds), nor is it reported; every other option gets its exact payments on both halves
    (the questions at the payment's steps). So the choices and the reports are those of exact
    points on every option (``tests/test_advice_bidder.py``), for fewer nodes."""
    if ctx.exact_redo:
        return evaluate(options, batch, ctx, exact_points=True)
    first = evaluate(options, batch, ctx, exact_points=False)
    need: set[Option] = set()
    for half in (slice(0, n_a), slice(n_a, None)):
        low = {o: float((r.pay if r.pay_low is None else r.pay_low)[half].mean()) for o, r in first.items()}
        high = {o: float((r.pay if r.pay_high is None else r.pay_high)[half].mean()) for o, r in first.items()}
        for k in range(levels):
            allowed = [o for o in options if ranks[o] >= k + 1]
            if allowed:
                floor = max(low[o] for o in allowed)
                need.update(o for o in allowed if high[o] >= floor)
    open_ = [o for o in options if o in need and first[o].pay_low is not None]
    if open_:
        first.update(made_exact(open_, first, batch, ctx))
    return first


def _cross_reported(records_a: dict[Option, Record], records_b: dict[Option, Record], allowed: list[Option]
                    ) -> tuple[Option, Option, np.ndarray, np.ndarray, np.ndarray]:
    """Cross-fitting: the option that did best on half A is reported on half B and the one that did
    best on B on A, so no figure comes from the worlds that chose it. Returns the two choices and,
    world by world over B then A, the payments, the makes and the units of the reports."""
    best_a = max(allowed, key=lambda o: records_a[o].pay.mean())
    best_b = max(allowed, key=lambda o: records_b[o].pay.mean())
    on_b, on_a = records_b[best_a], records_a[best_b]
    return (best_a, best_b, np.concatenate([on_b.pay, on_a.pay]), np.concatenate([on_b.makes, on_a.makes]),
            np.concatenate([on_b.units, on_a.units]))


def _talon_list(talons: Any, ten: CardSet, rng: np.random.Generator) -> tuple[list[CardSet], int | None]:
    """The talons to average over, and the population they were drawn from: the number of
    possible talons (231) when they are all of them or a uniform sample without replacement (the
    finite population correction applies), None when they were given (no population)."""
    unseen = bits_of(0xFFFFFFFF & ~ten.mask)
    pairs = [CardSet((1 << a) | (1 << b)) for a, b in combinations(unseen, 2)]
    if isinstance(talons, (list, tuple)):
        given = [read_cards(t, "a talon") for t in talons]
        for t in given:
            if len(t) != 2 or t.mask & ten.mask:
                raise AdviceError(f"a talon is two cards not in the hand, not {t}")
        if not given:
            raise AdviceError("talons: give at least one, a number, or 'all'")
        return given, None
    if talons is None:
        talons = DEFAULT_TALONS
    if talons == "all" or (isinstance(talons, int) and not isinstance(talons, bool) and talons >= len(pairs)):
        return pairs, len(pairs)
    if isinstance(talons, bool) or not isinstance(talons, int) or talons < 2:
        raise AdviceError(f"talons must be a whole number >= 2, 'all' or a list of talons, not {talons!r}")
    return [pairs[i] for i in rng.choice(len(pairs), talons, replace=False)], len(pairs)


def bidder_view(hand: Any, *, seat: int = 0, rules: str = "csm", talons: Any = None, units: int = UNITS_PER_DEAL,
                seed: int = 0, jobs: int | None = None, contracts: Any = None, progress: Progress | None = None,
                scheduler: str | None = None, table: bool = True, **rule_options: Any) -> Advice:
    """For each level of the ladder: the contract that would be played there (and how often), its
    expected payment and P(make) if the auction is won there, best level first.

    ``talons``: None for ``DEFAULT_TALONS`` of the C(22,2) = 231 talons drawn uniformly without
    replacement, a number to draw, ``"all"`` (or 231) for every one (exact over talons), or a list
    of talons (card text); ``units``: units (a world and its swap) per talon, split in two halves
    that choose for each other (cross-fitting: docs/advice.md); ``contracts``: only these contracts
    are played (default: every one the rules have); ``scheduler``: a dask.distributed scheduler's
    address (as for :func:`actor_view`); ``table``: each level gets ``at_table``, the money of its
    choices at the table on ``TABLE_TALONS`` sampled talons (:func:`_at_table`).
    """
    started = time.perf_counter()
    check_rule_set(rules)
    if rules == "basic":
        raise AdviceError("the basic game has no auction of levels: use the forehand view (7 cards)")
    try:
        unit = resolve(rules, rule_options).unit
        steps = ladder(rules, **rule_options)
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    ten = read_cards(hand, "the hand")
    if len(ten) != 10:
        raise AdviceError(f"the bidder holds 10 cards before the talon, not {len(ten)}")
    if seat not in (0, 1, 2) or isinstance(seat, bool):
        raise AdviceError(f"the seat is 0, 1 or 2, not {seat!r}")
    if isinstance(units, bool) or not isinstance(units, int) or units < 1:
        raise AdviceError(f"units per talon must be a whole number >= 1, not {units!r}")
    units = max(2, units)  # two halves, one unit each at least (the rows give the worlds solved)
    rng = np.random.default_rng(seed)
    pairs, population = _talon_list(talons, ten, rng)
    all_talons = population == len(pairs)
    wanted = read_contracts(contracts, rules, **rule_options)
    half = units // 2
    # per level, per talon: (payments, makes, units) of the cross-reported worlds; and the choices
    reports: list[list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = [[] for _ in steps]
    played: list[dict[tuple[str, str | None], int]] = [{} for _ in steps]
    jobs = jobs or default_threads()
    # the talons priced at the table: drawn on their own generator, so the rest is as without them
    table_rng = np.random.default_rng([seed, 32])
    at_table_talons = set(table_rng.choice(len(pairs), min(TABLE_TALONS, len(pairs)), replace=False).tolist()) \
        if table else set()
    kept: dict[int, tuple[CardSet, WorldBatch, WorldBatch, dict[int, tuple[Option, Option]]]] = {}
    with client_for(scheduler, AdviceError) as client:
        for i, talon in enumerate(pairs):
            twelve = ten | talon
            ctx = Context(twelve, seat, rules, dict(rule_options), jobs, client)
            options = talon_options(twelve, rules, ctx, rng, None, wanted, **rule_options)
            source = split_source(twelve, seat)
            batch_a = source.draw(rng, half, start=0)
            batch_b = source.draw(rng, units - half, start=half)
            n_a = len(batch_a)
            ranks = {o: rank(o.bid(rules), rules, **rule_options) for o in options}
            both = _priced(options, WorldBatch(np.concatenate([batch_a.hands, batch_b.hands]),
                                               np.concatenate([batch_a.units, batch_b.units])),
                           n_a, ranks, len(steps), ctx)
            records_a = {o: _part(r, slice(0, n_a)) for o, r in both.items()}
            records_b = {o: _part(r, slice(n_a, None)) for o, r in both.items()}
            for k in range(len(steps)):
                allowed = [o for o in options if ranks[o] >= k + 1]
                if not allowed:
                    continue
                best_a, best_b, pay, makes, unit_ids = _cross_reported(records_a, records_b, allowed)
                reports[k].append((pay, makes, unit_ids + i * units))
                if i in at_table_talons:
                    kept.setdefault(i, (twelve, batch_a, batch_b, {}))[3][k] = (best_a, best_b)
                for o in (best_a, best_b):
                    key = (o.contract.value, None if o.trump is None else o.trump.token)
                    played[k][key] = played[k].get(key, 0) + 1
            if progress is not None:
                progress((i + 1) / len(pairs))
    tables = _at_table(kept, seat, rules, dict(rule_options), seed, len(steps), jobs) if table else {}
    rows = []
    for k, step in enumerate(steps):
        if len(reports[k]) < len(pairs):
            continue  # some talon leaves nothing at this level
        pay = _over_talons([r[0] for r in reports[k]], [r[2] for r in reports[k]], population)
        make = _over_talons([r[1] for r in reports[k]], [r[2] for r in reports[k]], population)
        drawn = sum(len(np.unique(r[2])) for r in reports[k])
        n_units = _effective_units(make, drawn)
        losses = _over_talons([(r[0] < 0).astype(float) for r in reports[k]], [r[2] for r in reports[k]], population)
        loss = losses[0]
        counts = sorted(played[k].items(), key=lambda kv: -kv[1])
        total = sum(played[k].values())
        rows.append({"contract": step.contract.value, "trump": "h" if step.better else None, "side_suit": None,
                     "discard": None, "level": step.to_json(),
                     "played": [{"contract": c, "trump": t, "share": n / total} for (c, t), n in counts],
                     "p_make": {"makes": make[0]}, "stderr": {"makes": make[1]},
                     "ci95": {"makes": list(wilson(make[0], n_units))},
                     "worlds": sum(len(r[0]) for r in reports[k]), "exact": False, "talons": len(pairs),
                     "exact_talons": all_talons, "talons_of": population,
                     "expected_payment": pay[0], "payment_stderr": pay[1],
                     "p_loss": loss, "p_loss_ci95": list(wilson(loss, _effective_units(losses, drawn))),
                     "_rank": k})
        if k in tables:
            rows[-1]["at_table"] = tables[k]
    holding = [r for r in rows if r["expected_payment"] > 0]
    answer = None
    if holding:
        # the level that pays most on average (issue 32), not merely the highest that pays at all:
        # a durch that pays a little on average is not worth holding over a seven that pays more
        top = max(holding, key=lambda r: r["expected_payment"])
        answer = {"level": top["level"], "expected_payment": top["expected_payment"],
                  "payment_stderr": top["payment_stderr"]}
        following = [r for r in rows if r["_rank"] == top["_rank"] + 1]
        if following:
            k = top["_rank"]
            diff = _over_talons([a[0] - b[0] for a, b in zip(reports[k], reports[k + 1])],
                                [a[2] for a in reports[k]], population)
            answer["over_next"] = {"level": following[0]["level"], "mean": diff[0], "stderr": diff[1]}
    for r in rows:
        del r["_rank"]
    ordered = sorted(rows, key=lambda r: -r["expected_payment"])
    summary = {"seat": seat, "hand": str(ten), "highest_level_worth_holding": None if answer is None else answer["level"],
               "worth_holding": answer,
               "note": ("each talon's worlds in two halves; the option chosen on one half is priced on the other "
                        "(cross-fitting), so no figure comes from the worlds that chose it; money as played out")}
    return Advice("bidder", rules, unit, ordered, seed, time.perf_counter() - started, summary)


def _at_table(kept: dict[int, tuple[CardSet, WorldBatch, WorldBatch, dict[int, tuple[Option, Option]]]], seat: int,
              rules: str, opts: dict[str, Any], seed: int, levels: int, jobs: int = 1) -> dict[int, dict[str, Any]]:
    """Each level's money at the table, as the actor's view prices it (:mod:`analyzer.advice.table`:
    the defence fleks by its own advice on its own cards; csm 12.3-12.6), on the sampled talons:
    the option chosen on one half of a talon's worlds is priced on the other half (cross-fitting, as
    the played-out figure), with the played-out money on the same worlds beside it. The mean over
    the talons, its standard error between them (they are a sample of the 231)."""
    priced: dict[tuple[int, Option, int], dict[str, Any]] = {}
    per_level: dict[int, list[tuple[float, float, int]]] = {}
    fleks: dict[int, dict[str, float]] = {}
    for i, (twelve, batch_a, batch_b, chosen) in sorted(kept.items()):
        for k, (best_a, best_b) in chosen.items():
            halves = []
            for option, other, h in ((best_a, batch_b, 1), (best_b, batch_a, 0)):
                key = (i, option, h)
                if key not in priced:
                    priced[key] = at_table(option, twelve, other, seat, rules, opts, seed + i, units=TABLE_UNITS,
                                           deals=TABLE_DEALS, jobs=jobs)
                halves.append(priced[key])
            per_level.setdefault(k, []).append((float(np.mean([t["expected_payment"] for t in halves])),
                                                float(np.mean([t["minus_cards_worth"] for t in halves])),
                                                sum(t["worlds"] for t in halves)))
            for t in halves:
                for name, share_ in t["defence_fleks"].items():
                    fleks.setdefault(k, {})[name] = fleks.get(k, {}).get(name, 0.0) + share_
    out = {}
    for k, values in per_level.items():
        money = np.array([v[0] for v in values])
        gap = np.array([v[1] for v in values])
        t = len(values)
        total = sum(fleks[k].values())
        out[k] = {"expected_payment": float(money.mean()), "payment_stderr": _between(money),
                  "minus_cards_worth": float(gap.mean()), "minus_cards_worth_stderr": _between(gap),
                  "talons": t, "worlds": sum(v[2] for v in values),
                  "defence_fleks": {n: v / total for n, v in sorted(fleks[k].items(), key=lambda kv: -kv[1])},
                  "policy": f"on {t} sampled talons, each defender fleks by his own flek advice on {TABLE_DEALS} "
                            "deals of his own; the actor answers with a re on a part he makes; csm 12.3-12.6"}
    return out


def _between(means: np.ndarray) -> float:
    """The standard error of the mean of sampled talons' figures (each with its own worlds' noise)."""
    return float(means.std(ddof=1) / math.sqrt(len(means))) if len(means) > 1 else math.inf


def _part(record: Record, where: slice) -> Record:
    return Record(record.units[where], record.pay[where], {k: v[where] for k, v in record.made.items()},
                  record.makes[where], None if record.points is None else record.points[where], record.exact)


def _over_talons(values: list[np.ndarray], units: list[np.ndarray], population: int | None) -> tuple[float, float]:
    """The mean over talons of each talon's mean, with its standard error (two-stage sampling:
    talons, then worlds within each talon). With n of the ``population``'s N talons drawn
    uniformly without replacement (f = n / N) the unbiased variance of the mean is
    (1 - f) s^2 / n + f * sum(v_i) / n^2, where s^2 is the spread of the talons' estimated means
    (it holds their worlds' noise too) and v_i each talon's own variance over its units (Cochran,
    two-stage sampling, 11.8): every talon (f = 1) leaves the worlds' noise alone; given talons
    (``population`` None: no population, f = 0) the spread between them."""
    means, variances = [], []
    for v, u in zip(values, units):
        e = estimate(np.asarray(v, float), u)
        means.append(e.mean)
        variances.append(0.0 if not math.isfinite(e.stderr) else e.stderr ** 2)
    t = len(means)
    if t == 1:  # one given talon: its worlds' error alone
        return means[0], math.sqrt(variances[0])
    f = 0.0 if population is None else min(1.0, t / population)
    between = float(np.var(means, ddof=1))
    variance = (1 - f) * between / t + f * sum(variances) / t ** 2
    return float(np.mean(means)), math.sqrt(variance)


def _effective_units(share_: tuple[float, float], units: int) -> int:
    """The units a share's 95 % interval is taken on: all of them when the talons are all there,
    fewer when the talons' sampling adds to the error (the design effect: the n whose binomial
    error is the stated one), never more."""
    p, stderr = share_
    if stderr <= 0 or not 0 < p < 1:
        return units
    return max(1, min(units, int(p * (1 - p) / stderr ** 2)))


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
