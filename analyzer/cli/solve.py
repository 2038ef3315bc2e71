"""``marias solve``: a position solved open-handed."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from analyzer.cli.advise import WorldsParam
from analyzer.cli.common import (
    BadInput,
    Seconds,
    Whole,
    echo_json,
    position_data,
    position_options,
)
from analyzer.errors import MariasError

if TYPE_CHECKING:
    from analyzer.rules import Position


PAYMENT_KEYS = ("flek", "flekers")  # what the table said, read by the settlement (marias score's shape)
MAX_FLEK_TEXT = 1000  # characters of --flek or --flekers: a few components, a level or a seat list each


def load_position(source: str | None, options: dict[str, Any], said: dict[str, Any] | None = None) -> Position:
    """Read the position from FILE, standard input or the options alone; check it. The payment's
    keys of the position (``flek``, ``flekers``) go to ``said``."""
    from analyzer.rules import Position

    data = position_data(source, "the position", options)
    if isinstance(data, dict):
        for key in PAYMENT_KEYS:
            if key in data:
                value = data.pop(key)
                if said is not None:
                    said.setdefault(key, value)
    try:
        position = Position.from_json(data)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    try:
        position.check_talon_rule()
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if position.tricks_left == 0:
        raise BadInput("the position has no cards left to play")
    return position


@click.command()
@click.argument("source", required=False, metavar="[FILE]")
@position_options()
@click.option("--json", "as_json", is_flag=True, help="Print the result object as JSON on stdout.")
@click.option("--cards", "card_values", is_flag=True,
              help="Also value every legal card of the side to move, best first for that side.")
@click.option("--payment", is_flag=True, help="Also settle the deal played out best (the rule set's payments).")
@click.option("--flek", "flek_text", default=None, metavar="JSON",
              help='With --payment: the flek level of each component, as in marias score\'s result, e.g. '
                   '\'{"hra": 1, "sedma": 2}\' (the position\'s "flek").')
@click.option("--flekers", "flekers_text", default=None, metavar="JSON",
              help='With --payment: the defenders who said the defence\'s fleks, e.g. \'{"hra": [1]}\' '
                   '(the position\'s "flekers").')
@click.option("--unicode/--ascii", default=False, help="Draw suits as symbols.")
@click.option("--tt-log2", default=16, show_default=True, type=click.IntRange(10, 28),
              help="Transposition table size: 2**N entries of 24 bytes.")
@click.option("--time-limit", type=Seconds(), default=None, metavar="SECONDS",
              help="Two players with the stock: give up after this many seconds and answer 'undecided'.")
@click.option("--view", "view_seat", type=Whole(0), default=None, metavar="SEAT",
              help="Value the cards of the seat to move as SEAT sees the deal: single-dummy, over the worlds of "
                   "its view (docs/single-dummy.md).")
@click.option("--worlds", type=WorldsParam(), default=None, help="With --view: worlds to draw (default 200); 'all': every one.")
@click.option("--seed", type=Whole(0), default=0, show_default=True, help="With --view: same seed, same numbers.")
def solve(source: str | None, as_json: bool, card_values: bool, payment: bool, flek_text: str | None,
          flekers_text: str | None, unicode: bool, tt_log2: int, time_limit: float | None, view_seat: int | None,
          worlds: Any, seed: int, **options: Any) -> None:
    """Solve a position open-handed: FILE (a position JSON), - or nothing for standard input, or the
    position as options:

    \b
    marias solve --hands "h: A K O U 9 7  b: A X  l: A  a: 8" "..." "..." --trump h --contract sedma
    """
    from analyzer.display import (
        GOAL_WORDS,
        draw_card_values,
        draw_line,
        draw_position,
        draw_totals,
    )
    from analyzer.solver import Solver

    said = {key: _json_option(text, f"--{key}") for key, text in (("flek", flek_text), ("flekers", flekers_text))
            if text is not None}
    if said and not payment:
        raise BadInput(f"--{' and --'.join(sorted(said))} {'belongs' if len(said) == 1 else 'belong'} to the payment: add --payment")
    position = load_position(source, options, said)
    if view_seat is not None:
        _single_dummy(position, view_seat, worlds, seed, as_json, unicode, card_values or payment)
        return
    try:
        result = Solver(tt_log2).solve(position, card_values, time_limit)
        undecided = not getattr(result, "decided", True)
        settlement = _settle(position, result, said) if payment and not undecided else None
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        echo_json(result, settlement)
        return
    click.echo(draw_position(position, unicode))
    if undecided:
        settled = "".join(f"\n  {name}: {'yes' if ok else 'no'}" for name, ok in result.components.items())
        click.echo(f"\nVerdict: undecided: the search passed its time limit of {time_limit:g} s "
                   f"(docs/benchmarks.md gives the times to expect){settled}")
        return
    verdict = "makes" if result.makes else "does not make"
    click.echo(f"\nVerdict: {position.contract.value} {verdict}")
    for name, ok in result.components.items():
        click.echo(f"  {name}: {'yes' if ok else 'no'}")
    totals = draw_totals(position, result)
    if totals:
        click.echo("\nTotals under best play for the points:")
        click.echo("\n".join(totals))
    heading = GOAL_WORDS.get(result.line_goal, result.line_goal)
    if result.line_goal != "points" and result.actor_points is not None:
        heading += "; not the line of the totals above"
    click.echo(f"\nLine, {heading}:")
    click.echo(draw_line(position, result.line, unicode, result.line_goal))
    if result.card_values is not None:
        click.echo("")
        click.echo("\n".join(draw_card_values(position, result.card_values, unicode)))
    if settlement is not None:
        click.echo("\nPayment with best play:")
        click.echo(str(settlement))
    click.echo(f"\n({result.nodes} nodes)", err=True)


def _json_option(text: str, flag: str) -> Any:
    """A JSON object given on the command line (bounded: no huge numbers, no deep nesting)."""
    import json

    if len(text) > MAX_FLEK_TEXT:
        raise BadInput(f"{flag} is at most {MAX_FLEK_TEXT} characters, not {len(text)}")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise BadInput(f"{flag} must be a JSON object, e.g. '{{\"hra\": 1}}', not {text[:40]!r}") from None
    if not isinstance(value, dict):
        raise BadInput(f"{flag} must be a JSON object, e.g. '{{\"hra\": 1}}', not {text[:40]!r}")
    return value


def _settle(position: Position, result: Any, said: dict[str, Any]) -> Any:
    """The settlement of the deal played out as ``result``, with what the table said (flek)."""
    from analyzer.outcome import result_json
    from analyzer.scoring import settle_json

    return settle_json({**result_json(position, result), **said})


def _single_dummy(position: Position, seat: int, worlds: Any, seed: int, as_json: bool, unicode: bool,
                  open_options: bool) -> None:
    """``--view SEAT``: the single-dummy table (the shape of ``--cards``, with errors)."""
    import json

    from analyzer.display import draw_position, seat_label
    from analyzer.estimate import wilson
    from analyzer.single_dummy import DEFAULT_WORLDS, single_dummy
    from analyzer.targets import remaining_units

    if open_options:
        raise BadInput("--view gives the single-dummy card values; --cards and --payment are open-hand: not with --view")
    try:
        sd = single_dummy(position, seat, DEFAULT_WORLDS if worlds is None else worlds, seed)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps({"position": position.to_json(), **sd.to_json()}, ensure_ascii=False))
        return
    click.echo(draw_position(position, unicode))
    n, total = len(sd.worlds), sd.worlds.total
    drawn = f"all {n} worlds (exact)" if sd.worlds.exact else f"{n} worlds drawn of {total:,} (seed {seed})"
    who = "actor" if sd.side == 0 else "defence"
    remaining = 10 * remaining_units(position)
    click.echo(f"\nCards of {seat_label(position, position.to_move)} as seat {seat} sees the deal, {drawn}, "
               f"best first for the {who}" + ("" if sd.worlds.exact else " (± one standard error)") + ":")
    best = set(sd.best)
    for card, entry in sd.card_values().items():
        makes = entry["makes"]
        text = f"P(make) {makes.text()}"
        if not makes.exact:
            low, high = wilson(makes.mean, n)
            text += f" (95 % {low:.2f}-{high:.2f})"
        for name, figure in entry.get("components", {}).items():
            text += f"; {name} {figure.text()}"
        if "hra_value" in entry:
            points = entry["hra_value"]
            mine = points if sd.side == 0 else type(points)(remaining - points.mean, points.stderr, points.worlds,
                                                             points.exact)
            text += f"; {who} takes {mine.text(1)} of the {remaining} points left"
        click.echo(f" {'*' if card in best else ' '} {card.pretty(unicode)}: {text}")
    click.echo(f"\n({sd.nodes} nodes)", err=True)
