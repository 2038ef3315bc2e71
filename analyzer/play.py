"""A line of play grouped by trick, and the review's way of moving a position on.

Every card is played by :meth:`Position.play` (the one play path); :func:`play`
only adds the review's check that the position after it is one the solver takes.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> [t.to_json() for t in group_tricks(pos, [Card.from_str(c) for c in "hX h7 h8".split()])]
[{'cards': ['hX', 'h7', 'h8'], 'players': [0, 1, 2], 'winner': 0, 'points': 10}]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.cards import Card
from analyzer.errors import PositionError
from analyzer.rules import Position


def play(position: Position, card: Card) -> Position:
    """The position after ``card`` is played by the side to move, as the review keeps it: the
    completed tricks not kept, and checked as a position on its own (a seven whose trump seven
    fell early is refused). :meth:`Position.play` plays it. Raises PositionError if illegal."""
    after, _ = played_trick(position, card, first_trick_number(position), history=False)
    if any(after.hands):
        after.check()  # the end: nothing left to check (or to solve)
    return after


@dataclass(frozen=True)
class Trick:
    """One trick of a line: its cards from the leader on, who played each, who won it."""

    number: int
    cards: tuple[Card, ...]
    players: tuple[int, ...]
    winner: int | None  # None: the line stops inside this trick
    points: int  # its sharp cards, and 10 for the last trick

    def to_json(self) -> dict[str, Any]:
        return {"cards": [str(c) for c in self.cards], "players": list(self.players), "winner": self.winner,
                "points": self.points}


def first_trick_number(position: Position) -> int:
    """The number of the trick in play: 1 with ten cards in the hand to move (eight with four players;
    tricks already played count)."""
    return 32 // position.players + 1 - position.tricks_left


def group_tricks(position: Position, line: Sequence[Card]) -> list[Trick]:
    """``line`` from ``position`` grouped by trick (the current trick's cards so far included).
    Raises PositionError at an illegal card."""
    cards = list(position.trick)
    begun = len(cards)
    number = first_trick_number(position)
    out: list[Trick] = []
    for card in line:
        cards.append(card)
        position, done = played_trick(position, card, number)
        if done is not None:
            out.append(done)
            cards, number = [], number + 1
    if cards and (out or len(cards) > begun):  # the line stops inside a trick
        leader, seats = position.leader, position.players
        out.append(Trick(number, tuple(cards), tuple((leader + i) % seats for i in range(len(cards))), None,
                         sum(c.points for c in cards)))
    return out


def played_trick(position: Position, card: Card, number: int, history: bool = True) -> tuple[Position, Trick | None]:
    """:meth:`Position.play` of a legal ``card`` (PositionError naming it otherwise), with the
    trick it completes (trick ``number``), if any."""
    seat = position.to_move
    allowed = position.legal_moves()
    if card not in allowed:
        raise PositionError(f"{card} is not legal for seat {seat} here (legal: {allowed})")
    after = position.play(card, check=False, history=history)
    if after.trick:
        return after, None
    cards = position.trick + (card,)
    seats = position.players
    points = sum(c.points for c in cards) + (10 if not any(after.hands) else 0)
    players = tuple((position.leader + i) % seats for i in range(seats))
    return after, Trick(number, cards, players, after.leader, points)
