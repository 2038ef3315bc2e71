"""Text drawings of positions and lines of play, for the command line."""
from __future__ import annotations

from typing import Sequence

from analyzer.cards import Card
from analyzer.contract import SEAT_NAMES
from analyzer.rules import Position, replay


def seat_label(position: Position, seat: int) -> str:
    if position.players != 3:
        from analyzer.variants import role, seat_name

        return f"{seat} {seat_name(position, seat)} ({role(position, seat)})"
    role_name = "actor" if seat == position.actor else "defence"
    return f"{seat} {SEAT_NAMES[seat]} ({role_name})"


def describe_contract(position: Position, unicode: bool = False) -> str:
    parts = [position.contract.value]
    if position.trump is not None:
        parts.append(f"trump {position.trump.symbol if unicode else position.trump.token}")
    if position.side_suit is not None:
        parts.append(f"side suit {position.side_suit.symbol if unicode else position.side_suit.token}")
    parts.append(f"actor seat {position.actor}, seat {position.leader} leads, rules {position.rules}")
    if position.players != 3:
        partner = sorted(position.team - {position.actor})
        parts.insert(0, f"{position.players} players")
        parts.append(f"partner seat {partner[0]}" if partner else "actor alone against three")
    if position.marriage_rule != "czech":
        parts.append(f"marriages {position.marriage_rule}")
    return ", ".join(parts)


def draw_position(position: Position, unicode: bool = False) -> str:
    """The three hands grouped by suit, the talon, the trick and score so far."""
    seats = range(position.players)
    width = max(len(seat_label(position, s)) for s in seats)
    lines = [describe_contract(position, unicode)]
    for seat in seats:
        hand = position.hands[seat].pretty(unicode, position.notrump)
        lines.append(f"  {seat_label(position, seat):<{width}}  {hand}")
    if position.talon:
        lines.append(f"  {'talon':<{width}}  {position.talon.pretty(unicode, position.notrump)}")
    if position.trick:
        lines.append(f"  {'trick so far':<{width}}  {' '.join(c.pretty(unicode) for c in position.trick)}")
    if position.score != (0, 0):
        lines.append(f"  {'score so far':<{width}}  actor {position.score[0]}, defence {position.score[1]}")
    return "\n".join(lines)


def draw_line(position: Position, line: Sequence[Card], unicode: bool = False) -> str:
    """The line trick by trick: who played what, who won, the points in it."""
    tricks = replay(position, line)
    rows = []
    leader = position.leader
    played = len(position.trick)
    for number, (cards, winner) in enumerate(tricks, start=1):
        shown = []
        for i, card in enumerate(cards):
            text = f"{(leader + i) % position.players}:{card.pretty(unicode)}"
            shown.append(f"({text})" if i < played else text)
        points = sum(c.points for c in cards)
        if number == len(tricks) and len(tricks) == position.tricks_left:
            points += 10
        rows.append(f"  {number:>2}. {'  '.join(shown):<24} -> seat {winner} takes {points}")
        leader, played = winner, 0
    tail = line[sum(len(c) for c, _ in tricks) - len(position.trick):]
    if tail:
        rows.append(f"      {' '.join(c.pretty(unicode) for c in tail)} (decided here)")
    return "\n".join(rows)
