"""Tysiacha's static bounds and the pruning at a trick's last card (cext/tysiacha.c) never change a
value: a C program (tests/c/tysiacha_check.c) compiled here against the search's source checks,
on random positions at a trick start (1 to 4 cards a hand, any trump or none, the first-trick flag
both ways, both marriage tables and options, marriages planted, and half of them with the leader
given the top cards of some suits), that the declarer's cashing bound is never above the value of
a plain minimax over every legal move, the defence's never below it, and ty_value equals it.

Breaking a rule of the bounds (no trump drawn before the side suits are cashed, or one trump too
few; one cheap card too many fed; a marriage declared on the hand's first lead) or of the pruning
(the winning side keeping its lowest touching card, a marriage's king and over-knave counted as
touching, the trick's cards left out of what separates two cards, the trick taken for the side
that holds it however the last card falls) makes it report from 15 to thousands of bad positions
in the quick run."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cprogram import build


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory, "tysiacha_check", "solver.c")


@pytest.mark.parametrize("positions, cards, seed", [
    (30_000, 4, 1),
    pytest.param(300_000, 4, 2, marks=pytest.mark.slow)])  # 5 cards a hand: 11 s of CPU per thousand
def test_bounds_and_pruning_hold_the_minimax_value(program: Path, positions: int, cards: int, seed: int) -> None:
    run = subprocess.run([str(program), str(positions), str(cards), str(seed)], check=False, capture_output=True,
                         text=True)
    last = run.stdout.strip().splitlines()[-1].split()
    fields = dict(zip(last[::2], (int(x) for x in last[1::2])))
    assert run.returncode == 0 and fields["bad"] == 0 and fields["value_bad"] == 0, run.stdout
    assert fields["positions"] == positions
    # the bounds fire on many positions (a third of all are the declarer's leads): they are doing something
    assert fields["lb_fired"] > positions // 6 and fields["ub_fired"] > positions // 4, run.stdout
