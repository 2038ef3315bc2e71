"""Freeze the command line's outputs: every command on the bundled examples and on a few hundred
generated positions (three, four and two players), written to ``tests/golden/cases.json``.

The refactoring of issue 31 ("One game model") must leave them byte-identical:
``tests/test_golden.py`` runs every case again and compares. Regenerate only for a change of
behaviour that is meant (and say so in the commit):

    python tests/golden/generate.py

Each case keeps its input (the position JSON, generated here once), so the test replays the
same inputs even after the generators in ``tests/`` change.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the test helpers (randpos, test_four_players, ...)

from click.testing import CliRunner

from analyzer.cli import main

EXAMPLES = HERE.parent.parent / "analyzer" / "examples"
OUT = HERE / "cases.json"


SHARP = 0xC0C0C0C0  # aces and tens (analyzer.cards.SHARP_MASK)


def allow_sharp_talon(case: dict[str, Any]) -> dict[str, Any]:
    """csm 7.2 is checked at the command's input (issue 37): a generated csm position with an ace or
    ten in the talon of a game with trumps is given ``--sharp-talon``, so that it is still searched."""
    from analyzer.cards import CardSet
    from analyzer.contract import Contract

    data = json.loads(case["stdin"])
    if case["args"][0] not in ("solve", "claim", "review") or not isinstance(data, dict):
        return case
    talon = CardSet.from_str(data.get("talon") or "")
    if (data.get("players", 3) == 3 and data.get("rules", "csm") == "csm" and talon.mask & SHARP
            and Contract.parse(data.get("contract", "game")).has_trumps and "--sharp-talon" not in case["args"]):
        case = {**case, "args": [*case["args"], "--sharp-talon"]}
    return case


def run(args: list[str], stdin: str | None = None) -> dict[str, Any]:
    result = CliRunner().invoke(main, args, input=stdin)
    return {"exit": result.exit_code, "stdout": result.stdout, "stderr": result.stderr}


def example_cases() -> list[dict[str, Any]]:
    """Every command of the README on the bundled examples, text and JSON."""
    cases: list[dict[str, Any]] = []
    solves = ["seven", "betl_one_card", "durch", "two_sevens", "mid_trick", "two_players_stock"]
    for name in solves:
        data = (EXAMPLES / f"{name}.json").read_text()
        for extra in ([], ["--json"], ["--json", "--cards"], ["--cards"], ["--payment"], ["--payment", "--json"]):
            cases.append({"args": ["solve", "-", *extra], "stdin": data})
    for name in ("hundred_laid_down", "claim_not_laid_down"):
        data = (EXAMPLES / f"{name}.json").read_text()
        for extra in ([], ["--json"]):
            cases.append({"args": ["claim", "-", *extra], "stdin": data})
    review = (EXAMPLES / "game_review.json").read_text()
    for extra in ([], ["--json"], ["--payment"]):
        cases.append({"args": ["review", "-", *extra], "stdin": review})
    result = (EXAMPLES / "result_seven.json").read_text()
    for extra in ([], ["--json"], ["--rules", "basic", "--json"], ["--rules", "licit", "--json"]):
        cases.append({"args": ["score", "-", *extra], "stdin": result})
    return cases


def generated_cases() -> list[dict[str, Any]]:
    from randpos import random_deal, random_history, random_position
    from test_four_players import random_position4
    from test_two_players import CONTRACTS2, random_position2

    from analyzer.rules import Position

    rng = random.Random(31)
    cases: list[dict[str, Any]] = []
    for k in range(200):
        data = random_position(rng, rng.choice([1, 2, 3, 4, 5]))
        cases.append({"args": ["solve", "-", "--json", "--cards"], "stdin": json.dumps(data)})
        if k % 4 == 0:
            cases.append({"args": ["solve", "-", "--payment", "--json"], "stdin": json.dumps(data)})
    for _ in range(40):
        position = random_history(rng)
        cases.append({"args": ["solve", "-", "--json", "--cards"], "stdin": json.dumps(position.to_json())})
    for contract in ("game", "seven", "hundred", "betl", "durch", "seven-against", "hundred-against", "two-sevens"):
        for _ in range(3):
            position = random_deal(rng, contract)
            cases.append({"args": ["solve", "-", "--json"], "stdin": json.dumps(position.to_json())})
            cases.append({"args": ["solve", "-", "--payment", "--json"], "stdin": json.dumps(position.to_json())})
    for _ in range(60):
        data = random_position4(rng, rng.choice([2, 3, 4]))
        cases.append({"args": ["solve", "-", "--json", "--cards"], "stdin": json.dumps(data)})
    for _ in range(60):
        data = random_position2(rng, rng.choice([2, 3, 4, 5]), rng.choice(CONTRACTS2))
        cases.append({"args": ["solve", "-", "--json", "--cards"], "stdin": json.dumps(data)})
    # Reviews of random games played out from full deals, the over-first rule among them.
    for k in range(12):
        contract = ["game", "seven", "hundred", "betl", "durch", "game"][k % 6]
        position = random_deal(rng, contract)
        if k % 3 == 0 and position.contract.has_trumps:
            position = Position.from_json({**position.to_json(), "marriage_rule": "over-first"})
        cards, current = [], position
        while any(current.hands):
            card = rng.choice(list(current.legal_moves()))
            cards.append(str(card))
            current = current.play(card)
        game = {**position.to_json(), "played": [cards[i:i + 3] for i in range(0, len(cards), 3)]}
        cases.append({"args": ["review", "-", "--json"], "stdin": json.dumps(game)})
    return cases


def notation_cases() -> list[dict[str, Any]]:
    """The one-line form and the JSON of generated positions, as the Python API writes them."""
    from randpos import random_history, random_position

    from analyzer.rules import Position

    rng = random.Random(3131)
    out = []
    for _ in range(100):
        position = Position.from_json(random_position(rng, rng.choice([1, 3, 5, 10])))
        out.append({"json": position.to_json(), "line": str(position)})
    for _ in range(30):
        position = random_history(rng)
        out.append({"json": position.to_json(), "line": str(position)})
    return out


def main_() -> None:
    cases = [allow_sharp_talon(case) for case in example_cases() + generated_cases()]
    for case in cases:
        case.update(run(case["args"], case["stdin"]))
    OUT.write_text(json.dumps({"cli": cases, "notation": notation_cases()}, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(cases)} command cases written to {OUT}")


if __name__ == "__main__":
    main_()
