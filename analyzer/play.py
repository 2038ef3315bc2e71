"""Playing a position forward card by card, and a line of play grouped by trick.

:func:`play` is the one place the command line and the review move a position
on; it does what ``Position.play`` will do once the position keeps its own
history (swap it in then). Under the Czech rule (csm 9.9) a marriage is
declared with whichever of its K and O is played first: the card moves the
marriage from "held" to "declared" and its points into the score.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> [t.to_json() for t in group_tricks(pos, [Card.from_str(c) for c in "hX h7 h8".split()])]
[{'cards': ['hX', 'h7', 'h8'], 'players': [0, 1, 2], 'winner': 0, 'points': 10}]
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.cards import Card, CardSet, Rank
from analyzer.errors import PositionError
from analyzer.rules import Position, legal_cards, trick_winner


def play(position: Position, card: Card) -> Position:
    """The position after ``card`` is played by the side to move. Raises PositionError if illegal."""
    seat = position.to_move
    if card not in position.legal_moves():
        raise PositionError(f"{card} is not legal for seat {seat} here (legal: {position.legal_moves()})")
    hands = list(position.hands)
    hands[seat] = hands[seat] - CardSet([card])
    side = position.side(seat)
    score = list(position.score)
    declared = [list(position.declared[0]), list(position.declared[1])]
    if position.trump is not None and card.rank in (Rank.KING, Rank.OVER) and card.suit in position.held_marriages(seat):
        declared[side].append(card.suit)
        score[side] += position.marriage_value(card.suit)
    trick = position.trick + (card,)
    leader, seats = position.leader, position.players
    if len(trick) == seats:
        winner = (leader + trick_winner(trick, position.trump, position.notrump)) % seats
        score[position.side(winner)] += sum(c.points for c in trick) + (10 if not hands[winner] else 0)
        trick, leader = (), winner
    changes = {"hands": tuple(hands), "trick": trick, "leader": leader, "score": tuple(score),
               "declared": (tuple(declared[0]), tuple(declared[1]))}
    if not any(hands):
        return dataclasses.replace(position, **changes)  # the end: nothing left to check (or to solve)
    return position.replace(**changes)


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
    hands = list(position.hands)
    cards = list(position.trick)
    leader, seats = position.leader, position.players
    number = first_trick_number(position)
    out: list[Trick] = []
    for card in line:
        seat = (leader + len(cards)) % seats
        allowed = legal_cards(hands[seat], cards, position.trump, position.notrump, position.announced)
        if card not in allowed:
            raise PositionError(f"{card} is not legal for seat {seat} here (legal: {allowed})")
        hands[seat] = hands[seat] - CardSet([card])
        cards.append(card)
        if len(cards) == seats:
            winner = (leader + trick_winner(cards, position.trump, position.notrump)) % seats
            last = 10 if not hands[winner] else 0
            out.append(Trick(number, tuple(cards), tuple((leader + i) % seats for i in range(seats)), winner,
                             sum(c.points for c in cards) + last))
            cards, leader, number = [], winner, number + 1
    if cards and (out or len(cards) > len(position.trick)):  # the line stops inside a trick
        out.append(Trick(number, tuple(cards), tuple((leader + i) % seats for i in range(len(cards))), None,
                         sum(c.points for c in cards)))
    return out
