"""Each component of a contract won or lost, and its price before flek (csm 10, the rule pages' table).

:func:`outcome` answers for one component from the result's facts, or from an
outcome fixed without play (``forced``: presumed, laid down, a renonc).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from analyzer.scoring.result import GameResult
from analyzer.scoring.ruleset import Rules

# What a seven's fate says on the sheet: the trump seven's is about the last
# trick, the side seven's (two sevens) about the last trick but one.
TRUMP_FATE_WORDS = {"won": "", "killed": " (killed in the last trick)", "early": " (played before the last trick)",
                    "talon": " (in the talon)"}
SIDE_FATE_WORDS = {"won": "", "killed": " (killed in the last trick but one)",
                   "early": " (played before the last trick but one)", "late": " (kept to the last trick)"}


@dataclass(frozen=True)
class ComponentOutcome:
    """One component's outcome, before flek: the owner's side won or lost ``base`` per payer."""

    component: str
    what: str
    section: str
    owner_is_actor: bool
    won: bool
    base: Fraction
    level: int


# The hundred's factor for n tens beyond the first (option hundred_steps):
# "doubling for each extra 10", "an amount equal to the value of the 100 is
# added", "only half the value of the 100".
_STEPS = {"double": lambda n: Fraction(2) ** n, "add": lambda n: 1 + Fraction(n), "half": lambda n: 1 + Fraction(n, 2)}


def step(n: int, how: str) -> Fraction:
    return _STEPS[how](n)


def marriage_values(suits: str, trump: str | None) -> list[int]:
    """The declared marriages' values, best first: 40 in trumps, 20 otherwise."""
    return sorted((40 if s == trump else 20 for s in suits), reverse=True)


def outcome(r: GameResult, t: Rules, component: str, forced: bool | None) -> ComponentOutcome:
    """The outcome of ``component``; ``forced`` the outcome fixed without play (None: from the facts)."""
    scorer = {"game": _game, "seven": _seven, "seven-against": _seven, "hundred": _hundred,
              "hundred-against": _hundred, "two-sevens": _two_sevens, "betl": _tricks, "durch": _tricks,
              "open-betl": _tricks, "open-durch": _tricks}[component]
    return scorer(r, t, component, forced)


def _side_points(r: GameResult, actor_side: bool) -> tuple[int, str] | None:
    """Card points won in tricks by a side (the talon's sharp cards go to the defence) and its marriages."""
    if r.points is None:
        return None
    if actor_side:
        return r.points[0], r.declared(0)
    return r.points[1] + r.talon_points, r.declared(1)


def side_marriages(r: GameResult, side: int) -> list[int]:
    """The values of the marriages the actor's side (0) or the defence (1) declared, best first; two
    players' six-card game: 20 for one declared while the stock lasted, even in trumps."""
    early = [s for s in r.declared(side) if s in r.stock_marriages]
    return sorted(marriage_values("".join(s for s in r.declared(side) if s not in early), r.trump)
                  + [20] * len(early), reverse=True)


def hundred_count(r: GameResult, actor_side: bool, all_marriages: bool) -> int | None:
    """Points toward a hundred: trick points and one marriage; the others once 100 is reached."""
    side = _side_points(r, actor_side)
    if side is None:
        return None
    tricks, _ = side
    values = side_marriages(r, 0 if actor_side else 1)
    count = tricks + (sum(values) if all_marriages else (values[0] if values else 0))
    return tricks + sum(values) if count >= 100 else count


def _game(r: GameResult, t: Rules, component: str, forced: bool | None) -> ComponentOutcome:
    price = t.price("game", r.better)
    all_marriages = t.shape.quiet_hundred_marriages == "all"
    for actor_side in (True, False) if t.shape.quiet_hundreds else ():
        count = hundred_count(r, actor_side, all_marriages)
        winner_ok = forced is None or forced == actor_side
        if count is not None and count >= 100 and winner_ok:
            return _quiet_hundred(r, t, actor_side, count, price)
    if forced is None:
        assert r.points is not None
        actor_total = r.points[0] + sum(side_marriages(r, 0))
        defence_total = r.points[1] + r.talon_points + sum(side_marriages(r, 1))
        won = actor_total > defence_total
        detail = f" {actor_total} to {defence_total}"
    else:
        won, detail = forced, ""
    return ComponentOutcome("game", f"game {'won' if won else 'lost'}{detail}", t.section("game"), True, won,
                   price, r.level("game"))


def _quiet_hundred(r: GameResult, t: Rules, actor_side: bool, count: int, game_price: Fraction) -> ComponentOutcome:
    """A hundred nobody announced replaces the game and takes the game's flek."""
    tens = (count - 100) // 10
    if t.shape.hundred_model == "csm":
        # csm 10.9: twice the game's price, and the game's price again for every ten above 100.
        base = game_price * (2 + tens)
    else:
        base = t.price("quiet-hundred", r.better) * step(tens, t.option("hundred_steps"))
    who = "actor" if actor_side else "defence"
    return ComponentOutcome("game", f"quiet hundred {count} for the {who}, replaces the game", t.section("quiet-hundred"),
                   True, actor_side, base, r.level("game"))


def _seven(r: GameResult, t: Rules, component: str, forced: bool | None) -> ComponentOutcome:
    price = t.price(component, r.better)
    name = "seven" if component == "seven" else "seven against"
    if forced is not None:
        return ComponentOutcome(component, f"{name} {'won' if forced else 'lost'}", t.section("seven"),
                       component == "seven", forced, price, r.level(component))
    assert r.trump_seven is not None
    fate = r.trump_seven.fate
    won = fate == "won"
    if fate == "killed" and t.option("killed_seven"):
        price *= t.table.killed_seven_factor
    return ComponentOutcome(component, f"{name} {'won' if won else 'lost'}{TRUMP_FATE_WORDS[fate]}", t.section("seven"),
                   component == "seven", won, price, r.level(component))


def _hundred(r: GameResult, t: Rules, component: str, forced: bool | None) -> ComponentOutcome:
    actor_side = component == "hundred"
    price = t.price(component, r.better)
    count = hundred_count(r, actor_side, all_marriages=False)
    name = "hundred" if actor_side else "hundred against"
    won = forced if forced is not None else (count is not None and count >= 100)
    if count is None or (forced is not None and won != (count >= 100)):
        # Decided without (or against) the points: the base price (csm 14.2 "nejméně však základní sazba").
        return ComponentOutcome(component, f"{name} {'made' if won else 'failed'}", t.section("hundred"),
                       actor_side, won, price, r.level(component))
    if won:
        tens = (count - 100) // 10
        factor = Fraction(1) if t.shape.hundred_model == "csm" else step(tens, t.option("hundred_steps"))
        what = f"{name} made with {count}"
    else:
        short = (100 - count) // 10
        # csm 10.3: the price for every ten the defence took beyond what it could.
        factor = Fraction(short) if t.shape.hundred_model == "csm" else step(short - 1, t.option("hundred_steps"))
        what = f"{name} failed with {count}, {short * 10} short"
    return ComponentOutcome(component, what, t.section("hundred"), actor_side, won, price * factor, r.level(component))


def _two_sevens(r: GameResult, t: Rules, component: str, forced: bool | None) -> ComponentOutcome:
    price = t.price("two-sevens", r.better)
    if forced is not None:
        won, detail = forced, ""
    else:
        assert r.trump_seven is not None and r.side_seven is not None
        won = r.trump_seven.fate == "won" and r.side_seven.fate == "won"
        failed = [f"{which} seven{words[s.fate]}" for which, s, words in
                  (("side", r.side_seven, SIDE_FATE_WORDS), ("trump", r.trump_seven, TRUMP_FATE_WORDS))
                  if s.fate != "won"]
        detail = f" ({', '.join(failed)})" if failed else ""
    return ComponentOutcome(component, f"two sevens {'won' if won else 'lost'}{detail}", t.section("two-sevens"),
                   True, won, price, r.level(component))


def _tricks(r: GameResult, t: Rules, component: str, forced: bool | None) -> ComponentOutcome:
    # durch: every trick, ten with three players, eight with four (the side's, with a partner);
    # with the wise one the actor's seven of the first seven (the eighth finds the partner)
    wanted = 0 if component.endswith("betl") else 7 if r.wise else 8 if r.active else 10
    won = forced if forced is not None else r.actor_tricks == wanted
    detail = "" if forced is not None else f", actor took {r.actor_tricks} trick{'' if r.actor_tricks == 1 else 's'}"
    return ComponentOutcome(component, f"{component.replace('-', ' ')} {'won' if won else 'lost'}{detail}",
                   t.section(component.replace("open-", "")), True, won, t.price(component, False),
                   r.level(component))
