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


def test_a_laid_down_hand_is_settled_as_laid_down():
    """csm 12.5: the actor lays his cards down; csm 11.3: the fleker pays the increase for his partner
    too, who pays the base price only. Every world priced so, whatever the cards would have made."""
    import numpy as np

    from analyzer.advice.evaluate import Outcome
    from analyzer.advice.flek import Deal, pay
    from analyzer.advice.options import Option
    from analyzer.advice.table import laid_down
    from analyzer.cards import CardSet, Suit
    from analyzer.contract import Contract
    from analyzer.scoring import parse_result, settle

    twelve = CardSet.from_str(LAID_DOWN)
    sure = Option(Contract.SEVEN, Suit.HEARTS, None, CardSet.from_str("bX aX"))
    assert laid_down(sure, twelve, 0, "csm") is True
    weak = CardSet.from_str("h7 h8 bA bK lO l9 l8 aU a9 a8 bO bU")
    assert laid_down(Option(Contract.SEVEN, Suit.HEARTS, None, CardSet.from_str("bO bU")), weak, 0, "csm") is False
    n = 3
    made = {"game": np.array([True, False, True]), "seven": np.array([True, True, False])}
    outcome = Outcome(made, np.array([60, 30, 90]), np.zeros(n, np.int64), np.full(n, 1), np.zeros(n, np.int64))
    deal = Deal(Contract.SEVEN, Suit.HEARTS, None, 0, "csm", {}, outcome, laid_down=True)
    for seat in range(3):
        got = pay(deal, seat, ("game",), 1)
        # laid down: every part won, so the actor answers the flek on the game with a re
        expected = settle(parse_result({"contract": "seven", "actor": 0, "trump": "h", "unplayed": "laid-down",
                                        "flek": {"game": 2}, "flekers": {"game": [1]}}), "csm").payments[seat]
        assert np.all(got == float(expected)), (seat, got, expected)
    assert pay(deal, 1, ("game",), 1)[0] < pay(deal, 2, ("game",), 1)[0]  # the fleker pays more


def test_the_money_of_a_laid_down_hand_is_priced_laid_down(monkeypatch):
    """csm 12.5 at the table: when the check says the hand is laid down, every payment of the
    actor's money (not the played-out figure, not the defenders' own advice) is priced laid down."""
    import numpy as np

    from analyzer.advice import table
    from analyzer.advice.options import Option
    from analyzer.advice.worlds import split_source
    from analyzer.cards import CardSet, Suit
    from analyzer.contract import Contract

    twelve = CardSet.from_str(LAID_DOWN)
    option = Option(Contract.SEVEN, Suit.HEARTS, None, CardSet.from_str("h9 h8"))
    batch = split_source(twelve, 0).draw(np.random.default_rng(2), 10)
    seen = []
    inner = table.pay

    def recorded(deal, seat, choice, fleker, **kw):
        seen.append((seat, kw.get("played_out", False), deal.laid_down))
        return inner(deal, seat, choice, fleker, **kw)

    monkeypatch.setattr(table, "pay", recorded)
    table._PICKS.clear()
    got = table.at_table(option, twelve, batch, 0, "csm", {}, seed=2)
    assert got["laid_down"] is True
    money = [down for seat, played_out, down in seen if seat == 0 and not played_out]
    assert money and all(money)
    assert not any(down for seat, _, down in seen if seat != 0)  # the defenders' advice: played
    # (the played-out figure gets the deal as it is, and pay() leaves 12.5 out of it: played_out)


def test_a_hundred_in_basic_and_licit_is_priced_at_the_table_and_defended():
    """Basic and licit: no hundred without a marriage, and a quiet trump seven to settle. The
    defenders' pictures of the actor's hand hold a marriage (each one drawn is checked), and the
    money at the table settles without the errors it once raised ("needs the trump seven's fate",
    "hundred announced without any marriage")."""
    import random

    import numpy as np

    from analyzer.advice import defender_view
    from analyzer.advice.worlds import DealSource, marriage_bits
    from analyzer.cards import CardSet

    own = CardSet.from_str("hA hX bA bX lA l7 l8 l9 aU a7").mask
    for married in (True, False):
        batch = DealSource(1, 0, own, False, 0, actor_married=married).draw(np.random.default_rng(1), 400)
        has = marriage_bits(batch.hands[:, 0]) != 0
        assert has.all() if married else not has.all()
    for rules in ("basic", "licit"):
        advice = defender_view("hA hX bA bX lA l7 l8 l9 aU a7", "hundred", trump="h", actor=0, seat=1,
                               rules=rules, worlds=40, jobs=2)
        assert advice.options
        for seed in (0, 1):
            rng = random.Random(seed)
            cards = list(range(32))
            rng.shuffle(cards)
            twelve = CardSet(sum(1 << c for c in cards[:12]))
            advice = actor_view(twelve, rules=rules, contracts=["hundred", "hundred-seven"], worlds=40, seed=seed,
                                jobs=2)
            assert all("at_table" in row for row in advice.options[:1])
            assert np.isfinite(advice.options[0]["at_table"]["expected_payment"])
