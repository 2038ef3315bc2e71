"""``plan_check.plan_counter``, the strict search's lean sure-plan check, against the sure plan
replayed card by card in every redistribution (``test_strict.plan_replays``), and against
``check_claim(..., policy=...)`` on larger claims: the same verdict, a redistribution the plan
really loses, and the killers given first honoured."""
from __future__ import annotations

import dataclasses
import random

import pytest
from randpos import random_position
from test_strict import Play, hide, plan_replays, small_cases, worlds

from analyzer.cards import CardSet
from analyzer.claims import (
    DEFENCE_COMPONENTS,
    Claim,
    ClaimError,
    check_claim,
    claim_components,
    read_claim,
)
from analyzer.plan_check import plan_counter
from analyzer.rules import Position
from analyzer.strict import sure_kind


@pytest.mark.parametrize("seed", range(3))
def test_plan_counter_matches_the_replayed_plan(seed: int) -> None:
    rng = random.Random(seed)
    verdicts = {True: 0, False: 0}
    killed = 0
    for data in small_cases(300 + seed, 60, tricks=3, max_worlds=20):
        positions = worlds(data)
        kind = sure_kind(positions[0])
        made = {p.hands[min(s for s in range(3) if s != p.actor)].mask: plan_replays(Play(p), {"sure": kind})
                for p in positions}
        claim = read_claim(hide(data))
        names = claim_components(claim.position.contract, None)
        expected = all(made.values())
        verdicts[expected] += 1
        lost = plan_counter(claim, names, kind)
        assert (lost is None) == expected, (data, kind)
        if lost is not None:
            assert not made[lost.mask], (data, kind, str(lost))
        # Killers: some redistributions of this claim, and cards that fit none of them.
        first = [CardSet(m) for m in rng.sample(sorted(made), min(3, len(made)))] + [CardSet(0xFF)]
        lost_first = plan_counter(claim, names, kind, first=first)
        assert (lost_first is None) == expected, (data, kind)
        losing = [c for c in first if c.mask in made and not made[c.mask]]
        if losing:
            assert lost_first == losing[0], (data, kind)  # the first killer that loses, before the rest
            killed += 1
    assert verdicts[True] >= 5 and verdicts[False] >= 5, verdicts
    assert killed >= 5


def mid_play_claims(seed: int, made: int, lost: int) -> list[tuple[Claim, bool]]:
    """Claims of random positions with 4 to 6 tricks left, the actor on lead or not, with a few
    hundred redistributions at most (the sizes the strict search gives plan_counter), and
    check_claim's verdict on the sure plan: ``made`` of them made, ``lost`` lost."""
    rng = random.Random(seed)
    out: list[tuple[Claim, bool]] = []
    wanted = {True: made, False: lost}
    while any(wanted.values()):
        data = random_position(rng, rng.randint(4, 6), marriage_rule="czech", mid_trick=rng.random() < 0.5)
        claim = Claim.from_position(Position.from_json(data), given=False)
        if claim.position.contract.value in DEFENCE_COMPONENTS or not 2 <= claim.count() <= 400:
            continue  # the defence's goal is not a claim of the actor's
        names = claim_components(claim.position.contract, None)
        verdict = check_claim(claim, components=names, policy=sure_kind(claim.position), threads=1).laid_down
        if wanted[verdict]:
            wanted[verdict] -= 1
            out.append((claim, verdict))
    return out


@pytest.mark.parametrize("seed", range(2))
def test_plan_counter_agrees_with_check_claim(seed: int) -> None:
    for claim, laid_down in mid_play_claims(40 + seed, 10, 30):
        kind = sure_kind(claim.position)
        names = claim_components(claim.position.contract, None)
        lost = plan_counter(claim, names, kind)
        assert (lost is None) == laid_down, claim.position.to_json()
        if lost is not None:
            only = dataclasses.replace(claim, forbidden=(claim.unseen - lost, lost))  # that one redistribution
            assert only.count() == 1
            assert not check_claim(only, components=names, policy=kind, threads=1).laid_down


def test_plan_counter_refuses_bad_input() -> None:
    claim = read_claim({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8", "trump": "h",
                        "contract": "game", "actor": 0})
    assert plan_counter(claim, ("game",), "cashing") is None
    with pytest.raises(ClaimError, match="no sure plan"):
        plan_counter(claim, ("game",), "bluff")


def test_plan_counter_counts_the_defence_marriage_per_redistribution() -> None:
    # The plan takes all three tricks; whether that makes the game turns on the defence's
    # marriage of leaves (20 points, Czech rule), held in some redistributions and not in others.
    claim = read_claim({"hands": ["hA hX bA", None, None], "unseen": "lK lO aX aK b7 b8", "trump": "h",
                        "contract": "game", "actor": 0, "score": {"actor": 20, "defence": 60}})
    king, over = CardSet.from_str("lK"), CardSet.from_str("lO")
    split = dataclasses.replace(claim, forbidden=(over, king))  # the two defenders hold one each
    together = dataclasses.replace(claim, forbidden=(king | over, CardSet()))  # the second holds both
    assert check_claim(split, policy="cashing", threads=1).laid_down
    assert not check_claim(together, policy="cashing", threads=1).laid_down
    assert plan_counter(split, ("game",), "cashing") is None
    lost = plan_counter(together, ("game",), "cashing")
    assert lost is not None and not lost & (king | over)
    assert plan_counter(claim, ("game",), "cashing") is not None
