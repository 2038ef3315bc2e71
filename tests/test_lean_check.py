"""``lean_check.first_lost``, the strict search's lean checks, against the sure plan replayed
card by card in every redistribution (``test_strict.plan_replays``) and the open-handed play
of every redistribution (``test_strict.open_wins``), and against ``check_claim`` on larger
claims: the same verdict, a redistribution really lost, and the killers given first honoured."""
from __future__ import annotations

import dataclasses
import random

import pytest
from randpos import random_position
from test_strict import Play, hide, open_wins, plan_replays, small_cases, worlds

from analyzer.cards import CardSet
from analyzer.claims import (
    DEFENCE_COMPONENTS,
    Claim,
    ClaimError,
    check_claim,
    claim_components,
    read_claim,
)
from analyzer.lean_check import first_lost
from analyzer.rules import Position
from analyzer.strict import sure_kind


def _lost_cards(lost: tuple[CardSet, str] | None) -> CardSet | None:
    return None if lost is None else lost[0]


@pytest.mark.parametrize(("seed", "kind"), [(0, "plan"), (1, "plan"), (3, "open"), (4, "open")])
def test_first_lost_matches_the_replayed_play(seed: int, kind: str) -> None:
    rng = random.Random(seed)
    verdicts = {True: 0, False: 0}
    killed = 0
    for data in small_cases(300 + seed, 60, tricks=3, max_worlds=20):
        positions = worlds(data)
        policy = sure_kind(positions[0]) if kind == "plan" else None
        made = {p.hands[min(s for s in range(3) if s != p.actor)].mask:
                plan_replays(Play(p), {"sure": policy}) if policy else open_wins(Play(p)) for p in positions}
        claim = read_claim(hide(data))
        names = claim_components(claim.position.contract, None)
        expected = all(made.values())
        verdicts[expected] += 1
        lost = first_lost(claim, names, policy)
        assert (lost is None) == expected, (data, policy)
        if lost is not None:
            assert not made[lost[0].mask] and lost[1] in names, (data, policy, lost)
        # Killers: some redistributions of this claim, and the actor's cards (no defender's).
        first = [CardSet(m) for m in rng.sample(sorted(made), min(3, len(made)))]
        first.insert(1, claim.position.hands[claim.position.actor])
        lost_first = _lost_cards(first_lost(claim, names, policy, first=first))
        assert (lost_first is None) == expected, (data, policy)
        losing = [c for c in first if c.mask in made and not made[c.mask]]
        if losing:
            assert lost_first == losing[0], (data, policy)  # the first killer that loses, before the rest
            killed += 1
    assert verdicts[True] >= 5 and verdicts[False] >= 5, verdicts
    assert killed >= 5


def mid_play_claims(seed: int, made: int, lost: int) -> list[tuple[Claim, bool]]:
    """Claims of random positions with 4 to 6 tricks left, the actor on lead or not, with a few
    hundred redistributions at most (the sizes the strict search gives first_lost), and
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
def test_first_lost_agrees_with_check_claim(seed: int) -> None:
    for claim, laid_down in mid_play_claims(40 + seed, 10, 30):
        kind = sure_kind(claim.position)
        names = claim_components(claim.position.contract, None)
        lost = first_lost(claim, names, kind)
        assert (lost is None) == laid_down, claim.position.to_json()
        if lost is not None:
            cards, name = lost
            only = dataclasses.replace(claim, forbidden=(claim.unseen - cards, cards))  # that one redistribution
            assert only.count() == 1
            assert not check_claim(only, components=[name], policy=kind, threads=1).laid_down
        # Open-handed, the same claim.
        lost = first_lost(claim, names)
        assert (lost is None) == check_claim(claim, components=names, threads=1).laid_down, claim.position.to_json()


def test_first_lost_refuses_bad_input() -> None:
    claim = read_claim({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8", "trump": "h",
                        "contract": "game", "actor": 0})
    assert first_lost(claim, ("game",), "cashing") is None
    with pytest.raises(ClaimError, match="no sure plan"):
        first_lost(claim, ("game",), "bluff")


def test_first_lost_counts_the_defence_marriage_per_redistribution() -> None:
    # The plan takes all three tricks; whether that makes the game turns on the defence's
    # marriage of leaves (20 points, Czech rule), held in some redistributions and not in others.
    claim = read_claim({"hands": ["hA hX bA", None, None], "unseen": "lK lO aX aK b7 b8", "trump": "h",
                        "contract": "game", "actor": 0, "score": {"actor": 20, "defence": 60}})
    king, over = CardSet.from_str("lK"), CardSet.from_str("lO")
    split = dataclasses.replace(claim, forbidden=(over, king))  # the two defenders hold one each
    together = dataclasses.replace(claim, forbidden=(king | over, CardSet()))  # the second holds both
    assert check_claim(split, policy="cashing", threads=1).laid_down
    assert not check_claim(together, policy="cashing", threads=1).laid_down
    assert first_lost(split, ("game",), "cashing") is None
    lost = first_lost(together, ("game",), "cashing")
    assert lost is not None and not lost[0] & (king | over) and lost[1] == "game"
    assert first_lost(claim, ("game",), "cashing") is not None
    assert first_lost(split, ("game",)) is None  # open-handed too
    assert first_lost(together, ("game",)) is not None
