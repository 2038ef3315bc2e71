"""A finished game's result, read from its JSON and checked, whatever the rule set.

:meth:`GameResult.from_json` reads the result JSON (docs/scoring.md) and
refuses, with one line quoting the input, anything that cannot be a game's
result under any rule set; :meth:`GameResult.to_json` writes it back. The facts
the csm bonus table needs (:class:`BonusFacts`) are given, or counted from the
actor's ``hand`` and ``talon`` when the result gives them: never assumed.

>>> GameResult.from_json({"contract": "betl", "actor": 1, "actor_tricks": 0}).contract
<Contract.BETL: 'betl'>
>>> GameResult.from_json({"contract": "sevens", "actor": 0})
Traceback (most recent call last):
...
analyzer.contract.ContractError: unknown contract 'sevens' (use one of game, seven, hundred, hundred-seven, betl, durch, open-betl, open-durch, two-sevens, two-sevens-hundred, seven-against, hundred-against, or a Czech name: hra, sedma, sto, stosedm, betl, durch, dvě sedmy …)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from analyzer.cards import CardSet, Suit
from analyzer.contract import COMPONENT_NAMES, Contract, component_name
from analyzer.errors import MariasError, ResultError
from analyzer.scoring.facts import BonusFacts, SevenFate, read_cards
from analyzer.scoring.ruleset import AGAINST
from analyzer.scoring.two import SIX, VARIANTS, check_contract, check_two

# Four active players: the contracts played with a partner (the rest alone against three).
FOUR_PARTNERED = frozenset({"game", "seven", "hundred", "hundred-seven", "seven-against", "hundred-against", "durch"})

__all__ = ["BonusFacts", "GameResult", "Renonc", "SevenFate", "parse_result"]

TRUMP_SEVEN_FATES = ("won", "killed", "early", "talon")
SIDE_SEVEN_FATES = ("won", "killed", "early", "late")
UNPLAYED_KINDS = ("passed", "give-up", "laid-down", "four-side-cards")
RENONC_KINDS = ("play", "technical")
MAX_FLEK = 30
# The facts of play: what a game played out gives, and a game not played ignores.
PLAY_FACTS = ("points", "talon_points", "marriages", "trump_seven", "side_seven", "actor_tricks")


@dataclass(frozen=True)
class Renonc:
    """A broken rule: in play (the offending side loses, csm 14.2) or technical (a fee only, csm 14.1).

    ``kind``, ``fee`` and ``winnable`` are None when the result does not say;
    the rule set asks for them where they move money (csm: the kind and the
    paušál; the actor's bonuses after a defender's renonc: ``winnable``).
    """

    seat: int
    kind: str | None = None
    fee: int | None = None          # csm paušál 1 or 2 (13.2, 13.3)
    winnable: bool | None = None    # csm 14.5: could the actor still win when it happened?


@dataclass(frozen=True)
class GameResult:
    """A finished (or unplayed) game, as far as the payments need it. Build it with :meth:`from_json`."""

    contract: Contract | None
    actor: int | None
    trump: str | None = None
    side_suit: str | None = None
    against: tuple[str, ...] = ()
    flek: tuple[tuple[str, int], ...] = ()
    flekers: tuple[tuple[str, tuple[int, ...]], ...] = ()
    points: tuple[int, int] | None = None
    talon_points: int = 0
    marriages: tuple[str, str] | None = None
    trump_seven: SevenFate | None = None
    side_seven: SevenFate | None = None
    actor_tricks: int | None = None
    unplayed: str | None = None
    renonc: Renonc | None = None
    holding: BonusFacts | None = None
    players: int = 3
    hand: CardSet | None = None
    talon: CardSet | None = None
    # Four active players (a "partner" key; analyzer/scoring/four.py): the partner's seat (None:
    # alone against three) and the dealt hands, which the four-player obligations read.
    active: bool = False
    partner: int | None = None
    hands: tuple[CardSet, ...] | None = None
    wise: bool = False  # durch with the wise one: ``partner`` is the winner of the eighth trick
    # Two players (analyzer/scoring/two.py): the variant, and in the six-card one the marriages
    # declared while the stock lasted (20 even in trumps).
    variant: str = "lizany"
    stock_marriages: str = ""

    @classmethod
    def from_json(cls, data: Any) -> GameResult:
        """Read and check the result JSON (a dict); see :func:`parse_result`."""
        return parse_result(data)

    @property
    def name(self) -> str | None:
        """The contract's token (``"seven"``), None when there is none."""
        return None if self.contract is None else self.contract.value

    @property
    def better(self) -> bool:
        """Hearts are trumps: the better game (*lepší*, *v červených*); not in two players' six-card
        game, whose trump nobody chose and whose stake is fixed."""
        return self.trump == "h" and self.variant != "six"

    @property
    def seats(self) -> int:
        """The seats that play: two, three (a pauzírák aside) or four active players."""
        return 4 if self.active else 2 if self.players == 2 else 3

    @property
    def team(self) -> tuple[int, ...]:
        """The actor and his partner (four active players), or the actor alone."""
        actor, partner = self.actor, self.partner
        if partner is None:
            return () if actor is None else (actor,)
        return (partner,) if actor is None else (actor, partner)

    @property
    def defenders(self) -> tuple[int, ...]:
        """The seats that play against the actor's side: two with three players (the pauzírák is
        not one), three or two with four active players."""
        team = self.team
        return tuple(s for s in range(self.seats) if s not in team)

    def declared(self, side: int) -> str:
        """The suits of the marriages declared by the actor (0) or the defence (1)."""
        return "" if self.marriages is None else self.marriages[side]

    def level(self, component: str) -> int:
        """The flek level on a component (0: none)."""
        return dict(self.flek).get(component, 0)

    def fleked_by(self, component: str) -> tuple[int, ...]:
        return dict(self.flekers).get(component, ())

    def to_json(self) -> dict[str, Any]:
        """The result JSON of this result; :meth:`from_json` reads it back to an equal value."""
        out: dict[str, Any] = {}
        if self.players != 3:
            out["players"] = self.players
        if self.contract is not None:
            out["contract"] = self.contract.value
        for key in ("trump", "side_suit", "actor"):
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
        if self.marriages is not None:
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
        given = {f.name: getattr(self._given_holding, f.name) for f in fields(BonusFacts)
                 if getattr(self._given_holding, f.name) is not None}
        if given or (self.holding is not None and self.hand is None):
            out["holding"] = given
        for key in ("hand", "talon"):
            cards = getattr(self, key)
            if cards is not None:
                out[key] = str(cards)
        if self.active:
            out["partner"] = self.partner
        if self.wise:
            out["wise"] = True
        if self.hands is not None:
            out["hands"] = [str(h) for h in self.hands]
        if self.variant != "lizany":
            out["variant"] = self.variant
        if self.stock_marriages:
            out["stock_marriages"] = self.stock_marriages
        return out

    @property
    def _given_holding(self) -> BonusFacts:
        """The holding facts the JSON gave, without those counted from the cards."""
        if self.hand is None or self.contract is None or self.holding is None:
            return self.holding or BonusFacts()
        derived = BonusFacts.from_cards(self.hand, self.talon, self.contract, self.trump, self.side_suit)
        return BonusFacts(**{f.name: None if getattr(derived, f.name) is not None else getattr(self.holding, f.name)
                          for f in fields(BonusFacts)})


# --- reading the result JSON -------------------------------------------------

_KEYS = ("rules", "options", "players", "contract", "trump", "side_suit", "actor", "against", "flek", "flekers",
         "points", "talon_points", "marriages", "trump_seven", "side_seven", "actor_tricks", "unplayed",
         "renonc", "holding", "hand", "talon", "partner", "hands", "wise", "variant", "stock_marriages")


def _int(value: Any, name: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f">= {low}"
        raise ResultError(f"{name} must be a whole number {bound}, not {value!r}")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ResultError(f"{name} must be true or false, not {value!r}")
    return value


def _seat(value: Any, name: str, seats: int = 3) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        which = {2: "0 or 1", 3: "0, 1 or 2"}.get(seats, "0, 1, 2 or 3")
        raise ResultError(f"{name} must be a seat {which}, not {value!r}")
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
    if type(value) is not dict and not isinstance(value, Mapping):  # the ABC's check is slow
        raise ResultError(f"{name} must be an object, not {value!r}")
    keys = tuple(keys)
    for key in value:
        if key not in keys:
            raise ResultError(f"unknown key {key!r} in {name} (use {', '.join(keys)})")
    return value


def _components(value: Any, name: str) -> dict[str, Any]:
    """An object keyed by components, each named as :func:`analyzer.contract.component_name`
    reads it (``{"hra": 1, "sedma": 1}`` as ``{"game": 1, "seven": 1}``)."""
    if type(value) is not dict and not isinstance(value, Mapping):  # the ABC's check is slow
        raise ResultError(f"{name} must be an object, not {value!r}")
    out: dict[str, Any] = {}
    for key, item in value.items():
        component = component_name(key)
        if component is None:
            raise ResultError(f"unknown key {key!r} in {name} (use {', '.join(COMPONENT_NAMES)}, or the "
                              "Czech names: hra, sedma, kilo, ...)")
        if component in out:
            raise ResultError(f"{component} is named twice in {name} ({key!r})")
        out[component] = item
    return out


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


def _seven(value: Any, name: str, fates: tuple[str, ...], seats: int = 3) -> SevenFate:
    data = _object(value, name, ("seat", "fate"))
    if "seat" not in data or "fate" not in data:
        raise ResultError(f"{name} needs a seat and a fate, not {value!r}")
    return SevenFate(_seat(data["seat"], f"{name} seat", seats), _choice(data["fate"], f"{name} fate", fates))


def _holding(value: Any) -> BonusFacts:
    data = _object(value, "holding", [f.name for f in fields(BonusFacts)])
    facts: dict[str, Any] = {}
    for f in fields(BonusFacts):
        raw = data.get(f.name)
        if raw is None:
            continue
        if f.name in ("trump_ace", "trump_ten", "six", "bare_ace_catchers"):
            facts[f.name] = _bool(raw, f"holding {f.name}")
        else:
            facts[f.name] = _int(raw, f"holding {f.name}", 0, 8)
    return BonusFacts(**facts)


def parse_result(data: Any) -> GameResult:
    """Read and check the result JSON (a dict). ``rules`` and ``options`` keys are allowed and ignored.

    Raises ResultError (ContractError for an unknown contract name), with one
    line quoting the input, for anything that cannot be a game's result
    whatever the rule set: unknown keys, contracts, suits or seats, points
    that are not 90 in all, a marriage declared twice, a seven held by the
    wrong side, cards that contradict the facts, … Checks that depend on the
    rule set (flek limits, contracts a rule set lacks, the facts a payment
    needs) are made by :func:`analyzer.scoring.settle`.
    """
    data = _object(data, "the result", _KEYS)
    unplayed = None if data.get("unplayed") is None else _choice(data["unplayed"], "unplayed", UNPLAYED_KINDS)
    sketchy = unplayed in ("passed", "give-up")  # nothing was announced: contract and trump may be missing
    players = _int(data.get("players", 3), "players", 2, 4)
    active = "partner" in data  # four active players; "players": 4 alone is the pauzírák
    if active and players != 4:
        raise ResultError(f"a partner belongs to four players (\"players\": 4); "
                          f"{'two' if players == 2 else 'three'} have none")
    nseats = 4 if active else 2 if players == 2 else 3
    variant = _variant(data, players)

    if data.get("contract") is None and not sketchy:
        raise ResultError("the result needs a contract")
    contract = None if data.get("contract") is None else Contract.parse(data["contract"])
    name = None if contract is None else contract.value
    if players == 2:
        check_contract(variant, name, unplayed)
    if data.get("actor") is None and unplayed != "passed":
        raise ResultError(f"the result needs an actor (seat {'0 or 1' if nseats == 2 else '0, 1 or 2'})")
    actor = None if data.get("actor") is None else _seat(data["actor"], "actor", nseats)
    notrump = contract is not None and contract.notrump

    trump = None if data.get("trump") is None else _suit(data["trump"], "trump")
    if notrump and trump is not None:
        raise ResultError(f"{name} has no trumps, but trump is {data['trump']!r}")
    if contract is not None and not notrump and trump is None and not sketchy:
        raise ResultError(f"{name} needs a trump suit")

    two_sevens = contract is not None and contract.two_sevens
    side_suit = None if data.get("side_suit") is None else _suit(data["side_suit"], "side_suit")
    if two_sevens and side_suit is None and not sketchy:
        raise ResultError(f"{name} needs a side_suit")
    if side_suit is not None and not two_sevens:
        raise ResultError(f"side_suit {data['side_suit']!r} belongs to two sevens only, not {name}")
    if side_suit is not None and side_suit == trump:
        raise ResultError(f"the side suit cannot be the trump suit {data['side_suit']!r}")

    against_raw = data.get("against", [])
    if not isinstance(against_raw, list):
        raise ResultError(f"against must be a list of announcements, not {against_raw!r}")
    against = tuple(_choice(a, "announcement against", AGAINST) for a in against_raw)
    if len(set(against)) != len(against):
        raise ResultError(f"an announcement against is repeated in {against_raw!r}")
    if against and notrump:
        raise ResultError(f"{name} has no announcements against, but against is {against_raw!r}")

    flek_raw = _components(data.get("flek", {}), "flek")
    # Without limit in theory (the rule pages); 30 doublings, a factor over a billion, in practice.
    levels = {c: _int(level, f"flek on {c}", 0, MAX_FLEK) for c, level in flek_raw.items()}
    flek = tuple(sorted((c, level) for c, level in levels.items() if level))
    flekers_raw = _components(data.get("flekers", {}), "flekers")
    flekers = []
    for component, seats in flekers_raw.items():
        if not isinstance(seats, list):
            raise ResultError(f"flekers on {component} must be a list of seats, not {seats!r}")
        flekers.append((component, tuple(_seat(s, f"a fleker on {component}", nseats) for s in seats)))
    flekers.sort()

    points = None
    talon_points = _points(data.get("talon_points", 0), "talon_points")
    if talon_points > 20:
        raise ResultError(f"two talon cards hold at most 20 points, not {talon_points!r}")
    if "points" in data:
        if notrump:
            raise ResultError(f"{name} is not played for points, but points are {data['points']!r}")
        raw = _object(data["points"], "points", ("actor", "defence"))
        if "actor" not in raw or "defence" not in raw:
            raise ResultError(f"points need the actor's and the defence's, not {data['points']!r}")
        points = (_points(raw["actor"], "actor's points"), _points(raw["defence"], "defence's points"))
        # The talon's sharp cards make up the rest: 90 in all, so talon_points is never assumed.
        if sum(points) + talon_points != 90:
            raise ResultError(f"points and talon_points must make 90 in all, not {sum(points) + talon_points}")

    marriages = None
    if data.get("marriages") is not None:
        marriages_raw = _object(data["marriages"], "marriages", ("actor", "defence"))
        marriages = (_marriage_suits(marriages_raw.get("actor", ""), "actor's marriages"),
                     _marriage_suits(marriages_raw.get("defence", ""), "defence's marriages"))
        declared = marriages[0] + marriages[1]
        if len(set(declared)) != len(declared):
            raise ResultError(f"a marriage is declared twice in {data['marriages']!r}")
        if declared and notrump:
            raise ResultError(f"{name} has no marriages, but marriages are {data['marriages']!r}")

    trump_seven = None if data.get("trump_seven") is None else _seven(data["trump_seven"], "trump_seven",
                                                                       TRUMP_SEVEN_FATES, nseats)
    side_seven = None if data.get("side_seven") is None else _seven(data["side_seven"], "side_seven",
                                                                    SIDE_SEVEN_FATES)
    if trump_seven is not None and notrump:
        raise ResultError(f"{name} has no trump seven, but trump_seven is {data['trump_seven']!r}")
    if side_seven is not None and not two_sevens:
        raise ResultError(f"side_seven belongs to two sevens only, not {name}")
    if trump_seven is not None and trump_seven.fate == "talon" and trump_seven.seat != actor:
        raise ResultError(f"only the actor discards to the talon, not seat {trump_seven.seat}")
    partner = _partner(data, active, actor, contract)
    if active and contract is not None and contract.two_sevens:
        raise ResultError(f"four players do not play {contract.value} (the rule pages list no two sevens for four)")
    if trump_seven is not None and trump_seven.fate == "won" and points is not None:
        holder_side = 0 if trump_seven.seat in (actor, partner) else 1
        if points[holder_side] < 10:
            raise ResultError(f"the trump seven won the last trick for seat {trump_seven.seat}, "
                              f"but that side has {points[holder_side]} points, not the last trick's 10")

    actor_tricks = None
    if data.get("actor_tricks") is not None:
        if contract is not None and not notrump:
            raise ResultError(f"actor_tricks belongs to betl and durch, not {name}")
        actor_tricks = _int(data["actor_tricks"], "actor_tricks", 0, 10)
    wise = _wise(data, active, contract, actor_tricks)

    renonc = None
    if data.get("renonc") is not None:
        raw = _object(data["renonc"], "renonc", ("seat", "kind", "fee", "winnable"))
        if "seat" not in raw:
            raise ResultError(f"a renonc needs the seat of the offender, not {data['renonc']!r}")
        renonc = Renonc(_seat(raw["seat"], "renonc seat", nseats),
                        None if raw.get("kind") is None else _choice(raw["kind"], "renonc kind", RENONC_KINDS),
                        None if raw.get("fee") is None else _int(raw["fee"], "renonc fee", 1, 2),
                        None if raw.get("winnable") is None else _bool(raw["winnable"], "renonc winnable"))
        if unplayed is not None and renonc.kind != "technical":
            raise ResultError(f"a renonc in play needs a played game, not {unplayed!r}")

    if (active or players == 2) and any(data.get(key) is not None for key in ("holding", "hand", "talon")):
        key = next(k for k in ("holding", "hand", "talon") if data.get(k) is not None)
        raise ResultError(f"{key} is for the csm bonus table (17), a three-player table; "
                          f"{'four' if active else 'two'} players have none")
    stock_marriages = _stock_marriages(data, variant, marriages)
    if players == 2:
        check_two(variant, bool(flek), bool(against), bool(talon_points) or (
            trump_seven is not None and trump_seven.fate == "talon"))
    hands = None if data.get("hands") is None else _dealt(data["hands"], active)
    holding = None if data.get("holding") is None else _holding(data["holding"])
    hand = talon = None
    if data.get("hand") is not None or data.get("talon") is not None:
        hand, talon = read_cards(data, contract, trump, side_suit, actor, marriages, trump_seven, side_seven)
        holding = (holding or BonusFacts()).merged(BonusFacts.from_cards(hand, talon, contract, trump, side_suit),
                                                "the hand and talon")  # type: ignore[arg-type]
    return GameResult(contract, actor, trump, side_suit, against, flek, tuple(flekers), points, talon_points,
                      marriages, trump_seven, side_seven, actor_tricks, unplayed, renonc, holding, players,
                      hand, talon, active, partner, hands, wise, variant, stock_marriages)


def _variant(data: Mapping[str, Any], players: int) -> str:
    """Two players' variant: ``lizany`` (the default) or ``six`` (the six-card game)."""
    if data.get("variant") is None:
        return "lizany"
    if players != 2:
        raise ResultError(f"variant belongs to two players (\"players\": 2), not {players}")
    return _choice(data["variant"], "two-player variant", VARIANTS)


def _stock_marriages(data: Mapping[str, Any], variant: str, marriages: tuple[str, str] | None) -> str:
    """The six-card variant's marriages declared while the stock lasted (worth 20 even in trumps):
    suits among the declared ones."""
    if data.get("stock_marriages") is None:
        return ""
    if variant != SIX:
        raise ResultError("stock_marriages belong to the six-card variant (\"variant\": \"six\"): in the "
                          "eight-card game a marriage is worth the same while the stock lasts")
    suits = _marriage_suits(data["stock_marriages"], "stock_marriages")
    declared = "" if marriages is None else marriages[0] + marriages[1]
    for suit in suits:
        if suit not in declared:
            raise ResultError(f"stock_marriages: the marriage in {suit} is not among the declared marriages")
    return suits


def _wise(data: Mapping[str, Any], active: bool, contract: Contract | None, actor_tricks: int | None) -> bool:
    """Durch with the wise one: the actor's tricks are those of the first seven, the partner the
    eighth trick's winner (docs/scoring.md, "Four players")."""
    if data.get("wise") is None:
        return False
    wise = _bool(data["wise"], "wise")
    if wise and (not active or contract is None or contract.value != "durch"):
        raise ResultError("wise (durch with the wise one) belongs to a four-player durch with a \"partner\"")
    if wise and actor_tricks is not None and actor_tricks > 7:
        raise ResultError(f"with the wise one actor_tricks counts the actor's tricks of the first seven "
                          f"(7 of the first seven make it), not {actor_tricks}")
    return wise


def _partner(data: Mapping[str, Any], active: bool, actor: int | None, contract: Contract | None) -> int | None:
    """Four active players: the partner's seat, None when the actor is alone against three."""
    if not active or data["partner"] is None:
        return None
    seat = _seat(data["partner"], "partner", 4)
    if seat == actor:
        return None  # he called his own card: alone
    if contract is not None and contract.value not in FOUR_PARTNERED:
        raise ResultError(f"{contract.value} is played alone against three: partner must be null, "
                          f"not {data['partner']!r}")
    return seat


def _dealt(value: Any, active: bool) -> tuple[CardSet, ...]:
    """The four hands as dealt (eight cards each, the whole pack), for the four-player obligations."""
    if not active:
        raise ResultError("hands (as dealt) belong to four active players (a result with a partner)")
    if not isinstance(value, list) or len(value) != 4 or not all(isinstance(h, str) for h in value):
        raise ResultError(f"hands must be a list of four strings of card tokens, not {value!r}")
    try:
        hands = tuple(CardSet.from_str(h) for h in value)
    except MariasError as exc:
        raise ResultError(f"hands: {exc}") from None
    seen = CardSet()
    for seat, hand in enumerate(hands):
        if len(hand) != 8:
            raise ResultError(f"hand {seat} as dealt holds {len(hand)} cards, not 8")
        if seen & hand:
            raise ResultError(f"card {next(iter(seen & hand))} is dealt twice (again in hand {seat})")
        seen = seen | hand
    return hands
