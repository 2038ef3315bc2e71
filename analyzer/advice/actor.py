"""View 1: the actor after the talon. Every admissible option, ranked by expected payment.

The procedure (docs/advice.md):

1. **Screening** by successive halving: every option is solved (yes/no
   questions only) on a few common worlds; the better half stays and the
   worlds double, until three options are left. The answers bound each
   world's card points, so a payment is known between bounds; an option is
   dropped only when its bounds say it is worse, or, where they cannot tell,
   on exact payments (yes/no questions at the payment's steps: the payments
   of exact points). Each option's figures at the stage it left are kept
   (with their smaller number of worlds).
2. **Confirmation** on fresh worlds (or on every world, when they are few
   enough: exact): the three survivors, with exact payments, so the winner
   is not chosen on the luck of the worlds that selected it.
3. For each option the payment is averaged over the worlds *first*, and only
   then is the best option taken; each confirmed option also gets its money
   at the table (:mod:`analyzer.advice.table`). The clairvoyant figure (the best option per
   world, averaged) is reported beside it as a diagnostic of how much
   knowing the cards would be worth.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.advice.evaluate import Outcome, each_layout, outcomes, sharing
from analyzer.advice.money import Pricer, holding, quiet_seven_seat
from analyzer.advice.options import Option, admissible, check_level, play_alike, read_contracts
from analyzer.advice.result import Advice
from analyzer.advice.stats import Estimate, estimate, paired, share, unpaired_stderr
from analyzer.advice.steps import TENS, point_bounds, settled_tens, tens
from analyzer.advice.table import at_table
from analyzer.advice.where import parse_where
from analyzer.advice.worlds import (
    ENUMERATION_CAP,
    AdviceError,
    SplitSource,
    WorldBatch,
    from_predicate,
    split_source,
    symmetric,
)
from analyzer.batch import default_threads
from analyzer.cards import CardSet, Suit
from analyzer.cluster import client_for
from analyzer.contract import check_rule_set
from analyzer.errors import MariasError
from analyzer.scoring import resolve

FIRST_UNITS = 4        # units per option in the first screening stage
RACE_Z = 3.0           # an option is dropped early when the leader beats it by this many paired errors...
RACE_UNITS = 28        # ...on at least this many units (fewer say too little about the error itself)
MAX_STAGE_UNITS = 64   # units per stage at most: later stages only halve the options
SURVIVORS = 3          # options confirmed on fresh worlds
DEFAULT_WORLDS = 600   # worlds for the confirmation, unless every world is fewer
UNTIE_ROUNDS = 3       # rounds of as many fresh worlds again while the first two pay the same in each

Progress = Callable[[float], None]


def read_cards(cards: Any, what: str) -> CardSet:
    """A hand given as text (``"hA hX ..."``), a CardSet, or a list of tokens."""
    try:
        if isinstance(cards, CardSet):
            return cards
        if isinstance(cards, (list, tuple)):
            cards = " ".join(str(c) for c in cards)
        if not isinstance(cards, str):
            raise AdviceError(f"{what} must be card text such as 'hA hX b7', not {cards!r}")
        return CardSet.from_str(cards)
    except MariasError as exc:
        raise AdviceError(f"{what}: {exc}") from None


def read_where(where: Any) -> Callable[[np.ndarray], np.ndarray] | None:
    """A constraint: None, an expression (``"seat1.hearts >= 3"``) or a Python predicate on three CardSets."""
    if where is None:
        return None
    if isinstance(where, str):
        return parse_where(where)
    if callable(where):
        return from_predicate(where)
    raise AdviceError(f"where must be an expression or a predicate, not {where!r}")


def read_known(known: Any) -> dict[int, CardSet]:
    out: dict[int, CardSet] = {}
    for seat, cards in (known or {}).items():
        if seat not in (0, 1, 2):
            raise AdviceError(f"known cards need a seat 0, 1 or 2, not {seat!r}")
        out[int(seat)] = read_cards(cards, f"the cards known in seat {seat}")
    return out


def read_worlds(worlds: Any) -> int | None:
    """None for every world ("all"), else a whole number >= 2."""
    if worlds is None:
        return DEFAULT_WORLDS
    if worlds == "all":
        return None
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 2:
        raise AdviceError(f"worlds must be a whole number >= 2 or 'all', not {worlds!r}")
    return worlds


@dataclass
class Context:
    """What every evaluation of one actor's hand shares."""

    twelve: CardSet
    actor: int
    rules: str
    options: dict[str, Any]
    jobs: int
    client: Any = None  # a dask.distributed client: the worlds are solved on its workers
    # The screening's undecided payments by exact points rather than by questions at their steps
    # (the same payments, more nodes): for the test that they agree.
    exact_redo: bool = False
    pricers: dict[tuple, Pricer] = field(default_factory=dict)

    def pricer(self, option: Option) -> Pricer:
        notrump = not option.contract.has_trumps
        key = (option.contract, option.trump, option.side_suit, option.discard.mask if notrump else None)
        pricer = self.pricers.get(key)
        if pricer is None:
            cards = self.twelve - option.discard if notrump else self.twelve
            facts = holding(cards, option.contract, option.trump, option.side_suit)
            seven_seat = quiet_seven_seat(self.twelve, option.trump, self.actor, (self.actor + 1) % 3)
            pricer = self.pricers[key] = Pricer(option.contract, option.trump, option.side_suit, self.actor,
                                                self.actor, self.rules, self.options, facts,
                                                quiet_seven_seat=seven_seat)
        return pricer


@dataclass
class Record:
    """One option's results on a set of worlds."""

    units: np.ndarray
    pay: np.ndarray
    made: dict[str, np.ndarray]
    makes: np.ndarray
    points: np.ndarray | None
    exact: bool = False
    # Without exact points: the payment at the fewest and at the most points the yes/no answers
    # allow, world by world (``pay`` is then their middle); None when the payment is known.
    pay_low: np.ndarray | None = None
    pay_high: np.ndarray | None = None
    # A trump game's yes/no answers in these worlds (no exact points searched): :func:`made_exact`
    # finds the exact payments of the worlds still between bounds from them, solving none again.
    outcome: Outcome | None = None

    def extend(self, other: Record) -> Record:
        def cat(a: np.ndarray | None, b: np.ndarray | None, fallback_a: np.ndarray,
                fallback_b: np.ndarray) -> np.ndarray | None:
            if a is None and b is None:
                return None
            return np.concatenate([fallback_a if a is None else a, fallback_b if b is None else b])

        return Record(np.concatenate([self.units, other.units]), np.concatenate([self.pay, other.pay]),
                      {k: np.concatenate([v, other.made[k]]) for k, v in self.made.items()},
                      np.concatenate([self.makes, other.makes]),
                      None if self.points is None or other.points is None
                      else np.concatenate([self.points, other.points]), False,
                      cat(self.pay_low, other.pay_low, self.pay, other.pay),
                      cat(self.pay_high, other.pay_high, self.pay, other.pay),
                      None if self.outcome is None or other.outcome is None
                      else Outcome.join([self.outcome, other.outcome]))

    def known(self) -> bool:
        """Is the payment known in every world (no world left between bounds)?"""
        return self.pay_low is None or self.pay_high is None or bool(np.array_equal(self.pay_low, self.pay_high))

    def bounds(self) -> tuple[float, float]:
        """The mean payment's bounds over these worlds (equal when every payment is known)."""
        low = self.pay if self.pay_low is None else self.pay_low
        high = self.pay if self.pay_high is None else self.pay_high
        return float(low.mean()), float(high.mean())

    def payment(self) -> Estimate:
        return estimate(self.pay, self.units, self.exact)


def evaluate(options: list[Option], batch: WorldBatch, ctx: Context, exact_points: bool,
             exact: bool = False, payments: bool = False) -> dict[Option, Record]:
    """Solve and price every option on the batch's worlds. Without exact points a trump game's
    payment is known only between its values at the fewest and the most points the answers allow
    (``pay_low``, ``pay_high``; ``pay`` their middle): screening compares those bounds. With
    ``payments`` the payments are made exact all the same, by yes/no questions at the points where
    the payment steps (:func:`_exact_payments`): the payments of exact points, without the points."""
    if payments and ctx.exact_redo:
        exact_points, payments = True, False
    records: dict[Option, Record] = {}
    undecided: dict[Option, tuple[Outcome, np.ndarray, np.ndarray]] = {}

    def price(option: Option, out: Outcome) -> None:
        # on the thread that solved the layout, while the others search (distinct keys of the dicts)
        pricer = ctx.pricer(option)
        makes = out.own_goal(option.contract)
        if option.contract.has_trumps and out.points is None:
            low, high = point_bounds(out)
            args = (out.talon_points, out.actor_marriages, out.defence_marriages)
            a = pricer.prices(out.made, low, *args)
            b = pricer.prices(out.made, high, *args)
            if payments and (a != b).any():
                undecided[option] = (out, low, high)
            elif payments:
                records[option] = Record(batch.units, a, out.made, makes, None, exact, outcome=out)
            else:
                pay_low, pay_high = np.minimum(a, b), np.maximum(a, b)
                records[option] = Record(batch.units, (pay_low + pay_high) / 2, out.made, makes, None, exact,
                                         pay_low, pay_high, out)
            return
        pay = pricer.prices(out.made, out.points if option.contract.has_trumps else None,
                            out.talon_points, out.actor_marriages, out.defence_marriages)
        records[option] = Record(batch.units, pay, out.made, makes, out.points, exact)

    outcomes(options, batch.hands, ctx.actor, ctx.rules, twelve=ctx.twelve, exact_points=exact_points,
             jobs=ctx.jobs, client=ctx.client, then=price)
    undecided = {o: undecided[o] for o in options if o in undecided}  # in the options' order, as before
    if undecided:
        records.update(_exact_payments(undecided, batch, ctx, exact))
    return {o: records[o] for o in options}


def made_exact(options: list[Option], records: dict[Option, Record], batch: WorldBatch,
               ctx: Context) -> dict[Option, Record]:
    """The exact payments of options whose ``records`` on ``batch``'s worlds hold only bounds: those
    of ``evaluate(options, batch, ctx, False, payments=True)``, from the yes/no answers the records
    kept (only the questions at the payment's steps are asked), where solving the worlds again
    had spent a third of the screening's redo (hand 1 of the benchmark: 0.25 of 1.44 s)."""
    if not options:
        return {}
    if ctx.exact_redo or any(records[o].outcome is None for o in options):
        return evaluate(options, batch, ctx, exact_points=False, payments=True)
    # each layout's worlds where one of its options is still between bounds (elsewhere the
    # payments are known: the answers left no step inside the bounds, or the steps were asked)
    between: dict[tuple, np.ndarray] = {}
    for option in options:
        r = records[option]
        wide = np.zeros(len(r.pay), bool) if r.pay_low is None else r.pay_low != r.pay_high
        between[option.layout] = between[option.layout] | wide if option.layout in between else wide
    rows = {layout: np.flatnonzero(wide) for layout, wide in between.items()}
    undecided = {}
    for option in options:
        out = records[option].outcome
        assert out is not None
        part = out.subset(rows[option.layout])
        undecided[option] = (part, *point_bounds(part))
    found = _exact_payments(undecided, batch, ctx, exact=False, rows=rows)
    done = {}
    for option in options:
        r, at = records[option], rows[option.layout]
        pay = r.pay.copy()
        pay[at] = found[option].pay
        done[option] = Record(r.units, pay, r.made, r.makes, None, False, outcome=r.outcome)
    return done


def _exact_payments(undecided: dict[Option, tuple[Outcome, np.ndarray, np.ndarray]], batch: WorldBatch,
                    ctx: Context, exact: bool, rows: dict[tuple, np.ndarray] | None = None) -> dict[Option, Record]:
    """The exact payments of trump games whose yes/no answers left them between bounds: each
    option's payment as a table over the points, and yes/no questions at its steps, asked in one
    batch per layout for every step of its options (:mod:`analyzer.advice.steps`). ``rows``: each
    layout's worlds of the batch (its options' outcomes those worlds' alone); by default all."""
    groups: dict[tuple, list[Option]] = {}
    for option in undecided:
        groups.setdefault(option.layout, []).append(option)
    widest = max((len(undecided[g[0]][1]) for g in groups.values()), default=0)
    workers, threads = sharing(len(groups), ctx.jobs, widest)

    def run(group: list[Option]) -> dict[Option, Record]:
        at = slice(None) if rows is None else rows[group[0].layout]
        hands, units = batch.hands[at], batch.units[at]
        n = len(hands)
        # Each option's payment at every ten of points, clipped to the bounds (so constant outside
        # them), priced in one call: pays[w, k] is world w's payment at 10k points.
        tables = {}
        for option in group:
            out, low, high = undecided[option]
            made = {c: np.repeat(v, TENS) for c, v in out.made.items()}
            tables[option] = ctx.pricer(option).prices(
                made, tens(low, high), np.repeat(out.talon_points, TENS), np.repeat(out.actor_marriages, TENS),
                np.repeat(out.defence_marriages, TENS)).reshape(n, TENS)
        low = undecided[group[0]][1]  # the answers' bounds are the layout's, the same for its options
        floor = settled_tens(group[0], hands, ctx.actor, ctx.rules, ctx.twelve, None, low,
                             list(tables.values()), threads)
        return {option: Record(units, tables[option][np.arange(n), floor], undecided[option][0].made,
                               undecided[option][0].own_goal(option.contract), None, exact,
                               outcome=undecided[option][0])
                for option in group}

    records: dict[Option, Record] = {}
    for part in each_layout(run, list(groups.values()), workers):
        records.update(part)
    return records


def row(option: Option | None, record: Record, stage: str, level: str | None = None,
        extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """One option's figures with the JSON keys of the issue."""
    exact = record.exact
    p_make: dict[str, float] = {}
    stderr: dict[str, float] = {}
    ci95: dict[str, list[float]] = {}
    names = list(record.made)
    own, ci95["makes"] = share(record.makes, record.units, exact)
    p_make["makes"], stderr["makes"] = own.mean, own.stderr
    for name in names:
        e, ci95[name] = share(record.made[name], record.units, exact)
        p_make[name], stderr[name] = e.mean, e.stderr
    pay = record.payment()
    loss, loss_ci = share(record.pay < 0, record.units, exact)
    out: dict[str, Any] = {
        "contract": option.contract.value if option else None,
        "trump": option.trump.token if option and option.trump is not None else None,
        "side_suit": option.side_suit.token if option and option.side_suit is not None else None,
        "discard": [str(c) for c in option.discard] if option else None,
        "level": level,
        "p_make": p_make, "stderr": stderr, "ci95": {k: list(v) for k, v in ci95.items()},
        "worlds": pay.worlds, "exact": exact,
        "expected_payment": pay.mean, "payment_stderr": pay.stderr,
        "p_loss": loss.mean, "p_loss_stderr": loss.stderr, "p_loss_ci95": list(loss_ci),
        "stage": stage,
    }
    bounds = record.bounds()
    out["comparable"] = bool(bounds[1] - bounds[0] < 1e-9)
    if not out["comparable"]:
        # the payments are known only between bounds (no exact points on these worlds): the row is
        # not comparable with a priced one, and says so
        out["payment_bounds"] = list(bounds)
    if record.points is not None:
        points = estimate(record.points, record.units, exact)
        out["mean_points"], out["mean_points_stderr"] = points.mean, points.stderr
    if extra:
        out.update(extra)
    return out


def screen(options: list[Option], source: SplitSource, ctx: Context, rng: np.random.Generator,
           survivors: int = SURVIVORS, first_units: int = FIRST_UNITS,
           progress: Progress | None = None) -> tuple[list[Option], dict[Option, tuple[Record, int]]]:
    """Successive halving on common worlds; returns the survivors and every option's record at the
    stage it left (with that stage's number).

    Without exact points an option's mean payment is known between two bounds (Record.bounds). At
    each stage the options are ranked by the middle of their bounds, and one below the half is
    dropped only when its upper bound is under the lower bound of the last one kept; where the
    bounds overlap, the options in doubt get their exact payments on every world of the stages so
    far (:func:`_exact_payments`), and are ranked on those. A betl or a durch (a payment of two
    values, rare and large) is not dropped on its few worlds' luck: the best of its contract stays
    while its 95 % upper bound (:func:`_long_shots`) reaches the kept options' lower bounds, and
    one still in doubt when the halving ends is confirmed beside the survivors (a betl's or a
    durch's searches are cheap: no points)."""
    alive = list(options)
    kept: dict[Option, Record] = {}
    left: dict[Option, tuple[Record, int]] = {}
    batches: list[WorldBatch] = []
    units, start, stage = first_units, 0, 0
    stages = max(1, math.ceil(math.log2(max(1, len(options) / survivors)))) + 1
    while True:
        batch = source.draw(rng, units, start)
        batches.append(batch)
        start += units
        fresh = evaluate(alive, batch, ctx, exact_points=False)
        for option in alive:
            kept[option] = kept[option].extend(fresh[option]) if option in kept else fresh[option]
        stage += 1
        if progress is not None:
            progress(min(0.5, 0.5 * stage / stages))
        if len(alive) <= survivors:
            break
        # Halve; and once few enough that halving would leave the survivors, leave them.
        early = _beaten_early(alive, kept, survivors, batches, ctx)
        for option in early:
            left[option] = (kept.pop(option), stage)
        alive = [o for o in alive if o not in early]
        keep = survivors if len(alive) <= 2 * survivors else math.ceil(len(alive) / 2)
        ranked = _rank_by_bounds(alive, kept, keep, batches, ctx) if len(alive) > keep else \
            sorted(alive, key=lambda o: -float(kept[o].pay.mean()))
        shots = _long_shots(ranked, keep, kept, ctx)
        beaten = _beaten(ranked, kept, survivors)
        top = [o for o in ranked[:keep] if o not in beaten]
        for option in ranked:
            if option not in top and option not in shots:
                left[option] = (kept.pop(option), stage)
        alive = top + shots
        if len(top) <= survivors:
            break  # a long shot still in doubt is confirmed beside the survivors
        units = min(2 * units, MAX_STAGE_UNITS)
    # The survivors' payments made exact on every world of the screening (where some are still
    # between bounds: the steps are asked there alone), for the choice among them (:func:`choose`)
    open_ = [o for o in alive if not kept[o].known()]
    if open_:
        kept.update(made_exact(open_, kept, _every(batches), ctx))
    alive.sort(key=lambda o: -float(kept[o].pay.mean()))
    for option in alive:
        left[option] = (kept[option], stage)
    return alive, left


def _rank_by_bounds(alive: list[Option], kept: dict[Option, Record], keep: int, batches: list[WorldBatch],
                    ctx: Context) -> list[Option]:
    """``alive`` ranked so that every option after the first ``keep`` is worse than ``keep`` others by
    its bounds, or by its exact payment where the bounds could not tell (solved again, in ``kept``)."""
    def middle(o: Option) -> float:
        return float(kept[o].pay.mean())

    bounds = {o: kept[o].bounds() for o in alive}
    # An option whose upper bound is under the lower bounds of ``keep`` others is worse than each.
    floor = sorted((b[0] for b in bounds.values()), reverse=True)[keep - 1]
    worse = [o for o in alive if bounds[o][1] < floor]
    open_ = [o for o in alive if bounds[o][1] >= floor]
    if len(open_) > keep:
        highs = np.sort(np.array([bounds[o][1] for o in open_]))

        def surely_kept(o: Option) -> bool:
            # fewer than ``keep`` others could be above it: it stays whatever the exact points
            above = len(highs) - np.searchsorted(highs, bounds[o][0], side="right")
            return above - (bounds[o][1] > bounds[o][0]) < keep

        redo = [o for o in open_ if kept[o].pay_low is not None and bounds[o][1] > bounds[o][0]
                and not surely_kept(o)]
        if redo:
            again = made_exact(redo, kept, _every(batches), ctx)
            for option in redo:
                kept[option] = again[option]
    open_.sort(key=lambda o: -middle(o))
    worse.sort(key=lambda o: -middle(o))
    return open_ + worse


def _every(batches: list[WorldBatch]) -> WorldBatch:
    """The screening's stages' worlds as one batch."""
    return WorldBatch(np.concatenate([b.hands for b in batches]), np.concatenate([b.units for b in batches]))


def _beaten_early(alive: list[Option], kept: dict[Option, Record], survivors: int, batches: list[WorldBatch],
                  ctx: Context) -> set[Option]:
    """Before the halving makes the options in doubt exact (:func:`_rank_by_bounds`), the trump games
    beaten beyond doubt (:func:`_beaten`) by the option of the best mean lower bound, made exact
    for it (one option), on their upper bounds: dropped without their own exact payments (15 of
    the 25 sevens redone at hand 1's fourth stage). The first ``survivors`` by the middle of their
    bounds are not dropped so, as :func:`_beaten` spares the first of the ranking."""
    if len(np.unique(kept[alive[0]].units)) < RACE_UNITS:
        return set()
    lead = max(alive, key=lambda o: kept[o].bounds()[0])
    if not kept[lead].known():
        kept.update(made_exact([lead], kept, _every(batches), ctx))
    order = [lead] + sorted((o for o in alive if o != lead), key=lambda o: -float(kept[o].pay.mean()))
    return _beaten(order, kept, survivors)


def _beaten(ranked: list[Option], kept: dict[Option, Record], survivors: int) -> set[Option]:
    """The trump games after the first ``survivors`` that the leader beats beyond doubt: the paired
    difference of the leader's lower payment bound and the option's upper one, world by world, is
    above RACE_Z of its standard errors on at least RACE_UNITS units. Halving alone kept half of
    the options however far behind they were, stage after stage on the most worlds; a betl or a
    durch (two payments, rare and large: :func:`_long_shots`) is left to the halving."""
    leader = kept[ranked[0]]
    low = leader.pay if leader.pay_low is None else leader.pay_low
    if len(np.unique(leader.units)) < RACE_UNITS:
        return set()
    out = set()
    for option in ranked[survivors:]:
        if not option.contract.has_trumps:
            continue
        record = kept[option]
        high = record.pay if record.pay_high is None else record.pay_high
        gap = paired(low, high, leader.units)
        if gap.mean > RACE_Z * gap.stderr and gap.mean > 0:
            out.add(option)
    return out


def _long_shots(ranked: list[Option], keep: int, kept: dict[Option, Record], ctx: Context) -> list[Option]:
    """Among the options ranked below the first ``keep``, the best betl and the best durch (of a
    contract none of the first ``keep`` plays) whose mean payment may still be as good as each
    kept option's: its payment is one of two values (made, failed), so its mean's 95 % upper bound
    is theirs at the upper end of the interval of P(make) on the units drawn (Wilson, or the exact
    bound at 0 of n), where a mean and its spread over a few worlds said nothing when it never
    made there. Compared with the lowest lower bound of the kept options' means."""
    floor = min(kept[o].bounds()[0] for o in ranked[:keep])
    taken = {o.contract for o in ranked[:keep]}
    out = []
    for option in ranked[keep:]:
        if option.contract.has_trumps or option.contract in taken:
            continue
        taken.add(option.contract)
        record = kept[option]
        _, (_, p_high) = share(record.makes, record.units)
        ends = ctx.pricer(option).prices({c: np.array([False, True]) for c in record.made},
                                         None, np.zeros(2, np.int64), np.zeros(2, np.int64), np.zeros(2, np.int64))
        if ends[0] + p_high * (ends[1] - ends[0]) >= floor:
            out.append(option)
    return out


def confirm(survivors: list[Option], source: SplitSource, ctx: Context, rng: np.random.Generator,
            worlds: int | None) -> tuple[dict[Option, Record], bool, WorldBatch]:
    """The survivors on fresh worlds with exact payments; every world when they are few enough.
    Sampled worlds get their payments from the yes/no questions and those at the payment's steps
    (the payments of exact points for a third to a quarter of the nodes), so their rows give no
    mean card points; every world solved gets the exact points too."""
    total = source.total
    if source.where is not None and total <= ENUMERATION_CAP and worlds is not None and total > worlds:
        total = source.count()  # the constraint may leave few enough to solve them all
    exact = worlds is None or total <= worlds
    if exact:
        batch = source.exact()
    else:
        per_unit = 2 if source.swappable else 1
        batch = source.draw(rng, max(2, worlds // per_unit), start=10 ** 9)
    return evaluate(survivors, batch, ctx, exact_points=exact, exact=exact, payments=not exact), exact, batch


def choose(survivors: list[Option], final: dict[Option, Record], left: dict[Option, tuple[Record, int]],
           exact: bool) -> list[Option]:
    """The survivors in the order of the choice. Sampled, they are ranked on every world that
    priced them all exactly: the confirmation's and the screening's (the survivors were alive to
    the end of the screening, so its worlds are common to them; where one was priced only between
    bounds there, on the confirmation's alone). The confirmed discards of one contract are often
    within a few hundredths of a Kč, and the 600 fresh worlds alone misrank them now and then (on
    seed 2026's quality check, hand 3: a discard 0.12 Kč behind the best, which the screening's
    376 more worlds set right). The figures each row reports stay those of the confirmation alone."""
    return sorted(survivors, key=lambda o: -float(_choice_pays(o, survivors, final, left, exact).mean()))


def _choice_pays(option: Option, survivors: list[Option], final: dict[Option, Record],
                 left: dict[Option, tuple[Record, int]], exact: bool) -> np.ndarray:
    """The payments :func:`choose` ranks ``option`` on, world by world."""
    if not exact and all(left[s][0].known() for s in survivors):
        return np.concatenate([left[option][0].pay, final[option].pay])
    return final[option].pay


def untie(survivors: list[Option], final: dict[Option, Record], left: dict[Option, tuple[Record, int]],
          source: SplitSource, ctx: Context, rng: np.random.Generator, worlds: int,
          rounds: int = UNTIE_ROUNDS) -> dict[Option, Record]:
    """The confirmation of betl and durch continued on fresh worlds, ``worlds`` more a round, while
    the first two of the choice are such and pay the same in every world solved (up to ``rounds``
    rounds). Such a tie is common where every option is hopeless (a betl that fails in each world
    whatever the discard, where one discard makes in one world of a few hundred), and their
    searches are cheap. Two trump games tied on every world (discards that differ in a rare world)
    are left tied: each round cost a third of the view's time, for hundredths of a Kč."""
    per_unit = 2 if source.swappable else 1
    for _ in range(rounds):
        first, second = choose(survivors, final, left, False)[:2]
        if first.contract.has_trumps or second.contract.has_trumps:
            break
        if not np.array_equal(_choice_pays(first, survivors, final, left, False),
                              _choice_pays(second, survivors, final, left, False)):
            break
        start = 1 + int(max(int(final[o].units.max()) for o in survivors))
        batch = source.draw(rng, max(2, worlds // per_unit), start=start)
        more = evaluate(survivors, batch, ctx, exact_points=False, payments=True)
        final = {o: final[o].extend(more[o]) for o in survivors}
    return final


def summary(final: dict[Option, Record], ranked: list[Option], exact: bool) -> dict[str, Any]:
    """The paired margin of the best over the second, and the clairvoyant diagnostic."""
    out: dict[str, Any] = {}
    if not ranked:
        return out
    best = final[ranked[0]]
    if len(ranked) > 1:
        second = final[ranked[1]]
        margin = paired(best.pay, second.pay, best.units, exact)
        out["margin"] = {"over": _label(ranked[1]), "mean": margin.mean, "stderr": margin.stderr,
                         "unpaired_stderr": unpaired_stderr(best.payment(), second.payment()),
                         "worlds": margin.worlds, "exact": exact}
    per_world_best = np.max(np.stack([final[o].pay for o in ranked]), axis=0)
    clair = estimate(per_world_best, best.units, exact)
    out["clairvoyant"] = {"expected_payment": clair.mean, "stderr": clair.stderr, "worlds": clair.worlds,
                          "exact": exact, "over": len(ranked),
                          "note": "best option per world, averaged: what seeing the cards would be worth"}
    return out


def _label(option: Option) -> dict[str, Any]:
    return {"contract": option.contract.value, "trump": None if option.trump is None else option.trump.token,
            "side_suit": None if option.side_suit is None else option.side_suit.token,
            "discard": [str(c) for c in option.discard]}


def prepare(hand: Any, talon: Any, seat: int, rules: str, where: Any, known: Any) -> tuple[CardSet, SplitSource]:
    check_rule_set(rules)
    if seat not in (0, 1, 2) or isinstance(seat, bool):
        raise AdviceError(f"the seat is 0 (forehand), 1 (zadák) or 2 (dealer), not {seat!r}")
    cards = read_cards(hand, "the hand")
    if talon is not None:
        extra = read_cards(talon, "the talon")
        if len(extra) != 2:
            raise AdviceError(f"the talon holds 2 cards, not {len(extra)}")
        if extra.mask & cards.mask:
            raise AdviceError(f"a talon card is also in the hand: {extra & cards}")
        cards = cards | extra
    if len(cards) != 12:
        raise AdviceError(f"the actor after the talon holds 12 cards, not {len(cards)} ({cards})")
    constraint = read_where(where)
    source = split_source(cards, seat, read_known(known), constraint)
    if constraint is not None and not any(source.known):
        source.swappable = symmetric(constraint, source.seats, np.random.default_rng(0), source)
    return cards, source


def actor_view(hand: Any, *, talon: Any = None, seat: int = 0, rules: str = "csm", level: Any = None,
               trump: Any = None, worlds: Any = None, where: Any = None, known: Any = None, seed: int = 0,
               jobs: int | None = None, all_discards: bool = False, contracts: Any = None,
               progress: Progress | None = None, scheduler: str | None = None, table: bool = True,
               **rule_options: Any) -> Advice:
    """Every admissible option of the actor after the talon, best expected payment first.

    ``hand``: 12 cards (or 10 and ``talon``); ``level``: the bid won (csm, licit); ``trump``: fixed
    trumps (the basic game); ``worlds``: worlds for the confirmation, or ``"all"``; ``where``: an
    expression or a predicate on the three hands; ``known``: seat -> cards known there;
    ``scheduler``: a dask.distributed scheduler's address (or env DASK_SCHEDULER_ADDRESS) that
    solves the worlds instead of ``jobs`` local threads; ``table``: each confirmed row gets
    ``at_table``, its money when the defence fleks by its own advice (analyzer.advice.table).
    Raises AdviceError (a ValueError) for bad input.

    >>> advice = actor_view("hA hX hK hO hU h9 h8 h7 bA bX aA aX", seed=1, worlds=40)
    >>> advice.best["contract"], advice.best["discard"], advice.best["p_make"]["makes"]
    ('durch', ['bX', 'aX'], 1.0)
    """
    started = time.perf_counter()
    twelve, source = prepare(hand, talon, seat, rules, where, known)
    try:
        resolve(rules, rule_options)
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    bid = check_level(level, rules, **rule_options)
    fixed_trump = read_suit(trump)
    wanted = read_contracts(contracts, rules, **rule_options)
    options = admissible(twelve, rules, bid, fixed_trump, wanted, **rule_options)
    if not options:
        raise AdviceError(f"no contract the rules allow at level {bid} can be announced with {twelve}")
    n_worlds = read_worlds(worlds)
    with client_for(scheduler, AdviceError) as client:
        ctx = Context(twelve, seat, rules, dict(rule_options), jobs or default_threads(), client)
        alike = alike_options(options, ctx)
        rng = np.random.default_rng(seed)
        survivors, left = screen(list(alike), source, ctx, rng, progress=progress)
        final, exact, final_batch = confirm(survivors, source, ctx, rng, n_worlds)
        if not exact and len(survivors) > 1:
            assert n_worlds is not None
            final = untie(survivors, final, left, source, ctx, rng, n_worlds)
    if progress is not None:
        progress(1.0)

    def also(option: Option) -> dict[str, Any] | None:
        others = alike[option]
        return {"alike_discards": [[str(c) for c in o.discard] for o in others]} if others else None

    ranked = choose(survivors, final, left, exact)
    rows = [row(o, final[o], "confirmed", o.bid(rules).to_json() if rules != "basic" else None, also(o))
            for o in ranked]
    if table:
        # the money at the table, the defence fleking by its own advice (analyzer.advice.table),
        # for the first three (a long shot confirmed beside them and ranked lower goes without)
        for r, option in zip(rows[:SURVIVORS], ranked):
            r["at_table"] = at_table(option, twelve, final_batch, seat, rules, dict(rule_options), seed,
                                     jobs=ctx.jobs)
    # the rest ranked by their own money (the middle of its bounds where only bounds are known)
    others = sorted((o for o in alike if o not in final), key=lambda o: -left[o][0].pay.mean())
    seen = {(o.contract, o.trump, o.side_suit) for o in ranked}
    for option in others:
        key = (option.contract, option.trump, option.side_suit)
        if not all_discards and key in seen:
            continue
        seen.add(key)
        record, stage = left[option]
        rows.append(row(option, record, f"screened ({stage} stage{'s' if stage > 1 else ''})",
                        option.bid(rules).to_json() if rules != "basic" else None, also(option)))
    info = summary(final, ranked, exact)
    info.update({"seat": seat, "hand": str(twelve), "options_considered": len(options),
                 "options_searched": len(alike), "level": None if bid is None else bid.to_json()})
    return Advice("actor", rules, resolve(rules, rule_options).unit, rows, seed, time.perf_counter() - started, info)


def alike_options(options: list[Option], ctx: Context) -> dict[Option, list[Option]]:
    """The options that play alike (:func:`analyzer.advice.options.play_alike`) and are priced
    alike (the same bonus facts: a betl's or a durch's are counted from the ten cards played),
    grouped: the first of each group -> the others. The searches answer a group alike in every
    world, so its first stands for it (``tests/test_advice_alike.py`` holds every group to
    that): about half of the admissible options are such copies (472 -> 209 on a benchmark
    hand), which had each been searched, stage after stage."""
    groups: dict[tuple, list[Option]] = {}
    for option in options:
        facts = json.dumps(ctx.pricer(option).base.get("holding"), sort_keys=True)
        groups.setdefault((play_alike(option, ctx.twelve), facts), []).append(option)
    return {group[0]: group[1:] for group in groups.values()}


def read_suit(value: Any) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    try:
        return Suit.from_str(str(value))
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
