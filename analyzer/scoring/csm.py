"""csm: the Czech 25-haléř licitovaný rules (docs/rules.md §7), the default rule set, in Kč.

Every number is the Czech rules' own; the section numbers (``csm 16.1``) are theirs.

>>> TABLE.prices["seven"], TABLE.flek_limits["seven"]
((Fraction(1, 2), Fraction(1, 1)), 6)
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction as F
from typing import TYPE_CHECKING

from analyzer.scoring.four import FOUR_OPTIONS
from analyzer.scoring.ruleset import BonusRow, RuleOption, RuleSet, Shape

if TYPE_CHECKING:
    from analyzer.scoring.facts import BonusFacts

_BOOL = (False, True)

# csm 16.1: the twelve levels are these seven contracts, plain or better. There
# is no plain "game" contract: the lowest level is Sedma (5.6). Components are
# the parts won, lost, fleked and paid on their own (10.2, 10.4, 10.8).
CONTRACTS = {
    "seven": ("game", "seven"),
    "hundred": ("hundred",),
    "hundred-seven": ("hundred", "seven"),
    "betl": ("betl",),
    "durch": ("durch",),
    "two-sevens": ("two-sevens",),
    "two-sevens-hundred": ("two-sevens", "hundred"),
}

# csm 16.1, in Kč, (plain, better): Sedma = hra 0.25 + sedma 0.50, Sto 1, Betl 3,
# Durch 5, Dvě sedmy 6; the better levels as printed (lepší dvě sedmy 9, not 12).
PRICES = {
    "game": (F(1, 4), F(1, 2)),
    "seven": (F(1, 2), F(1)),
    "hundred": (F(1), F(2)),
    "two-sevens": (F(6), F(9)),
    "betl": (F(3), F(3)),
    "durch": (F(5), F(5)),
}

# csm 16.1, levels 1-12, and the "Cena" printed beside each (the tests check it
# against PRICES).
LADDER = (
    ("seven", False), ("seven", True), ("hundred", False), ("hundred-seven", False),
    ("hundred", True), ("hundred-seven", True), ("betl", False), ("durch", False),
    ("two-sevens", False), ("two-sevens-hundred", False), ("two-sevens", True),
    ("two-sevens-hundred", True),
)
LEVEL_PRICES = (F(3, 4), F(3, 2), F(1), F(3, 2), F(2), F(3), F(3), F(5), F(6), F(7), F(9), F(11))

SECTIONS = {
    "game": "csm 10.1, 16.1", "seven": "csm 10.2, 16.1", "hundred": "csm 10.3, 16.1",
    "quiet-hundred": "csm 10.9", "betl": "csm 10.5, 16.1", "durch": "csm 10.6, 16.1",
    "two-sevens": "csm 10.7, 16.1", "bonus": "csm 17", "renonc": "csm 14-15", "round": "csm 16.2",
    "give-up": "csm 12.2", "passed": "csm 12.1", "laid-down": "csm 11.3, 12.5", "four-side-cards": "csm 12.6",
    "quiet-seven": "csm 10.10",
}

OPTIONS = (
    RuleOption("round_up", True, _BOOL, "csm 16.2", "round every net amount between two players up to whole Kč"),
    RuleOption("pauzirak_pays", True, _BOOL, "csm 1.2", "a fourth player (seat 3) pays with the defence; off: he is out"),
    RuleOption("bonuses", True, _BOOL, "csm 17", "pay the bonus table (from the result's holding or cards)"),
    RuleOption("unplayed", True, _BOOL, "csm 12.3-12.4", "settle the suit games the rules do not play (off: play them out)"),
)


# csm 17: the bonus table. A condition reads the holding's facts through
# BonusFacts.need, which refuses a fact the result did not give.
def _trumps_at_most(n: int) -> Callable[[BonusFacts], bool]:
    return lambda h: 1 <= h.need("trumps") <= n


_SEVEN = frozenset({"seven"})
_HUNDREDS = frozenset({"hundred", "hundred-seven", "two-sevens-hundred"})
_TWO_SEVENS = frozenset({"two-sevens"})
_TWO_SEVENS_HUNDRED = frozenset({"two-sevens-hundred"})
_BETL = frozenset({"betl"})
_DURCH = frozenset({"durch"})
# The second argument of a condition: does the actor hold a trump marriage?
BONUS_ROWS: tuple[BonusRow, ...] = (
    BonusRow("seven-3-trumps", "Sedma na 3 trumfy", _SEVEN, ("seven",),
             lambda h, m: _trumps_at_most(3)(h), (F(3), F(4)), trump_base=3),
    BonusRow("hundred-5-6-trumps-no-sharp", "Sto na 5-6 trumfů bez obou ostrých", _HUNDREDS, ("hundred",),
             lambda h, m: h.need("trumps") in (5, 6) and not h.need("trump_ace") and not h.need("trump_ten"),
             (F(4), F(5))),
    BonusRow("hundred-4-trumps-both-sharp", "Sto na 4 trumfy s oběma ostrými", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and h.need("trump_ace") and h.need("trump_ten"), (F(4), F(5)),
             trump_base=4, zero_with_lead_at_base=True),
    BonusRow("hundred-4-trumps-no-ten", "Sto na 4 trumfy bez desítky", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and h.need("trump_ace") and not h.need("trump_ten"),
             (F(5), F(6)), trump_base=4),
    BonusRow("hundred-4-trumps-no-ace", "Sto na 4 trumfy bez esa", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and not h.need("trump_ace") and h.need("trump_ten"),
             (F(6), F(8)), trump_base=4),
    BonusRow("hundred-4-trumps-no-sharp", "Sto na 4 trumfy bez obou ostrých", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and not h.need("trump_ace") and not h.need("trump_ten"),
             (F(8), F(10)), trump_base=4),
    BonusRow("hundred-4-trumps-on-20", "Sto na 4 trumfy na 20", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and not m, (F(4), F(4)), trump_base=4),
    BonusRow("betl-six", "Betl 6-rák", _BETL, ("betl",), lambda h, m: bool(h.need("six")), (F(3), F(3))),
    BonusRow("betl-catching-ace", "Betl každé chytací eso vyjma 6-ráka", _BETL, ("betl",),
             lambda h, m: h.need("catching_aces") > 0, (F(5), F(5)), count=lambda h: h.need("catching_aces")),
    BonusRow("betl-flek-2-3-suits", "Flek na betla na 2-3 barvy", _BETL, ("betl",),
             lambda h, m: h.need("suits") in (2, 3), (F(3), F(3)), fleker=True),
    BonusRow("durch-suit-without-ace", "Durch každá barva bez esa", _DURCH, ("durch",),
             lambda h, m: h.need("suits_without_ace") > 0, (F(5), F(5)), count=lambda h: h.need("suits_without_ace")),
    BonusRow("durch-ace-without-king", "Durch každá chytací barva s esem bez krále", _DURCH, ("durch",),
             lambda h, m: h.need("ace_without_king") > 0, (F(5), F(5)), count=lambda h: h.need("ace_without_king")),
    BonusRow("durch-flek-0-2-catchers", "Flek na durcha na 0-2 chytáky", _DURCH, ("durch",),
             lambda h, m: h.need("catchers") <= 2 and not (h.need("catchers") == 2 and h.need("bare_ace_catchers")),
             (F(5), F(5)), fleker=True),
    BonusRow("two-sevens-4-side", "Dvě sedmy na 4 pomocné", _TWO_SEVENS, ("two-sevens",),
             lambda h, m: 1 <= h.need("side_cards") <= 4, (F(4), F(5)), better=(F(6), F(8))),
    BonusRow("two-sevens-hundred-4-side", "Dvě sedmy a sto na 4 pomocné", _TWO_SEVENS_HUNDRED,
             ("two-sevens", "hundred"),
             lambda h, m: 1 <= h.need("side_cards") <= 4, (F(5), F(6)), better=(F(8), F(10))),
    BonusRow("two-sevens-4-trumps", "Dvě sedmy na 4 trumfy", _TWO_SEVENS, ("two-sevens",),
             lambda h, m: _trumps_at_most(4)(h), (F(6), F(8)), trump_base=4, better=(F(10), F(12))),
    BonusRow("two-sevens-hundred-4-trumps", "Dvě sedmy a sto na 4 trumfy", _TWO_SEVENS_HUNDRED,
             ("two-sevens", "hundred"),
             lambda h, m: _trumps_at_most(4)(h), (F(8), F(10)), trump_base=4, better=(F(12), F(15))),
    # 17.7: in Dvě sedmy a sto, no two-sevens bonus unless the hundred is made too.
    *(BonusRow("two-sevens-4-trumps-no-ace", "Dvě sedmy na 4 trumfy bez esa", contracts, needs,
               lambda h, m: _trumps_at_most(4)(h) and not h.need("trump_ace") and h.need("side_cards") != 8,
               (F(3), F(3)), trump_base=4, better=(F(5), F(5)))
      for contracts, needs in ((_TWO_SEVENS, ("two-sevens",)), (_TWO_SEVENS_HUNDRED, ("two-sevens", "hundred")))),
)

TABLE = RuleSet(
    name="csm",
    shape=Shape("Kč", "csm", "all", False, False, False, True, "fees", True, True),
    contracts=CONTRACTS,
    prices=PRICES,
    ladder=LADDER,
    level_prices={False: LEVEL_PRICES, True: LEVEL_PRICES},
    # 8.4: "at most 4 fleks, 6 for Hra a Sedma (also better)".
    flek_limits={"seven": 6, "*": 4},
    flek_names=("", "flek", "re", "super", "resuper", "tutti", "boty"),
    # 12.1 nobody takes the talon, 12.2 Omyl, 12.5 laid down, 12.6 two sevens
    # against four side cards in one hand.
    unplayed=frozenset({"passed", "give-up", "laid-down", "four-side-cards"}),
    # Suit games settled without play: (contract, fleks) -> presumed outcomes.
    presumed=(
        ("seven", {"game": 0, "seven": 0}, {"game": True, "seven": True}, "csm 12.3"),
        ("seven", {"game": 1, "seven": 0}, {"game": False, "seven": True}, "csm 12.4"),
    ),
    sections=SECTIONS,
    options=OPTIONS + FOUR_OPTIONS,
    give_up_price=F(2),  # 12.2 "aktér platí po 2 Kč"
    laid_down_contracts=None,  # 11.2: every contract
    renonc_fees={1: F(1), 2: F(5)},  # 15.1 paušál 1: 1 Kč, 15.2 paušál 2: 5 Kč
    bonus_rows=BONUS_ROWS,
)
