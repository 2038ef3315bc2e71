"""The actor's options after the talon: contract x trump (x side suit) x discard, within the rules.

Admissible (csm 6.1, 6.3, 7.2, and the same limits in basic and licit where
their pages are silent):

- the contract is one the rule set has, at the level won in the auction or
  higher (csm, licit; hearts make the "better" level);
- a seven is announced only with the seven in hand, two sevens with both;
- the discard holds no ace or ten in a game with trumps (unless the basic or
  licit option ``sharp_talon``), and never an announced seven;
- a hundred is offered only where it can be reached: in basic and licit "you
  cannot get 100 without a marriage", so not without one.

Options sharing a *layout* (trump, announced sevens, discard) share their
searches: seven and hundred-seven ask the same questions of the same cards.
Options whose discards differ only in touching cards *play alike*
(:func:`play_alike`): every world gives them the same answers, so one of them
stands for all.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from analyzer.advice.worlds import AdviceError
from analyzer.bidding import Bid, rank
from analyzer.card_masks import marriage_cards
from analyzer.cards import NOTRUMP_ORDER, SHARP_MASK, CardSet, Rank, Suit
from analyzer.contract import Contract
from analyzer.errors import MariasError
from analyzer.rules import seven_of
from analyzer.scoring import resolve


@dataclass(frozen=True)
class Option:
    """One thing the actor may do after the talon."""

    contract: Contract
    trump: Suit | None
    side_suit: Suit | None
    discard: CardSet

    @property
    def layout(self) -> tuple:
        """What the searches depend on: options with equal layouts share them."""
        return (self.contract.has_trumps, self.trump, self.side_suit if self.contract.two_sevens else None,
                announced_mask(self), self.discard.mask)

    def bid(self, rules: str) -> Bid:
        return Bid(self.contract, better=self.trump == Suit.HEARTS)

    def label(self) -> str:
        parts = [self.contract.value]
        if self.trump is not None:
            parts.append(f"trump {self.trump.token}")
        if self.side_suit is not None:
            parts.append(f"side {self.side_suit.token}")
        parts.append(f"discard {self.discard}")
        return ", ".join(parts)


def announced_mask(option: Option) -> int:
    """The sevens the contract announces (they may be played only when nothing else is legal)."""
    if option.trump is None:
        return 0
    mask = 0
    if option.contract.actor_seven:
        mask |= 1 << int(seven_of(option.trump))
    if option.contract.two_sevens and option.side_suit is not None:
        mask |= 1 << int(seven_of(option.side_suit))
    return mask


def check_level(level: str | Bid | None, rules: str, **options: Any) -> Bid | None:
    """The level won in the auction, read and checked against the rule set's ladder."""
    if level is None:
        return None
    if rules == "basic":
        raise AdviceError("the basic game has no bidding level after the talon (leave --level out)")
    try:
        bid = Bid.from_json(level)
        rank(bid, rules, **options)
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    return bid


def rule_contracts(rules: str, **options: Any) -> list[Contract]:
    """The contracts the actor may announce after the talon in the rule set."""
    table = resolve(rules, options)
    out = []
    for name in table.contracts:
        contract = Contract(name)
        if contract in (Contract.SEVEN_AGAINST, Contract.HUNDRED_AGAINST):
            continue  # the defence's announcements
        out.append(contract)
    return out


def read_contracts(contracts: Any, rules: str, **options: Any) -> list[Contract] | None:
    """The contracts an advice is limited to (None: every one), each one the actor may announce
    in the rule set; AdviceError otherwise."""
    if contracts is None:
        return None
    if isinstance(contracts, (str, Contract)):
        contracts = [contracts]
    try:
        wanted = [Contract.parse(c) for c in contracts]
    except MariasError as exc:
        raise AdviceError(str(exc)) from None
    allowed = rule_contracts(rules, **options)
    for contract in wanted:
        if contract not in allowed:
            raise AdviceError(f"{contract.value} is not a contract the actor announces in {rules} "
                              f"(use {', '.join(c.value for c in allowed)})")
    if not wanted:
        raise AdviceError("contracts: name at least one, or leave it out for every one")
    return wanted


def admissible(twelve: CardSet, rules: str, level: Bid | None = None, trump: Suit | None = None,
               contracts: list[Contract] | None = None, discards: list[CardSet] | None = None, *,
               pick: Callable[[Contract, Suit | None, Suit | None], CardSet] | None = None,
               **options: Any) -> list[Option]:
    """Every admissible option for the twelve cards (``trump`` fixes the trump suit, as in the basic game).
    ``pick``: one discard per (contract, trump, side suit) instead of every pair, kept if admissible."""
    if len(twelve) != 12:
        raise AdviceError(f"the actor holds 12 cards after the talon, not {len(twelve)}")
    table = resolve(rules, options)
    sharp_ok = bool(table.option("sharp_talon"))
    wanted = contracts or rule_contracts(rules, **options)
    pairs = [CardSet(a.mask | b.mask) for a, b in combinations([CardSet([c]) for c in twelve], 2)]
    if discards is not None:
        pairs = [d for d in pairs if d in discards]
    out: list[Option] = []
    for contract in wanted:
        if contract.has_trumps:
            suits = [trump] if trump is not None else list(Suit)
            for t in suits:
                sides = [s for s in Suit if s != t] if contract.two_sevens else [None]
                for side in sides:
                    for discard in pairs if pick is None else [pick(contract, t, side)]:
                        option = Option(contract, t, side, discard)
                        if _allowed(option, twelve, rules, level, table, sharp_ok, options):
                            out.append(option)
        else:
            for discard in pairs if pick is None else [pick(contract, None, None)]:
                option = Option(contract, None, None, discard)
                if _allowed(option, twelve, rules, level, table, sharp_ok, options):
                    out.append(option)
    return out


def _allowed(option: Option, twelve: CardSet, rules: str, level: Bid | None, table: Any, sharp_ok: bool,
             options: dict[str, Any]) -> bool:
    contract = option.contract
    kept = twelve - option.discard
    announced = announced_mask(option)
    if announced & ~kept.mask:
        return False  # a seven announced without it, or discarded (csm 6.3, 7.2)
    if contract.has_trumps and not sharp_ok and option.discard.mask & SHARP_MASK:
        return False  # csm 7.2
    if needs_marriage(contract, rules, options) and not marriage_cards(kept.mask):
        return False
    return level is None or rank(option.bid(rules), rules, **options) >= rank(level, rules, **options)


def needs_marriage(contract: Contract, rules: str, options: dict[str, Any]) -> bool:
    """Does the actor who announces ``contract`` hold a marriage? A hundred where "you cannot get
    100 without a marriage" (basic, licit): the defenders' pictures of his hand hold one too."""
    return "hundred" in contract.components and bool(resolve(rules, options).shape.hundred_needs_marriage)


def check_option(option: Option, twelve: CardSet, rules: str, level: Bid | None = None, **options: Any) -> None:
    """Raise AdviceError if the rules forbid ``option`` for these twelve cards."""
    if option.discard.mask & ~twelve.mask or len(option.discard) != 2:
        raise AdviceError(f"the discard {option.discard} is not two of the actor's cards")
    if option.contract not in rule_contracts(rules, **options):
        raise AdviceError(f"{option.contract.value} is not a contract of {rules}")
    table = resolve(rules, options)
    if not _allowed(option, twelve, rules, level, table, bool(table.option("sharp_talon")), options):
        raise AdviceError(f"the rules forbid {option.label()}")


# A card's place in its suit among the defence's cards, low to high, in each order of ranks.
_TRUMP_PLACE = {r: i for i, r in enumerate(Rank)}
_NOTRUMP_PLACE = {r: i for i, r in enumerate(NOTRUMP_ORDER)}


def play_alike(option: Option, twelve: CardSet) -> tuple:
    """A key equal for two options of the actor's ``twelve`` exactly when a renaming of touching
    cards turns one's position into the other's, in every world: the contract (trump, side suit),
    and for each card kept its suit, how many of the defence's cards of that suit rank below it
    (in the contract's order) and its points, and the discard's points. Two kept cards with no
    defence card between them (b9 kept with b8 discarded, or b8 with b9) win and lose the same
    tricks, and the discarded one is out of play. A game with trumps reads by name its trump
    seven (announced, or the quiet seven), an announced side seven, and the king and over-knave
    of a marriage the actor keeps (a king or over-knave whose partner is discarded, or held by the
    defence while the actor holds it, makes no marriage for anyone: a plain card). So the
    searches answer both alike in every world, and the same settlement prices them (the caller
    adds what its money reads beyond the cards in play: the bonus facts)."""
    trumps = option.contract.has_trumps
    place = _TRUMP_PLACE if trumps else _NOTRUMP_PLACE
    kept = twelve - option.discard
    defence = CardSet(0xFFFFFFFF & ~twelve.mask)
    named = 0
    if trumps:
        named = announced_mask(option)
        if option.trump is not None:
            named |= 1 << int(seven_of(option.trump))  # the quiet seven (basic, licit)
        named |= marriage_cards(kept.mask)  # a marriage he keeps (one of the pair away: nobody has one)
    cards = []
    for card in kept:
        if named >> int(card) & 1:
            cards.append((int(card.suit), -1 - int(card.rank), 0))
            continue
        below = sum(1 for d in defence.suit(card.suit) if place[d.rank] < place[card.rank])
        cards.append((int(card.suit), below, card.points if trumps else 0))
    points = option.discard.points if trumps else 0
    return (option.contract, option.trump, option.side_suit, tuple(sorted(cards)), points)
