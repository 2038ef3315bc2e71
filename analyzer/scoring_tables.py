"""The three rule sets of RULES.md §7 as data: prices, contracts, ladders, limits, options, bonuses.

Nothing here computes a payment; :mod:`analyzer.scoring` reads these tables and
:mod:`analyzer.bidding` builds the ladders on them. Every number is quoted from
a seed: ``csm`` from ``seeds/001`` (section numbers given), ``basic`` and
``licit`` from the rule pages (``seeds/004`` in English, ``seeds/000`` in
German). :func:`resolve` turns a rule set's name and options into one
:class:`Rules` value.

>>> rules = resolve("licit", {"association": True})
>>> rules.price("two-sevens", better=True), rules.price("betl", better=False)
(Fraction(60, 1), Fraction(15, 1))
>>> resolve("csm", {}).flek_limit("seven"), resolve("csm", {}).flek_limit("betl")
(6, 4)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping

from analyzer.errors import ResultError

F = Fraction
RULE_SETS = ("csm", "basic", "licit")

# Components: the parts of a contract that are won, lost, fleked and paid on
# their own (csm 10.2, 10.4, 10.8; the rule pages: "the game and bonuses are
# paid independently").
ACTOR_COMPONENTS = ("game", "seven", "hundred", "two-sevens", "betl", "durch", "open-betl", "open-durch")
DEFENCE_COMPONENTS = ("seven-against", "hundred-against")
COMPONENTS = ACTOR_COMPONENTS + DEFENCE_COMPONENTS
NO_TRUMP_CONTRACTS = frozenset({"betl", "durch", "open-betl", "open-durch"})
HUNDREDS = frozenset({"hundred", "hundred-against"})
# The defence's announcements (rule pages: "7 against", "100 against"), by the
# token used in a result's "against" list.
AGAINST = {"seven": "seven-against", "hundred": "hundred-against"}

# What each contract announces. "game" is dropped wherever a hundred is
# announced: the hundred replaces the game (rule pages; licit: "1 unit for the
# game in all suit contracts where 100 is neither announced nor made").
CONTRACTS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    # csm 16.1: the twelve levels are these seven contracts, plain or better.
    # There is no plain "game" contract in csm: the lowest level is Sedma (5.6).
    "csm": {
        "seven": ("game", "seven"),
        "hundred": ("hundred",),
        "hundred-seven": ("hundred", "seven"),
        "betl": ("betl",),
        "durch": ("durch",),
        "two-sevens": ("two-sevens",),
        "two-sevens-hundred": ("two-sevens", "hundred"),
    },
    # Basic game: five contracts; seven and hundred are the actor's
    # announcements in a suit game, "seven against" and "100 against" the
    # defence's; two sevens is a variant (option two_sevens).
    "basic": {
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
    },
    # Licitovaný schedule: twelve levels; the game unit is scored wherever no
    # hundred is announced, so in seven and two sevens too.
    "licit": {
        "seven": ("game", "seven"),
        "hundred": ("hundred",),
        "hundred-seven": ("hundred", "seven"),
        "betl": ("betl",),
        "durch": ("durch",),
        "two-sevens": ("game", "two-sevens"),
        "two-sevens-hundred": ("two-sevens", "hundred"),
    },
}

# Contracts that exist only when an option says so.
CONTRACT_OPTIONS: Mapping[tuple[str, str], str] = {
    ("basic", "open-betl"): "open_games",
    ("basic", "open-durch"): "open_games",
    ("basic", "two-sevens"): "two_sevens",
    ("basic", "two-sevens-hundred"): "two_sevens",
}

# Basic game payments table, in units; "in a suit contract with hearts as
# trumps, all payments for the game and bonuses are doubled"; two sevens
# "20 units, or 40 if hearts are trumps".
_BASIC_PRICES: Mapping[str, tuple[Fraction, Fraction]] = {
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

# Prices of the components: (plain, better), better = hearts are trumps.
PRICES: Mapping[str, Mapping[str, tuple[Fraction, Fraction]]] = {
    # csm 16.1, in Kč: Sedma = hra 0.25 + sedma 0.50, Sto 1, Betl 3, Durch 5,
    # Dvě sedmy 6; the better levels as printed (lepší dvě sedmy 9, not 12).
    "csm": {
        "game": (F(1, 4), F(1, 2)),
        "seven": (F(1, 2), F(1)),
        "hundred": (F(1), F(2)),
        "two-sevens": (F(6), F(9)),
        "betl": (F(3), F(3)),
        "durch": (F(5), F(5)),
    },
    "basic": _BASIC_PRICES,
    # Licitovaný schedule: seven 2, hundred 4, betl 5, durch 10, two sevens 20,
    # all doubled in hearts, which are the basic game's prices; the game unit,
    # the quiet seven and hundred and the announcements against as in the basic
    # game too ("the scoring is similar"). It has no open games.
    "licit": {name: price for name, price in _BASIC_PRICES.items() if not name.startswith("open-")},
}

# Prices an option replaces: (rule set, option, value) -> component -> price.
OPTION_PRICES: Mapping[tuple[str, str, Any], Mapping[str, tuple[Fraction, Fraction]]] = {
    # "official rules of the Czech Mariáš Association: 15 units for Betl and 30 for Durch"
    ("basic", "association", True): {"betl": (F(15), F(15)), "durch": (F(30), F(30))},
    # The association's revised schedule: "two sevens does not double when
    # hearts are trumps, but increases only from 40 to 60".
    ("licit", "association", True): {
        "betl": (F(15), F(15)),
        "durch": (F(30), F(30)),
        "two-sevens": (F(40), F(60)),
    },
    # "they score twice as much as 7 and 100 announcements by the lone player"
    ("basic", "against_doubled", True): {"seven-against": (F(4), F(8)), "hundred-against": (F(8), F(16))},
    ("licit", "against_doubled", True): {"seven-against": (F(4), F(8)), "hundred-against": (F(8), F(16))},
}

# The killed-seven variant: "3 units instead of 2 ... 4 (won or lost) and 6
# (if killed in the last trick)" with a flek: half as much again.
KILLED_SEVEN_FACTOR = F(3, 2)

# The bidding ladders, lowest first: (contract, better).
LADDERS: Mapping[str, tuple[tuple[str, bool], ...]] = {
    # csm 16.1, levels 1-12.
    "csm": (
        ("seven", False), ("seven", True), ("hundred", False), ("hundred-seven", False),
        ("hundred", True), ("hundred-seven", True), ("betl", False), ("durch", False),
        ("two-sevens", False), ("two-sevens-hundred", False), ("two-sevens", True),
        ("two-sevens-hundred", True),
    ),
    # The basic game's five contracts "in ascending order"; the trump suit is
    # not part of the bid (forehand chose it before bidding).
    "basic": (("game", False), ("betl", False), ("durch", False), ("open-betl", False), ("open-durch", False)),
    # The licitovaný schedule, in the order the rule pages list it.
    "licit": (
        ("seven", False), ("seven", True), ("hundred", False), ("hundred-seven", False),
        ("hundred", True), ("hundred-seven", True), ("betl", False), ("durch", False),
        ("two-sevens", False), ("two-sevens-hundred", False), ("two-sevens", True),
        ("two-sevens-hundred", True),
    ),
}

# The price each ladder prints beside its levels, transcribed (the tests check
# them against PRICES): csm 16.1 "Cena"; the rule pages' schedules. The licit
# schedule prints the seven without the game unit the settlement adds.
LEVEL_PRICES: Mapping[tuple[str, bool], tuple[Fraction, ...]] = {
    ("csm", False): (F(3, 4), F(3, 2), F(1), F(3, 2), F(2), F(3), F(3), F(5), F(6), F(7), F(9), F(11)),
    ("basic", False): (F(1), F(5), F(10), F(10), F(20)),
    ("basic", True): (F(1), F(15), F(30), F(10), F(20)),
    ("licit", False): (F(2), F(4), F(4), F(6), F(8), F(12), F(5), F(10), F(20), F(24), F(40), F(48)),
    ("licit", True): (F(2), F(4), F(4), F(6), F(8), F(12), F(15), F(30), F(40), F(44), F(60), F(68)),
}

# Flek limits per contract ("*": every other contract); None: no limit.
# csm 8.4: "at most 4 fleks, 6 for Hra a Sedma (also better)". The rule pages:
# "in theory the lone player and opponents can continue doubling without limit".
FLEK_LIMITS: Mapping[str, Mapping[str, int | None]] = {
    "csm": {"seven": 6, "*": 4},
    "basic": {"*": None},
    "licit": {"*": None},
}
FLEK_NAMES = {
    "csm": ("", "flek", "re", "super", "resuper", "tutti", "boty"),
    "basic": ("", "flek", "re", "tutti", "boty", "kalhoty", "kaiser"),
    "licit": ("", "flek", "re", "tutti", "boty", "kalhoty", "kaiser"),
}

# Games that are not played, by the "unplayed" token of a result.
UNPLAYED: Mapping[str, frozenset[str]] = {
    # csm 12.1 nobody takes the talon, 12.2 Omyl, 12.5 laid down, 12.6 two
    # sevens against four side cards in one hand.
    "csm": frozenset({"passed", "give-up", "laid-down", "four-side-cards"}),
    # Basic: forehand cannot pass; "a player who has a perfect Betl or Durch
    # will lay down his or her cards and claim a win".
    "basic": frozenset({"laid-down"}),
    # Licit: "if all pass, the cards are thrown in"; "may give up after looking
    # at the talon"; laid down games follow csm 11-12 (the page is silent).
    "licit": frozenset({"passed", "give-up", "laid-down"}),
}
GIVE_UP_PRICE = {"csm": F(2), "licit": F(6)}  # csm 12.2 "po 2 Kč"; licit "a penalty of 6 to each opponent"
# Contracts that may be laid down, and the flek limit when they are.
LAID_DOWN_CONTRACTS: Mapping[str, frozenset[str] | None] = {
    "csm": None,  # csm 11.2: every contract
    "basic": frozenset({"betl", "durch"}),
    "licit": None,
}
LAID_DOWN_FLEK_LIMIT = {"csm": None, "basic": 1, "licit": None}  # basic: "there is no re"

# Suit games settled without play: (contract, fleks) -> presumed outcomes.
PRESUMED: Mapping[str, tuple[tuple[str, Mapping[str, int], Mapping[str, bool], str], ...]] = {
    "csm": (
        ("seven", {"game": 0, "seven": 0}, {"game": True, "seven": True}, "csm 12.3"),
        ("seven", {"game": 1, "seven": 0}, {"game": False, "seven": True}, "csm 12.4"),
    ),
    # "If forehand plays a suit contract, makes no announcements and no flek
    # ... can claim 1 unit"; "announces the seven and flek is said to the game,
    # but no further announcements or doubles ... no payments".
    "basic": (
        ("game", {"game": 0}, {"game": True}, "basic: cards not played"),
        ("seven", {"game": 1, "seven": 0}, {"game": False, "seven": True}, "basic: cards not played"),
    ),
    # The page is silent: csm 12.3-12.4.
    "licit": (
        ("seven", {"game": 0, "seven": 0}, {"game": True, "seven": True}, "licit (csm 12.3)"),
        ("seven", {"game": 1, "seven": 0}, {"game": False, "seven": True}, "licit (csm 12.4)"),
    ),
}

# Where each component's payment is written, for the score sheet.
SECTIONS: Mapping[str, Mapping[str, str]] = {
    "csm": {
        "game": "csm 10.1, 16.1", "seven": "csm 10.2, 16.1", "hundred": "csm 10.3, 16.1",
        "quiet-hundred": "csm 10.9", "betl": "csm 10.5, 16.1", "durch": "csm 10.6, 16.1",
        "two-sevens": "csm 10.7, 16.1", "bonus": "csm 17", "renonc": "csm 14-15", "round": "csm 16.2",
        "give-up": "csm 12.2", "passed": "csm 12.1", "laid-down": "csm 11.3, 12.5", "four-side-cards": "csm 12.6",
    },
    "basic": {"*": "basic: payments table", "renonc": "basic: payments table (renonc)",
              "laid-down": "basic: variants (perfect betl or durch)"},
    "licit": {"*": "licit: schedule", "renonc": "basic: payments table (renonc)", "give-up": "licit: giving up",
              "passed": "licit: all pass", "laid-down": "licit (csm 11.3, 12.5)"},
}


def section(rules: str, what: str) -> str:
    """The seed section a score-sheet line quotes."""
    table = SECTIONS[rules]
    return table.get(what, table.get("*", rules))


# csm 13-15: renonc fees, paid by the offender to every other player.
RENONC_FEES = {1: F(1), 2: F(5)}  # 15.1 paušál 1: 1 Kč, 15.2 paušál 2: 5 Kč
BASIC_RENONC_MINIMUM = F(10)  # "10 units or the value of the contract and bonuses, whichever is more"


@dataclass(frozen=True)
class Option:
    """One option of a rule set: its default, the values it takes, where the seed names it."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    source: str
    doc: str


_BOOL = (False, True)
_UNPLAYED_OPTION = Option("unplayed", True, _BOOL, "", "settle the suit games the rules do not play (off: play them out)")
OPTIONS: Mapping[str, tuple[Option, ...]] = {
    "csm": (
        Option("round_up", True, _BOOL, "csm 16.2", "round every net amount between two players up to whole Kč"),
        Option("pauzirak_pays", True, _BOOL, "csm 1.2", "a fourth player (seat 3) pays with the defence; off: he is out"),
        Option("bonuses", True, _BOOL, "csm 17", "pay the bonus table (needs the result's holding)"),
        Option("unplayed", True, _BOOL, "csm 12.3-12.4", _UNPLAYED_OPTION.doc),
    ),
    "basic": (
        Option("association", False, _BOOL, "basic variants", "betl 15 and durch 30 (Czech Mariáš Association)"),
        Option("open_games", True, _BOOL, "basic variants", "open betl and open durch exist"),
        Option("hundred_steps", "double", ("double", "add", "half"), "basic variants",
               "each 10 above (or short of) 100 doubles the hundred, adds its value, or adds half of it"),
        Option("killed_seven", False, _BOOL, "basic variants", "an announced seven beaten in the last trick costs 3, not 2"),
        Option("against_doubled", False, _BOOL, "basic variants",
               "seven and hundred against need a flek on the game and score 4 and 8"),
        Option("sharp_talon", False, _BOOL, "basic variants", "sharp cards may be discarded; they count for the defence"),
        Option("two_sevens", False, _BOOL, "basic variants", "the actor may announce two sevens (20, hearts 40)"),
        Option("killed_quiet_seven", True, _BOOL, "basic payments table",
               "the side whose unannounced trump seven is beaten in the last trick pays 1"),
        Option("unplayed", True, _BOOL, "basic: cards not played", _UNPLAYED_OPTION.doc),
    ),
    "licit": (
        Option("association", False, _BOOL, "licit variant", "the association's schedule: betl 15, durch 30, two sevens 40/60"),
        Option("hundred_steps", "double", ("double", "add", "half"), "basic variants",
               "each 10 above (or short of) 100 doubles the hundred, adds its value, or adds half of it"),
        Option("killed_seven", False, _BOOL, "basic variants", "an announced seven beaten in the last trick costs 3, not 2"),
        Option("against_doubled", False, _BOOL, "basic variants",
               "seven and hundred against need a flek on the game and score 4 and 8"),
        Option("sharp_talon", False, _BOOL, "basic variants", "sharp cards may be discarded; they count for the defence"),
        Option("killed_quiet_seven", True, _BOOL, "basic payments table",
               "the side whose unannounced trump seven is beaten in the last trick pays 1"),
        Option("unplayed", True, _BOOL, "csm 12.3-12.4", _UNPLAYED_OPTION.doc),
    ),
}


# The shape of each rule set's scoring, beyond prices.
@dataclass(frozen=True)
class Shape:
    unit: str
    hundred_model: str            # "csm": made = flat price, failed = price per ten short; "steps": doubling etc.
    quiet_hundred_marriages: str  # "all" (csm 10.9 "včetně všech hlášek") or "one" (one to reach 100)
    hundred_needs_marriage: bool  # basic: "you cannot get 100 without a marriage"; csm 10.3 prices the case
    quiet_sevens: bool            # csm 10.10: no quiet seven, no killed seven
    against: bool                 # announcements against exist (not in csm: only flek, section 8)
    better_bids: bool             # the ladder tells hearts from the other suits
    renonc: str                   # "fees" (csm 13-15) or "penalty" (basic: 10 or the stake)
    laid_down_split: bool         # csm 11.3: the fleker pays the increase for his partner
    pauzirak_option: bool         # csm 1.2 leaves it to agreement


SHAPES: Mapping[str, Shape] = {
    "csm": Shape("Kč", "csm", "all", False, False, False, True, "fees", True, True),
    "basic": Shape("units", "steps", "one", True, True, True, False, "penalty", False, False),
    "licit": Shape("units", "steps", "one", True, True, True, True, "penalty", True, False),
}


# csm 17: the bonus table.
@dataclass(frozen=True)
class Holding:
    """The actor's cards as far as the csm bonus table (17.1) needs them.

    Trump games count the talon as the actor's (17.4); betl and durch do not.
    The betl and durch counts use the seed's own terms, counted by the caller.
    """

    trumps: int | None = None          # trumps held (talon included)
    trump_ace: bool = False
    trump_ten: bool = False
    side_cards: int | None = None      # two sevens: cards of the side suit held ("pomocné")
    six: bool = False                  # betl: "6-rák"
    catching_aces: int = 0             # betl: "chytací eso", the 6-rák's excluded
    suits: int | None = None           # betl: suits in the actor's hand ("betl na 2-3 barvy")
    suits_without_ace: int = 0         # durch: "barva bez esa"
    ace_without_king: int = 0          # durch: "chytací barva s esem bez krále"
    catchers: int | None = None        # durch: "chytáky"
    bare_ace_catchers: bool = False    # durch: both catchers are bare aces ("plonková esa")


@dataclass(frozen=True)
class BonusRow:
    """One row of csm 17.1.

    ``contracts``: where it applies; ``needs``: components the actor must have
    won (17.5, 17.7), or for a flek bonus the component the fleker must have
    beaten (17.6); ``values``: (with the lead, without the lead) or, when the
    row has one column, the same twice; ``trump_base``: the trump count the row
    is written for, each trump fewer doubling (17.2); ``better``: the row's
    values when hearts are trumps (None: double them, 17.3); ``count``: how
    many times the row pays; ``fleker``: paid to the defender who fleked.
    """

    key: str
    text: str
    contracts: frozenset[str]
    needs: tuple[str, ...]
    condition: Callable[[Holding, bool], bool]
    values: tuple[Fraction, Fraction]
    trump_base: int | None = None
    better: tuple[Fraction, Fraction] | None = None
    count: Callable[[Holding], int] = field(default=lambda h: 1)
    zero_with_lead_at_base: bool = False
    fleker: bool = False


def _trumps_at_most(n: int) -> Callable[[Holding], bool]:
    return lambda h: h.trumps is not None and 1 <= h.trumps <= n


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
             lambda h, m: h.trumps in (5, 6) and not h.trump_ace and not h.trump_ten, (F(4), F(5))),
    BonusRow("hundred-4-trumps-both-sharp", "Sto na 4 trumfy s oběma ostrými", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and h.trump_ace and h.trump_ten, (F(4), F(5)),
             trump_base=4, zero_with_lead_at_base=True),
    BonusRow("hundred-4-trumps-no-ten", "Sto na 4 trumfy bez desítky", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and h.trump_ace and not h.trump_ten, (F(5), F(6)), trump_base=4),
    BonusRow("hundred-4-trumps-no-ace", "Sto na 4 trumfy bez esa", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and not h.trump_ace and h.trump_ten, (F(6), F(8)), trump_base=4),
    BonusRow("hundred-4-trumps-no-sharp", "Sto na 4 trumfy bez obou ostrých", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and not h.trump_ace and not h.trump_ten, (F(8), F(10)),
             trump_base=4),
    BonusRow("hundred-4-trumps-on-20", "Sto na 4 trumfy na 20", _HUNDREDS, ("hundred",),
             lambda h, m: _trumps_at_most(4)(h) and not m, (F(4), F(4)), trump_base=4),
    BonusRow("betl-six", "Betl 6-rák", _BETL, ("betl",), lambda h, m: h.six, (F(3), F(3))),
    BonusRow("betl-catching-ace", "Betl každé chytací eso vyjma 6-ráka", _BETL, ("betl",),
             lambda h, m: h.catching_aces > 0, (F(5), F(5)), count=lambda h: h.catching_aces),
    BonusRow("betl-flek-2-3-suits", "Flek na betla na 2-3 barvy", _BETL, ("betl",),
             lambda h, m: h.suits in (2, 3), (F(3), F(3)), fleker=True),
    BonusRow("durch-suit-without-ace", "Durch každá barva bez esa", _DURCH, ("durch",),
             lambda h, m: h.suits_without_ace > 0, (F(5), F(5)), count=lambda h: h.suits_without_ace),
    BonusRow("durch-ace-without-king", "Durch každá chytací barva s esem bez krále", _DURCH, ("durch",),
             lambda h, m: h.ace_without_king > 0, (F(5), F(5)), count=lambda h: h.ace_without_king),
    BonusRow("durch-flek-0-2-catchers", "Flek na durcha na 0-2 chytáky", _DURCH, ("durch",),
             lambda h, m: h.catchers is not None and h.catchers <= 2
             and not (h.catchers == 2 and h.bare_ace_catchers), (F(5), F(5)), fleker=True),
    BonusRow("two-sevens-4-side", "Dvě sedmy na 4 pomocné", _TWO_SEVENS, ("two-sevens",),
             lambda h, m: h.side_cards is not None and 1 <= h.side_cards <= 4, (F(4), F(5)),
             better=(F(6), F(8))),
    BonusRow("two-sevens-hundred-4-side", "Dvě sedmy a sto na 4 pomocné", _TWO_SEVENS_HUNDRED,
             ("two-sevens", "hundred"),
             lambda h, m: h.side_cards is not None and 1 <= h.side_cards <= 4, (F(5), F(6)),
             better=(F(8), F(10))),
    BonusRow("two-sevens-4-trumps", "Dvě sedmy na 4 trumfy", _TWO_SEVENS, ("two-sevens",),
             lambda h, m: _trumps_at_most(4)(h), (F(6), F(8)), trump_base=4, better=(F(10), F(12))),
    BonusRow("two-sevens-hundred-4-trumps", "Dvě sedmy a sto na 4 trumfy", _TWO_SEVENS_HUNDRED,
             ("two-sevens", "hundred"),
             lambda h, m: _trumps_at_most(4)(h), (F(8), F(10)), trump_base=4, better=(F(12), F(15))),
    # 17.7: in Dvě sedmy a sto, no two-sevens bonus unless the hundred is made too.
    *(BonusRow("two-sevens-4-trumps-no-ace", "Dvě sedmy na 4 trumfy bez esa", contracts, needs,
               lambda h, m: _trumps_at_most(4)(h) and not h.trump_ace and h.side_cards != 8, (F(3), F(3)),
               trump_base=4, better=(F(5), F(5)))
      for contracts, needs in ((_TWO_SEVENS, ("two-sevens",)), (_TWO_SEVENS_HUNDRED, ("two-sevens", "hundred")))),
)


@dataclass(frozen=True)
class Rules:
    """A rule set with its options applied: what :func:`analyzer.scoring.settle` reads."""

    name: str
    options: Mapping[str, Any]
    shape: Shape
    prices: Mapping[str, tuple[Fraction, Fraction]]
    contracts: Mapping[str, tuple[str, ...]]

    @property
    def unit(self) -> str:
        return self.shape.unit

    def price(self, component: str, better: bool) -> Fraction:
        """The price of one component, hearts or not."""
        return self.prices[component][1 if better else 0]

    def flek_limit(self, contract: str) -> int | None:
        """The highest flek level the contract allows (None: no limit)."""
        limits = FLEK_LIMITS[self.name]
        return limits.get(contract, limits["*"])

    def flek_name(self, level: int) -> str:
        names = FLEK_NAMES[self.name]
        return names[level] if level < len(names) else f"flek level {level}"

    def option(self, name: str) -> Any:
        return self.options.get(name)

    @property
    def ladder(self) -> tuple[tuple[str, bool], ...]:
        return tuple(step for step in LADDERS[self.name] if step[0] in self.contracts)

    @property
    def level_prices(self) -> tuple[Fraction, ...]:
        prices = LEVEL_PRICES[(self.name, bool(self.options.get("association", False)))]
        return tuple(p for step, p in zip(LADDERS[self.name], prices) if step[0] in self.contracts)


def resolve(name: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rule set ``name`` with ``options`` applied over the defaults.

    Raises ResultError for an unknown rule set, option or option value.

    >>> resolve("basic", {"hundred_steps": "add"}).options["hundred_steps"]
    'add'
    >>> resolve("basic", {"steps": 1})
    Traceback (most recent call last):
    ...
    analyzer.errors.ResultError: unknown option 'steps' for basic (use association, open_games, hundred_steps, killed_seven, against_doubled, sharp_talon, two_sevens, killed_quiet_seven, unplayed)
    """
    if name not in RULE_SETS:
        raise ResultError(f"unknown rule set {name!r} (use csm, basic or licit)")
    known = {o.name: o for o in OPTIONS[name]}
    chosen = {o.name: o.default for o in OPTIONS[name]}
    for key, value in (options or {}).items():
        if key not in known:
            raise ResultError(f"unknown option {key!r} for {name} (use {', '.join(known)})")
        choices = known[key].choices
        # bool is an int: compare types as well so that 1 is not taken for True.
        if not any(value == c and type(value) is type(c) for c in choices):
            allowed = ", ".join(repr(c).lower() if isinstance(c, bool) else repr(c) for c in choices)
            raise ResultError(f"option {key} takes {allowed}, not {value!r}")
        chosen[key] = value
    prices = dict(PRICES[name])
    for (rule_set, option, value), replaced in OPTION_PRICES.items():
        if rule_set == name and chosen.get(option) == value:
            prices.update(replaced)
    contracts = {
        contract: components
        for contract, components in CONTRACTS[name].items()
        if chosen.get(CONTRACT_OPTIONS.get((name, contract), ""), True)
    }
    return Rules(name, chosen, SHAPES[name], prices, contracts)
