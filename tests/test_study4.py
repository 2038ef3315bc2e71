"""Deal studies for four and two players: the solver's analyses against direct solves, refusals,
same seed same table, workers, the CLI."""
from __future__ import annotations

import random

import pandas as pd
import pytest
from click.testing import CliRunner
from reference4 import reference4_solve

from analyzer.cards import Card, CardSet, Suit
from analyzer.claims4 import redistributions
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.dealing import Dealer
from analyzer.errors import PositionError
from analyzer.policy import four_player_position, two_player_endgame
from analyzer.rules import Position
from analyzer.solver import Solver, fixed_marriages, questions, remaining_units
from analyzer.study import (
    StudyError,
    best_contract,
    parse_analyses,
    read_table,
    run_study,
)
from analyzer.study.analyses import (
    CLAIM_TRICK4,
    answer_all,
    claim_position4,
    contract_position,
    declared_in_play,
    policy_trump,
)

SUITS = "hbla"


def deals(packets: str, seed: int, n: int, dealer: str = "uniform", **options):
    return list(Dealer.parse(dealer, packets, **options).deals(seed, 0, n))


def four_json(deal, contract: str, trump: str | None = None) -> dict:
    """The four-player position written out from the rules (docs/rules.md §8), not from the policy:
    forehand calls the highest trump missing from his first four cards."""
    data = {"players": 4, "hands": [str(h) for h in deal.hands], "contract": contract, "trump": trump}
    if trump is not None:
        first = [str(c) for c in deal.pack[:4]]
        data["partner"] = next(trump + r for r in "AXKOU987" if trump + r not in first)
    return data


def held_marriages(hand: CardSet, trump: str | None) -> int:
    return sum((40 if t == trump else 20) for t in SUITS if {t + "K", t + "O"} <= {str(c) for c in hand})


# --- four players -------------------------------------------------------------------------


def test_four_player_columns_agree_with_the_solver() -> None:
    n, seed = 8, 11
    df = run_study("uniform", n=n, seed=seed, packets="four", analyses="points,sedma,betl,durch,best",
                   progress=False, jobs=1)
    solver = Solver()
    for (_, row), deal in zip(df.iterrows(), deals("four", seed, n)):
        assert row["hand3"] == str(deal.hands[3])
        for t in SUITS:
            position = Position.from_json(four_json(deal, "game", t))
            assert row[f"partner_{t}"] == (position.partner or 0)
            result = solver.solve(position)
            team = [0] if position.partner is None else [0, position.partner]
            marriages = sum(held_marriages(deal.hands[s], t) for s in team)
            assert row[f"hra_{t}"] == result.actor_points + marriages
            assert row[f"hra_makes_{t}"] == result.makes
            seven = Card.from_str(t + "7")
            if position.holder(seven) in team:
                seven_position = Position.from_json(four_json(deal, "seven", t))
                assert row[f"sedma_{t}"] == solver.component(seven_position, "seven")
            else:
                assert pd.isna(row[f"sedma_{t}"])
        assert row["betl"] == solver.makes(Position.from_json(four_json(deal, "betl")))
        assert row["durch"] == solver.makes(Position.from_json(four_json(deal, "durch")))
        assert row["best"] == best_contract({k: (None if pd.isna(v) else v) for k, v in row.items()})
    # the checks above met both kinds of table: a partner and forehand alone, sevens held and not
    assert (df[[f"partner_{t}" for t in SUITS]] == 0).any().any()
    assert (df[[f"partner_{t}" for t in SUITS]] != 0).any().any()
    assert df[[f"sedma_{t}" for t in SUITS]].notna().any().any()
    assert df["best"].nunique() > 1


def test_four_player_points_agree_with_the_reference_on_endgames() -> None:
    """The points formula of the study (team's tricks + team's marriages) against tests/reference4.py,
    on the last three tricks of solver-played deals (small enough for the plain minimax)."""
    solver = Solver()

    for deal in deals("four", 12, 4):
        start = four_player_position(deal)
        position = start
        for card in solver.line(start, questions(start)["game"])[:20]:
            position = position.play(card)
        position = position.replace(played=(), first_leader=None, called=None)
        (g,) = answer_all([position], "game", exact=True)
        actor = position.score[0] + 10 * g + fixed_marriages(position, 0) + declared_in_play(position)
        defence = position.score[1] + 10 * (remaining_units(position) - g) + fixed_marriages(position, 1)
        data = position.to_json()
        data.pop("marriages", None)
        data["score"] = {"actor": 0, "defence": 0}
        ref = reference4_solve(data)
        team_marriages = sum(held_marriages(position.hands[s], data["trump"]) for s in position.team)
        assert actor == position.score[0] + ref["actor_points"] + team_marriages
        assert defence == position.score[1] + ref["defence_points"] + fixed_marriages(position, 1)


# --- two players --------------------------------------------------------------------------


def test_two_player_points_agree_with_the_reference() -> None:
    """hra_{s}: the non-dealer's stock tricks and his best endgame (trick points and the marriages
    he holds: best play declares them all), checked against tests/reference4.py under the Czech
    rule (trick points alone) and the solver's verdict under the over-first rule."""
    n, seed = 2, 13
    df = run_study("uniform", n=n, seed=seed, packets="two", analyses="points", progress=False, jobs=1)
    assert "hand2" not in df.columns and "sedma_h" not in df.columns
    solver = Solver()
    for (_, row), deal in zip(df.iterrows(), deals("two", seed, n)):
        for t in SUITS:
            tricks, endgame = two_player_endgame(deal, Suit(SUITS.index(t)))
            assert len(tricks) == 8 and all(len(h) == 8 for h in endgame.hands)
            stock_points = [sum(c.points for c in cards) for cards, _ in tricks]
            assert sum(endgame.score) == sum(stock_points)
            assert endgame.score[0] == sum(p for p, (_, w) in zip(stock_points, tricks) if w == 0)
            data = endgame.to_json()
            data.update(marriage_rule="czech", score={})
            ref = reference4_solve(data)
            mine = [held_marriages(endgame.hands[s], t) for s in (0, 1)]
            actor = endgame.score[0] + ref["actor_points"] + mine[0]
            defence = endgame.score[1] + ref["defence_points"] + mine[1]
            assert row[f"hra_{t}"] == actor
            assert row[f"hra_makes_{t}"] == (actor > defence) == solver.makes(endgame)


def test_two_player_refusals_in_one_line() -> None:
    assert parse_analyses("all", "two") == ("shape", "hra", "points")
    assert parse_analyses("all", "four") == parse_analyses("all")
    for analyses in ("sedma", "betl", "durch", "best", "claims", "shape,hra,betl"):
        with pytest.raises(StudyError) as info:
            run_study("uniform", n=2, packets="two", analyses=analyses, progress=False)
        message = str(info.value)
        assert "\n" not in message and "two" in message and "hra" in message


# --- the same table -----------------------------------------------------------------------


@pytest.mark.parametrize("packets, analyses", [("four", "shape,hra,sedma,betl"), ("two", "shape,points")])
def test_same_seed_same_table_and_jobs(packets: str, analyses: str) -> None:
    kw = {"n": 6, "seed": 14, "packets": packets, "analyses": analyses, "progress": False,
          "chain_length": 3, "burn_in": 1}
    one = run_study("no-shuffle", jobs=1, **kw)
    two = run_study("no-shuffle", jobs=2, **kw)
    again = run_study("no-shuffle", jobs=1, **kw)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, again)
    other = run_study("no-shuffle", jobs=1, **{**kw, "seed": 15})
    assert not one["hand0"].equals(other["hand0"])


def test_cli_study_four_and_two(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "four.csv"
    result = runner.invoke(main, ["study", "--packets", "four", "--n", "3", "--seed", "1", "--analyses", "best",
                                  "--jobs", "1", "--quiet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    table = read_table(out)
    assert len(table) == 3 and table["partner_h"].dtype == "int64" and table["sedma_h"].dtype == "boolean"
    assert set(table["best"]) <= {"durch", "betl", "none"} | {f"{k} {t}" for k in ("seven", "game") for t in SUITS}
    # the same command again: the output already holds this study
    again = runner.invoke(main, ["study", "--packets", "four", "--n", "3", "--seed", "1", "--analyses", "best",
                                 "--jobs", "1", "--quiet", "-o", str(out)])
    assert again.exit_code == 0 and "nothing to compute" in again.output
    bad = runner.invoke(main, ["study", "--packets", "two", "--n", "3", "--analyses", "sedma", "-o",
                               str(tmp_path / "two.csv")])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and bad.output.startswith("marias: ")
    good = runner.invoke(main, ["study", "--packets", "two", "--n", "2", "--analyses", "all", "--jobs", "1",
                                "--quiet", "-o", str(tmp_path / "two.parquet")])
    assert good.exit_code == 0, good.output
    assert {f"hra_{t}" for t in SUITS} <= set(read_table(tmp_path / "two.parquet").columns)


# --- four players' claims -------------------------------------------------------------------


@pytest.mark.slow
def test_four_player_claims_at_trick_five() -> None:
    """laid5_{name}: laid down (every sampled redistribution makes) or not (a redistribution that
    fails, found by search of our own), at the position after four tricks of the solver's line."""
    n, seed = 6, 16
    df = run_study("uniform", n=n, seed=seed, packets="four", analyses="claims,hra,sedma,betl,durch",
                   progress=False, jobs=1)
    solver = Solver()
    rng = random.Random(0)
    seen = set()

    for (_, row), deal in zip(df.iterrows(), deals("four", seed, n)):
        trump = policy_trump(deal)
        for name, contract in (("game", Contract.GAME), ("seven", Contract.SEVEN), ("betl", Contract.BETL),
                               ("durch", Contract.DURCH)):
            laid = row[f"laid5_{name}"]
            if pd.isna(laid):
                assert name == "seven" and pd.isna(row[f"sedma_{trump.token}"])
                continue
            column = {"game": f"hra_makes_{trump.token}", "seven": f"sedma_{trump.token}"}.get(name, name)
            if not row[column]:
                assert not laid  # not made open-handed: not laid down
                continue
            start = contract_position(deal, contract, trump if contract.has_trumps else None)
            position = claim_position4(start, name, solver)
            assert all(len(h) == 8 - (CLAIM_TRICK4 - 1) for h in position.hands)
            assert solver.component(position, name)  # best play keeps the open-hand verdict
            worlds = list(redistributions(position))
            rng.shuffle(worlds)
            breaks = None
            for hands in worlds if not laid else worlds[:100]:
                changes = {"hands": hands}
                if position.called is not None and position.called not in position.hands[0]:
                    changes["partner"] = next(s for s in range(4) if position.called in hands[s])
                try:
                    world = position.replace(**changes)
                except PositionError:
                    continue
                if not solver.component(world, name):
                    breaks = world
                    break
            assert (breaks is None) == bool(laid), (deal.index, name)
            seen.add(bool(laid))
    assert seen == {True, False}


def test_the_contracts_table_script(tmp_path, capsys) -> None:
    """notebooks/contracts_table.py (the docs' contract tables): its "his trump" rows against the
    dealing's contract solved directly."""
    import importlib.util
    from pathlib import Path

    script = Path(__file__).parent.parent / "notebooks" / "contracts_table.py"
    spec = importlib.util.spec_from_file_location("contracts_table", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "four.parquet"
    run_study("uniform", n=10, seed=17, packets="four", analyses="shape,points,best", progress=False, jobs=1,
              output=out)
    module.main([str(out)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "four packets"
    rows = {line.split(" | ")[0].strip("| "): line.split(" | ")[1:] for line in lines[3:-1]}
    solver = Solver()
    dealt = [four_player_position(deal) for deal in deals("four", 17, 10)]
    makes = sum(solver.makes(p) for p in dealt) / 10
    assert rows["hra, his trump"][0].startswith(f"{makes:.3f} ± ")
    alone = sum(p.partner is None for p in dealt) / 10
    assert rows["forehand alone (the called trump his own)"][0].startswith(f"{alone:.3f} ± ")
    points = sum(solver.solve(p).actor_points + sum(held_marriages(p.hands[s], p.trump.token) for s in p.team)
                 for p in dealt) / 10
    assert rows["points in hra, his trump"][0].startswith(f"{points:.1f} ± ")
    with pytest.raises(SystemExit):
        bare = tmp_path / "bare.parquet"
        run_study("uniform", n=2, seed=1, packets="four", analyses="hra", progress=False, jobs=1, output=bare)
        module.main([str(bare)])
