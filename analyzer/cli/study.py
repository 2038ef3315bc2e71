"""``marias study`` and ``marias plot``: many deals into a table, a table into a figure."""
from __future__ import annotations

import click

from analyzer.cli import main
from analyzer.cli.common import BadInput, Whole
from analyzer.errors import MariasError


@main.command("study")
@click.option("--dealer", default="uniform", show_default=True, help="uniform, no-shuffle or riffle:K.")
@click.option("--rules", default="csm", show_default=True, help="Packet pattern: csm, licit, basic, four or two.")
@click.option("--n", "n", type=Whole(1), default=1000, show_default=True, help="Number of deals.")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Same seed, same table.")
@click.option("--analyses", default="shape", show_default=True,
              help="none, all, or some of shape,hra,points,sedma,betl,durch,best,claims.")
@click.option("-o", "--output", default=None, help="The table: FILE.parquet or FILE.csv (resumes if interrupted).")
@click.option("--jobs", type=Whole(1), default=None, help="Local worker processes (default: all cores).")
@click.option("--scheduler", default=None, help="A dask.distributed scheduler address (or env DASK_SCHEDULER_ADDRESS).")
@click.option("--chunk", type=Whole(1), default=None, help="Deals per unit of work (whole chains).")
@click.option("--chain-length", type=Whole(1), default=100, show_default=True, help="Deals per no-shuffle chain.")
@click.option("--burn-in", type=Whole(0), default=10, show_default=True, help="Hands played before a chain reports.")
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
