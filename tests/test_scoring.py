"""Payments under the three rule sets, tied to the seeds' text (issue 4).

Section numbers ``csm x.y`` are those of the Czech 25-haléř licitovaný rules;
"basic" and "licit" quote the rule pages (English and German); docs/rules.md
names both sources.
"""
from __future__ import annotations

import copy
import math
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from analyzer import bidding
from analyzer.contract import Contract
from analyzer.errors import MariasError, ResultError
from analyzer.scoring import (
    Settlement,
    parse_result,
    resolve,
    rule_set,
    settle,
    settle_json,
)
from analyzer.scoring.tables import AGAINST, HUNDREDS


def settled(data: dict[str, Any], rules: str = "csm", **options: Any) -> Settlement:
    return settle(parse_result(data), rules, **options)


def pays(data: dict[str, Any], rules: str = "csm", **options: Any) -> list[Fraction]:
    return list(settled(data, rules, **options).payments)


def line_amount(settlement: Settlement, starts: str) -> Fraction:
    """The amount of the one line whose description starts with ``starts``."""
    found = [line.amount for line in settlement.lines if line.description.startswith(starts)]
    assert len(found) == 1, [line.description for line in settlement.lines]
    return found[0]


def seven(trump: str = "b", actor: int = 0, fate: str = "won", **extra: Any) -> dict[str, Any]:
    """A played seven (Hra a Sedma) with the actor winning the game 60 to 30."""
    data = {"contract": "seven", "trump": trump, "actor": actor, "points": {"actor": 60, "defence": 30},
            "marriages": {}, "trump_seven": {"seat": actor, "fate": fate}}
    data.update(extra)
    return data


def hundred(points: int, marriages: str, trump: str = "b", contract: str = "hundred", actor: int = 0,
            **extra: Any) -> dict[str, Any]:
    # The trump seven played early by a defender: no quiet seven under basic and licit.
    data = {"contract": contract, "trump": trump, "actor": actor,
            "points": {"actor": points, "defence": 90 - points}, "marriages": {"actor": marriages},
            "trump_seven": {"seat": (actor + 1) % 3, "fate": "early"}}
    data.update(extra)
    return data


# --- csm: the Czech rules -----------------------------------------------------------

def test_csm_10_9_better_seven_re_on_seven_flek_on_game_lost_seven_120_is_free() -> None:
    """csm 10.9: seven (re, better) lost costs 4 Kč; the fleked game 1 Kč plus 1 Kč for the quiet
    hundred and 1 Kč for each of 110 and 120: 4 Kč; "a game for free"."""
    s = settled(seven("h", fate="killed", flek={"seven": 2, "game": 1}, points={"actor": 80, "defence": 10},
                      marriages={"actor": "h"}))
    assert line_amount(s, "seven lost") == 4
    assert line_amount(s, "quiet hundred 120") == 4
    assert s.payments == (0, 0, 0)


def test_csm_10_9_quiet_hundred_counts_every_marriage() -> None:
    """csm 10.9: the quiet hundred counts "all marriages" (3 x 20 + 50 = 110); the rule pages count one
    marriage towards 100, so under basic the same points are a plain game."""
    data = seven(flek={"game": 2}, points={"actor": 50, "defence": 40}, marriages={"actor": "hla"})
    csm = settled(data)
    # re on the game: 0.25 x 4 = 1 Kč per game price; 110 = (2 + 1) prices.
    assert line_amount(csm, "quiet hundred 110") == 3
    basic = settled(data, "basic")
    assert line_amount(basic, "game won 110 to 40") == 4  # 1 unit, re x4


def test_csm_10_9_the_defence_scores_a_quiet_hundred_too() -> None:
    """csm 10.9: "některá z protistran" - either side: 30 + three marriages = 90, 30 + 80 = 110 for the defence."""
    s = settled(seven(flek={"seven": 1}, points={"actor": 40, "defence": 50}, marriages={"defence": "hla"}))
    assert line_amount(s, "quiet hundred 110 for the defence") == Fraction(3, 4)
    # seven won 1 Kč against 0.75 Kč: the actor nets 0.25, rounded up to 1 (16.2).
    assert s.payments == (2, -1, -1)


@pytest.mark.parametrize("marriages, owed", [("b", 1), ("l", 3), ("", 5)])
def test_csm_10_3_failed_hundred_costs_each_ten_the_defence_took_beyond_its_allowance(marriages: str,
                                                                                      owed: int) -> None:
    """csm 10.3: the defence's 40 points less 30 with a trump marriage, less 10 with another one, plus 10
    without any, divided by 10, times 1 Kč."""
    assert pays(hundred(50, marriages)) == [-2 * owed, owed, owed]


def test_csm_10_3_failed_better_hundred_and_its_flek_multiply_the_tens() -> None:
    """csm 10.3 "vynásobí sazbou": better sto 2 Kč a ten, flek doubles: 40 defence points, trump marriage."""
    assert pays(hundred(50, "h", trump="h", flek={"hundred": 1})) == [-8, 4, 4]


def test_csm_10_3_a_made_hundred_pays_its_price_whatever_it_made() -> None:
    """csm 10.3/16.1 price the made sto at 1 Kč; tens above 100 are paid only on the quiet hundred (10.9)."""
    assert pays(hundred(90, "bl")) == [2, -1, -1]


def test_csm_10_3_only_one_marriage_counts_to_reach_100() -> None:
    """csm 10.3: 70 points with two 20s is 90 with one marriage: failed by one ten."""
    assert pays(hundred(70, "la")) == [-2, 1, 1]


LEVELS = [
    ("seven", {"contract": "seven", "trump": "b", "actor": 0}),
    ("better-seven", {"contract": "seven", "trump": "h", "actor": 0}),
    ("hundred", hundred(60, "b")),
    ("hundred-seven", hundred(60, "b", contract="hundred-seven", trump_seven={"seat": 0, "fate": "won"})),
    ("better-hundred", hundred(60, "h", trump="h")),
    ("better-hundred-seven", hundred(60, "h", trump="h", contract="hundred-seven",
                                     trump_seven={"seat": 0, "fate": "won"})),
    ("betl", {"contract": "betl", "actor": 0, "actor_tricks": 0}),
    ("durch", {"contract": "durch", "actor": 0, "actor_tricks": 10}),
    ("two-sevens", {"contract": "two-sevens", "trump": "b", "side_suit": "l", "actor": 0,
                    "trump_seven": {"seat": 0, "fate": "won"}, "side_seven": {"seat": 0, "fate": "won"}}),
    ("two-sevens-hundred", hundred(60, "b", contract="two-sevens-hundred", side_suit="l",
                                   trump_seven={"seat": 0, "fate": "won"}, side_seven={"seat": 0, "fate": "won"})),
    ("better-two-sevens", {"contract": "two-sevens", "trump": "h", "side_suit": "l", "actor": 0,
                           "trump_seven": {"seat": 0, "fate": "won"}, "side_seven": {"seat": 0, "fate": "won"}}),
    ("better-two-sevens-hundred", hundred(60, "h", trump="h", contract="two-sevens-hundred", side_suit="l",
                                          trump_seven={"seat": 0, "fate": "won"},
                                          side_seven={"seat": 0, "fate": "won"})),
]
CSM_16_1_PRICES = ["0.75", "1.50", "1", "1.50", "2", "3", "3", "5", "6", "7", "9", "11"]


@pytest.mark.parametrize("index", range(12))
def test_csm_16_1_each_level_won_unfleked_pays_its_price_rounded_up_16_2(index: int) -> None:
    """csm 16.1 "Cena" of each of the twelve levels, each defender paying; 16.2 rounds up to whole Kč."""
    bid, data = LEVELS[index]
    price = Fraction(CSM_16_1_PRICES[index])
    assert bidding.level_price(bid) == price
    assert pays(data, round_up=False) == [2 * price, -price, -price]
    assert pays(data) == [2 * math.ceil(price), -math.ceil(price), -math.ceil(price)]


def test_csm_16_2_rounds_the_net_amount_not_each_component() -> None:
    """csm 16.2 with 12.3: game 0.25 + seven 0.50 is 1 Kč ("aktér bere po 1 Kč"), not 1 + 1."""
    s = settled({"contract": "seven", "trump": "b", "actor": 1})
    assert s.payments == (-1, 2, -1)
    assert line_amount(s, "rounded up") == Fraction(1, 4)


def test_csm_16_2_rounds_up_what_the_actor_pays_too() -> None:
    """csm 16.2: game won 0.25 and seven (flek) lost 1: the actor owes 0.75 and pays 1 Kč."""
    assert pays(seven(fate="early", flek={"seven": 1})) == [-2, 1, 1]


def test_csm_12_1_nobody_takes_the_talon_is_free() -> None:
    """csm 12.1: "nikdo nevezme talón: zadarmo"."""
    s = settled({"unplayed": "passed"})
    assert s.payments == (0, 0, 0) and not s.played


def test_csm_12_2_omyl_costs_the_actor_2_kc_each() -> None:
    """csm 12.2: a seven the actor will not play, Omyl: "aktér platí po 2 Kč"."""
    assert pays({"unplayed": "give-up", "actor": 2, "contract": "seven"}) == [2, 2, -4]


def test_csm_12_2_only_the_lowest_level_may_be_given_up() -> None:
    """csm 6.3: "je-li vylicitován nejnižší stupeň - Sedma"."""
    with pytest.raises(ResultError, match="only the lowest bid"):
        settled({"unplayed": "give-up", "actor": 2, "contract": "hundred", "trump": "b"})


@pytest.mark.parametrize("trump, each", [("b", 1), ("h", 2)])
def test_csm_12_3_seven_without_any_flek_is_not_played_actor_takes_1_or_2(trump: str, each: int) -> None:
    """csm 12.3: "aktér bere po 1 Kč (2 Kč v lepších)" - whatever the cards would have done."""
    data = seven(trump, fate="killed", points={"actor": 20, "defence": 70})
    s = settled(data)
    assert s.payments == (2 * each, -each, -each) and not s.played
    # Played out instead (option unplayed off), the same cards lose both.
    assert pays(data, unplayed=False)[0] < 0


@pytest.mark.parametrize("trump", ["b", "h"])
def test_csm_12_4_seven_with_flek_on_the_game_only_is_free(trump: str) -> None:
    """csm 12.4: "Sedma s flekem pouze na hru: zadarmo"."""
    s = settled({"contract": "seven", "trump": trump, "actor": 0, "flek": {"game": 1}})
    assert s.payments == (0, 0, 0)
    assert {line.description for line in s.lines} >= {"game lost (not played, csm 12.4), flek x2"
                                                     + (", hearts" if trump == "h" else "")}


def test_csm_12_5_and_11_3_laid_down_betl_fleker_pays_the_increase_for_his_partner() -> None:
    """csm 11.3: the defender who fleked a laid-down game pays the increase, re included, for both
    defenders; his partner pays the base price. Betl 3 Kč with flek and re: 12 Kč each otherwise."""
    data = {"contract": "betl", "actor": 0, "unplayed": "laid-down", "flek": {"betl": 2}, "flekers": {"betl": [1]}}
    # base 3 each; increase 3 x (4 - 1) = 9 per defender, both paid by seat 1.
    assert pays(data) == [24, -21, -3]
    # The licitovaný page is silent on laid-down games: csm 11.3 applies.
    assert pays(data, "licit") == [40, -35, -5]


def test_csm_11_3_each_fleker_pays_for_his_own_flek_and_the_re_after_it() -> None:
    """csm 11.3 with two defenders fleking: flek (seat 2), re, super (seat 1) on a laid-down durch."""
    data = {"contract": "durch", "actor": 0, "unplayed": "laid-down", "flek": {"durch": 3},
            "flekers": {"durch": [2, 1]}}
    # base 5; seat 2's flek and the re: 5 x 3 = 15 per defender; seat 1's super: 5 x 4 = 20 per defender.
    assert pays(data) == [80, -5 - 40, -5 - 30]
    with pytest.raises(ResultError, match="flekers"):
        pays({"contract": "durch", "actor": 0, "unplayed": "laid-down", "flek": {"durch": 1}})


def test_csm_12_6_two_sevens_against_four_side_cards_is_not_played() -> None:
    """csm 12.6 gives no payment for two sevens against four side cards in one defender's hand."""
    data = {"contract": "two-sevens", "trump": "b", "side_suit": "l", "actor": 1, "unplayed": "four-side-cards",
            "flek": {"two-sevens": 1}}
    assert pays(data) == [0, 0, 0]
    with pytest.raises(ResultError, match="four side cards"):
        pays({**data, "contract": "two-sevens-hundred"})


@pytest.mark.parametrize("contract_data, component, limit", [
    (seven(), "game", 6), (seven(), "seven", 6), (hundred(60, "b"), "hundred", 4),
    ({"contract": "betl", "actor": 0, "actor_tricks": 0}, "betl", 4),
])
def test_csm_8_4_at_most_four_fleks_six_on_hra_a_sedma(contract_data: dict[str, Any], component: str,
                                                       limit: int) -> None:
    """csm 8.4: "Maximální počet fleků je 4, při závazku Hra a Sedma (i lepší) 6"."""
    settled({**contract_data, "flek": {component: limit}})
    with pytest.raises(ResultError, match=f"flek level {limit + 1} on {component} is past the limit {limit}"):
        settled({**contract_data, "flek": {component: limit + 1}})


def test_csm_8_5_one_defender_fleks_at_most_twice_in_a_row() -> None:
    """csm 8.5: a defender who gave flek and super cannot give tutti; his partner can."""
    settled(seven(flek={"game": 5}, flekers={"game": [1, 2, 1]}))
    with pytest.raises(ResultError, match="three times in a row"):
        settled(seven(flek={"game": 5}, flekers={"game": [1, 1, 1]}))


def test_csm_8_has_no_announcements_against() -> None:
    """csm 8: the defence only fleks; there is no seven or hundred against."""
    with pytest.raises(ResultError, match="no announcements against"):
        settled(seven(against=["seven"]))
    with pytest.raises(ResultError, match="does not exist in csm"):
        settled({"contract": "seven-against", "trump": "b", "actor": 0})


def test_csm_17_6_flek_on_a_betl_on_three_suits_betl_lost() -> None:
    """csm 17.6: "aktér platí 15 Kč (2x 6 + 3), flekující hráč obdrží 12 Kč ..., druhý obránce obdrží 3 Kč"."""
    data = {"contract": "betl", "actor": 0, "actor_tricks": 1, "flek": {"betl": 1}, "flekers": {"betl": [2]},
            "holding": {"suits": 3}}
    assert pays(data) == [-15, 3, 12]
    # The bonus rewards a flek that beat the betl: none when the betl is won, none on four suits.
    won = {**data, "actor_tricks": 0, "holding": {"suits": 3, "six": False, "catching_aces": 0}}
    assert pays(won) == [12, -6, -6]
    assert pays({**data, "holding": {"suits": 4}}) == [-12, 6, 6]


def test_csm_17_1_flek_on_a_durch_on_two_catchers_except_two_bare_aces() -> None:
    """csm 17.1: "Flek na durcha na 0-2 chytáky 5 Kč", "kromě případu, kdy oba 2 chytáky jsou plonková esa"."""
    data = {"contract": "durch", "actor": 2, "actor_tricks": 9, "flek": {"durch": 1}, "flekers": {"durch": [0]},
            "holding": {"catchers": 2, "bare_ace_catchers": False}}
    # durch 5 Kč x 2 to each defender; the fleker (seat 0) 5 Kč from the actor and 5 Kč from his partner.
    assert pays(data) == [20, 5, -25]
    assert pays({**data, "holding": {"catchers": 2, "bare_ace_catchers": True}}) == [10, 10, -20]


@pytest.mark.parametrize("trump, trumps, actor, bonus", [
    ("b", 3, 0, 3), ("b", 3, 1, 4),      # 17.1: with the lead 3 Kč, without 4 Kč
    ("b", 2, 0, 6), ("b", 1, 1, 16),     # 17.2: each trump fewer doubles
    ("h", 3, 0, 6), ("h", 2, 1, 16),     # 17.3: better seven doubles
    ("b", 4, 0, 0),
])
def test_csm_17_1_seven_on_three_trumps(trump: str, trumps: int, actor: int, bonus: int) -> None:
    """csm 17.1 "Sedma na 3 trumfy 3 Kč / 4 Kč", 17.2, 17.3; the actor is paid by both defenders (17.5)."""
    data = seven(trump, actor, flek={"seven": 1}, holding={"trumps": trumps})
    s = settled(data, round_up=False)
    without = settled({k: v for k, v in data.items() if k != "holding"}, round_up=False)
    assert s.payments[actor] - without.payments[actor] == 2 * bonus


def test_csm_17_1_footnote_the_seven_bonus_is_paid_even_when_not_played() -> None:
    """csm 17.1 *: "I pokud se hra nehraje dle bodu 12, má aktér nárok na bonusové Kč" (12.3: 1 Kč + 3 Kč)."""
    assert pays({"contract": "seven", "trump": "b", "actor": 0, "holding": {"trumps": 3}}) == [8, -4, -4]


def test_csm_17_5_no_bonus_for_a_lost_seven() -> None:
    """csm 17.5: bonuses "při vyhrané hře a splněné podmínce"."""
    s = settled(seven(fate="killed", flek={"seven": 1}, holding={"trumps": 3}))
    assert not [line for line in s.lines if line.description.startswith("bonus")]


@pytest.mark.parametrize("holding, with_lead, without_lead", [
    ({"trumps": 6}, 4, 5),                                       # 5-6 trumps, no sharp card
    ({"trumps": 6, "trump_ace": True}, 0, 0),
    ({"trumps": 4, "trump_ace": True, "trump_ten": True}, 0, 5),  # ** 0 Kč with the lead
    ({"trumps": 3, "trump_ace": True, "trump_ten": True}, 8, 10),  # ** "4 Kč je pro počítání na 2-3 trumfy"
    ({"trumps": 4, "trump_ace": True}, 5, 6),                    # without the ten
    ({"trumps": 4, "trump_ten": True}, 6, 8),                    # without the ace
    ({"trumps": 4}, 8, 10),                                      # without both
    ({"trumps": 2}, 32, 40),                                     # 17.2: two trumps fewer, x4
])
def test_csm_17_1_hundred_on_few_trumps(holding: dict[str, Any], with_lead: int, without_lead: int) -> None:
    """csm 17.1 the "Sto na ... trumfy" rows (made with the trump marriage: no "na 20" extra)."""
    holding = {"trump_ace": False, "trump_ten": False, **holding}
    for actor, bonus in ((0, with_lead), (2, without_lead)):
        data = hundred(60, "b", actor=actor, holding=holding)
        assert pays(data)[actor] == 2 * (1 + bonus)


def test_csm_17_1_hundred_on_four_trumps_on_a_twenty_and_better() -> None:
    """csm 17.1 "Sto na 4 trumfy na 20 - bonus 4 Kč", 17.3 "Lepší sto = dvojnásobek"."""
    # 80 + 20 = 100, no trump marriage: 8 (without both sharp cards) + 4 (na 20), with the lead.
    holding = {"trumps": 4, "trump_ace": False, "trump_ten": False}
    assert pays(hundred(80, "l", holding=holding))[0] == 2 * (1 + 8 + 4)
    # Better: sto 2 Kč, bonuses doubled.
    assert pays(hundred(80, "l", trump="h", holding=holding))[0] == 2 * (2 + 16 + 8)


TWO_SEVENS_HUNDRED_4 = hundred(60, "b", contract="two-sevens-hundred", side_suit="l",
                               trump_seven={"seat": 0, "fate": "won"}, side_seven={"seat": 0, "fate": "won"},
                               holding={"trumps": 4, "trump_ace": False, "trump_ten": True, "side_cards": 4})


def test_csm_17_8_two_sevens_and_hundred_on_four_trumps_pays_its_bonuses_side_by_side() -> None:
    """csm 17.8: both made on 4 trumps: the two-sevens-and-hundred row, the hundred row, the four side
    cards row; and the "na 4 trumfy bez esa" extra."""
    s = settled(TWO_SEVENS_HUNDRED_4)
    bonuses = sorted(line.amount for line in s.lines if line.description.startswith("bonus"))
    assert bonuses == [3, 5, 6, 8]  # bez esa 3, 4 pomocné 5, sto bez esa 6, 2x7+100 na 4 trumfy 8
    assert s.payments[0] == 2 * (7 + 22)


def test_csm_17_9_without_the_lead_only_the_highest_row_at_that_rate() -> None:
    """csm 17.9: "Za hru bez výnosu se vždy počítá jen jedna nejvyšší sazba, ostatní se počítají s výnosem"."""
    s = settled({**TWO_SEVENS_HUNDRED_4, "actor": 1, "trump_seven": {"seat": 1, "fate": "won"},
                 "side_seven": {"seat": 1, "fate": "won"}})
    bonuses = sorted(line.amount for line in s.lines if line.description.startswith("bonus"))
    assert bonuses == [3, 5, 6, 10]  # only 2x7+100 na 4 trumfy goes from 8 to 10


def test_csm_17_7_no_two_sevens_bonus_without_the_hundred_but_a_hundred_bonus_without_the_sevens() -> None:
    """csm 17.7."""
    failed_hundred = settled({**TWO_SEVENS_HUNDRED_4, "points": {"actor": 40, "defence": 50}})
    assert not [line for line in failed_hundred.lines if line.description.startswith("bonus")]
    lost_sevens = settled({**TWO_SEVENS_HUNDRED_4, "side_seven": {"seat": 0, "fate": "killed"}})
    assert [line.amount for line in lost_sevens.lines if line.description.startswith("bonus")] == [6]


def test_csm_17_1_better_two_sevens_rows_are_their_own_not_doubled() -> None:
    """csm 17.1: "Lepší dvě sedmy na 4 trumfy 10 Kč / 12 Kč" (not 12 / 16); "... bez esa - bonus 5 Kč"."""
    data = {"contract": "two-sevens", "trump": "h", "side_suit": "l", "actor": 0,
            "trump_seven": {"seat": 0, "fate": "won"}, "side_seven": {"seat": 0, "fate": "won"},
            "holding": {"trumps": 4, "trump_ace": True, "side_cards": 5}}
    assert pays(data)[0] == 2 * (9 + 10)
    # without the trump ace, but holding all eight side cards: no extra (****).
    assert pays({**data, "holding": {"trumps": 4, "trump_ace": False, "side_cards": 8}})[0] == 2 * (9 + 10)
    assert pays({**data, "holding": {"trumps": 4, "trump_ace": False, "side_cards": 7}})[0] == 2 * (9 + 10 + 5)


def test_csm_17_1_betl_and_durch_rows() -> None:
    """csm 17.1: betl 6-rák 3 Kč, 5 Kč per catching ace; durch 5 Kč per suit without ace and per catching
    suit with the ace and no king."""
    betl = {"contract": "betl", "actor": 1, "actor_tricks": 0, "holding": {"six": True, "catching_aces": 2}}
    assert pays(betl) == [-16, 32, -16]
    durch = {"contract": "durch", "actor": 1, "actor_tricks": 10,
             "holding": {"suits_without_ace": 1, "ace_without_king": 2}}
    assert pays(durch) == [-20, 40, -20]


def test_csm_13_14_technical_renonc_costs_a_fee_and_the_game_is_paid_as_usual() -> None:
    """csm 14.1, 15.1: the offender pays every other player paušál 1 (1 Kč)."""
    data = hundred(60, "b")
    assert pays({**data, "renonc": {"seat": 2, "kind": "technical"}}) == [2 + 1, -1 + 1, -1 - 2]


def test_csm_14_3_a_defender_who_renonces_pays_the_game_for_the_whole_defence() -> None:
    """csm 14.2-14.3, 15.2: the defence lost whatever the cards; the offender pays the actor for both
    defenders and paušál 2 (5 Kč) to everybody else."""
    data = hundred(40, "l", flek={"hundred": 1}, renonc={"seat": 1, "kind": "play", "fee": 2})
    assert pays(data) == [4 + 5, -4 - 10, 5]


def test_csm_14_2_an_actor_who_renonces_loses_at_least_the_base_price() -> None:
    """csm 14.2: for Sto the price follows the contumation points, "nejméně však jako základní sazba"."""
    # contumation points show the actor at 60 + 40: still a failed sto, one ten.
    renonc = {"seat": 0, "kind": "play", "fee": 1}
    assert pays(hundred(60, "b", renonc=renonc)) == [-2 - 2, 1 + 1, 1 + 1]
    # the actor at 30 + 40 = 70: three tens short.
    assert pays(hundred(30, "b", renonc=renonc)) == [-6 - 2, 3 + 1, 3 + 1]


def test_csm_14_5_no_bonus_if_the_game_was_not_winnable_any_more() -> None:
    """csm 14.5: bonuses only for the side that did not renonc, and not if the game was already lost."""
    # Seat 1 pays for both defenders: the hundred 2 x 1 Kč and the bonus (4 trumps, no sharp card) 2 x 8 Kč;
    # and paušál 1 to each of the others.
    data = hundred(60, "b", holding={"trumps": 4, "trump_ace": False, "trump_ten": False},
                   renonc={"seat": 1, "kind": "play", "fee": 1, "winnable": True})
    assert pays(data) == [2 + 16 + 1, -2 - 16 - 2, 1]
    unwinnable = {**data, "renonc": {"seat": 1, "kind": "play", "fee": 1, "winnable": False}}
    assert pays(unwinnable) == [2 + 1, -2 - 2, 1]


def test_csm_1_2_the_pauzirak_pays_with_the_defence_by_agreement() -> None:
    """csm 1.2: a fourth player either counts with the defence or is out of the game."""
    data = {**hundred(60, "b"), "players": 4}
    assert pays(data) == [3, -1, -1, -1]
    assert pays(data, pauzirak_pays=False) == [2, -1, -1, 0]


def test_csm_sto_without_any_marriage_is_priced_by_10_3() -> None:
    """csm 10.3 prices the hundred without a marriage (+10); the rule pages say 100 cannot be reached."""
    assert pays(hundred(80, "")) == [-4, 2, 2]
    with pytest.raises(ResultError, match="hundred announced without any marriage"):
        settled(hundred(80, ""), "basic")


# --- basic: the rule pages' basic game ----------------------------------------------

def game(actor_points: int = 60, trump: str = "b", marriages: str = "", **extra: Any) -> dict[str, Any]:
    """A played suit game of the basic rules, flek on the game, actor at seat 0."""
    data = {"contract": "game", "trump": trump, "actor": 0,
            "points": {"actor": actor_points, "defence": 90 - actor_points},
            "marriages": {"actor": marriages}, "flek": {"game": 1}, "trump_seven": {"seat": 1, "fate": "early"}}
    data.update(extra)
    return data


def test_basic_a_game_with_flek_and_a_quiet_hundred_is_worth_4_units() -> None:
    """basic: "a game with flek in which forehand takes 100 card points is worth 4 units"."""
    assert pays(game(60, marriages="b"), "basic") == [8, -4, -4]


@pytest.mark.parametrize("points, units", [(60, 2), (70, 4), (80, 8), (90, 16)])
def test_basic_quiet_hundred_2_units_doubling_for_each_extra_10(points: int, units: int) -> None:
    """basic: "2 units for 100, 4 units for 110, 8 units for 120, 16 units for 130"."""
    assert pays(game(points, marriages="b", flek={}), "basic", unplayed=False)[0] == 2 * units


@pytest.mark.parametrize("steps, units", [("double", 32), ("add", 16), ("half", 10)])
def test_basic_announced_hundred_made_with_130(steps: str, units: int) -> None:
    """basic: "4 units for 100, 8 units for 110, 16 units for 120"; variants: "worth 16 units (4+4+4+4) rather
    than 32 units (4*2*2*2)", "only 10 units (4+2+2+2)". 70 + 40 = 110 reaches 100, then the 20 counts."""
    s = settled(hundred(70, "bl"), "basic", hundred_steps=steps)
    assert line_amount(s, "hundred made with 130") == units


@pytest.mark.parametrize("points, double, add, half", [(50, 4, 4, 4), (40, 8, 8, 6), (30, 16, 12, 8)])
def test_basic_failed_hundred_at_90_80_70(points: int, double: int, add: int, half: int) -> None:
    """basic: "The cost is 4 units if the total is 90 points, 8 for 80 points, 16 for 70 points"; "the
    announcing side can count just one Mariáš" (the 20 held too is not counted)."""
    for steps, units in (("double", double), ("add", add), ("half", half)):
        s = settled(hundred(points, "bl"), "basic", hundred_steps=steps)
        assert line_amount(s, f"hundred failed with {points + 40}") == units


def test_basic_hundred_in_hearts_doubles() -> None:
    """basic: "all payments for the game and bonuses are doubled" with hearts as trumps."""
    assert pays(hundred(60, "h", trump="h"), "basic") == [16, -8, -8]


@pytest.mark.parametrize("killed_seven, flek, units", [(False, 0, 2), (True, 0, 3), (True, 1, 6), (False, 1, 4)])
def test_basic_killed_seven_variant(killed_seven: bool, flek: int, units: int) -> None:
    """basic variant: "3 units instead of 2 in an ordinary suit without flek. A flek of the seven doubles the
    payments to 4 (won or lost) and 6 (if killed in the last trick)"."""
    # No flek on the game: a flek on the game alone would leave the cards unplayed (basic, second case).
    data = seven(fate="killed", flek={"seven": flek})
    s = settled(data, "basic", killed_seven=killed_seven)
    assert line_amount(s, "seven lost (killed") == units


def test_basic_an_announced_seven_forced_out_early_costs_2_even_with_the_variant() -> None:
    """basic variant: the killed-seven penalty is for a seven "beaten by a higher trump in the last trick"."""
    s = settled(seven(fate="early"), "basic", killed_seven=True)
    assert line_amount(s, "seven lost (played before the last trick)") == 2


def test_basic_quiet_seven_and_killed_quiet_seven_1_unit() -> None:
    """basic: quiet seven 1 "whenever the seven of trumps wins the last trick"; killed quiet seven 1
    "whenever the trump seven is beaten in the last trick"; both doubled in hearts."""
    won = settled(game(trump_seven={"seat": 1, "fate": "won"}), "basic")
    assert line_amount(won, "quiet seven for seat 1") == 1
    assert won.payments == (2, -1, -1)  # the game with flek 2 won, the defence's quiet seven 1 lost
    killed = settled(game(trump="h", trump_seven={"seat": 0, "fate": "killed"}), "basic")
    assert line_amount(killed, "quiet seven of seat 0 killed") == 2
    assert pays(game(trump_seven={"seat": 0, "fate": "killed"}), "basic", killed_quiet_seven=False) == [4, -2, -2]


def test_basic_no_quiet_seven_in_csm() -> None:
    """csm 10.10: "Tichá sedma: neexistuje ... ani tichá, ani zabitá"."""
    data = hundred(60, "b", trump_seven={"seat": 0, "fate": "won"})
    assert pays(data) == [2, -1, -1]
    assert pays(data, "licit")[0] == 2 * (4 + 1)


def test_basic_the_two_unplayed_cases() -> None:
    """basic: no announcement and no flek: "one unit from each opponent (or 2 units ... hearts)"; seven with
    flek on the game only: "there are no payments"."""
    assert pays({"contract": "game", "trump": "b", "actor": 0}, "basic") == [2, -1, -1]
    assert pays({"contract": "game", "trump": "h", "actor": 0}, "basic") == [4, -2, -2]
    assert pays({"contract": "seven", "trump": "a", "actor": 0, "flek": {"game": 1}}, "basic") == [0, 0, 0]
    # An announcement against is an announcement: the game is played.
    with pytest.raises(ResultError, match="needs points"):
        settled({"contract": "seven-against", "trump": "b", "actor": 0}, "basic")


@pytest.mark.parametrize("contract, tricks, units", [
    ("betl", 0, 5), ("durch", 10, 10), ("open-betl", 0, 10), ("open-durch", 10, 20),
])
def test_basic_betl_durch_and_the_open_games(contract: str, tricks: int, units: int) -> None:
    """basic payments table: betl 5, durch 10, open betl 10, open durch 20; no hearts doubling without trumps."""
    assert pays({"contract": contract, "actor": 1, "actor_tricks": tricks}, "basic") == [-units, 2 * units, -units]


def test_basic_association_betl_15_durch_30_and_no_open_games_if_so_agreed() -> None:
    """basic: "higher scores of 15 units for Betl and 30 units for Durch"; "some players do not recognise the
    Open Betl and Open Durch contracts"."""
    assert pays({"contract": "betl", "actor": 0, "actor_tricks": 2}, "basic", association=True) == [-30, 15, 15]
    assert pays({"contract": "durch", "actor": 0, "actor_tricks": 10}, "basic", association=True) == [60, -30, -30]
    with pytest.raises(ResultError, match="'open-betl' does not exist in basic"):
        settled({"contract": "open-betl", "actor": 0, "actor_tricks": 0}, "basic", open_games=False)


def test_basic_seven_against_and_hundred_against() -> None:
    """basic: "7 against", "100 against" score for the defence, 2 and 4 units; the hundred replaces the game."""
    data = game(50, flek={}, against=["seven"], trump_seven={"seat": 2, "fate": "won"})
    s = settled(data, "basic")
    assert line_amount(s, "seven against won") == 2 and line_amount(s, "game won 50 to 40") == 1
    assert s.payments == (-2, 1, 1)
    hundred_against = {"contract": "hundred-against", "trump": "b", "actor": 0,
                       "points": {"actor": 20, "defence": 70}, "marriages": {"defence": "l"},
                       "trump_seven": {"seat": 0, "fate": "early"}}
    s = settled(hundred_against, "basic")
    assert line_amount(s, "hundred against failed with 90") == 4
    assert not [line for line in s.lines if line.description.startswith("game")]
    assert s.payments == (8, -4, -4)


def test_basic_against_doubled_variant() -> None:
    """basic variant: "7 against and 100 against can only be announced ... if flek has been said to the game,
    and ... score twice as much: 4 units for 7 against and 8 units for 100 against"."""
    data = game(50, against=["seven"], trump_seven={"seat": 1, "fate": "won"})
    s = settled(data, "basic", against_doubled=True)
    assert line_amount(s, "seven against won") == 4
    with pytest.raises(ResultError, match="need a flek on the game"):
        settled({**data, "flek": {}}, "basic", against_doubled=True)


def test_basic_sharp_cards_in_the_talon_count_for_the_defence() -> None:
    """basic variant: "the point value of any discarded sharp cards counts for the opponents"."""
    data = game(40, flek={}, points={"actor": 40, "defence": 30}, talon_points=20)
    s = settled(data, "basic", sharp_talon=True, unplayed=False)
    assert line_amount(s, "game lost 40 to 50") == 1
    with pytest.raises(ResultError, match="sharp cards cannot be discarded"):
        settled(data, "basic")


def test_basic_two_sevens_variant_20_or_40_in_hearts() -> None:
    """basic variant: "The score for this is announcement 20 points, or 40 if hearts are trumps"."""
    data = {"contract": "two-sevens", "trump": "h", "side_suit": "a", "actor": 0,
            "points": {"actor": 50, "defence": 40}, "marriages": {}, "trump_seven": {"seat": 0, "fate": "won"},
            "side_seven": {"seat": 0, "fate": "killed"}}
    s = settled(data, "basic", two_sevens=True)
    assert line_amount(s, "two sevens lost (side seven (killed in the last trick but one))") == 40
    with pytest.raises(ResultError, match="'two-sevens' does not exist in basic"):
        settled(data, "basic")


def test_basic_renonc_costs_10_or_the_stake_whichever_is_more() -> None:
    """basic: "paid by the offending player to both of the others ... 10 units or the value of the contract and
    bonuses being played, whichever is more"."""
    assert pays(game(renonc={"seat": 2}), "basic") == [10, 10, -20]
    # hundred 8 in hearts, fleked: 16; seven 4 in hearts: 20 in all.
    data = hundred(60, "h", trump="h", contract="hundred-seven", flek={"hundred": 1},
                   trump_seven={"seat": 0, "fate": "won"}, renonc={"seat": 0})
    assert pays(data, "basic") == [-40, 20, 20]


def test_basic_pauzirak_pays_with_the_defence_3_times_the_cost() -> None:
    """basic: "the lone player collects or receives 3x the cost of the contract"."""
    assert pays({"contract": "durch", "actor": 1, "actor_tricks": 10, "players": 4}, "basic") == [-10, 30, -10, -10]


def test_basic_laid_down_betl_or_durch_no_re() -> None:
    """basic variant: a perfect betl or durch is laid down "after the opponents have had the opportunity to
    flek: there is no re"."""
    assert pays({"contract": "betl", "actor": 0, "unplayed": "laid-down", "flek": {"betl": 1}}, "basic") == \
        [20, -10, -10]
    with pytest.raises(ResultError, match="past the limit 1"):
        settled({"contract": "betl", "actor": 0, "unplayed": "laid-down", "flek": {"betl": 2}}, "basic")
    with pytest.raises(ResultError, match="lays down only betl, durch"):
        settled({"contract": "game", "trump": "b", "actor": 0, "unplayed": "laid-down"}, "basic")


# --- licit: the rule pages' licitovaný schedule --------------------------------------

LICIT = [2, 4, 4, 6, 8, 12, 5, 10, 20, 24, 40, 48]
ASSOCIATION = [2, 4, 4, 6, 8, 12, 15, 30, 40, 44, 60, 68]


def test_licit_schedule_and_the_association_revision() -> None:
    """licit: Seven (2) ... Two Sevens and Hundred with hearts as trumps (40 + 8); the association's revision
    betl 15, durch 30, two sevens 40, 40 + 4, 60, 60 + 8."""
    assert [bidding.level_price(bid, "licit") for bid, _ in LEVELS] == LICIT
    assert [bidding.level_price(bid, "licit", association=True) for bid, _ in LEVELS] == ASSOCIATION


@pytest.mark.parametrize("index", range(2, 12))
def test_licit_each_level_won_is_paid_its_schedule_plus_the_game_unit(index: int) -> None:
    """licit: "a score of 1 unit for the game in all suit contracts where 100 is neither announced nor made";
    two sevens "does not double when hearts are trumps, but increases only from 40 to 60"."""
    _, data = LEVELS[index]
    if data["contract"] == "two-sevens":
        data = {**data, "points": {"actor": 60, "defence": 30}, "marriages": {}}
    game_unit = (2 if data.get("trump") == "h" else 1) if data["contract"] == "two-sevens" else 0
    for association, schedule in ((False, LICIT), (True, ASSOCIATION)):
        assert pays(data, "licit", association=association)[0] == 2 * (schedule[index] + game_unit)


def test_licit_seven_not_fleked_is_game_and_seven_following_csm_12_3() -> None:
    """licit is silent; csm 12.3 decides: the unfleked seven is paid without play, game 1 + seven 2."""
    assert pays({"contract": "seven", "trump": "h", "actor": 0}, "licit") == [12, -6, -6]


def test_licit_giving_up_after_the_talon_costs_6_to_each_opponent() -> None:
    """licit: "may give up after looking at the talon, paying a penalty of 6 to each opponent"."""
    assert pays({"unplayed": "give-up", "actor": 1}, "licit") == [6, -12, 6]
    with pytest.raises(ResultError, match="basic has no unplayed game 'give-up'"):
        settled({"unplayed": "give-up", "actor": 1}, "basic")


# --- the bidding ladders ---------------------------------------------------------

def test_bidding_csm_16_1_ladder_order() -> None:
    """csm 16.1: the twelve levels; "lepší" is hearts."""
    assert [b.to_json() for b in bidding.ladder("csm")] == [bid for bid, _ in LEVELS]
    assert [b.to_json() for b in bidding.ladder("basic")] == ["game", "betl", "durch", "open-betl", "open-durch"]


def test_bidding_csm_5_3_a_bid_must_be_higher_unless_held_by_priority() -> None:
    """csm 5.3-5.4: the dealer offers higher levels, may skip; forehand holds ("mám")."""
    assert bidding.may_bid(None, "better-hundred")
    assert bidding.may_bid("seven", "betl")                       # skipping levels
    assert not bidding.may_bid("betl", "better-hundred-seven")    # level 6 is below betl (7)
    assert not bidding.may_bid("betl", "betl")
    assert bidding.may_bid("betl", "betl", priority=True)


def test_bidding_csm_6_1_play_the_bid_or_higher() -> None:
    """csm 6.1: "Smí hrát buď hru kterou vylicitoval, anebo jakoukoliv vyšší"."""
    assert bidding.may_play("hundred-seven", "better-hundred")
    assert not bidding.may_play("better-hundred", "hundred-seven")


def test_bidding_basic_only_forehand_plays_the_suit_game_and_bad_names_a_higher_contract() -> None:
    """basic: suit "can only be played by forehand"; "bad" announces a higher contract."""
    assert bidding.may_bid(None, "game", "basic", bidder=0)
    assert not bidding.may_bid(None, "game", "basic", bidder=2)
    assert bidding.rank("better-seven", "licit") == 2 and bidding.rank("game", "basic") == 1
    assert not bidding.may_bid("durch", "betl", "basic")
    with pytest.raises(ResultError, match="'open-betl' is not a bid in basic"):
        bidding.rank("open-betl", "basic", open_games=False)
    with pytest.raises(MariasError, match="unknown contract 'sevens'"):
        bidding.Bid.from_json("sevens")


def test_ladder_prices_agree_with_the_component_prices() -> None:
    """The two transcriptions of 16.1 and the licit schedule must agree: the level price is the sum of its
    components' prices (licit: without the game unit)."""
    for name, association in (("csm", False), ("licit", False), ("licit", True)):
        rules = resolve(name, {"association": association} if name == "licit" else {})
        for (contract, better), printed in zip(rules.ladder, rule_set(name).level_prices[association]):
            parts = [c for c in rules.contracts[contract] if name == "csm" or c != "game"]
            assert sum(rules.price(c, better) for c in parts) == printed, (name, contract, better)


def test_bid_round_trips_through_its_json_and_reads_czech_names() -> None:
    for rules in ("csm", "basic", "licit"):
        for bid in bidding.ladder(rules):
            assert bidding.Bid.from_json(bid.to_json()) == bid
            assert isinstance(bid.contract, Contract)
    assert bidding.Bid.from_json("lepší stosedm") == bidding.Bid(Contract.HUNDRED_SEVEN, better=True)
    assert bidding.rank("Lepší sedma", "csm") == 2


# --- reading the result ---------------------------------------------------------

@pytest.mark.parametrize("data, message", [
    ({"contract": "sevens", "trump": "b", "actor": 0}, "unknown contract 'sevens'"),
    ({"contract": "betl", "actor": 3}, "actor must be a seat 0, 1 or 2, not 3"),
    ({"contract": "betl", "actor": 0, "trump": "h"}, "betl has no trumps, but trump is 'h'"),
    ({"contract": "seven", "actor": 0}, "seven needs a trump suit"),
    ({"contract": "seven", "actor": 0, "trump": "x"}, "trump: unknown suit 'x'"),
    ({"contract": "two-sevens", "actor": 0, "trump": "b", "side_suit": "k"}, "side suit cannot be the trump"),
    ({"contract": "game", "actor": 0, "trump": "b", "points": {"actor": 60, "defence": 20}}, "make 90 in all, not 80"),
    ({"contract": "game", "actor": 0, "trump": "b", "points": {"actor": 55, "defence": 35}}, "multiple of 10, not 55"),
    ({"contract": "game", "actor": 0, "trump": "b", "marriages": {"actor": "h", "defence": "č"}},
     "a marriage is declared twice"),
    ({"contract": "betl", "actor": 0, "actor_tricks": 11}, "actor_tricks must be a whole number from 0 to 10, not 11"),
    ({"contract": "seven", "actor": 0, "trump": "b", "flek": {"seven": -1}}, "flek on seven must be a whole number"),
    ({"contract": "seven", "actor": 0, "trump": "b", "flak": {}}, "unknown key 'flak' in the result"),
    ({"contract": "game", "actor": 0, "trump": "b", "points": {"actor": 0, "defence": 90},
      "trump_seven": {"seat": 0, "fate": "won"}}, "that side has 0 points"),
    ({"contract": "seven", "actor": 0, "trump": "b", "trump_seven": {"seat": 1, "fate": "talon"}},
     "only the actor discards"),
    ({"contract": "game", "actor": 0, "trump": "b", "against": ["sto"]}, "unknown announcement against 'sto'"),
])
def test_parse_result_rejects_bad_input_with_one_line_quoting_it(data: dict[str, Any], message: str) -> None:
    with pytest.raises(MariasError, match=message) as info:
        parse_result(data)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("data, rules, message", [
    (seven(trump_seven={"seat": 1, "fate": "won"}, points={"actor": 60, "defence": 30}), "csm",
     "announces the actor's seven, but the trump seven is at seat 1"),
    (seven(flek={"hundred": 1}), "csm", "flek on 'hundred', which seven does not announce"),
    ({"contract": "game", "trump": "b", "actor": 0}, "csm", "contract 'game' does not exist in csm"),
    ({"contract": "hundred", "trump": "b", "actor": 0, "flek": {"hundred": 1}}, "csm", "needs points"),
    (seven(fate="talon"), "basic", "announced seven cannot be discarded"),
    ({**seven(), "flek": {"seven": 1}, "flekers": {"seven": [0]}}, "csm", "seat 0 is not a defender"),
    ({**seven(), "flek": {"seven": 3}, "flekers": {"seven": [1]}}, "csm", "has 2 defence fleks"),
    (game(renonc={"seat": 1, "kind": "technical"}), "basic", "basic has no technical renonc"),
    (hundred(60, "b", renonc={"seat": 1, "kind": "technical", "fee": 2}), "csm", "costs paušál 1, not 2"),
])
def test_settle_rejects_what_the_rule_set_cannot_score(data: dict[str, Any], rules: str, message: str) -> None:
    with pytest.raises(ResultError, match=message) as info:
        settled(data, rules)
    assert "\n" not in str(info.value)


def test_unknown_rules_and_options_are_rejected() -> None:
    with pytest.raises(ResultError, match="unknown rule set 'skat'"):
        settled(seven(), "skat")
    with pytest.raises(ResultError, match="option hundred_steps takes 'double', 'add', 'half', not 'triple'"):
        settled(seven(), "basic", hundred_steps="triple")
    with pytest.raises(ResultError, match="option round_up takes false, true, not 1"):
        settled(seven(), "csm", round_up=1)


def test_settle_json_takes_rules_and_options_from_the_document() -> None:
    data = {**hundred(70, "bl"), "rules": "basic", "options": {"hundred_steps": "add"}}
    assert settle_json(data).payments[0] == 32
    assert settle_json(data, "licit").payments[0] == 2 * 16   # the caller's rules win; the option is licit's too
    assert settle_json(data, hundred_steps="half").payments[0] == 20


# --- properties over random valid results ----------------------------------------

@st.composite
def options_for(draw: st.DrawFn, rules: str) -> dict[str, Any]:
    return {o.name: draw(st.sampled_from(o.choices)) for o in rule_set(rules).options}


@st.composite
def results(draw: st.DrawFn, rules: str, options: dict[str, Any]) -> dict[str, Any]:
    """A valid result JSON for ``rules`` with ``options``, covering every contract and fact."""
    table = resolve(rules, options)
    contract = draw(st.sampled_from(sorted(table.contracts)))
    actor = draw(st.integers(0, 2))
    defenders = [s for s in range(3) if s != actor]
    data: dict[str, Any] = {"contract": contract, "actor": actor}
    if draw(st.booleans()):
        data["players"] = 4
    notrump = Contract.parse(contract).notrump
    against: list[str] = []
    if not notrump:
        data["trump"] = trump = draw(st.sampled_from("hbla"))
        if contract.startswith("two-sevens"):
            data["side_suit"] = draw(st.sampled_from([s for s in "hbla" if s != trump]))
        if table.shape.against:
            own = table.contracts[contract]
            choices = [a for a, c in AGAINST.items() if c not in own and not (a == "seven" and "seven" in own)
                       and not (a == "seven" and "two-sevens" in own)]
            against = draw(st.lists(st.sampled_from(choices), unique=True)) if choices else []
            if against:
                data["against"] = against
    announced = table.contracts[contract] + tuple(AGAINST[a] for a in against)
    limit = table.flek_limit(contract)
    unplayed = draw(st.sampled_from([None, None, None, "laid-down", "four-side-cards", "give-up", "passed"]))
    if unplayed == "passed" and rules == "basic":
        unplayed = None
    if unplayed == "laid-down" and (rules == "basic" and contract not in ("betl", "durch")):
        unplayed = None
    if unplayed == "four-side-cards" and (rules != "csm" or contract != "two-sevens"):
        unplayed = None
    if unplayed == "give-up" and (rules == "basic" or contract != "seven" or data.get("trump") == "h"):
        unplayed = None
    if unplayed == "laid-down" and rules == "basic":
        limit = 1
    flek = {c: draw(st.integers(0, limit if limit is not None else 5)) for c in announced}
    if against and options.get("against_doubled") and not (flek.get("game") or flek.get("hundred")):
        flek["game" if "game" in announced else "hundred"] = 1
    data["flek"] = flek
    flekers = {}
    for component, level in flek.items():
        if level and component not in AGAINST.values():
            seats = draw(st.lists(st.sampled_from(defenders), min_size=(level + 1) // 2, max_size=(level + 1) // 2))
            assume(not any(seats[i] == seats[i + 1] == seats[i + 2] for i in range(len(seats) - 2)))
            flekers[component] = seats
    data["flekers"] = flekers
    if unplayed:
        data["unplayed"] = unplayed
    components = [c for c in announced if not (c == "game" and HUNDREDS & set(announced))]
    if notrump:
        data["actor_tricks"] = draw(st.integers(0, 10))
    else:
        marriages = {"actor": "", "defence": ""}
        for suit in "hbla":
            owner = draw(st.sampled_from(["actor", "defence", None]))
            if owner:
                marriages[owner] += suit
        if table.shape.hundred_needs_marriage:  # a different suit for each side that announced a hundred
            for side, component, suit in (("actor", "hundred", "l"), ("defence", "hundred-against", "a")):
                if component in components and suit not in marriages[side]:
                    other = "defence" if side == "actor" else "actor"
                    marriages[side], marriages[other] = marriages[side] + suit, marriages[other].replace(suit, "")
        data["marriages"] = marriages
        talon = draw(st.sampled_from([0, 10, 20])) if options.get("sharp_talon") else 0
        actor_points = draw(st.integers(0, (90 - talon) // 10)) * 10
        data["points"] = {"actor": actor_points, "defence": 90 - talon - actor_points}
        if talon:
            data["talon_points"] = talon
        if "seven" in announced or "two-sevens" in announced:
            holder = actor
        elif "seven-against" in announced:
            holder = draw(st.sampled_from(defenders))
        else:
            holder = draw(st.sampled_from([actor, *defenders]))
        fate = draw(st.sampled_from(["won", "killed", "early"]))
        data["trump_seven"] = {"seat": holder, "fate": fate}
        if fate == "won":  # the holder's side took the last trick
            side = "actor" if holder == actor else "defence"
            if data["points"][side] < 10:
                other = "defence" if side == "actor" else "actor"
                data["points"][side], data["points"][other] = 10, data["points"][other] - 10
        if contract.startswith("two-sevens"):
            data["side_seven"] = {"seat": actor, "fate": draw(st.sampled_from(["won", "killed", "early", "late"]))}
    if rules == "csm" and draw(st.integers(0, 3)):  # sometimes none: the sheet says the bonuses were not assessed
        data["holding"] = draw(st.fixed_dictionaries({
            # Every fact a row may read: none is assumed.
            "trumps": st.integers(1, 8), "trump_ace": st.booleans(), "trump_ten": st.booleans(),
            "side_cards": st.integers(1, 8), "six": st.booleans(), "catching_aces": st.integers(0, 4),
            "suits": st.integers(1, 4), "suits_without_ace": st.integers(0, 4), "ace_without_king": st.integers(0, 4),
            "catchers": st.integers(0, 4), "bare_ace_catchers": st.booleans()}))
    if not unplayed and draw(st.integers(0, 4)) == 0:
        renonc: dict[str, Any] = {"seat": draw(st.integers(0, 2))}
        if rules == "csm":
            renonc["kind"] = kind = draw(st.sampled_from(["play", "technical"]))
            renonc["fee"] = 1 if kind == "technical" else draw(st.sampled_from([1, 2]))
            renonc["winnable"] = draw(st.booleans())
        data["renonc"] = renonc
    return data


@st.composite
def rule_sets_and_results(draw: st.DrawFn) -> tuple[str, dict[str, Any], dict[str, Any]]:
    rules = draw(st.sampled_from(["csm", "basic", "licit"]))
    options = draw(options_for(rules))
    return rules, options, draw(results(rules, options))


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rule_sets_and_results())
def test_property_every_settlement_sums_to_zero(case: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    """What one player pays another receives: the payments of every valid result sum to zero, under every
    rule set and option; the lines account for the payments."""
    rules, options, data = case
    result = parse_result(data)
    s = settle(result, rules, **options)
    assert sum(s.payments) == 0
    assert len(s.payments) == result.players
    if rules == "csm" and options["round_up"]:
        assert all(p.denominator == 1 for p in s.payments)
    if rules == "csm" and not options["pauzirak_pays"] and result.players == 4:
        assert s.payments[3] == 0


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rule_sets_and_results())
def test_property_the_defenders_pay_alike_unless_one_of_them_is_singled_out(
        case: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    """The defence wins or loses as a team (rule pages: "always win or lose the same amount"); only a renonc
    (csm 14.3), a flek bonus (17.6) or a laid-down game with flek (11.3) single one defender out."""
    rules, options, data = case
    assume("renonc" not in data and data.get("unplayed") != "laid-down")
    assume(not (rules == "csm" and data["contract"] in ("betl", "durch")))
    result = parse_result(data)
    s = settle(result, rules, **options)
    defence = [s.payments[d] for d in result.defenders]
    if result.players == 4 and not (rules == "csm" and not options["pauzirak_pays"]):
        defence.append(s.payments[3])
    assert len(set(defence)) == 1
    assert s.payments[result.actor] == -sum(defence)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rule_sets_and_results())
def test_property_result_json_round_trips(case: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    """parse_result(result.to_json()) gives the same result back."""
    result = parse_result(case[2])
    assert parse_result(result.to_json()) == result


# --- a fact that moves money is given or counted from the cards, never assumed (issue 15) ---------

def _without(data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """A deep copy of ``data`` without the key at ``path``."""
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return out


TWO_SEVENS = {"contract": "two-sevens", "trump": "b", "side_suit": "l", "actor": 0,
              "trump_seven": {"seat": 0, "fate": "won"}, "side_seven": {"seat": 0, "fate": "won"},
              "holding": {"trumps": 4, "trump_ace": False, "side_cards": 4}}
BETL_WON = {"contract": "betl", "actor": 0, "actor_tricks": 0, "holding": {"six": False, "catching_aces": 1}}
BETL_FLEKED_LOST = {"contract": "betl", "actor": 0, "actor_tricks": 2, "flek": {"betl": 1}, "flekers": {"betl": [1]},
                    "holding": {"suits": 3}}
DURCH_WON = {"contract": "durch", "actor": 1, "actor_tricks": 10,
             "holding": {"suits_without_ace": 1, "ace_without_king": 0}}
DURCH_FLEKED_LOST = {"contract": "durch", "actor": 1, "actor_tricks": 9, "flek": {"durch": 1},
                     "flekers": {"durch": [2]}, "holding": {"catchers": 2, "bare_ace_catchers": False}}
HUNDRED_ON_FOUR = hundred(60, "b", holding={"trumps": 4, "trump_ace": True, "trump_ten": False})
MONEY_FACTS = [
    # (a complete result, the rule set, the fact taken away, what the refusal says)
    (seven(flek={"seven": 1}), "csm", ("points",), "needs points"),
    (seven(flek={"seven": 1}), "csm", ("marriages",), "needs the declared marriages"),
    (seven(flek={"seven": 1}), "csm", ("trump_seven",), "needs the trump seven's fate"),
    (game(), "basic", ("trump_seven",), "pays a quiet or killed seven"),
    (hundred(60, "b"), "licit", ("trump_seven",), "pays a quiet or killed seven"),
    (TWO_SEVENS, "csm", ("side_seven",), "side seven's fate in the last trick but one"),
    ({"contract": "durch", "actor": 0, "actor_tricks": 10}, "csm", ("actor_tricks",), "needs actor_tricks"),
    (seven(flek={"seven": 1}, holding={"trumps": 3}), "csm", ("holding", "trumps"), "needs holding trumps"),
    (TWO_SEVENS, "csm", ("holding", "trump_ace"), "needs holding trump_ace"),   # the issue's own case
    (TWO_SEVENS, "csm", ("holding", "side_cards"), "needs holding side_cards"),
    (HUNDRED_ON_FOUR, "csm", ("holding", "trump_ten"), "needs holding trump_ten"),
    (BETL_WON, "csm", ("holding", "six"), "needs holding six"),
    (BETL_WON, "csm", ("holding", "catching_aces"), "needs holding catching_aces"),
    (BETL_FLEKED_LOST, "csm", ("holding", "suits"), "needs holding suits"),
    (BETL_FLEKED_LOST, "csm", ("flekers",), "needs its flekers"),
    (DURCH_WON, "csm", ("holding", "suits_without_ace"), "needs holding suits_without_ace"),
    (DURCH_WON, "csm", ("holding", "ace_without_king"), "needs holding ace_without_king"),
    (DURCH_FLEKED_LOST, "csm", ("holding", "catchers"), "needs holding catchers"),
    (DURCH_FLEKED_LOST, "csm", ("holding", "bare_ace_catchers"), "needs holding bare_ace_catchers"),
    ({**HUNDRED_ON_FOUR, "renonc": {"seat": 2, "kind": "play", "fee": 1, "winnable": True}}, "csm",
     ("renonc", "winnable"), "needs renonc winnable"),
    ({**hundred(60, "b"), "renonc": {"seat": 2, "kind": "play", "fee": 2}}, "csm", ("renonc", "fee"),
     "needs its fee"),
    ({**hundred(60, "b"), "renonc": {"seat": 2, "kind": "technical"}}, "csm", ("renonc", "kind"),
     "needs its kind"),
    ({"contract": "betl", "actor": 0, "unplayed": "laid-down", "flek": {"betl": 1}, "flekers": {"betl": [1]}},
     "csm", ("flekers",), "needs its flekers"),
]


@pytest.mark.parametrize("data, rules, path, message", MONEY_FACTS,
                         ids=[f"{rules}-{'.'.join(path)}-{i}" for i, (_, rules, path, _) in enumerate(MONEY_FACTS)])
def test_a_fact_that_moves_money_is_required(data: dict[str, Any], rules: str, path: tuple[str, ...],
                                             message: str) -> None:
    """With the fact the result settles; without it, one line names the fact instead of a default."""
    settled(data, rules)
    with pytest.raises(ResultError, match=message) as info:
        settled(_without(data, path), rules)
    assert "\n" not in str(info.value)


def test_the_issue_case_two_sevens_on_four_trumps_pays_bez_esa_only_when_the_ace_is_known_missing() -> None:
    """Issue 15: two sevens on 4 trumps and 4 side cards paid "bez esa" because trump_ace defaulted to false."""
    base = _without(TWO_SEVENS, ("holding", "trump_ace"))
    with pytest.raises(ResultError, match="Dvě sedmy na 4 trumfy bez esa.*trump_ace"):
        settled(base)
    without_ace = settled({**base, "holding": {**base["holding"], "trump_ace": False}})
    with_ace = settled({**base, "holding": {**base["holding"], "trump_ace": True}})
    assert line_amount(without_ace, "bonus: Dvě sedmy na 4 trumfy bez esa") == 3
    assert not [line for line in with_ace.lines if "bez esa" in line.description]


# The two sevens of TWO_SEVENS as cards: trumps b7 bX bK b9 (no ace) and talon none of them; side l7 lA l8 lO.
TWO_SEVENS_HAND = "b7 bX bK b9 l7 lA l8 lO hA aA"
TWO_SEVENS_TALON = "h8 a9"


def test_the_holding_is_counted_from_the_actor_hand_and_talon() -> None:
    """Given the cards, the bonus facts come from them (csm 17.4: the talon is the actor's in suit games)."""
    data = {**_without(TWO_SEVENS, ("holding",)), "hand": TWO_SEVENS_HAND, "talon": TWO_SEVENS_TALON}
    result = parse_result(data)
    assert result.holding is not None
    assert (result.holding.trumps, result.holding.trump_ace, result.holding.trump_ten,
            result.holding.side_cards) == (4, False, True, 4)
    assert settled(data).payments == settled(TWO_SEVENS).payments
    # A trump discarded to the talon still counts: five trumps, no row on four.
    five = settled({**data, "talon": "bA a9"})
    assert not [line for line in five.lines if "4 trumfy" in line.description]
    assert parse_result({**data, "talon": "bA a9"}).holding.trump_ace is True  # type: ignore[union-attr]


@pytest.mark.parametrize("change, message", [
    ({"holding": {"trumps": 5}}, "holding trumps is 5, but the hand and talon give 4"),
    ({"hand": "b8 bX bK b9 l7 lA l8 lO hA aA", "talon": "b7 a9"}, "trump seven b7 is in the talon"),
    ({"hand": "b7 bX bK b9 lK lA l8 lO hA aA"}, "side seven l7 in the actor's hand"),
    ({"talon": "hA a9"}, "repeats cards of the hand"),
    ({"talon": "h8"}, "talon must hold 2 cards, not 1"),
    ({"talon": None}, "give the talon beside the hand"),
])
def test_cards_that_contradict_the_facts_are_refused(change: dict[str, Any], message: str) -> None:
    data = {**_without(TWO_SEVENS, ("holding",)), "hand": TWO_SEVENS_HAND, "talon": TWO_SEVENS_TALON}
    settled(data)
    with pytest.raises(ResultError, match=message):
        settled({**data, **change})


def test_declared_marriages_must_agree_with_the_actor_cards() -> None:
    data = {**hundred(60, "h", trump="h"), "hand": "hK hO hA hX h9 bA bX l7 a7 a8",
            "talon": "b8 l8", "holding": {}}
    settled(data)
    with pytest.raises(ResultError, match="declared the marriage in b"):
        settled({**data, "marriages": {"actor": "hb"}})
    with pytest.raises(ResultError, match="the defence declared the marriage in h"):
        settled({**data, "marriages": {"actor": "", "defence": "h"}})


def _brute_holding(hand: list[str], talon: list[str], contract: str, trump: str | None,
                   side: str | None) -> dict[str, Any]:
    """The csm 17 facts counted from card tokens, the slow way."""
    if contract in ("betl", "durch"):
        suits = {token[0] for token in hand}
        return {"suits": len(suits), "suits_without_ace": sum(f"{s}A" not in hand for s in suits)}
    mine = hand + talon
    return {"trumps": sum(token[0] == trump for token in mine), "trump_ace": f"{trump}A" in mine,
            "trump_ten": f"{trump}X" in mine, "side_cards": None if side is None else
            sum(token[0] == side for token in mine)}


@settings(max_examples=300)
@given(st.permutations([s + r for s in "hbla" for r in "789UOKXA"]), st.sampled_from(
    ["seven", "hundred", "hundred-seven", "two-sevens", "two-sevens-hundred", "betl", "durch"]),
    st.sampled_from("hbla"), st.sampled_from("hbla"))
def test_property_holding_from_cards_against_a_token_count(deck: list[str], contract: str, trump: str,
                                                           side: str) -> None:
    """BonusFacts.from_cards agrees with counting tokens, for every contract, on random hands."""
    from analyzer.cards import CardSet
    from analyzer.scoring import BonusFacts

    hand, talon = deck[:10], deck[10:12]
    notrump = contract in ("betl", "durch")
    trump_suit = None if notrump else trump
    side_suit = side if contract.startswith("two-sevens") and side != trump else None
    assume(not contract.startswith("two-sevens") or side_suit is not None)
    derived = BonusFacts.from_cards(CardSet.from_str(" ".join(hand)), CardSet.from_str(" ".join(talon)),
                                 Contract.parse(contract), trump_suit, side_suit)
    expected = _brute_holding(hand, talon, contract, trump_suit, side_suit)
    assert {k: getattr(derived, k) for k in expected} == expected


# --- the score sheet a player reads (issue 14) ----------------------------------------------------

def test_the_side_seven_fate_is_about_the_last_trick_but_one() -> None:
    """Two sevens: the side seven must take the last trick but one (csm 10.7)."""
    words = {"killed": "side seven (killed in the last trick but one)",
             "early": "side seven (played before the last trick but one)",
             "late": "side seven (kept to the last trick)"}
    for fate, text in words.items():
        s = settled({**TWO_SEVENS, "side_seven": {"seat": 0, "fate": fate}})
        assert [line for line in s.lines if text in line.description], (fate, str(s))
    s = settled({**TWO_SEVENS, "trump_seven": {"seat": 0, "fate": "killed"}})
    assert [line for line in s.lines if "trump seven (killed in the last trick)" in line.description]


def test_one_unit_is_singular() -> None:
    s = settled(game(trump_seven={"seat": 1, "fate": "won"}, flek={}), "basic", unplayed=False)
    text = str(s)
    assert "  1 unit  " in text and "1 units" not in text
    assert "2 units" in str(settled(game(), "basic"))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rule_sets_and_results())
def test_property_the_sheet_fits_100_columns_and_never_says_1_units(
        case: tuple[str, dict[str, Any], dict[str, Any]]) -> None:
    rules, options, data = case
    text = str(settle(parse_result(data), rules, **options))
    assert max(len(line) for line in text.splitlines()) <= 100, text
    assert not re.search(r"(?<![\d.])1 units", text), text


def test_a_long_sheet_wraps_within_100_columns() -> None:
    data = {**seven("h", fate="killed", flek={"seven": 6, "game": 5}, flekers={"game": [1, 2, 1]},
                    points={"actor": 80, "defence": 10}, marriages={"actor": "hbla"}), "players": 4}
    text = str(settled(data, round_up=False))
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "quiet hundred 180 for the actor" in text.replace("\n", " ")


def test_play_facts_of_a_game_not_played_are_reported_as_ignored() -> None:
    """csm 12.3: the seven without flek is not played; a seven not played, points and marriages are
    ignored, and the sheet says so. (The points no longer make a quiet hundred the cards never played.)"""
    data = seven("b", fate="killed", points={"actor": 80, "defence": 10}, marriages={"actor": "b"})
    s = settled(data)
    assert s.payments == (2, -1, -1) and not s.played
    assert dict(s.ignored) == {fact: "not played, csm 12.3" for fact in ("points", "marriages", "trump_seven")}
    assert "ignored: trump_seven: not played, csm 12.3" in str(s)
    assert s.to_json()["ignored"][0] == {"fact": "points", "why": "not played, csm 12.3"}
    # Played out (option unplayed off) the same facts are read, and nothing is ignored.
    assert settled(data, unplayed=False).ignored == ()


@pytest.mark.parametrize("data, rules, fact, why", [
    (hundred(60, "b"), "csm", "trump_seven", "csm has no quiet or killed seven (10.10)"),
    ({**hundred(60, "b"), "holding": {"trumps": 5}}, "basic", "holding", "basic has no bonus table"),
    ({**hundred(60, "b"), "holding": {"trumps": 5}}, "csm", "holding", "option bonuses is off"),
    ({"contract": "betl", "actor": 0, "unplayed": "laid-down", "actor_tricks": 0}, "csm", "actor_tricks",
     "laid down"),
    ({**TWO_SEVENS, "unplayed": "four-side-cards"}, "csm", "side_seven", "not played (csm 12.6)"),
    ({**hundred(60, "b"), "renonc": {"seat": 1, "kind": "play", "fee": 1}}, "csm", "trump_seven",
     "renonc by seat 1: the side that broke the rule lost (csm 14.2)"),
    ({**hundred(60, "b"), "renonc": {"seat": 1}}, "basic", "points", "renonc penalty replaces"),
])
def test_facts_the_rules_do_not_read_are_reported_as_ignored(data: dict[str, Any], rules: str, fact: str,
                                                             why: str) -> None:
    options = {"bonuses": False} if why.startswith("option bonuses") else {}
    s = settled(data, rules, **options)
    assert why in dict(s.ignored)[fact]
    assert f"ignored: {fact}" in str(s)


def test_csm_without_any_holding_says_the_bonuses_were_not_assessed() -> None:
    """No holding and no cards: the sheet says the bonus table was not looked at, rather than paying 0 silently."""
    s = settled(seven(flek={"seven": 1}))
    assert [line for line in s.lines if line.description.startswith("bonuses not assessed")]
    assert not [line for line in settled(seven(fate="killed", flek={"seven": 1})).lines
                if line.description.startswith("bonuses not assessed")]  # a lost seven has no bonus to assess


# --- never a traceback: mutated results end in a settlement or one MariasError ------------------

_JUNK = st.recursive(st.none() | st.booleans() | st.integers(-5, 10**12) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                     max_leaves=6)
_MUTATED_KEYS = ["rules", "options", "players", "contract", "trump", "side_suit", "actor", "against", "flek",
                 "flekers", "points", "talon_points", "marriages", "trump_seven", "side_seven", "actor_tricks",
                 "unplayed", "renonc", "holding", "hand", "talon", "seat", "fate", "kind", "fee", "winnable",
                 "trumps", "suits", "game", "seven", "betl"]


@settings(max_examples=600, suppress_health_check=list(HealthCheck), deadline=None)
@given(rule_sets_and_results(), st.lists(st.tuples(st.sampled_from(_MUTATED_KEYS), _JUNK, st.booleans()),
                                         min_size=1, max_size=3))
def test_property_a_mutated_result_is_settled_or_refused_in_one_line(
        case: tuple[str, dict[str, Any], dict[str, Any]], mutations: list[tuple[str, Any, bool]]) -> None:
    rules, options, data = case
    data = copy.deepcopy({**data, "rules": rules, "options": options})
    for key, value, nested in mutations:
        inner = [v for v in data.values() if isinstance(v, dict)]
        (inner[0] if nested and inner else data)[key] = value
    try:
        s = settle_json(data)
    except MariasError as exc:
        assert "\n" not in str(exc)
        return
    assert sum(s.payments) == 0
    assert max(len(line) for line in str(s).splitlines()) <= 100


def test_flek_levels_stop_at_thirty_doublings() -> None:
    """Without limit in theory (rule pages), but a level in the millions would only burn memory."""
    settled(game(flek={"game": 30}), "basic")
    with pytest.raises(ResultError, match="flek on game must be a whole number from 0 to 30"):
        settled(game(flek={"game": 10**7}), "basic")


def test_a_result_with_cards_round_trips_through_its_json() -> None:
    data = {**_without(TWO_SEVENS, ("holding",)), "hand": TWO_SEVENS_HAND, "talon": TWO_SEVENS_TALON,
            "holding": {"trumps": 4}}
    result = parse_result(data)
    out = result.to_json()
    assert out["hand"] == str(result.hand) and "trumps" not in out.get("holding", {})  # counted, not typed
    assert parse_result(out) == result
    lists = {**data, "hand": TWO_SEVENS_HAND.split(), "talon": TWO_SEVENS_TALON.split()}
    assert parse_result(lists) == result
