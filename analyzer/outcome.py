"""A solved deal as the result JSON that ``analyzer.scoring`` settles: the way to the money.

The result is the deal played out best for the points (the totals ``marias
solve`` prints) with each component's verdict from its own search. Choices
made where one search cannot say (docs/semantics.md, "Payments of a solved deal"):
an announced seven that fails is paid as killed in the last trick; a failed
two sevens as both sevens killed; a failed betl as one trick taken, a failed
durch as one trick short. Under csm, a position whose history starts at the
deal (the actor's ten cards and the two of the talon known) gives the actor's
``hand`` and ``talon``, from which the bonuses of csm 17 are counted. Four players are settled as four (``"partner"``):
durch with the wise one with the winner of the line's last trick, a failed one
alone against three. Two players (``"players": 2``) one against the other; with
the stock the marriages are those the points line declares.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from analyzer.errors import PositionError
from analyzer.play import group_tricks
from analyzer.rules import Position, replay, seven_of
from analyzer.stock import declared_along, group_line
from analyzer.targets import remaining_units, trick_points_in_score

if TYPE_CHECKING:
    from analyzer.solver import SolveResult


def result_json(position: Position, result: SolveResult, dealt: Position | None = None) -> dict[str, Any]:
    """The result JSON of ``position`` played out as ``result`` says. Raises PositionError when the
    position is not a whole deal (its trick points must make 90 with the talon's). ``dealt``: the
    position the play started from, when ``position`` does not keep its history (the board's)."""
    contract = position.contract
    out: dict[str, Any] = {"rules": position.rules, "contract": contract.value, "actor": position.actor}
    if position.players == 2:  # one player pays the other (analyzer/scoring/two.py)
        out["players"] = 2
        if position.variant != "lizany":
            out["variant"] = position.variant  # type: ignore[attr-defined]
    if position.players == 4:  # four active players (analyzer/scoring/four.py)
        out["players"], out["partner"] = 4, _partner(position, result)
        if position.wise:
            out["wise"] = True
    comps = {**{name: result.makes for name in contract.own_goal}, **result.components}
    if position.trump is not None:
        out["trump"] = position.trump.token
        tricks = [trick_points_in_score(position, side) for side in (0, 1)]
        points = (tricks[0] + result.actor_points, tricks[1] + result.defence_points)
        so_far = tricks[0] + tricks[1]
        if sum(points) + position.talon.points != 90:
            raise PositionError(f"a payment needs the whole deal: the trick points so far ({so_far}) and those "
                                f"left ({10 * remaining_units(position)}) with the talon's make "
                                f"{sum(points) + position.talon.points}, not 90")
        out["points"] = {"actor": points[0], "defence": points[1]}
        out["talon_points"] = position.talon.points
        held = [[s for seat in range(position.players) if position.side(seat) == side
                 for s in position.held_marriages(seat)]
                for side in (0, 1)]
        out["marriages"] = {who: "".join(s.token for s in position.declared[side] + tuple(held[side]))
                            for side, who in enumerate(("actor", "defence"))}
        if position.stock:
            # Two players with the stock: the cards still to draw make no marriage held now; the
            # points line declares them (with the over), some while the stock lasts.

            declared_line, early = declared_along(position, result.points_line)  # type: ignore[attr-defined]
            out["marriages"] = {"actor": declared_line[0], "defence": declared_line[1]}
            if early and position.variant == "six":  # type: ignore[attr-defined]
                out["stock_marriages"] = early
        seven = seven_of(position.trump)
        goal = next((n for n in ("seven", "two-sevens", "seven-against") if n in comps), None)
        if goal is not None:
            seat = position.holder(seven)
            if seat is None:
                raise PositionError(f"a payment of {contract.value} needs the trump seven {seven} still in play")
            out["trump_seven"] = {"seat": seat, "fate": "won" if comps[goal] else "killed"}
        elif position.players == 2 and position.rules != "csm" and position.variant != "six":
            # basic and licit pay a quiet seven whoever holds it: its fate on the points line
            out["trump_seven"] = _seven_on_line(position, getattr(result, "points_line", None) or result.line, seven)
        if position.side_suit is not None:
            out["side_suit"] = position.side_suit.token
            out["side_seven"] = {"seat": position.actor, "fate": "won" if comps["two-sevens"] else "killed"}
    else:
        name = contract.own_goal[0]
        if name.endswith("betl"):
            out["actor_tricks"] = 0 if result.makes else 1
        else:  # every trick: ten with three, eight with four, the first seven with the wise one
            wanted = 7 if position.wise else 8 if position.players == 4 else 10
            out["actor_tricks"] = wanted if result.makes else wanted - 1
    out.update(dealt_cards(dealt or position))
    return out


def dealt_cards(position: Position) -> dict[str, str]:
    """The actor's ``hand`` (his ten cards as played) and ``talon`` for the csm 17 bonuses, when the
    position's history starts at the deal; nothing otherwise (the bonuses are then not assessed:
    a bonus is never assumed). Only csm pays them."""
    if position.players != 3 or position.rules != "csm":
        return {}
    hand = position.start().hands[position.actor]
    if len(hand) != 10 or len(position.talon) != 2:
        return {}
    return {"hand": str(hand), "talon": str(position.talon)}


def _seven_on_line(position: Position, line: list[Any], seven: Any) -> dict[str, Any]:
    """Two players: the trump seven's fate along ``line``, which plays the hand out: won or killed
    in the last trick, else early. A seven played before the position is early at the actor's seat
    (it pays nothing, whoever held it: docs/review.md, "marias solve --payment")."""
    if position.stock:

        tricks: list[Any] = group_line(position, line)  # type: ignore[arg-type]
    else:

        tricks = group_tricks(position, line)
    for number, trick in enumerate(tricks, start=1):
        if seven in trick.cards:
            seat = trick.players[trick.cards.index(seven)]
            if number < len(tricks) or trick.winner is None:
                return {"seat": seat, "fate": "early"}
            return {"seat": seat, "fate": "won" if trick.winner == seat else "killed"}
    return {"seat": position.actor, "fate": "early"}


def _partner(position: Position, result: SolveResult) -> int | None:
    """The partner a four-player payment is settled with: the team's, or with the wise one the
    winner of the last trick of the line played (a failed wise durch: none found, alone)."""

    if not position.wise:
        return next(iter(position.team - {position.actor}), None)
    if not result.makes:
        return None
    tricks = replay(position, result.line)
    if not tricks or sum(len(cards) for cards, _ in tricks) < len(position.trick) + sum(map(len, position.hands)):
        return None  # the line stops before the last trick: nobody found
    return position.found_partner(tricks[-1][1])  # type: ignore[attr-defined]
