"""licit: the rule pages' licitovaný schedule (docs/rules.md §7), in units.

"The scoring is similar to that in ordinary three-player Mariáš": everything
the schedule does not replace is the basic game's (:mod:`analyzer.scoring.basic`).

>>> TABLE.level_prices[True][-1]
Fraction(68, 1)
"""
from __future__ import annotations

from fractions import Fraction as F

from analyzer.scoring import basic, csm
from analyzer.scoring.four import FOUR_OPTIONS
from analyzer.scoring.ruleset import RuleOption, RuleSet, Shape

_BOOL = (False, True)

# Twelve levels; the game unit is scored wherever no hundred is announced
# ("1 unit for the game in all suit contracts where 100 is neither announced
# nor made"), so in seven and two sevens too.
CONTRACTS = {
    "seven": ("game", "seven"),
    "hundred": ("hundred",),
    "hundred-seven": ("hundred", "seven"),
    "betl": ("betl",),
    "durch": ("durch",),
    "two-sevens": ("game", "two-sevens"),
    "two-sevens-hundred": ("two-sevens", "hundred"),
}

# Seven 2, hundred 4, betl 5, durch 10, two sevens 20, all doubled in hearts:
# the basic game's prices. It has no open games.
PRICES = {name: price for name, price in basic.PRICES.items() if not name.startswith("open-")}

OPTIONS = (
    RuleOption("association", False, _BOOL, "licit variant", "the association's schedule: betl 15, durch 30, two sevens 40/60"),
    basic.HUNDRED_STEPS,
    basic.KILLED_SEVEN,
    basic.AGAINST_DOUBLED_OPTION,
    basic.SHARP_TALON,
    basic.KILLED_QUIET_SEVEN,
    RuleOption("unplayed", True, _BOOL, "csm 12.3-12.4", basic.UNPLAYED_DOC),
)

TABLE = RuleSet(
    name="licit",
    shape=Shape("units", "steps", "one", True, True, True, True, "penalty", True, False),
    contracts=CONTRACTS,
    prices=PRICES,
    # The schedule, in the order the rule pages list it: csm's twelve levels.
    ladder=csm.LADDER,
    # As printed: the seven without the game unit the settlement adds.
    level_prices={
        False: (F(2), F(4), F(4), F(6), F(8), F(12), F(5), F(10), F(20), F(24), F(40), F(48)),
        True: (F(2), F(4), F(4), F(6), F(8), F(12), F(15), F(30), F(40), F(44), F(60), F(68)),
    },
    flek_limits={"*": None},
    flek_names=basic.TABLE.flek_names,
    # "if all pass, the cards are thrown in"; "may give up after looking at the
    # talon"; laid-down games follow csm 11-12 (the page is silent).
    unplayed=frozenset({"passed", "give-up", "laid-down"}),
    # The page is silent: csm 12.3-12.4.
    presumed=(
        ("seven", {"game": 0, "seven": 0}, {"game": True, "seven": True}, "licit (csm 12.3)"),
        ("seven", {"game": 1, "seven": 0}, {"game": False, "seven": True}, "licit (csm 12.4)"),
    ),
    sections={"*": "licit: schedule", "renonc": "basic: payments table (renonc)", "give-up": "licit: giving up",
              "passed": "licit: all pass", "laid-down": "licit (csm 11.3, 12.5)"},
    options=OPTIONS + FOUR_OPTIONS,
    option_prices={
        # The association's revised schedule: "two sevens does not double when
        # hearts are trumps, but increases only from 40 to 60".
        ("association", True): {"betl": (F(15), F(15)), "durch": (F(30), F(30)), "two-sevens": (F(40), F(60))},
        ("against_doubled", True): basic.AGAINST_DOUBLED,
    },
    give_up_price=F(6),  # "a penalty of 6 to each opponent"
    laid_down_contracts=None,
    renonc_minimum=basic.TABLE.renonc_minimum,
    killed_seven_factor=basic.KILLED_SEVEN_FACTOR,
)
