"""A solved deal as the result JSON that ``analyzer.scoring`` settles: the way to the money.

The result is the deal played out best for the points (the totals ``marias
solve`` prints) with each component's verdict from its own search. Choices
made where one search cannot say (docs/semantics.md, "Payments of a solved deal"):
an announced seven that fails is paid as killed in the last trick; a failed
two sevens as both sevens killed; a failed betl as one trick taken, a failed
durch as one trick short. Four players are settled as four (``"partner"``):
durch with the wise one with the winner of the line's last trick, a failed one
alone against three.
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
    if position.players == 2:
        raise PositionError("payments are settled for three and four players, not two")
    if position.players == 4:  # four active players (analyzer/scoring/four.py)
        out["players"], out["partner"] = 4, _partner(position, result)
        if getattr(position, "wise", False):
            out["wise"] = True
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
        held = [[s for seat in range(position.players) if position.side(seat) == side
                 for s in position.held_marriages(seat)]
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
        else:  # every trick: ten with three, eight with four, the first seven with the wise one
            wanted = 7 if getattr(position, "wise", False) else 8 if position.players == 4 else 10
            out["actor_tricks"] = wanted if result.makes else wanted - 1
    return out


def _partner(position: Position, result: SolveResult) -> int | None:
    """The partner a four-player payment is settled with: the team's, or with the wise one the
    winner of the last trick of the line played (a failed wise durch: none found, alone)."""
    from analyzer.rules import replay

    if not getattr(position, "wise", False):
        return next(iter(position.team - {position.actor}), None)
    if not result.makes:
        return None
    tricks = replay(position, result.line)
    if not tricks or sum(len(cards) for cards, _ in tricks) < len(position.trick) + sum(map(len, position.hands)):
        return None  # the line stops before the last trick: nobody found
    return position.found_partner(tricks[-1][1])  # type: ignore[attr-defined]
