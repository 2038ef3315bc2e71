"""A whole game reviewed card by card: what each card cost, and where the contract was won or lost.

The game is the position JSON of the deal (as ``marias solve`` reads it) with
``"played"``: the tricks as played, each a list of cards from its leader (the
last one may be unfinished). For every card the open-hand value is taken
before and after it, from the player's own side: whether the contract makes,
and (with trumps) the actor's trick points over the whole deal under best play
from there on (those already taken included, so the value after a card is the
value before the next). The best cards instead are those with the best value
for the player's side; the cost is the difference.

>>> game = {"hands": ["hA hX", "h7 b7", "h8 bX"], "trump": "h", "contract": "game",
...         "played": [["hA", "h7", "h8"], ["hX", "b7", "bX"]]}
>>> [(str(m.card), m.before.points, m.after.points, m.cost) for m in review(game).moves][:4]
[('hA', 40, 40, 0), ('h7', 40, 40, 0), ('h8', 40, 40, 0), ('hX', 40, 40, 0)]
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from analyzer.cards import Card, parse_cards
from analyzer.contract import DEFENCE_COMPONENTS
from analyzer.errors import MariasError, PositionError
from analyzer.play import first_trick_number, play
from analyzer.rules import Position
from analyzer.solver import Solver, default_solver
from analyzer.targets import trick_points_in_score


@dataclass(frozen=True)
class Value:
    """The open-hand value of a position: the contract's verdict and, with trumps, the actor's
    trick points over the whole deal (taken so far plus best play from here)."""

    makes: bool
    points: int | None

    def to_json(self) -> dict[str, Any]:
        return {"makes": self.makes, "points": self.points}


@dataclass(frozen=True)
class Move:
    """One card of the game, valued."""

    trick: int
    seat: int
    side: str  # "actor" or "defence"
    card: Card
    before: Value
    after: Value
    best: tuple[Card, ...]
    cost: int  # points the card gave away, from the player's own side (0 without trumps)

    @property
    def turn(self) -> str | None:
        """"lost" or "won" when this card changed the contract's verdict, else None."""
        if self.before.makes == self.after.makes:
            return None
        return "won" if self.after.makes else "lost"

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "side": self.side, "card": str(self.card),
                "before": self.before.to_json(), "after": self.after.to_json(),
                "best": [str(c) for c in self.best], "cost": self.cost, "turn": self.turn}


@dataclass
class Review:
    """A game's moves valued, and its turning points."""

    position: Position
    moves: list[Move]
    nodes: int = 0
    positions: list[Position] = field(default_factory=list, repr=False)
    stopped: str | None = None  # why the review ends before the game does

    @property
    def turning_points(self) -> list[str]:
        """One sentence per card that changed the verdict: "the contract was lost at trick 6 by
        playing bK (seat 1); bA kept it"."""
        out = []
        for move in self.moves:
            if move.turn is None:
                continue
            instead = " or ".join(str(c) for c in move.best)
            what = "the contract" if goal_side(self.position) == 0 else f"the {self.position.contract.value}"
            lost = move.turn == "lost" if goal_side(self.position) == 0 else move.turn == "won"
            who = f"(seat {move.seat}, {move.side})"
            if lost:
                text = f"{what} was lost at trick {move.trick} by playing {move.card} {who}; {instead} kept it"
            else:
                text = (f"{what} was given away at trick {move.trick} by playing {move.card} {who}; "
                        f"{instead} would have beaten it")
            out.append(text)
        return out

    @property
    def mistakes(self) -> list[Move]:
        """Cards that gave away points or the verdict, the costliest first."""
        bad = [m for m in self.moves if m.cost > 0 or m.turn is not None]
        return sorted(bad, key=lambda m: (m.turn is None, -m.cost, m.trick))

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position.to_json(), "moves": [m.to_json() for m in self.moves],
                "turning_points": self.turning_points, "stopped": self.stopped}

    def _repr_html_(self) -> str:
        from analyzer.display import html_review

        return html_review(self)

    def __repr__(self) -> str:
        return f"<Review {self.position.contract.value}: {len(self.moves)} cards, {len(self.turning_points)} turning points>"


def read_game(data: Any) -> tuple[Position, list[Card]]:
    """The deal and the cards played in order. Raises PositionError (or NotationError) with one line."""
    if not isinstance(data, Mapping):
        raise PositionError("a game must be a JSON object: the position of the deal and 'played'")
    rest = dict(data)
    played = rest.pop("played", None)
    if not isinstance(played, list) or not played:
        raise PositionError("a game needs 'played': the tricks as played, each a list of cards from its leader")
    position = Position.from_json(rest)
    if position.players != 3:
        raise PositionError(f"a game is reviewed with three players only, not {position.players} (issue 12)")
    cards: list[Card] = []
    for number, trick in enumerate(played, start=1):
        if not isinstance(trick, (list, str)):
            raise PositionError(f"played trick {number} must be a list of cards, not {trick!r}")
        parsed = parse_cards(trick)
        if not 1 <= len(parsed) <= 3 or len(parsed) < 3 and number < len(played):
            raise PositionError(f"played trick {number} has {len(parsed)} cards, not 3")
        cards += parsed
    return position, cards


def value_of(position: Position, solver: Solver) -> Value:
    """The position's value on its own (the review's values must agree with it)."""
    result = solver.solve(position)
    points = None if result.actor_points is None else _taken(position) + result.actor_points
    return Value(result.makes, points)


def _taken(position: Position) -> int:
    """The actor's trick points so far (the score less the declared marriages)."""
    return trick_points_in_score(position, 0)


def goal_side(position: Position) -> int:
    """Whose goal the contract's verdict is: 0 the actor's, 1 the defence's (seven-, hundred-against)."""
    return 1 if position.contract.own_goal[0] in DEFENCE_COMPONENTS else 0


def _lost_in_trick(after: Position) -> str | None:
    """Why a betl or durch is lost by the trick just completed (its winner leads ``after``), or None."""
    if after.trick or after.contract.has_trumps:
        return None
    name = after.contract.own_goal[0]
    if name.endswith("betl") and after.leader == after.actor:
        return f"the {name} is lost: the actor took a trick"
    if name.endswith("durch") and after.leader != after.actor:
        return f"the {name} is lost: the defence took a trick"
    return None


def _own(value: dict[str, Any], side: int, goal: int) -> tuple[int, int]:
    """A card's value from the mover's side: (its goal met, its points), the larger the better."""
    good = value["makes"] if side == goal else not value["makes"]
    points = value.get("hra_value")
    return int(good), 0 if points is None else (points if side == 0 else -points)


def _value(value: dict[str, Any], taken: int) -> Value:
    return Value(value["makes"], None if "hra_value" not in value else taken + value["hra_value"])


def review(data: Any, solver: Solver | None = None) -> Review:
    """Value every card of a game (its JSON or ``(position, cards)``). Raises PositionError at an
    illegal card, naming the trick."""
    position, cards = data if isinstance(data, tuple) else read_game(data)
    solver = solver or default_solver()
    moves: list[Move] = []
    positions = [position]
    nodes = 0
    current = position
    for index, card in enumerate(cards):
        number = first_trick_number(current)
        if card not in current.legal_moves():
            raise PositionError(f"played trick {number}: {card} is not legal for seat {current.to_move} here "
                                f"(legal: {current.legal_moves()})")
        seat = current.to_move
        side = current.side(seat)
        values = solver.card_values(current)
        nodes += solver.nodes
        taken = _taken(current)
        goal = goal_side(current)
        own = {c: _own(v, side, goal) for c, v in values.items()}
        top = max(own.values())
        best = tuple(c for c in values if own[c] == top)
        top_points = max(points for _, points in own.values())
        moves.append(Move(number, seat, "actor" if side == 0 else "defence", card, _value(values[best[0]], taken),
                          _value(values[card], taken), best, top_points - own[card][1]))
        try:
            current = play(current, card)  # swap for Position.play when the position keeps its history
        except MariasError as exc:
            # An announced seven forced out early leaves a position the solver does not take: stop there.
            return Review(position, moves, nodes, positions, f"after trick {number}: {exc}")
        positions.append(current)
        lost = _lost_in_trick(current)
        if lost and index < len(cards) - 1:
            # A position does not remember the tricks before it: a betl or durch lost in a trick
            # is over, and the cards after it change nothing.
            return Review(position, moves, nodes, positions, f"after trick {number}: {lost}")
        if index == len(cards) - 1 or not any(current.hands):
            break
    return Review(position, moves, nodes, positions)


review_game = review  # the package exports it under this name (``analyzer.review`` is this module)
