"""``marias claim``: is a claim laid down (ložená)?"""
from __future__ import annotations

import json
import time
from typing import Any

import click

from analyzer.cards import CardSet
from analyzer.cli.common import (
    BadInput,
    Seconds,
    check_talon,
    position_data,
    position_options,
)
from analyzer.errors import MariasError

# The three-player options as the command line names them, in the one-line refusal of another table.
_OPTION_NAMES = {"count": "--count", "consistent": "--consistent", "components": "--component",
                 "time_limit": "--time-limit", "strict": "--strict"}


@click.command("claim")
@click.argument("source", required=False, metavar="[FILE]")
@position_options(claim=True)
@click.option("--json", "as_json", is_flag=True, help="Print the result object as JSON on stdout.")
@click.option("--count", is_flag=True, help="Also count the redistributions the actor makes (exact; slower).")
@click.option("--consistent", is_flag=True,
              help="Only redistributions consistent with the play so far (the claim's 'played' tricks).")
@click.option("--component", "components", multiple=True,
              type=click.Choice(["game", "seven", "hundred", "two-sevens", "betl", "durch", "open-betl", "open-durch"]),
              help="Claim this component only (repeatable), e.g. the game of a seven: --component game.")
@click.option("--time-limit", type=Seconds(), default=None, metavar="SECONDS",
              help="Give up (one line, exit status 2) if the claim is not settled in this time.")
@click.option("--unicode/--ascii", default=False, help="Draw suits as symbols.")
@click.option("--strict", is_flag=True,
              help="Also: laid down without seeing? One plan from what the actor sees (docs/claims.md); "
                   "undecided after 60 s.")
def claim_command(source: str | None, as_json: bool, count: bool, consistent: bool, components: tuple[str, ...],
                  time_limit: float | None, unicode: bool, strict: bool, **options: Any) -> None:
    """Is the claim laid down (ložená): made for every redistribution of the defence's cards?

    FILE (- or nothing for standard input) is the position JSON of "marias solve", the
    defenders' hands either given or null with the defence's cards in "unseen"
    (docs/claims.md); or the claim as options, the actor's hand alone:

    \b
    marias claim --hand "h: A K O  b: A K  l: A K  a: A K O" --contract durch --talon "h8 b8"
    """
    from analyzer.claims import check
    from analyzer.display import draw_line, draw_position

    data = position_data(source, "the claim", options)
    check_talon(data)
    players = data.get("players", 3) if isinstance(data, dict) else 3
    started = time.perf_counter()
    try:
        result = check(data, count=count, consistent=consistent, components=components or None,
                       time_limit=time_limit, strict=strict, names=_OPTION_NAMES)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
        return
    if players == 4:
        _claim4(data, result, unicode, started)
        return
    if players == 2:
        _claim2(data, result, unicode, started)
        return
    claim = result.claim
    assert claim is not None
    click.echo(_draw_claim(claim, unicode))
    which = " consistent with the play" if consistent else ""
    n = result.distributions
    if result.laid_down:
        click.echo(f"\nVerdict: laid down ({n} redistributions{which} checked)")
    else:
        click.echo(f"\nVerdict: not laid down (a counterexample among {n} redistributions{which})")
    if len(result.components) > 1 or components:
        for name, ok in result.components.items():
            click.echo(f"  {name}: {'laid down' if ok else 'not laid down' if ok is False else 'not decided'}")
    if result.winning is not None:
        click.echo(f"  the actor makes it in {result.winning} of {n} (all checked)")
    if strict:
        _draw_strict(result)
    example = result.counterexample
    if example is not None:
        click.echo(f"\nCounterexample ({example.component} fails):")
        click.echo(draw_position(example.position, unicode))
        totals = _totals(example.position)
        if totals:
            click.echo("\nTotals under best play for the points:")
            click.echo("\n".join(totals))
        click.echo(f"\nThe defence's line (best play against the {example.component}):")
        click.echo(draw_line(example.position, example.line, unicode, example.component))
    click.echo(f"\n({result.searched} searches, {result.proven} redistributions settled without one, "
               f"{result.seconds:.2f} s)", err=True)


def _claim4(data: dict[str, Any], result: Any, unicode: bool, started: float) -> None:
    """Four players (analyzer.claims4): the same verdict and counterexample, and what was assumed
    about the partner while his seat is unknown."""
    from analyzer.claims4 import claim4_from_json
    from analyzer.display import describe_contract, seat_label

    position = claim4_from_json(data)  # as the check read it: the hands drawn below
    nt, actor = position.notrump, position.actor
    others = [s for s in range(4) if s != actor]
    unseen = CardSet()
    for seat in others:
        unseen = unseen | position.hands[seat]
    sizes = ", ".join(f"{s}: {len(position.hands[s])}" for s in others)
    # the partner is the line below: one deal's seat would mislead while the called card is unseen
    header = [part for part in describe_contract(position, unicode).split(", ")
              if not part.startswith(("partner seat", "actor alone"))]
    click.echo(", ".join(header))
    click.echo(f"  {seat_label(position, actor)}  {position.hands[actor].pretty(unicode, nt)}")
    click.echo(f"  unseen ({sizes} cards)  {unseen.pretty(unicode, nt)}")
    if position.trick:
        click.echo(f"  trick so far  {' '.join(c.pretty(unicode) for c in position.trick)}")
    click.echo(f"  partner: {result.assumed}")
    n, ruled = result.distributions, f", {result.ruled_out} ruled out by what the actor has seen" if result.ruled_out else ""
    if result.laid_down:
        click.echo(f"\nVerdict: laid down ({n} redistributions{ruled}, {result.worlds} checked)")
        return
    click.echo(f"\nVerdict: not laid down (a counterexample among {n} redistributions{ruled}; "
               f"{result.worlds} checked to find it)")
    _draw_counterexample(result, unicode, started)


def _claim2(data: dict[str, Any], result: Any, unicode: bool, started: float) -> None:
    """Two players (analyzer.claims2): every other hand and stock order the claimant cannot tell
    apart; after the stock, the open-hand solve."""
    from analyzer.claims2 import claim2_from_json
    from analyzer.display import describe_contract, seat_label

    position = claim2_from_json(data)
    nt, actor, other = position.notrump, position.actor, 1 - position.actor
    # the claimant does not know the stock's order: the solve's "perfect information" is not his
    click.echo(", ".join(part for part in describe_contract(position, unicode).split(", ")
                         if not part.startswith("the stock's order known")))
    click.echo(f"  {seat_label(position, actor)}  {position.hands[actor].pretty(unicode, nt)}")
    unseen = position.hands[other] | CardSet(position.stock)
    click.echo(f"  unseen ({len(position.hands[other])} in the other hand, {len(position.stock)} in the stock)  "
               f"{unseen.pretty(unicode, nt)}")
    if position.trick:
        click.echo(f"  trick so far  {' '.join(c.pretty(unicode) for c in position.trick)}")
    click.echo(f"  assumed: {result.assumed}")
    n = result.distributions
    if result.laid_down:
        click.echo(f"\nVerdict: laid down ({n} redistribution{'s' if n != 1 else ''} checked)")
        return
    click.echo(f"\nVerdict: not laid down (a counterexample among {n} redistributions; "
               f"{result.worlds} checked to find it)")
    _draw_counterexample(result, unicode, started)


def _draw_counterexample(result: Any, unicode: bool, started: float) -> None:
    """The four- and two-player check's counterexample, the defence's line that beats it, and the time."""
    from analyzer.display import draw_line, draw_position

    example = result.counterexample
    assert example is not None
    click.echo(f"\nCounterexample ({example.component} fails):")
    click.echo(draw_position(example.position, unicode))
    click.echo(f"\nThe defence's line (best play against the {example.component}):")
    click.echo(draw_line(example.position, example.line, unicode, example.component))
    click.echo(f"\n({result.worlds} searches, {time.perf_counter() - started:.2f} s)", err=True)


def _draw_strict(result: Any) -> None:
    """Both verdicts side by side, then the plan (strict yes) or the guess (open yes, strict no)."""
    from analyzer.strict import draw_guess, draw_plan

    words = {True: "yes", False: "no", None: "undecided (time limit)"}
    click.echo(f"Laid down open-handed: {words[result.laid_down]}; laid down without seeing: {words[result.strict]}")
    if result.plan is not None:
        click.echo("\nThe plan (seat:card for the defence's plays):")
        click.echo(draw_plan(result.plan))
    if getattr(result, "plan_omitted", False):
        from analyzer.strict import PLAN_STEPS

        click.echo(f"\nThe plan has more than {PLAN_STEPS} steps (it branches on the defence's plays "
                   "for many tricks): not written out.")
    if result.guess is not None:
        click.echo("\n" + draw_guess(result.guess))


def _totals(position: Any) -> list[str]:
    """The counterexample's totals, as ``solve`` prints them."""
    from analyzer.display import draw_totals
    from analyzer.solver import solve

    return draw_totals(position, solve(position))


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
