"""``marias solve --view``: the single-dummy table, its JSON (n, stderr or exact), bad input."""
from __future__ import annotations

import json

from click.testing import CliRunner

from analyzer.cli import main

HANDS = ["--hands", "hA bX hK l7 l8", "h7 b7 hO lA a7", "h8 bA a8 aX lK", "--trump", "h", "--contract", "game"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_text_table_with_errors() -> None:
    result = run("solve", *HANDS, "--view", "0", "--worlds", "20", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "20 worlds drawn of 252 (seed 3)" in result.stdout
    assert result.stdout.count("P(make)") == 5 and "±" in result.stdout


def test_json_exact_and_sampled() -> None:
    exact = json.loads(run("solve", *HANDS, "--view", "0", "--worlds", "all", "--json").stdout)
    assert exact["exact"] and exact["worlds"] == 252 and exact["consistent_worlds"] == 252
    row = exact["card_values"][0]
    assert row["makes"]["exact"] and row["makes"]["stderr"] == 0 and row["hra_value"]["worlds"] == 252
    sampled = json.loads(run("solve", *HANDS, "--view", "0", "--worlds", "30", "--seed", "1", "--json").stdout)
    again = json.loads(run("solve", *HANDS, "--view", "0", "--worlds", "30", "--seed", "1", "--json").stdout)
    assert sampled == again and not sampled["exact"] and sampled["card_values"][0]["makes"]["worlds"] == 30
    # the sampled means lie near the exact ones
    means = {r["card"]: r["hra_value"] for r in sampled["card_values"]}
    for r in exact["card_values"]:
        assert abs(r["hra_value"]["mean"] - means[r["card"]]["mean"]) <= 4 * means[r["card"]]["stderr"] + 1e-9


def test_bad_input_is_one_line() -> None:
    for args in (["--view", "1"], ["--view", "5"], ["--view", "0", "--worlds", "0"], ["--view", "0", "--cards"]):
        result = run("solve", *HANDS, *args)
        assert result.exit_code == 2, (args, result.output)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
