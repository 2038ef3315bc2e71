"""The shape of a rule set's price table: what each rule set's module fills in, and :class:`Rules`,
a table with its options applied.

Nothing here computes a payment, and no number is here: each rule set's table
is its own module (:mod:`~analyzer.scoring.csm`, :mod:`~analyzer.scoring.basic`,
:mod:`~analyzer.scoring.licit`), quoting its source (docs/rules.md §7), and
:mod:`~analyzer.scoring.tables` names them and applies their options. The types
live apart from that registry so that the rule sets, which build these types,
sit below the registry that imports them all.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from analyzer.scoring.facts import BonusFacts

__all__ = ["AGAINST", "HUNDREDS", "BonusRow", "PricePair", "RuleOption", "RuleSet", "Rules", "Shape"]

PricePair = tuple[Fraction, Fraction]  # (plain, better): better = hearts are trumps
HUNDREDS = frozenset({"hundred", "hundred-against"})
# The defence's announcements (rule pages: "7 against", "100 against"), by the
# token used in a result's "against" list.
AGAINST = {"seven": "seven-against", "hundred": "hundred-against"}


@dataclass(frozen=True)
class Shape:
    """How a rule set scores, beyond its prices."""

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
    quiet_hundreds: bool = True   # a hundred nobody announced replaces the game (not two players' six-card game)


@dataclass(frozen=True)
class RuleOption:
    """One option of a rule set: its default, the values it takes, where the source names it."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    source: str
    doc: str


@dataclass(frozen=True)
class BonusRow:
    """One row of the csm bonus table (csm 17.1).

    ``contracts``: where it applies; ``needs``: components the actor must have
    won (17.5, 17.7), or for a flek bonus the component the fleker must have
    beaten (17.6); ``condition``: does the holding (and whether the actor
    declared a trump marriage) meet the row, asking the holding for each fact
    it reads (a fact not given is an error, never a default); ``values``:
    (with the lead, without the lead); ``trump_base``: the trump count the row
    is written for, each trump fewer doubling (17.2); ``better``: the row's
    values when hearts are trumps (None: double them, 17.3); ``count``: how
    many times the row pays; ``fleker``: paid to the defender who fleked.
    """

    key: str
    text: str
    contracts: frozenset[str]
    needs: tuple[str, ...]
    condition: Callable[[BonusFacts, bool], bool]
    values: PricePair
    trump_base: int | None = None
    better: PricePair | None = None
    count: Callable[[BonusFacts], int] = field(default=lambda h: 1)
    zero_with_lead_at_base: bool = False
    fleker: bool = False


@dataclass(frozen=True)
class RuleSet:
    """One rule set's table, as its module transcribes it from the source."""

    name: str
    shape: Shape
    contracts: Mapping[str, tuple[str, ...]]       # contract -> the components it announces
    prices: Mapping[str, PricePair]                # component (and quiet bonus) -> price
    ladder: tuple[tuple[str, bool], ...]           # the bidding levels, lowest first: (contract, better)
    level_prices: Mapping[bool, tuple[Fraction, ...]]  # the price printed beside each level, by "association"
    flek_limits: Mapping[str, int | None]          # contract -> highest flek level ("*": the others)
    flek_names: tuple[str, ...]
    unplayed: frozenset[str]                       # the "unplayed" cases the rule set knows
    presumed: tuple[tuple[str, Mapping[str, int], Mapping[str, bool], str], ...]
    sections: Mapping[str, str]                    # what -> the source section a sheet line quotes
    options: tuple[RuleOption, ...]
    contract_options: Mapping[str, str] = field(default_factory=dict)  # contract -> the option it needs
    option_prices: Mapping[tuple[str, Any], Mapping[str, PricePair]] = field(default_factory=dict)
    give_up_price: Fraction | None = None
    laid_down_contracts: frozenset[str] | None = None  # None: every contract
    laid_down_flek_limit: int | None = None
    renonc_fees: Mapping[int, Fraction] = field(default_factory=dict)  # csm paušál -> price
    renonc_minimum: Fraction | None = None         # basic: "10 units or the value of the contract"
    killed_seven_factor: Fraction = Fraction(1)    # option killed_seven
    bonus_rows: tuple[BonusRow, ...] = ()

    def section(self, what: str) -> str:
        """The source section a score-sheet line quotes."""
        return self.sections.get(what, self.sections.get("*", self.name))


@dataclass(frozen=True)
class Rules:
    """A rule set with its options applied: what :func:`analyzer.scoring.settle` reads."""

    table: RuleSet
    options: Mapping[str, Any]
    prices: Mapping[str, PricePair]
    contracts: Mapping[str, tuple[str, ...]]

    @property
    def name(self) -> str:
        return self.table.name

    @property
    def shape(self) -> Shape:
        return self.table.shape

    @property
    def unit(self) -> str:
        return self.table.shape.unit

    def price(self, component: str, better: bool) -> Fraction:
        """The price of one component, hearts or not."""
        return self.prices[component][1 if better else 0]

    def flek_limit(self, contract: str) -> int | None:
        """The highest flek level the contract allows (None: no limit)."""
        limits = self.table.flek_limits
        return limits.get(contract, limits["*"])

    def flek_name(self, level: int) -> str:
        names = self.table.flek_names
        return names[level] if level < len(names) else f"flek level {level}"

    def option(self, name: str) -> Any:
        return self.options.get(name)

    def section(self, what: str) -> str:
        return self.table.section(what)

    @property
    def ladder(self) -> tuple[tuple[str, bool], ...]:
        return tuple(step for step in self.table.ladder if step[0] in self.contracts)

    @property
    def level_prices(self) -> tuple[Fraction, ...]:
        prices = self.table.level_prices[bool(self.options.get("association", False))]
        return tuple(p for step, p in zip(self.table.ladder, prices) if step[0] in self.contracts)
