"""Card-by-card review of a play: for every card played, its value beside the best cards'.

A card is *best* when no other legal card does better for the side that plays
it: the actor wants the contract made, then the most points in the rest of
the play (the hra value); the defence the reverse. A card *turns* the game
when it changes the verdict the position had before it, and *loses* points
when its hra value is worse for its side than the best card's.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from analyzer.cards import Card
from analyzer.rules import Position
from analyzer.solver import Solver
from analyzer.web.play import play


def ranking(value: Mapping[str, Any]) -> int:
    """The actor's preference between two cards' values: making first, then points."""
    return (1000 if value["makes"] else 0) + value.get("hra_value", 0)


def best_cards(values: Mapping[Card, Mapping[str, Any]], actor_moves: bool) -> list[Card]:
    """The cards no other card beats for the side to move (in ``values``' order)."""
    if not values:
        return []
    pick = max if actor_moves else min
    target = pick(ranking(v) for v in values.values())
    return [card for card, v in values.items() if ranking(v) == target]


def review(start: Position, cards: Sequence[Card], solver: Solver) -> list[dict[str, Any]]:
    """One entry per card played: seat, the card's value, the best cards, what it cost."""
    out = []
    for i, card in enumerate(cards):
        play(start, cards[:i + 1])  # the card must be legal (PositionError names it otherwise)
        before = play(start, cards[:i])
        entry: dict[str, Any] = {"card": str(card), "seat": before.position.to_move, "value": None, "best": [],
                                 "turned": False, "lost_points": None}
        if before.decided is None and not before.finished:
            position = before.position
            values = solver.card_values(position)
            actor_moves = position.to_move == position.actor
            best = best_cards(values, actor_moves)
            mine, top = values[card], values[best[0]]
            entry.update(value=mine, best=[str(c) for c in best], turned=mine["makes"] != top["makes"])
            if "hra_value" in mine:
                entry["lost_points"] = abs(top["hra_value"] - mine["hra_value"])
        out.append(entry)
    return out
