"""Two-player claims (analyzer/claims2.py) against a brute force: every way to put the cards the
claimant cannot see into the other hand and the stock (every permutation of them, duplicates
dropped), each solved by the plain minimax of tests/reference2.py; after the stock, the one
world is the open-hand solve. The command line and its bad input."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from click.testing import CliRunner
from reference2 import reference2_solve
from test_stock import CONTRACTS2, deal, small_case

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.claims2 import (
    ClaimTimeout,
    check_claim2,
    claim2_from_json,
    count_redistributions,
)
from analyzer.claims4 import ClaimTooLarge
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.solver import Solver
from analyzer.variants import VariantPosition


def brute_worlds(position: VariantPosition, data: dict) -> list[dict]:
    """Every distinct (other hand, stock) the claimant cannot tell apart, as reference JSON: the
    unseen cards are the other hand's and the stock's, but for an announced seven in the other
    hand and the six-card variant's last stock card (face up)."""
    other = 1 - position.actor
    kings = {Card.make(s, Rank.KING) for s in position.declared[position.side(other)]}
    fixed_hand = [c for c in position.hands[other] if c in position.announced or c in kings]
    fixed_last = list(position.stock[-1:]) if position.variant == "six" else []
    unseen = [c for c in position.hands[other] if c not in fixed_hand] + \
        [c for c in position.stock if c not in fixed_last]
    n = len(position.hands[other]) - len(fixed_hand)
    worlds = set()
    for order in itertools.permutations(unseen):
        worlds.add((frozenset(order[:n]), tuple(order[n:])))
    out = []
    for hand, stock in sorted(worlds, key=str):
        world = dict(data)
        hands = list(world["hands"])
        hands[other] = [str(c) for c in (*hand, *fixed_hand)]
        world["hands"] = hands
        world["stock"] = [str(c) for c in (*stock, *fixed_last)]
        out.append(world)
    return out


def endgame(rng: random.Random, contract: str) -> tuple[VariantPosition, dict] | None:
    """A small two-player endgame after the stock (1-4 cards each), maybe a card led."""
    n = rng.choice([1, 2, 3, 4])
    cards = [Card(i) for i in range(32)]
    rng.shuffle(cards)
    hands = [CardSet(cards[:n]), CardSet(cards[n:2 * n])]
    trump, actor, leader = rng.choice(list(Suit)), rng.randrange(2), rng.randrange(2)
    seven = Card.make(trump, Rank.SEVEN)
    c = Contract.parse(contract)
    if c.actor_seven and seven not in hands[actor] or c == Contract.SEVEN_AGAINST and seven not in hands[1 - actor]:
        return None
    score = (10 * rng.randrange(0, 8), 10 * rng.randrange(0, 8))
    trick: tuple[Card, ...] = ()
    if rng.random() < 0.3:
        lead = [x for x in hands[leader] if x != seven or c == Contract.GAME]
        if not lead:
            return None
        card = rng.choice(lead)
        hands[leader] = hands[leader] - CardSet([card])
        trick = (card,)
    position = VariantPosition(hands=tuple(hands), contract=c, trump=trump, actor=actor, leader=leader, score=score,
                               trick=trick, marriage_rule="over-first", seats=2)
    data = {"players": 2, "hands": [[str(x) for x in h] for h in hands], "trump": trump.token, "actor": actor,
            "leader": leader, "contract": contract, "trick": [str(x) for x in trick],
            "score": {"actor": score[0], "defence": score[1]}}
    return position, data


# 100 small cases per block, both variants, every two-player contract (the first block in the quick run)
@pytest.mark.parametrize("block", [0, *(pytest.param(b, marks=pytest.mark.slow) for b in range(1, 5))])
def test_claims_with_the_stock_agree_with_the_brute_force(block: int) -> None:
    rng = random.Random(2024 + block)
    solver = Solver()
    done = broken = multi = 0
    while done < 100:
        six = rng.random() < 0.35
        case = small_case(rng, "game" if six else CONTRACTS2[done % len(CONTRACTS2)], six)
        if case is None:
            continue
        position, data = case
        if len(position.hands[1 - position.actor]) + len(position.stock) > 6:
            continue  # the brute force's permutations: 720 at most
        if CardSet(position.trick) & position.announced:
            # an announced seven led while the stock lasts: only from a hand of one card, which no
            # real deal has (eight, or six); the core refuses it ("argument out of range")
            continue
        worlds = brute_worlds(position, data)
        if len(worlds) > 30:
            continue
        result = check_claim2(position, solver)
        assert result.total == count_redistributions(position) == len(worlds), data
        made = [reference2_solve(w)["makes"] for w in worlds]
        assert result.laid_down == all(made), data
        assert not result.perfect_information
        if not result.laid_down:
            example = result.counterexample.position
            assert example is not None
            world = {**data, "hands": [[str(c) for c in h] for h in example.hands],
                     "stock": [str(c) for c in example.stock]}
            assert not reference2_solve(world)["makes"]
            assert result.components[result.component] is False
            broken += 1
        multi += len(worlds) > 1
        done += 1
    assert broken >= 15 and done - broken >= 15 and multi >= 60


def test_claims_after_the_stock_are_the_open_hand_solve() -> None:
    rng = random.Random(77)
    solver = Solver()
    done = broken = 0
    while done < 150:
        case = endgame(rng, CONTRACTS2[done % len(CONTRACTS2)])
        if case is None:
            continue
        position, data = case
        result = check_claim2(position, solver)
        assert result.total == 1 and result.perfect_information
        assert result.laid_down == reference2_solve(data)["makes"], data
        broken += not result.laid_down
        done += 1
    assert 20 <= broken <= 130


def test_too_many_redistributions_is_refused_and_a_time_limit_stops() -> None:
    rng = random.Random(3)
    early = deal(rng, False, 8)
    with pytest.raises(ClaimTooLarge, match="too many redistributions: "):
        check_claim2(early)
    later = deal(rng, False, 4)  # C(12, 8) * 4! = 11,880 worlds
    assert count_redistributions(later) == 11880
    with pytest.raises(ClaimTimeout, match=r"not settled in 1e-06 s \(0 of 11880"):
        check_claim2(later, time_limit=1e-6)


def _hidden(position: VariantPosition) -> dict:
    data = position.to_json()
    other = 1 - position.actor
    data["unseen"] = " ".join(map(str, position.hands[other] | CardSet(position.stock)))
    data["hands"] = [None, None]
    data["hands"][position.actor] = str(position.hands[position.actor])
    data["stock"] = len(position.stock)
    return data


def test_a_hidden_hand_is_filled_and_checked_the_same() -> None:
    rng = random.Random(8)
    for stock in (2, 2, 0, 0):
        position = deal(rng, False, stock)
        given = check_claim2(position)
        filled = claim2_from_json(_hidden(position))
        assert sorted(map(str, filled.hands[filled.actor])) == sorted(map(str, position.hands[position.actor]))
        again = check_claim2(filled)
        assert (again.laid_down, again.total) == (given.laid_down, given.total)


def run(args: list[str], data: dict) -> tuple[int, str, str]:
    out = CliRunner().invoke(main, ["claim", "-", *args], input=json.dumps(data))
    return out.exit_code, out.stdout, out.stderr


def test_cli_claim_two_players() -> None:
    rng = random.Random(4)
    position = deal(rng, False, 2)
    code, out, _ = run([], position.to_json())
    assert code == 0 and "assumed: every hand of 8" in out and "Verdict: " in out
    code, out, _ = run(["--json"], _hidden(position))
    payload = json.loads(out)
    assert code == 0 and payload["distributions"] == 90
    assert {"laid_down", "distributions", "components", "counterexample", "worlds", "assumed",
            "perfect_information"} <= set(payload)


@pytest.mark.parametrize(("args", "change", "words"), [
    (["--strict"], {}, "--strict is for three players: a two-player claim"),
    (["--count"], {}, "--count is for three players"),
    ([], {"stock": 8}, "unseen cards, but the other hand holds"),
    ([], {"unseen": None}, "give the cards of that hand and the stock in 'unseen'"),
    ([], {"variant": "six"}, "turned card is seen"),
    ([], {"actor": 2}, "actor must be a seat 0 or 1"),
    ([], {"hands": ["hA"]}, "a list of two entries"),
])
def test_bad_two_player_claims_are_one_line(args: list[str], change: dict, words: str) -> None:
    position = deal(random.Random(5), False, 2)
    data = {k: v for k, v in {**_hidden(position), **change}.items() if v is not None}
    code, out, err = run(args, data)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1, err


def test_too_many_on_the_command_line() -> None:
    position = deal(random.Random(6), False, 8)
    code, _, err = run([], _hidden(position))
    assert code == 2 and err.startswith("marias: too many redistributions: ")


def test_the_web_claim_is_the_cli_json() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Starlette's note that httpx2 is coming
        from starlette.testclient import TestClient

        from analyzer.web import create_app

    position = deal(random.Random(9), False, 2)
    claim = _hidden(position)
    with TestClient(create_app()) as client:
        answer = client.post("/api/claim", json=claim)
        assert answer.status_code == 200, answer.text
        assert answer.json() == json.loads(run(["--json"], claim)[1])
        bad = client.post("/api/claim?strict=1", json=claim)
        assert bad.status_code == 400 and "two-player claim" in bad.json()["error"]


def test_the_king_of_a_marriage_the_other_player_declared_stays_with_him() -> None:
    rng = random.Random(10)
    while True:
        position = deal(rng, False, 2)
        other = 1 - position.actor
        suits = [s for s in Suit if Card.make(s, Rank.KING) in position.hands[other]
                 and Card.make(s, Rank.OVER) not in position.hands[0] | position.hands[1] | CardSet(position.stock)]
        if suits:
            break
    suit = suits[0]
    declared = list(position.declared)
    declared[position.side(other)] = (*declared[position.side(other)], suit)
    value = 20 if suit != position.trump else 40
    score = list(position.score)
    score[position.side(other)] += value
    marked = position.replace(declared=tuple(declared), score=tuple(score))
    king = Card.make(suit, Rank.KING)
    assert count_redistributions(position) == 90 and count_redistributions(marked) == 72  # C(9, 7) * 2!
    from analyzer.claims2 import redistributions

    assert all(king in world.hands[other] for world in redistributions(marked))
    assert f"{king} in the other hand (announced or declared)" in check_claim2(marked).assumed


def test_cli_time_limit_is_one_line() -> None:
    position = deal(random.Random(3), False, 4)
    code, out, err = run(["--time-limit", "0.000001"], position.to_json())
    assert code == 2 and out == "" and err.startswith("marias: the claim is not settled in 1e-06 s")
    assert err.count("\n") == 1
