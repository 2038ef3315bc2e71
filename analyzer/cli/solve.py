"""``marias solve``: a position solved open-handed."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

import click

from analyzer.cli import main
from analyzer.cli.common import BadInput, read_json
from analyzer.errors import MariasError

if TYPE_CHECKING:
    from analyzer.rules import Position


def load_position(source: TextIO, contract: str | None, trump: str | None) -> "Position":
    """Read the position JSON, apply command-line overrides, check it."""
    from analyzer.rules import Position

    data = read_json(source, "the position")
    if isinstance(data, dict):
        if contract is not None:
            data["contract"] = contract
        if trump is not None:
            data["trump"] = None if trump.lower() in ("none", "null", "-") else trump
    try:
        return Position.from_json(data)
    except MariasError as exc:
        raise BadInput(str(exc)) from None


@main.command()
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-")
@click.option("--json", "as_json", is_flag=True, help="Print the result object as JSON on stdout.")
@click.option("--cards", "card_values", is_flag=True, help="Also give the value of every legal card of the side to move.")
@click.option("--contract", help="Override the position's contract (game, seven, betl, ...).")
@click.option("--trump", help="Override the trump suit (h, b, l, a, or none).")
@click.option("--unicode/--ascii", default=False, help="Draw suits as symbols.")
@click.option("--tt-log2", default=16, show_default=True, type=click.IntRange(10, 28),
              help="Transposition table size: 2**N entries of 24 bytes.")
def solve(source: TextIO, as_json: bool, card_values: bool, contract: str | None, trump: str | None,
          unicode: bool, tt_log2: int) -> None:
    """Solve a position open-handed (FILE, or - for standard input)."""
    from analyzer.display import draw_line, draw_position
    from analyzer.solver import Solver

    position = load_position(source, contract, trump)
    try:
        result = Solver(tt_log2).solve(position, card_values)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    click.echo(draw_position(position, unicode))
    verdict = "makes" if result.makes else "does not make"
    click.echo(f"\nVerdict: {position.contract.value} {verdict}")
    for name, ok in result.components.items():
        click.echo(f"  {name}: {'yes' if ok else 'no'}")
    if result.actor_points is not None:
        click.echo(f"  points in the remaining play: actor {result.actor_points}, defence {result.defence_points}")
    click.echo("\nLine:")
    click.echo(draw_line(position, result.line, unicode))
    if result.card_values is not None:
        click.echo(f"\nCards of seat {position.to_move}:")
        for card, value in result.card_values.items():
            extra = f", hra value {value['hra_value']}" if "hra_value" in value else ""
            click.echo(f"  {card}: {'makes' if value['makes'] else 'fails'}{extra}")
    click.echo(f"\n({result.nodes} nodes)", err=True)
