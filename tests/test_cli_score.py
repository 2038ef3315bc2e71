"""``marias score``: the result JSON in, a score sheet (or a JSON payload) out; bad input exits 2."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "analyzer" / "examples" / "result_seven.json"
BETL_17_6 = {"contract": "betl", "actor": 0, "actor_tricks": 1, "flek": {"betl": 1}, "flekers": {"betl": [1]},
             "holding": {"suits": 3}}


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["score", *args], input=stdin)


def test_score_prints_the_sheet_line_by_line_and_each_payment() -> None:
    """The example file is csm 10.9: better seven, re on the seven, flek on the game, seven lost, 120 made."""
    result = run(str(EXAMPLE))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seven lost (killed in the last trick), re x4, hearts" in out
    assert "quiet hundred 120 for the actor" in out
    assert "[csm 10.9]" in out
    for seat in range(3):
        assert f"seat {seat} (" in out and "0 Kč" in out


def test_score_json_prints_only_the_payload() -> None:
    """csm 17.6 through the CLI: the payload on stdout, payments summing to zero."""
    result = run("--json", "-", stdin=json.dumps(BETL_17_6))
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["payments"] == [-15, 12, 3]
    assert payload["rules"] == "csm" and payload["unit"] == "Kč"
    assert {(tuple(l["payers"]), tuple(l["payees"]), l["amount"]) for l in payload["lines"]} == {
        ((0,), (1, 2), 6), ((0, 2), (1,), 3)}


def test_score_reads_standard_input_by_default() -> None:
    result = CliRunner().invoke(main, ["score", "--json"], input=json.dumps(BETL_17_6))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["payments"] == [-15, 12, 3]


def test_score_rules_and_options_from_the_document_or_the_command_line() -> None:
    """basic: an announced hundred made with 130 is 32 units, 16 additive, 10 half-additive."""
    data = {"rules": "basic", "contract": "hundred", "trump": "b", "actor": 0,
            "points": {"actor": 70, "defence": 20}, "marriages": {"actor": "bl"},
            "trump_seven": {"seat": 1, "fate": "early"}}
    plain = run("--json", "-", stdin=json.dumps(data))
    assert json.loads(plain.stdout)["payments"] == [64, -32, -32]
    added = run("--json", "-o", "hundred_steps=add", "-", stdin=json.dumps(data))
    assert json.loads(added.stdout)["payments"] == [32, -16, -16]
    half = run("--json", "-", stdin=json.dumps({**data, "options": {"hundred_steps": "half"}}))
    assert json.loads(half.stdout)["payments"] == [20, -10, -10]
    # csm prices the made sto at its flat 1 Kč.
    csm = run("--json", "--rules", "csm", "-", stdin=json.dumps(data))
    assert json.loads(csm.stdout)["payments"] == [2, -1, -1]


def test_score_bad_result_is_one_line_on_stderr_exit_2() -> None:
    """csm 8.4: seven fleks on a seven is past the limit of six."""
    result = run("-", stdin=json.dumps({"contract": "seven", "trump": "h", "actor": 0, "flek": {"seven": 7}}))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "marias: flek level 7 on seven is past the limit 6 for seven in csm\n"


def test_score_invalid_json_and_bad_options_exit_2_without_traceback() -> None:
    for args, stdin, message in (
        (["-"], "{\"contract\":", "the result is not valid JSON"),
        (["-"], "[1, 2]", "the result must be an object, not [1, 2]"),
        (["-o", "steps", "-"], "{}", "an option is NAME=VALUE, not 'steps'"),
        (["-o", "hundred_steps=triple", "--rules", "basic", "-"], json.dumps(BETL_17_6),
         "option hundred_steps takes 'double', 'add', 'half', not 'triple'"),
        (["--json", "-"], json.dumps({"contract": "hundred", "trump": "b", "actor": 0}), "needs points"),
    ):
        result = run(*args, stdin=stdin)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
        assert result.stdout == ""


TWO_SEVENS_LOST = {"rules": "basic", "options": {"two_sevens": True}, "contract": "two-sevens", "trump": "b",
                   "side_suit": "l", "actor": 0, "points": {"actor": 50, "defence": 40}, "marriages": {},
                   "trump_seven": {"seat": 0, "fate": "won"}, "side_seven": {"seat": 0, "fate": "early"}}


def test_score_sheet_fits_100_columns_and_names_the_last_trick_but_one() -> None:
    """Issue 14: the side seven's fate is about the last trick but one; lines fit 100 columns; 1 unit."""
    result = run("-", stdin=json.dumps(TWO_SEVENS_LOST))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert "side seven (played before the last trick but one)" in " ".join(result.stdout.split())
    assert "  1 unit  " in result.stdout and "1 units" not in result.stdout   # the game won, 1 unit
    for line in run(str(EXAMPLE)).stdout.splitlines():
        assert len(line) <= 100


def test_score_reports_the_facts_the_rules_ignore_in_text_and_json() -> None:
    """csm 12.3: an unfleked seven is not played; the seven's fate given is reported as ignored."""
    data = {"contract": "seven", "trump": "b", "actor": 0, "trump_seven": {"seat": 0, "fate": "killed"}}
    text = run("-", stdin=json.dumps(data))
    assert text.exit_code == 0, text.output
    assert "ignored: trump_seven: not played, csm 12.3" in text.stdout
    payload = json.loads(run("--json", "-", stdin=json.dumps(data)).stdout)
    assert payload["ignored"] == [{"fact": "trump_seven", "why": "not played, csm 12.3"}]
    assert payload["payments"] == [2, -1, -1]


def test_score_refuses_a_bonus_fact_left_out_with_one_line() -> None:
    """Issue 15: two sevens on four trumps without saying whether the trump ace is held."""
    data = {"contract": "two-sevens", "trump": "b", "side_suit": "l", "actor": 0,
            "trump_seven": {"seat": 0, "fate": "won"}, "side_seven": {"seat": 0, "fate": "won"},
            "holding": {"trumps": 4, "side_cards": 4}}
    result = run("-", stdin=json.dumps(data))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("marias: the csm 17 row 'Dvě sedmy na 4 trumfy bez esa' needs holding trump_ace "
                             "(give it, or the actor's hand and talon)\n")
    counted = run("--json", "-", stdin=json.dumps({**data, "holding": {}, "hand": "b7 bX bK b9 l7 lA l8 lO hA aA",
                                                     "talon": "h8 a9"}))
    assert counted.exit_code == 0, counted.output
    assert any("bez esa" in line["description"] for line in json.loads(counted.stdout)["lines"])


def test_flek_takes_the_czech_names_of_the_components() -> None:
    """Issue 37: ``"contract": "sedma"`` was read but ``"flek": {"hra": 1, "sedma": 1}`` refused."""
    import json

    from click.testing import CliRunner

    from analyzer.cli import main
    from analyzer.examples import path

    result = json.loads(path("result_seven").read_text())
    paid = {}
    for flek in ({"hra": 1, "sedma": 2}, {"game": 1, "seven": 2}, {"Hra": 1, "Sedma": 2}):
        run = CliRunner().invoke(main, ["score", "-", "--json"], input=json.dumps({**result, "flek": flek}))
        assert run.exit_code == 0, run.stderr
        paid[str(flek)] = json.loads(run.stdout)["payments"]
    assert len(set(map(str, paid.values()))) == 1
    twice = CliRunner().invoke(main, ["score", "-"], input=json.dumps({**result, "flek": {"hra": 1, "game": 1}}))
    assert twice.exit_code == 2 and "named twice in flek" in twice.stderr and "Traceback" not in twice.output
