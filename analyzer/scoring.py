"""Payments: what each player pays or receives for a finished game (RULES.md §7).

:func:`parse_result` reads a game's result (the JSON below, as a dict) into a
:class:`GameResult`; :func:`settle` prices it under one of the three rule sets
(``csm``, ``basic``, ``licit``) and returns a :class:`Settlement`: one payment
per seat, summing to zero, and the score-sheet lines that make it up. The
prices, ladders and options are data in :mod:`analyzer.scoring_tables`; the
full account of every rule and interpretation is ``docs/scoring.md``.

The result JSON (every key but ``contract`` and ``actor`` optional)::

    {"rules": "csm", "options": {"round_up": true},   // read by settle_json and the CLI
     "players": 3,                      // 4: seat 3 is the pauzírák, paying with the defence
     "contract": "seven",               // game seven hundred hundred-seven betl durch two-sevens
                                        // two-sevens-hundred seven-against hundred-against
                                        // open-betl open-durch
     "trump": "h",                      // h b l a (aliases as RULES.md §1); null in betl/durch
     "side_suit": "b",                  // two sevens: the helping suit
     "actor": 0,                        // 0 forehand, 1 zadák, 2 dealer
     "against": ["seven", "hundred"],   // basic, licit: the defence's announcements
     "flek": {"game": 1, "seven": 2},   // level per component: 1 flek, 2 re, 3 super/tutti, ...
     "flekers": {"betl": [1]},          // the defender behind each of the defence's fleks, in order
     "points": {"actor": 80, "defence": 10},  // card points won in tricks, the last trick's 10 included
     "talon_points": 0,                 // sharp cards in the talon (basic option sharp_talon)
     "marriages": {"actor": "h", "defence": "bl"},  // suits of the declared marriages
     "trump_seven": {"seat": 0, "fate": "won"},     // won | killed | early | talon
     "side_seven": {"seat": 0, "fate": "won"},      // won | killed | early | late (two sevens)
     "actor_tricks": 0,                 // betl and durch: tricks the actor took
     "unplayed": "laid-down",           // passed | give-up | laid-down | four-side-cards
     "renonc": {"seat": 1, "kind": "play", "fee": 1, "winnable": true},
     "holding": {"trumps": 3, "trump_ace": false, "trump_ten": true}}  // csm 17 bonus facts

The ``trump_seven`` fate: ``won`` it won the last trick; ``killed`` it was
played to the last trick and beaten; ``early`` it was played (or forced out)
before the last trick; ``talon`` the actor discarded it. For the side seven
of two sevens the same about the last trick but one, and ``late``: kept to
the last trick.

>>> result = parse_result({"contract": "seven", "trump": "h", "actor": 0,
...     "flek": {"seven": 2, "game": 1}, "points": {"actor": 80, "defence": 10},
...     "marriages": {"actor": "h"}, "trump_seven": {"seat": 0, "fate": "killed"}})
>>> settle(result, "csm").payments     # csm 10.9: "a game for free"
(Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterable, Mapping

from analyzer.cards import Suit
from analyzer.errors import MariasError, ResultError
from analyzer.scoring_tables import (
    AGAINST,
    BASIC_RENONC_MINIMUM,
    BONUS_ROWS,
    COMPONENTS,
    CONTRACTS,
    DEFENCE_COMPONENTS,
    GIVE_UP_PRICE,
    HUNDREDS,
    KILLED_SEVEN_FACTOR,
    LAID_DOWN_CONTRACTS,
    LAID_DOWN_FLEK_LIMIT,
    NO_TRUMP_CONTRACTS,
    PRESUMED,
    RENONC_FEES,
    UNPLAYED,
    BonusRow,
    Holding,
    Rules,
    resolve,
    section,
)

__all__ = ["GameResult", "Holding", "Line", "Renonc", "SevenFate", "Settlement",
           "parse_result", "settle", "settle_json"]

PAUZIRAK = 3
TRUMP_SEVEN_FATES = ("won", "killed", "early", "talon")
SIDE_SEVEN_FATES = ("won", "killed", "early", "late")
UNPLAYED_KINDS = ("passed", "give-up", "laid-down", "four-side-cards")
RENONC_KINDS = ("play", "technical")
ALL_CONTRACTS = tuple(dict.fromkeys(c for table in CONTRACTS.values() for c in table))
_FATE_WORDS = {"won": "", "killed": " (killed in the last trick)", "early": " (played early)",
               "talon": " (in the talon)", "late": " (kept to the last trick)"}


@dataclass(frozen=True)
class SevenFate:
    """Who held a seven and what became of it (``won``, ``killed``, ``early``, ``talon``, ``late``)."""

    seat: int
    fate: str


@dataclass(frozen=True)
class Renonc:
    """A broken rule: in play (the offending side loses, csm 14.2) or technical (a fee only, csm 14.1)."""

    seat: int
    kind: str = "play"
    fee: int | None = None      # csm paušál 1 or 2 (13.2, 13.3); None: 1
    winnable: bool = True       # csm 14.5: could the actor still win when it happened?


@dataclass(frozen=True)
class GameResult:
    """A finished (or unplayed) game, as far as the payments need it. Build it with :func:`parse_result`."""

    contract: str | None
    actor: int | None
    trump: str | None = None
    side_suit: str | None = None
    against: tuple[str, ...] = ()
    flek: tuple[tuple[str, int], ...] = ()
    flekers: tuple[tuple[str, tuple[int, ...]], ...] = ()
    points: tuple[int, int] | None = None
    talon_points: int = 0
    marriages: tuple[str, str] = ("", "")
    trump_seven: SevenFate | None = None
    side_seven: SevenFate | None = None
    actor_tricks: int | None = None
    unplayed: str | None = None
    renonc: Renonc | None = None
    holding: Holding | None = None
    players: int = 3

    @property
    def better(self) -> bool:
        """Hearts are trumps: the better game (*lepší*, *v červených*)."""
        return self.trump == "h"

    @property
    def defenders(self) -> tuple[int, ...]:
        """The two seats that play against the actor."""
        return tuple(s for s in range(3) if s != self.actor)

    def level(self, component: str) -> int:
        """The flek level on a component (0: none)."""
        return dict(self.flek).get(component, 0)

    def fleked_by(self, component: str) -> tuple[int, ...]:
        return dict(self.flekers).get(component, ())

    def to_dict(self) -> dict[str, Any]:
        """The result JSON of this result; :func:`parse_result` reads it back to an equal value."""
        out: dict[str, Any] = {}
        if self.players != 3:
            out["players"] = self.players
        for key in ("contract", "trump", "side_suit", "actor"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.against:
            out["against"] = list(self.against)
        if self.flek:
            out["flek"] = dict(self.flek)
        if self.flekers:
            out["flekers"] = {k: list(v) for k, v in self.flekers}
        if self.points is not None:
            out["points"] = {"actor": self.points[0], "defence": self.points[1]}
        if self.talon_points:
            out["talon_points"] = self.talon_points
        if any(self.marriages):
            out["marriages"] = {"actor": self.marriages[0], "defence": self.marriages[1]}
        for key in ("trump_seven", "side_seven"):
            seven = getattr(self, key)
            if seven is not None:
                out[key] = {"seat": seven.seat, "fate": seven.fate}
        for key in ("actor_tricks", "unplayed"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.renonc is not None:
            out["renonc"] = {k: v for k, v in vars(self.renonc).items() if v is not None}
        if self.holding is not None:
            default = Holding()
            out["holding"] = {f.name: getattr(self.holding, f.name) for f in fields(Holding)
                              if getattr(self.holding, f.name) != getattr(default, f.name)}
        return out


@dataclass(frozen=True)
class Line:
    """One line of the score sheet: each of ``payers`` pays each of ``payees`` ``amount``."""

    description: str
    section: str
    amount: Fraction
    payers: tuple[int, ...]
    payees: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"description": self.description, "section": self.section, "amount": _json_number(self.amount),
                "payers": list(self.payers), "payees": list(self.payees)}


@dataclass(frozen=True)
class Settlement:
    """What each seat pays (negative) or receives (positive), and why.

    ``played`` is False when the payments did not come from the cards played
    out: an unplayed or laid-down game, a presumed outcome (csm 12.3-12.4), a
    renonc in play.
    """

    rules: str
    unit: str
    options: Mapping[str, Any]
    title: str
    payments: tuple[Fraction, ...]
    lines: tuple[Line, ...]
    played: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON payload of ``marias score --json``."""
        return {"rules": self.rules, "unit": self.unit, "options": dict(self.options), "title": self.title,
                "played": self.played, "payments": [_json_number(p) for p in self.payments],
                "lines": [line.to_dict() for line in self.lines]}

    def __str__(self) -> str:
        rows = [(line.description, _who(line), f"{_fmt(line.amount)} {self.unit}", line.section)
                for line in self.lines]
        widths = [max((len(r[i]) for r in rows), default=0) for i in range(3)]
        out = [self.title]
        for row in rows:
            out.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + f"  [{row[3]}]")
        out.append("payments:")
        for seat, amount in enumerate(self.payments):
            sign = "+" if amount > 0 else ""
            out.append(f"  seat {seat} ({_SEAT_NAMES[seat]}): {sign}{_fmt(amount)} {self.unit}")
        return "\n".join(out)


_SEAT_NAMES = ("forehand", "zadák", "dealer", "pauzírák")


def _fmt(amount: Fraction) -> str:
    if amount.denominator == 1:
        return str(amount.numerator)
    return str(Decimal(amount.numerator) / Decimal(amount.denominator))


def _json_number(amount: Fraction) -> int | float:
    return amount.numerator if amount.denominator == 1 else float(amount)


def _seats(seats: tuple[int, ...]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def _who(line: Line) -> str:
    if not line.payers:
        return "nobody pays"
    verb = "pays" if len(line.payers) == 1 else "each pay"
    return f"{_seats(line.payers)} {verb} {_seats(line.payees)}" + (" each" if len(line.payees) > 1 else "")


# --- reading the result JSON -------------------------------------------------

_KEYS = ("rules", "options", "players", "contract", "trump", "side_suit", "actor", "against", "flek", "flekers",
         "points", "talon_points", "marriages", "trump_seven", "side_seven", "actor_tricks", "unplayed",
         "renonc", "holding")


def _int(value: Any, name: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise ResultError(f"{name} must be a whole number {bound}, not {value!r}")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ResultError(f"{name} must be true or false, not {value!r}")
    return value


def _seat(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 2:
        raise ResultError(f"{name} must be a seat 0, 1 or 2, not {value!r}")
    return value


def _choice(value: Any, name: str, choices: Iterable[str]) -> str:
    choices = tuple(choices)
    if value not in choices:
        raise ResultError(f"unknown {name} {value!r} (use {', '.join(choices)})")
    return value


def _suit(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise ResultError(f"{name} must be a suit letter, not {value!r}")
    try:
        return Suit.from_str(value).token
    except MariasError as exc:
        raise ResultError(f"{name}: {exc}") from None


def _object(value: Any, name: str, keys: Iterable[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ResultError(f"{name} must be an object, not {value!r}")
    keys = tuple(keys)
    for key in value:
        if key not in keys:
            raise ResultError(f"unknown key {key!r} in {name} (use {', '.join(keys)})")
    return value


def _points(value: Any, name: str) -> int:
    points = _int(value, name, 0, 90)
    if points % 10:
        raise ResultError(f"{name} must be a multiple of 10, not {value!r}")
    return points


def _marriage_suits(value: Any, name: str) -> str:
    letters = list(value) if isinstance(value, (str, list)) else None
    if letters is None:
        raise ResultError(f"{name} must be a string of suit letters, not {value!r}")
    return "".join(_suit(letter, name) for letter in letters if letter != " ")


def _seven(value: Any, name: str, fates: tuple[str, ...]) -> SevenFate:
    data = _object(value, name, ("seat", "fate"))
    if "seat" not in data or "fate" not in data:
        raise ResultError(f"{name} needs a seat and a fate, not {value!r}")
    return SevenFate(_seat(data["seat"], f"{name} seat"), _choice(data["fate"], f"{name} fate", fates))


def _holding(value: Any) -> Holding:
    names = [f.name for f in fields(Holding)]
    data = _object(value, "holding", names)
    facts: dict[str, Any] = {}
    for f in fields(Holding):
        if f.name not in data:
            continue
        raw = data[f.name]
        if isinstance(f.default, bool):
            facts[f.name] = _bool(raw, f"holding {f.name}")
        else:
            facts[f.name] = _int(raw, f"holding {f.name}", 0, 8)
    return Holding(**facts)


def parse_result(data: Any) -> GameResult:
    """Read and check the result JSON (a dict). ``rules`` and ``options`` keys are allowed and ignored.

    Raises ResultError, with one line quoting the input, for anything that
    cannot be a game's result whatever the rule set: unknown keys, contracts,
    suits or seats, points that are not 90 in all, a marriage declared twice, a
    seven held by the wrong side, … Checks that depend on the rule set (flek
    limits, contracts a rule set lacks) are made by :func:`settle`.

    >>> parse_result({"contract": "betl", "actor": 1, "actor_tricks": 0}).contract
    'betl'
    >>> parse_result({"contract": "sevens", "actor": 0})
    Traceback (most recent call last):
    ...
    analyzer.errors.ResultError: unknown contract 'sevens' (use seven, hundred, hundred-seven, betl, durch, two-sevens, two-sevens-hundred, game, seven-against, hundred-against, open-betl, open-durch)
    """
    data = _object(data, "the result", _KEYS)
    unplayed = None if data.get("unplayed") is None else _choice(data["unplayed"], "unplayed", UNPLAYED_KINDS)
    sketchy = unplayed in ("passed", "give-up")  # nothing was announced: contract and trump may be missing
    players = _int(data.get("players", 3), "players", 3, 4)

    if "contract" not in data and not sketchy:
        raise ResultError("the result needs a contract")
    contract = None if data.get("contract") is None else _choice(data["contract"], "contract", ALL_CONTRACTS)
    if "actor" not in data and unplayed != "passed":
        raise ResultError("the result needs an actor (seat 0, 1 or 2)")
    actor = None if data.get("actor") is None else _seat(data["actor"], "actor")
    notrump = contract in NO_TRUMP_CONTRACTS

    trump = None if data.get("trump") is None else _suit(data["trump"], "trump")
    if notrump and trump is not None:
        raise ResultError(f"{contract} has no trumps, but trump is {data['trump']!r}")
    if contract is not None and not notrump and trump is None and not sketchy:
        raise ResultError(f"{contract} needs a trump suit")

    two_sevens = contract in ("two-sevens", "two-sevens-hundred")
    side_suit = None if data.get("side_suit") is None else _suit(data["side_suit"], "side_suit")
    if two_sevens and side_suit is None and not sketchy:
        raise ResultError(f"{contract} needs a side_suit")
    if side_suit is not None and not two_sevens:
        raise ResultError(f"side_suit {data['side_suit']!r} belongs to two sevens only, not {contract}")
    if side_suit is not None and side_suit == trump:
        raise ResultError(f"the side suit cannot be the trump suit {data['side_suit']!r}")

    against_raw = data.get("against", [])
    if not isinstance(against_raw, list):
        raise ResultError(f"against must be a list of announcements, not {against_raw!r}")
    against = tuple(_choice(a, "announcement against", AGAINST) for a in against_raw)
    if len(set(against)) != len(against):
        raise ResultError(f"an announcement against is repeated in {against_raw!r}")
    if against and notrump:
        raise ResultError(f"{contract} has no announcements against, but against is {against_raw!r}")

    flek_raw = _object(data.get("flek", {}), "flek", COMPONENTS)
    levels = {c: _int(level, f"flek on {c}", 0) for c, level in flek_raw.items()}
    flek = tuple(sorted((c, level) for c, level in levels.items() if level))
    flekers_raw = _object(data.get("flekers", {}), "flekers", COMPONENTS)
    flekers = []
    for component, seats in flekers_raw.items():
        if not isinstance(seats, list):
            raise ResultError(f"flekers on {component} must be a list of seats, not {seats!r}")
        flekers.append((component, tuple(_seat(s, f"a fleker on {component}") for s in seats)))
    flekers.sort()

    points = None
    talon_points = _points(data.get("talon_points", 0), "talon_points")
    if talon_points > 20:
        raise ResultError(f"two talon cards hold at most 20 points, not {talon_points!r}")
    if "points" in data:
        if notrump:
            raise ResultError(f"{contract} is not played for points, but points are {data['points']!r}")
        raw = _object(data["points"], "points", ("actor", "defence"))
        points = (_points(raw.get("actor", 0), "actor's points"), _points(raw.get("defence", 0), "defence's points"))
        if sum(points) + talon_points != 90:
            raise ResultError(f"points and talon_points must make 90 in all, not {sum(points) + talon_points}")

    marriages_raw = _object(data.get("marriages", {}), "marriages", ("actor", "defence"))
    marriages = (_marriage_suits(marriages_raw.get("actor", ""), "actor's marriages"),
                 _marriage_suits(marriages_raw.get("defence", ""), "defence's marriages"))
    declared = marriages[0] + marriages[1]
    if len(set(declared)) != len(declared):
        raise ResultError(f"a marriage is declared twice in {data['marriages']!r}")
    if declared and notrump:
        raise ResultError(f"{contract} has no marriages, but marriages are {data['marriages']!r}")

    trump_seven = None if data.get("trump_seven") is None else _seven(data["trump_seven"], "trump_seven",
                                                                       TRUMP_SEVEN_FATES)
    side_seven = None if data.get("side_seven") is None else _seven(data["side_seven"], "side_seven",
                                                                    SIDE_SEVEN_FATES)
    if trump_seven is not None and notrump:
        raise ResultError(f"{contract} has no trump seven, but trump_seven is {data['trump_seven']!r}")
    if side_seven is not None and not two_sevens:
        raise ResultError(f"side_seven belongs to two sevens only, not {contract}")
    if trump_seven is not None and trump_seven.fate == "talon" and trump_seven.seat != actor:
        raise ResultError(f"only the actor discards to the talon, not seat {trump_seven.seat}")
    if trump_seven is not None and trump_seven.fate == "won" and points is not None:
        holder_side = 0 if trump_seven.seat == actor else 1
        if points[holder_side] < 10:
            raise ResultError(f"the trump seven won the last trick for seat {trump_seven.seat}, "
                              f"but that side has {points[holder_side]} points, not the last trick's 10")

    actor_tricks = None
    if data.get("actor_tricks") is not None:
        if contract is not None and not notrump:
            raise ResultError(f"actor_tricks belongs to betl and durch, not {contract}")
        actor_tricks = _int(data["actor_tricks"], "actor_tricks", 0, 10)

    renonc = None
    if data.get("renonc") is not None:
        raw = _object(data["renonc"], "renonc", ("seat", "kind", "fee", "winnable"))
        if "seat" not in raw:
            raise ResultError(f"a renonc needs the seat of the offender, not {data['renonc']!r}")
        renonc = Renonc(_seat(raw["seat"], "renonc seat"), _choice(raw.get("kind", "play"), "renonc kind", RENONC_KINDS),
                        None if raw.get("fee") is None else _int(raw["fee"], "renonc fee", 1, 2),
                        _bool(raw.get("winnable", True), "renonc winnable"))
        if unplayed is not None and renonc.kind == "play":
            raise ResultError(f"a renonc in play needs a played game, not {unplayed!r}")

    holding = None if data.get("holding") is None else _holding(data["holding"])
    return GameResult(contract, actor, trump, side_suit, against, flek, tuple(flekers), points, talon_points,
                      marriages, trump_seven, side_seven, actor_tricks, unplayed, renonc, holding, players)


# --- settling ------------------------------------------------------------------

@dataclass(frozen=True)
class _Score:
    """One component's outcome, before flek: the owner's side won or lost ``base`` per payer."""

    component: str
    what: str
    section: str
    owner_is_actor: bool
    won: bool
    base: Fraction
    level: int


def settle(result: GameResult, rules: str = "csm", **options: Any) -> Settlement:
    """Price ``result`` under ``rules`` (``csm``, ``basic`` or ``licit``) and ``options``.

    The options and their defaults are in :data:`analyzer.scoring_tables.OPTIONS`
    and docs/scoring.md. Raises ResultError for an unknown rule set or option,
    and for a result the rule set cannot score (a contract it lacks, a flek
    past its limit, a fact the contract needs that the result lacks, …).

    >>> r = parse_result({"contract": "betl", "actor": 0, "actor_tricks": 1,
    ...                   "flek": {"betl": 1}, "flekers": {"betl": [1]}, "holding": {"suits": 3}})
    >>> [int(p) for p in settle(r, "csm").payments]    # csm 17.6
    [-15, 12, 3]
    """
    return _Settler(result, resolve(rules, options)).settle()


def settle_json(data: Any, rules: str | None = None, **options: Any) -> Settlement:
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


# The hundred's factor for n tens beyond the first (option hundred_steps):
# "doubling for each extra 10", "an amount equal to the value of the 100 is
# added", "only half the value of the 100".
_STEPS = {"double": lambda n: Fraction(2) ** n, "add": lambda n: 1 + Fraction(n), "half": lambda n: 1 + Fraction(n, 2)}


def _step(n: int, how: str) -> Fraction:
    return _STEPS[how](n)


def _marriage_values(suits: str, trump: str | None) -> list[int]:
    return sorted((40 if s == trump else 20 for s in suits), reverse=True)


class _Settler:
    """Settles one result under one resolved rule set; a fresh one per call."""

    def __init__(self, result: GameResult, rules: Rules) -> None:
        self.r = result
        self.t = rules
        self.lines: list[Line] = []

    # Step 1. Who plays, what was announced, what the rule set allows.

    @property
    def defence(self) -> tuple[int, ...]:
        """The seats that pay and receive as the defence: the defenders and a paying pauzírák."""
        pauzirak = self.r.players == 4 and (not self.t.shape.pauzirak_option or self.t.option("pauzirak_pays"))
        return self.r.defenders + ((PAUZIRAK,) if pauzirak else ())

    @property
    def everybody(self) -> tuple[int, ...]:
        return tuple(sorted({0, 1, 2, *self.defence}))

    def components(self) -> tuple[str, ...]:
        r = self.r
        announced = self.t.contracts[r.contract] + tuple(AGAINST[a] for a in r.against)
        if HUNDREDS & set(announced):
            announced = tuple(c for c in announced if c != "game")
        return tuple(dict.fromkeys(announced))

    def check(self) -> None:
        r, t = self.r, self.t
        if r.unplayed is not None and r.unplayed not in UNPLAYED[t.name]:
            raise ResultError(f"{t.name} has no unplayed game {r.unplayed!r} (use {', '.join(sorted(UNPLAYED[t.name]))})")
        if r.contract is None:
            return
        if r.contract not in t.contracts:
            raise ResultError(f"contract {r.contract!r} does not exist in {t.name} "
                              f"(use {', '.join(t.contracts)}; some need an option)")
        if r.against and not t.shape.against:
            raise ResultError(f"{t.name} has no announcements against (only flek), but against is {list(r.against)!r}")
        components = self.components()
        own = t.contracts[r.contract] + tuple(AGAINST[a] for a in r.against)
        if len(set(own)) != len(own):
            raise ResultError(f"{r.contract!r} already announces {list(r.against)!r} against")
        # "... only if flek has been said to the game": to the game or, when the
        # actor announced a hundred, to the hundred that stands for it.
        if r.against and t.option("against_doubled") and not (r.level("game") or r.level("hundred")):
            raise ResultError(f"announcements against {list(r.against)!r} need a flek on the game (option against_doubled)")
        self._check_fleks(own)
        self._check_sevens(components)
        if r.talon_points and not t.option("sharp_talon"):
            raise ResultError(f"sharp cards cannot be discarded in {t.name} (talon_points {r.talon_points!r}; "
                              "basic and licit: option sharp_talon)")
        if r.renonc is not None:
            self._check_renonc()
        if r.unplayed == "laid-down":
            allowed = LAID_DOWN_CONTRACTS[t.name]
            if allowed is not None and r.contract not in allowed:
                raise ResultError(f"{t.name} lays down only {', '.join(sorted(allowed))}, not {r.contract!r}")
        if r.unplayed == "four-side-cards" and r.contract != "two-sevens":
            raise ResultError(f"four side cards in one hand void two sevens only, not {r.contract!r} (csm 12.6)")
        if r.unplayed == "give-up" and (r.contract not in (None, "seven") or r.better):
            raise ResultError(f"only the lowest bid, seven, may be given up, not {'better ' if r.better else ''}{r.contract}")

    def _check_fleks(self, announced: tuple[str, ...]) -> None:
        r, t = self.r, self.t
        limit = t.flek_limit(r.contract)
        if r.unplayed == "laid-down" and LAID_DOWN_FLEK_LIMIT[t.name] is not None:
            limit = LAID_DOWN_FLEK_LIMIT[t.name]
        for component, level in r.flek:
            if component not in announced:
                raise ResultError(f"flek on {component!r}, which {r.contract} does not announce")
            if limit is not None and level > limit:
                raise ResultError(f"flek level {level} on {component} is past the limit {limit} for {r.contract} in {t.name}")
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
            # csm 8.5: one defender at most twice in a row, in Hra and Sedma.
            if t.name == "csm" and r.contract == "seven" and any(
                    seats[i] == seats[i + 1] == seats[i + 2] for i in range(len(seats) - 2)):
                raise ResultError(f"one defender fleks {component} three times in a row {list(seats)!r} (csm 8.5)")

    def _check_sevens(self, components: tuple[str, ...]) -> None:
        r = self.r
        seven = r.trump_seven
        actor_seven = "seven" in components or "two-sevens" in components
        if actor_seven and seven is not None and seven.seat != r.actor:
            raise ResultError(f"{r.contract} announces the actor's seven, but the trump seven is at seat {seven.seat}")
        if actor_seven and seven is not None and seven.fate == "talon":
            raise ResultError("an announced seven cannot be discarded to the talon (csm 7.2)")
        if "seven-against" in components and seven is not None and seven.seat == r.actor:
            raise ResultError(f"seven against needs the trump seven in the defence, not at the actor's seat {r.actor}")
        if r.side_seven is not None and r.side_seven.seat != r.actor:
            raise ResultError(f"two sevens needs the side seven in the actor's hand, not at seat {r.side_seven.seat}")

    def _check_renonc(self) -> None:
        renonc, t = self.r.renonc, self.t
        assert renonc is not None
        if t.shape.renonc == "fees":
            if renonc.kind == "technical" and renonc.fee == 2:
                raise ResultError("a technical renonc costs paušál 1, not 2 (csm 13.1)")
        else:
            if renonc.kind == "technical":
                raise ResultError(f"{t.name} has no technical renonc (csm 13.1 only)")
            if renonc.fee is not None:
                raise ResultError(f"renonc fee {renonc.fee!r} is csm's paušál; {t.name} charges 10 or the stake")

    def _check_facts(self, components: tuple[str, ...]) -> None:
        """The facts a played-out game needs, by component."""
        r = self.r
        need = {
            "game": ("points", "points"), "hundred": ("points", "points"), "hundred-against": ("points", "points"),
            "seven": ("trump_seven", "the trump seven's fate"), "seven-against": ("trump_seven", "the trump seven's fate"),
            "two-sevens": ("side_seven", "the side seven's fate"), "betl": ("actor_tricks", "actor_tricks"),
            "durch": ("actor_tricks", "actor_tricks"), "open-betl": ("actor_tricks", "actor_tricks"),
            "open-durch": ("actor_tricks", "actor_tricks"),
        }
        for component in components:
            key, text = need[component]
            if getattr(r, key) is None:
                raise ResultError(f"{r.contract} was played: the result needs {text} ({key})")
        if "two-sevens" in components and r.trump_seven is None:
            raise ResultError(f"{r.contract} was played: the result needs the trump seven's fate (trump_seven)")
        if self.t.shape.hundred_needs_marriage:
            for component, side in (("hundred", 0), ("hundred-against", 1)):
                if component in components and not r.marriages[side]:
                    raise ResultError(f"{component} announced without any marriage for the "
                                      f"{'actor' if side == 0 else 'defence'}: 100 cannot be reached")

    # Step 2. The outcomes.

    def settle(self) -> Settlement:
        r, t = self.r, self.t
        self.check()
        if r.unplayed == "passed":
            self._note("not played: everybody passed", "passed")
        elif r.unplayed == "give-up":
            self._add(f"seat {r.actor} gives the game up after the talon", section(t.name, "give-up"),
                      GIVE_UP_PRICE[t.name], (r.actor,), self.defence)
        elif r.unplayed == "four-side-cards":
            self._note("not played: four side cards in one defender's hand, free", "four-side-cards")
        elif r.renonc is not None and r.renonc.kind == "play" and t.shape.renonc == "penalty":
            self._renonc_penalty()
        else:
            forced, why = self._forced()
            components = self.components()
            if forced is None:
                self._check_facts(components)
            scores = [self._score(c, forced, why) for c in components]
            for score in scores:
                self._pay_score(score)
            if forced is None and t.shape.quiet_sevens:
                self._quiet_sevens(components)
            if t.name == "csm" and t.option("bonuses") and r.holding is not None:
                self._bonuses(scores)
            if r.renonc is not None:
                self._renonc_fees()
        if t.name == "csm" and t.option("round_up"):
            self._round_up()
        payments = [Fraction(0)] * (4 if r.players == 4 else 3)
        for line in self.lines:
            for payer in line.payers:
                payments[payer] -= line.amount * len(line.payees)
            for payee in line.payees:
                payments[payee] += line.amount * len(line.payers)
        # Played: the cards decided, not a presumption, a claim or a broken rule.
        played = r.unplayed is None and self._forced()[0] is None
        return Settlement(t.name, t.unit, dict(t.options), self._title(), tuple(payments), tuple(self.lines), played)

    def _forced(self) -> tuple[dict[str, bool] | None, str]:
        """Outcomes fixed without play: presumed (csm 12.3-12.4), laid down, or lost by a renonc (csm 14.2)."""
        r, t = self.r, self.t
        components = self.components()
        if r.unplayed == "laid-down":
            return {c: True for c in components}, "laid down"
        if r.renonc is not None and r.renonc.kind == "play":
            actor_offended = r.renonc.seat == r.actor
            return {c: (c in DEFENCE_COMPONENTS) == actor_offended for c in components}, f"renonc by seat {r.renonc.seat}"
        if t.option("unplayed") and not r.against:
            for contract, fleks, outcomes, where in PRESUMED[t.name]:
                if r.contract == contract and all(r.level(c) == level for c, level in fleks.items()):
                    return dict(outcomes), f"not played, {where}"
        return None, ""

    def _score(self, component: str, forced: dict[str, bool] | None, why: str) -> _Score:
        scorer = {"game": self._game, "seven": self._seven, "seven-against": self._seven,
                  "hundred": self._hundred, "hundred-against": self._hundred, "two-sevens": self._two_sevens,
                  "betl": self._tricks, "durch": self._tricks, "open-betl": self._tricks,
                  "open-durch": self._tricks}[component]
        score = scorer(component, None if forced is None else forced[component])
        if forced is not None:
            score = replace(score, what=f"{score.what} ({why})")
        return score

    def _side_points(self, actor_side: bool) -> tuple[int, str] | None:
        """Card points won in tricks by a side (the talon's sharp cards go to the defence) and its marriages."""
        if self.r.points is None:
            return None
        if actor_side:
            return self.r.points[0], self.r.marriages[0]
        return self.r.points[1] + self.r.talon_points, self.r.marriages[1]

    def _hundred_count(self, actor_side: bool, all_marriages: bool) -> int | None:
        """Points toward a hundred: trick points and one marriage; the others once 100 is reached."""
        side = self._side_points(actor_side)
        if side is None:
            return None
        tricks, suits = side
        values = _marriage_values(suits, self.r.trump)
        count = tricks + (sum(values) if all_marriages else (values[0] if values else 0))
        return tricks + sum(values) if count >= 100 else count

    def _game(self, component: str, forced: bool | None) -> _Score:
        r, t = self.r, self.t
        price = t.price("game", r.better)
        all_marriages = t.shape.quiet_hundred_marriages == "all"
        for actor_side in (True, False):
            count = self._hundred_count(actor_side, all_marriages)
            winner_ok = forced is None or forced == actor_side
            if count is not None and count >= 100 and winner_ok:
                return self._quiet_hundred(actor_side, count, price)
        if forced is None:
            assert r.points is not None
            actor_total = r.points[0] + sum(_marriage_values(r.marriages[0], r.trump))
            defence_total = r.points[1] + r.talon_points + sum(_marriage_values(r.marriages[1], r.trump))
            won = actor_total > defence_total
            detail = f" {actor_total} to {defence_total}"
        else:
            won, detail = forced, ""
        return _Score("game", f"game {'won' if won else 'lost'}{detail}", section(t.name, "game"), True, won,
                      price, r.level("game"))

    def _quiet_hundred(self, actor_side: bool, count: int, game_price: Fraction) -> _Score:
        """A hundred nobody announced replaces the game and takes the game's flek."""
        t = self.t
        tens = (count - 100) // 10
        if t.shape.hundred_model == "csm":
            # csm 10.9: twice the game's price, and the game's price again for every ten above 100.
            base = game_price * (2 + tens)
        else:
            base = t.price("quiet-hundred", self.r.better) * _step(tens, t.option("hundred_steps"))
        who = "actor" if actor_side else "defence"
        return _Score("game", f"quiet hundred {count} for the {who}, replaces the game", section(t.name, "quiet-hundred"),
                      True, actor_side, base, self.r.level("game"))

    def _seven(self, component: str, forced: bool | None) -> _Score:
        r, t = self.r, self.t
        price = t.price(component, r.better)
        name = "seven" if component == "seven" else "seven against"
        if forced is not None:
            return _Score(component, f"{name} {'won' if forced else 'lost'}", section(t.name, "seven"),
                          component == "seven", forced, price, r.level(component))
        assert r.trump_seven is not None
        fate = r.trump_seven.fate
        won = fate == "won"
        if fate == "killed" and t.option("killed_seven"):
            price *= KILLED_SEVEN_FACTOR
        return _Score(component, f"{name} {'won' if won else 'lost'}{_FATE_WORDS[fate]}", section(t.name, "seven"),
                      component == "seven", won, price, r.level(component))

    def _hundred(self, component: str, forced: bool | None) -> _Score:
        r, t = self.r, self.t
        actor_side = component == "hundred"
        price = t.price(component, r.better)
        count = self._hundred_count(actor_side, all_marriages=False)
        name = "hundred" if actor_side else "hundred against"
        won = forced if forced is not None else (count is not None and count >= 100)
        if count is None or (forced is not None and won != (count >= 100)):
            # Decided without (or against) the points: the base price (csm 14.2 "nejméně však základní sazba").
            return _Score(component, f"{name} {'made' if won else 'failed'}", section(t.name, "hundred"),
                          actor_side, won, price, r.level(component))
        if won:
            tens = (count - 100) // 10
            factor = Fraction(1) if t.shape.hundred_model == "csm" else _step(tens, t.option("hundred_steps"))
            what = f"{name} made with {count}"
        else:
            short = (100 - count) // 10
            # csm 10.3: the price for every ten the defence took beyond what it could.
            factor = Fraction(short) if t.shape.hundred_model == "csm" else _step(short - 1, t.option("hundred_steps"))
            what = f"{name} failed with {count}, {short * 10} short"
        return _Score(component, what, section(t.name, "hundred"), actor_side, won, price * factor, r.level(component))

    def _two_sevens(self, component: str, forced: bool | None) -> _Score:
        r, t = self.r, self.t
        price = t.price("two-sevens", r.better)
        if forced is not None:
            won, detail = forced, ""
        else:
            assert r.trump_seven is not None and r.side_seven is not None
            won = r.trump_seven.fate == "won" and r.side_seven.fate == "won"
            failed = [f"{which} seven{_FATE_WORDS[s.fate]}" for which, s in
                      (("side", r.side_seven), ("trump", r.trump_seven)) if s.fate != "won"]
            detail = f" ({', '.join(failed)})" if failed else ""
        return _Score(component, f"two sevens {'won' if won else 'lost'}{detail}", section(t.name, "two-sevens"),
                      True, won, price, r.level(component))

    def _tricks(self, component: str, forced: bool | None) -> _Score:
        r, t = self.r, self.t
        wanted = 0 if component.endswith("betl") else 10
        won = forced if forced is not None else r.actor_tricks == wanted
        detail = "" if forced is not None else f", actor took {r.actor_tricks} trick{'' if r.actor_tricks == 1 else 's'}"
        return _Score(component, f"{component.replace('-', ' ')} {'won' if won else 'lost'}{detail}",
                      section(t.name, component.replace("open-", "")), True, won,
                      t.price(component, False), r.level(component))

    # Step 3. Score-sheet lines.

    def _add(self, description: str, where: str, amount: Fraction, payers: tuple[int, ...],
             payees: tuple[int, ...]) -> None:
        if amount:
            self.lines.append(Line(description, where, Fraction(amount), payers, payees))

    def _note(self, description: str, what: str) -> None:
        self.lines.append(Line(description, section(self.t.name, what), Fraction(0), (), ()))

    def _between(self, actor_receives: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
        assert self.r.actor is not None
        actor = (self.r.actor,)
        return (self.defence, actor) if actor_receives else (actor, self.defence)

    def _pay_score(self, score: _Score) -> None:
        r, t = self.r, self.t
        actor_receives = score.won == score.owner_is_actor
        payers, payees = self._between(actor_receives)
        hearts = ", hearts" if r.better and score.component not in NO_TRUMP_CONTRACTS else ""
        multiplier = Fraction(2) ** score.level
        flek = f", {t.flek_name(score.level)} x{multiplier}" if score.level else ""
        split = r.unplayed == "laid-down" and t.shape.laid_down_split and score.level and score.owner_is_actor
        if not split:
            self._add(score.what + flek + hearts, score.section, score.base * multiplier, payers, payees)
            return
        # csm 11.3: a defender who fleks a laid-down game pays the increase, "re"
        # included, for his partner too; the partner pays the base price only.
        self._add(score.what + ", base price" + hearts, score.section, score.base, payers, payees)
        seats = r.fleked_by(score.component)
        if not seats:
            raise ResultError(f"a laid-down {score.component} with flek needs its flekers (csm 11.3)")
        for index, fleker in enumerate(seats):
            level = 2 * index + 1
            top = min(level + 1, score.level)
            increase = score.base * (Fraction(2) ** top - Fraction(2) ** (level - 1))
            self._add(f"{score.component}: the increase for {t.flek_name(level)}"
                      f"{' and ' + t.flek_name(top) if top > level else ''} on a laid-down game, for the whole defence",
                      section(t.name, "laid-down"), increase * len(self.defence), (fleker,), payees)

    def _quiet_sevens(self, components: tuple[str, ...]) -> None:
        """Basic and licit: a trump seven nobody announced, winning or beaten in the last trick."""
        r, t = self.r, self.t
        seven = r.trump_seven
        if seven is None or {"seven", "seven-against", "two-sevens"} & set(components):
            return
        holder_is_actor = seven.seat == r.actor
        if seven.fate == "won":
            payers, payees = self._between(holder_is_actor)
            self._add(f"quiet seven for seat {seven.seat}", section(t.name, "seven"),
                      t.price("quiet-seven", r.better), payers, payees)
        elif seven.fate == "killed" and t.option("killed_quiet_seven"):
            payers, payees = self._between(not holder_is_actor)
            self._add(f"quiet seven of seat {seven.seat} killed in the last trick", section(t.name, "seven"),
                      t.price("killed-quiet-seven", r.better), payers, payees)

    def _bonuses(self, scores: list[_Score]) -> None:
        """csm 17: bonus Kč for thin holdings, paid apart from the flek."""
        r = self.r
        holding = r.holding
        assert holding is not None and r.contract is not None
        won = {s.component for s in scores if s.won and s.owner_is_actor}
        lost = {s.component for s in scores if not s.won and s.owner_is_actor}
        offender = None if r.renonc is None or r.renonc.kind != "play" else r.renonc.seat
        # csm 14.5: bonuses go only to the side that did not renonc, and to the
        # actor only if the game could still be won.
        actor_may = offender is None or (offender != r.actor and r.renonc is not None and r.renonc.winnable)
        defence_may = offender is None or offender == r.actor
        trump_marriage = r.trump is not None and r.trump in r.marriages[0]
        with_lead = r.actor == 0 or r.contract in NO_TRUMP_CONTRACTS  # csm 9.6: forehand leads, the actor in betl and durch
        actor_rows: list[tuple[BonusRow, Fraction, Fraction]] = []
        for row in BONUS_ROWS:
            if r.contract not in row.contracts or not row.condition(holding, trump_marriage):
                continue
            if row.fleker:
                fleks = r.fleked_by(row.needs[0])
                if r.level(row.needs[0]) and set(row.needs) <= lost and defence_may:
                    if not fleks:
                        raise ResultError(f"the flek bonus on {row.needs[0]} needs its flekers (csm 17.6)")
                    others = tuple(s for s in self.everybody if s != fleks[0])
                    self._add(f"bonus for seat {fleks[0]}'s flek: {row.text}", "csm 17.1, 17.6", row.values[0],
                              others, (fleks[0],))
                continue
            if set(row.needs) <= won and actor_may:
                lead, no_lead = self._row_values(row, holding)
                actor_rows.append((row, lead, no_lead))
        # csm 17.9: without the lead only the highest row is paid at that rate,
        # the others at the rate with the lead.
        best = None if with_lead or not actor_rows else max(range(len(actor_rows)), key=lambda i: actor_rows[i][2])
        for index, (row, lead, no_lead) in enumerate(actor_rows):
            amount = no_lead if index == best else lead
            rate = "" if lead == no_lead else ", without the lead" if index == best else ", with the lead"
            trumps = f" ({holding.trumps} trumps)" if row.trump_base else ""
            self._add(f"bonus: {row.text}{trumps}{rate}", "csm 17", amount, *self._between(actor_receives=True))

    def _row_values(self, row: BonusRow, holding: Holding) -> tuple[Fraction, Fraction]:
        """A row's (with lead, without lead) after 17.2 (each trump fewer doubles) and 17.3 (better doubles)."""
        lead, no_lead = row.values
        if self.r.better:
            lead, no_lead = row.better if row.better is not None else (lead * 2, no_lead * 2)
        if row.trump_base is not None and holding.trumps is not None:
            factor = Fraction(2) ** (row.trump_base - holding.trumps)
            zero = row.zero_with_lead_at_base and holding.trumps == row.trump_base
            lead, no_lead = (Fraction(0) if zero else lead * factor), no_lead * factor
        count = row.count(holding)
        return lead * count, no_lead * count

    # Step 4. Renonc.

    def _renonc_penalty(self) -> None:
        """Basic and licit: the offender pays each other player 10, or the stake if more."""
        r, t = self.r, self.t
        assert r.renonc is not None
        stake = sum((t.price(c, r.better and c not in NO_TRUMP_CONTRACTS) * 2 ** r.level(c) for c in self.components()),
                    Fraction(0))
        amount = max(BASIC_RENONC_MINIMUM, stake)
        others = tuple(s for s in self.everybody if s != r.renonc.seat)
        self._add(f"renonc by seat {r.renonc.seat}: 10 or the stake {_fmt(stake)}, whichever is more",
                  section(t.name, "renonc"), amount, (r.renonc.seat,), others)

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
        fee = renonc.fee or 1
        others = tuple(s for s in self.everybody if s != renonc.seat)
        self._add(f"{'technical ' if renonc.kind == 'technical' else ''}renonc by seat {renonc.seat}, paušál {fee}",
                  section(t.name, "renonc"), RENONC_FEES[fee], (renonc.seat,), others)

    # Step 5. csm 16.2: round up to whole Kč.

    def _round_up(self) -> None:
        """Round what each player owes each other one up to whole Kč (in favour of the one paid)."""
        net: dict[tuple[int, int], Fraction] = {}
        for line in self.lines:
            for payer in line.payers:
                for payee in line.payees:
                    net[(payer, payee)] = net.get((payer, payee), Fraction(0)) + line.amount
                    net[(payee, payer)] = net.get((payee, payer), Fraction(0)) - line.amount
        # Group the adjustments into as few lines as the sheet needs: first the
        # payers of one payee, then the payees of the same payers.
        by_payee: dict[tuple[int, Fraction], list[int]] = {}
        for (payer, payee), owed in sorted(net.items()):
            if owed > 0 and owed.denominator != 1:
                by_payee.setdefault((payee, math.ceil(owed) - owed), []).append(payer)
        by_payers: dict[tuple[tuple[int, ...], Fraction], list[int]] = {}
        for (payee, amount), payers in by_payee.items():
            by_payers.setdefault((tuple(payers), amount), []).append(payee)
        for (payers, amount), payees in by_payers.items():
            self._add("rounded up to whole Kč", section(self.t.name, "round"), amount, payers, tuple(payees))

    def _title(self) -> str:
        r, t = self.r, self.t
        if r.contract is None:
            return f"{t.name}: no contract"
        name = ("better " if r.better and r.contract not in NO_TRUMP_CONTRACTS else "") + r.contract
        trump = f", trump {r.trump}" if r.trump else ""
        side = f", side suit {r.side_suit}" if r.side_suit else ""
        against = f", against: {', '.join(r.against)}" if r.against else ""
        actor = f", actor seat {r.actor}" if r.actor is not None else ""
        return f"{t.name}: {name}{trump}{side}{against}{actor}; payments in {t.unit}"
