"""The core's fixed plan for the actor (``mr_game.policy``, ``check_claim(policy=...)``), the
searched sure plans of the strict check (docs/claims.md, "The search, and why it is exact",
step 7), against plain Python:

- the core's card is ``strict.sure_card``'s, on random positions of every contract, both
  plans, on lead and in mid-trick;
- ``check_claim(..., policy=kind)`` says "laid down" exactly when the sure plan, replayed
  card by card with ``sure_card`` against every redistribution and every defence play
  (``test_strict.plan_replays``), makes the contract;
- the plan is really fixed: some endings are laid down open-handed and not by the plan.
"""
from __future__ import annotations

import json
import random

import pytest
from randpos import random_position
from test_strict import Play, hide, plan_replays, small_cases, worlds

from analyzer import _core
from analyzer.cards import CardSet
from analyzer.claims import POLICIES, ClaimError, check_claim
from analyzer.rules import Position
from analyzer.solver import questions
from analyzer.strict import check_strict, plan_kinds, sure_card


def actor_positions(seed: int, count: int) -> list[Position]:
    """Random three-player positions of any contract with the actor to move."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        data = random_position(rng, rng.randint(1, 10), mid_trick=rng.random() < 0.6)
        position = Position.from_json(data)
        if position.to_move == position.actor and position.hands[position.actor]:
            out.append(position)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_core_card_is_sure_card(seed: int) -> None:
    search = _core.Search(12)
    seen = set()
    for position in actor_positions(seed, 1500):
        question = next(iter(questions(position).values()))
        unseen = CardSet(c for s, h in enumerate(position.hands) if s != position.actor for c in h)
        for kind, code in POLICIES.items():
            card = search.policy_card(question.game(position, code), question.state(position))
            expected = sure_card(position, unseen, kind)
            assert card == int(expected), (position.to_json(), kind, card, expected)
            seen.add((kind, bool(position.trick), position.notrump))
    assert len(seen) == 4 * len(POLICIES)  # every plan, leads and follows, with and without trumps


def test_core_refuses_a_policy_it_cannot_play() -> None:
    position = actor_positions(7, 1)[0]
    question = next(iter(questions(position).values()))
    game = question.game(position, _core.POLICY_CASHING)
    with pytest.raises(_core.CoreError):
        _core.Search(12).policy_card(game[:12] + (len(POLICIES) + 1,), question.state(position))  # no such plan
    with pytest.raises(ClaimError, match="no sure plan"):
        check_claim({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8", "trump": "h",
                     "contract": "game", "actor": 0}, policy="bluff")


def checked_against_replay(data: dict) -> bool:
    """check_claim(policy=) on the ending's claim, held to the sure plan replayed card by card in
    each of its redistributions against every defence play, for each plan the strict search
    tries there (``plan_kinds``); returns the first plan's verdict."""
    positions = worlds(data)
    verdicts = []
    for kind in plan_kinds(positions[0]):
        expected = all(plan_replays(Play(p), {"sure": kind}) for p in positions)
        assert check_claim(hide(data), policy=kind, threads=1).laid_down == expected, (data, kind)
        verdicts.append(expected)
    return verdicts[0]


@pytest.mark.parametrize("seed", range(3))
def test_policy_check_matches_the_replayed_plan(seed: int) -> None:
    verdicts = {True: 0, False: 0}
    restricted = 0  # laid down open-handed, not by the fixed plan
    for data in small_cases(100 + seed, 60, tricks=3, max_worlds=20):
        expected = checked_against_replay(data)
        verdicts[expected] += 1
        if not expected and check_claim(hide(data), threads=1).laid_down:
            restricted += 1
    assert verdicts[True] >= 5 and verdicts[False] >= 5, verdicts
    assert restricted >= 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))  # (tests/test_build_switches.py holds the plan's bounds on longer endings)
def test_policy_check_matches_the_replayed_plan_four_tricks(seed: int) -> None:
    verdicts = {True: 0, False: 0}
    for data in small_cases(200 + seed, 30, tricks=4, max_worlds=35):
        verdicts[checked_against_replay(data)] += 1
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts


def test_side_first_makes_endings_that_cashing_does_not() -> None:
    """The strict search's second sure plan is a plan of its own: on some endings it makes every
    redistribution, replayed card by card, where the cashing plan does not; the strict search
    then says yes with a plan that replays, and plays side-first in some of them."""
    found = used = 0
    for data in small_cases(300, 400, tricks=3, max_worlds=20):
        positions = worlds(data)
        if plan_kinds(positions[0]) != ("cashing", "side-first"):
            continue
        if not all(plan_replays(Play(p), {"sure": "side-first"}) for p in positions):
            continue
        if all(plan_replays(Play(p), {"sure": "cashing"}) for p in positions):
            continue
        found += 1
        result = check_strict(hide(data), time_limit=None, threads=1)
        assert result.strict and all(plan_replays(Play(p), result.plan) for p in positions), data
        used += '"side-first"' in json.dumps(result.plan)
    assert found >= 3 and used >= 1, (found, used)


def test_side_first_is_not_given_the_cashing_plan_s_proofs() -> None:
    """The proofs of "Sure wins" are the cashing plan's: a redistribution they settle may be lost
    by side-first (here the defence ruffs the side card it leads first). check_claim with that
    plan searches every redistribution: it once took the proofs' word and said "laid down"."""
    data = {"hands": ["b8 b7 l9", "hK aX aU", "lA lU a7"], "trump": "a", "contract": "game", "actor": 1,
            "leader": 1, "score": {"actor": 50, "defence": 60}, "marriages": {"actor": "a", "defence": "l"}}
    positions = worlds(data)
    assert all(plan_replays(Play(p), {"sure": "cashing"}) for p in positions)
    assert not all(plan_replays(Play(p), {"sure": "side-first"}) for p in positions)
    assert check_claim(hide(data), policy="cashing", threads=1).laid_down
    assert not check_claim(hide(data), policy="side-first", threads=1).laid_down
