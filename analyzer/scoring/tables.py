"""The rule sets by name: :func:`rule_set` finds a table, :func:`resolve` applies its options.

The table's types are :mod:`~analyzer.scoring.ruleset`'s (re-exported here); each
rule set's table is its own module (:mod:`~analyzer.scoring.csm`,
:mod:`~analyzer.scoring.basic`, :mod:`~analyzer.scoring.licit`), quoting its
source (docs/rules.md §7).

>>> rules = resolve("licit", {"association": True})
>>> rules.price("two-sevens", better=True), rules.price("betl", better=False)
(Fraction(60, 1), Fraction(15, 1))
>>> resolve("csm", {}).flek_limit("seven"), resolve("csm", {}).flek_limit("betl")
(6, 4)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.contract import RULE_SETS
from analyzer.errors import ResultError
from analyzer.scoring import basic, csm, licit
from analyzer.scoring.ruleset import (
    AGAINST,
    HUNDREDS,
    BonusRow,
    PricePair,
    RuleOption,
    Rules,
    RuleSet,
    Shape,
)

__all__ = [
    "AGAINST",
    "HUNDREDS",
    "BonusRow",
    "PricePair",
    "RuleOption",
    "RuleSet",
    "Rules",
    "Shape",
    "resolve",
    "rule_set",
]

_TABLES = {"csm": csm.TABLE, "basic": basic.TABLE, "licit": licit.TABLE}


def rule_set(name: object) -> RuleSet:
    """The table of the rule set ``name``. Raises ResultError for an unknown name."""
    if name not in _TABLES:
        raise ResultError(f"unknown rule set {name!r} (use {', '.join(RULE_SETS)})")
    return _TABLES[name]  # type: ignore[index]


def resolve(name: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rule set ``name`` with ``options`` applied over the defaults.

    Raises ResultError for an unknown rule set, option or option value.

    >>> resolve("basic", {"hundred_steps": "add"}).options["hundred_steps"]
    'add'
    >>> resolve("basic", {"steps": 1})
    Traceback (most recent call last):
    ...
    analyzer.errors.ResultError: unknown option 'steps' for basic (use association, open_games, hundred_steps, killed_seven, against_doubled, sharp_talon, two_sevens, killed_quiet_seven, unplayed, ko_must_flek, marriage_must_flek)
    """
    table = rule_set(name)
    known = {o.name: o for o in table.options}
    chosen = {o.name: o.default for o in table.options}
    for key, value in (options or {}).items():
        if key not in known:
            raise ResultError(f"unknown option {key!r} for {name} (use {', '.join(known)})")
        choices = known[key].choices
        # bool is an int: compare types as well so that 1 is not taken for True.
        if not any(value == c and type(value) is type(c) for c in choices):
            allowed = ", ".join(repr(c).lower() if isinstance(c, bool) else repr(c) for c in choices)
            raise ResultError(f"option {key} takes {allowed}, not {value!r}")
        chosen[key] = value
    prices = dict(table.prices)
    for (option, value), replaced in table.option_prices.items():
        if chosen.get(option) == value:
            prices.update(replaced)
    contracts = {contract: components for contract, components in table.contracts.items()
                 if chosen.get(table.contract_options.get(contract, ""), True)}
    return Rules(table, chosen, prices, contracts)
