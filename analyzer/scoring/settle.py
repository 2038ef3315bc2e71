"""The score sheet assembled: outcomes priced, fleks applied, bonuses, renonc, rounding.

:func:`settle` checks the result against the rule set (:mod:`~analyzer.scoring.checks`),
decides each component (:mod:`~analyzer.scoring.outcomes`), and writes the
lines of a :class:`~analyzer.scoring.sheet.Settlement`, in this order:

1. games not played (csm 12, licit: all pass, give up);
2. the components, each at its price times 2^flek (csm 8.2), a laid-down
   game's flek split by csm 11.3;
3. the basic game's quiet sevens; the csm bonus table (17);
4. renonc fees or the basic penalty (csm 13-15);
5. csm 16.2: round up to whole Kč.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from analyzer.contract import DEFENCE_COMPONENTS
from analyzer.errors import ResultError
from analyzer.scoring.bonuses import may_pay, pay_bonuses
from analyzer.scoring.checks import check, check_facts, components
from analyzer.scoring.four import SOURCE, pairs
from analyzer.scoring.obligations import obligations
from analyzer.scoring.outcomes import ComponentOutcome, outcome
from analyzer.scoring.result import GameResult, parse_result
from analyzer.scoring.sheet import Line, Settlement, fmt
from analyzer.scoring.tables import Rules, resolve
from analyzer.scoring.two import two_rules
from analyzer.variants import SEAT_NAMES_2, SEAT_NAMES_4

__all__ = ["settle", "settle_json"]

PAUZIRAK = 3
_UNSET = {"points": None, "talon_points": 0, "marriages": None, "trump_seven": None, "side_seven": None,
          "actor_tricks": None}


def settle(result: GameResult, rules: str = "csm", /, **options: Any) -> Settlement:
    """Price ``result`` under ``rules`` (``csm``, ``basic`` or ``licit``) and ``options``.

    The options and their defaults are each rule set's ``OPTIONS`` and
    docs/scoring.md. Raises ResultError for an unknown rule set or option, and
    for a result the rule set cannot score (a contract it lacks, a flek past
    its limit, a fact a payment needs that the result lacks, …).

    >>> r = parse_result({"contract": "betl", "actor": 0, "actor_tricks": 1,
    ...                   "flek": {"betl": 1}, "flekers": {"betl": [1]}, "holding": {"suits": 3}})
    >>> [int(p) for p in settle(r, "csm").payments]    # csm 17.6
    [-15, 12, 3]
    """
    table = _resolved(rules, options)
    if result.players == 2:
        table = two_rules(table, result.variant)  # the same machinery, two players' contracts
    return Sheet(result, table).settle()


# The rule sets with their options applied, by (name, options): the advice settles thousands of
# results under one rule set. A Rules is frozen and read only.
_RESOLVED: dict[tuple, Rules] = {}


def _resolved(rules: str, options: dict[str, Any]) -> Rules:
    try:
        # each value's type too: resolve refuses 1 for True, which is equal to it
        key = (rules, tuple((name, type(value), value) for name, value in sorted(options.items())))
        table = _RESOLVED.get(key)
    except TypeError:  # an unhashable name or value: resolve refuses it or reads it as given
        return resolve(rules, options)
    if table is None:
        table = resolve(rules, options)
        if len(_RESOLVED) < 256:
            _RESOLVED[key] = table
    return table


def settle_json(data: Any, rules: str | None = None, /, **options: Any) -> Settlement:
    """Settle a result JSON, taking the rule set and options from it unless given here.

    Raises ResultError as :func:`parse_result` and :func:`settle` do.
    """
    result = parse_result(data)
    chosen = rules if rules is not None else data.get("rules", "csm")
    if not isinstance(chosen, str):
        raise ResultError(f"rules must be csm, basic or licit, not {chosen!r}")
    given = data.get("options", {})
    if not isinstance(given, Mapping):
        raise ResultError(f"options must be an object, not {given!r}")
    return settle(result, chosen, **{**given, **options})


def _scaled(lines: list[Line]) -> tuple[int, list[int]]:
    """The lines' amounts as whole multiples of 1/den, den their least common denominator: the
    sheet's sums stay exact, in ints, several times faster than in Fractions."""
    den = math.lcm(*(line.amount.denominator for line in lines))
    return den, [line.amount.numerator * (den // line.amount.denominator) for line in lines]


def _present(r: GameResult, facts: tuple[str, ...]) -> list[str]:
    """The facts among ``facts`` that the result gives."""
    return [f for f in facts if getattr(r, f) != _UNSET.get(f)]


class Sheet:
    """One result's score sheet under one resolved rule set; a fresh one per call."""

    def __init__(self, result: GameResult, rules: Rules) -> None:
        self.r = result
        self.t = rules
        self.lines: list[Line] = []
        self.ignored: list[tuple[str, str]] = []

    @property
    def defence(self) -> tuple[int, ...]:
        """The seats that pay and receive as the defence: the defenders and a paying pauzírák."""
        if self.r.active or self.r.players == 2:
            return self.r.defenders  # four active players, or two: no pauzírák
        pauzirak = self.r.players == 4 and (not self.t.shape.pauzirak_option or self.t.option("pauzirak_pays"))
        return self.r.defenders + ((PAUZIRAK,) if pauzirak else ())

    @property
    def everybody(self) -> tuple[int, ...]:
        return tuple(sorted({*range(self.r.seats), *self.r.team, *self.defence}))

    def add(self, description: str, where: str, amount: Fraction, payers: tuple[int, ...],
            payees: tuple[int, ...]) -> None:
        if not amount:
            return
        sides = {frozenset(payers), frozenset(payees)}
        if self.r.active and len(self.r.team) == 2 and sides == {frozenset(self.r.team), frozenset(self.defence)}:
            # 2 v 2: each player pays or receives from one opponent (four.pairs), a line per pair
            for mine, theirs in pairs(self.r.team, self.defence):
                payer, payee = (mine, theirs) if mine in payers else (theirs, mine)
                self.lines.append(Line(description, where, Fraction(amount), (payer,), (payee,)))
            return
        self.lines.append(Line(description, where, Fraction(amount), payers, payees))

    def note(self, description: str, where: str) -> None:
        self.lines.append(Line(description, where, Fraction(0), (), ()))

    def between(self, actor_receives: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(payers, payees): the defence and the actor's side (the actor, or with four players
        the actor and his partner)."""
        assert self.r.actor is not None
        actor = self.r.team
        return (self.defence, actor) if actor_receives else (actor, self.defence)

    def ignore(self, facts: list[str], why: str) -> None:
        self.ignored.extend((fact, why) for fact in facts)

    # Step 1. Games not played; the outcomes fixed without play.

    def settle(self) -> Settlement:
        self.r, obliged = obligations(self.r, self.t)
        r, t = self.r, self.t
        check(r, t)
        for why in obliged:
            self.note(why, SOURCE)
        everything = (*_UNSET, "holding")
        if r.unplayed == "passed":
            self.note("not played: everybody passed", t.section("passed"))
            self.ignore(_present(r, everything), "not played: everybody passed")
        elif r.unplayed == "give-up":
            self.add(f"seat {r.actor} gives the game up after the talon", t.section("give-up"),
                     t.table.give_up_price or Fraction(0), (r.actor,), self.defence)  # type: ignore[arg-type]
            self.ignore(_present(r, everything), "not played: given up")
        elif r.unplayed == "four-side-cards":
            self.note("not played: four side cards in one defender's hand, free", t.section("four-side-cards"))
            self.ignore(_present(r, everything), "not played (csm 12.6)")
        elif r.renonc is not None and r.renonc.kind != "technical" and t.shape.renonc == "penalty":
            self._renonc_penalty()
            self.ignore(_present(r, everything), "the renonc penalty replaces the game's payments")
        else:
            self._play()
        if t.name == "csm" and t.option("round_up"):
            self._round_up()
        den, amounts = _scaled(self.lines)
        sums = [0] * (4 if r.players == 4 else r.seats)
        for line, amount in zip(self.lines, amounts):
            for payer in line.payers:
                sums[payer] -= amount * len(line.payees)
            for payee in line.payees:
                sums[payee] += amount * len(line.payers)
        payments = [Fraction(p, den) for p in sums]
        # Played: the cards decided, not a presumption, a claim or a broken rule.
        played = r.unplayed is None and self._forced()[0] is None
        return Settlement(t.name, t.unit, dict(t.options), self._title(), tuple(payments), tuple(self.lines),
                          played, tuple(self.ignored),
                          SEAT_NAMES_4 if r.active else SEAT_NAMES_2 if r.players == 2 else None)

    def _play(self) -> None:
        r, t = self.r, self.t
        forced, why = self._forced()
        announced = components(r, t)
        if forced is None:
            check_facts(r, t, announced)
            if t.name == "csm" and r.trump_seven is not None and not {"seven", "two-sevens"} & set(announced):
                self.ignore(["trump_seven"], "csm has no quiet or killed seven (10.10)")
        elif r.renonc is not None and r.renonc.kind == "play":
            # csm 14.2: the points stand as the contumation points; the rest of play does not count.
            dropped = ("trump_seven", "side_seven", "actor_tricks")
            self.ignore(_present(r, dropped), f"{why}: the side that broke the rule lost (csm 14.2)")
            self.r = replace(r, **{f: _UNSET[f] for f in dropped})
        else:
            self.ignore(_present(r, tuple(_UNSET)), why)
            self.r = replace(r, **_UNSET)
        outcomes = [self._outcome(c, forced, why) for c in announced]
        for scored in outcomes:
            self._pay(scored)
        if forced is None and t.shape.quiet_sevens:
            self._quiet_sevens(announced)
        if r.active or r.players == 2:
            pass  # the csm bonus table (17) is a three-player table: four and two players have none
        elif t.name == "csm" and r.holding is not None:
            if t.option("bonuses"):
                pay_bonuses(self, outcomes)
            else:
                self.ignore(["holding"], "option bonuses is off")
        elif t.name == "csm" and t.option("bonuses") and may_pay(r, t, outcomes):
            self.note("bonuses not assessed: the result gives neither holding nor the actor's hand and talon",
                      t.section("bonus"))
        elif r.holding is not None:
            self.ignore(["holding"], f"{t.name} has no bonus table (csm 17 only)")
        if r.renonc is not None:
            self._renonc_fees()

    def _forced(self) -> tuple[dict[str, bool] | None, str]:
        """Outcomes fixed without play: presumed (csm 12.3-12.4), laid down, or lost by a renonc (csm 14.2)."""
        r, t = self.r, self.t
        announced = components(r, t)
        if r.unplayed == "laid-down":
            return {c: True for c in announced}, "laid down"
        if r.renonc is not None and r.renonc.kind == "play":
            actor_offended = r.renonc.seat == r.actor
            return {c: (c in DEFENCE_COMPONENTS) == actor_offended for c in announced}, f"renonc by seat {r.renonc.seat}"
        if t.option("unplayed") and not r.against:
            name = r.name
            for contract, fleks, outcomes, where in t.table.presumed:
                if name == contract and all(r.level(c) == level for c, level in fleks.items()):
                    return dict(outcomes), f"not played, {where}"
        return None, ""

    def _outcome(self, component: str, forced: dict[str, bool] | None, why: str) -> ComponentOutcome:
        scored = outcome(self.r, self.t, component, None if forced is None else forced[component])
        if forced is not None:
            scored = replace(scored, what=f"{scored.what} ({why})")
        return scored

    # Step 2. The components' lines.

    def _pay(self, scored: ComponentOutcome) -> None:
        r, t = self.r, self.t
        actor_receives = scored.won == scored.owner_is_actor
        payers, payees = self.between(actor_receives)
        hearts = ", hearts" if r.better and r.contract is not None and r.contract.has_trumps else ""
        multiplier = Fraction(2) ** scored.level
        flek = f", {t.flek_name(scored.level)} x{multiplier}" if scored.level else ""
        split = r.unplayed == "laid-down" and t.shape.laid_down_split and scored.level and scored.owner_is_actor
        if not split:
            self.add(scored.what + flek + hearts, scored.section, scored.base * multiplier, payers, payees)
            return
        # csm 11.3: a defender who fleks a laid-down game pays the increase, "re"
        # included, for his partner too; the partner pays the base price only.
        self.add(scored.what + ", base price" + hearts, scored.section, scored.base, payers, payees)
        seats = r.fleked_by(scored.component)
        if not seats:
            raise ResultError(f"a laid-down {scored.component} with flek needs its flekers (csm 11.3)")
        for index, fleker in enumerate(seats):
            level = 2 * index + 1
            top = min(level + 1, scored.level)
            increase = scored.base * (Fraction(2) ** top - Fraction(2) ** (level - 1))
            self.add(f"{scored.component}: the increase for {t.flek_name(level)}"
                     f"{' and ' + t.flek_name(top) if top > level else ''} on a laid-down game, for the whole defence",
                     t.section("laid-down"), increase * len(self.defence), (fleker,), payees)

    # Step 3. Quiet sevens (basic, licit); the csm bonuses are bonuses.py's.

    def _quiet_sevens(self, announced: tuple[str, ...]) -> None:
        """Basic and licit: a trump seven nobody announced, winning or beaten in the last trick."""
        r, t = self.r, self.t
        seven = r.trump_seven
        if seven is None or {"seven", "seven-against", "two-sevens"} & set(announced):
            return
        holder_is_actor = seven.seat in r.team
        if seven.fate == "won":
            payers, payees = self.between(holder_is_actor)
            self.add(f"quiet seven for seat {seven.seat}", t.section("seven"),
                     t.price("quiet-seven", r.better), payers, payees)
        elif seven.fate == "killed" and t.option("killed_quiet_seven"):
            payers, payees = self.between(not holder_is_actor)
            self.add(f"quiet seven of seat {seven.seat} killed in the last trick", t.section("seven"),
                     t.price("killed-quiet-seven", r.better), payers, payees)

    # Step 4. Renonc.

    def _renonc_penalty(self) -> None:
        """Basic and licit: the offender pays each other player 10, or the stake if more."""
        r, t = self.r, self.t
        assert r.renonc is not None and t.table.renonc_minimum is not None
        stake = sum((t.price(c, r.better and c not in ("betl", "durch", "open-betl", "open-durch")) * 2 ** r.level(c)
                     for c in components(r, t)), Fraction(0))
        amount = max(t.table.renonc_minimum, stake)
        others = tuple(s for s in self.everybody if s != r.renonc.seat)
        self.add(f"renonc by seat {r.renonc.seat}: 10 or the stake {fmt(stake)}, whichever is more",
                 t.section("renonc"), amount, (r.renonc.seat,), others)

    def _renonc_fees(self) -> None:
        """csm 14.1-14.3: the fee to every other player; in play, the offender pays for his whole side."""
        r, t = self.r, self.t
        renonc = r.renonc
        assert renonc is not None
        if renonc.kind == "play" and renonc.seat != r.actor:
            redirected = []
            for line in self.lines:
                if line.payees == (r.actor,) and renonc.seat in line.payers and len(line.payers) > 1:
                    line = Line(f"{line.description}; seat {renonc.seat} pays for the whole defence (csm 14.3)",
                                line.section, line.amount * len(line.payers), (renonc.seat,), line.payees)
                redirected.append(line)
            self.lines = redirected
        fee = renonc.fee or 1  # csm 13.1: a technical renonc is paušál 1
        others = tuple(s for s in self.everybody if s != renonc.seat)
        self.add(f"{'technical ' if renonc.kind == 'technical' else ''}renonc by seat {renonc.seat}, paušál {fee}",
                 t.section("renonc"), t.table.renonc_fees[fee], (renonc.seat,), others)

    # Step 5. csm 16.2: round up to whole Kč.

    def _round_up(self) -> None:
        """Round what each player owes each other one up to whole Kč (in favour of the one paid)."""
        den, amounts = _scaled(self.lines)
        net: dict[tuple[int, int], int] = {}  # in 1/den Kč
        for line, amount in zip(self.lines, amounts):
            for payer in line.payers:
                for payee in line.payees:
                    net[(payer, payee)] = net.get((payer, payee), 0) + amount
                    net[(payee, payer)] = net.get((payee, payer), 0) - amount
        # Group the adjustments into as few lines as the sheet needs: first the
        # payers of one payee, then the payees of the same payers.
        by_payee: dict[tuple[int, Fraction], list[int]] = {}
        for (payer, payee), owed in sorted(net.items()):
            if owed > 0 and owed % den:  # owes a part of a Kč: pays up to the next whole one
                by_payee.setdefault((payee, Fraction(-owed % den, den)), []).append(payer)
        by_payers: dict[tuple[tuple[int, ...], Fraction], list[int]] = {}
        for (payee, amount), payers in by_payee.items():
            by_payers.setdefault((tuple(payers), amount), []).append(payee)
        for (payers, amount), payees in by_payers.items():
            self.add("rounded up to whole Kč", self.t.section("round"), amount, payers, tuple(payees))

    def _title(self) -> str:
        r, t = self.r, self.t
        if r.contract is None:
            return f"{t.name}: no contract"
        name = ("better " if r.better and r.contract.has_trumps else "") + r.contract.value
        trump = f", trump {r.trump}" if r.trump else ""
        side = f", side suit {r.side_suit}" if r.side_suit else ""
        against = f", against: {', '.join(r.against)}" if r.against else ""
        actor = f", actor seat {r.actor}" if r.actor is not None else ""
        if r.players == 2:
            actor += ", two players" + (" (six-card variant)" if r.variant == "six" else "")
        if r.active:  # four active players
            actor += (", with the wise one" if r.wise else "") + (
                f", partner seat {r.partner}" if r.partner is not None else ", alone against three")
        return f"{t.name}: {name}{trump}{side}{against}{actor}; payments in {t.unit}"
