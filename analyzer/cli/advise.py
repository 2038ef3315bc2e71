"""``marias advise``: what to declare, discard, bid or flek, from exactly solved worlds (docs/advice.md)."""
from __future__ import annotations

import json
import math
import sys
from typing import Any

import click

from analyzer.cli.common import BadInput, Jobs, Whole
from analyzer.errors import MariasError
from analyzer.reading import parse_worlds


class WorldsParam(click.ParamType):
    """A whole number >= 2, or ``all``."""

    name = "N|all"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        try:
            return parse_worlds(value)
        except MariasError as exc:
            raise BadInput(str(exc)) from None


class _Bar:
    """A tqdm bar on stderr, fed the fraction done (the views report 0..1); silent when stderr is
    not a terminal (a pipe, a test), so that --json output and logs stay clean."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.bar: Any = None
        self.shown = 0

    def __call__(self, fraction: float) -> None:
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=100, desc=self.what, unit="%", file=sys.stderr, leave=False,
                            disable=not sys.stderr.isatty(),
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]")
        now = max(self.shown, min(100, round(100 * fraction)))
        self.bar.update(now - self.shown)
        self.shown = now

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


@click.command("advise")
@click.argument("hand", nargs=-1, required=True)
@click.option("--talon", help="The two talon cards (with a 10-card HAND: the actor's view after the talon).")
@click.option("--seat", type=Whole(0), default=0, show_default=True, help="Your seat: 0 forehand, 1 zadák, 2 dealer.")
@click.option("--rules", default="csm", show_default=True, help="Rule set: csm, basic or licit.")
@click.option("--level", help="The level won in the auction (csm, licit), e.g. hundred or better-seven.")
@click.option("--defend", "defend", metavar="CONTRACT", help="Defender's view: the contract the actor announced.")
@click.option("--trump", help="Trump suit (the defended contract's; in the basic game the chosen trump).")
@click.option("--side-suit", help="The side suit of a defended two sevens.")
@click.option("--actor", type=Whole(0), default=None, help="The actor's seat (defender's view).")
@click.option("--worlds", type=WorldsParam(), default=None,
              help="Worlds to confirm with (actor, defender), per talon (bidder) or per deal (forehand); 'all': every one.")
@click.option("--talons", type=Whole(2), default=None, help="Bidder's view: sample this many of the 231 talons (default 48; 231: every one).")
@click.option("--where", "where", help='A constraint on the unseen hands, e.g. "seat1.hearts >= 3".')
@click.option("--known", multiple=True, metavar="SEAT:CARDS",
              help='Cards known to be in a seat, e.g. --known "1:hA bX" (repeatable; actor\'s view).')
@click.option("--seed", type=Whole(0), default=0, show_default=True, help="Same seed, same numbers.")
@click.option("--jobs", type=Jobs(), default=None, help="Threads (default: every core).")
@click.option("--scheduler", default=None,
              help="A dask.distributed scheduler address that solves the worlds (or env DASK_SCHEDULER_ADDRESS).")
@click.option("--all-discards", is_flag=True, help="Actor's view: list every discard, not the best per contract.")
@click.option("--json", "as_json", is_flag=True, help='Print {"view": ..., "options": [...]} on stdout.')
@click.option("--realistic", is_flag=True,
              help="Also play the top options out realistically, every card chosen from its player's view "
                   "(docs/single-dummy.md): realistic P(make) and payment beside the open-hand ones.")
@click.option("--deals", type=Whole(2), default=40, show_default=True, help="With --realistic: deals per option.")
@click.option("--decision-worlds", type=Whole(1), default=10, show_default=True,
              help="With --realistic: worlds per decision (k).")
def advise(hand: tuple[str, ...], talon: str | None, seat: int, rules: str, level: str | None, defend: str | None,
           trump: str | None, side_suit: str | None, actor: int | None, worlds: Any, talons: int | None,
           where: str | None, known: tuple[str, ...], seed: int, jobs: int | None, scheduler: str | None,
           all_discards: bool, as_json: bool, realistic: bool = False, deals: int = 40,
           decision_worlds: int = 10) -> None:
    """Advice for HAND (card text, e.g. hA hX hK b7 ...): 12 cards (or 10 and --talon) after the talon,
    10 before it (bidding), 7 for the basic game's trump choice, or 10 with --defend."""
    from analyzer.advice import actor_view, bidder_view, defender_view, forehand_view
    from analyzer.advice.actor import read_cards

    progress = _Bar("advising")
    try:
        cards = read_cards(" ".join(hand), "the hand")
        if defend is not None:
            if actor is None:
                raise BadInput("--defend needs the actor's seat (--actor N)")
            advice = defender_view(cards, defend, trump=trump, side_suit=side_suit, actor=actor, seat=seat,
                                   rules=rules, level=level, worlds=worlds, where=where, seed=seed, jobs=jobs,
                                   scheduler=scheduler, progress=progress)
        elif len(cards) == 12 or talon is not None:
            advice = actor_view(cards, talon=talon, seat=seat, rules=rules, level=level, trump=trump, worlds=worlds,
                                where=where, known=_known(known), seed=seed, jobs=jobs, all_discards=all_discards,
                                progress=progress, scheduler=scheduler)
        elif len(cards) == 7 and rules == "basic":
            per_deal = 16 if worlds in (None, "all") else int(worlds)
            advice = forehand_view(cards, units=max(1, per_deal // 2), seed=seed, jobs=jobs, progress=progress,
                                   scheduler=scheduler)
        elif len(cards) == 10:
            if where is not None:
                raise BadInput("--where is not used before the talon (the bidder's view)")
            per_talon = 16 if worlds in (None, "all") else int(worlds)
            advice = bidder_view(cards, seat=seat, rules=rules, talons=talons, units=max(1, per_talon // 2),
                                 seed=seed, jobs=jobs, progress=progress, scheduler=scheduler)
        else:
            raise BadInput(f"the hand holds {len(cards)} cards: give 12 (after the talon), 10 and --talon, "
                           "10 (before the talon, or with --defend) or 7 (--rules basic, trump choice)")
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    finally:
        progress.close()
    played = _realistic(advice, deals, decision_worlds, seed, jobs, scheduler) if realistic else None
    if as_json:
        payload = advice.to_json()
        if played is not None:
            payload["realistic"] = [{"option": label, **r.to_json()} for label, r in played]
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    click.echo(render(advice))
    if played is not None:
        from analyzer.realistic import render as render_realistic

        click.echo("Played out realistically (every card from its player's view; open-hand on the same deals):")
        click.echo(render_realistic(played, advice.unit))


def _realistic(advice: Any, deals: int, k: int, seed: int, jobs: int | None,
               scheduler: str | None) -> list[tuple[str, Any]]:
    """``--realistic``: the top options played out from their seat's view, with a progress bar."""
    from tqdm import tqdm

    from analyzer.realistic import advice_positions, realistic

    try:
        positions = advice_positions(advice)
        out = []
        with tqdm(total=deals * len(positions), desc="playing out", unit="deal", file=sys.stderr, leave=False,
                  disable=not sys.stderr.isatty()) as bar:
            for label, position, seat in positions:
                out.append((label, realistic(position, seat, deals, k, seed, jobs, progress=bar.update,
                                             scheduler=scheduler)))
        return out
    except MariasError as exc:
        raise BadInput(str(exc)) from None


def _known(items: tuple[str, ...]) -> dict[int, str]:
    """``--known "1:hA bX"`` as {1: "hA bX"}."""
    out: dict[int, str] = {}
    for item in items:
        seat, sep, cards = item.partition(":")
        if not sep or seat.strip() not in ("0", "1", "2"):
            raise BadInput(f"--known takes SEAT:CARDS such as '1:hA bX', not {item!r}")
        out[int(seat)] = (out.get(int(seat), "") + " " + cards).strip()
    return out


def _pct(p: float | None, ci: Any, exact: bool) -> str:
    """A share with its 95 % interval (the JSON's ``ci95``): a bound at 0 and 1, never "± 0"."""
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "-"
    if exact:
        return f"{100 * p:.1f}% (exact)"
    if ci is None:
        return f"{100 * p:.1f}%"
    low, high = ci
    if p <= 0.0:
        return f"{100 * p:.1f}% (≤ {100 * high:.1f}% at 95 %)"
    if p >= 1.0:
        return f"{100 * p:.1f}% (≥ {100 * low:.1f}% at 95 %)"
    return f"{100 * p:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"


def _money(x: float, se: float, unit: str, exact: bool) -> str:
    return f"{x:+.2f}" + ("" if exact else f" ± {se:.2f}") + f" {unit}"


def render(advice: Any) -> str:
    """The table in words: one line per option, best first."""
    out = []
    s = advice.summary
    unit = advice.unit
    if advice.view == "actor":
        out.append(f"Actor after the talon ({advice.rules}, seat {s['seat']}): {s['hand']}; "
                   f"{s['options_considered']} options considered")
    elif advice.view == "defender":
        out.append(f"Defender at seat {s['seat']} against seat {s['actor']} ({advice.rules}): {s['hand']}")
    elif advice.view == "bidder":
        out.append(f"Bidder before the talon ({advice.rules}, seat {s['seat']}): {s['hand']}")
    else:
        out.append(f"Basic game, forehand's trump from {s['hand']}")
    for i, o in enumerate(advice.options, 1):
        what = o["contract"]
        if advice.view == "bidder":
            played = ", ".join(f"{p['contract']}{' in ' + p['trump'] if p['trump'] else ''} {100 * p['share']:.0f}%"
                               for p in o.get("played", [])[:3])
            what = f"level {o['level']} (plays {played})" if played else f"level {o['level']}"
        elif advice.view == "forehand":
            what = f"trump {o['trump']}"
        else:
            if o.get("trump"):
                what += f" in {o['trump']}"
            if o.get("side_suit"):
                what += f" (side {o['side_suit']})"
            if o.get("discard"):
                what += f", discard {' '.join(o['discard'])}"
                if o.get("alike_discards"):  # the same in every world: one was searched for all
                    what += f" (or alike {', '.join(' '.join(d) for d in o['alike_discards'])})"
            if advice.view == "defender":
                what = o.get("choice") or ("flek " + " + ".join(o["flek"]) if o.get("flek") else "no flek")
        parts = [f"makes {_pct(o['p_make']['makes'], o.get('ci95', {}).get('makes'), o['exact'])}",
                 f"payment {_money(o['expected_payment'], o['payment_stderr'], unit, o['exact'])}",
                 f"P(loss) {_pct(o['p_loss'], o.get('p_loss_ci95'), o['exact'])}"]
        if o.get("payment_bounds") is not None:
            low, high = o["payment_bounds"]
            parts[1] += f" (between {low:+.2f} and {high:+.2f}: points not solved, not comparable)"
        if o.get("mean_points") is not None:
            parts.append(f"points {o['mean_points']:.1f}")
        if advice.view == "defender":
            if o.get("flek"):
                parts.append(f"gain over no flek {_money(o['flek_gain'], o['flek_gain_stderr'], unit, False)}")
            parts.append(f"cards' worth {_money(o['cards_worth'], o['cards_worth_stderr'], unit, False)}")
        n = f"n={o['worlds']}" + (f", {o['stage']}" if o.get("stage") else "")
        if o.get("talons_of") and not o.get("exact_talons"):
            n += f", {o['talons']} of {o['talons_of']} talons sampled"
        out.append(f"{i:3}. {what}: " + "; ".join(parts) + f" [{n}]")
        if o.get("at_table"):
            a = o["at_table"]
            fleks = ", ".join(f"{k} {100 * v:.0f}%" for k, v in a["defence_fleks"].items())
            down = "laid down (csm 12.5), " if a.get("laid_down") else ""
            out.append(f"       at the table ({down}the defence fleks by its own advice: {fleks}): "
                       f"{_money(a['expected_payment'], a['payment_stderr'], unit, False)}, "
                       f"{_money(a['minus_cards_worth'], a['minus_cards_worth_stderr'], unit, False)} against "
                       f"the cards' worth played out on the same worlds [n={a['worlds']}"
                       + (f", {a['talons']} sampled talons]" if a.get("talons") else "]"))
    if "margin" in s:
        m = s["margin"]
        out.append(f"Best over second: {_money(m['mean'], m['stderr'], unit, m['exact'])} (paired; unpaired ± "
                   f"{m['unpaired_stderr']:.2f})")
    if "clairvoyant" in s:
        c = s["clairvoyant"]
        out.append(f"Clairvoyant (best option per world): {_money(c['expected_payment'], c['stderr'], unit, c['exact'])}"
                   " - the gap is what seeing the cards would be worth")
    if advice.view == "defender":
        best = s.get("best", {})
        line = f"Best: {best.get('choice', 'no flek')}"
        if best.get("margin"):
            m = best["margin"]
            line += f", ahead of {m['over']} by {_money(m['mean'], m['stderr'], unit, False)} (paired)"
        out.append(line + f"; {s.get('note', '')}")
    if advice.view == "bidder":
        answer = s.get("worth_holding")
        if answer is None:
            out.append("Highest level worth holding: none (pass)")
        else:
            line = (f"Highest level worth holding: {answer['level']} "
                    f"({_money(answer['expected_payment'], answer['payment_stderr'], unit, False)}")
            if answer.get("over_next"):
                n = answer["over_next"]
                line += f"; {_money(n['mean'], n['stderr'], unit, False)} over {n['level']}, paired"
            out.append(line + ")")
    out.append(f"({advice.seconds:.1f} s, seed {advice.seed}; open-hand odds, not what players who see one hand make: --realistic, docs/advice.md)")
    return "\n".join(out)
