"""``marias mustamaija solve|study``: the Finnish beating game (docs/mustamaija.md)."""
from __future__ import annotations

import json
import os

import click

from analyzer.cli.common import BadInput, Jobs, Seconds, Whole
from analyzer.errors import MariasError


def _say(line: str) -> None:
    click.echo(f"marias: {line}", err=True)


@click.group("mustamaija")
def mustamaija() -> None:
    """Mustamaija (Black Maria), the Finnish beating game: exact endgames and deal studies."""


@mustamaija.command("solve")
@click.argument("position")
@click.option("--player", type=Whole(0), default=None, help="The seat asked 'can he avoid losing?' (default: the mover).")
@click.option("--endless", type=click.Choice(("draw", "loss")), default="draw", show_default=True,
              help="Endless play (cards circling the table): nobody loses, or a loss for the player asked about.")
@click.option("--time-limit", type=Seconds(), default=10.0, show_default=True, help="Seconds before the solver gives up.")
@click.option("--wedding", is_flag=True,
              help="The wedding variant (as wedding:y): no trump (trump:-) until a K+Q, not spades, is declared.")
@click.option("--engine", type=click.Choice(("auto", "c", "python")), default="auto", show_default=True,
              help="The C solver (auto: where built) or the Python one; the same answers.")
@click.option("--max-states", type=Whole(1), default=None,
              help="States before the solver gives up (default 8,000,000 in C, 1,000,000 in Python).")
@click.option("--json", "as_json", is_flag=True, help="The answer as JSON (the keys of SolveResult.to_dict).")
def solve_command(position: str, player: int | None, endless: str, time_limit: float, wedding: bool, engine: str,
                  max_states: int | None, as_json: bool) -> None:
    """Solve POSITION: its one-line form, a JSON file, or - for JSON on standard input."""
    from analyzer.mustamaija.position import Position, parse_position
    from analyzer.mustamaija.solver import solve

    try:
        if position == "-" or (position.endswith(".json") and os.path.exists(position)):
            from analyzer.cli.common import read_json
            data = read_json(position, "the position")
            if wedding and isinstance(data, dict):
                data = {**data, "wedding": True}
            p = Position.from_dict(data)
        else:
            if wedding and not position.lstrip().startswith("{") and "wedding:" not in position.lower():
                position += " wedding:y"
            p = parse_position(position)
            if wedding and not p.wedding:
                raise BadInput("--wedding contradicts the position's wedding:n")
        if player is not None and player >= p.players:
            raise BadInput(f"--player must be a seat 0-{p.players - 1}, not {player}")
        if time_limit <= 0:
            raise BadInput(f"--time-limit must be positive, not {time_limit}")
        if engine == "c":
            from analyzer.mustamaija import native
            if not native.AVAILABLE:
                raise BadInput("--engine c: the C solver is not built (pip install -e .)")
        result = solve(p, player=player, endless=endless, time_limit=time_limit, max_states=max_states,
                       engine=engine)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    data = result.to_dict()
    data["position"] = str(p)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    click.echo(str(p))
    if not result.exact:
        click.echo(f"gave up: {result.gave_up} ({result.states} states)")
        return
    if result.players == 2:
        click.echo(f"with best play seat {result.loser} loses (exact, {result.states} states, {result.seconds:.3f} s)")
    else:
        verdict = "nobody loses (endless play)" if result.endless else f"seat {result.loser} loses"
        click.echo(f"each playing to avoid losing: {verdict} (exact, {result.states} states, {result.seconds:.3f} s)")
        question = "can avoid losing against everyone" if endless == "draw" else \
            "can force an end in which someone else loses"
        click.echo(f"{question}: " + ", ".join(
            f"seat {s} {'yes' if ok else 'no'}" for s, ok in enumerate(result.safe)))
    for row in result.moves:
        tail = "endless" if row["endless"] else f"seat {row['loser']} loses"
        click.echo(f"  {row['move']:<24} {'safe' if row['safe'] else 'loses':<6} {tail}")
    if result.line:
        click.echo("line: " + " | ".join(result.line))


@mustamaija.command("study")
@click.option("--players", default="2,3,4,5,6", show_default=True, help="Player counts, comma-separated (2-6).")
@click.option("--deals", type=Whole(1), default=10_000, show_default=True, help="Deals per player count.")
@click.option("--seed", type=Whole(), default=0, show_default=True, help="Same seed, same table.")
@click.option("--mix", type=click.Choice(("mixed", "random", "hint")), default="mixed", show_default=True,
              help="Seats' player kinds: each seat random or hint at even odds, or all one kind.")
@click.option("--jobs", type=Jobs(), default=None, help="Worker processes (default: all cores).")
@click.option("--check-endings", is_flag=True,
              help="Ask the solver at every endgame decision whether the hints keep the best outcome "
                   "(three or more players: with the C solver).")
@click.option("--ending-time", type=Seconds(), default=0.2, show_default=True,
              help="Seconds the solver may spend on one ending (C) or decision (Python) before the ending is "
                   "counted unsolved.")
@click.option("-o", "--output", default=None, help="The table of deals: FILE.csv or FILE.parquet.")
@click.option("--plot", "plot_path", default=None,
              help="A figure per player count: OUT.png becomes OUT-2.png, OUT-3.png …")
@click.option("--json", "as_json", is_flag=True, help="The summaries as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def study_command(players: str, deals: int, seed: int, mix: str, jobs: int | None, check_endings: bool,
                  ending_time: float, output: str | None, plot_path: str | None, as_json: bool, quiet: bool) -> None:
    """Play many random deals and summarise who loses, how long games last and the hints."""
    from analyzer.mustamaija.study import frames, plot, run_study, summarise

    try:
        counts = [int(x) for x in players.split(",") if x.strip()]
    except ValueError:
        raise BadInput(f"--players must be counts 2-6 separated by commas, not {players!r}") from None
    if not counts or any(not 2 <= c <= 6 for c in counts):
        raise BadInput(f"--players must be counts 2-6 separated by commas, not {players!r}")
    if output and not output.endswith((".csv", ".parquet")):
        raise BadInput(f"-o must name a .csv or .parquet file, not {output!r}")
    for path in (output, plot_path):
        if path and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            raise BadInput(f"no directory for {path!r}")
    import pandas as pd

    tables, summaries, stopped = [], {}, False
    for count in counts:
        result = run_study(count, deals, seed=seed, mix=mix, jobs=jobs, check_endings=check_endings,
                           ending_time=ending_time, progress=not quiet and not as_json, notify=_say)
        tables.append(result.table)
        summary = summarise(result.table)
        summary["seconds"] = round(result.seconds, 2)
        summaries[str(count)] = summary
        if plot_path and result.kept:
            root, ext = os.path.splitext(plot_path)
            plot(result.table, f"{root}-{count}{ext or '.png'}")
        if result.interrupted:
            stopped = True
            break
    if output:
        table = pd.concat(tables, ignore_index=True) if tables else pd.DataFrame()
        if output.endswith(".csv"):
            table.to_csv(output, index=False)
        else:
            table.to_parquet(output, index=False)
        if stopped:
            _say(f"wrote the {len(table)} finished deals to {output}")
    if as_json:
        click.echo(json.dumps({"seed": seed, "mix": mix, "deals": deals, "players": summaries}, ensure_ascii=False))
    else:
        for count, summary in summaries.items():
            click.echo(f"== {count} players: {summary['deals']} deals ({summary.get('unfinished', 0)} still going "
                       f"after 2000 attacks), {summary['seconds']} s")
            if "attacks" in summary:
                a = summary["attacks"]
                click.echo(f"attacks per game: mean {a['mean']} ± {a['stderr']} (stderr), median {a['median']}")
            for name, frame in frames(summary).items():
                click.echo(f"-- {name} (p with Wilson 95 % interval lo-hi)")
                click.echo(frame.to_string(index=False))
    if stopped:
        raise click.exceptions.Exit(130)
