"""``marias advise --realistic``: the top options played out realistically beside the open-hand
figures, with errors; the same seed, the same numbers; the defender's view too."""
from __future__ import annotations

import json

from click.testing import CliRunner

from analyzer.cli import main

ACTOR = ["advise", "hA", "hX", "hK", "hO", "hU", "h9", "bA", "bX", "aA", "aX", "lA", "l7", "--worlds", "20"]
DEFENDER = ["advise", "hA", "hX", "bK", "bO", "lA", "lX", "a7", "a8", "a9", "aU", "--defend", "seven", "--trump", "l",
            "--actor", "0", "--seat", "1", "--worlds", "20"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_actor_top_options_realistic_json() -> None:
    args = [*ACTOR, "--realistic", "--deals", "2", "--decision-worlds", "2", "--json", "--jobs", "1"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["realistic"]
    assert 1 <= len(rows) <= 3
    for row in rows:
        assert row["deals"] == 2 and row["worlds_per_decision"] == 2
        for key in ("realistic_p_make", "open_p_make", "gap"):
            assert row[key]["worlds"] == 2 and row[key]["stderr"] is not None
        gap = row["open_p_make"]["mean"] - row["realistic_p_make"]["mean"]
        assert abs(row["gap"]["mean"] - gap) < 1e-12
    assert json.loads(run(*args).stdout)["realistic"] == rows  # same seed, same numbers


def test_defender_view_text() -> None:
    result = run(*DEFENDER, "--realistic", "--deals", "2", "--decision-worlds", "2")
    assert result.exit_code == 0, result.output
    assert "Played out realistically" in result.stdout and "seven defended by seat 1" in result.stdout


def test_bad_input() -> None:
    result = run(*ACTOR, "--realistic", "--deals", "1")
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
