"""``marias claim``: is a claim laid down (ložená)?"""
from __future__ import annotations

import json
from typing import Any, TextIO

import click

from analyzer.cli import main
from analyzer.cli.common import BadInput, read_json
from analyzer.errors import MariasError


@main.command("claim")
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-")
@click.option("--json", "as_json", is_flag=True, help="Print the result object as JSON on stdout.")
@click.option("--count", is_flag=True, help="Also count the redistributions the actor makes (exact; slower).")
@click.option("--consistent", is_flag=True,
              help="Only redistributions consistent with the play so far (the claim's 'played' tricks).")
@click.option("--component", "components", multiple=True,
              help="Claim this component only (repeatable), e.g. the game of a seven: --component game.")
@click.option("--unicode/--ascii", default=False, help="Draw suits as symbols.")
@click.option("--strict", is_flag=True,
              help="Also: laid down without seeing? One plan from what the actor sees (docs/claims.md); "
                   "undecided after 60 s.")
def claim_command(source: TextIO, as_json: bool, count: bool, consistent: bool, components: tuple[str, ...],
                  unicode: bool, strict: bool) -> None:
    """Is the claim laid down (ložená): made for every redistribution of the defence's cards?

    FILE (or - for standard input) is the position JSON of "marias solve", the
    defenders' hands either given or null with the defence's cards in "unseen"
    (docs/claims.md).
    """
    from analyzer.claims import check_claim
    from analyzer.display import draw_line, draw_position

    data = read_json(source, "the claim")
    try:
        result = check_claim(data, count=count, consistent=consistent, components=components or None, strict=strict)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    claim = result.claim
    assert claim is not None
    click.echo(_draw_claim(claim, unicode))
    which = "consistent with the play " if consistent else ""
    verdict = "laid down" if result.laid_down else "not laid down"
    click.echo(f"\nVerdict: {verdict} ({result.distributions} redistributions {which}checked)")
    if len(result.components) > 1 or components:
        for name, ok in result.components.items():
            click.echo(f"  {name}: {'laid down' if ok else 'not laid down' if ok is False else 'not decided'}")
    if result.winning is not None:
        click.echo(f"  the actor makes it in {result.winning} of {result.distributions}")
    if strict:
        _draw_strict(result)
    example = result.counterexample
    if example is not None:
        click.echo(f"\nCounterexample ({example.component} fails):")
        click.echo(draw_position(example.position, unicode))
        click.echo("\nThe defence's line:")
        click.echo(draw_line(example.position, example.line, unicode))
    click.echo(f"\n({result.searched} searches, {result.proven} redistributions settled without one, "
               f"{result.seconds:.2f} s)", err=True)


def _draw_strict(result: Any) -> None:
    """Both verdicts side by side, then the plan (strict yes) or the guess (open yes, strict no)."""
    from analyzer.strict import draw_guess, draw_plan

    words = {True: "yes", False: "no", None: "undecided (time limit)"}
    click.echo(f"Laid down open-handed: {words[result.laid_down]}; laid down without seeing: {words[result.strict]}")
    if result.plan is not None:
        click.echo("\nThe plan (seat:card for the defence's plays):")
        click.echo(draw_plan(result.plan))
    if result.guess is not None:
        click.echo("\n" + draw_guess(result.guess))


def _draw_claim(claim: Any, unicode: bool) -> str:
    """The actor's hand and the defence's unseen cards (not one redistribution of them)."""
    from analyzer.display import describe_contract, seat_label

    position = claim.position
    nt = position.notrump
    one, two = claim.defenders
    rows = [(seat_label(position, position.actor), position.hands[position.actor].pretty(unicode, nt)),
            (f"unseen ({one}: {claim.sizes[0]}, {two}: {claim.sizes[1]} cards)", claim.unseen.pretty(unicode, nt))]
    if position.talon:
        rows.append(("talon", position.talon.pretty(unicode, nt)))
    if position.trick:
        rows.append(("trick so far", " ".join(c.pretty(unicode) for c in position.trick)))
    if claim.played:
        rows.append(("tricks played", str(len(claim.played))))
    if position.score != (0, 0):
        rows.append(("score so far", f"actor {position.score[0]}, defence {position.score[1]}"))
    width = max(len(label) for label, _ in rows)
    return "\n".join([describe_contract(position, unicode)] + [f"  {label:<{width}}  {text}" for label, text in rows])
