"""Playing a position forward card by card, for the board (back and forward through the play).

The board keeps the position it was set up with and the cards played since;
every view is that position with the cards played on it. Completing a trick
moves its points (sharp cards, and 10 for the last trick) into ``score`` and
the lead to its winner; a marriage card played moves the marriage into
``marriages`` and its points into ``score`` (docs/board.md, "Playing"):

* Czech rule (default): a K or O played while its holder still holds the
  other declares the marriage (it was counted as held before; now it is
  declared, so the solver's totals do not move).
* Over-first rule: only an O played while holding the K declares it; a K
  played first loses it.

Every card is played by :meth:`Position.play` (``analyzer.play.played_trick``); the
board differs from the review in one way:
a played position may break a contract's own check (a seven whose trump
seven has been played before the last trick has failed): it is still
returned, unchecked, with the reason in ``PlayedOut.decided``, so the board
can go on showing the play; the solver is asked only about checked positions.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> out = play(pos, ["hA", "h7", "h8"])
>>> out.position.to_json()["score"], out.position.leader, [str(c) for c in out.legal]
({'actor': 10, 'defence': 0}, 0, ['hX'])
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzer.cards import Card, CardSet, parse_cards
from analyzer.errors import MariasError, PositionError
from analyzer.play import Trick, first_trick_number, played_trick
from analyzer.rules import Position


@dataclass(frozen=True)
class PlayedOut:
    """The position after some cards, the tricks they completed, and the legal cards next."""

    position: Position
    tricks: tuple[Trick, ...]
    legal: CardSet
    decided: str | None = None  # why the position can no longer be solved (a seven already lost)

    @property
    def finished(self) -> bool:
        return not any(self.position.hands) and not self.position.trick


def play(start: Position, cards: Sequence[Card | str] | str) -> PlayedOut:
    """Play ``cards`` from ``start``; raises PositionError naming the first illegal card."""
    cards = parse_cards(cards) if not isinstance(cards, (list, tuple)) or any(isinstance(c, str) for c in cards) \
        else list(cards)
    position = start
    tricks: list[Trick] = []
    for number, card in enumerate(cards, start=1):
        position, done = _play_one(position, card, number)
        if done is not None:
            tricks.append(done)
    legal = position.legal_moves() if position.hands[position.to_move] else CardSet()
    decided = None
    if legal:  # at the end of the play there is nothing left to decide
        decided = _lost_trick(start, tricks)
        try:
            position.check()
        except MariasError as exc:
            decided = decided or str(exc)
    return PlayedOut(position, tuple(tricks), legal, decided)


def _lost_trick(start: Position, tricks: Sequence[Trick]) -> str | None:
    """Betl is lost by the actor's first trick, durch by the defence's: the position alone no
    longer shows it (the solver sees only the play to come)."""
    name = start.contract.value
    for number, trick in enumerate(tricks, start=1):
        if start.contract.components[0] in ("betl", "open-betl") and trick.winner == start.actor:
            return f"{name} is lost: the actor took trick {number}"
        if start.contract.components[0] in ("durch", "open-durch") and trick.winner != start.actor:
            return f"{name} is lost: the defence took trick {number}"
    return None


def _play_one(position: Position, card: Card, number: int) -> tuple[Position, Trick | None]:
    seat = position.to_move
    if not position.hands[seat]:
        raise PositionError(f"card {number} ({card}): the play is over, no card is left to play")
    allowed = position.legal_moves()
    if card not in allowed:
        raise PositionError(f"card {number} ({card}) is not legal for seat {seat} here (legal: {allowed})")
    # Not checked as a position: a contract may be decided by the play (docs/board.md).
    return played_trick(position, card, first_trick_number(position), history=False)
