"""What a solve returns: the verdict, the totals, the line (and its steps as the core gives them)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from analyzer.cards import Card
from analyzer.play import group_tricks
from analyzer.rules import Position


class LineStep(NamedTuple):
    """One card of a principal variation and what it gained the question's maximising side (points)."""

    card: Card
    points: int  # the rise of the searched value: trick points, and (over-first) half-marriages
    marriage: int  # of which marriage (over-first: half of the declared marriage's value)


@dataclass
class SolveResult:
    """What ``marias solve`` reports; ``to_json`` gives its JSON keys (cards as tokens there only)."""

    makes: bool
    actor_points: int | None
    defence_points: int | None
    components: dict[str, bool]
    line: list[Card]
    card_values: dict[Card, dict[str, Any]] | None = None
    nodes: int = 0
    # Whose best play the line is: "points" (the hra search: the actor's trick points, which also
    # decide the game and, under the Czech rule, the hundred) or the component searched for.
    line_goal: str = "points"
    position: Position | None = field(default=None, repr=False, compare=False)

    @property
    def tricks(self) -> list[Any]:
        """The line grouped by trick (cards, players, winner, points): ``analyzer.play.Trick``."""
        return group_tricks(self.position, self.line) if self.position is not None else []

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "makes": self.makes,
            "actor_points": self.actor_points,
            "defence_points": self.defence_points,
            "components": self.components,
            "line": [str(c) for c in self.line],
            "line_goal": self.line_goal,
            "tricks": [t.to_json() for t in self.tricks],
        }
        if self.card_values is not None:
            out["card_values"] = {str(card): value for card, value in self.card_values.items()}
        return out

    def __repr__(self) -> str:
        contract = self.position.contract.value if self.position is not None else "contract"
        points = "" if self.actor_points is None else f", actor {self.actor_points} / defence {self.defence_points}"
        return f"<SolveResult {contract} {'makes' if self.makes else 'fails'}{points}, {len(self.line)}-card line>"

    def _repr_html_(self) -> str:
        from analyzer.display import html_result

        return html_result(self)
