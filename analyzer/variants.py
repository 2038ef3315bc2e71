"""Mariáš for four players, all active, and for two after the stock (docs/rules.md §8, docs/rules.md
"Four players in the analyser", "Two players in the analyser").

Four hands of eight, no talon. Forehand chooses trumps and calls a trump by
rank: its holder is his partner (two against two), or he plays alone against
three when he holds the called card himself. Betl, durch (unless with a named
partner), open betl and open durch are played alone against three. Play is the
three-player rule (follow, beat, trump, over-trump), one card per seat in a trick.

A :class:`VariantPosition` is a :class:`~analyzer.rules.Position` with four hands
and a team: ``actor`` is the caller, ``partner`` the seat playing with him (None:
alone). "actor" in a result means the actor's side (the team), "defence" the
other side, so that the solver, its questions and its JSON keys serve both
variants unchanged. The core searches it by its parameters (cext/solver.h:
``nseats``, ``team``), not by a copy of the search.

Two players (*lízaný*): after the stock, two hands of at most eight, follow,
beat and trump as for three, marriages declared with the over (the
"over-first" rule); with a ``"stock"`` (its order given) the whole hand, and
the six-card variant (``"variant": "six"``), by the rules of
:mod:`analyzer.stock`.

>>> pos = Position.from_json({"players": 4, "hands": ["hA hX", "h7 b7", "h8 b8", "hK bA"],
...                           "trump": "h", "contract": "game", "partner": "hK"})
>>> pos.partner, sorted(pos.team)
(3, [0, 3])
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from analyzer.cards import Card, CardSet, Suit, parse_cards
from analyzer.contract import MARRIAGE_RULES, RULE_SETS, SEAT_NAMES, Contract
from analyzer.errors import MariasError, NotationError, PositionError
from analyzer.rules import (
    Position,  # the same field checks
    default_leader,
    history_leader,
    read_played,
    read_score,
    read_suits,
    register_table,
    seven_of,
    suit_or_none,
    trick_winner,
)
from analyzer.stock import (
    HAND_SIZE,
    check_stock,
    check_stock_score,
    legal_moves,
    marriage_points,
    parse_variant,
    play_move,
)

PLAYERS = 4
WISE = "wise"  # "partner": "wise": durch with the wise one
HAND = 8  # cards per hand: a full four-player deal (32 / 4), two players once the stock is gone
SEAT_NAMES_4 = ("forehand", "second", "third", "dealer")
SEAT_NAMES_2 = ("non-dealer", "dealer")
NUMBER = {2: "two", 4: "four"}

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
CONTRACTS = {2: TWO_CONTRACTS, 4: FOUR_CONTRACTS}

_JSON_KEYS = {"players", "hands", "trump", "contract", "actor", "leader", "partner", "trick", "score", "marriages",
              "marriage_rule", "rules", "talon", "side_suit"}
_TWO_KEYS = {"stock", "variant"}  # two players only: analyzer/stock.py


@dataclass(frozen=True)
class VariantPosition(Position):
    """A four-player position (four hands, the actor and in a suit game his partner), or with
    ``seats=2`` a two-player one after the stock."""

    partner: int | None = None  # the partner's seat; None: the actor alone against three
    called: Card | None = None  # the called card the partner was found by, when given so
    seats: int = PLAYERS
    # Durch with the wise one ("partner": "wise"): the actor alone must take every trick but the
    # last, whose winner becomes his partner (the actor himself: alone); docs/rules.md §8.
    wise: bool = False
    stock: tuple[Card, ...] = ()  # two players: the cards still to draw, in drawing order
    variant: str = "lizany"  # two players: "lizany" (eight each) or "six" (analyzer/stock.py)

    @property
    def in_stock(self) -> bool:
        """Is the stock still to draw (the rules of analyzer/stock.py in force)?"""
        return bool(self.stock)

    @property
    def tricks_left(self) -> int:
        return len(self.hands[self.to_move]) + len(self.stock) // 2

    def marriage_value(self, suit: Suit) -> int:
        if self.stock:  # declared while the stock lasts (20 in the six-card variant)
            return marriage_points(self, suit)
        return super().marriage_value(suit)

    def _check_marriages(self, trick_points: tuple[int, int], derived: tuple[tuple[Suit, ...], ...]) -> None:
        super()._check_marriages(trick_points, derived)
        if self.stock:  # the score is final here (a history's marriages added)
            check_stock_score(self)

    def legal_moves(self):  # type: ignore[no-untyped-def]
        if self.stock:
            return CardSet([m for m in legal_moves(self) if isinstance(m, Card)])
        return super().legal_moves()

    def play(self, card: Card | str, check: bool = True, history: bool = True) -> VariantPosition:
        if self.stock:
            return play_move(self, card)
        return super().play(card, check, history)  # type: ignore[return-value]

    @property
    def free_tricks(self) -> int:
        return 1 if self.wise else 0

    @property
    def players(self) -> int:
        return self.seats

    @property
    def team(self) -> frozenset[int]:
        return frozenset((self.actor,) if self.partner is None else (self.actor, self.partner))

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    def side(self, seat: int) -> int:
        """0 for the actor's side (the actor and his partner), 1 for the defence."""
        return 0 if seat in self.team else 1

    def holder(self, card: Card) -> int | None:
        for seat in range(self.seats):
            if card in self.hands[seat]:
                return seat
        if card in self.trick:
            return (self.leader + self.trick.index(card)) % self.seats
        return None

    # --- JSON -------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Any) -> VariantPosition:
        return position_from_json(data)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": self.seats, **super().to_json()}
        if self.seats == 2:
            out["marriage_rule"] = self.marriage_rule  # its default differs from three players'
            if self.stock:
                out["stock"] = " ".join(map(str, self.stock))
            if self.variant != "lizany":
                out["variant"] = self.variant
        if self.wise:
            out["partner"] = WISE
        elif self.called is not None:
            out["partner"] = str(self.called)
        elif self.partner is not None:
            out["partner"] = self.partner
        return out

    def found_partner(self, last_winner: int) -> int | None:
        """Durch with the wise one: the partner the last trick's winner makes (None: the actor
        took it himself and is alone against three)."""
        return None if last_winner == self.actor else last_winner

    def replace(self, **changes: Any) -> VariantPosition:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data.update(changes)
        position = VariantPosition(**data)
        position.check()
        return position

    # --- checks -------------------------------------------------------------------

    def _check_cards(self) -> None:
        """Everything but the history's play and the marriages (Position.check runs those after it)."""
        n, word = self.seats, NUMBER.get(self.seats, str(self.seats))
        if n not in CONTRACTS:
            raise PositionError(f"\"players\" must be 2, 3 or 4, not {n!r}")
        if len(self.hands) != n:
            raise PositionError(f"{word} players hold {word} hands, not {len(self.hands)}")
        if self.talon:
            raise PositionError(f"{word} players have no talon" + (" (the stock is gone)" if n == 2 else ""))
        for name in ("actor", "leader"):
            _seat4(getattr(self, name), name, n)
        self._check_history_shape()
        seen = CardSet()
        if len(set(self.trick)) != len(self.trick):
            raise PositionError(f"duplicate card in the trick {' '.join(map(str, self.trick))!r}")
        places = [(f"hand {i}", h) for i, h in enumerate(self.hands)] + [("the trick", CardSet(self.trick))]
        places += [(f"played trick {i + 1}", CardSet(cards)) for i, cards in enumerate(self.played)]
        for name, cards in places:
            twice = seen & cards
            if twice:
                raise PositionError(f"card {next(iter(twice))} appears twice (again in {name})")
            seen = seen | cards
        if len(self.trick) > n - 1:
            raise PositionError(f"the current trick may hold at most {n - 1} card(s) with {word} players")
        size, most = len(self.hands[self.to_move]), HAND
        if n == 2:
            most = HAND_SIZE[self.variant]
            check_stock(self)
        elif self.stock or self.variant != "lizany":
            raise PositionError(f"{word} players have no stock and no two-player variant")
        if size > most:
            raise PositionError(f"hand {self.to_move} holds {size} cards; at most {most} with {word} players"
                                + (" in the six-card variant" if most != HAND else ""))
        if size + len(self.played) > HAND:
            raise PositionError(f"the hands held {size + len(self.played)} cards before the {len(self.played)} "
                                f"played tricks; at most {HAND} with {word} players")
        if self.trick and size == 0:
            raise PositionError("a trick is in progress but the player to move has no cards")
        for k in range(n):
            seat = (self.leader + k) % n
            want = size - 1 if k < len(self.trick) else size
            if len(self.hands[seat]) != want:
                raise PositionError(
                    f"hand {seat} holds {len(self.hands[seat])} cards but should hold {want} "
                    f"(hand {self.to_move}, to move, holds {size}; {len(self.trick)} card(s) in the trick)")
        self._check_four_contract()
        if self.played:
            last = (self.trick_leaders()[-1] + trick_winner(self.played[-1], self.trump, self.notrump)) % n
            if last != self.leader:
                raise PositionError(f"leader is seat {self.leader} but the played tricks give the lead to seat {last}")

    def _check_history_shape(self) -> None:
        n = self.seats
        for number, cards in enumerate(self.played, start=1):
            if len(cards) != n:
                raise PositionError(f"played trick {number} has {len(cards)} cards, not {n}")
            if len(set(cards)) != n:
                raise PositionError(f"duplicate card in played trick {number} {' '.join(map(str, cards))!r}")
        if bool(self.played) != (self.first_leader is not None):
            raise PositionError("first_leader (who led the first played trick) goes with played tricks, and only then")
        if self.first_leader is not None:
            _seat4(self.first_leader, "first_leader", n)

    def _check_four_contract(self) -> None:
        c, word = self.contract, NUMBER[self.seats]
        if c not in CONTRACTS[self.seats]:
            raise PositionError(f"{word} players have no {c.value} (they play: "
                                f"{', '.join(k.value for k in CONTRACTS[self.seats])})")
        if self.seats == 2 and self.partner is not None:
            raise PositionError("two players have no partners")
        if self.partner is not None and c in ALONE:
            raise PositionError(f"{c.value} is played alone against three: no partner")
        if self.wise and (c != Contract.DURCH or self.partner is not None or self.seats != PLAYERS):
            raise PositionError("durch with the wise one (\"partner\": \"wise\") is a four-player durch, "
                                f"not {c.value}")
        if self.partner is not None and not 0 <= self.partner < self.seats:
            raise PositionError(f"partner must be a seat 0 to 3, not {self.partner!r}")
        if c.has_trumps and self.trump is None:
            raise PositionError(f"contract {c.value!r} needs a trump suit")
        if not c.has_trumps and self.trump is not None:
            raise PositionError(f"{c.value} is played without trumps, but trump {self.trump.token!r} was given")
        if self.side_suit is not None:
            raise PositionError(f"a side suit is given only for two-sevens, which {word} players do not play")
        if self.trump is not None:
            seven = seven_of(self.trump)
            if c.actor_seven and self._owner(seven) not in self.team:
                raise PositionError(f"{c.value}: the actor's side does not hold the trump seven {seven}")
            if c == Contract.SEVEN_AGAINST and self._owner(seven) in (None, *self.team):
                raise PositionError(f"seven-against: no defender holds the trump seven {seven}")
        for suits, who in zip(self.declared, ("actor", "defence")):
            if suits and self.trump is None:
                raise PositionError(f"marriages are declared only in contracts with trumps ({who})")


def _seat4(value: Any, name: str, seats: int = PLAYERS) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        which = "0, 1, 2 or 3 with four players" if seats == PLAYERS else "0 or 1 with two players"
        raise PositionError(f"{name} must be a seat {which}, not {value!r}")
    return value


def _partner(value: Any, shell: VariantPosition) -> tuple[int | None, Card | None]:
    """The partner's seat (None: alone) and the called card, from ``"partner"``: a seat, or a
    called trump whose holder is the partner (the actor alone when he holds it himself); in
    durch with partner any named card. ``shell`` (not checked) holds the cards and the history:
    a called card already played in it is found with whoever played it."""
    actor, trump, contract = shell.actor, shell.trump, shell.contract
    if value is None:
        return None, None
    if contract in ALONE:
        raise PositionError(f"{contract.value} is played alone against three: no partner")
    if isinstance(value, int) and not isinstance(value, bool):
        seat = _seat4(value, "partner")
        return (None if seat == actor else seat), None
    if not isinstance(value, str):
        raise PositionError(f"partner must be a seat 0-3 or a called card such as 'hK', not {value!r}")
    try:
        card = Card.from_str(value.strip())
    except MariasError as exc:
        raise PositionError(f"partner: {exc}") from None
    if contract != Contract.DURCH and (trump is None or card.suit != trump):
        raise PositionError(f"the called card must be a trump (forehand calls a trump by rank), not {card}")
    try:
        seat = shell._owner(card)
    except (IndexError, TypeError):
        seat = None  # a history the checks will refuse
    if seat is None:
        raise PositionError(f"the called card {card} is in no hand, not in the trick and not played: "
                            "give the partner's seat")
    return (None if seat == actor else seat), card


def position_from_json(data: Any) -> VariantPosition:
    """Read and check a four- or two-player position JSON (``"players": 4`` or ``2``). Raises PositionError."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    players = data.get("players", 3)
    if players not in CONTRACTS or isinstance(players, bool):
        raise PositionError(f"\"players\" must be 2, 3 or 4, not {players!r}")
    word = NUMBER[players]
    unknown = set(data) - _JSON_KEYS - (_TWO_KEYS if players == 2 else set()) - {"played", "first_leader"}
    if unknown:
        raise PositionError(f"unknown key {min(unknown)!r} in position")
    hands_in = data.get("hands")
    if not isinstance(hands_in, list) or len(hands_in) != players or not all(isinstance(h, str) for h in hands_in):
        raise PositionError(f"'hands' must be a list of {word} strings of card tokens with {word} players")
    try:
        contract = Contract.parse(data.get("contract", "game"))
    except MariasError as exc:
        raise PositionError(str(exc)) from None
    if contract not in CONTRACTS[players]:
        raise PositionError(f"{word} players have no {contract.value} (they play: "
                            f"{', '.join(k.value for k in CONTRACTS[players])})")
    rules = data.get("rules", "csm")
    if rules not in RULE_SETS:
        raise PositionError(f"unknown rule set {rules!r} (use {', '.join(RULE_SETS)})")
    # two players declare a marriage with the over (the rule pages): "over-first" unless told
    marriage_rule = data.get("marriage_rule", "over-first" if players == 2 else "czech")
    if marriage_rule not in MARRIAGE_RULES:
        raise PositionError(f"unknown marriage rule {marriage_rule!r} (use {', '.join(MARRIAGE_RULES)})")
    if data.get("talon"):
        raise PositionError(f"{word} players have no talon")
    actor = _seat4(data.get("actor", 0), "actor", players)
    if players == 2 and (data.get("played") or data.get("first_leader") is not None):
        # tricks of the stock were played without the duty to follow: not replayed by these rules
        raise PositionError("'played' (the tricks before) is read for three and four players: give the two-player "
                            "position after them, with their points in 'score'")
    try:
        played = read_played(data.get("played"), players)
    except NotationError as exc:
        raise PositionError(str(exc)) from None
    first_leader = data.get("first_leader")
    if first_leader is not None:
        first_leader = _seat4(first_leader, "first_leader", players)
        if not played:
            raise PositionError("'first_leader' needs 'played' (the tricks played from that lead)")
    elif played:
        first_leader = default_leader(contract, actor, rules)
    if players == 2 and data.get("partner") is not None:
        raise PositionError("two players have no partners")
    try:
        hands = [CardSet.from_str(h) for h in hands_in]
        trick_in = data.get("trick") or []
        trick = parse_cards(trick_in.split() if isinstance(trick_in, str) else trick_in)
    except NotationError as exc:
        raise PositionError(str(exc)) from None
    trump = suit_or_none(data.get("trump"), "trump")
    stock, variant = _stock(data) if players == 2 else ((), "lizany")
    if variant == "six" and trump is None and stock:
        trump = stock[-1].suit  # the turned card, the stock's last, shows the trump suit
    leader_in = data.get("leader")
    if leader_in is not None:
        leader = _seat4(leader_in, "leader", players)
    else:  # the winner of the last played trick, or the rule set's first leader
        leader = history_leader({"contract": contract, "actor": actor, "rules": rules, "trump": trump,
                                  "played": played, "first_leader": first_leader}, players)
    # the score as given; none given: the history's own (Position.build), as for three players
    score, declared_in = read_score(data)
    fields: dict[str, Any] = {
        "hands": tuple(hands), "contract": contract, "trump": trump, "actor": actor, "leader": leader,
        "side_suit": suit_or_none(data.get("side_suit"), "side_suit"), "trick": tuple(trick),
        "declared": (read_suits(declared_in.get("actor", "")), read_suits(declared_in.get("defence", ""))),
        "marriage_rule": marriage_rule, "rules": rules, "played": played, "first_leader": first_leader,
        "seats": players}
    if players == 2:
        fields.update(stock=stock, variant=variant)
    if players == 4 and data.get("partner") == WISE:
        if contract != Contract.DURCH:
            raise PositionError(f"\"partner\": \"wise\" is durch with the wise one: contract durch, not {contract.value}")
        fields["wise"] = True  # the partner is found by the last trick: alone until then
    elif players == 4:
        fields["partner"], fields["called"] = _partner(data.get("partner"), VariantPosition(**fields))
    return VariantPosition.build(typed_score=score, **fields)  # type: ignore[return-value]


def _stock(data: Mapping[str, Any]) -> tuple[tuple[Card, ...], str]:
    """The two-player ``stock`` (drawing order) and ``variant`` keys. Raises PositionError."""
    variant = parse_variant(data.get("variant"))
    stock_in = data.get("stock") or []
    if not isinstance(stock_in, (str, list)):
        raise PositionError("'stock' must be a string or a list of card tokens, in drawing order")
    try:
        stock = parse_cards(stock_in.split() if isinstance(stock_in, str) else stock_in)
    except NotationError as exc:
        raise PositionError(f"stock: {exc}") from None
    return tuple(stock), variant


def seat_name(position: Position, seat: int) -> str:
    """forehand, zadák, dealer for three; forehand, second, third, dealer for four; non-dealer, dealer for two."""
    return {2: SEAT_NAMES_2, 4: SEAT_NAMES_4}.get(position.players, SEAT_NAMES)[seat]


def role(position: Position, seat: int) -> str:
    if seat == position.actor:
        return "actor"
    return "partner" if seat in position.team else "defence"


def seat_payments(team: frozenset[int] | set[int], amount: Fraction | int, seats: int = PLAYERS) -> list[Fraction]:
    """What each seat receives (negative: pays) when the actor's side wins ``amount`` per opponent
    (a loss: a negative amount), the price one defender pays the actor with three players.

    Four players (the rule pages): in 2 v 2 each player pays or receives from one opponent; in
    1 v 3 the lone player from all three. Two players: the one opponent. The payments add up to 0.

    >>> [str(x) for x in seat_payments({0, 2}, 3)], [str(x) for x in seat_payments({1}, -2)]
    (['3', '-3', '3', '-3'], ['2', '-6', '2', '2'])
    """
    team = frozenset(team)
    if not team or len(team) >= seats or not all(0 <= s < seats for s in team):
        raise PositionError(f"a side of {sorted(team)} does not fit {seats} seats")
    if len(team) * 2 != seats and len(team) != 1:
        raise PositionError(f"a side of {len(team)} against {seats - len(team)}: each player pays one opponent "
                            "only when the sides are equal, a lone player all of them")
    per = Fraction(amount)
    # every opponent pays (or is paid) ``per`` once; the lone player collects it from each of them
    mine = per * (seats - 1) if len(team) == 1 else per
    return [mine if s in team else -per for s in range(seats)]


for _players in CONTRACTS:  # four players, and two after the stock: read by Position.from_json
    register_table(_players, position_from_json)
