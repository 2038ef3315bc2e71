"""``marias review``: a whole game's play evaluated card by card."""
from __future__ import annotations

from typing import Any

import click

from analyzer.cli.advise import WorldsParam
from analyzer.cli.common import (
    SHARP_TALON_OPTION,
    BadInput,
    Whole,
    check_talon,
    echo_json,
    read_json,
)
from analyzer.errors import MariasError


@click.command("review")
@click.argument("source", required=False, default="-", metavar="[GAME]")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON on stdout.")
@click.option("--payment", is_flag=True, help="Also settle the deal played out best from the start.")
@click.option("--unicode/--ascii", default=False, help="Draw suits as symbols.")
@SHARP_TALON_OPTION
@click.option("--view", is_flag=True,
              help="Also judge each card by what its player could know: the single-dummy best (docs/single-dummy.md).")
@click.option("--worlds", type=WorldsParam(), default=None, help="With --view: worlds per card (default 100); 'all'.")
@click.option("--seed", type=Whole(0), default=0, show_default=True, help="With --view: same seed, same numbers.")
def review_command(source: str, as_json: bool, payment: bool, unicode: bool, sharp_talon: bool, view: bool,
                   worlds: Any, seed: int) -> None:
    """Review a game card by card: GAME is the position JSON of the deal with "played", the tricks
    as played (each a list of cards from its leader); - or nothing for standard input.

    For every card: the open-hand value before and after it (the verdict, and the actor's trick
    points over the whole deal), the best cards instead and what the card cost; then the turning
    points.
    """
    from analyzer.display import draw_position
    from analyzer.review import review

    data = read_json(source, "the game")
    if sharp_talon and isinstance(data, dict):
        data["sharp_talon"] = True
    check_talon(data)
    try:
        if view:
            result = _review_seen(data, 100 if worlds is None else worlds, seed)
        else:
            result = review(data)
        settlement = _settle(result.position) if payment else None
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        echo_json(result, settlement)
        return
    click.echo(draw_position(result.position, unicode))
    click.echo("\nCard by card (value = the verdict, and the actor's trick points over the deal with best play"
               " from there; * a best card):")
    for move in result.moves:
        click.echo(_draw_move(move, unicode))
    if result.stopped:
        click.echo(f"  the review stops {result.stopped}")
    click.echo("\nTurning points:")
    click.echo("\n".join(f"  {t}" for t in result.turning_points) or "  none: the verdict never changed")
    costly = [m for m in result.mistakes if m.turn is None][:3]
    if costly:
        click.echo("Costliest other cards: " + ", ".join(
            f"trick {m.trick} {m.card.pretty(unicode)} (seat {m.seat}) -{m.cost}" for m in costly))
    if settlement is not None:
        click.echo("\nPayment with best play from the deal:")
        click.echo(str(settlement))
    click.echo(f"\n({result.nodes} nodes)", err=True)


def _value(value: Any) -> str:
    verdict = "makes" if value.makes else "fails"
    return verdict if value.points is None else f"{verdict} {value.points:>3}"


def _draw_move(move: Any, unicode: bool) -> str:
    mark = "*" if move.card in move.best else " "
    text = (f"  {move.trick:>2}. seat {move.seat} {move.side:<7} {mark}{move.card.pretty(unicode):<3}  "
            f"{_value(move.before)} -> {_value(move.after)}")
    if move.card not in move.best:
        text += f"   best {' '.join(c.pretty(unicode) for c in move.best)}"
        if move.cost:
            text += f", cost {move.cost} points"
    if move.turn is not None:
        text += f"   the contract is {'lost' if move.turn == 'lost' else 'given away'} here"
    judged = move.judged
    if judged is not None and judged.makes is not None:
        kind = judged.kind(move.card in move.best)
        seen = " ".join(c.pretty(unicode) for c in judged.best)
        figures = f"P(make) {judged.makes.text()}"
        if judged.points is not None:
            figures += f", points {judged.points.text(1)}"
        text += f"\n        seen from seat {move.seat}: best {seen}; this card {figures}"
        if kind in ("avoidable", "within error"):
            text += f"; against the best: goal lost in {judged.loss.text()} of the worlds"
            if judged.points_loss is not None:
                text += f", {judged.points_loss.text(1)} points"
            text += f": {kind}"
        elif kind == "only with the hands seen":
            text += "; wrong only with the hands seen"
    return text


def _review_seen(data: Any, worlds: Any, seed: int) -> Any:
    """The review with every card judged from its player's view, with a progress bar."""
    import sys

    from tqdm import tqdm

    from analyzer.review import read_game, review

    position, cards = read_game(data)
    with tqdm(total=len(cards), desc="review --view", unit="card", file=sys.stderr, leave=False,
              disable=not sys.stderr.isatty()) as bar:
        return review((position, cards), view=True, worlds=worlds, seed=seed, progress=lambda: bar.update(1))


def _settle(position: Any) -> Any:
    from analyzer.outcome import result_json
    from analyzer.scoring import settle_json
    from analyzer.solver import solve

    return settle_json(result_json(position, solve(position)))
