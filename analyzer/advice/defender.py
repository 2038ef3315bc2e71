"""View 4: a defender, after the actor's announcement. Should I flek?

The defender sees his own ten cards; the actor's ten, the partner's ten and the
talon are dealt uniformly from the other 22, the talon within the limits of a
discard (csm 7.2: no ace or ten in a game with trumps, never an announced seven)
and the announced sevens in the actor's hand. For each component of the
contract: P(the actor fails it), and the expected gain of a flek on it for this
defender (the payment with the flek less the payment without, world by world,
so the error is paired). Rule choices: the actor does not answer with a re; the
csm 17 bonuses, which depend on the actor's unseen cards, are left out.
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np

from analyzer.advice.actor import DEFAULT_WORLDS, _suit, read_cards, read_where
from analyzer.advice.evaluate import outcomes
from analyzer.advice.money import Pricer
from analyzer.advice.options import Option, announced_mask, check_level, rule_contracts
from analyzer.advice.result import Advice
from analyzer.advice.stats import estimate
from analyzer.advice.worlds import AdviceError, DealSource
from analyzer.batch import default_threads
from analyzer.cards import CardSet
from analyzer.cluster import client_for
from analyzer.contract import Contract, check_rule_set
from analyzer.errors import MariasError
from analyzer.rules import seven_of
from analyzer.scoring import resolve


def defender_view(hand: Any, contract: Any, *, trump: Any = None, side_suit: Any = None, actor: int = 0,
                  seat: int = 1, rules: str = "csm", level: Any = None, worlds: Any = None, where: Any = None,
                  seed: int = 0, jobs: int | None = None, scheduler: str | None = None,
                  progress: Any = None, **rule_options: Any) -> Advice:
    """P(the actor fails each component) and the expected gain of a flek on each, for ``seat``.

    >>> advice = defender_view("hA hX hK bA bX bK lA lX aA aX", "seven", trump="a", actor=0, seat=1,
    ...                        worlds=200, seed=1)
    >>> sorted(advice.summary["flek"])
    ['game', 'seven']
    """
    started = time.perf_counter()
    check_rule_set(rules)
    try:
        table = resolve(rules, rule_options)
        contract = Contract.parse(contract)
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    if contract not in rule_contracts(rules, **rule_options):
        raise AdviceError(f"{contract.value} is not a contract the actor announces in {rules}")
    for name, value in (("actor", actor), ("seat", seat)):
        if value not in (0, 1, 2) or isinstance(value, bool):
            raise AdviceError(f"{name} must be a seat 0, 1 or 2, not {value!r}")
    if actor == seat:
        raise AdviceError(f"seat {seat} is the actor, not a defender")
    own = read_cards(hand, "the hand")
    if len(own) != 10:
        raise AdviceError(f"a defender holds 10 cards, not {len(own)}")
    t = _suit(trump)
    side = _suit(side_suit)
    if contract.has_trumps and t is None:
        raise AdviceError(f"{contract.value} needs the trump suit (--trump)")
    if not contract.has_trumps and t is not None:
        raise AdviceError(f"{contract.value} is played without trumps")
    if contract.two_sevens and (side is None or side == t):
        raise AdviceError(f"{contract.value} needs a side suit other than the trump (side_suit)")
    bid = check_level(level, rules, **rule_options) if rules != "basic" else None
    option = Option(contract, t, side if contract.two_sevens else None, CardSet())
    sevens = announced_mask(option)
    if sevens & own.mask:
        raise AdviceError(f"{contract.value}: the announced seven is in the defender's own hand")
    sharp_ok = bool(table.option("sharp_talon")) or not contract.has_trumps
    source = DealSource(seat, actor, own.mask, sharp_ok, sevens, read_where(where))
    n = DEFAULT_WORLDS if worlds is None else worlds
    if n == "all":
        raise AdviceError("the defender's worlds (C(22,10) x C(12,2) deals) are too many to list: give --worlds N")
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise AdviceError(f"worlds must be a whole number >= 2, not {n!r}")
    rng = np.random.default_rng(seed)
    batch = source.draw(rng, n)
    with client_for(scheduler, AdviceError) as client:
        out = outcomes([option], batch.hands, actor, rules, talon=batch.talon, exact_points=contract.has_trumps,
                       jobs=jobs or default_threads(), client=client)[option]
    if progress is not None:
        progress(1.0)
    opts = dict(rule_options)
    args = (out.made, out.points, out.talon_points, out.actor_marriages, out.defence_marriages)
    seven_seat = None if t is None else (seat if own.mask >> int(seven_of(t)) & 1 else actor)
    base = Pricer(contract, t, side, actor, seat, rules, opts, None, quiet_seven_seat=seven_seat).prices(*args)
    units = batch.units
    level_text = None if bid is None else bid.to_json()
    fails = {c: estimate(~out.made[c], units) for c in contract.components}
    common = {"contract": contract.value, "trump": None if t is None else t.token,
              "side_suit": None if side is None or not contract.two_sevens else side.token, "discard": None,
              "level": level_text,
              "p_make": {"makes": estimate(out.own_goal(contract), units).mean,
                         **{c: 1 - fails[c].mean for c in contract.components}},
              "stderr": {"makes": estimate(out.own_goal(contract), units).stderr,
                         **{c: fails[c].stderr for c in contract.components}},
              "worlds": len(batch), "exact": False}
    rows = []
    plain = estimate(base, units)
    rows.append({**common, "flek": None, "expected_payment": plain.mean, "payment_stderr": plain.stderr,
                 "p_loss": estimate(base < 0, units).mean, "flek_gain": 0.0, "flek_gain_stderr": 0.0})
    worth = []
    limit = table.flek_limit(contract.value)
    for component in contract.components:
        if limit is not None and limit < 1:
            continue
        pricer = Pricer(contract, t, side, actor, seat, rules, opts, None, flek={component: 1},
                        flekers={component: [seat]}, quiet_seven_seat=seven_seat)
        pay = pricer.prices(*args)
        e = estimate(pay, units)
        gain = estimate(pay - base, units)
        if gain.mean > 0:
            worth.append(component)
        rows.append({**common, "flek": component, "expected_payment": e.mean, "payment_stderr": e.stderr,
                     "p_loss": estimate(pay < 0, units).mean, "flek_gain": gain.mean, "flek_gain_stderr": gain.stderr})
    rows.sort(key=lambda r: -r["expected_payment"])
    summary = {"seat": seat, "actor": actor, "hand": str(own), "flek": worth,
               "p_fail": {c: fails[c].mean for c in contract.components},
               "p_fail_stderr": {c: fails[c].stderr for c in contract.components},
               "note": "a flek pays if its expected gain is above 0; the actor's re is not modelled"}
    if contract.has_trumps and out.points is not None:
        pts = estimate(out.points, units)
        summary["actor_mean_points"], summary["actor_mean_points_stderr"] = pts.mean, pts.stderr
    return Advice("defender", rules, table.unit, rows, seed, time.perf_counter() - started, summary)
