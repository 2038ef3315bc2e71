"""``marias tysiacha solve|claim|advise|score|study``: the Russian marriage game (docs/tysiacha.md)."""
from __future__ import annotations

import json
import os
from typing import Any

import click

from analyzer.cli.common import BadInput, Whole
from analyzer.errors import MariasError

RULE_OPTIONS = [
    click.option("--marriages", type=click.Choice(("seed", "german")), default="seed", show_default=True,
                 help="Marriage values: seed h 100, b 80, a 60, l 40; german a 100, l 80, h 60, b 40."),
    click.option("--any-lead", is_flag=True, help="The hand's first lead may declare too (default: not)."),
    click.option("--must-beat", is_flag=True, help="A follower must head the trick when able (option)."),
]


def rule_options(f: Any) -> Any:
    for option in reversed(RULE_OPTIONS):
        f = option(f)
    return f


def _rules(marriages: str, any_lead: bool, must_beat: bool) -> Any:
    from analyzer.tysiacha.game import Rules

    return Rules(marriages, any_lead, must_beat)


def _position(text: str) -> Any:
    """The position: its one-line form, a JSON file, or - for JSON on standard input."""
    from analyzer.tysiacha.position import Position, read_position

    if text == "-" or (text.endswith(".json") and os.path.exists(text)):
        from analyzer.cli.common import read_json
        return Position.from_dict(read_json(text, "the position"))
    return read_position(text)


@click.group("tysiacha")
def tysiacha() -> None:
    """Tysiacha (Die vier Mariagen), the Russian marriage game: exact open-hand play, laid-down
    claims, bidding advice, scoring and studies."""


@tysiacha.command("solve")
@click.argument("position")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="The answer as JSON.")
def solve_command(position: str, marriages: str, any_lead: bool, must_beat: bool, as_json: bool) -> None:
    """The declarer's exact total against the best defence, each legal move's total and a line.
    POSITION: the one-line form (docs/tysiacha.md), a JSON file, or - for JSON on standard input."""
    from analyzer.tysiacha.solver import solve

    try:
        rules = _rules(marriages, any_lead, must_beat)
        p = _position(position)
        if p.over:
            raise BadInput("the hand is over: nothing to solve")
        result = solve(p, rules)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    click.echo(str(p))
    verdict = "reaches" if result.makes else "falls short of"
    click.echo(f"declarer (seat {p.declarer}) total {result.total} (exact), {verdict} the bid {p.bid}"
               f" [{result.nodes} nodes, {result.seconds * 1000:.1f} ms]")
    click.echo(f"seat {p.to_move} to move:")
    from analyzer.tysiacha.position import move_str

    for move, value in result.moves:
        click.echo(f"  {move_str(move):<5} {value}")
    click.echo("line: " + " ".join(move_str(m) for m, _ in result.line))


@tysiacha.command("claim")
@click.argument("position")
@click.option("--target", type=Whole(0), default=None, help="The total to reach (default: the bid).")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="The answer as JSON.")
def claim_command(position: str, target: int | None, marriages: str, any_lead: bool, must_beat: bool,
                  as_json: bool) -> None:
    """Is POSITION laid down: does the declarer reach his bid in every split of the cards he has
    not seen (C(14,7) = 3,432 at the start of play), whatever the defence plays?"""
    from analyzer.tysiacha.claim import check_claim

    try:
        rules = _rules(marriages, any_lead, must_beat)
        p = _position(position)
        result = check_claim(p, target, rules)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    click.echo(str(p))
    if result.laid_down:
        click.echo(f"laid down: reaches {result.target} in all {result.splits} splits (exact)"
                   f" [{result.seconds:.2f} s]")
        return
    click.echo(f"not laid down: short of {result.target} in {result.failing} of {result.splits} splits (exact)"
               f" [{result.seconds:.2f} s]")
    click.echo(f"counterexample: {result.counterexample}")
    click.echo(f"  the declarer's best total there: {result.counter_total}")
    click.echo("  line: " + " ".join(result.counter_line))


@tysiacha.command("score")
@click.option("--bid", type=Whole(0), required=True, help="The declarer's final bid.")
@click.option("--points", default=None, help="Each seat's trick points plus marriages, as 3 numbers: 160,30,20.")
@click.option("--declarer", type=Whole(0), default=0, show_default=True, help="The declarer's seat (0-2).")
@click.option("--scoring", type=click.Choice(("seed", "standard")), default="seed", show_default=True,
              help="seed: the declarer writes his total minus the bid; standard: plus or minus the bid.")
@click.option("--rounding", type=click.Choice(("none", "russian", "polish")), default="russian", show_default=True,
              help="The standard scoring rounds the opponents' points to 5 (russian) or 10 (polish).")
@click.option("--concede", is_flag=True, help="The declarer concedes after the widow: minus his bid, 40 each.")
@click.option("--json", "as_json", is_flag=True, help="The scores as JSON.")
def score_command(bid: int, points: str | None, declarer: int, scoring: str, rounding: str, concede: bool,
                  as_json: bool) -> None:
    """What each seat writes for one hand."""
    from analyzer.tysiacha.scoring import Scoresheet

    if declarer > 2:
        raise BadInput(f"--declarer must be a seat 0-2, not {declarer}")
    sheet = Scoresheet()
    if concede:
        if points is not None:
            raise BadInput("--concede takes no --points: the hand is not played")
        scores = sheet.add_concession(declarer, bid)
    else:
        if points is None:
            raise BadInput("give --points (three numbers) or --concede")
        try:
            values = tuple(int(x) for x in points.split(","))
        except ValueError:
            raise BadInput(f"--points must be three whole numbers such as 160,30,20, not {points!r}") from None
        if len(values) != 3 or any(v < 0 or v > 1000 for v in values):
            raise BadInput(f"--points must be three whole numbers 0-1000, not {points!r}")
        scores = sheet.add_hand(declarer, bid, values, scoring, rounding)  # type: ignore[arg-type]
    if as_json:
        click.echo(json.dumps({"game": "tysiacha", "bid": bid, "declarer": declarer, "scoring": scoring,
                               "conceded": concede, "scores": list(scores)}))
        return
    for seat, score in enumerate(scores):
        role = "declarer" if seat == declarer else "opponent"
        click.echo(f"seat {seat} ({role}): {score:+d}")


__all__ = ["tysiacha"]
