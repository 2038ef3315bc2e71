"""``marias score`` for two players (analyzer/scoring/two.py, docs/scoring.md "Two players"): one
player pays the other the three-player price; checked against a pricer written out from the rule
pages' basic table, against the three-player price of the same game, by hand for csm, and for the
six-card game; bad input one line, exit status 2; the JSON keys of three players."""
from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.errors import ResultError
from analyzer.scoring import parse_result, settle, settle_json
from analyzer.variants import seat_payments

NONE = {"actor": "", "defence": ""}


def pays(data: dict[str, Any], rules: str = "basic", **options: Any) -> list[Fraction]:
    return list(settle(parse_result(data), rules, **options).payments)


def two(**extra: Any) -> dict[str, Any]:
    """A two-player game in leaves by the non-dealer, won 60 to 30; the dealer's trump seven early."""
    data = {"players": 2, "contract": "game", "trump": "l", "actor": 0, "points": {"actor": 60, "defence": 30},
            "marriages": NONE, "trump_seven": {"seat": 1, "fate": "early"}}
    return {**data, **extra}


# --- a pricer written out from the rule pages' basic table (units), for two players -------------

def basic_by_hand(d: dict[str, Any]) -> Fraction:
    """What the actor receives from the other player (negative: pays) under basic's defaults:
    game 1, seven 2, hundred 4 doubling per ten above (or short of) 100, quiet hundred 2 doubling
    per ten above, quiet seven 1 (killed: 1 the other way), seven and hundred against as the
    actor's, hearts double all, each flek doubles its component; a hundred replaces the game."""
    better = 2 if d["trump"] == "h" else 1
    flek = d.get("flek", {})
    comps = {"game": ["game"], "seven": ["game", "seven"], "hundred": ["hundred"],
             "hundred-seven": ["hundred", "seven"], "seven-against": ["game", "seven-against"],
             "hundred-against": ["game", "hundred-against"]}[d["contract"]]
    comps += [{"seven": "seven-against", "hundred": "hundred-against"}[a] for a in d.get("against", [])]
    if "hundred" in comps or "hundred-against" in comps:
        comps = [c for c in comps if c != "game"]
    values = [[40 if s == d["trump"] else 20 for s in d["marriages"][who]] for who in ("actor", "defence")]
    tricks = [d["points"]["actor"], d["points"]["defence"]]
    seven = d["trump_seven"]
    holder = 1 if seven["seat"] == d["actor"] else -1  # +1: the actor's side holds it
    total = Fraction(0)

    def count(side: int, every: bool) -> int:
        best = sorted(values[side], reverse=True)
        reached = tricks[side] + (best[0] if best else 0)
        return tricks[side] + sum(best) if reached >= 100 or every else reached

    for c in comps:
        sign, price = 1, Fraction(0)
        if c == "game":
            quiet = [side for side in (0, 1) if count(side, False) >= 100]
            if quiet:
                side = quiet[0]
                price, sign = 2 * Fraction(2) ** ((count(side, False) - 100) // 10), (1 if side == 0 else -1)
            else:
                mine, theirs = tricks[0] + sum(values[0]), tricks[1] + sum(values[1])
                price, sign = Fraction(1), (1 if mine > theirs else -1)
        elif c in ("seven", "seven-against"):
            price = Fraction(2)
            won = seven["fate"] == "won"
            sign = (1 if won else -1) * (1 if c == "seven" else -1)
        else:
            side = 0 if c == "hundred" else 1
            have = count(side, False)
            if have >= 100:
                price, sign = 4 * Fraction(2) ** ((have - 100) // 10), 1
            else:
                price, sign = 4 * Fraction(2) ** ((100 - have) // 10 - 1), -1
            sign *= 1 if side == 0 else -1
        total += sign * price * better * 2 ** flek.get(c, 0)
    if not {"seven", "seven-against"} & set(comps):
        if seven["fate"] == "won":
            total += holder * better
        elif seven["fate"] == "killed":
            total -= holder * better
    return total


def random_result(rng: random.Random, contracts: tuple[str, ...], against: bool) -> dict[str, Any]:
    trump = rng.choice("hbla")
    contract = rng.choice(contracts)
    actor = rng.randrange(2)
    a = rng.randrange(10) * 10
    other = rng.choice([s for s in "hbla" if s != trump])
    marriages = {"actor": rng.choice(["", trump, other, trump + other]), "defence": ""}
    marriages["defence"] = rng.choice(["", *[s for s in "hbla" if s not in marriages["actor"]][:2]])
    seat = rng.randrange(2)
    if contract in ("seven", "hundred-seven"):
        seat = actor
    elif contract == "seven-against":
        seat = 1 - actor
    data: dict[str, Any] = {"players": 2, "contract": contract, "trump": trump, "actor": actor,
                            "points": {"actor": a, "defence": 90 - a}, "marriages": marriages,
                            "trump_seven": {"seat": seat, "fate": rng.choice(["won", "killed", "early"])}}
    if against and contract == "game" and rng.random() < 0.4:
        data["against"] = rng.sample(["seven", "hundred"], rng.randrange(1, 3))
        if "seven" in data["against"]:
            data["trump_seven"]["seat"] = 1 - actor
    level = rng.choice([0, 0, 1, 2, 3])
    if level:
        parts = {"game": ["game"], "seven": ["game", "seven"], "hundred": ["hundred"],
                 "hundred-seven": ["hundred", "seven"], "seven-against": ["game", "seven-against"],
                 "hundred-against": ["hundred-against"]}[contract]
        data["flek"] = {rng.choice(parts): level}
    return data


def test_basic_two_player_payments_match_the_pricer_written_out() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(600):
        data = random_result(rng, ("game", "seven", "hundred", "hundred-seven", "seven-against",
                                   "hundred-against"), against=True)
        try:
            got = pays(data, "basic")
        except ResultError as exc:  # basic: "you cannot get 100 without a marriage"
            assert any(w in str(exc) for w in ("without any marriage", "already announces", "last trick")), data
            continue
        mine = basic_by_hand(data)
        assert got == seat_payments({data["actor"]}, mine, 2), data
        assert got[data["actor"]] == mine and sum(got) == 0
        checked += 1
    assert checked > 350


@pytest.mark.parametrize("rules", ["basic", "licit", "csm"])
def test_each_pays_the_other_the_three_player_price_per_defender(rules: str) -> None:
    rng = random.Random(rules)
    contracts = ("seven", "hundred", "hundred-seven") if rules != "basic" else (
        "game", "seven", "hundred", "hundred-seven", "seven-against", "hundred-against")
    checked = 0
    for _ in range(300):
        data = random_result(rng, contracts, against=rules != "csm")
        three = {k: v for k, v in data.items() if k != "players"}
        three["actor"] = 0
        seven = data["trump_seven"]
        three["trump_seven"] = {"seat": 0 if seven["seat"] == data["actor"] else 1, "fate": seven["fate"]}
        if data.get("flek"):
            own = {c: lvl for c, lvl in data["flek"].items() if not c.endswith("against")}  # the defence's fleks
            three["flekers"] = {c: [1, 2, 1][:(lvl + 1) // 2] for c, lvl in own.items()}
            data["flekers"] = {c: [1 - data["actor"]] * ((lvl + 1) // 2) for c, lvl in own.items()}
        try:
            # three players: no presumed outcome (csm 12.3-12.4), no bonus table: the game played out
            price = pays(three, rules, unplayed=False, **({"bonuses": False} if rules == "csm" else {}))[0] / 2
        except ResultError:
            continue
        assert pays(data, rules) == seat_payments({data["actor"]}, price, 2), (rules, data)
        checked += 1
    assert checked > 150


def test_csm_two_players_by_hand() -> None:
    # csm has no plain game and no announcements against; two players have both, at csm's game
    # (0.25 Kč, hearts 0.50), seven (0.50, 1) and hundred (1, 2) prices; rounded up per pair (16.2)
    assert pays(two(), "csm") == [1, -1]                      # 0.25 won, rounded up to 1 Kč
    assert pays(two(), "csm", round_up=False) == [Fraction(1, 4), Fraction(-1, 4)]
    seven_against = two(contract="seven-against", trump="h", trump_seven={"seat": 1, "fate": "won"},
                        flek={"seven-against": 1})
    # game won by the actor 0.50; the dealer's seven against won and fleked: 1 x 2 = 2 from the actor
    assert pays(seven_against, "csm", round_up=False) == [Fraction(-3, 2), Fraction(3, 2)]
    hundred = two(contract="game", against=["hundred"], marriages={"actor": "", "defence": "l"})
    # 100 against replaces the game: the dealer's 30 + 40 is 30 short: 1 Kč per ten short (csm 10.3)
    assert pays(hundred, "csm", round_up=False) == [3, -3]
    lines = settle(parse_result(hundred), "csm").lines
    assert all(line.payers in ((0,), (1,)) for line in lines)


def test_no_presumed_outcome_and_no_bonus_table_for_two() -> None:
    # three players: a basic game without flek is not played out ("forehand can claim 1 unit")
    three = {k: v for k, v in two(points={"actor": 30, "defence": 60}).items() if k != "players"}
    assert pays(three)[0] == 2
    assert pays(two(points={"actor": 30, "defence": 60}))[0] == -1  # two players play every hand out
    notes = [line.description for line in settle(parse_result(two(contract="seven", trump_seven={
        "seat": 0, "fate": "won"})), "csm").lines]
    assert not any("bonus" in n for n in notes)


def test_the_six_card_game_is_a_stake_for_the_majority() -> None:
    six = two(variant="six", trump="h", points={"actor": 40, "defence": 50}, marriages={"actor": "h", "defence": ""},
              trump_seven={"seat": 0, "fate": "won"})
    # 40 + 40 (the trump marriage after the stock) beats 50: the stake, 1 unit, hearts not doubled,
    # no quiet seven in the six-card game
    assert pays(six) == [1, -1]
    # the same marriage declared while the stock lasted is worth 20: 60 to 50... still won; with 30
    early = {**six, "points": {"actor": 30, "defence": 60}}
    assert pays(early) == [1, -1]  # 30 + 40 = 70 > 60
    assert pays({**early, "stock_marriages": "h"}) == [-1, 1]  # 30 + 20 = 50 < 60
    # no quiet hundred: 90 + 40 is the stake too
    assert pays({**six, "points": {"actor": 90, "defence": 0}}) == [1, -1]
    assert pays({**six, "points": {"actor": 90, "defence": 0}}, "csm", round_up=False) == [Fraction(1, 4),
                                                                                             Fraction(-1, 4)]


@pytest.mark.parametrize(("change", "words"), [
    ({"contract": "betl", "trump": None, "points": None, "marriages": None, "trump_seven": None,
      "actor_tricks": 0}, "two players have no betl"),
    ({"actor": 2}, "actor must be a seat 0 or 1"),
    ({"partner": 1}, "a partner belongs to four players"),
    ({"unplayed": "passed"}, "two players play every hand out"),
    ({"trump_seven": {"seat": 0, "fate": "talon"}}, "two players have no talon"),
    ({"hand": "lA lX"}, "csm bonus table"),
    ({"variant": "seven"}, "unknown two-player variant"),
    ({"variant": "six", "flek": {"game": 1}}, "no announcements and no doubling"),
    ({"variant": "six", "contract": "seven", "trump_seven": {"seat": 0, "fate": "won"}}, "no announcements"),
    ({"stock_marriages": "l", "marriages": {"actor": "l", "defence": ""}}, "belong to the six-card variant"),
    ({"variant": "six", "stock_marriages": "b"}, "not among the declared marriages"),
    ({"players": 1}, "players must be a whole number from 2 to 4"),
    ({"contract": "two-sevens"}, "two players have no two-sevens"),
    ({"contract": "durch", "trump": None, "points": None, "marriages": None, "trump_seven": None},
     "two players have no durch"),
])
def test_bad_two_player_results_are_one_line(change: dict, words: str) -> None:
    data = {k: v for k, v in {**two(), **change}.items() if v is not None}
    with pytest.raises(ResultError, match=words):
        pays(data)
    result = CliRunner().invoke(main, ["score", "-", "--rules", "basic"], input=json.dumps(data))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.output
    assert "Traceback" not in result.stderr


def test_the_variant_key_belongs_to_two_players() -> None:
    with pytest.raises(ResultError, match="variant belongs to two players"):
        pays({k: v for k, v in two(variant="six").items() if k != "players"})


def test_round_trip_and_the_json_keys_of_three_players() -> None:
    for data in (two(), two(variant="six", marriages={"actor": "l", "defence": ""}, stock_marriages="l")):
        result = parse_result(data)
        assert parse_result(result.to_json()) == result
    three = {k: v for k, v in two().items() if k != "players"}
    mine, theirs = settle_json(two(), "basic").to_json(), settle_json(three, "basic", unplayed=False).to_json()
    assert mine.keys() == theirs.keys()
    assert {k for line in mine["lines"] for k in line} == {k for line in theirs["lines"] for k in line}


def test_cli_prints_the_two_seats() -> None:
    out = CliRunner().invoke(main, ["score", "-", "--rules", "basic"], input=json.dumps(two()))
    assert out.exit_code == 0, out.output
    assert "two players" in out.stdout
    assert "seat 0 (non-dealer): +1 unit" in out.stdout and "seat 1 (dealer): -1 unit" in out.stdout
    payload = json.loads(CliRunner().invoke(main, ["score", "-", "--json"], input=json.dumps(two())).stdout)
    assert payload["payments"] == [1, -1] and payload["rules"] == "csm"


# --- a solved two-player deal's payment (analyzer/outcome.py, marias solve --payment) ------------

def _late_deal(rng: random.Random, six: bool, contract: str) -> Any:
    """A real deal played at random until two or four cards are left in the stock."""
    from analyzer.cards import Card
    from analyzer.contract import Contract
    from analyzer.stock import EXCHANGE, legal_moves, play_move
    from analyzer.variants import VariantPosition

    size = 6 if six else 8
    cards = [Card(i) for i in range(32)]
    rng.shuffle(cards)
    stock = tuple(cards[2 * size:])
    trump = stock[-1].suit if six else cards[0].suit
    position = VariantPosition(hands=(frozenset(), frozenset()), contract=Contract.GAME, trump=trump, actor=0,
                               leader=0, marriage_rule="over-first", seats=2, stock=stock,
                               variant="six" if six else "lizany")
    from analyzer.cards import CardSet

    position = position.__class__(**{**{f: getattr(position, f) for f in position.__dataclass_fields__},
                                     "hands": (CardSet(cards[:size]), CardSet(cards[size:2 * size]))})
    while len(position.stock) > rng.choice([2, 4]) or position.trick:
        moves = [m for m in legal_moves(position) if m != EXCHANGE or rng.random() < 0.5]
        position = play_move(position, rng.choice(moves))
    data = position.to_json()
    data["contract"] = contract
    return data


def test_a_solved_two_player_deal_is_settled_with_the_game_the_solver_decides() -> None:
    from analyzer.outcome import result_json
    from analyzer.rules import Position
    from analyzer.solver import Solver, remaining_units

    rng = random.Random(12)
    solver = Solver()
    done = marriages = 0
    while done < 20:
        six = done % 3 == 2
        data = _late_deal(rng, six, "game")
        data["rules"] = rng.choice(["csm", "basic"])
        position = Position.from_json(data)
        result = solver.solve(position)
        out = result_json(position, result)
        assert out["players"] == 2 and sum(out["points"].values()) == 90
        settlement = settle_json(out)
        game = next(line for line in settlement.lines if line.description.startswith(("game", "quiet hundred")))
        won = game.payees == (position.actor,)
        # the game (or a quiet hundred) goes where the solver's hra verdict, marriages included, says:
        # so the points line's marriages are the ones the result counts
        assert won == result.makes, (data, out)
        # exactly: the totals' difference is the one the hra value G gives (tests/reference2.py):
        # score_a - score_d + 2 G - R, G counting half of each marriage the line declares
        worth = {s: 20 if s in out.get("stock_marriages", "") or s != out["trump"] else 40 for s in "hbla"}
        totals = [out["points"][side] + sum(worth[s] for s in out["marriages"][side]) for side in ("actor", "defence")]
        assert totals[0] - totals[1] == position.score[0] - position.score[1] + 2 * solver.hra_value(position) \
            - 10 * remaining_units(position), (data, out)
        marriages += bool(out["marriages"]["actor"] + out["marriages"]["defence"])
        if data["rules"] == "basic" and not six:
            assert out["trump_seven"]["fate"] in ("won", "killed", "early")
        done += 1
    assert marriages >= 3
