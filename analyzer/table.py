"""The table a position is played at: how many seats, how many cards a hand, which contracts,
a talon or a stock, the marriage rule it plays unless told, the seats' names, partnerships.

A :class:`~analyzer.rules.Position` names its table by its ``seats`` (``position.table``);
every rule that differs between three, four and two players reads it here, never a copy of
the machinery (docs/architecture.md).

>>> table(4).hand, table(4).partnerships, table(2).marriage_rule
(8, True, 'over-first')
"""
from __future__ import annotations

from dataclasses import dataclass

from analyzer.contract import SEAT_NAMES, Contract
from analyzer.errors import PositionError

# The contracts of the four-player game (the rule pages, seed 004): suit games for a team
# (2 v 2, or 1 v 3 when the caller holds the called card), the rest alone against three.
FOUR_CONTRACTS = (Contract.GAME, Contract.SEVEN, Contract.HUNDRED, Contract.HUNDRED_SEVEN, Contract.SEVEN_AGAINST,
                  Contract.HUNDRED_AGAINST, Contract.BETL, Contract.DURCH, Contract.OPEN_BETL, Contract.OPEN_DURCH)
# Durch with a partner ("durch with partner" of the rule pages: the bidder names a card, its holder
# partners him, the two take every trick) is durch given a "partner"; the rest are alone.
ALONE = frozenset({Contract.BETL, Contract.OPEN_BETL, Contract.OPEN_DURCH})
# Two players: no betl or durch; either may announce seven or hundred (the other's is "against").
TWO_CONTRACTS = (Contract.GAME, Contract.SEVEN, Contract.HUNDRED, Contract.HUNDRED_SEVEN, Contract.SEVEN_AGAINST,
                 Contract.HUNDRED_AGAINST)
WISE_PARTNER = "wise"  # "partner": "wise": four players' durch with the wise one
SEAT_NAMES_4 = ("forehand", "second", "third", "dealer")
SEAT_NAMES_2 = ("non-dealer", "dealer")


@dataclass(frozen=True)
class Table:
    """What a table fixes for every position played at it."""

    seats: int
    hand: int  # the most cards a hand holds in play (ten for three: twelve dealt, two laid away)
    contracts: tuple[Contract, ...]
    talon: bool  # three players lay two cards away; four have none, two a stock instead
    stock: bool  # two players: the cards still to draw (analyzer/stock.py)
    marriage_rule: str  # unless the position says otherwise
    seat_names: tuple[str, ...]
    partnerships: bool  # four players: the actor's partner, by a called card or a seat
    word: str  # "three", "four", "two": how the messages name the table

    def seat_choices(self) -> str:
        """"0, 1 or 2", for the messages about a seat out of range."""
        return ", ".join(map(str, range(self.seats - 1))) + f" or {self.seats - 1}"


THREE = Table(3, 10, tuple(Contract), True, False, "czech", SEAT_NAMES, False, "three")
FOUR = Table(4, 8, FOUR_CONTRACTS, False, False, "czech", SEAT_NAMES_4, True, "four")
TWO = Table(2, 8, TWO_CONTRACTS, False, True, "over-first", SEAT_NAMES_2, False, "two")
TABLES = {3: THREE, 4: FOUR, 2: TWO}


def table(seats: int) -> Table:
    """The table of ``seats`` players. Raises PositionError for any other number."""
    if isinstance(seats, bool) or not isinstance(seats, int) or seats not in TABLES:
        raise PositionError(f"\"players\" must be 2, 3 or 4, not {seats!r}")
    return TABLES[seats]
