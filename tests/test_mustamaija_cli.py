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


def test_solve_the_wedding_variant_and_either_engine() -> None:
    text = "trump:- hands:hKhQc2/sQd3/c3 talon:- attacker:0 hand:3"
    got = _run("solve", text, "--wedding", "--json")
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    assert data["position"].endswith("wedding:y") and any(m["move"].startswith("wed:h") for m in data["moves"])
    py = json.loads(_run("solve", text + " wedding:y", "--engine", "python", "--json").output)
    assert py["engine"] == "python" and {k: py[k] for k in ("safe", "moves", "line")} == {
        k: data[k] for k in ("safe", "moves", "line")}
    refused = _run("solve", text)
    assert refused.exit_code == 2 and "wedding:y" in refused.output
    small = _run("solve", "trump:h hands:c2c3c4c5/sQd3d4d5/h2h3h4h5 talon:- attacker:0", "--max-states", "10")
    assert small.exit_code == 0 and "gave up: state limit of 10 reached" in small.output


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


def test_hint_checks_on_three_and_four_player_endings() -> None:
    # a study's endings of three or more players start with 5 cards a hand, mostly too large
    # to settle in a study's time: the decisions not checked are counted; a small ending is checked
    from mustamaija_random import random_ending

    from analyzer.mustamaija import native
    from analyzer.mustamaija.game import GameRecord, _EndingCheck
    from analyzer.mustamaija.players import hint_move
    from analyzer.mustamaija.rules import mover, play
    if not native.AVAILABLE:
        return
    rows = play_deals(4, 1, 0, 3, mix="hint", check_endings=True, ending_time=0.01)
    assert all(r["unsolved_endings"] == (r["unchecked_decisions"] > 0) for r in rows)
    assert sum(r["unchecked_decisions"] for r in rows) > 0
    rng = random.Random(45)
    for players in (3, 4):
        p = random_ending(rng, players, 2)
        record = GameRecord(loser=None, attacks=0, endgame_attacks=0, trump=p.trump)
        check = _EndingCheck(p.rules, players, 5.0)
        state, decisions = p.state, 0
        while state[2] >= 0 and decisions < 40:
            hint = hint_move(p.rules, state)
            check.decision(state, hint, record)
            decisions += 1
            state = play(p.rules, state, hint)
        assert check.unchecked == 0 and record.checks["hint-move"][0] == decisions, mover(p.state)


def test_an_endings_graph_answers_every_later_decision() -> None:
    # the graph settled at an ending's first decision gives each later decision's move values,
    # the same as solving that decision's position afresh (Python engine)
    from mustamaija_random import random_ending

    from analyzer.mustamaija import native
    from analyzer.mustamaija.rules import legal_moves, mover, play
    from analyzer.mustamaija.solver import Solver
    if not native.AVAILABLE:
        return
    rng = random.Random(44)
    for _ in range(30):
        p = random_ending(rng, rng.choice((3, 4)), 3)
        if not solve(p, engine="python", max_states=20_000).exact:
            continue
        solver = Solver(p.rules)
        solver._start()
        ending = solver.settle(p.state)
        state = p.state
        for _ in range(12):
            if state[2] < 0:
                break
            fresh = solve(Position.from_state(state, p.rules), engine="python", max_states=20_000)
            if fresh.exact:
                me = mover(state)
                got = [ending.safe(me, ending.index(play(p.rules, state, m))) for m in legal_moves(p.rules, state)]
                assert got == [m["safe"] for m in fresh.moves]
            state = play(p.rules, state, rng.choice(legal_moves(p.rules, state)))


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
