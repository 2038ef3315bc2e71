"""The names the whole package shares: contracts, their components, rule sets and seats.

One :class:`Contract` serves the solver, the claims, the payments and the
bidding ladders. A contract is made of *components* (csm 10.2: the parts won,
lost, doubled and paid on their own); the solver answers each as its own
question, the score sheet pays each on its own.

>>> Contract.parse("Sedma"), Contract.parse("dvě sedmy"), Contract.parse("hundred-seven")
(<Contract.SEVEN: 'seven'>, <Contract.TWO_SEVENS: 'two-sevens'>, <Contract.HUNDRED_SEVEN: 'hundred-seven'>)
>>> Contract.SEVEN.components, Contract.SEVEN.own_goal
(('seven', 'game'), ('seven',))
"""
from __future__ import annotations

import unicodedata
from enum import Enum

from analyzer.errors import MariasError

RULE_SETS = ("csm", "basic", "licit")
MARRIAGE_RULES = ("czech", "over-first")
SEAT_NAMES = ("forehand", "zadák", "dealer")

# Components whose goal is the defence's (the basic game's announcements against the actor).
DEFENCE_COMPONENTS = ("seven-against", "hundred-against")
ACTOR_COMPONENTS = ("game", "seven", "hundred", "two-sevens", "betl", "durch", "open-betl", "open-durch")
COMPONENT_NAMES = ACTOR_COMPONENTS + DEFENCE_COMPONENTS


class ContractError(MariasError):
    """A contract name that is not known."""


class Contract(str, Enum):
    GAME = "game"
    SEVEN = "seven"
    HUNDRED = "hundred"
    HUNDRED_SEVEN = "hundred-seven"
    BETL = "betl"
    DURCH = "durch"
    OPEN_BETL = "open-betl"
    OPEN_DURCH = "open-durch"
    TWO_SEVENS = "two-sevens"
    TWO_SEVENS_HUNDRED = "two-sevens-hundred"
    SEVEN_AGAINST = "seven-against"
    HUNDRED_AGAINST = "hundred-against"

    @classmethod
    def parse(cls, text: object) -> Contract:
        """Read a contract by its English or Czech name, any case (``hra``, ``Sedma``, ``stosedm``,
        ``dvě sedmy``, ``open betl`` …). Raises ContractError naming the choices."""
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise ContractError(f"a contract is a name such as 'game' or 'sedma', not {text!r}")
        key = _key(text)
        if key in _BY_KEY:
            return _BY_KEY[key]
        raise ContractError(f"unknown contract {text!r} (use one of {', '.join(c.value for c in cls)}, "
                            "or a Czech name: hra, sedma, sto, stosedm, betl, durch, dvě sedmy …)")

    @property
    def has_trumps(self) -> bool:
        return self not in _NO_TRUMPS

    @property
    def notrump(self) -> bool:
        """Played without trumps, the ten ranked between the nine and the under-knave."""
        return self in _NO_TRUMPS

    @property
    def open(self) -> bool:
        """Open betl or durch: the actor's hand is shown after the first trick (no difference open-handed)."""
        return self in (Contract.OPEN_BETL, Contract.OPEN_DURCH)

    @property
    def two_sevens(self) -> bool:
        return self in (Contract.TWO_SEVENS, Contract.TWO_SEVENS_HUNDRED)

    @property
    def actor_seven(self) -> bool:
        """Does the actor announce the trump seven?"""
        return self in (Contract.SEVEN, Contract.HUNDRED_SEVEN, Contract.TWO_SEVENS, Contract.TWO_SEVENS_HUNDRED)

    @property
    def components(self) -> tuple[str, ...]:
        """The parts of the contract, each decided (and searched) on its own, the own goal first."""
        return _COMPONENTS[self]

    @property
    def own_goal(self) -> tuple[str, ...]:
        """What 'makes' means: both parts of the two-part contracts, else the first part."""
        parts = _COMPONENTS[self]
        return parts if self in (Contract.HUNDRED_SEVEN, Contract.TWO_SEVENS_HUNDRED) else parts[:1]

    def czech(self) -> str:
        """The name a Czech player uses."""
        return _CZECH[self][0]


_NO_TRUMPS = frozenset({Contract.BETL, Contract.DURCH, Contract.OPEN_BETL, Contract.OPEN_DURCH})
_COMPONENTS: dict[Contract, tuple[str, ...]] = {
    Contract.GAME: ("game",),
    Contract.SEVEN: ("seven", "game"),
    Contract.HUNDRED: ("hundred",),
    Contract.HUNDRED_SEVEN: ("hundred", "seven"),
    Contract.BETL: ("betl",),
    Contract.DURCH: ("durch",),
    Contract.OPEN_BETL: ("open-betl",),
    Contract.OPEN_DURCH: ("open-durch",),
    Contract.TWO_SEVENS: ("two-sevens",),
    Contract.TWO_SEVENS_HUNDRED: ("two-sevens", "hundred"),
    Contract.SEVEN_AGAINST: ("seven-against", "game"),
    Contract.HUNDRED_AGAINST: ("hundred-against", "game"),
}
# Czech names (the first is the one shown); the seeds' own words where they give one.
_CZECH: dict[Contract, tuple[str, ...]] = {
    Contract.GAME: ("hra", "barva", "hra v barvě"),
    Contract.SEVEN: ("sedma",),
    Contract.HUNDRED: ("kilo", "sto", "stovka"),
    Contract.HUNDRED_SEVEN: ("kilo sedma", "stosedm", "sto sedm", "stosedma", "sto a sedma", "kilo a sedma"),
    Contract.BETL: ("betl", "malá"),
    Contract.DURCH: ("durch", "velká"),
    Contract.OPEN_BETL: ("otevřený betl", "betl na ruku", "open betl"),
    Contract.OPEN_DURCH: ("otevřený durch", "durch na ruku", "open durch"),
    Contract.TWO_SEVENS: ("dvě sedmy", "dve sedmy"),
    Contract.TWO_SEVENS_HUNDRED: ("kilo dvě sedmy", "sto dvě sedmy", "dvě sedmy a kilo", "dvě sedmy se stem"),
    Contract.SEVEN_AGAINST: ("sedma proti", "sedma do", "seven against"),
    Contract.HUNDRED_AGAINST: ("kilo proti", "sto proti", "hundred against"),
}


def _key(text: str) -> str:
    """Case, accents, spaces, hyphens and underscores do not matter in a contract's name."""
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return "".join(ch for ch in plain if ch not in " -_")


_BY_KEY: dict[str, Contract] = {}
for _contract in Contract:
    for _name in (_contract.value, _contract.name) + _CZECH[_contract]:
        _BY_KEY[_key(_name)] = _contract
_BY_KEY.update({_key("hra a sedma"): Contract.SEVEN, _key("sto a dvě sedmy"): Contract.TWO_SEVENS_HUNDRED})


def component_name(name: object) -> str | None:
    """A component by its own name or by the name (English or Czech) of the contract that is that
    component alone: ``hra`` is the game, ``sedma`` the seven, ``kilo`` the hundred (a flek is
    put on a component, and a player names it as he names the contract). None for anything else."""
    if name in COMPONENT_NAMES:
        return str(name)
    contract = _BY_KEY.get(_key(name)) if isinstance(name, str) else None
    if contract is None or len(contract.own_goal) != 1:
        return None
    return contract.own_goal[0]


def check_rule_set(name: object) -> str:
    """A rule set's name, or ContractError naming the three."""
    if name not in RULE_SETS:
        raise ContractError(f"unknown rule set {name!r} (use {', '.join(RULE_SETS)})")
    return name  # type: ignore[return-value]
