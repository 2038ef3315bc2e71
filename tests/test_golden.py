"""The command line's outputs, frozen before the refactoring of issue 31 ("One game model"):
every case of ``tests/golden/cases.json`` (the bundled examples and a few hundred generated
positions for three, four and two players) must print the same bytes and exit the same way.
Regenerate with ``python tests/golden/generate.py`` only for a change of behaviour that is meant."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.rules import Position

GOLDEN = json.loads((Path(__file__).parent / "golden" / "cases.json").read_text())
BLOCK = 25
_SECONDS = re.compile(r"\b\d+(\.\d+)? s\b")  # the claims' wall-clock times, which no refactoring freezes
# The review's node count on stderr: the engine's work, not its answer (tests/test_node_signature.py
# pins the nodes; a change of the search's order may move them, the answers never).
_NODES = re.compile(r"\(\d+ nodes\)")


def _same(text: str) -> str:
    return _NODES.sub("(N nodes)", _SECONDS.sub("T s", text))


def _label(index: int) -> str:
    case = GOLDEN["cli"][index]
    return f"{index}:{' '.join(case['args'])}"


@pytest.mark.parametrize("start", range(0, len(GOLDEN["cli"]), BLOCK))
def test_every_command_prints_what_it_printed_before(start: int) -> None:
    for index in range(start, min(start + BLOCK, len(GOLDEN["cli"]))):
        case = GOLDEN["cli"][index]
        result = CliRunner().invoke(main, case["args"], input=case["stdin"])
        got = (result.exit_code, _same(result.stdout), _same(result.stderr))
        assert got == (case["exit"], _same(case["stdout"]), _same(case["stderr"])), _label(index)


def test_the_golden_cases_cover_every_command_and_table() -> None:
    commands = {case["args"][0] for case in GOLDEN["cli"]}
    assert commands == {"solve", "claim", "review", "score"}
    players = {json.loads(case["stdin"]).get("players", 3) for case in GOLDEN["cli"] if case["args"][0] == "solve"}
    assert players == {2, 3, 4}
    assert sum(case["exit"] == 0 for case in GOLDEN["cli"]) > 400


def test_positions_write_the_same_line_and_json() -> None:
    for case in GOLDEN["notation"]:
        position = Position.from_json(case["json"])
        assert (position.to_json(), str(position)) == (case["json"], case["line"])
        assert Position.from_str(case["line"]) == position
