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
from fractions import Fraction
from typing import Any

from analyzer.cards import Card, CardSet, parse_cards
from analyzer.contract import MARRIAGE_RULES, RULE_SETS, Contract
from analyzer.errors import MariasError, NotationError, PositionError
from analyzer.fields import read_seat
from analyzer.rules import (
    Position,
    default_leader,
    history_leader,
    read_played,
    read_score,
    read_suits,
    register_table,
    suit_or_none,
)
from analyzer.stock import parse_variant
from analyzer.table import (  # noqa: F401 (the names the readers, scoring and tests import from here)
    ALONE,
    FOUR,
    FOUR_CONTRACTS,
    SEAT_NAMES_2,
    SEAT_NAMES_4,
    TWO,
    TWO_CONTRACTS,
    WISE_PARTNER,
    table,
)

PLAYERS = FOUR.seats
WISE = WISE_PARTNER
READ = (FOUR.seats, TWO.seats)  # the tables this module reads; three players are analyzer.rules' own

_JSON_KEYS = {"players", "hands", "trump", "contract", "actor", "leader", "partner", "trick", "score", "marriages",
              "marriage_rule", "rules", "talon", "side_suit"}
_TWO_KEYS = {"stock", "variant"}  # two players only: analyzer/stock.py


# One Position for every table (analyzer/rules.py, analyzer/table.py): the name stays for the
# readers and the tests that use it.
VariantPosition = Position


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
        seat = read_seat(value, "partner", PLAYERS)
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
    if players not in READ or isinstance(players, bool):
        raise PositionError(f"\"players\" must be 2, 3 or 4, not {players!r}")
    at = table(players)
    word = at.word
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
    if contract not in at.contracts:
        raise PositionError(f"{word} players have no {contract.value} (they play: "
                            f"{', '.join(k.value for k in at.contracts)})")
    rules = data.get("rules", "csm")
    if rules not in RULE_SETS:
        raise PositionError(f"unknown rule set {rules!r} (use {', '.join(RULE_SETS)})")
    # two players declare a marriage with the over (the rule pages): "over-first" unless told
    marriage_rule = data.get("marriage_rule", at.marriage_rule)
    if marriage_rule not in MARRIAGE_RULES:
        raise PositionError(f"unknown marriage rule {marriage_rule!r} (use {', '.join(MARRIAGE_RULES)})")
    if data.get("talon"):
        raise PositionError(f"{word} players have no talon")
    actor = read_seat(data.get("actor", 0), "actor", players)
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
        first_leader = read_seat(first_leader, "first_leader", players)
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
        leader = read_seat(leader_in, "leader", players)
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
    return position.table.seat_names[seat]


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


for _players in READ:  # four players, and two after the stock: read by Position.from_json
    register_table(_players, position_from_json)
