"""View 4: a defender, after the actor's announcement. Should I flek?

The defender sees his own ten cards; the actor's ten, the partner's ten and the
talon are dealt uniformly from the other 22, the talon within the limits of a
discard (csm 7.2: no ace or ten in a game with trumps, never an announced seven)
and the announced sevens in the actor's hand. Each flek he may say (none, or
any set of the contract's parts) is priced world by world as settled at the
table (:mod:`analyzer.advice.flek`: csm 12.3, 12.4, 12.6; the actor's re a
stated policy), and the best is named with its gain over no flek and its
paired margin over the second. Rule choices: the csm 17 bonuses, which depend
on the actor's unseen cards, are left out; a laid-down game's csm 11.3 split
is not priced (the defender cannot tell which actor's hands are laid down).
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np

from analyzer.advice.actor import DEFAULT_WORLDS, read_cards, read_suit, read_where
from analyzer.advice.evaluate import outcomes
from analyzer.advice.flek import Deal, best_choice, choice_label, choices, pay
from analyzer.advice.money import four_side_cards, quiet_seven_seat
from analyzer.advice.options import Option, announced_mask, check_level, needs_marriage, rule_contracts
from analyzer.advice.result import Advice
from analyzer.advice.stats import estimate, share
from analyzer.advice.worlds import AdviceError, DealSource
from analyzer.batch import default_threads
from analyzer.cards import CardSet
from analyzer.cluster import client_for
from analyzer.contract import Contract, check_rule_set
from analyzer.errors import MariasError
from analyzer.scoring import resolve


def defender_view(hand: Any, contract: Any, *, trump: Any = None, side_suit: Any = None, actor: int = 0,
                  seat: int = 1, rules: str = "csm", level: Any = None, worlds: Any = None, where: Any = None,
                  seed: int = 0, jobs: int | None = None, scheduler: str | None = None,
                  progress: Any = None, actor_re: bool = True, known: Any = None, **rule_options: Any) -> Advice:
    """Each flek ``seat`` may say (none, each set of the contract's parts), priced at the table, best first;
    ``summary["flek"]``: the parts the best choice fleks. ``actor_re``: the actor answers a flek with a
    re on a part he makes in that world (False: never). ``known``: cards known to be in a seat's hand
    (seat -> cards) or in the talon (``"talon"`` -> cards); with few deals left, ``worlds="all"``
    (or a number at least their count) solves every one (exact figures).

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
    t = read_suit(trump)
    side = read_suit(side_suit)
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
    places = _known_places(known, own, seat, actor)
    source = DealSource(seat, actor, own.mask, sharp_ok, sevens, read_where(where), places["actor"],
                        places["partner"], places["talon"], needs_marriage(contract, rules, dict(rule_options)))
    n = DEFAULT_WORLDS if worlds is None else worlds
    exact = n == "all" or (isinstance(n, int) and not isinstance(n, bool) and source.total <= n)
    if not exact and (isinstance(n, bool) or not isinstance(n, int) or n < 2):
        raise AdviceError(f"worlds must be a whole number >= 2 or 'all', not {n!r}")
    rng = np.random.default_rng(seed)
    batch = source.exact() if exact else source.draw(rng, n)
    with client_for(scheduler, AdviceError) as client:
        out = outcomes([option], batch.hands, actor, rules, talon=batch.talon, exact_points=contract.has_trumps,
                       jobs=jobs or default_threads(), client=client)[option]
    if progress is not None:
        progress(1.0)
    opts = dict(rule_options)
    seven_seat = quiet_seven_seat(own, t, seat, actor)
    deal = Deal(contract, t, side if contract.two_sevens else None, actor, rules, opts, out,
                four_side_cards(batch.hands, actor, contract, side, rules, opts), seven_seat)
    units = batch.units
    level_text = None if bid is None else bid.to_json()
    fails = {c: estimate(~out.made[c], units, exact) for c in contract.components}
    makes, makes_ci = share(out.own_goal(contract), units, exact)
    p_make, stderr, ci95 = {"makes": makes.mean}, {"makes": makes.stderr}, {"makes": list(makes_ci)}
    for c in contract.components:
        e, ci = share(out.made[c], units, exact)
        p_make[c], stderr[c], ci95[c] = e.mean, e.stderr, list(ci)
    common = {"contract": contract.value, "trump": None if t is None else t.token,
              "side_suit": None if side is None or not contract.two_sevens else side.token, "discard": None,
              "level": level_text, "p_make": p_make, "stderr": stderr, "ci95": ci95,
              "worlds": len(batch), "exact": exact}
    pricers: dict = {}
    every = choices(contract, rules, opts)
    best, pays = best_choice(deal, seat, every, actor_re=actor_re, pricers=pricers)
    base = pays[()]
    rows = []
    for choice in every:
        money = pays[choice]
        e = estimate(money, units, exact)
        gain = estimate(money - base, units, exact)
        loss, loss_ci = share(money < 0, units, exact)
        worth = estimate(pay(deal, seat, choice, seat, played_out=True, actor_re=actor_re, pricers=pricers),
                         units, exact)
        rows.append({**common, "flek": list(choice) or None, "choice": choice_label(choice),
                     "expected_payment": e.mean, "payment_stderr": e.stderr,
                     "p_loss": loss.mean, "p_loss_stderr": loss.stderr, "p_loss_ci95": list(loss_ci),
                     "flek_gain": gain.mean, "flek_gain_stderr": gain.stderr,
                     "cards_worth": worth.mean, "cards_worth_stderr": worth.stderr})
    rows.sort(key=lambda r: -r["expected_payment"])
    ranked = [tuple(r["flek"] or ()) for r in rows]
    second = ranked[1] if ranked[0] == best and len(ranked) > 1 else ranked[0]
    margin = estimate(pays[best] - pays[second], units, exact) if second != best else None
    gain_best = estimate(pays[best] - base, units, exact)
    summary: dict[str, Any] = {
        "seat": seat, "actor": actor, "hand": str(own), "flek": list(best),
        "best": {"choice": choice_label(best), "flek": list(best),
                 "gain_over_no_flek": gain_best.mean, "gain_over_no_flek_stderr": gain_best.stderr,
                 "margin": None if margin is None else {"over": choice_label(second), "mean": margin.mean,
                                                        "stderr": margin.stderr, "worlds": margin.worlds}},
        "p_fail": {c: fails[c].mean for c in contract.components},
        "p_fail_stderr": {c: fails[c].stderr for c in contract.components},
        "actor_re": actor_re,
        "note": _note(rules, actor_re)}
    if contract.has_trumps and out.points is not None:
        pts = estimate(out.points, units, exact)
        summary["actor_mean_points"], summary["actor_mean_points_stderr"] = pts.mean, pts.stderr
    return Advice("defender", rules, table.unit, rows, seed, time.perf_counter() - started, summary)


def _known_places(known: Any, own: CardSet, seat: int, actor: int) -> dict[str, int]:
    """``known`` (seat or "talon" -> cards) as masks of the actor's, the partner's and the talon's cards."""
    out = {"actor": 0, "partner": 0, "talon": 0}
    sizes = {"actor": 10, "partner": 10, "talon": 2}
    seen = own.mask
    for key, cards in (known or {}).items():
        if key == "talon":
            place = "talon"
        elif key in (0, 1, 2) and not isinstance(key, bool) and key != seat:
            place = "actor" if key == actor else "partner"
        else:
            raise AdviceError(f"known cards go to the actor's or the partner's seat or the talon, not {key!r}")
        mask = read_cards(cards, f"the cards known in {key}").mask
        if mask & seen:
            raise AdviceError(f"a card known in {key} is already placed")
        seen |= mask
        out[place] |= mask
        if out[place].bit_count() > sizes[place]:
            raise AdviceError(f"more than {sizes[place]} cards known in {key}")
    return out


def _note(rules: str, actor_re: bool) -> str:
    """How the rows are priced, in the rule set's own terms."""
    csm = rules == "csm"
    settled = "priced as settled at the table " + ("(csm 12.3-12.4, 12.6)" if csm else f"({rules}'s whole settlement)")
    re = "the actor answers a flek with a re on a part he makes in that world" if actor_re else \
        "the actor never answers with a re"
    worth = "cards_worth: the same fleks played out" + (" (no csm 12.3-12.4)" if csm else "")
    return f"{settled}; {re}; your partner does not flek; {worth}"
