"""The ``marias`` command line: one click group, one command per job.

Bad input leaves as one line on stderr with exit status 2 (click's
``UsageError`` convention); ``--json`` keeps stdout for the payload alone.
"""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

import click

from analyzer.errors import MariasError

if TYPE_CHECKING:
    from analyzer.rules import Position


class BadInput(click.UsageError):
    """A domain ``ValueError`` turned into click's exit status 2, without the usage banner."""

    def show(self, file: TextIO | None = None) -> None:
        click.echo(f"marias: {self.format_message()}", err=True)


def read_json(source: TextIO, what: str) -> Any:
    """Parse a JSON document from an open file, turning every failure into ``BadInput``."""
    text = source.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")


@click.group()
@click.version_option(package_name="marias-analyzer")
def main() -> None:
    """The reference analyser for Mariáš."""


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
@click.option("--tt-log2", default=20, show_default=True, type=click.IntRange(10, 28),
              help="Transposition table size: 2**N entries of 16 bytes.")
def solve(source: TextIO, as_json: bool, card_values: bool, contract: str | None, trump: str | None,
          unicode: bool, tt_log2: int) -> None:
    """Solve a position open-handed (FILE, or - for standard input)."""
    from analyzer.cards import parse_cards
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
    click.echo(draw_line(position, parse_cards(result.line), unicode))
    if result.card_values is not None:
        click.echo(f"\nCards of seat {position.to_move}:")
        for card, value in result.card_values.items():
            extra = f", hra value {value['hra_value']}" if "hra_value" in value else ""
            click.echo(f"  {card}: {'makes' if value['makes'] else 'fails'}{extra}")
    click.echo(f"\n({result.nodes} nodes)", err=True)


# --- score (issue 4) ---------------------------------------------------------
def _option_value(text: str) -> Any:
    """``true``, ``3``, ``"add"`` as JSON; anything else as the bare string (``add``)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@main.command()
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-")
@click.option("--json", "as_json", is_flag=True, help="Print only the settlement as JSON on stdout.")
@click.option("--rules", type=click.Choice(["csm", "basic", "licit"]), default=None,
              help="Rule set, over the result's own \"rules\" (default csm).")
@click.option("-o", "--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A rule-set option over the result's \"options\", e.g. -o hundred_steps=add.")
def score(source: TextIO, as_json: bool, rules: str | None, option_pairs: tuple[str, ...]) -> None:
    """Settle a game's result (FILE, or - for standard input): each player's payment, line by line."""
    from analyzer.scoring import settle_json

    data = read_json(source, "the result")
    options: dict[str, Any] = {}
    for pair in option_pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise BadInput(f"an option is NAME=VALUE, not {pair!r}")
        options[name] = _option_value(value)
    try:
        settlement = settle_json(data, rules, **options)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(settlement.to_dict(), ensure_ascii=False))
    else:
        click.echo(str(settlement))


# --- end score ---------------------------------------------------------------
