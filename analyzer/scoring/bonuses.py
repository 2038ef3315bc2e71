"""csm 17: the bonus Kč for thin holdings, paid apart from the flek, and the flek bonuses of 17.6."""
from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from analyzer.errors import ResultError
from analyzer.scoring.facts import BonusFacts, MissingFact
from analyzer.scoring.outcomes import ComponentOutcome
from analyzer.scoring.result import GameResult
from analyzer.scoring.ruleset import BonusRow, Rules


class Sheet(Protocol):
    """What :func:`pay_bonuses` writes on: :class:`analyzer.scoring.settle.Sheet`, named by its
    shape so that this module sits below the settlement that calls it."""

    r: GameResult
    t: Rules

    @property
    def everybody(self) -> tuple[int, ...]: ...

    def add(self, description: str, where: str, amount: Fraction, payers: tuple[int, ...],
            payees: tuple[int, ...]) -> None: ...

    def between(self, actor_receives: bool) -> tuple[tuple[int, ...], tuple[int, ...]]: ...


def may_pay(r: GameResult, t: Rules, outcomes: list[ComponentOutcome]) -> bool:
    """Could a row of the table pay for these outcomes (whatever the holding)?"""
    won = {o.component for o in outcomes if o.won and o.owner_is_actor}
    lost = {o.component for o in outcomes if not o.won and o.owner_is_actor}
    name = r.name
    for row in t.table.bonus_rows:
        if name not in row.contracts:
            continue
        if row.fleker and r.level(row.needs[0]) and set(row.needs) <= lost:
            return True
        if not row.fleker and set(row.needs) <= won:
            return True
    return False


def _meets(row: BonusRow, holding: BonusFacts, trump_marriage: bool) -> bool:
    try:
        return row.condition(holding, trump_marriage)
    except MissingFact as missing:
        raise ResultError(f"the csm 17 row {row.text!r} needs holding {missing.name} "
                          "(give it, or the actor's hand and talon)") from None


def pay_bonuses(sheet: Sheet, outcomes: list[ComponentOutcome]) -> None:
    """Write the bonus lines for ``outcomes`` onto ``sheet`` (csm 17.1-17.9, 14.5)."""
    r, t = sheet.r, sheet.t
    holding = r.holding
    assert holding is not None and r.contract is not None
    won = {o.component for o in outcomes if o.won and o.owner_is_actor}
    lost = {o.component for o in outcomes if not o.won and o.owner_is_actor}
    offender = None if r.renonc is None or r.renonc.kind != "play" else r.renonc.seat
    # csm 14.5: bonuses go only to the side that did not renonc, and to the
    # actor only if the game could still be won.
    defence_may = offender is None or offender == r.actor
    trump_marriage = r.trump is not None and r.trump in r.declared(0)
    with_lead = r.actor == 0 or r.contract.notrump  # csm 9.6: forehand leads, the actor in betl and durch
    actor_rows: list[tuple[BonusRow, Fraction, Fraction]] = []
    name = r.name
    for row in t.table.bonus_rows:
        if name not in row.contracts:
            continue
        if row.fleker:
            fleks = r.fleked_by(row.needs[0])
            if r.level(row.needs[0]) and set(row.needs) <= lost and defence_may \
                    and _meets(row, holding, trump_marriage):
                if not fleks:
                    raise ResultError(f"the flek bonus on {row.needs[0]} needs its flekers (csm 17.6)")
                others = tuple(s for s in sheet.everybody if s != fleks[0])
                sheet.add(f"bonus for seat {fleks[0]}'s flek: {row.text}", "csm 17.1, 17.6", row.values[0],
                          others, (fleks[0],))
            continue
        if set(row.needs) <= won and _meets(row, holding, trump_marriage):
            lead, no_lead = _row_values(r, row, holding)
            actor_rows.append((row, lead, no_lead))
    if actor_rows and offender is not None and offender != r.actor:
        assert r.renonc is not None
        if r.renonc.winnable is None:
            raise ResultError(f"seat {offender} broke a rule: the actor's bonus {actor_rows[0][0].text!r} needs "
                              "renonc winnable, could the actor still win then (csm 14.5)")
        if not r.renonc.winnable:
            actor_rows = []
    if offender == r.actor:
        actor_rows = []
    # csm 17.9: without the lead only the highest row is paid at that rate,
    # the others at the rate with the lead.
    best = None if with_lead or not actor_rows else max(range(len(actor_rows)), key=lambda i: actor_rows[i][2])
    for index, (row, lead, no_lead) in enumerate(actor_rows):
        amount = no_lead if index == best else lead
        rate = "" if lead == no_lead else ", without the lead" if index == best else ", with the lead"
        trumps = f" ({holding.trumps} trumps)" if row.trump_base else ""
        sheet.add(f"bonus: {row.text}{trumps}{rate}", "csm 17", amount, *sheet.between(actor_receives=True))


def _row_values(r: GameResult, row: BonusRow, holding: BonusFacts) -> tuple[Fraction, Fraction]:
    """A row's (with lead, without lead) after 17.2 (each trump fewer doubles) and 17.3 (better doubles)."""
    lead, no_lead = row.values
    if r.better:
        lead, no_lead = row.better if row.better is not None else (lead * 2, no_lead * 2)
    if row.trump_base is not None:
        trumps = holding.need("trumps")
        factor = Fraction(2) ** (row.trump_base - trumps)
        zero = row.zero_with_lead_at_base and trumps == row.trump_base
        lead, no_lead = (Fraction(0) if zero else lead * factor), no_lead * factor
    count = row.count(holding)
    return lead * count, no_lead * count
