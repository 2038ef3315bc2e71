"""A solved deal as the result JSON that ``analyzer.scoring`` settles: the way to the money.

The result is the deal played out best for the points (the totals ``marias
solve`` prints) with each component's verdict from its own search. Choices
made where one search cannot say (docs/semantics.md, "Payments of a solved deal"):
an announced seven that fails is paid as killed in the last trick; a failed
two sevens as both sevens killed; a failed betl as one trick taken, a failed
durch as nine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from analyzer.errors import PositionError
from analyzer.rules import Position, seven_of

if TYPE_CHECKING:
    from analyzer.solver import SolveResult


def result_json(position: Position, result: SolveResult) -> dict[str, Any]:
    """The result JSON of ``position`` played out as ``result`` says. Raises PositionError when the
    position is not a whole deal (its trick points must make 90 with the talon's)."""
    from analyzer.solver import remaining_units

    contract = position.contract
    out: dict[str, Any] = {"rules": position.rules, "contract": contract.value, "actor": position.actor}
    comps = {**{name: result.makes for name in contract.own_goal}, **result.components}
    if position.trump is not None:
        out["trump"] = position.trump.token
        declared = [sum(position.marriage_value(s) for s in position.declared[side]) for side in (0, 1)]
        tricks = [position.score[side] - declared[side] for side in (0, 1)]
        points = (tricks[0] + result.actor_points, tricks[1] + result.defence_points)
        so_far = tricks[0] + tricks[1]
        if sum(points) + position.talon.points != 90:
            raise PositionError(f"a payment needs the whole deal: the trick points so far ({so_far}) and those "
                                f"left ({10 * remaining_units(position)}) with the talon's make "
                                f"{sum(points) + position.talon.points}, not 90")
        out["points"] = {"actor": points[0], "defence": points[1]}
        out["talon_points"] = position.talon.points
        held = [[s for seat in range(position.players) if position.side(seat) == side for s in position.held_marriages(seat)]
                for side in (0, 1)]
        out["marriages"] = {who: "".join(s.token for s in position.declared[side] + tuple(held[side]))
                            for side, who in enumerate(("actor", "defence"))}
        seven = seven_of(position.trump)
        goal = next((n for n in ("seven", "two-sevens", "seven-against") if n in comps), None)
        if goal is not None:
            seat = position.holder(seven)
            if seat is None:
                raise PositionError(f"a payment of {contract.value} needs the trump seven {seven} still in play")
            out["trump_seven"] = {"seat": seat, "fate": "won" if comps[goal] else "killed"}
        if position.side_suit is not None:
            out["side_suit"] = position.side_suit.token
            out["side_seven"] = {"seat": position.actor, "fate": "won" if comps["two-sevens"] else "killed"}
    else:
        name = contract.own_goal[0]
        if name.endswith("betl"):
            out["actor_tricks"] = 0 if result.makes else 1
        else:
            out["actor_tricks"] = 10 if result.makes else 9
    return out
