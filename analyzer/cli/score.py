"""``marias score``: a game's result settled under a rule set."""
from __future__ import annotations

import json
from typing import Any, TextIO

import click

from analyzer.cli.common import BadInput, read_json
from analyzer.contract import RULE_SETS
from analyzer.errors import MariasError

MAX_OPTION_TEXT = 200  # characters of an -o value: every rule-set option's value is a word or a number


def _option_value(text: str) -> Any:
    """``true``, ``3``, ``"add"`` as JSON; anything else as the bare string (``add``). BadInput for a
    value past :data:`MAX_OPTION_TEXT` (no number of thousands of digits, no deep nesting)."""
    if len(text) > MAX_OPTION_TEXT:
        raise BadInput(f"an option's value is at most {MAX_OPTION_TEXT} characters, not {len(text)}")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
    except (ValueError, RecursionError) as exc:  # the digit limit of int(), nesting
        raise BadInput(f"cannot read the option value {text[:40]!r}: {str(exc).splitlines()[0][:80]}") from None


@click.command()
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-")
@click.option("--json", "as_json", is_flag=True, help="Print only the settlement as JSON on stdout.")
@click.option("--rules", type=click.Choice(RULE_SETS), default=None,
              help="The rule set that prices the game, over the result's own \"rules\" (default csm).")
@click.option("-o", "--option", "option_pairs", multiple=True, metavar="NAME=VALUE",
              help="A rule-set option over the result's \"options\", e.g. -o hundred_steps=add.")
def score(source: TextIO, as_json: bool, rules: str | None, option_pairs: tuple[str, ...]) -> None:
    """Settle a game's result (FILE, or - for standard input): each player's payment, line by line.

    The result JSON is described in docs/scoring.md; the rules in docs/rules.md.
    """
    from analyzer.scoring import settle_json

    data = read_json(source, "the result")
    options: dict[str, Any] = {}
    for pair in option_pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise BadInput(f"an option is NAME=VALUE, not {pair!r}")
        if name == "rules":
            raise BadInput("the rule set is not an option: give it with --rules (or \"rules\" in the result)")
        options[name] = _option_value(value)
    try:
        settlement = settle_json(data, rules, **options)
    except MariasError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        click.echo(json.dumps(settlement.to_json(), ensure_ascii=False))
    else:
        click.echo(str(settlement))
