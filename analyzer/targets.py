"""The contract arithmetic, in one place: what a side has, what it holds for sure, and the target
it must reach (docs/semantics.md, "Values").

The solver turns a position into the core's questions with these; the claims, the advice, the
display and the studies use the same functions (the advice and the claims on arrays of worlds:
the target functions are plain arithmetic and take numpy arrays as well as numbers).

A *unit* is 10 points: a sharp card (ace or ten) or the last trick. The hra (game) search
maximises the actor's units ``G`` of the ``R`` still to take, so that the actor's total is
``A0 + 10 G`` and the defence's ``D0 + 10 (R - G)``.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> remaining_units(pos), game_target(actor=0, defence=0, units=remaining_units(pos))
(3, 2)
"""
from __future__ import annotations

from typing import TypeVar

from analyzer.cards import SHARP_MASK
from analyzer.errors import PositionError
from analyzer.rules import Position

# Points per unit of the hra target: one unit more for the actor is one less for the defence, a
# difference of 20 points (a marriage of 20 or 40 the defence holds moves the target by 1 or 2).
GAME_STEP = 20
HUNDRED = 100

N = TypeVar("N")  # an int, or a numpy array of them (one per world)


def remaining_units(position: Position) -> int:
    """R: trick points (units) still to be taken, the last trick included."""
    mask = 0
    for hand in position.hands:
        mask |= hand.mask
    for card in position.trick:
        mask |= 1 << card
    for card in position.stock:  # two players: the cards still to draw (analyzer/stock.py)
        mask |= 1 << card
    return (mask & SHARP_MASK).bit_count() + (1 if mask else 0)


def held_marriages(position: Position, side: int) -> list[int]:
    """Points of each marriage the side holds: under the Czech rule they will all be declared
    whatever the play (under over-first the search decides)."""
    if position.marriage_rule != "czech":
        return []
    seats = [s for s in range(position.players) if position.side(s) == side]
    return [position.marriage_value(suit) for s in seats for suit in position.held_marriages(s)]


def fixed_marriages(position: Position, side: int) -> int:
    """Points of the marriages a side holds, declared for sure under the Czech rule."""
    return sum(held_marriages(position, side))


def trick_points_in_score(position: Position, side: int) -> int:
    """The side's trick points so far: its score less its declared marriages. Raises PositionError."""
    declared = sum(position.marriage_value(s) for s in position.declared[side])
    points = position.score[side] - declared
    if points < 0:
        who = ("actor", "defence")[side]
        raise PositionError(f"score.{who} ({position.score[side]}) is less than its declared marriages ({declared})")
    return points


def best_marriage(position: Position, side: int) -> int:
    """The side's best marriage in points: declared, and under the Czech rule held."""
    declared = [position.marriage_value(s) for s in position.declared[side]]
    return max(declared + held_marriages(position, side), default=0)


def sure_points(position: Position, side: int) -> int:
    """What a side's total starts from before the play to come: its score, the marriages it
    holds for sure (Czech rule), and for the defence the talon's sharp cards (A0 and D0)."""
    talon = position.talon.points if side == 1 else 0
    return position.score[side] + fixed_marriages(position, side) + talon


def game_target(actor: N, defence: N, units: N) -> N:
    """The hra target in units: the actor makes the game iff A0 + 10 G > D0 + 10 (R - G), that is
    G >= (10 R + D0 - A0) // 20 + 1 (``actor`` = A0, ``defence`` = D0, ``units`` = R)."""
    return (10 * units + defence - actor) // GAME_STEP + 1  # type: ignore[operator,return-value]


def hundred_target(have: N, best: N) -> N:
    """The hundred's target in units: the side's trick points so far (``have``, the talon's for
    the defence) and its best marriage (csm 10.9) must reach 100 with 10 a unit."""
    return (HUNDRED - have - best + 9) // 10  # type: ignore[operator,return-value]


def game_totals(position: Position, actor_points: int, defence_points: int) -> tuple[int, int]:
    """The two sides' totals that decide the game: the trick points to come (``actor_points``,
    ``defence_points``) on top of what each has for sure (:func:`sure_points`)."""
    return sure_points(position, 0) + actor_points, sure_points(position, 1) + defence_points
