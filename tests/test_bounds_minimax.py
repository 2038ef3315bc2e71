"""The core's static bounds (cext/solver.c's bounds(): the cashing plan, the top trumps, what the
other side must feed to sure tricks, the last trick) never exclude a position's value: a C
program (tests/c/bounds_check.c) compiled here against the core's source checks them, and
mr_value, against a plain minimax on random positions at a trick start (2 to 4 seats, any
trump, either side maximising, marriages, announced cards, random sharp cards; half of them
with every trump in play in one hand). Breaking a bound's condition (the lead the last-trick
rule counts, one card too many fed) makes it report hundreds of bad positions.

Up to 20,000 more have no trump in play and a player not on lead holding the top card of each
suit the leader holds: nothing else half the time (``masters_take_all``: his side takes every
trick), else other cards too (``masters_of_the_leads``: he wins the first trick, then his cashing
plan holds). Letting the first fire without his holding each suit the leader holds, or counting
the second's plan with the card of the first trick still in his hand, or one unit more, makes
them report hundreds of bad positions.

As many positions again (at most 120,000) have a boolean goal (a seven, two sevens, random goal
cards and tricks, betl, durch; with three seats the actor's sure plan one time in four), either
side maximising, each goal card dealt to a random seat: seven-against asks a defender's seven
with the defence maximising, and a defender's view of it draws worlds with that seven in the
actor's hand. The old rule for a lost seven ("an opponent of the maximiser holds nothing but
trumps", which counted the seven's own holder when he is not of the maximiser's side) made 538
of 30,000 wrong (seed 1); with it mended, the proofs of a won seven read for goal cards, tricks
or announced cards other than the announced seven's and two sevens', 5.

As many positions again (at most 60,000) are played by the actor's sure plan (three seats,
up to two cards more a hand), three in four of them with the defence to lead holding one
trump (``policy_last_trump``): the bounds and mr_value must give the plan's value against
the defence's best. Dropping that bound's second trump or the trick its trump may take makes
it report bad positions; so did the table's key without the actor's own cards (fixed: the
plan compares his ranks across suits, which the squeeze does not keep)."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cprogram import build


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory, "bounds_check")


@pytest.mark.parametrize("positions, cards, seed", [
    (30_000, 4, 1),
    pytest.param(300_000, 4, 2, marks=pytest.mark.slow)])  # 5 cards: 3,000 take minutes (4 seats)
def test_bounds_hold_the_minimax_value(program: Path, positions: int, cards: int, seed: int) -> None:
    run = subprocess.run([str(program), str(positions), str(cards), str(seed)], check=False, capture_output=True,
                         text=True)
    lines = run.stdout.strip().splitlines()
    plan, masters, goals, last = lines[-4].split(), lines[-3].split(), lines[-2].split(), lines[-1].split()
    assert run.returncode == 0 and last[3] == "0" and plan[:2] == ["policy", "positions"] and plan[4] == "0", run.stdout
    # the positions built for the masters' bounds: they apply to most, and never err
    assert masters[:2] == ["masters", "positions"] and masters[4] == "0", run.stdout
    assert int(masters[6]) > int(masters[2]) * 3 // 4, run.stdout
    # the boolean goals: a goal card held outside the maximiser's side in many, the lost seven's
    # bound firing in some, and never an error
    stats = dict(zip(goals[1::2], map(int, goals[2::2])))
    assert goals[0] == "goals" and stats["bad"] == 0 and stats["positions"] == min(positions, 120_000), run.stdout
    assert stats["other_side"] > stats["positions"] // 5 and stats["lost"] > stats["positions"] // 40, run.stdout
    # the bounds settle most of these positions alone: they are doing something
    assert float(last[5]) > 50 and float(last[7]) > 40, run.stdout
    # the plan's bound for the defence's last trump applies to many of the plan's positions
    assert int(plan[6]) > int(plan[2]) // 5, run.stdout
