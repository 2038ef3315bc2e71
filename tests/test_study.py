"""Deal studies: the columns, their agreement with the solver, surviving and resuming runs, workers."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from analyzer import study as study_module
from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.cli import main
from analyzer.errors import MariasError
from analyzer.policy import forehand_position
from analyzer.rules import Contract
from analyzer.solver import Solver
from analyzer.study import StudyError, parse_analyses, read_table, run_study
from analyzer.study import execution as execution_module

BASE = ["deal", "chain", "step", "cut", "dealer", "packets", "seed", "hand0", "hand1", "hand2", "talon"]


def deal_of(row: pd.Series):
    from analyzer.dealing import Deal

    hands = tuple(CardSet.from_str(row[f"hand{i}"]) for i in range(3))
    return Deal(int(row["deal"]), row["packets"], hands, CardSet.from_str(row["talon"]), (), 0, 0)


# --- columns ----------------------------------------------------------------------------


def test_none_gives_only_the_dealt_cards() -> None:
    df = run_study("uniform", n=5, seed=1, analyses="none", progress=False, jobs=1)
    assert list(df.columns) == BASE
    assert list(df["deal"]) == list(range(5))
    for _, row in df.iterrows():
        cards = " ".join(row[c] for c in ("hand0", "hand1", "hand2", "talon")).split()
        assert len(cards) == 32 and len(set(cards)) == 32
        Card.from_str(cards[0])
    assert set(df["dealer"]) == {"uniform"} and set(df["seed"]) == {1}


def test_shape_columns_describe_the_hands() -> None:
    df = run_study("uniform", n=40, seed=2, analyses="shape", progress=False, jobs=1)
    for _, row in df.iterrows():
        for seat in range(3):
            hand = CardSet.from_str(row[f"hand{seat}"])
            lengths = [len(hand.suit(s)) for s in Suit]
            assert [row[f"len{seat}_{t}"] for t in "hbla"] == lengths
            assert row[f"pattern{seat}"] == "-".join(map(str, sorted(lengths, reverse=True)))
            assert row[f"voids{seat}"] == lengths.count(0)
            married = "".join(t for s, t in zip(Suit, "hbla")
                              if Card.make(s, Rank.KING) in hand and Card.make(s, Rank.OVER) in hand)
            assert row[f"marriages{seat}"] == married
            assert row[f"sevens{seat}"] == "".join(t for s, t in zip(Suit, "hbla") if Card.make(s, Rank.SEVEN) in hand)
        twelve = CardSet.from_str(row["hand0"]) | CardSet.from_str(row["talon"])
        assert [row[f"fh_len_{t}"] for t in "hbla"] == [len(twelve.suit(s)) for s in Suit]
        assert pd.isna(row["survival"])


def test_forehand_columns_agree_with_the_solver() -> None:
    df = run_study("uniform", n=12, seed=3, analyses="shape,points,sedma,betl,durch,best", progress=False, jobs=1)
    solver = Solver()
    for _, row in df.iterrows():
        deal = deal_of(row)
        twelve = deal.hands[0] | deal.talon
        for suit, t in zip(Suit, "hbla"):
            position = forehand_position(deal, Contract.GAME, suit)
            result = solver.solve(position)
            marriages = sum(position.marriage_value(s) for s in position.held_marriages(0))
            assert row[f"hra_{t}"] == result.actor_points + marriages
            assert row[f"hra_makes_{t}"] == solver.makes(position) == result.makes
            if Card.make(suit, Rank.SEVEN) in twelve:
                assert row[f"sedma_{t}"] == solver.makes(forehand_position(deal, Contract.SEVEN, suit))
            else:
                assert pd.isna(row[f"sedma_{t}"])
        assert row["betl"] == solver.makes(forehand_position(deal, Contract.BETL))
        assert row["durch"] == solver.makes(forehand_position(deal, Contract.DURCH))
        assert row["best"] in ["durch", "betl", "none"] + [f"{k} {t}" for k in ("seven", "game") for t in "hbla"]


def test_hra_verdicts_without_points_equal_those_from_points() -> None:
    a = run_study("uniform", n=15, seed=4, analyses="hra", progress=False, jobs=1)
    b = run_study("uniform", n=15, seed=4, analyses="points", progress=False, jobs=1)
    for t in "hbla":
        assert list(a[f"hra_makes_{t}"]) == list(b[f"hra_makes_{t}"])
    assert "hra_h" not in a.columns and "hra_h" in b.columns


def test_best_contract_order() -> None:
    row = {"durch": False, "betl": False, **{f"sedma_{t}": None for t in "hbla"},
           **{f"hra_makes_{t}": False for t in "hbla"}}
    assert study_module.best_contract(row) == "none"
    row["hra_makes_a"] = True
    assert study_module.best_contract(row) == "game a"
    row["sedma_l"] = True
    assert study_module.best_contract(row) == "seven l"
    row["sedma_h"] = True
    assert study_module.best_contract(row) == "seven h"
    row["betl"] = True
    assert study_module.best_contract(row) == "betl"
    row["durch"] = True
    assert study_module.best_contract(row) == "durch"


def test_chained_rows_carry_their_chain() -> None:
    df = run_study("no-shuffle", n=7, seed=5, analyses="shape", progress=False, jobs=1,
                   chain_length=3, burn_in=1, play="greedy")
    assert list(df["chain"]) == [0, 0, 0, 1, 1, 1, 2]
    assert list(df["step"]) == [0, 1, 2, 0, 1, 2, 0]
    assert df["survival"].notna().all() and df["cut"].notna().all()


@pytest.mark.parametrize("spec", ["nothing", "shape,flop"])
def test_bad_analyses(spec: str) -> None:
    with pytest.raises(StudyError):
        parse_analyses(spec)
    assert parse_analyses("best") == ("hra", "sedma", "betl", "durch", "best")
    assert parse_analyses(" none ") == ()


def test_bad_study_arguments() -> None:
    for kwargs in ({"n": 0}, {"dealer": "stack"}, {"packets": "two", "analyses": "betl"}, {"jobs": 0}):
        with pytest.raises(MariasError):
            run_study(**{"n": 3, "progress": False, **kwargs})


# --- same seed, same table -------------------------------------------------------------------


def test_jobs_do_not_change_the_table() -> None:
    one = run_study("uniform", n=40, seed=6, analyses="shape,hra,betl", progress=False, jobs=1, chunk=10)
    two = run_study("uniform", n=40, seed=6, analyses="shape,hra,betl", progress=False, jobs=2, chunk=10)
    pd.testing.assert_frame_equal(one, two)
    kw = {"n": 12, "seed": 6, "analyses": "shape,hra", "progress": False, "chain_length": 4, "burn_in": 1}
    one = run_study("no-shuffle", jobs=1, **kw)
    two = run_study("no-shuffle", jobs=2, **kw)
    pd.testing.assert_frame_equal(one, two)
    other = run_study("no-shuffle", jobs=1, **{**kw, "seed": 7})
    assert list(other["hand0"]) != list(one["hand0"])


def test_dask_cluster_gives_the_local_table() -> None:
    distributed = pytest.importorskip("distributed")
    local = run_study("no-shuffle", n=8, seed=9, analyses="shape,hra", progress=False, jobs=1,
                      chain_length=4, burn_in=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run_study("no-shuffle", n=8, seed=9, analyses="shape,hra", progress=False,
                           scheduler=cluster.scheduler_address, chain_length=4, burn_in=1)
    pd.testing.assert_frame_equal(local, remote)


# --- output files and resuming -----------------------------------------------------------------


def test_parquet_and_csv_outputs_read_back_as_computed(tmp_path: Path) -> None:
    memory = run_study("uniform", n=30, seed=10, analyses="shape,sedma", progress=False, jobs=1)
    for name in ("t.parquet", "t.csv"):
        run_study("uniform", n=30, seed=10, analyses="shape,sedma", progress=False, jobs=1,
                  output=tmp_path / name, chunk=7)
        back = read_table(tmp_path / name)
        pd.testing.assert_frame_equal(back, memory, check_dtype=True)
        assert not (tmp_path / (name + ".parts")).exists()


def test_an_interrupted_run_resumes_to_the_same_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "r.parquet"
    kw = {"n": 50, "seed": 11, "analyses": "shape,betl", "progress": False, "jobs": 1, "chunk": 10}
    whole = run_study("uniform", **kw)
    real_write = study_module.Parts.write
    written: list[int] = []

    def flaky(self, start, stop, rows):  # the third chunk never gets written: the run is cut off
        if len(written) == 2:
            raise KeyboardInterrupt
        written.append(start)
        real_write(self, start, stop, rows)

    monkeypatch.setattr(study_module.Parts, "write", flaky)
    with pytest.raises(KeyboardInterrupt):
        run_study("uniform", output=out, **kw)
    monkeypatch.setattr(study_module.Parts, "write", real_write)
    parts = tmp_path / "r.parquet.parts"
    assert len(list(parts.glob("*.parquet"))) == 2 and not out.exists()
    (parts / "0000000040-0000000050.parquet.tmp").write_bytes(b"half a file")  # cut off while writing
    computed: list[tuple[int, int]] = []
    real_chunk = execution_module.analyse_chunk

    def counting(study, start, stop):
        computed.append((start, stop))
        return real_chunk(study, start, stop)

    monkeypatch.setattr(execution_module, "analyse_chunk", counting)
    resumed = run_study("uniform", output=out, **kw)
    assert sorted(computed) == [(20, 30), (30, 40), (40, 50)]  # only what was missing
    pd.testing.assert_frame_equal(resumed, whole)
    pd.testing.assert_frame_equal(read_table(out), whole)
    # running it once more does nothing and returns the same table
    computed.clear()
    again = run_study("uniform", output=out, **kw)
    assert computed == []
    pd.testing.assert_frame_equal(again, whole)


def test_another_study_is_not_mixed_in(tmp_path: Path) -> None:
    out = tmp_path / "m.parquet"
    run_study("uniform", n=10, seed=1, analyses="shape", progress=False, jobs=1, output=out)
    with pytest.raises(StudyError, match="another study"):
        run_study("uniform", n=10, seed=2, analyses="shape", progress=False, jobs=1, output=out)
    parts = tmp_path / "p.parquet.parts"
    parts.mkdir()
    (parts / "study.json").write_text('{"version": 1, "seed": 5}')
    with pytest.raises(StudyError, match="another study"):
        run_study("uniform", n=10, seed=2, analyses="shape", progress=False, jobs=1, output=tmp_path / "p.parquet")


def test_killed_cli_run_resumes(tmp_path: Path) -> None:
    """A real interruption: the CLI process is killed (SIGKILL) mid-run, then run again."""
    out = tmp_path / "k.parquet"
    args = [sys.executable, "-m", "analyzer", "study", "--n", "600", "--seed", "12", "--analyses", "shape,hra",
            "--chunk", "20", "--jobs", "1", "--quiet", "-o", str(out)]
    proc = subprocess.Popen(args, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    parts = tmp_path / "k.parquet.parts"
    deadline = time.time() + 60
    while time.time() < deadline and len(list(parts.glob("*.parquet"))) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = len(list(parts.glob("*.parquet")))
    assert 3 <= done < 30, done
    subprocess.run(args, check=True, stderr=subprocess.DEVNULL)
    expected = run_study("uniform", n=600, seed=12, analyses="shape,hra", progress=False, jobs=2)
    pd.testing.assert_frame_equal(read_table(out), expected)


def test_sigterm_stops_the_workers_at_once(tmp_path: Path) -> None:
    """SIGTERM to the main process alone (as a batch scheduler sends it): the running chunks are
    abandoned, not waited for, and the run leaves with the one-line message and status 130."""
    out = tmp_path / "t.parquet"
    args = [sys.executable, "-m", "analyzer", "study", "--n", "4000", "--seed", "1", "--analyses", "points",
            "--chunk", "2000", "--jobs", "2", "--quiet", "-o", str(out)]
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    time.sleep(4)  # the workers are spawned and deep in their (long) chunks
    proc.send_signal(signal.SIGTERM)
    started = time.time()
    _, err = proc.communicate(timeout=60)
    assert time.time() - started < 10
    assert proc.returncode == 130
    # no chunk of 2000 deals finished in 4 s: it says nothing was kept, and leaves no directory behind
    assert err.strip().splitlines()[-1] == "marias: interrupted before any chunk finished; nothing was kept"
    assert not (tmp_path / "t.parquet.parts").exists() and not out.exists()


# --- the command line ---------------------------------------------------------------------------


def test_cli_study_and_plot(tmp_path: Path) -> None:
    runner = CliRunner()
    table = tmp_path / "s.parquet"
    result = runner.invoke(main, ["study", "--dealer", "no-shuffle", "--n", "6", "--seed", "3", "--chain-length", "3",
                                  "--burn-in", "1", "--analyses", "shape,sedma", "--jobs", "1", "--quiet",
                                  "-o", str(table)])
    assert result.exit_code == 0, result.output
    df = read_table(table)
    assert len(df) == 6 and set(df["dealer"]) == {"no-shuffle"}
    for kind, name in (("patterns", "p.png"), ("carryover", "c.svg")):
        result = runner.invoke(main, ["plot", str(table), "--kind", kind, "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).stat().st_size > 1000
    # six deals hold too few sedmas for a curve: it says so instead of drawing empty axes
    result = runner.invoke(main, ["plot", str(table), "--kind", "sedma", "-o", str(tmp_path / "s.png")])
    assert result.exit_code == 2 and not (tmp_path / "s.png").exists()
    assert result.output.strip() == ("marias: no trump length has 5 or more deals where forehand holds its seven: "
                                     "study more deals")
    bigger = tmp_path / "u.parquet"
    run_study("uniform", n=60, seed=3, analyses="shape,sedma", progress=False, jobs=1, output=bigger)
    result = runner.invoke(main, ["plot", str(bigger), "--kind", "sedma", "-o", str(tmp_path / "s.png")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s.png").stat().st_size > 1000


@pytest.mark.parametrize("args", [
    ["study", "--n", "ten", "-o", "x.parquet"],
    ["study", "--n", "0", "-o", "x.parquet"],
    ["study", "--dealer", "riffle:many", "-o", "x.parquet"],
    ["study", "--analyses", "magic", "-o", "x.parquet"],
    ["study", "--packets", "skat", "-o", "x.parquet"],
    ["study", "--n", "3", "-o", "no/such/dir/x.parquet"],
    ["plot", "t.parquet", "--kind", "carryover", "-o", "x.png"],
    ["study", "--cut", "deep", "--dealer", "no-shuffle", "-o", "x.parquet"],
    ["study", "-o", "x.xlsx"],
    ["study"],
    ["plot", "missing.parquet", "-o", "x.png"],
    ["plot", "-o", "x.png"],
    ["plot", "t.parquet", "--kind", "pie", "-o", "x.png"],
    ["plot", "t.parquet", "--kind", "laid-down", "-o", "x.png"],
    ["plot", "t.parquet", "-o", "x.gif"],
    ["plot", "t.parquet"],
])
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run_study("uniform", n=3, seed=0, analyses="shape", progress=False, jobs=1, output="t.parquet")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, (args, result.output)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("marias: "), result.output


# --- the figures' statistics --------------------------------------------------------------------


def test_interval_helpers() -> None:
    from analyzer.plots import cluster_mean, riffles_of, t95, wilson

    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-12
    for k, n in ((0, 20), (20, 20), (1, 3)):
        lo, hi = wilson(k, n)
        assert 0 <= lo <= k / n + 1e-12 and k / n - 1e-12 <= hi <= 1
    # independent rows: the cluster interval is the usual one
    values = pd.Series([1.0, 0.0] * 50)
    mean, half, n = cluster_mean(values, pd.Series(range(100)))
    assert mean == 0.5 and n == 100 and abs(half - t95(99) * (0.25 / 100) ** 0.5 * (100 / 99) ** 0.5) < 1e-9
    # perfectly correlated chains: the interval is that of 4 observations, not 100
    clustered = pd.Series([1.0] * 50 + [0.0] * 50)
    _, wide, _ = cluster_mean(clustered, pd.Series([0] * 25 + [1] * 25 + [2] * 25 + [3] * 25))
    assert wide > 5 * half
    assert riffles_of("riffle:3") == 3 and riffles_of("no-shuffle") == 0


def test_few_chains_widen_the_interval_by_students_t_and_say_so() -> None:
    """Issue 37: three chains drew a z interval as if they were many observations."""
    import warnings

    from analyzer.plots import PlotWarning, cluster_mean, t95

    assert [t95(df) for df in (1, 2, 30)] == [12.7062, 4.3027, 2.0423]
    assert abs(t95(60) - 2.0003) < 5e-4 and abs(t95(10 ** 6) - 1.95997) < 1e-4  # the series, and the limit
    values = pd.Series([1.0] * 30 + [0.0] * 30 + [1.0, 0.0] * 15)
    chains = pd.Series([0] * 30 + [1] * 30 + [2] * 30)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PlotWarning)
        mean, half, n = cluster_mean(values, chains)
    totals = values.groupby(chains).sum()
    var = 3 / 2 * ((totals - mean * 30) ** 2).sum() / 90 ** 2
    assert n == 90 and half > 0.5 and abs(half - 4.3027 * var ** 0.5) < 1e-12
    assert any("only 3 chains" in str(w.message) for w in caught)


# --- laid down (analyzer.claims) -----------------------------------------------------------------


def test_laid_down_columns_on_a_cold_hand() -> None:
    pytest.importorskip("analyzer.claims")
    from analyzer.dealing import Deal
    from analyzer.study import laid_down_columns

    forehand = CardSet.from_str("hA hX hK hO hU h7 bA bX lA aA")
    rest = [c for c in (Card(i) for i in range(32)) if c not in forehand and c not in CardSet.from_str("h8 h9")]
    deal = Deal(0, "csm", (forehand, CardSet(rest[:10]), CardSet(rest[10:])), CardSet.from_str("h8 h9"), (), 0, 0)
    row = laid_down_columns(deal)
    # eight trumps from the top and three aces: hra and sedma are cold; durch fails on bX
    assert row == {"laid_game": True, "laid_seven": True, "laid_betl": False, "laid_durch": False}


def test_laid_down_columns_hold_both_values_and_are_right() -> None:
    """Seed 27's eight deals have laid-down and not laid-down hra and sedma (pinned: the test fails if
    the analysis says False everywhere). Each True is checked on random redistributions of the
    defenders' cards, each False (where the dealt cards make) by the counterexample it must have,
    both with one-by-one Solver searches."""
    pytest.importorskip("analyzer.claims")
    import random

    from analyzer.claims import check_claim

    df = run_study("uniform", n=8, seed=27, analyses="shape,hra,sedma,betl,durch,claims", progress=False, jobs=1)
    for column in ("laid_game", "laid_seven"):
        values = set(df[column].dropna())
        assert values == {True, False}, (column, values)
    solver = Solver()
    rng = random.Random(1)
    checked = {True: 0, False: 0}
    for _, row in df.iterrows():
        deal = deal_of(row)
        trump = Suit("hbla".index(row["fh_trump"]))
        mine = {"game": row[f"hra_makes_{row['fh_trump']}"], "seven": row[f"sedma_{row['fh_trump']}"],
                "betl": row["betl"], "durch": row["durch"]}
        for name, contract in (("game", Contract.GAME), ("seven", Contract.SEVEN),
                               ("betl", Contract.BETL), ("durch", Contract.DURCH)):
            laid = row[f"laid_{name}"]
            assert pd.isna(laid) == pd.isna(mine[name])
            if pd.isna(laid):
                continue
            assert not laid or mine[name]  # the dealt distribution is one of the redistributions
            position = forehand_position(deal, contract, trump if contract.has_trumps else None)
            if laid:
                pool = list(position.hands[1] | position.hands[2])
                for _ in range(20):
                    rng.shuffle(pool)
                    other = position.to_json()
                    other["hands"] = [other["hands"][0], " ".join(map(str, pool[:10])), " ".join(map(str, pool[10:]))]
                    assert solver.component(type(position).from_json(other), name), (row["deal"], name, other)
                checked[True] += 1
            elif mine[name]:
                result = check_claim(position.to_json(), components=[name])
                assert result.counterexample is not None
                assert not solver.component(result.counterexample.position, name), (row["deal"], name)
                checked[False] += 1
    assert checked[True] >= 3 and checked[False] >= 1, checked


# --- one batch a question against one search a deal -------------------------------------------


def test_answer_all_equals_one_by_one_solver_answers() -> None:
    """Positions of several games, trumps, packet patterns (different leaders) and contracts, mixed
    and shuffled: the batch answers (grouped by what the core searches) are the Solver's answers."""
    import random

    from analyzer.dealing import Dealer
    from analyzer.study import answer_all

    rng = random.Random(5)
    deals = list(Dealer.parse("uniform").deals(31, 0, 25)) + list(Dealer.parse("uniform", "basic").deals(31, 0, 25))
    solver = Solver()
    for name, contract in (("game", Contract.GAME), ("seven", Contract.SEVEN), ("betl", Contract.BETL),
                           ("durch", Contract.DURCH)):
        positions = []
        for deal in deals:
            for suit in (Suit if contract.has_trumps else [None]):
                twelve = deal.hands[0] | deal.talon
                if contract == Contract.SEVEN and Card.make(suit, Rank.SEVEN) not in twelve:
                    continue
                positions.append(forehand_position(deal, contract, suit))
        rng.shuffle(positions)
        yes_no = answer_all(positions, name)
        assert yes_no == [int(solver.component(p, name)) for p in positions], name
        assert 0 < sum(yes_no) < len(yes_no) or name == "durch", (name, sum(yes_no))
        if name == "game":
            exact = answer_all(positions, name, exact=True)
            assert [10 * g for g in exact] == [solver.hra_value(p) for p in positions]


# --- what the command says --------------------------------------------------------------------


def test_cli_says_resuming_complete_and_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "c.csv"
    args = ["study", "--n", "30", "--seed", "4", "--chunk", "10", "--jobs", "1", "--quiet", "-o", str(out)]
    # a run cut off after its first chunk
    real_write = study_module.Parts.write
    calls: list[int] = []

    def flaky(self, start, stop, rows):
        if calls:
            raise KeyboardInterrupt
        calls.append(start)
        real_write(self, start, stop, rows)

    monkeypatch.setattr(study_module.Parts, "write", flaky)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130
    assert result.output.strip().splitlines() == [
        (f"marias: interrupted; 1 finished chunk (10 of 30 deals) kept in {out}.parts, "
        "run the same command again to continue")]
    monkeypatch.setattr(study_module.Parts, "write", real_write)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == (f"marias: resuming 30 deals, uniform dealer, csm packets, seed 4, analyses shape: "
                        f"10 of 30 deals already done in {out}.parts")
    assert lines[1].startswith(f"marias: finished 30 deals, uniform dealer, csm packets, seed 4, analyses shape "
                               f"in {out}: 20 computed in ") and lines[1].endswith("s, 10 resumed")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    assert result.output.strip().splitlines() == [
        (f"marias: {out} already holds this study (30 deals, uniform dealer, csm packets, seed 4, "
        "analyses shape): nothing to compute")]


def test_cli_never_creates_directories(tmp_path: Path) -> None:
    target = tmp_path / "nonexistent" / "dir" / "x.csv"
    result = CliRunner().invoke(main, ["study", "--n", "3", "--quiet", "-o", str(target)])
    assert result.exit_code == 2
    assert result.output.strip() == (f"marias: no directory {str(target.parent)!r} for the output 'x.csv': "
                                     "create it first")
    assert not (tmp_path / "nonexistent").exists()


# --- plots: pooling, what is missing, axes ---------------------------------------------------------


def test_plot_refuses_mixed_packet_patterns_and_warns_on_duplicates(tmp_path: Path) -> None:
    import warnings

    from analyzer.plots import PlotError, PlotWarning, plot, pool

    a, b = tmp_path / "a.parquet", tmp_path / "b.csv"
    run_study("uniform", n=20, seed=1, analyses="shape", progress=False, jobs=1, output=a)
    run_study("uniform", n=20, seed=1, analyses="shape", packets="basic", progress=False, jobs=1, output=b)
    with pytest.raises(PlotError, match="different packet patterns"):
        pool([a, b])
    with pytest.raises(PlotError, match="different packet patterns"):
        plot(pd.concat([read_table(a), read_table(b)]), "patterns")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        df = pool([a, a])
    assert len(df) == 20
    assert [str(w.message) for w in caught if w.category is PlotWarning] == [
        "20 deals are given more than once (the same table twice, or two tables of one study): each is counted once"]
    result = CliRunner().invoke(main, ["plot", str(a), str(a), "-o", str(tmp_path / "p.png")])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("marias: warning: 20 deals are given more than once")
    result = CliRunner().invoke(main, ["plot", str(a), str(b), "-o", str(tmp_path / "p.png")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1


def test_plot_axes_captions_and_vocabulary() -> None:
    from analyzer.plots import CAPTION, PlotError, carryover, laid_down, makes

    chains = run_study("riffle:1", n=6, seed=2, analyses="shape", progress=False, jobs=1, chain_length=3,
                       burn_in=1, play="greedy")
    chains = pd.concat([chains, run_study("no-shuffle", n=6, seed=2, analyses="shape", progress=False, jobs=1,
                                          chain_length=3, burn_in=1, play="greedy")], ignore_index=True)
    fig = carryover(chains)
    for ax in fig.axes:
        ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
        assert ticks and all(float(t).is_integer() for t in ticks), ticks
        assert ax.get_ylim()[0] == 0
    assert fig.get_supxlabel() == CAPTION
    with pytest.raises(PlotError, match="only uniform"):
        carryover(run_study("uniform", n=5, seed=2, analyses="shape", progress=False, jobs=1))
    rates = run_study("uniform", n=30, seed=3, analyses="shape,hra,sedma,betl,durch", progress=False, jobs=1)
    fig = makes(rates)
    ax = fig.axes[0]
    assert ax.get_yscale() == "linear" and ax.get_ylim()[0] == 0
    assert [t.get_text() for t in ax.get_xticklabels()] == ["hra", "sedma", "betl", "durch"]
    # a rate of zero says so instead of an invisible bar (durch in 30 deals: none)
    assert not rates["durch"].any()
    assert "none seen" in [t.get_text() for t in ax.texts]
    fake = rates.assign(laid_game=False, laid_seven=pd.array([None] * len(rates), dtype="boolean"),
                        laid_betl=False, laid_durch=False)
    ax = laid_down(fake).axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["hra", "sedma", "betl", "durch"]
    assert "no deals" in [t.get_text() for t in ax.texts]
