"""marias tysiacha: answers, --json keys as the Python API's, one-line refusals with exit 2."""
from __future__ import annotations

import json

from click.testing import CliRunner

from analyzer.cli import main
from analyzer.tysiacha.claim import check_claim
from analyzer.tysiacha.position import parse_position
from analyzer.tysiacha.solver import solve

ENDGAME = "hA hX hK hO / bA bX bK bO / lA lX lK lO ; taken=0,0,30"
STRONG = ("hA hX hK hO bA bX aA aX / h9 hU b9 bU bO bK lA lX / a9 aU aO aK l9 lU lO lK ; "
          "declarer=0 bid=120 passed=lX,lK")


def _run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, ["tysiacha", *args], input=stdin)


def test_solve_json_is_the_api() -> None:
    got = _run("solve", ENDGAME, "--json")
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    api = solve(parse_position(ENDGAME)).to_dict()
    assert set(data) == set(api)
    assert data["total"] == api["total"] == 184 and data["moves"] == api["moves"] and data["line"] == api["line"]


def test_solve_reads_json_from_stdin_and_prints_text() -> None:
    p = parse_position(ENDGAME)
    got = _run("solve", "-", "--json", stdin=json.dumps(p.to_dict()))
    assert got.exit_code == 0 and json.loads(got.output)["total"] == 184
    text = _run("solve", ENDGAME)
    assert text.exit_code == 0 and "total 184 (exact)" in text.output and "line: hO+" in text.output


def test_claim() -> None:
    got = _run("claim", STRONG, "--json")
    assert got.exit_code == 0
    data = json.loads(got.output)
    assert data["laid_down"] and data["distributions"] == data["winning"] == 3432
    assert {k for k in data if k not in ("seconds", "nodes")} == \
        {k for k in check_claim(parse_position(STRONG)).to_dict() if k not in ("seconds", "nodes")}
    high = _run("claim", STRONG, "--target", "230")
    assert high.exit_code == 0 and "not laid down" in high.output and "counterexample" in high.output


def test_score() -> None:
    got = _run("score", "--bid", "130", "--points", "160,30,20")
    assert got.exit_code == 0 and "seat 0 (declarer): +30" in got.output
    short = _run("score", "--bid", "130", "--points", "80,30,20", "--json")
    assert json.loads(short.output)["scores"] == [-50, 30, 20]
    std = _run("score", "--bid", "130", "--points", "80,37,3", "--scoring", "standard", "--json")
    assert json.loads(std.output)["scores"] == [-130, 35, 5]
    con = _run("score", "--bid", "120", "--concede", "--declarer", "2", "--json")
    assert json.loads(con.output)["scores"] == [40, 40, -120]


def test_advise_and_study(tmp_path) -> None:
    got = _run("advise", "hA hK hO bA bX b9 lU l9 aA a9", "--choose-worlds", "4", "--report-worlds", "6",
               "--candidates", "1", "--json")
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    assert data["report_worlds"] == 6 and len(data["passed"]) == 2
    before = _run("advise", "hA hK hO bA bX a9 lU", "--widows", "2", "--choose-worlds", "1", "--report-worlds", "1",
                  "--candidates", "1")
    assert before.exit_code == 0 and "P(total>=bid)" in before.output
    out = tmp_path / "t.csv"
    study = _run("study", "--deals", "5", "--quiet", "-o", str(out), "--plot", str(tmp_path / "f.png"))
    assert study.exit_code == 0 and out.exists() and (tmp_path / "f.png").exists()


def test_bad_input_is_one_line_and_status_2(tmp_path) -> None:
    import subprocess
    import sys
    for args in (["solve", "hA / hX / h7 ; declarer=0"], ["solve", "nonsense"], ["solve", "hA / hX / hK ; bid=x"],
                 ["solve", "hA hK / hX hO / hU h9 ; declarer=0", "--marriages", "french"],
                 ["claim", "- / - / - ; declarer=0"], ["score", "--bid", "100"],
                 ["score", "--bid", "100", "--points", "1,2"], ["score", "--bid", "100", "--declarer", "3"],
                 ["advise", "hA hK"], ["advise", "hA hK hO bA bX a9 a7"], ["study", "--deals", "0"],
                 ["study", "-o", str(tmp_path / "no" / "t.csv")]):
        proc = subprocess.run([sys.executable, "-m", "analyzer", "tysiacha", *args], check=False,
                              capture_output=True, text=True)
        assert proc.returncode == 2, (args, proc.stderr)
        assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("marias: "), (args, proc.stderr)
        assert proc.stdout == ""
