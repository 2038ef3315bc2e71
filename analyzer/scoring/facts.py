"""The facts the csm bonus table reads (:class:`BonusFacts`), given in the result or counted from the actor's cards.

A fact a bonus row reads and the result does not give is an error
(:class:`MissingFact`), never a default. Given the actor's ``hand`` and
``talon``, :func:`read_cards` counts the facts the cards decide and checks the
result's sevens and marriages against them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.contract import Contract
from analyzer.errors import MariasError, ResultError
from analyzer.holding import Holding as Cards

__all__ = ["BonusFacts", "MissingFact", "SevenFate", "read_cards"]


class MissingFact(ResultError):
    """A bonus row reads a holding fact the result did not give."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass(frozen=True)
class SevenFate:
    """Who held a seven and what became of it (``won``, ``killed``, ``early``, ``talon``, ``late``).

    The trump seven's fate is about the last trick, the side seven's (two
    sevens) about the last trick but one. Here, below
    :mod:`~analyzer.scoring.result` which re-exports it, because :func:`read_cards`
    checks the fates against the cards.
    """

    seat: int
    fate: str


@dataclass(frozen=True)
class BonusFacts:
    """The actor's cards as far as the csm bonus table (17.1) needs them; None: not given.

    Trump games count the talon as the actor's (17.4); betl and durch do not.
    :meth:`from_cards` counts the facts that the cards decide; the betl and
    durch terms that need a judgement of the play (*6-rák*, *chytací eso*,
    *chytací barva*, *chytáky*) are always given by the caller (docs/rules.md §10).
    """

    trumps: int | None = None          # trumps held (talon included)
    trump_ace: bool | None = None
    trump_ten: bool | None = None
    side_cards: int | None = None      # two sevens: cards of the side suit held ("pomocné"), talon included
    six: bool | None = None            # betl: "6-rák"
    catching_aces: int | None = None   # betl: "chytací eso", the 6-rák's excluded
    suits: int | None = None           # betl: suits in the actor's hand ("betl na 2-3 barvy")
    suits_without_ace: int | None = None   # durch: "barva bez esa"
    ace_without_king: int | None = None    # durch: "chytací barva s esem bez krále"
    catchers: int | None = None        # durch: "chytáky"
    bare_ace_catchers: bool | None = None  # durch: both catchers are bare aces ("plonková esa")

    def need(self, name: str) -> Any:
        """The fact ``name``; MissingFact when the result did not give it (a bonus is never assumed)."""
        value = getattr(self, name)
        if value is None:
            raise MissingFact(name)
        return value

    @classmethod
    def from_cards(cls, hand: CardSet, talon: CardSet | None, contract: Contract, trump: str | None,
                   side_suit: str | None) -> BonusFacts:
        """The facts the cards decide: ``hand`` the actor's ten cards as played, ``talon`` his discard."""
        if contract.notrump:
            held = Cards(hand)
            return cls(suits=held.suits_held, suits_without_ace=held.suits_without_ace)
        assert trump is not None and talon is not None
        counted = Cards(hand | talon, Suit.from_str(trump))  # 17.4: the talon counts as the actor's
        return cls(trumps=counted.trumps, trump_ace=counted.has_rank(trump, Rank.ACE),
                   trump_ten=counted.has_rank(trump, Rank.TEN),
                   side_cards=None if side_suit is None else counted.length(side_suit))

    def merged(self, derived: BonusFacts, where: str) -> BonusFacts:
        """These given facts with ``derived`` ones filled in; ResultError where the two disagree."""
        facts = {}
        for f in fields(BonusFacts):
            given, counted = getattr(self, f.name), getattr(derived, f.name)
            if given is not None and counted is not None and given != counted:
                raise ResultError(f"holding {f.name} is {_json(given)}, but {where} give {_json(counted)}")
            facts[f.name] = given if given is not None else counted
        return BonusFacts(**facts)


def _json(value: Any) -> str:
    return "true" if value is True else "false" if value is False else repr(value)


def _cards(value: Any, name: str, count: int) -> CardSet:
    if isinstance(value, list) and all(isinstance(token, str) for token in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise ResultError(f"{name} must be card tokens (a string or a list), not {value!r}")
    try:
        cards = CardSet.from_str(value)
    except MariasError as exc:
        raise ResultError(f"{name}: {exc}") from None
    if len(cards) != count:
        raise ResultError(f"{name} must hold {count} cards, not {len(cards)} ({value!r})")
    return cards


def read_cards(data: Mapping[str, Any], contract: Contract | None, trump: str | None, side_suit: str | None,
                actor: int | None, marriages: tuple[str, str] | None, trump_seven: SevenFate | None,
                side_seven: SevenFate | None) -> tuple[CardSet, CardSet | None]:
    """The actor's ``hand`` (ten cards, as played) and ``talon`` (his two discards), checked against the facts."""
    if contract is None or actor is None:
        raise ResultError("hand and talon belong to a result with a contract and an actor")
    if data.get("hand") is None:
        raise ResultError("the talon needs the actor's hand beside it (hand)")
    if trump is None and not contract.notrump:
        raise ResultError(f"the cards of {contract.value} are counted against its trump suit: give the trump")
    hand = _cards(data["hand"], "hand", 10)
    talon = None if data.get("talon") is None else _cards(data["talon"], "talon", 2)
    if talon is None and not contract.notrump:
        raise ResultError(f"{contract.value} counts the talon as the actor's (csm 17.4): give the talon beside the hand")
    if talon is not None and hand & talon:
        raise ResultError(f"the talon {str(talon)!r} repeats cards of the hand {str(hand)!r}")
    if trump is not None:
        seven = Card.make(Suit.from_str(trump), Rank.SEVEN)
        where = "hand" if seven in hand else "talon" if talon is not None and seven in talon else None
        if trump_seven is not None:
            if where == "hand" and (trump_seven.seat != actor or trump_seven.fate == "talon"):
                raise ResultError(f"the trump seven {seven} is in the actor's hand, but trump_seven is "
                                  f"seat {trump_seven.seat}, {trump_seven.fate}")
            if where == "talon" and trump_seven.fate != "talon":
                raise ResultError(f"the trump seven {seven} is in the talon, but its fate is {trump_seven.fate!r}")
            if where is None and trump_seven.seat == actor:
                raise ResultError(f"trump_seven is the actor's (seat {actor}), but the trump seven {seven} "
                                  "is not in his hand or talon")
    if side_suit is not None and side_seven is not None:
        seven = Card.make(Suit.from_str(side_suit), Rank.SEVEN)
        if seven not in hand:
            raise ResultError(f"two sevens needs the side seven {seven} in the actor's hand {str(hand)!r}")
    if marriages is not None:
        held = Cards(hand)
        for suit in marriages[0]:
            if Suit.from_str(suit) not in held.marriages:
                raise ResultError(f"the actor declared the marriage in {suit}, but his hand {str(hand)!r} "
                                  "lacks its king or over-knave")
        mine = hand | (talon or CardSet())
        for suit in marriages[1]:
            pair = {Card.make(Suit.from_str(suit), Rank.KING), Card.make(Suit.from_str(suit), Rank.OVER)}
            if any(card in mine for card in pair):
                raise ResultError(f"the defence declared the marriage in {suit}, but the actor's cards "
                                  f"{str(mine)!r} hold its king or over-knave")
    return hand, talon
