"""marias mustamaija: answers, --json keys as the Python API's, one-line refusals with exit 2."""
from __future__ import annotations

import json
import random

from click.testing import CliRunner

from analyzer.cli import main
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.solver import solve
from analyzer.mustamaija.study import play_deals, run_study, summarise


def _run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, ["mustamaija", *args], input=stdin)


def test_solve_json_has_the_api_keys() -> None:
    text = "trump:d hands:h2h3sQ/h4d2cA talon:- attacker:0"
    got = _run("solve", text, "--json")
    assert got.exit_code == 0
    data = json.loads(got.output)
    api = solve(Position.from_str(text)).to_dict()
    assert {k for k in data if k != "position"} == set(api)
    assert data["loser"] == api["loser"] == 1 and data["moves"] == api["moves"]


def test_solve_reads_json_from_stdin() -> None:
    p = Position.from_str("trump:d hands:h2h3sQ/h4d2cA/c2 talon:- attacker:0")
    got = _run("solve", "-", "--json", stdin=json.dumps(p.to_dict()))
    assert got.exit_code == 0 and json.loads(got.output)["safe"] == solve(p).safe


def test_bad_input_is_one_line_and_status_2(tmp_path) -> None:
    import subprocess
    import sys
    for args in (["solve", "trump:s hands:h2/sQ attacker:0"], ["solve", "nonsense"],
                 ["solve", "trump:h hands:h2/sQ attacker:0", "--player", "5"], ["study", "--players", "1"],
                 ["study", "--deals", "0"], ["study", "-o", str(tmp_path / "no" / "t.csv")],
                 ["solve", "trump:h hands:c2c3c4c5c6/sQd3d4d5d6 talon:?8 attacker:0"]):
        done = subprocess.run([sys.executable, "-m", "analyzer", "mustamaija", *args], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("marias: "), done.stderr
        assert "Traceback" not in done.stderr


def test_study_same_seed_same_table_and_summary(tmp_path) -> None:
    a = run_study(3, 60, seed=5, jobs=1, chunk=25).table
    b = play_deals(3, 5, 0, 60)
    assert a.to_dict("records") == b
    summary = summarise(a)
    assert summary["deals"] == 60 and len(summary["by_seat"]) == 3
    assert sum(s["p"] * s["n"] for s in summary["by_seat"]) == 60 - summary["unfinished"]
    out = tmp_path / "t.csv"
    got = _run("study", "--players", "2", "--deals", "40", "--jobs", "1", "-o", str(out), "--json",
               "--plot", str(tmp_path / "f.png"))
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    assert data["players"]["2"]["deals"] == 40 and out.exists() and (tmp_path / "f-2.png").exists()


def test_hint_checks_on_two_player_endings() -> None:
    rows = play_deals(2, 1, 0, 8, mix="hint", check_endings=True, ending_time=0.5)
    assert sum(r["hint-move_n"] for r in rows) > 0
    assert all(r["hint-move_ok"] <= r["hint-move_n"] for r in rows)


def test_games_end_with_the_maria_holder() -> None:
    from analyzer.mustamaija.game import play_game
    rng = random.Random(3)
    for _ in range(50):
        rec = play_game(rng, ("random", "hint", "random"))
        assert rec.loser is None or 0 <= rec.loser < 3


def test_ctrl_c_keeps_finished_chunks(monkeypatch) -> None:
    from analyzer.mustamaija import study

    calls = []
    real = study._chunk_job

    def job(args):
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(args)

    said = []
    monkeypatch.setattr(study, "_chunk_job", job)
    result = study.run_study(2, 100, jobs=1, chunk=20, notify=said.append)
    assert result.interrupted and result.kept == 40 and list(result.table.deal) == list(range(40))
    assert said == ["interrupted: kept the 40 of 100 deals whose chunks had finished"]
