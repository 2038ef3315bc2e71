"""Laid-down claims (analyzer.claims) against plain enumeration.

- on small endings the verdict and the winning count equal a brute force over
  every redistribution, each solved by the slow reference (tests/reference.py),
  the redistributions themselves enumerated independently (every split of the
  unseen cards, kept when the play so far replays legally);
- every counterexample, solved on its own, fails the contract, and its line
  replays;
- the sure wins (redistributions settled without a search) are won by the
  C solver too, and laid-down trick-1 claims make on sampled redistributions;
- the consistent option keeps exactly the redistributions whose replay of
  the played tricks is legal;
- the JSON variants agree, and bad input is one ClaimError line.
"""
from __future__ import annotations

import dataclasses
import itertools
import random
import re

import numpy as np
import pytest
from randpos import random_deal, random_position
from reference import reference_solve

from analyzer.batch import run_batch
from analyzer.cards import Card, CardSet
from analyzer.claims import (
    Claim,
    ClaimError,
    check_claim,
    claim_components,
    read_claim,
    redistributions,
)
from analyzer.errors import MariasError
from analyzer.open_check import ComponentCheck
from analyzer.redistributions import Table
from analyzer.rules import Contract, Position, default_leader, replay, trick_winner
from analyzer.solver import Solver, questions
from analyzer.sure_wins import CashingPlan

OWN_CONTRACTS = ["game", "seven", "hundred", "hundred-seven", "betl", "durch", "two-sevens", "two-sevens-hundred"]


# --- an independent oracle ------------------------------------------------------------------------


def hide(data: dict, unseen: bool = True) -> dict:
    """The claim JSON as the actor sees it: defenders hidden, their cards in 'unseen'."""
    out = dict(data)
    actor = out.get("actor", 0)
    pool = [c for s in range(3) if s != actor for c in out["hands"][s].split()]
    out["hands"] = [h if s == actor else None for s, h in enumerate(out["hands"])]
    if unseen:
        out["unseen"] = " ".join(pool)
    return out


def splits(data: dict, played: list[list[str]] | None = None, consistent: bool = False) -> list[dict]:
    """Every redistribution of the defenders' cards whose play so far is legal, as position JSON:
    all splits of the pool with the defenders' sizes, kept when Position accepts the current trick
    and (consistent) the whole history replays from its start."""
    actor = data.get("actor", 0)
    one, two = (s for s in range(3) if s != actor)
    pool = data["hands"][one].split() + data["hands"][two].split()
    size = len(data["hands"][one].split())
    out = []
    for first in itertools.combinations(pool, size):
        hands = list(data["hands"])
        hands[one] = " ".join(first)
        hands[two] = " ".join(c for c in pool if c not in first)
        candidate = {**data, "hands": hands}
        try:
            position = Position.from_json(candidate)
        except MariasError:
            continue
        if "".join(s.token for s in position.declared[1]) != "".join(sorted((data.get("marriages") or {}).get(
                "defence", ""), key="hbla".index)):
            continue  # a defender would have declared a marriage the claim says was not (docs/claims.md)
        if consistent and played and not replays(position, played):
            continue
        out.append(candidate)
    return out


def replays(position: Position, played: list[list[str]]) -> bool:
    """Does the history (then the current trick) replay legally from the hands it started with?"""
    later = [Card.from_str(c) for trick in played for c in trick] + list(position.trick)
    start = [set(position.hands[s]) for s in range(3)]
    leader = default_leader(position.contract, position.actor, position.rules)
    lead = leader
    for trick in played:
        cards = [Card.from_str(c) for c in trick]
        for i, card in enumerate(cards):
            start[(lead + i) % 3].add(card)
        lead = (lead + trick_winner(cards, position.trump, position.notrump)) % 3
    for i, card in enumerate(position.trick):
        start[(lead + i) % 3].add(card)
    origin = position.replace(hands=tuple(CardSet(h) for h in start), trick=(), leader=leader,
                              score=(0, 0), declared=((), ()))
    try:
        replay(origin, later)
    except MariasError:
        return False
    return True


def play_tricks(rng: random.Random, position: Position, tricks: int, extra: int) -> tuple[Position, list[list[str]]]:
    """Play ``tricks`` random legal tricks from trick 1, then ``extra`` cards of the next; the
    position comes back without its history (the claim gives it as ``played``)."""
    for _ in range(3 * tricks + extra):
        position = position.play(rng.choice(list(position.legal_moves())))
    played = [[str(c) for c in cards] for cards in position.played]
    return dataclasses.replace(position, played=(), first_leader=None), played


def reference_parts(candidate: dict, names: tuple[str, ...]) -> bool:
    answer = reference_solve(candidate)
    if len(names) == 1 and names[0] not in answer["components"]:
        return answer["makes"]
    return all(answer["components"].get(n, answer["makes"]) for n in names)


# --- the verdict and the count against brute force ------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_small_endings_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    solver = Solver(16)
    for i in range(12):
        contract = OWN_CONTRACTS[(seed + i) % len(OWN_CONTRACTS)]
        data = random_position(rng, rng.choice([2, 3, 3, 4]), contract=contract)
        names = claim_components(Contract(contract))
        everything = splits(data)
        wins = sum(reference_parts(c, names) for c in everything)
        counted = check_claim(hide(data), count=True, solver=solver)
        assert (counted.winning, counted.distributions) == (wins, len(everything)), data
        quick = check_claim(hide(data), solver=solver)
        assert quick.laid_down == counted.laid_down == (wins == len(everything)), data
        assert quick.distributions == len(everything)
        if not quick.laid_down:
            check_counterexample(quick.counterexample, names)


def check_counterexample(example, names) -> None:
    position = example.position
    assert example.component in names
    assert not Solver(16).component(position, example.component)
    assert not reference_parts(position.to_json(), (example.component,))
    tricks = replay(position, example.line)  # raises at an illegal card
    assert example.line and len(tricks) <= position.tricks_left


def test_seven_against_claims_only_the_actors_game() -> None:
    rng = random.Random(40)
    with pytest.raises(ClaimError, match="belongs to the defence"):
        check_claim(hide(random_position(rng, 3, contract="seven-against")))
    for _ in range(6):
        data = random_position(rng, 3, contract=rng.choice(["seven-against", "hundred-against"]))
        everything = splits(data)
        wins = sum(reference_solve(c)["components"]["game"] for c in everything)
        result = check_claim(hide(data), count=True, components=["game"])
        assert (result.winning, result.distributions) == (wins, len(everything)), data
        assert result.components == {"game": wins == len(everything)}


def test_a_seven_may_claim_its_game_too() -> None:
    rng = random.Random(41)
    for _ in range(6):
        data = random_position(rng, 3, contract="seven")
        everything = splits(data)
        both = sum(reference_parts(c, ("seven", "game")) for c in everything)
        result = check_claim(hide(data), count=True, components=["seven", "game"])
        assert result.winning == both
        seven = check_claim(hide(data), count=True)  # the default: the seven alone, as Solver.makes
        assert seven.winning == sum(reference_solve(c)["makes"] for c in everything)
        assert set(seven.components) == {"seven"}


# --- the consistent option --------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["game", "seven", "betl", "durch", "hundred"])
def test_consistent_keeps_exactly_the_redistributions_that_replay(contract: str) -> None:
    rng = random.Random(contract)
    for _ in range(5):
        deal = random_deal(rng, contract, actor=rng.randrange(3))
        tricks = rng.choice([6, 7])
        position, played = play_tricks(rng, deal, tricks, rng.choice([0, 1, 2]))
        data = position.to_json()
        claim_data = {**hide(data), "played": played}
        del claim_data["leader"]  # the played tricks give it
        for consistent in (False, True):
            claim = read_claim(claim_data, consistent=consistent)
            ours = {p.hands for p in redistributions(claim)}
            theirs = {Position.from_json(c).hands for c in splits(data, played, consistent)}
            assert ours == theirs, (claim_data, consistent)
            assert claim.count() == len(theirs)
            assert claim.position.leader == position.leader
        if len(theirs) <= 20 and position.tricks_left <= 4:
            names = claim_components(Contract(contract))
            wins = sum(reference_parts(c, names) for c in splits(data, played, True))
            assert check_claim(claim_data, consistent=True, count=True).winning == wins


def test_played_tricks_that_cannot_have_happened_are_refused() -> None:
    # Seat 1 leads b7, seat 2 plays b8, the actor throws h9 though he still holds bA.
    base = {"hands": ["bA aK", None, None], "unseen": "hK hO l7 l8", "trump": "l", "actor": 0,
            "talon": "", "first_leader": 1}
    with pytest.raises(ClaimError, match="played trick 1 cannot have been played: seat 0 could not play h9"):
        read_claim({**base, "played": [["b7", "b8", "h9"]]})
    # Seat 2 showed out of bells in trick 1 and led one in trick 2.
    with pytest.raises(ClaimError, match="played trick 1 cannot have been played: seat 2 could not play h8 holding bA"):
        read_claim({**base, "hands": ["aK", None, None], "unseen": "hK l8", "played":
                    [["b7", "h8", "b8"], ["b9", "bX", "bA"]]})
    good = {**base, "played": [["b7", "b8", "bX"]]}
    assert read_claim(good).position.leader == 0
    with pytest.raises(ClaimError, match="'leader' is 1 but the played tricks give the lead to seat 0"):
        read_claim({**good, "leader": 1})


# --- sure wins and big claims ------------------------------------------------------------------------


def _weight(card: Card, contract: str, trump: str | None) -> float:
    """Betl wants low cards, everything else high ones and trumps."""
    strength = "789XUOKA".index(card.rank.token) if trump is None else int(card.rank)
    w = (8 - strength) ** 3 if contract == "betl" else (strength + 1) ** 3
    return w * (4 if trump is not None and card.suit.token == trump else 1)


def strong_position(rng: random.Random, contract: str, tricks: int) -> dict:
    """A position with the actor to lead and a hand biased to what makes the contract (high cards
    and trumps; low cards for betl), so that the sure-win proofs have something to prove."""
    c = Contract(contract)
    while True:
        trump = rng.choice("hbla") if c.has_trumps else None
        side = rng.choice([s for s in "hbla" if s != trump]) if c.two_sevens else None
        required = [Card.from_str(trump + "7")] if c.actor_seven and trump else []
        required += [Card.from_str(side + "7")] if side else []
        hand = list(required)
        pool = [x for x in (Card(i) for i in range(32)) if x not in hand]
        while len(hand) < tricks:
            pick = rng.choices(pool, weights=[_weight(x, contract, trump) for x in pool])[0]
            hand.append(pick)
            pool.remove(pick)
        rng.shuffle(pool)
        actor = rng.randrange(3)
        hands = [""] * 3
        hands[actor] = str(CardSet(hand))
        others = [s for s in range(3) if s != actor]
        hands[others[0]] = str(CardSet(pool[:tricks]))
        hands[others[1]] = str(CardSet(pool[tricks:2 * tricks]))
        data = {"hands": hands, "trump": trump, "contract": contract, "actor": actor, "leader": actor,
                "talon": str(CardSet(pool[2 * tricks:2 * tricks + 2])) if rng.random() < 0.5 else ""}
        if side:
            data["side_suit"] = side
        if c.has_trumps and rng.random() < 0.3:
            data["marriage_rule"] = "over-first"
        if "hundred" in contract and tricks < 10:
            data["score"] = {"actor": 10 * rng.randrange(3, 9), "defence": 10 * rng.randrange(0, 4)}
        try:
            Position.from_json(data)
        except MariasError:
            continue
        return data


def test_sure_wins_are_won_by_the_solver() -> None:
    """Every redistribution settled without a search is made by Solver.component."""
    rng = random.Random(77)
    solver = Solver(18)
    proven = {}
    for i in range(240):
        contract = ["game", "seven", "hundred", "durch", "betl", "two-sevens", "hundred-seven", "game"][i % 8]
        data = strong_position(rng, contract, rng.choice([4, 5, 6, 7, 8, 10] if i % 8 != 5 else [3, 4, 5]))
        claim = read_claim(hide(data))
        table = Table(claim)
        for name in claim_components(claim.position.contract):
            check = ComponentCheck(claim, table, name)
            for index in rng.sample(list(np.flatnonzero(check.proven)), min(8, int(check.proven.sum()))):
                position = claim.with_hands(table.cards(int(index)))
                assert solver.component(position, name), (name, position.to_json())
                proven[name] = proven.get(name, 0) + 1
    # The proofs do fire, for every kind of goal.
    wanted = {"game": 20, "seven": 20, "hundred": 20, "durch": 20, "betl": 20, "two-sevens": 5}
    assert all(proven.get(name, 0) >= n for name, n in wanted.items()), sorted(proven.items())


def test_each_redistribution_s_target_is_its_own_question_s() -> None:
    """The game's target depends on the marriages the defenders hold (Czech rule); the check
    reads it off one question per claim: the solver's own question on every redistribution
    agrees, on claims where the defence may or may not hold one or two marriages."""
    rng = random.Random(79)
    varied = 0
    for i in range(80):
        data = random_position(rng, rng.choice([3, 4, 5, 6]), rng.choice(["game", "seven"]), marriage_rule="czech")
        claim = read_claim(hide(data))
        table = Table(claim)
        targets = ComponentCheck(claim, table, "game").targets
        for index in rng.sample(range(len(targets)), min(12, len(targets))):
            position = claim.with_hands(table.cards(index))
            assert targets[index] == questions(position)["game"].target, position.to_json()
        varied += len(set(targets.tolist())) > 1
    assert varied >= 10  # the marriages did move the target


def test_forced_aces_and_tens_are_won_by_the_solver() -> None:
    """The sure points of game and hundred count the defence's aces and tens that must fall into
    the actor's sure tricks: redistributions proven only thanks to them are made by the solver,
    and there are many of them."""
    rng = random.Random(78)
    solver = Solver(18)
    needed = 0
    for i in range(200):
        contract = ["game", "hundred"][i % 2]
        data = strong_position(rng, contract, rng.choice([3, 4, 5, 6, 7]))
        claim = read_claim(hide(data))
        if claim.position.marriage_rule != "czech":
            continue
        table = Table(claim)
        check = ComponentCheck(claim, table, contract)
        plan = CashingPlan(table, claim.position)
        only = check.proven & (plan.cashed_units - plan.forced_units < check.targets) & ~plan.every_trick
        for index in rng.sample(list(np.flatnonzero(only)), min(6, int(only.sum()))):
            position = claim.with_hands(table.cards(int(index)))
            assert solver.component(position, contract), position.to_json()
            needed += 1
    assert needed >= 30, needed


def test_the_fast_path_agrees_with_the_solver() -> None:
    """check_claim hands the core bit masks in one batch: on sampled redistributions of full deals
    the batch answers as Solver.component does (game targets with defence marriages included)."""
    rng = random.Random(3)
    solver = Solver(18)
    for contract in ["game", "seven", "hundred", "betl", "durch", "two-sevens"]:
        for _ in range(2):
            deal = random_deal(rng, contract)
            data = deal.to_json()
            claim = read_claim(hide(data))
            table = Table(claim)
            sample = np.array(rng.sample(range(len(table.first)), 25))
            for name in claim_components(claim.position.contract):
                check = ComponentCheck(claim, table, name)
                q = check.question
                targets = check.targets[sample].reshape(-1, 1)
                answers = run_batch([(q.game(claim.position), q.target)], q.state(claim.position),
                                    table.worlds(sample), targets, threads=2, tt_log2=18, chunk=7).answers
                for index, answer in zip(sample.tolist(), answers[:, 0].tolist()):
                    position = claim.with_hands(table.cards(index))
                    assert bool(answer) == solver.component(position, name), position.to_json()


LAID_DOWN = [
    # durch: every card a sure trick
    {"hands": ["hA hK hO bA bK lA lK aA aK aO", None, None], "contract": "durch", "talon": "h8 b8"},
    # betl: every card under the defence's cards of its suit but the bK, led at once
    {"hands": ["h7 h8 h9 bK b7 l7 l8 a7 a8 a9", None, None], "contract": "betl", "talon": "hU lU"},
    # hra: six top trumps, the marriage in trumps and side aces
    {"hands": ["hA hX hK hO hU h9 bA lA aA a7", None, None], "trump": "h", "contract": "game",
     "talon": "b8 l8"},
]


@pytest.mark.parametrize("data", LAID_DOWN)
def test_laid_down_claims_make_on_sampled_redistributions(data: dict) -> None:
    result = check_claim(data)
    assert result.laid_down and result.distributions == 184756 and result.counterexample is None
    claim = result.claim
    solver = Solver(18)
    rng = random.Random(1)
    unseen = list(claim.unseen)
    for _ in range(60):
        rng.shuffle(unseen)
        assert solver.makes(claim.with_hands(CardSet(unseen[:10])))


def test_a_claim_that_fails_gives_a_failing_deal_fast() -> None:
    data = {"hands": ["hA hK hO bA bK lA lK aA aK a7", None, None], "contract": "durch", "talon": "h8 b8"}
    result = check_claim(data)
    assert not result.laid_down and result.components == {"durch": False}
    assert not Solver().makes(result.counterexample.position)
    assert result.searched < 50


# --- the JSON variants and bad input ---------------------------------------------------------------


def test_json_variants_agree() -> None:
    rng = random.Random(9)
    for _ in range(8):
        data = random_position(rng, 4, contract=rng.choice(OWN_CONTRACTS))
        given = check_claim(data, count=True)
        hidden = check_claim(hide(data), count=True)
        assert (given.winning, given.distributions) == (hidden.winning, hidden.distributions)
        sizes = [len(h.split()) for h in data["hands"]]
        assert check_claim({**hide(data), "sizes": sizes}).laid_down == given.laid_down
        # The real hands given are one of the redistributions.
        assert given.claim.given and not hidden.claim.given
        assert given.claim.allows(given.claim.position.hands[given.claim.defenders[0]])
    # A full deal: without 'unseen' the defence holds every card not seen elsewhere.
    deal = random_deal(rng, "betl").to_json()
    assert check_claim(hide(deal, unseen=False)).distributions == 184756


BAD = [
    ([], "must be a JSON object"),
    ({"hands": "hA", "trump": "h"}, "three entries"),
    ({"hands": [None, None, None], "trump": "h"}, "actor's hand"),
    ({"hands": ["hA", "h7", None], "trump": "h"}, "both defenders"),
    ({"hands": ["hA", None, None], "unseen": "h7", "trump": "h"}, "defenders hold 1 \\+ 1"),
    ({"hands": ["hA", None, None], "unseen": "h7 hA", "trump": "h"}, "unseen card hA"),
    ({"hands": ["hA", None, None], "unseen": "h7 zz", "trump": "h"}, "unknown card 'zz'"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "sizes": [1, 2, 1]}, "'sizes'"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "foo": 1}, "unknown key 'foo'"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "contract": "betl", "trump": "h"}, "without trumps"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "contract": "bridge"}, "unknown contract"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "played": [["hK", "hO"]]}, "2 cards, not 3"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "played": "x"}, "list of tricks"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "first_leader": 1}, "needs 'played'"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "played": [["hA", "hK", "hO"]]},
     "played card hA"),
    ({"hands": ["bA hA", None, None], "unseen": "hK b7 h8 b8 l7", "trump": "h", "leader": 2, "trick": ["b9", "h7"]},
     "the current trick cannot have been played: seat 0 could not play h7 holding bA"),
    ({"hands": ["hA", None, None], "unseen": "h7 h8", "trump": "h", "contract": "seven-against"},
     "no defender holds|belongs to the defence"),
    ({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "unseen": "h7 b7 h8 b8"}, "hands are given"),
]


@pytest.mark.parametrize("data, message", BAD)
def test_bad_claims_are_one_line(data, message: str) -> None:
    with pytest.raises(MariasError, match=message) as info:
        check_claim(data)
    assert "\n" not in str(info.value)


def test_no_consistent_redistribution_is_an_error() -> None:
    # Seat 1 led a bell and seat 2 discarded a heart: seat 2 has no bells, but only bells are left.
    data = {"hands": ["aA aK", None, None], "unseen": "b7 b8", "trump": "l", "actor": 0, "leader": 1,
            "trick": ["b9", "h7"]}
    with pytest.raises(ClaimError, match="no redistribution"):
        check_claim(data)


JUNK = [None, 0, -1, 7, 2.5, True, "", "zz", "hA", [], ["hA"], [["hA"]], {}, {"a": 1}, "h", [None, None, None]]


def test_mangled_claims_fail_with_one_line_only() -> None:
    """Fuzz: any value in any key either reads or is refused as bad input, never a traceback."""
    rng = random.Random(11)
    keys = ["hands", "trump", "contract", "actor", "leader", "trick", "talon", "score", "marriages", "unseen",
            "sizes", "played", "first_leader", "side_suit", "rules", "marriage_rule"]
    for _ in range(400):
        data = hide(random_position(rng, rng.choice([2, 3])))
        data["played"] = []
        key = rng.choice(keys)
        data[key] = rng.choice(JUNK)
        if rng.random() < 0.3 and isinstance(data.get("hands"), list) and len(data["hands"]) == 3:
            data["hands"] = list(data["hands"])
            data["hands"][rng.randrange(3)] = rng.choice(JUNK)
        try:
            check_claim(data, consistent=rng.random() < 0.5)
        except MariasError as exc:
            assert "\n" not in str(exc) and str(exc)


def test_declared_marriages_in_the_trick_are_evidence() -> None:
    """Seat 1 led the trump king; the unseen hO is in his hand iff the marriage was declared
    (docs/semantics.md, "Declared marriages"); under over-first a king declares nothing."""
    base = {"hands": ["hA b7", None, None], "unseen": "hO b8 l7", "trump": "h", "contract": "game", "actor": 0,
            "leader": 1, "trick": ["hK"]}
    declared = read_claim({**base, "marriages": {"defence": "h"}, "score": {"defence": 40}})
    assert [str(p.hands[1]) for p in redistributions(declared)] == ["hO"]
    silent = read_claim(base)
    assert sorted(str(p.hands[1]) for p in redistributions(silent)) == ["b8", "l7"]
    assert all(p.declared == ((), ()) for p in redistributions(silent))
    over_first = read_claim({**base, "marriage_rule": "over-first"})
    assert over_first.count() == 3
    with pytest.raises(ClaimError, match="declared by playing hO"):
        read_claim({**base, "marriage_rule": "over-first", "marriages": {"defence": "h"}, "score": {"defence": 40}})
    # Given hands: the position's own marriages are the evidence (derived when the trick declares one).
    given = read_claim({k: v for k, v in base.items() if k != "unseen"} | {"hands": ["hA b7", "hO", "b8 l7"]})
    assert given.position.declared[1] and given.count() == 1


def test_a_claim_from_a_position_with_a_history_is_the_claim_of_its_json() -> None:
    """Claim.from_position takes the position's played tricks as the claim's history: the same
    redistributions as the claim JSON with the hands hidden and 'played' given."""
    rng = random.Random(77)
    checked = 0
    while checked < 20:
        deal = random_deal(rng, rng.choice(OWN_CONTRACTS), actor=rng.randrange(3))
        position = deal
        for _ in range(3 * rng.choice([6, 7]) + rng.choice([0, 1, 2])):
            position = position.play(rng.choice(list(position.legal_moves())))
        data = position.to_json()
        played = data.pop("played")
        first_leader = data.pop("first_leader")
        for consistent in (False, True):
            hidden = {**hide(data), "played": played, "first_leader": first_leader}
            try:
                ours = Claim.from_position(position, consistent=consistent)
            except ClaimError as exc:  # e.g. a seven already played: refused both ways, in the same words
                with pytest.raises(ClaimError, match=re.escape(str(exc))):
                    read_claim(hidden, consistent=consistent)
                continue
            theirs = read_claim(hidden, consistent=consistent)
            assert {p.hands for p in redistributions(ours)} == {p.hands for p in redistributions(theirs)}
            assert ours.played == theirs.played and ours.position.leader == theirs.position.leader
            assert position.hands in {p.hands for p in redistributions(ours)}
            checked += 1


def test_subsets_list_every_combination_in_order() -> None:
    """The table of redistributions (claims.subsets, built from kept position masks read a byte
    at a time) is itertools.combinations of the cards, in its order."""
    from analyzer.claims import subsets

    rng = random.Random(4)
    for n in range(21):
        for k in range(0, n + 1, 1 if n < 12 else 3):
            bits = rng.sample(range(32), n)
            expected = [sum(1 << b for b in combo) for combo in itertools.combinations(bits, k)]
            assert subsets(bits, k).tolist() == expected, (bits, k)
    assert len(subsets([1, 2], 3)) == 0
