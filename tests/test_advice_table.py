"""The actor's money at the table: the defence fleks by its own advice, csm 12.3 when nobody does."""
from __future__ import annotations

from analyzer.advice import actor_view

LAID_DOWN = "hA hX hK hO hU h9 h8 h7 bA bX aA aX"  # every trump: the seven and the game are sure


def test_a_sure_seven_gains_from_every_flek_the_defence_says():
    advice = actor_view(LAID_DOWN, worlds=20, seed=2, contracts=["seven"])
    best = advice.options[0]
    assert best["stage"] == "confirmed" and best["trump"] == "h" and best["p_make"]["makes"] == 1.0
    table = best["at_table"]
    assert table["worlds"] == 20 and abs(sum(table["defence_fleks"].values()) - 1) < 1e-9
    # A defender sees only his own cards (the actor's hand uniform among those holding the seven),
    # so he often fleks; the actor makes everything and answers with a re: each flek only adds.
    # Where nobody fleks, csm 12.3: 2 Kč from each in hearts, played-out worth 2 Kč each too.
    assert table["minus_cards_worth"] >= 0
    if table["defence_fleks"].get("no flek") == 1.0:
        assert table["expected_payment"] == 4.0


def test_screened_rows_carry_no_table_figure_and_the_cli_prints_it():
    from click.testing import CliRunner

    from analyzer.cli import main

    result = CliRunner().invoke(main, ["advise", *LAID_DOWN.split(), "--worlds", "20", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "at the table" in result.output
    advice = actor_view(LAID_DOWN, worlds=20, seed=2, contracts=["seven", "betl"])
    for row in advice.options:
        assert ("at_table" in row) == (row["stage"] == "confirmed")
