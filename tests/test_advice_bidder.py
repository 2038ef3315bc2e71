"""The bidder's figures come from worlds that did not choose the option (cross-fitting): no upward drift."""
from __future__ import annotations

import math

from analyzer.advice import actor_view, bidder_view

# Two sevens of the same strength (hearts and acorns) and a harmless talon of two low side cards:
# the best of two noisy means, taken on the worlds that chose it, drifts up as the worlds shrink.
HAND = "hK hO h9 h7 aK aO a9 a7 bA lA"
TALON = "b8 l8"


def test_bidder_equals_the_actor_view_and_does_not_drift_as_worlds_per_talon_shrink():
    actor = actor_view(HAND, talon=TALON, contracts=["seven"], worlds=400, seed=5).best
    assert actor["discard"] == TALON.split()  # the bidder's rule-of-thumb discard, so the same option set
    figures = {}
    for worlds in (4, 16, 64):
        advice = bidder_view(HAND, talons=[TALON] * 6, units=worlds // 2, seed=7, contracts=["seven"])
        row = {o["level"]: o for o in advice.options}["seven"]
        figures[worlds] = row
        error = math.hypot(row["payment_stderr"], actor["payment_stderr"])
        assert abs(row["expected_payment"] - actor["expected_payment"]) <= 3 * error, (worlds, row, actor)
    # no upward drift: the figure on 4 worlds per talon is not above the one on 64 beyond its error
    small, large = figures[4], figures[64]
    assert small["expected_payment"] <= large["expected_payment"] + 2 * math.hypot(
        small["payment_stderr"], large["payment_stderr"])


def test_each_level_names_what_is_played_and_the_answer_has_its_paired_error():
    advice = bidder_view("hA hX hK hO h9 h7 bA bX aA a7", talons=4, units=4, seed=2)
    for row in advice.options:
        assert row["played"][0]["share"] > 0 and "ci95" in row and "makes" in row["ci95"]
    answer = advice.summary["worth_holding"]
    if answer is not None:
        assert answer["level"] == advice.summary["highest_level_worth_holding"]
        assert answer["expected_payment"] > 0
        assert answer["expected_payment"] == max(row["expected_payment"] for row in advice.options)
        if "over_next" in answer:
            assert answer["over_next"]["stderr"] >= 0


def test_each_level_is_priced_at_the_table_on_sampled_talons():
    from analyzer.advice import bidder_view
    from analyzer.cli.advise import render

    hand = "h: A X K O 9 7  b: A X  l: A K"
    advice = bidder_view(hand, talons=3, units=2, seed=4, jobs=1, contracts=["seven", "hundred"])
    plain = bidder_view(hand, talons=3, units=2, seed=4, jobs=1, contracts=["seven", "hundred"], table=False)
    for row, other in zip(advice.options, plain.options):
        table = row["at_table"]
        assert table["talons"] == 3 and table["worlds"] > 0
        assert abs(sum(table["defence_fleks"].values()) - 1) < 1e-9
        # the table's talons are drawn apart: the played-out figures are the same without them
        assert "at_table" not in other and other["expected_payment"] == row["expected_payment"]
    assert "sampled talons]" in render(advice)


def test_the_bidder_chooses_and_reports_as_with_exact_points_on_every_option(monkeypatch):
    """Exact payments only where a choice or a report can need them (the bounds rule out the rest):
    the same table as exact points on every option."""
    import functools

    from analyzer.advice import bidder

    hand = "h: K O 9 8  b: A X 7  l: A K  a: 8"
    runs = []
    for exact in (False, True):
        if exact:
            monkeypatch.setattr(bidder, "Context", functools.partial(bidder.Context, exact_redo=True))
        advice = bidder.bidder_view(hand, talons=6, units=4, seed=5, jobs=1, table=False)
        runs.append([{k: v for k, v in row.items()} for row in advice.options])
    assert runs[0] == runs[1]


def test_sampled_talons_are_unbiased_against_every_talon_and_state_their_spread():
    """The default bidder samples talons (uniformly, without replacement): over seeds its figure
    centres on the one over all 231 talons, and the error it states (between the talons with the
    finite population correction, and within them) is the spread of its figure over seeds; an
    error of the worlds alone would be several times too small here (the talon decides a seven)."""
    import numpy as np

    hand, contracts = "hA hK hO h7 bU b9 l8 l7 aO a9", ["seven", "hundred"]
    every = {o["level"]: o for o in bidder_view(hand, talons="all", units=2, seed=1, contracts=contracts,
                                                table=False, jobs=1).options}["seven"]
    assert every["exact_talons"] and every["talons"] == every["talons_of"] == 231
    means, errors = [], []
    for seed in range(10):
        row = {o["level"]: o for o in bidder_view(hand, talons=24, units=2, seed=100 + seed, contracts=contracts,
                                                  table=False, jobs=1).options}["seven"]
        assert row["talons"] == 24 and row["talons_of"] == 231 and not row["exact_talons"]
        means.append(row["expected_payment"])
        errors.append(row["payment_stderr"])
    spread = float(np.std(means, ddof=1))
    assert abs(float(np.mean(means)) - every["expected_payment"]) <= 3 * math.hypot(every["payment_stderr"],
                                                                                   spread / math.sqrt(10))
    # the stated error is the spread over seeds (chi-square on 9 degrees: a ratio of 0.3 to 2.1 at 98 %)
    assert 0.3 <= float(np.mean(np.square(errors))) / spread ** 2 <= 3.0, (errors, spread)
    # and the worlds' error alone (every talon's) would not cover it
    assert every["payment_stderr"] * math.sqrt(231 / 24) < 0.7 * spread
