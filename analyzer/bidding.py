"""The bidding ladders: which contracts each rule set has, in which order, and who may bid what.

A :class:`Bid` is a :class:`~analyzer.contract.Contract` and, in the
licitovaný ladders, whether it is played in hearts ("better", *lepší*). Its
JSON form is the contract token, prefixed by ``better-`` for hearts:
``"better-hundred-seven"``; Czech names are read too (``"lepší sedma"``).

- ``csm``: the twelve levels of csm 16.1. The dealer offers, forehand answers
  "mám" (holds) or "nemám" (5.3); a player may skip levels (5.3); a bid must be
  higher than the one standing, except that the player with priority
  (forehand over zadák over dealer, 5.3-5.4) may hold it. The winner plays the
  contract bid or any higher one (6.1).
- ``basic``: game < betl < durch < open betl < open durch; only forehand plays
  the suit game; a player who says "bad" names a higher contract.
- ``licit``: the twelve levels of the rule pages' schedule; "if two players
  want to play the same game, forehand has priority over the player to
  dealer's right, who has priority over the dealer".

>>> [b.to_json() for b in ladder("csm")[:3]]
['seven', 'better-seven', 'hundred']
>>> may_bid("hundred", "better-seven", "csm")
False
>>> level_price("better-two-sevens-hundred", "csm")
Fraction(11, 1)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from analyzer.contract import Contract, ContractError
from analyzer.errors import ResultError
from analyzer.scoring.tables import resolve

__all__ = ["Bid", "components", "ladder", "level_price", "may_bid", "may_play", "rank"]

_BETTER = ("better-", "better ", "lepší ", "lepsi ")


class Bid(NamedTuple):
    """A contract as bid: ``Bid(Contract.SEVEN, better=True)`` is *lepší sedma*.

    >>> Bid.from_json("better-seven")
    Bid(contract=<Contract.SEVEN: 'seven'>, better=True)
    >>> Bid.from_json("Lepší kilo").to_json()
    'better-hundred'
    """

    contract: Contract
    better: bool = False

    @classmethod
    def from_json(cls, text: object) -> Bid:
        """Read ``"hundred"``, ``"better-hundred"``, ``"lepší sto"``, … Raises ContractError for an unknown contract."""
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise ContractError(f"a bid is a contract name such as 'better-seven', not {text!r}")
        folded = text.strip().lower()
        prefix = next((p for p in _BETTER if folded.startswith(p)), "")
        return cls(Contract.parse(text.strip()[len(prefix):]), bool(prefix))

    def to_json(self) -> str:
        return f"better-{self.contract.value}" if self.better else self.contract.value


BidLike = Bid | Contract | str


def _bid(value: BidLike) -> Bid:
    if isinstance(value, Contract):
        return Bid(value)
    return Bid.from_json(value)


def ladder(rules: str = "csm", **options: Any) -> tuple[Bid, ...]:
    """The contracts a bid can name, lowest first.

    Raises ResultError for an unknown rule set or option.

    >>> [b.to_json() for b in ladder("basic", open_games=False)]
    ['game', 'betl', 'durch']
    """
    return tuple(Bid(Contract(contract), better) for contract, better in resolve(rules, options).ladder)


def rank(bid: BidLike, rules: str = "csm", **options: Any) -> int:
    """The bid's level, 1 for the lowest. In ``basic`` the trump suit is no part of the bid.

    Raises ResultError for a contract the rule set's ladder does not have.

    >>> rank("betl", "csm"), rank("betl", "basic")
    (7, 2)
    """
    table = resolve(rules, options)
    wanted = _bid(bid)
    key = (wanted.contract.value, wanted.better and table.shape.better_bids)
    steps = table.ladder
    if key not in steps:
        names = ", ".join(Bid(Contract(c), b).to_json() for c, b in steps)
        raise ResultError(f"{wanted.to_json()!r} is not a bid in {rules} (use one of {names})")
    return steps.index(key) + 1


def may_bid(current: BidLike | None, new: BidLike, rules: str = "csm", *, priority: bool = False,
            bidder: int | None = None, **options: Any) -> bool:
    """May ``new`` be bid over the standing bid ``current`` (None: nothing bid yet)?

    A bid must be higher; ``priority=True`` (the bidder is senior to the
    holder of ``current``) lets him hold it at the same level. In ``basic``
    only forehand (``bidder`` 0) may name the suit game.

    Raises ResultError for a contract the ladder does not have.

    >>> may_bid("seven", "seven", "csm"), may_bid("seven", "seven", "csm", priority=True)
    (False, True)
    >>> may_bid(None, "game", "basic", bidder=1)
    False
    """
    new_rank = rank(new, rules, **options)
    if rules == "basic" and _bid(new).contract is Contract.GAME and bidder not in (None, 0):
        return False
    if current is None:
        return True
    old_rank = rank(current, rules, **options)
    return new_rank > old_rank or (priority and new_rank == old_rank)


def may_play(bid: BidLike, contract: BidLike, rules: str = "csm", **options: Any) -> bool:
    """May the auction's winner, having bid ``bid``, announce ``contract``? (csm 6.1: the bid or any higher.)

    >>> may_play("hundred", "betl"), may_play("betl", "better-hundred")
    (True, False)
    """
    return rank(contract, rules, **options) >= rank(bid, rules, **options)


def level_price(bid: BidLike, rules: str = "csm", **options: Any) -> Fraction:
    """The price the ladder prints beside the level (csm 16.1 "Cena", before the rounding of 16.2).

    >>> level_price("seven", "csm"), level_price("betl", "licit", association=True)
    (Fraction(3, 4), Fraction(15, 1))
    """
    table = resolve(rules, options)
    return table.level_prices[rank(bid, rules, **options) - 1]


def components(bid: BidLike, rules: str = "csm", **options: Any) -> tuple[str, ...]:
    """The separately paid parts of the contract under ``rules`` (csm 10.2, 10.4, 10.8).

    >>> components("two-sevens-hundred")
    ('two-sevens', 'hundred')
    """
    table = resolve(rules, options)
    wanted = _bid(bid)
    if wanted.contract.value not in table.contracts:
        raise ResultError(f"contract {wanted.contract.value!r} does not exist in {rules}")
    return table.contracts[wanted.contract.value]
