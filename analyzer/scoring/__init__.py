"""Payments: what each player pays or receives for a finished game (docs/rules.md §7, docs/scoring.md).

:func:`parse_result` (:meth:`GameResult.from_json`) reads a game's result into
a :class:`GameResult`; :func:`settle` prices it under one of the three rule
sets (``csm``, ``basic``, ``licit``) and returns a :class:`Settlement`: one
payment per seat, summing to zero, the score-sheet lines that make it up, and
the facts of the result these rules did not read.

The package, in the order data flows through it:

- :mod:`~analyzer.scoring.result`: the result JSON read and checked, whatever the rule set;
  :mod:`~analyzer.scoring.facts`: the bonus facts, given or counted from the cards;
- :mod:`~analyzer.scoring.ruleset`: the shape of a price table; one table per rule set,
  :mod:`~analyzer.scoring.csm`, :mod:`~analyzer.scoring.basic`, :mod:`~analyzer.scoring.licit`;
  :mod:`~analyzer.scoring.tables`: the rule sets by name, their options applied;
- :mod:`~analyzer.scoring.checks`: what a rule set refuses, and the facts each payment needs;
- :mod:`~analyzer.scoring.outcomes`: each component won or lost, and its price;
- :mod:`~analyzer.scoring.bonuses`: the csm bonus table (17);
- :mod:`~analyzer.scoring.settle` and :mod:`~analyzer.scoring.sheet`: the score sheet.
- :mod:`~analyzer.scoring.four` and :mod:`~analyzer.scoring.two`: four and two players, the same
  machinery with who pays whom and the rule set adapted; :mod:`~analyzer.scoring.obligations`:
  the four-player options that oblige a flek.

>>> result = parse_result({"contract": "seven", "trump": "h", "actor": 0,
...     "flek": {"seven": 2, "game": 1}, "points": {"actor": 80, "defence": 10},
...     "marriages": {"actor": "h"}, "trump_seven": {"seat": 0, "fate": "killed"}})
>>> settle(result, "csm").payments     # csm 10.9: "a game for free"
(Fraction(0, 1), Fraction(0, 1), Fraction(0, 1))
"""
from analyzer.scoring.facts import BonusFacts
from analyzer.scoring.result import GameResult, Renonc, SevenFate, parse_result
from analyzer.scoring.settle import settle, settle_json
from analyzer.scoring.sheet import Line, Settlement
from analyzer.scoring.tables import Rules, RuleSet, resolve, rule_set

Holding = BonusFacts  # the old name (until 0.3): analyzer.holding.Holding is a hand's cards

__all__ = [
           "BonusFacts",
           "GameResult",
           "Holding",
           "Line",
           "Renonc",
           "RuleSet",
           "Rules",
           "Settlement",
           "SevenFate",
           "parse_result",
           "resolve",
           "rule_set",
           "settle",
           "settle_json",
]
