"""basic: the rule pages' basic (*volený*) game (docs/rules.md §7), in units.

The quotes are the rule pages' own words.

>>> TABLE.prices["hundred"], TABLE.ladder[0]
((Fraction(4, 1), Fraction(8, 1)), ('game', False))
"""
from __future__ import annotations

from fractions import Fraction as F

from analyzer.scoring.four import FOUR_OPTIONS
from analyzer.scoring.ruleset import RuleOption, RuleSet, Shape

_BOOL = (False, True)

# Five contracts; seven and hundred are the actor's announcements in a suit
# game, "seven against" and "100 against" the defence's; two sevens is a variant
# (option two_sevens). "game" is dropped wherever a hundred is announced: "the
# score for a hundred, whether quiet or announced, replaces the score for game".
CONTRACTS = {
    "game": ("game",),
    "seven": ("game", "seven"),
    "hundred": ("hundred",),
    "hundred-seven": ("hundred", "seven"),
    "seven-against": ("game", "seven-against"),
    "hundred-against": ("game", "hundred-against"),
    "two-sevens": ("game", "two-sevens"),
    "two-sevens-hundred": ("hundred", "two-sevens"),
    "betl": ("betl",),
    "durch": ("durch",),
    "open-betl": ("open-betl",),
    "open-durch": ("open-durch",),
}

# The payments table, in units, (plain, better): "in a suit contract with
# hearts as trumps, all payments for the game and bonuses are doubled"; two
# sevens "20 units, or 40 if hearts are trumps".
PRICES = {
    "game": (F(1), F(2)),
    "seven": (F(2), F(4)),
    "seven-against": (F(2), F(4)),
    "hundred": (F(4), F(8)),
    "hundred-against": (F(4), F(8)),
    "two-sevens": (F(20), F(40)),
    "betl": (F(5), F(5)),
    "durch": (F(10), F(10)),
    "open-betl": (F(10), F(10)),
    "open-durch": (F(20), F(20)),
    "quiet-seven": (F(1), F(2)),
    "killed-quiet-seven": (F(1), F(2)),
    "quiet-hundred": (F(2), F(4)),
}

# "they score twice as much as 7 and 100 announcements by the lone player"
AGAINST_DOUBLED = {"seven-against": (F(4), F(8)), "hundred-against": (F(8), F(16))}
# The killed-seven variant: "3 units instead of 2 ... 4 (won or lost) and 6
# (if killed in the last trick)" with a flek: half as much again.
KILLED_SEVEN_FACTOR = F(3, 2)
HUNDRED_STEPS = RuleOption("hundred_steps", "double", ("double", "add", "half"), "basic variants",
                       "each 10 above (or short of) 100 doubles the hundred, adds its value, or adds half of it")
KILLED_SEVEN = RuleOption("killed_seven", False, _BOOL, "basic variants",
                      "an announced seven beaten in the last trick costs 3, not 2")
AGAINST_DOUBLED_OPTION = RuleOption("against_doubled", False, _BOOL, "basic variants",
                                "seven and hundred against need a flek on the game and score 4 and 8")
SHARP_TALON = RuleOption("sharp_talon", False, _BOOL, "basic variants",
                     "sharp cards may be discarded; they count for the defence")
KILLED_QUIET_SEVEN = RuleOption("killed_quiet_seven", True, _BOOL, "basic payments table",
                            "the side whose unannounced trump seven is beaten in the last trick pays 1")
UNPLAYED_DOC = "settle the suit games the rules do not play (off: play them out)"

OPTIONS = (
    RuleOption("association", False, _BOOL, "basic variants", "betl 15 and durch 30 (Czech Mariáš Association)"),
    RuleOption("open_games", True, _BOOL, "basic variants", "open betl and open durch exist"),
    HUNDRED_STEPS,
    KILLED_SEVEN,
    AGAINST_DOUBLED_OPTION,
    SHARP_TALON,
    RuleOption("two_sevens", False, _BOOL, "basic variants", "the actor may announce two sevens (20, hearts 40)"),
    KILLED_QUIET_SEVEN,
    RuleOption("unplayed", True, _BOOL, "basic: cards not played", UNPLAYED_DOC),
)

# The five contracts "in ascending order"; the trump suit is not part of the
# bid (forehand chose it before bidding).
LADDER = (("game", False), ("betl", False), ("durch", False), ("open-betl", False), ("open-durch", False))

TABLE = RuleSet(
    name="basic",
    shape=Shape("units", "steps", "one", True, True, True, False, "penalty", False, False),
    contracts=CONTRACTS,
    prices=PRICES,
    ladder=LADDER,
    level_prices={False: (F(1), F(5), F(10), F(10), F(20)), True: (F(1), F(15), F(30), F(10), F(20))},
    # "in theory the lone player and opponents can continue doubling without limit"
    flek_limits={"*": None},
    flek_names=("", "flek", "re", "tutti", "boty", "kalhoty", "kaiser"),
    # Forehand cannot pass; "a player who has a perfect Betl or Durch will lay
    # down his or her cards and claim a win".
    unplayed=frozenset({"laid-down"}),
    # "If forehand plays a suit contract, makes no announcements and no flek ...
    # can claim 1 unit"; "announces the seven and flek is said to the game, but
    # no further announcements or doubles ... no payments".
    presumed=(
        ("game", {"game": 0}, {"game": True}, "basic: cards not played"),
        ("seven", {"game": 1, "seven": 0}, {"game": False, "seven": True}, "basic: cards not played"),
    ),
    sections={"*": "basic: payments table", "renonc": "basic: payments table (renonc)",
              "laid-down": "basic: variants (perfect betl or durch)"},
    options=OPTIONS + FOUR_OPTIONS,
    contract_options={"open-betl": "open_games", "open-durch": "open_games",
                      "two-sevens": "two_sevens", "two-sevens-hundred": "two_sevens"},
    option_prices={
        # "official rules of the Czech Mariáš Association: 15 units for Betl and 30 for Durch"
        ("association", True): {"betl": (F(15), F(15)), "durch": (F(30), F(30))},
        ("against_doubled", True): AGAINST_DOUBLED,
    },
    laid_down_contracts=frozenset({"betl", "durch"}),
    laid_down_flek_limit=1,  # "there is no re"
    renonc_minimum=F(10),  # "10 units or the value of the contract and bonuses, whichever is more"
    killed_seven_factor=KILLED_SEVEN_FACTOR,
)
