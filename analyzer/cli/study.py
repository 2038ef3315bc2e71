"""``marias study`` and ``marias plot``: many deals into a table, a table into a figure."""
from __future__ import annotations

import click

from analyzer.cli.common import BadInput, Jobs, Whole
from analyzer.errors import MariasError

PACKETS = ("csm", "licit", "basic", "four", "two")  # analyzer.dealing.PATTERNS (kept light: --help stays fast)
PLOT_KINDS = ("patterns", "carryover", "sedma", "makes", "laid-down")  # analyzer.plots.KINDS


class OneOf(click.Choice):
    """click.Choice (the choices listed in --help) whose refusal is one line and exit 2 like all bad input."""

    def convert(self, value, param, ctx):  # type: ignore[no-untyped-def]
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            flag = f"--{param.name.replace('_', '-')}" if param is not None and param.name else "the value"
            raise BadInput(f"{flag} must be one of {', '.join(self.choices)}, not {value!r}") from None


def _say(line: str) -> None:
    click.echo(f"marias: {line}", err=True)


@click.command("study")
@click.option("--dealer", default="uniform", show_default=True, help="uniform, no-shuffle or riffle:K.")
@click.option("--packets", default="csm", show_default=True, type=OneOf(PACKETS, case_sensitive=False),
              help="The packet pattern the cards are dealt in (named after the rule set that deals it).")
@click.option("--n", "n", type=Whole(1), default=1000, show_default=True, help="Number of deals.")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Same seed, same table.")
@click.option("--analyses", default="shape", show_default=True,
              help="none, all, or some of shape,hra,points,sedma,betl,durch,best,claims "
                   "(two packets: shape,hra,points).")
@click.option("-o", "--output", default=None,
              help="The table: FILE.parquet or FILE.csv, in a directory that exists (resumes if interrupted).")
@click.option("--jobs", type=Jobs(), default=None, help="Local worker processes (default: all cores).")
@click.option("--scheduler", default=None, help="A dask.distributed scheduler address (or env DASK_SCHEDULER_ADDRESS).")
@click.option("--chunk", type=Whole(1), default=None, help="Deals per unit of work (whole chains).")
@click.option("--chain-length", type=Whole(1), default=100, show_default=True, help="Deals per no-shuffle chain.")
@click.option("--burn-in", type=Whole(0), default=10, show_default=True, help="Hands played before a chain reports.")
@click.option("--cut", default="binomial", show_default=True, type=OneOf(("binomial", "uniform", "none")),
              help="Cut model.")
@click.option("--gather", default="actor-first", show_default=True, type=OneOf(("actor-first", "defence-first")),
              help="Whose pile of tricks goes on top.")
@click.option("--play", default="solver", show_default=True, type=OneOf(("solver", "greedy")),
              help="How the chain's hands are played.")
@click.option("--quiet", is_flag=True, help="No progress bar (what the run resumes and its summary are still said).")
def study_command(dealer: str, packets: str, n: int, seed: int, analyses: str, output: str | None, jobs: int | None,
                  scheduler: str | None, chunk: int | None, chain_length: int, burn_in: int, cut: str, gather: str,
                  play: str, quiet: bool) -> None:
    """Deal N deals and analyse each into one table row (docs/study.md)."""
    import signal

    from analyzer.study import StudyInterrupted, run_study

    if not output:
        raise BadInput("study needs an output table: -o FILE.parquet or -o FILE.csv")
    options = {"chain_length": chain_length, "burn_in": burn_in, "cut": cut, "gather": gather, "play": play}
    if dealer.strip().lower() == "uniform":
        options = {}  # chain parameters mean nothing to a shuffled pack

    def terminated(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # a scheduler's SIGTERM: stop the workers as Ctrl-C does

    try:
        previous = signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread (an embedding application): leave its signals alone
        previous = None
    try:
        run_study(dealer, n=n, seed=seed, analyses=analyses, packets=packets.lower(), output=output, jobs=jobs,
                  scheduler=scheduler, chunk=chunk, progress=not quiet, notify=_say, table=False, **options)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    except StudyInterrupted as exc:
        _say(str(exc))
        raise click.exceptions.Exit(130) from None
    except KeyboardInterrupt:  # before the study started to run
        _say("interrupted before any chunk finished; nothing was kept")
        raise click.exceptions.Exit(130) from None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


@click.command("plot")
@click.argument("tables", nargs=-1)
@click.option("--kind", default="patterns", show_default=True, type=OneOf(PLOT_KINDS),
              help="The figure (docs/study.md).")
@click.option("-o", "--output", default=None, help="The figure: OUT.png or OUT.svg.")
def plot_command(tables: tuple[str, ...], kind: str, output: str | None) -> None:
    """Draw a standard figure from one or more study tables (their rows pooled)."""
    import warnings

    import matplotlib

    matplotlib.use("Agg")

    from analyzer.plots import PlotWarning, plot, pool, save

    if not tables:
        raise BadInput("plot needs at least one study table (FILE.parquet or FILE.csv)")
    if not output:
        raise BadInput("plot needs an output figure: -o OUT.png or -o OUT.svg")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", PlotWarning)
            df = pool(tables)
            figure = plot(df, kind)
        save(figure, output)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    except (OSError, ValueError) as exc:  # unreadable files, a table that is not a study
        raise BadInput(f"cannot draw {kind!r} from {', '.join(tables)}: {exc}".splitlines()[0]) from None
    said = set()
    for warning in caught:
        if issubclass(warning.category, PlotWarning) and str(warning.message) not in said:
            said.add(str(warning.message))  # said once, however many intervals it concerns
            _say(f"warning: {warning.message}")
    click.echo(f"wrote {output}", err=True)
