"""Can this rule set score this result? The checks that depend on the rule set, and the facts each payment needs.

A fact that moves money is required here when the payment reads it: none is
assumed (docs/scoring.md, "What a result must give").
"""
from __future__ import annotations

from analyzer.contract import DEFENCE_COMPONENTS
from analyzer.errors import ResultError
from analyzer.scoring.result import GameResult
from analyzer.scoring.ruleset import AGAINST, HUNDREDS, Rules


def components(r: GameResult, t: Rules) -> tuple[str, ...]:
    """The components the contract and the announcements against put in play; a hundred replaces the game."""
    announced = t.contracts[r.name] + tuple(AGAINST[a] for a in r.against)  # type: ignore[index]
    if HUNDREDS & set(announced):
        announced = tuple(c for c in announced if c != "game")
    return tuple(dict.fromkeys(announced))


def check(r: GameResult, t: Rules) -> None:
    """Refuse what ``t`` cannot score: a contract or case it lacks, fleks past its limits, … (ResultError)."""
    if r.unplayed is not None and r.unplayed not in t.table.unplayed:
        raise ResultError(f"{t.name} has no unplayed game {r.unplayed!r} (use {', '.join(sorted(t.table.unplayed))})")
    if r.renonc is not None:
        _check_renonc(r, t)
    if r.active and len(r.team) == 2 and (r.renonc is not None and r.renonc.kind != "technical"
                                          or r.unplayed == "laid-down" and r.flek):
        # csm 11.3 and 14.3 make one defender pay for his partner: not written for pairs of payers
        raise ResultError("a renonc in play or a laid-down game with flek is not settled for 2 v 2 yet "
                          "(docs/scoring.md, \"Four players\")")
    if r.contract is None:
        return
    name = r.name
    if name not in t.contracts:
        raise ResultError(f"contract {name!r} does not exist in {t.name} "
                          f"(use {', '.join(t.contracts)}; some need an option)")
    if r.against and not t.shape.against:
        raise ResultError(f"{t.name} has no announcements against (only flek), but against is {list(r.against)!r}")
    own = t.contracts[name] + tuple(AGAINST[a] for a in r.against)
    if len(set(own)) != len(own):
        raise ResultError(f"{name!r} already announces {list(r.against)!r} against")
    # "... only if flek has been said to the game": to the game or, when the
    # actor announced a hundred, to the hundred that stands for it.
    if r.against and t.option("against_doubled") and not (r.level("game") or r.level("hundred")):
        raise ResultError(f"announcements against {list(r.against)!r} need a flek on the game (option against_doubled)")
    _check_fleks(r, t, own)
    _check_sevens(r, components(r, t))
    if r.talon_points and not t.option("sharp_talon"):
        raise ResultError(f"sharp cards cannot be discarded in {t.name} (talon_points {r.talon_points!r}; "
                          "basic and licit: option sharp_talon)")
    if r.unplayed == "laid-down":
        allowed = t.table.laid_down_contracts
        if allowed is not None and name not in allowed:
            raise ResultError(f"{t.name} lays down only {', '.join(sorted(allowed))}, not {name!r}")
    if r.unplayed == "four-side-cards" and name != "two-sevens":
        raise ResultError(f"four side cards in one hand void two sevens only, not {name!r} (csm 12.6)")
    if r.unplayed == "give-up" and (name != "seven" or r.better):
        raise ResultError(f"only the lowest bid, seven, may be given up, not {'better ' if r.better else ''}{name}")


def _check_fleks(r: GameResult, t: Rules, announced: tuple[str, ...]) -> None:
    limit = t.flek_limit(r.name)  # type: ignore[arg-type]
    if r.unplayed == "laid-down" and t.table.laid_down_flek_limit is not None:
        limit = t.table.laid_down_flek_limit
    for component, level in r.flek:
        if component not in announced:
            raise ResultError(f"flek on {component!r}, which {r.name} does not announce")
        if limit is not None and level > limit:
            raise ResultError(f"flek level {level} on {component} is past the limit {limit} for {r.name} in {t.name}")
    for component, seats in r.flekers:
        if component in DEFENCE_COMPONENTS:
            raise ResultError(f"the actor fleks {component}; flekers name the defence's fleks only")
        wanted = (r.level(component) + 1) // 2
        if len(seats) != wanted:
            raise ResultError(f"flek level {r.level(component)} on {component} has {wanted} defence fleks, "
                              f"but flekers are {list(seats)!r}")
        for seat in seats:
            if seat not in r.defenders:
                raise ResultError(f"seat {seat} is not a defender and cannot flek {component}")
        # csm 8.5: one defender at most twice in a row, in Hra a Sedma.
        if t.name == "csm" and r.name == "seven" and any(
                seats[i] == seats[i + 1] == seats[i + 2] for i in range(len(seats) - 2)):
            raise ResultError(f"one defender fleks {component} three times in a row {list(seats)!r} (csm 8.5)")


def _check_sevens(r: GameResult, announced: tuple[str, ...]) -> None:
    seven = r.trump_seven
    actor_seven = "seven" in announced or "two-sevens" in announced
    if actor_seven and seven is not None and seven.seat not in r.team:
        raise ResultError(f"{r.name} announces the actor's seven, but the trump seven is at seat {seven.seat}")
    if actor_seven and seven is not None and seven.fate == "talon":
        raise ResultError("an announced seven cannot be discarded to the talon (csm 7.2)")
    if "seven-against" in announced and seven is not None and seven.seat in r.team:
        raise ResultError(f"seven against needs the trump seven in the defence, not at the actor's seat {r.actor}")
    if r.side_seven is not None and r.side_seven.seat != r.actor:
        raise ResultError(f"two sevens needs the side seven in the actor's hand, not at seat {r.side_seven.seat}")


def _check_renonc(r: GameResult, t: Rules) -> None:
    renonc = r.renonc
    assert renonc is not None
    if t.shape.renonc == "fees":
        # csm: the kind decides who loses (14.1 against 14.2), the paušál how much (15).
        if renonc.kind is None:
            raise ResultError(f"a csm renonc needs its kind: play (13.2-13.3) or technical (13.1), not {_renonc(r)}")
        if renonc.kind == "technical" and renonc.fee == 2:
            raise ResultError("a technical renonc costs paušál 1, not 2 (csm 13.1)")
        if renonc.kind == "play" and renonc.fee is None:
            raise ResultError(f"a csm renonc in play needs its fee: paušál 1 (13.2) or 2 (13.3), not {_renonc(r)}")
    else:
        if renonc.kind == "technical":
            raise ResultError(f"{t.name} has no technical renonc (csm 13.1 only)")
        if renonc.fee is not None:
            raise ResultError(f"renonc fee {renonc.fee!r} is csm's paušál; {t.name} charges 10 or the stake")


def _renonc(r: GameResult) -> str:
    assert r.renonc is not None
    return repr({k: v for k, v in vars(r.renonc).items() if v is not None})


def check_facts(r: GameResult, t: Rules, announced: tuple[str, ...]) -> None:
    """The facts a game played out needs for each component it pays (ResultError naming the missing key)."""
    need = {
        "game": ("points", "points"), "hundred": ("points", "points"), "hundred-against": ("points", "points"),
        "seven": ("trump_seven", "the trump seven's fate"), "seven-against": ("trump_seven", "the trump seven's fate"),
        "two-sevens": ("side_seven", "the side seven's fate in the last trick but one"),
        "betl": ("actor_tricks", "actor_tricks"), "durch": ("actor_tricks", "actor_tricks"),
        "open-betl": ("actor_tricks", "actor_tricks"), "open-durch": ("actor_tricks", "actor_tricks"),
    }
    for component in announced:
        key, text = need[component]
        if getattr(r, key) is None:
            raise ResultError(f"{r.name} was played: the result needs {text} ({key})")
    if "two-sevens" in announced and r.trump_seven is None:
        raise ResultError(f"{r.name} was played: the result needs the trump seven's fate (trump_seven)")
    if {"game", "hundred", "hundred-against"} & set(announced) and r.marriages is None:
        # The marriages decide the game and the hundreds: "none" must be said, not assumed.
        raise ResultError(f"{r.name} was played: the result needs the declared marriages "
                          '(marriages; {"actor": "", "defence": ""} for none)')
    if t.shape.quiet_sevens and r.trump_seven is None and r.contract is not None and r.contract.has_trumps:
        # Basic and licit pay the quiet seven and the killed quiet seven whoever holds it.
        raise ResultError(f"{r.name} was played in {t.name}: the result needs the trump seven's fate (trump_seven), "
                          "which pays a quiet or killed seven")
    if t.shape.hundred_needs_marriage:
        for component, side in (("hundred", 0), ("hundred-against", 1)):
            if component in announced and not r.declared(side):
                raise ResultError(f"{component} announced without any marriage for the "
                                  f"{'actor' if side == 0 else 'defence'}: 100 cannot be reached")
