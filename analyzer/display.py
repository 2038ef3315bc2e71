"""Text and HTML drawings of positions, lines of play and the totals behind a verdict.

The text goes to the command line, the HTML to Jupyter (``_repr_html_``). Every
verdict is drawn with the numbers that decide it, so a player can add them up.
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analyzer.cards import Card, CardSet
from analyzer.contract import DEFENCE_COMPONENTS, SEAT_NAMES
from analyzer.play import Trick, first_trick_number, group_tricks
from analyzer.rules import Position
from analyzer.stock import group_line
from analyzer.targets import (
    best_marriage,
    game_totals,
    remaining_units,
    trick_points_in_score,
)
from analyzer.variants import role, seat_name

if TYPE_CHECKING:
    from analyzer.solver import SolveResult

# What each line's goal is called in a heading.
GOAL_WORDS = {
    "points": "best play for the points (the actor's most, the defence's fewest)",
    "game": "best play for the game", "hundred": "best play for the hundred",
    "hundred-against": "best play for the defence's hundred", "seven": "best play for the seven",
    "seven-against": "best play for the defence's seven", "two-sevens": "best play for the two sevens",
    "betl": "best play for the betl", "open-betl": "best play for the open betl",
    "durch": "best play for the durch", "open-durch": "best play for the open durch",
}


def seat_label(position: Position, seat: int) -> str:
    if position.players != 3:

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
        if position.wise:
            parts.append("with the wise one (partner: the winner of the last trick)")
        elif position.players == 4:
            parts.append(f"partner seat {partner[0]}" if partner else "actor alone against three")
    if position.marriage_rule != "czech":
        parts.append(f"marriages {position.marriage_rule}")
    if position.variant == "six":
        parts.append("six-card variant")
    if position.stock:
        parts.append("the stock's order known: perfect information")
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
    stock = position.stock
    if stock:
        lines.append(f"  {'stock, top first':<{width}}  {' '.join(c.pretty(unicode) for c in stock)}")
    if position.trick:
        lines.append(f"  {'trick so far':<{width}}  {' '.join(c.pretty(unicode) for c in position.trick)}")
    if position.score != (0, 0) or position.declared != ((), ()):
        lines.append(f"  {'score so far':<{width}}  actor {position.score[0]}, defence {position.score[1]}"
                     + _declared_note(position))
    return "\n".join(lines)


def _declared_note(position: Position) -> str:
    parts = [f"{who} {''.join(s.token for s in suits)}" for who, suits in zip(("actor", "defence"), position.declared)
             if suits]
    return f" (marriages declared: {', '.join(parts)})" if parts else ""


def _who(position: Position, seat: int) -> str:
    if position.players != 3:

        return f"seat {seat} ({role(position, seat)})"
    return f"seat {seat} ({'actor' if seat == position.actor else 'defence'})"


def draw_line(position: Position, line: Sequence[Card], unicode: bool = False, goal: str = "points") -> str:
    """The line trick by trick, numbered on from the tricks already played: who played what and
    who took the trick; the points in it only on a line played for the points."""
    if position.stock:

        tricks: Sequence[Any] = group_line(position, list(line))  # type: ignore[arg-type]
    else:
        tricks = group_tricks(position, line)
    rows = []
    for trick in tricks:
        shown = []
        for i, (seat, card) in enumerate(zip(trick.players, trick.cards)):
            text = f"{seat}:{card.pretty(unicode)}"
            shown.append(f"({text})" if trick is tricks[0] and i < len(position.trick) else text)
        exchanger = getattr(trick, "exchange", None)
        if exchanger is not None:  # the six-card variant's exchange, just before the exchanger's card
            at = trick.players.index(exchanger) if exchanger in trick.players else len(shown)
            shown.insert(at, f"{exchanger}:exchange")
        cards = "  ".join(shown)
        if trick.winner is None:
            rows.append(f"  {trick.number:>2}. {cards:<24}    the line stops here: {_decided(goal)}")
            continue
        taken = f" -> {_who(position, trick.winner)} takes it"
        if goal in ("points", "game", "hundred", "hundred-against"):
            taken += f", {trick.points}"
        draws = getattr(trick, "draws", ())
        if draws:
            taken += f"; draws {trick.winner}:{draws[0].pretty(unicode)} {1 - trick.winner}:{draws[1].pretty(unicode)}"
        rows.append(f"  {trick.number:>2}. {cards:<24}{taken}{_seven_note(position, trick, goal, unicode)}")
    if tricks and tricks[-1].winner is not None and len(tricks) < position.tricks_left:
        rows.append(f"      the line stops here: {_decided(goal)}")
    return "\n".join(rows)


def _decided(goal: str) -> str:
    what = "the points" if goal == "points" else f"the {goal}"
    return f"{what} decided, the rest of the play cannot change it"


def _seven_note(position: Position, trick: Trick, goal: str, unicode: bool) -> str:
    """On a seven's line: what became of an announced seven in this trick."""
    if goal not in ("seven", "seven-against", "two-sevens"):
        return ""
    notes = []
    for seat, card in zip(trick.players, trick.cards):
        if card in position.announced:
            fate = "wins" if seat == trick.winner else "is beaten"
            notes.append(f"{card.pretty(unicode)} {fate}")
    return f"  [{'; '.join(notes)}]" if notes else ""


# --- the totals behind a verdict -----------------------------------------------------------------

def draw_totals(position: Position, result: SolveResult) -> list[str]:
    """The numbers that decide each component, one line each, as a player adds them up."""
    rows = []
    if result.actor_points is not None:
        trump = position.trump
        held = [[s for seat in range(position.players) if position.side(seat) == side for s in position.held_marriages(seat)]
                for side in (0, 1)]
        if position.marriage_rule != "czech":
            held = [[], []]  # over-first: the search declares them, they are not counted here
        totals = []
        for side, who, points in ((0, "actor", result.actor_points), (1, "defence", result.defence_points)):
            parts = []
            if position.score[side]:
                parts.append(f"{position.score[side]} so far")
            parts.append(f"{points} in tricks")
            if side == 1 and position.talon.points:
                parts.append(f"{position.talon.points} talon ({position.talon})")
            for suit in held[side]:
                kind = "trump marriage" if suit == trump else "marriage"
                parts.append(f"{position.marriage_value(suit)} {kind} ({suit.token} held)")
            total = game_totals(position, result.actor_points, result.defence_points)[side]
            totals.append(total)
            rows.append(f"  {who} {' + '.join(parts)} = {total}")
        if "game" in position.contract.components:
            sign = ">" if totals[0] > totals[1] else "<"
            rows.append(f"  game: actor {totals[0]} {sign} defence {totals[1]}"
                        + ("" if position.marriage_rule == "czech" else " (marriages under over-first not shown)"))
        for side, name in ((0, "hundred"), (1, "hundred-against")):
            if name in position.contract.components and position.marriage_rule == "czech":
                rows.append("  " + _hundred_row(position, result, side))
    return rows


def _hundred_row(position: Position, result: SolveResult, side: int) -> str:
    """The hundred's count (csm 10.9): the side's trick points and ONE marriage, the best."""
    so_far = trick_points_in_score(position, side) + (position.talon.points if side else 0)
    in_play = result.actor_points if side == 0 else result.defence_points
    best = best_marriage(position, side)
    total = so_far + in_play + best
    who = ("hundred: actor's", "hundred-against: defence's")[side]
    return (f"{who} trick points {so_far} so far + {in_play} in play + best marriage {best}"
            f" = {total} {'>=' if total >= 100 else '<'} 100")


def draw_card_values(position: Position, values: dict[Card, dict[str, Any]], unicode: bool = False) -> list[str]:
    """Every legal card of the side to move, best first for that side, the best marked ``*``, with the
    value from that side's point of view; an announced seven held back says why."""
    seat = position.to_move
    side = position.side(seat)
    who = "actor" if side == 0 else "defence"
    remaining = 10 * remaining_units(position)

    goal_side = 1 if position.contract.own_goal[0] in DEFENCE_COMPONENTS else 0

    def own(value: dict[str, Any]) -> tuple[int, int]:
        good = value["makes"] if side == goal_side else not value["makes"]
        points = value.get("hra_value")
        mine = 0 if points is None else (points if side == 0 else remaining - points)
        return int(good), mine

    order = sorted(values, key=lambda c: own(values[c]), reverse=True)
    best = own(values[order[0]]) if order else None
    rows = [f"Cards of {seat_label(position, seat)}, best first for the {who}:"]
    for card in order:
        value = values[card]
        mine = own(value)[1]
        verdict = "the contract makes" if value["makes"] else "the contract fails"
        extra = ""
        if "hra_value" in value and position.marriage_rule == "czech":
            extra = f"; {who} takes {mine} of the {remaining} points left"
        elif "hra_value" in value:  # over-first: the value counts half of each marriage declared in play
            extra = f"; hra value {value['hra_value']} (points and marriage halves, docs/semantics.md)"
        mark = "*" if own(value) == best else " "
        name = card.pretty(unicode) if isinstance(card, Card) else f"{card} (the trump seven for the turned card)"
        rows.append(f" {mark} {name}: {verdict}{extra}")
    hand = position.hands[seat]
    for card in position.announced:
        if card in hand and card not in values:
            rows.append(f"   {card.pretty(unicode)}: held back, the announced seven is played only when nothing else "
                        "is legal (the last trick)")
    return rows




# --- HTML for Jupyter ----------------------------------------------------------------------------

_RED = {0, 1}  # hearts and bells are drawn red


def _html_cards(cards: CardSet, notrump: bool) -> str:
    text = html.escape(cards.pretty(True, notrump))
    for symbol, suit in zip("♥♦", (0, 1)):
        text = text.replace(symbol, f'<span style="color:#c00">{symbol}</span>')
    return text


def html_position(position: Position) -> str:
    """A small table of the hands (suit symbols, the actor in bold) and the talon and trick."""
    rows = []
    for seat in range(position.players):
        label = html.escape(seat_label(position, seat))
        if seat == position.actor:
            label = f"<b>{label}</b>"
        rows.append(f"<tr><td>{label}</td><td>{_html_cards(position.hands[seat], position.notrump)}</td></tr>")
    if position.talon:
        rows.append(f"<tr><td>talon</td><td>{_html_cards(position.talon, position.notrump)}</td></tr>")
    if position.trick:
        rows.append(f"<tr><td>trick so far</td><td>{html.escape(' '.join(c.pretty(True) for c in position.trick))}"
                    "</td></tr>")
    caption = html.escape(describe_contract(position, True))
    return f'<table style="font-family:monospace"><caption>{caption}</caption>{"".join(rows)}</table>'


def html_result(result: SolveResult) -> str:
    """The position, the verdict and the line by trick."""
    position = result.position
    if position is None:
        return f"<pre>{html.escape(repr(result))}</pre>"
    verdict = f"{position.contract.value} {'makes' if result.makes else 'does not make'}"
    totals = "\n".join(draw_totals(position, result))
    line = draw_line(position, result.line, True, result.line_goal)
    return (html_position(position) + f"<p><b>{html.escape(verdict)}</b></p>"
            f"<pre>{html.escape(totals)}\n\n{html.escape(line)}</pre>")


def html_claim(result: Any) -> str:
    """A claim's verdict, and its counterexample drawn when there is one."""
    verdict = ("laid down" if result.laid_down else "not laid down") + f" ({result.distributions} redistributions)"
    out = f"<p><b>{html.escape(verdict)}</b></p>"
    example = result.counterexample
    if example is not None:
        line = draw_line(example.position, example.line, True, example.component)
        out += html_position(example.position) + f"<pre>{html.escape(line)}</pre>"
    return out


def html_review(review: Any) -> str:
    """The deal, each card that cost something, and the turning points."""
    rows = "".join(
        f"<tr><td>{m.trick}</td><td>{m.seat} {m.side}</td><td>{html.escape(m.card.pretty(True))}</td>"
        f"<td>{html.escape(' '.join(c.pretty(True) for c in m.best))}</td><td>{m.cost}</td>"
        f"<td>{'' if m.turn is None else m.turn}</td></tr>"
        for m in review.mistakes)
    table = ("<table><tr><th>trick</th><th>seat</th><th>card</th><th>best instead</th><th>cost</th><th>verdict</th>"
             f"</tr>{rows}</table>")
    turns = "".join(f"<li>{html.escape(t)}</li>" for t in review.turning_points) or "<li>none</li>"
    return html_position(review.position) + table + f"<p>Turning points:</p><ul>{turns}</ul>"


__all__ = [
    "describe_contract",
    "draw_card_values",
    "draw_line",
    "draw_position",
    "draw_totals",
    "first_trick_number",
    "html_claim",
    "html_position",
    "html_result",
    "html_review",
    "seat_label",
]
