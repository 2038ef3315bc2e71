"""The defence's flek as a decision, priced with the table's whole settlement.

A defender chooses which parts of the announced contract to flek: none, or
any set of its components (a seven: the game, the seven, or both). Each
choice is priced world by world through :mod:`analyzer.scoring` as settled at
the table, so csm 12.3 (a seven with no flek on any part is not played: the
actor takes 1 Kč from each, 2 in hearts) and 12.4 (a seven fleked only on the
game is free) decide the money, and csm 12.6 voids a two sevens against four
side cards in one hand.

The actor's answer is a stated policy (docs/advice.md): he answers a flek
with a re on a part he makes in that world (he sees his cards and, as
everywhere in the advice, plays open-handed; ``actor_re=False``: never). The
defender does not answer a re with a super; his partner does not flek.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from analyzer.advice.evaluate import Outcome
from analyzer.advice.money import Pricer
from analyzer.cards import Suit
from analyzer.contract import Contract
from analyzer.scoring import resolve

Choice = tuple[str, ...]  # the components fleked, in the contract's order; () is no flek


def choices(contract: Contract, rules: str, options: dict[str, Any]) -> list[Choice]:
    """Every flek a defender may say on the contract: no flek, and each set of its components."""
    parts = list(contract.components)
    limit = resolve(rules, options).flek_limit(contract.value)
    if limit is not None and limit < 1:
        return [()]
    return [c for k in range(len(parts) + 1) for c in combinations(parts, k)]


def choice_label(choice: Choice) -> str:
    return "no flek" if not choice else "flek " + " + ".join(choice)


@dataclass
class Deal:
    """What the pricing of a choice needs from the solved worlds of one contract."""

    contract: Contract
    trump: Suit | None
    side_suit: Suit | None
    actor: int
    rules: str
    options: dict[str, Any]
    outcome: Outcome  # the contract's components made, and the points, in each world
    void: np.ndarray | None = None
    quiet_seven_seat: int | None = None
    facts: Any = None
    laid_down: bool = False  # csm 12.5: the actor's hand makes against every split; he lays it down


def pay(deal: Deal, seat: int, choice: Choice, fleker: int, *, played_out: bool = False,
        actor_re: bool = True, pricers: dict | None = None) -> np.ndarray:
    """``seat``'s payment in every world when ``fleker`` (a defender) fleks ``choice``.

    With ``actor_re`` a fleked part the actor makes in a world is answered with a re there: the
    worlds are split by which parts were re'd, each group settled with its own levels."""
    limit = resolve(deal.rules, deal.options).flek_limit(deal.contract.value)
    can_re = actor_re and (limit is None or limit >= 2)
    out_of = deal.outcome
    n = len(out_of.talon_points)
    laid_down = deal.laid_down and not played_out
    if laid_down:
        # csm 12.5: not played, every announced part won (so the actor re's every fleked part)
        out_of = Outcome({c: np.ones(n, bool) for c in out_of.made}, out_of.points, out_of.talon_points,
                         out_of.actor_marriages, out_of.defence_marriages)
    out = np.zeros(n, float)
    patterns = [r for k in range(len(choice) + 1) for r in combinations(choice, k)] if can_re else [()]
    cache = pricers if pricers is not None else {}
    for re in patterns:
        mask = np.ones(n, bool)
        if can_re:
            for c in choice:
                mask &= out_of.made[c] == (c in re)
        if not mask.any():
            continue
        flek = {c: 2 if c in re else 1 for c in choice}
        key = (seat, tuple(sorted(flek.items())), fleker, played_out, laid_down)
        pricer = cache.get(key)
        if pricer is None:
            pricer = cache[key] = Pricer(deal.contract, deal.trump, deal.side_suit, deal.actor, seat, deal.rules,
                                         deal.options, deal.facts, flek=flek or None,
                                         flekers={c: [fleker] for c in choice} or None,
                                         quiet_seven_seat=deal.quiet_seven_seat, played_out=played_out,
                                         laid_down=laid_down)
        idx = np.flatnonzero(mask)
        part = out_of.subset(idx)
        void = None if played_out or deal.void is None else deal.void[idx]  # csm 12.6 before 12.5
        out[idx] = pricer.prices(part.made, part.points, part.talon_points, part.actor_marriages,
                                 part.defence_marriages, void)
    return out


def best_choice(deal: Deal, seat: int, options: Sequence[Choice], *, actor_re: bool = True,
                pricers: dict | None = None) -> tuple[Choice, dict[Choice, np.ndarray]]:
    """The choice with the best mean payment to ``seat`` over the deal's worlds (``seat`` fleking
    himself), and every choice's payments; ties go to the earlier (fewer fleks)."""
    pays = {c: pay(deal, seat, c, seat, actor_re=actor_re, pricers=pricers) for c in options}
    best = max(options, key=lambda c: (float(pays[c].mean()), -options.index(c)))
    return best, pays
