"""Tysiacha's advice and study: the figures are what single exact solves give on the report
splits, chosen elsewhere; same seed, same numbers."""
from __future__ import annotations

import itertools

import numpy as np

from analyzer.cards import Card, CardSet
from analyzer.tysiacha.advice import (
    advise_after_widow,
    advise_bidding,
    best_final_bid,
    pass_candidates,
    position_after_pass,
    split_worlds,
    totals,
)
from analyzer.tysiacha.game import DECK, Rules
from analyzer.tysiacha.solver import total
from analyzer.tysiacha.study import run_study, summarise

HAND10 = CardSet.from_str("hA hK hO bA bX b9 lU l9 aA a9")


def test_pass_candidates_keep_a_marriage_and_come_in_both_orders() -> None:
    cands = pass_candidates(HAND10)
    assert len(cands) == 2 * 28  # 8 cards outside the heart marriage: 28 pairs, each either way
    assert all(Card.from_str("hK") not in c and Card.from_str("hO") not in c for c in cands)
    cheap = pass_candidates(HAND10, limit=1)
    assert len(cheap) == 2 and {str(c) for c in cheap[0]} == {"b9", "l9"}  # no points, lowest cards


def test_batch_totals_are_single_solves() -> None:
    unseen = [int(c) for c in DECK - HAND10]
    worlds = split_worlds(unseen, 12, np.random.default_rng(1))
    passed = (Card.from_str("l9"), Card.from_str("a9"))
    got = totals(HAND10, passed, worlds, Rules())
    for w, v in zip(worlds, got):
        p = position_after_pass(HAND10, passed, CardSet(int(w)), 100)
        assert len(p.hands[1]) == len(p.hands[2]) == len(p.hands[0]) == 8
        assert total(p) == v


def test_final_bid() -> None:
    values = np.array([150, 150, 160, 200])
    assert best_final_bid(values, 100, "seed") == 100
    assert best_final_bid(values, 100, "standard") == 150  # 150 sure beats 160 at 3/4 (80)
    assert best_final_bid(np.array([300] * 5), 120, "standard") == 300


def test_after_widow_reports_on_other_splits_and_repeats() -> None:
    a = advise_after_widow(HAND10, 100, choose_worlds=8, report_worlds=16, seed=3, limit=2)
    b = advise_after_widow(HAND10, 100, choose_worlds=8, report_worlds=16, seed=3, limit=2)
    assert a.to_dict() | {"seconds": 0} == b.to_dict() | {"seconds": 0}
    unseen = [int(c) for c in DECK - HAND10]
    report = split_worlds(unseen, 16, np.random.default_rng([3, 1]))
    choose = split_worlds(unseen, 8, np.random.default_rng([3, 0]))
    assert not np.array_equal(report[:8], choose)  # the figures come from splits not used to choose
    assert a.mean_total == totals(HAND10, a.passed, report, Rules()).mean()
    assert a.final_bid["seed"] == 100
    ps = [r["p"] for r in a.raises]
    assert ps == sorted(ps, reverse=True)


def test_bidding_rows() -> None:
    hand = CardSet.from_str("hA hK hO bA bX a9 lU")
    a = advise_bidding(hand, widows=4, choose_worlds=2, report_worlds=2, seed=1, jobs=2, limit=1)
    b = advise_bidding(hand, widows=4, choose_worlds=2, report_worlds=2, seed=1, jobs=1, limit=1)
    assert a.rows == b.rows  # threads do not change the numbers
    seeds = [r["seed"]["mean"] for r in a.rows]
    assert all(abs((x - y) - 10) < 1e-6 for x, y in itertools.pairwise(seeds))  # total - bid
    ps = [r["p"]["mean"] for r in a.rows]
    assert ps == sorted(ps, reverse=True)
    assert a.rows[0]["worlds"] == 8
    assert a.rows[0]["bid"] == 100 and a.rows[0]["mean_final_bid_standard"] == 100  # the obliged may not raise
    assert all(r["allowed_standard"] for r in a.rows)  # the heart marriage in hand
    bare = advise_bidding(CardSet.from_str("hA hX bA bX a9 lU l9"), widows=2, choose_worlds=1, report_worlds=1,
                          limit=1)
    assert [r["allowed_standard"] for r in bare.rows] == [r["bid"] <= 120 for r in bare.rows]


def test_study_same_seed_same_table() -> None:
    a = run_study(12, seed=5)
    b = run_study(12, seed=5)
    assert a.equals(b)
    s = summarise(a)
    assert s["deals"] == 12 and 0 <= s["marriage_in_7"]["p"] <= s["marriage_in_10"]["p"] <= 1
