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
from analyzer.estimate import Estimate
from analyzer.play import first_trick_number, play
from analyzer.rules import Position
from analyzer.single_dummy import single_dummy
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
    judged: Judged | None = None  # the card as its player could know it (``review(view=True)``)

    @property
    def turn(self) -> str | None:
        """"lost" or "won" when this card changed the contract's verdict, else None."""
        if self.before.makes == self.after.makes:
            return None
        return "won" if self.after.makes else "lost"

    def to_json(self) -> dict[str, Any]:
        out = {"trick": self.trick, "seat": self.seat, "side": self.side, "card": str(self.card),
               "before": self.before.to_json(), "after": self.after.to_json(),
               "best": [str(c) for c in self.best], "cost": self.cost, "turn": self.turn}
        if self.judged is not None:
            out["single_dummy"] = self.judged.to_json(self.card in self.best)
        return out


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
            if move.judged is not None:
                kind = move.judged.kind(move.card in move.best)
                if kind == "avoidable":
                    seen = " or ".join(str(c) for c in move.judged.best)
                    who = who[:-1] + f"; avoidable: {seen} was the best as seat {move.seat} saw the deal)"
                elif kind == "within error":
                    who = who[:-1] + f"; within error of the best as seat {move.seat} saw the deal)"
                elif kind == "only with the hands seen":
                    who = who[:-1] + f"; only with the hands seen: the best as seat {move.seat} saw the deal)"
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


def review(data: Any, solver: Solver | None = None, view: bool = False, worlds: int | str = 100, seed: int = 0,
           progress: Any = None) -> Review:
    """Value every card of a game (its JSON or ``(position, cards)``). Raises PositionError at an
    illegal card, naming the trick. ``view``: judge each card also by what its player could know
    (single-dummy values on ``worlds`` worlds of its view from ``seed``: docs/single-dummy.md);
    ``progress()`` is called after each card."""
    position, cards = data if isinstance(data, tuple) else read_game(data)
    solver = solver or default_solver()
    moves: list[Move] = []
    positions = [position]
    nodes = 0
    current = position
    seen = position  # the same play with its history kept: what the players have seen
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
        judged = judge(seen, card, worlds, seed) if view else None
        moves.append(Move(number, seat, "actor" if side == 0 else "defence", card, _value(values[best[0]], taken),
                          _value(values[card], taken), best, top_points - own[card][1], judged))
        if progress is not None:
            progress()
        try:
            seen = seen.play(card)
        except MariasError:
            view = False
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


@dataclass(frozen=True)
class Judged:
    """A card judged single-dummy: the best cards from its player's view, and the figures of the
    card played and of the first best (P(make), the hra value), on the same worlds."""

    best: tuple[Card, ...]
    card_best: bool  # the card played was among the single-dummy best
    makes: Estimate | None = None  # None: a forced card (nothing to choose, nothing solved)
    best_makes: Estimate | None = None
    points: Estimate | None = None
    best_points: Estimate | None = None
    loss: Estimate | None = None  # the share of worlds the card loses its side's goal in, against the best's
    points_loss: Estimate | None = None  # and its side's points it gives away (paired, same worlds)
    worlds: int = 0
    exact: bool = True

    def kind(self, open_best: bool) -> str:
        """"avoidable" (below the single-dummy best beyond its error: the player could have known
        better), "within error" (below it, by no more than two standard errors), "only with the
        hands seen" (the single-dummy best, not the open-hand best), "best" (both) or "forced"."""
        if self.makes is None:
            return "forced"
        if not self.card_best:
            if self.loss is not None and (self.loss.significant or self.points_loss is not None
                                          and self.points_loss.significant):
                return "avoidable"
            return "within error"
        return "best" if open_best else "only with the hands seen"

    def to_json(self, open_best: bool) -> dict[str, Any]:
        def fig(f: Estimate | None) -> Any:
            return None if f is None else f.to_json()

        return {"best": [str(c) for c in self.best], "kind": self.kind(open_best), "makes": fig(self.makes),
                "best_makes": fig(self.best_makes), "points": fig(self.points), "best_points": fig(self.best_points),
                "loss": fig(self.loss), "points_loss": fig(self.points_loss), "worlds": self.worlds,
                "exact": self.exact}


def judge(position: Position, card: Card, worlds: int | str, seed: int) -> Judged:
    """``card`` as the seat to move could know it (``position`` keeps its history): its
    single-dummy value beside the best's."""
    if len(position.legal_moves()) == 1:
        return Judged((card,), True)
    sd = single_dummy(position, position.to_move, worlds, seed)
    top = sd.best[0]
    loss, points_loss = sd.loss(top, card)
    return Judged(sd.best, card in sd.best, sd.makes(card), sd.makes(top), sd.hra_value(card), sd.hra_value(top),
                  loss, points_loss, len(sd.worlds), sd.worlds.exact)


review_game = review  # the package exports it under this name (``analyzer.review`` is this module)
