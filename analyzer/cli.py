"""The ``marias`` command line: one click group, one command per job.

Bad input leaves as one line on stderr with exit status 2 (click's
``UsageError`` convention); ``--json`` keeps stdout for the payload alone.
"""
from __future__ import annotations

import json
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
@click.option("--tt-log2", default=16, show_default=True, type=click.IntRange(10, 28),
              help="Transposition table size: 2**N entries of 24 bytes.")
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


# --- study (issue 5) ---------------------------------------------------------
class _Whole(click.ParamType):
    """A whole number >= ``minimum``; anything else is one line on stderr and exit 2 (BadInput)."""

    name = "integer"

    def __init__(self, minimum: int | None = None) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        flag = f"--{param.name.replace('_', '-')}" if param is not None and param.name else "the value"
        try:
            number = int(str(value).strip())
        except ValueError:
            raise BadInput(f"{flag} must be a whole number, not {value!r}") from None
        if self.minimum is not None and number < self.minimum:
            raise BadInput(f"{flag} must be at least {self.minimum}, not {number}")
        return number


@main.command("study")
@click.option("--dealer", default="uniform", show_default=True, help="uniform, no-shuffle or riffle:K.")
@click.option("--rules", default="csm", show_default=True, help="Packet pattern: csm, licit, basic, four or two.")
@click.option("--n", "n", type=_Whole(1), default=1000, show_default=True, help="Number of deals.")
@click.option("--seed", type=_Whole(), default=0, show_default=True, help="Same seed, same table.")
@click.option("--analyses", default="shape", show_default=True,
              help="none, all, or some of shape,hra,points,sedma,betl,durch,best,claims.")
@click.option("-o", "--output", default=None, help="The table: FILE.parquet or FILE.csv (resumes if interrupted).")
@click.option("--jobs", type=_Whole(1), default=None, help="Local worker processes (default: all cores).")
@click.option("--scheduler", default=None, help="A dask.distributed scheduler address (or env DASK_SCHEDULER_ADDRESS).")
@click.option("--chunk", type=_Whole(1), default=None, help="Deals per unit of work (whole chains).")
@click.option("--chain-length", type=_Whole(1), default=100, show_default=True, help="Deals per no-shuffle chain.")
@click.option("--burn-in", type=_Whole(0), default=10, show_default=True, help="Hands played before a chain reports.")
@click.option("--cut", default="binomial", show_default=True, help="Cut model: binomial, uniform or none.")
@click.option("--gather", default="actor-first", show_default=True, help="actor-first or defence-first.")
@click.option("--play", default="solver", show_default=True, help="How chain hands are played: solver or greedy.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def study_command(dealer: str, rules: str, n: int, seed: int, analyses: str, output: str | None, jobs: int | None,
                  scheduler: str | None, chunk: int | None, chain_length: int, burn_in: int, cut: str, gather: str,
                  play: str, quiet: bool) -> None:
    """Deal N deals and analyse each into one table row (docs/study.md)."""
    import signal
    import time

    from analyzer.study import run_study

    if not output:
        raise BadInput("study needs an output table: -o FILE.parquet or -o FILE.csv")
    options = dict(chain_length=chain_length, burn_in=burn_in, cut=cut, gather=gather, play=play)
    if dealer.strip().lower() == "uniform":
        options = {}  # chain parameters mean nothing to a shuffled pack
    started = time.perf_counter()

    def terminated(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # a scheduler's SIGTERM: stop the workers as Ctrl-C does

    try:
        previous = signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread (an embedding application): leave its signals alone
        previous = None
    try:
        table = run_study(dealer, n=n, seed=seed, analyses=analyses, rules=rules, output=output, jobs=jobs,
                          scheduler=scheduler, chunk=chunk, progress=not quiet, **options)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    except KeyboardInterrupt:
        click.echo(f"marias: interrupted; finished chunks are kept in {output}.parts, "
                   "run the same command again to continue", err=True)
        raise click.exceptions.Exit(130) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    click.echo(f"{len(table)} deals in {output} ({time.perf_counter() - started:.1f} s)", err=True)


@main.command("plot")
@click.argument("tables", nargs=-1)
@click.option("--kind", default="patterns", show_default=True,
              help="patterns, carryover, sedma, makes or laid-down.")
@click.option("-o", "--output", default=None, help="The figure: OUT.png or OUT.svg.")
def plot_command(tables: tuple[str, ...], kind: str, output: str | None) -> None:
    """Draw a standard figure from one or more study tables (their rows pooled)."""
    import matplotlib

    matplotlib.use("Agg")
    import pandas as pd

    from analyzer.plots import plot, save
    from analyzer.study import read_table

    if not tables:
        raise BadInput("plot needs at least one study table (FILE.parquet or FILE.csv)")
    if not output:
        raise BadInput("plot needs an output figure: -o OUT.png or -o OUT.svg")
    try:
        df = pd.concat([read_table(t) for t in tables], ignore_index=True)
        save(plot(df, kind), output)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    except (OSError, ValueError) as exc:  # unreadable files, a table that is not a study
        raise BadInput(f"cannot draw {kind!r} from {', '.join(tables)}: {exc}".splitlines()[0]) from None
    click.echo(f"wrote {output}", err=True)


# --- end study ---------------------------------------------------------------
# --- claim (issue 3) ---------------------------------------------------------
@main.command("claim")
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-")
@click.option("--json", "as_json", is_flag=True, help="Print the result object as JSON on stdout.")
@click.option("--count", is_flag=True, help="Also count the redistributions the actor makes (exact; slower).")
@click.option("--consistent", is_flag=True,
              help="Only redistributions consistent with the play so far (the claim's 'played' tricks).")
@click.option("--component", "components", multiple=True,
              help="Claim this component only (repeatable), e.g. the game of a seven: --component game.")
@click.option("--unicode/--ascii", default=False, help="Draw suits as symbols.")
def claim_command(source: TextIO, as_json: bool, count: bool, consistent: bool, components: tuple[str, ...],
                  unicode: bool) -> None:
    """Is the claim laid down (ložená): made for every redistribution of the defence's cards?

    FILE (or - for standard input) is the position JSON of "marias solve", the
    defenders' hands either given or null with the defence's cards in "unseen"
    (docs/claims.md).
    """
    from analyzer.claims import check_claim
    from analyzer.display import draw_line, draw_position

    data = read_json(source, "the claim")
    try:
        result = check_claim(data, count=count, consistent=consistent, components=components or None)
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
    example = result.counterexample
    if example is not None:
        click.echo(f"\nCounterexample ({example.component} fails):")
        click.echo(draw_position(example.position, unicode))
        click.echo("\nThe defence's line:")
        click.echo(draw_line(example.position, example.line, unicode))
    click.echo(f"\n({result.searched} searches, {result.proven} redistributions settled without one, "
               f"{result.seconds:.2f} s)", err=True)


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


# --- end claim ---------------------------------------------------------------
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
