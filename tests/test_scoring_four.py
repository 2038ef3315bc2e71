"""``marias score`` for four active players (analyzer/scoring/four.py, docs/scoring.md "Four players"):
2 v 2 each pays one opponent, 1 v 3 the lone player all three; the obligations ko_must_flek and
marriage_must_flek; checked by hand-computed money and against the three-player price of the same game."""
from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.errors import ResultError
from analyzer.scoring import parse_result, settle
from analyzer.variants import seat_payments

NO_MARRIAGES = {"actor": "", "defence": ""}
# Seat 1 holds lK and lO (the trump marriage), seat 3 the l8: forehand (0) and seat 2 against 1 and 3.
DEALT = ["lA lX l9 hA hX bA b7 a7", "lK lO hK h9 bX b9 aA aX", "l7 lU hO hU bK bO aK aO",
         "l8 h8 h7 bU b8 aU a9 a8"]


def pays(data: dict[str, Any], rules: str = "basic", **options: Any) -> list[Fraction]:
    """The payments, a game without flek played out (not the rule sets' presumed outcome)."""
    return list(settle(parse_result(data), rules, **{"unplayed": False, **options}).payments)


def game(**extra: Any) -> dict[str, Any]:
    """Basic: a game in leaves, forehand with seat 2, won 60 to 30; seat 1's trump seven killed."""
    data = {"players": 4, "partner": 2, "contract": "game", "trump": "l", "actor": 0,
            "points": {"actor": 60, "defence": 30}, "marriages": NO_MARRIAGES,
            "trump_seven": {"seat": 1, "fate": "early"}}
    return {**data, **extra}


def test_two_against_two_each_pays_one_opponent() -> None:
    settlement = settle(parse_result(game()), "basic", unplayed=False)
    assert list(settlement.payments) == [1, -1, 1, -1]  # the game: 1 unit, from one opponent each
    # the actor settles with the first defender after him, his partner with the other
    assert {(line.payers, line.payees) for line in settlement.lines} == {((1,), (0,)), ((3,), (2,))}
    assert "seat 3 (dealer): -1 unit" in str(settlement) and "seat 1 (second)" in str(settlement)


def test_one_against_three_the_lone_player_pays_all_three() -> None:
    betl = {"players": 4, "partner": None, "contract": "betl", "actor": 1, "actor_tricks": 1}
    assert pays(betl) == [5, -15, 5, 5]  # basic betl 5, lost, to each of three
    # the actor called his own card: alone as well
    own = {**game(partner=0), "trump_seven": {"seat": 0, "fate": "won"}}
    assert pays(own) == [2 * 3, -2, -2, -2]  # game 1 + quiet seven 1 (leaves), from each of three


def test_a_hundred_with_flek_between_pairs() -> None:
    # basic hundred 4 made with 120 (two tens more: x4), fleked once (x2): 32 per pair
    data = game(contract="hundred", points={"actor": 80, "defence": 10}, marriages={"actor": "l", "defence": ""},
                flek={"hundred": 1}, flekers={"hundred": [3]})
    assert pays(data) == [32, -32, 32, -32]


def test_the_payments_are_the_three_player_price_spread_by_seat_payments() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(300):
        rules = rng.choice(["basic", "licit", "csm"])
        contract = rng.choice(["game", "seven", "hundred", "betl", "durch"] if rules != "csm"
                              else ["seven", "hundred", "betl", "durch"])
        actor = rng.randrange(4)
        partner = rng.choice([None, *[s for s in range(4) if s != actor]]) if contract not in ("betl",) else None
        team = [actor] + ([partner] if partner is not None else [])
        defence = [s for s in range(4) if s not in team]
        four: dict[str, Any] = {"players": 4, "partner": partner, "contract": contract, "actor": actor}
        three: dict[str, Any] = {"contract": contract, "actor": 0}
        level = rng.choice([0, 0, 1, 2])
        main_part = {"game": "game", "seven": "seven", "hundred": "hundred"}.get(contract, contract)
        if level:
            four["flek"] = three["flek"] = {main_part: level}
            count = (level + 1) // 2
            four["flekers"] = {main_part: [rng.choice(defence) for _ in range(count)]}
            three["flekers"] = {main_part: [rng.choice([1, 2]) for _ in range(count)]}
        if contract in ("betl", "durch"):
            four["actor_tricks"] = three["actor_tricks"] = rng.randrange(9)
            if contract == "durch":  # every trick: eight of four players' hands, ten of three's
                three["actor_tricks"] = 10 if four["actor_tricks"] == 8 else 9
        else:
            trump = rng.choice("hbla")
            a = rng.randrange(10) * 10
            marriages = {"actor": rng.choice(["", trump, "a" if trump != "a" else "b"]), "defence": ""}
            for data in (four, three):
                data.update(trump=trump, points={"actor": a, "defence": 90 - a}, marriages=marriages)
            fate = rng.choice(["won", "killed", "early"])
            mine = contract == "seven" or rng.random() < 0.5
            four["trump_seven"] = {"seat": rng.choice(team if mine else defence), "fate": fate}
            three["trump_seven"] = {"seat": 0 if mine else 1, "fate": fate}
        try:
            price = Fraction(pays(three, rules)[0]) / 2  # what each of the two defenders pays the actor
        except ResultError:
            continue  # a case the rule set refuses (e.g. a hundred without a marriage in basic)
        assert pays(four, rules) == seat_payments(set(team), price), (rules, four)
        checked += 1
    assert checked > 200


def test_an_opponent_with_the_trump_king_or_over_must_flek() -> None:
    data = game(hands=DEALT)
    assert pays(data) == [1, -1, 1, -1]  # the option is off by default
    settlement = settle(parse_result(data), "basic", ko_must_flek=True, unplayed=False)
    assert list(settlement.payments) == [2, -2, 2, -2]  # game 1, fleked: 2 from each opponent
    assert any("seat 1 holds lK" in line.description for line in settlement.lines)
    # already fleked (x4 here): the obligation adds nothing
    fleked = game(hands=DEALT, flek={"game": 2}, flekers={"game": [1]})
    assert pays(fleked, ko_must_flek=True) == pays(fleked) == [4, -4, 4, -4]
    # nobody on the defence holds the trump K or O (the partner holds them)
    partnered = game(hands=DEALT, partner=1, trump_seven={"seat": 2, "fate": "early"})
    assert pays(partnered, ko_must_flek=True) == [1, 1, -1, -1]
    # a three-player result is not touched by the four-player option
    three = {k: v for k, v in game().items() if k not in ("players", "partner")}
    assert pays(three, ko_must_flek=True) == pays(three) == [2, -1, -1]


def test_a_trump_marriage_must_flek_and_announce_a_hundred_against() -> None:
    data = game(hands=DEALT, points={"actor": 60, "defence": 30}, marriages={"actor": "", "defence": "l"})
    # by hand: 100 against replaces the game (basic: "the score for a hundred replaces the score
    # for game"); with 30 + 40 = 70 it fails three tens short: 4 doubled per ten past the first,
    # 4 * 2 * 2 = 16, paid by each defender to his opponent
    assert pays(data) == [-1, 1, -1, 1]  # without the option: the game lost 60 to 70
    assert pays(data, marriage_must_flek=True) == [16, -16, 16, -16]
    explicit = {**data, "flek": {"game": 1}, "flekers": {"game": [1]}, "against": ["hundred"]}
    assert pays(data, marriage_must_flek=True) == pays(explicit)
    with pytest.raises(ResultError, match="which csm does not have"):
        pays({**data, "contract": "seven", "trump_seven": {"seat": 0, "fate": "won"}}, "csm",
             marriage_must_flek=True)


@pytest.mark.parametrize(("change", "words"), [
    ({"players": 3}, "a partner belongs to four players"),
    ({"partner": 4}, "partner must be a seat 0, 1, 2 or 3"),
    ({"contract": "betl", "trump": None, "points": None, "marriages": None, "trump_seven": None,
      "actor_tricks": 0}, "betl is played alone against three"),
    ({"hands": DEALT[:3]}, "hands must be a list of four"),
    ({"hands": [*DEALT[:3], "l8 h8"]}, "hand 3 as dealt holds 2 cards, not 8"),
    ({"holding": {"trumps": 4}}, "csm bonus table"),
    ({"renonc": {"seat": 1, "kind": "play"}}, "not settled for 2 v 2 yet"),
    ({"actor": 3, "partner": 1}, None),
])
def test_bad_four_player_results_are_one_line(change: dict, words: str | None) -> None:
    data = {k: v for k, v in {**game(), **change}.items() if v is not None or k == "partner"}
    if words is None:
        assert sum(pays(data)) == 0
        return
    with pytest.raises(ResultError, match=words):
        pays(data)
    result = CliRunner().invoke(main, ["score", "-", "--rules", "basic"], input=json.dumps(data))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.output


def test_option_without_the_dealt_hands_is_refused_and_the_result_round_trips() -> None:
    with pytest.raises(ResultError, match="give \"hands\""):
        pays(game(), ko_must_flek=True)
    result = parse_result(game(hands=DEALT))
    assert parse_result(result.to_json()) == result and result.to_json()["partner"] == 2


def test_cli_prints_the_four_seats() -> None:
    out = CliRunner().invoke(main, ["score", "-", "--rules", "basic", "-o", "ko_must_flek=true"],
                             input=json.dumps(game(hands=DEALT)))
    assert out.exit_code == 0, out.output
    assert "seat 2 (third): +2 units" in out.stdout and "seat 3 (dealer): -2 units" in out.stdout
    payload = json.loads(CliRunner().invoke(main, ["score", "-", "--rules", "basic", "--json"],
                                            input=json.dumps(game())).stdout)
    assert payload["payments"] == [1, -1, 1, -1]
