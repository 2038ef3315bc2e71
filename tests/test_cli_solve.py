"""The ``marias solve`` command: output, JSON payload, overrides and bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.rules import Position

EXAMPLE = Path(__file__).parent.parent / "analyzer" / "examples" / "seven.json"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_text_output_draws_hands_verdict_and_line() -> None:
    result = run("solve", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "0 forehand (actor)" in out and "talon" in out
    assert "Verdict: seven makes" in out
    assert out.count(" -> seat ") == 10  # ten tricks drawn


def test_json_payload_has_exactly_the_result_keys() -> None:
    result = run("solve", str(EXAMPLE), "--json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert set(payload) == {"makes", "actor_points", "defence_points", "components", "line", "line_goal", "tricks"}
    assert [c for t in payload["tricks"] for c in t["cards"]] == payload["line"]
    assert payload["actor_points"] + payload["defence_points"] == 90
    assert set(payload["components"]) == {"seven", "game"}
    assert len(payload["line"]) == 30


def test_cards_option_values_every_legal_card() -> None:
    payload = json.loads(run("solve", str(EXAMPLE), "--json", "--cards").stdout)
    hand = json.loads(EXAMPLE.read_text())["hands"][0].split()
    assert set(payload["card_values"]) == set(hand) - {"h7"}  # the announced seven is held back
    assert any(v["makes"] for v in payload["card_values"].values()) == payload["makes"]
    # Minimax: the hra value is the best card's for the side to move (the actor here), not merely
    # at most it. (Czech rule: the hra value is the actor's trick points, actor_points.)
    position = Position.from_json(json.loads(EXAMPLE.read_text()))
    pick = max if position.to_move == position.actor else min
    assert pick(v["hra_value"] for v in payload["card_values"].values()) == payload["actor_points"]


def test_reads_standard_input_and_applies_overrides() -> None:
    text = EXAMPLE.read_text()
    result = run("solve", "-", "--json", "--contract", "betl", "--trump", "none", stdin=text)
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["actor_points"] is None and payload["components"] == {}


@pytest.mark.parametrize("stdin, message", [
    ("{", "not valid JSON"),
    ('{"hands": ["hA", "hX", "zz"]}', "unknown card 'zz'"),
    ('{"hands": ["hA hK", "hX", "h7"], "trump": "h"}', "hand 0 holds 2 cards but should hold 1"),
    ('{"hands": ["hA", "hX", "h9"], "trump": "h", "contract": "seven"}', "does not hold the trump seven"),
    ('[1, 2]', "must be a JSON object"),
])
def test_bad_input_is_one_line_and_exit_2(stdin: str, message: str) -> None:
    result = run("solve", "-", stdin=stdin)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_python_dash_m_analyzer_is_the_same_tool() -> None:
    proc = subprocess.run([sys.executable, "-m", "analyzer", "solve", str(EXAMPLE), "--json"],
                          capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout)["makes"] is True
    bad = subprocess.run([sys.executable, "-m", "analyzer", "solve", "/nonexistent.json"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
