"""``marias tysiacha solve|claim|advise|score|study``: the Russian marriage game (docs/tysiacha.md)."""
from __future__ import annotations

import json
import os
from typing import Any

import click

from analyzer.cli.common import BadInput, Jobs, Whole
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
@click.option("--count", is_flag=True, help="Answer every split and count the failing ones (exact; slower).")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="The answer as JSON.")
def claim_command(position: str, target: int | None, count: bool, marriages: str, any_lead: bool, must_beat: bool,
                  as_json: bool) -> None:
    """Is POSITION laid down: does the declarer reach his bid in every split of the cards he has
    not seen (C(14,7) = 3,432 at the start of play), whatever the defence plays?"""
    from analyzer.tysiacha.claim import check_claim

    try:
        rules = _rules(marriages, any_lead, must_beat)
        p = _position(position)
        result = check_claim(p, target, rules, count=count)
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
    counted = f"in {result.failing} of {result.splits} splits (exact)" if result.answered == result.splits else \
        f"in a split of {result.splits} (--count counts them)"
    click.echo(f"not laid down: short of {result.target} {counted} [{result.seconds:.2f} s]")
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
    from analyzer.tysiacha.scoring import hand_scores

    if declarer > 2:
        raise BadInput(f"--declarer must be a seat 0-2, not {declarer}")
    values = None
    if concede:
        if points is not None:
            raise BadInput("--concede takes no --points: the hand is not played")
    else:
        if points is None:
            raise BadInput("give --points (three numbers) or --concede")
        try:
            values = tuple(int(x) for x in points.split(","))
        except ValueError:
            raise BadInput(f"--points must be three whole numbers such as 160,30,20, not {points!r}") from None
        if len(values) != 3 or any(v < 0 or v > 1000 for v in values):
            raise BadInput(f"--points must be three whole numbers 0-1000, not {points!r}")
    data = hand_scores(bid, values, declarer, scoring, rounding, concede)  # type: ignore[arg-type]
    scores = data["scores"]
    if as_json:
        click.echo(json.dumps(data))
        return
    for seat, score in enumerate(scores):
        role = "declarer" if seat == declarer else "opponent"
        click.echo(f"seat {seat} ({role}): {score:+d}")


# splits drawn for one choice: their hands stay in memory together (the claim settles all 3,432 exactly)
MAX_SPLITS = 100_000


@tysiacha.command("advise")
@click.argument("hand")
@click.option("--bid", type=Whole(0), default=100, show_default=True,
              help="After the widow (10 cards): the bid won, the final bid is raised from it.")
@click.option("--widows", type=Whole(1, 680), default=48, show_default=True,
              help="Before the widow (7 cards): widows sampled of the 680 (680: every one).")
@click.option("--choose-worlds", type=Whole(1, MAX_SPLITS), default=None,
              help="Splits the pass and the final bid are chosen on (default: 6 per widow, 48 after it).")
@click.option("--report-worlds", type=Whole(1, MAX_SPLITS), default=None,
              help="Other splits the figures are reported on (default: 6 per widow, 200 after it).")
@click.option("--candidates", type=Whole(1, 90), default=None,
              help="Pairs to pass compared exactly, fewest card points first (default: 3 before the widow, all after).")
@click.option("--seed", type=Whole(0), default=0, show_default=True, help="Same seed, same numbers.")
@click.option("--jobs", type=Jobs(), default=2, show_default=True, help="Threads.")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="The advice as JSON.")
def advise_command(hand: str, bid: int, widows: int, choose_worlds: int | None, report_worlds: int | None,
                   candidates: int | None, seed: int, jobs: int, marriages: str, any_lead: bool, must_beat: bool,
                   as_json: bool) -> None:
    """Advice for HAND: 7 cards, the bids before the widow; 10 cards (the widow taken), which two
    cards to pass and how far to raise. Open-hand totals, chosen on one set of splits and
    reported on another, with 95 % intervals."""
    from analyzer.cards import CardSet
    from analyzer.tysiacha.advice import advise

    try:
        rules = _rules(marriages, any_lead, must_beat)
        cards = CardSet.from_str(hand)
        if len(cards) not in (7, 10):
            raise BadInput(f"HAND must be 7 cards (before the widow) or 10 (after it), not {len(cards)}")
        advice = advise(cards, bid, rules, widows=widows, choose_worlds=choose_worlds, report_worlds=report_worlds,
                        candidates=candidates, seed=seed, jobs=jobs)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    data = advice.to_dict()
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    if len(cards) == 7:
        click.echo(f"hand {cards}: {data['widows']} of 680 widows, per widow the pass and final bid chosen on "
                   f"{data['choose_worlds']} splits, reported on {data['report_worlds']} others "
                   f"[{data['seconds']:.1f} s]")
        click.echo(f"{'bid':>5} {'P(total>=bid)':>16} {'E seed score':>16} {'E standard':>16} {'final (std)':>12}")
        for row in data["bids"]:
            p, sd, st = row["p"], row["seed"], row["standard"]
            note = "" if row["allowed_standard"] else "  (standard: no bid over 120 without a marriage)"
            click.echo(f"{row['bid']:>5} {p['mean']:>8.3f} ±{p['ci95']:<6.3f} {sd['mean']:>8.1f} ±{sd['ci95']:<6.1f}"
                       f" {st['mean']:>8.1f} ±{st['ci95']:<6.1f} {row['mean_final_bid_standard']:>12.1f}{note}")
        return
    t = data["total"]
    click.echo(f"hand {cards}, bid {bid}: pass {data['passed'][0]} to the next seat, {data['passed'][1]} to the "
               f"other [{data['seconds']:.1f} s]")
    click.echo(f"open-hand total {t['mean']:.1f} ±{t['ci95']:.1f} (95 %, {t['worlds']} splits not used to choose)")
    click.echo(f"final bid: seed scoring {data['final_bid']['seed']} (never raise: the score is total - bid), "
               f"standard {data['final_bid']['standard']}")
    for row in data["raises"]:
        click.echo(f"  {row['final_bid']:>4}: P {row['p']:.3f}  E seed {row['expected_seed']:+.1f}  "
                   f"E standard {row['expected_standard']:+.1f} ±{row['ci95_standard']:.1f}")


@tysiacha.command("study")
@click.option("--deals", type=Whole(1), default=500, show_default=True, help="Deals to solve.")
@click.option("--seed", type=Whole(0), default=0, show_default=True, help="Same seed, same table.")
@rule_options
@click.option("-o", "--output", default=None, help="The table of deals: FILE.csv.")
@click.option("--plot", "plot_path", default=None, help="The figure: FILE.png.")
@click.option("--json", "as_json", is_flag=True, help="The summary as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def study_command(deals: int, seed: int, marriages: str, any_lead: bool, must_beat: bool, output: str | None,
                  plot_path: str | None, as_json: bool, quiet: bool) -> None:
    """Deal many hands: P(a marriage in hand), the declarer's exact open-hand total by the
    marriages held, how often 100, 120, ... is reachable."""
    from analyzer.tysiacha.study import plot, run_study, summarise, summary_frame

    if output and not output.endswith(".csv"):
        raise BadInput(f"-o must name a .csv file, not {output!r}")
    for path in (output, plot_path):
        if path and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            raise BadInput(f"no directory for {path!r}")
    rules = _rules(marriages, any_lead, must_beat)
    table = run_study(deals, seed, rules, progress=not quiet and not as_json)
    summary = summarise(table)
    if output:
        table.to_csv(output, index=False)
    if plot_path:
        plot(table, plot_path)
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
        return
    m7, m10 = summary["marriage_in_7"], summary["marriage_in_10"]
    click.echo(f"{deals} deals (seed {seed}): a marriage in the 7 cards {m7['p']:.3f} [{m7['lo']:.3f}, {m7['hi']:.3f}],"
               f" after the widow {m10['p']:.3f} [{m10['lo']:.3f}, {m10['hi']:.3f}] (95 % Wilson)")
    click.echo(summary_frame(table).to_string(index=False))


__all__ = ["tysiacha"]
