"""The two-player game's payments (*lízaný* and its six-card variant; docs/scoring.md "Two
players", docs/rules.md §8).

A result with ``"players": 2`` is settled between two seats, 0 the non-dealer and 1 the dealer:
the actor (either of them) and the other, who is the whole defence. The rule pages: "the
payments for the game, 7 and 100 are the same as in the three-player game", "bonuses are scored
as in the three-player game", "either player can announce 100 or seven or both", "the dealer can
say flek to the game, and either player can say flek to bonuses announced by the other". So the
price is the three-player one, what one defender pays the actor, and one player pays it to the
other (:func:`analyzer.variants.seat_payments` with two seats).

:func:`two_rules` is the rule set as two players use it; the rest of the machinery
(:mod:`~analyzer.scoring.settle`) is unchanged. The choices where the sources are silent
(docs/scoring.md, "Two players"):

- the contracts are the game, seven, hundred, hundred-seven, seven-against and hundred-against,
  with the basic game's components in every rule set (csm and licit have no plain game and csm
  no announcement against: two players have both, priced at the rule set's game, seven and
  hundred);
- every hand is played out (the stock must be drawn): no presumed outcome (csm 12.3-12.4, the
  basic game's "cards not played"), no auction to pass or give up;
- the six-card variant (``"variant": "six"``) has "no announcements and no doubling": the game
  only, won by the majority, at the game's price, no quiet seven or quiet hundred, hearts not
  doubled; a marriage declared while the stock lasted is worth 20 even in the trump suit
  (``"stock_marriages"``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from analyzer.errors import ResultError
from analyzer.scoring.basic import CONTRACTS as BASIC_CONTRACTS

if TYPE_CHECKING:
    from analyzer.scoring.ruleset import Rules

__all__ = ["SIX", "TWO_CONTRACTS", "VARIANTS", "check_contract", "check_two", "two_rules"]

SIX = "six"
VARIANTS = ("lizany", SIX)
# The two-player contracts and their components, the same in every rule set: the basic game's
# (a hundred replaces the game, analyzer/scoring/checks.components).
TWO_CONTRACTS = {name: BASIC_CONTRACTS[name] for name in
                 ("game", "seven", "hundred", "hundred-seven", "seven-against", "hundred-against")}
# An announcement against is priced as the same announcement by the actor where the rule set
# has no price of its own for it (csm: either player may announce with two).
_AGAINST_AS = {"seven-against": "seven", "hundred-against": "hundred"}
# What two players never have: no auction (passed, give-up), no talon (four side cards in a hand
# of two sevens). A laid-down game follows the rule set (basic lays down betl and durch only).
UNPLAYED = frozenset({"laid-down"})


def two_rules(t: Rules, variant: str) -> Rules:
    """The rule set ``t`` as two players use it (``variant`` ``lizany`` or ``six``)."""
    table = t.table
    shape = replace(table.shape, against=True)
    prices = dict(t.prices)
    for against, own in _AGAINST_AS.items():
        prices.setdefault(against, t.prices[own])
    contracts = dict(TWO_CONTRACTS)
    if variant == SIX:
        # "no announcements and no doubling ... whoever has the majority of card points wins a stake"
        shape = replace(shape, quiet_sevens=False, quiet_hundreds=False)
        contracts = {"game": TWO_CONTRACTS["game"]}
    table = replace(table, shape=shape, presumed=(), unplayed=table.unplayed & UNPLAYED,
                    contracts=contracts, prices=prices)
    return replace(t, table=table, prices=prices, contracts=contracts)


def check_contract(variant: str, contract: str | None, unplayed: str | None) -> None:
    """A two-player result's contract and unplayed case, whatever the rule set (ResultError, one
    line), checked before the facts the contract reads."""
    if contract is not None and contract not in TWO_CONTRACTS:
        raise ResultError(f"two players have no {contract} (they play: {', '.join(TWO_CONTRACTS)})")
    if unplayed is not None and unplayed not in UNPLAYED:
        raise ResultError(f"two players play every hand out: no unplayed game {unplayed!r} (only laid-down)")
    if variant == SIX and contract not in (None, "game"):
        raise ResultError(f"the six-card variant has no announcements: its contract is the game, not {contract}")


def check_two(variant: str, flek: bool, against: bool, talon: bool) -> None:
    """The rest of a two-player result's checks whatever the rule set (ResultError, one line)."""
    if talon:
        raise ResultError("two players have no talon (talon_points, a trump seven in the talon)")
    if variant == SIX and (flek or against):
        raise ResultError("the six-card variant has no announcements and no doubling (flek, against)")
