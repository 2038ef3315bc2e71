"""The two-player game while the stock lasts (*lízaný*, docs/rules.md §8, "Two players in the
analyser"), and its six-card variant: the rules of a position with a ``stock``.

A two-player :class:`~analyzer.variants.Position` may carry the stock, in drawing order,
and the variant (``"lizany"``: eight each, the trump chosen and in force from the first trick;
``"six"``: six each, the trump suit turned up as the stock's last card and in force only once the
stock is gone). While the stock lasts any card may be played, the trick goes to the higher trump
(the six-card variant: no trump yet), else to the higher card of the suit led; the winner draws
the top card, the loser the next, and the winner leads. Marriages are declared with the over
(20 or 40; the six-card variant: 20 until the stock is gone). In the six-card variant either
player may, at his turn before he plays (to lead or to answer), exchange the trump seven for the
turned card (the move ``EXCHANGE``). Once the stock is exhausted the endgame's rules apply (follow, beat, trump).

Both players see everything (the stock's order is given): the hand is perfect information.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"players": 2, "variant": "six", "hands": ["hA hX bK bO l7 a7",
...     "h7 h8 h9 hU hO hK"], "stock": "b7 b8 b9 bU bX bA l8 l9 lU lO lK lX lA a8 a9 aU aO aK aX aA"})
>>> pos.trump.token, [str(m) for m in sorted(legal_moves(pos), key=str)][:3]
('a', ['a7', 'bK', 'bO'])
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.errors import PositionError
from analyzer.laws import trick_winner

if TYPE_CHECKING:
    from analyzer.rules import Position

VARIANTS = ("lizany", "six")
VARIANT_ALIASES = {"lizany": "lizany", "lízaný": "lizany", "eight": "lizany", "six": "six", "six-card": "six"}
HAND_SIZE = {"lizany": 8, "six": 6}  # cards in each hand while the stock lasts
EXCHANGE = "exchange"  # the six-card variant's exchange of the trump seven for the turned card

StockMove = Card | str


def parse_variant(value: Any) -> str:
    """The variant's name from JSON (``lizany``, ``six`` or an alias). Raises PositionError."""
    if value is None:
        return "lizany"
    key = value.strip().lower() if isinstance(value, str) else None
    if key not in VARIANT_ALIASES:
        raise PositionError(f"unknown two-player variant {value!r} (use lizany or six)")
    return VARIANT_ALIASES[key]


def stock_trump(position: Position) -> Suit | None:
    """The suit in force while the stock lasts: the trump, none in the six-card variant."""
    return None if position.variant == "six" else position.trump


def beats(led: Card, card: Card, trump: Suit | None) -> bool:
    """While the stock lasts: does ``card`` answering ``led`` win the trick?"""
    if card.suit == led.suit:
        return card.rank > led.rank
    return trump is not None and card.suit == trump


def marriage_points(position: Position, suit: Suit) -> int:
    """A marriage declared while the stock lasts: 40 in trumps, 20 otherwise (always 20 in the six-card variant)."""
    return 40 if suit == position.trump and position.variant != "six" else 20


def can_exchange(position: Position) -> bool:
    """The six-card variant: the player to move (to lead or to answer) holds the trump seven,
    the stock still lasts and its last card (the turned card) is not that seven already."""
    if position.variant != "six" or not position.stock or position.trump is None:
        return False
    seven = Card.make(position.trump, Rank.SEVEN)
    return seven in position.hands[position.to_move] and position.stock[-1] != seven


def legal_moves(position: Position) -> list[StockMove]:
    """Every move of the player to move while the stock lasts: any card (an announced seven
    only when nothing else is left), and the exchange where it is allowed."""
    hand = position.hands[position.to_move]
    others = hand - position.announced
    moves: list[StockMove] = [EXCHANGE] if can_exchange(position) else []
    return moves + list(others or hand)


def play_move(position: Position, move: StockMove) -> Position:
    """The position after ``move`` (a card or ``EXCHANGE``) while the stock lasts: the card points
    of a completed trick go to its winner's side in ``score``, both players draw, the winner
    leads; a declared marriage goes to ``declared`` and ``score``. Raises PositionError."""
    if not position.stock:
        raise PositionError("the stock is exhausted: the endgame's rules apply")
    if isinstance(move, str) and move.strip().lower() == EXCHANGE:
        if not can_exchange(position):
            raise PositionError("no exchange here: the player to move must hold the trump seven, the stock still "
                                "lasting (the six-card variant)")
        seven = Card.make(position.trump, Rank.SEVEN)  # type: ignore[arg-type]
        hands = list(position.hands)
        seat = position.to_move
        hands[seat] = hands[seat] - CardSet([seven]) | CardSet([position.stock[-1]])
        return _unchecked(position, hands=tuple(hands), stock=position.stock[:-1] + (seven,))
    card = Card.from_str(move) if isinstance(move, str) else move
    seat = position.to_move
    if card not in legal_moves(position):
        raise PositionError(f"seat {seat} cannot play {card}: legal are "
                            f"{' '.join(str(m) for m in legal_moves(position))}")
    hands = list(position.hands)
    score = list(position.score)
    declared = [list(d) for d in position.declared]
    side = position.side(seat)
    king = Card.make(card.suit, Rank.KING)
    if card.rank == Rank.OVER and king in hands[seat]:
        declared[side].append(card.suit)
        score[side] += marriage_points(position, card.suit)
    hands[seat] = hands[seat] - CardSet([card])
    if not position.trick:
        return _unchecked(position, hands=tuple(hands), trick=(card,), score=tuple(score),
                          declared=tuple(tuple(d) for d in declared))
    led = position.trick[0]
    winner = seat if beats(led, card, stock_trump(position)) else position.leader
    score[position.side(winner)] += led.points + card.points
    hands[winner] = hands[winner] | CardSet([position.stock[0]])
    hands[1 - winner] = hands[1 - winner] | CardSet([position.stock[1]])
    return _unchecked(position, hands=tuple(hands), trick=(), leader=winner, stock=position.stock[2:],
                      score=tuple(score), declared=tuple(tuple(d) for d in declared))


def _unchecked(position: Position, **changes: Any) -> Position:
    import dataclasses

    return dataclasses.replace(position, **changes)


@dataclass(frozen=True)
class StockTrick:
    """One trick of a line played while the stock lasts (or after it: ``draws`` empty)."""

    number: int
    cards: tuple[Card, ...]
    players: tuple[int, ...]
    winner: int | None
    points: int
    draws: tuple[Card, ...] = ()  # the winner's card, then the loser's
    exchange: int | None = None  # the seat that exchanged the trump seven before playing to this trick

    def to_json(self) -> dict[str, Any]:
        out = {"cards": [str(c) for c in self.cards], "players": list(self.players), "winner": self.winner,
               "points": self.points, "draws": [str(c) for c in self.draws]}
        if self.exchange is not None:
            out["exchange"] = self.exchange
        return out


def group_line(position: Position, line: list[StockMove]) -> list[StockTrick]:
    """A line from ``position`` by trick: the stock's tricks with the cards drawn after them,
    then the endgame's (the core's rules). Raises PositionError at an illegal move."""

    tricks: list[StockTrick] = []
    cards: list[Card] = list(position.trick)
    players: list[int] = [position.leader] if position.trick else []
    exchange: int | None = None
    number = 1 + (32 - len(position.stock) - sum(len(h) for h in position.hands) - len(position.trick)) // 2
    pos = position
    for move in line:
        if pos.stock:
            if move == EXCHANGE:
                exchange = pos.to_move
                pos = play_move(pos, move)
                continue
            assert isinstance(move, Card)
            players.append(pos.to_move)
            cards.append(move)
            drawn = pos.stock[:2]  # the winner's, then the loser's
            pos = play_move(pos, move)
            if not pos.trick:
                tricks.append(StockTrick(number, tuple(cards), tuple(players), pos.leader,
                                         sum(c.points for c in cards), drawn, exchange))
                number, cards, players, exchange = number + 1, [], [], None
            continue
        assert isinstance(move, Card)
        players.append(pos.to_move)
        cards.append(move)
        pos = pos.play(move)
        if not pos.trick:
            lead = players[0]
            won = (lead + trick_winner(cards, pos.trump, False)) % 2
            last = not any(pos.hands)
            tricks.append(StockTrick(number, tuple(cards), tuple(players), won,
                                     sum(c.points for c in cards) + (10 if last else 0)))
            number, cards, players = number + 1, [], []
    if cards:
        tricks.append(StockTrick(number, tuple(cards), tuple(players), None, 0, (), exchange))
    return tricks


def declared_along(position: Position, line: list[StockMove]) -> tuple[tuple[str, str], str]:
    """The suits of the marriages each side (actor, defence) has declared once ``line`` is played
    from ``position`` (those declared before it included), and those declared while the stock
    lasted (worth 20 even in trumps in the six-card variant). Raises PositionError for an illegal line."""
    early = {s for side in position.declared for s in side} if position.stock else set()
    for move in line:
        before = position
        position = position.play(move) if isinstance(move, Card) else play_move(position, move)
        if before.stock:
            early |= {s for side in position.declared for s in side} - {s for side in before.declared for s in side}
    sides = tuple("".join(s.token for s in side) for side in position.declared)
    return (sides[0], sides[1]), "".join(s.token for s in sorted(early))


def check_stock(position: Position) -> None:
    """Raise PositionError naming the first thing wrong with a two-player position's stock,
    variant and hands (the rest is Position.check's)."""
    variant, stock = position.variant, position.stock
    size = HAND_SIZE[variant]
    if len(set(stock)) != len(stock):
        raise PositionError("a card appears twice in the stock")
    held = CardSet()
    for hand in position.hands:
        held = held | hand
    clash = CardSet(stock) & (held | CardSet(position.trick))
    if clash:
        raise PositionError(f"card {next(iter(clash))} is both in the stock and in a hand or the trick")
    if variant == "six" and position.contract.value != "game":
        raise PositionError("the six-card variant has no announcements: its contract is the game")
    if not stock:
        return  # the endgame after the stock: Position.check has seen to the rest
    if len(stock) % 2:
        raise PositionError(f"the stock holds {len(stock)} cards: it is drawn two a trick, so an even number "
                            "(16 at the start with eight each, 20 with six each)")
    if len(stock) > 32 - 2 * size:
        raise PositionError(f"the stock holds {len(stock)} cards; at most {32 - 2 * size} with {size} cards each")
    leader, other = position.leader, 1 - position.leader
    want = (size - 1 if position.trick else size, size)
    if (len(position.hands[leader]), len(position.hands[other])) != want:
        raise PositionError(f"while the stock lasts each hand holds {size} cards (the leader {size - 1} after "
                            f"leading), not {len(position.hands[leader])} (leader) and {len(position.hands[other])}")
    if position.marriage_rule != "over-first":
        raise PositionError("with a stock marriages are declared with the over: marriage_rule 'over-first'")
    if variant == "six" and position.trump is not None and stock[-1].suit != position.trump:
        raise PositionError(f"the six-card variant's trump is the suit of the turned card (the stock's last, "
                            f"{stock[-1]}), not {position.trump.token!r}")
    if position.trick and position.trick[0] in position.announced and position.hands[leader] - position.announced:
        raise PositionError(f"the announced seven {position.trick[0]} is not led while the stock lasts "
                            "and other cards are held")


def check_stock_score(position: Position) -> None:
    """The cards in no hand, trick or stock were played: their points must be the score's,
    marriages aside (checked once the score is final, after the history's marriages)."""
    if not position.stock:
        return
    held = CardSet(position.stock) | CardSet(position.trick)
    for hand in position.hands:
        held = held | hand
    played = CardSet([Card(i) for i in range(32)]) - held
    declared = sum(marriage_points(position, s) for side in position.declared for s in side)
    if sum(position.score) - declared != played.points:
        raise PositionError(f"the stock does not complete the pack with the score: the {len(played)} cards in no "
                            f"hand, trick or stock (played) hold {played.points} points, but the score gives "
                            f"{sum(position.score) - declared} besides the marriages")
