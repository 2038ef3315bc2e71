"""Realistic playouts (analyzer/realistic.py): every card is legal, every choice is a function of
its player's view alone (the hidden hands changed, the choice stays), and the same seed gives the
same figures whatever the number of deals played at once."""
from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from randpos import random_history

from analyzer.cards import CardSet
from analyzer.realistic import decision_seed, playout, realistic
from analyzer.rules import Position
from analyzer.single_dummy import values_of
from analyzer.view import view_of


def with_world(position: Position, hands, talon: int) -> Position:
    return dataclasses.replace(position, hands=tuple(CardSet(int(m)) for m in hands[:3]),
                               talon=CardSet(int(talon)) if position.talon else position.talon)


def endgame(rng: random.Random, tricks: int) -> Position:
    while True:
        position = random_history(rng)
        if position.tricks_left == tricks and not (position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0):
            return position


def test_playouts_are_legal_and_never_peek() -> None:
    rng = random.Random(1)
    for n in range(6):
        deal = endgame(rng, rng.choice([4, 5]))
        k, seed = 6, n
        played = playout(deal, k, seed)
        position = deal
        for index, card in enumerate(played.cards):
            if position.tricks_left > 1 and len(position.legal_moves()) > 1:
                view = view_of(position, position.to_move)
                # another deal that the mover cannot tell from this one: the same card
                worlds = view.worlds(3, seed=100 + index)
                for row, talon in zip(worlds.hands, worlds.talon):
                    twin = with_world(position, row, talon)
                    other = view_of(twin, twin.to_move)
                    again = values_of(other, other.worlds(k, decision_seed(seed, index)), threads=1).choice()
                    assert again == card, (deal.to_json(), index)
            position = position.play(card)  # checked: legal
        assert not any(position.hands)


def test_same_seed_same_figures_whatever_the_jobs() -> None:
    deal = endgame(random.Random(4), 5)
    one = realistic(deal, deal.to_move, deals=6, k=4, seed=3, jobs=1, settle=False)
    two = realistic(deal, deal.to_move, deals=6, k=4, seed=3, jobs=2, settle=False)
    assert np.array_equal(one.realistic_makes, two.realistic_makes)
    assert np.array_equal(one.open_makes, two.open_makes)
    assert one.to_json() == two.to_json()
    gap = one.gap()
    assert gap.mean == one.open_p_make().mean - one.p_make().mean


def test_payment_of_a_whole_deal() -> None:
    rng = random.Random(7)
    from randpos import random_deal

    while True:
        deal = random_deal(rng, "seven", actor=0)
        if not deal.talon.mask & 0xC0C0C0C0:
            break
    result = realistic(deal, 0, deals=2, k=2, seed=1, jobs=1)
    assert result.deals == 2 and not np.isnan(result.open_pay).any()
    assert not np.isnan(result.realistic_pay).any()


@pytest.mark.slow
def test_a_dask_cluster_gives_the_local_figures() -> None:
    distributed = pytest.importorskip("distributed")
    deal = endgame(random.Random(4), 5)
    local = realistic(deal, deal.to_move, deals=4, k=3, seed=5, jobs=1, settle=False).to_json()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = realistic(deal, deal.to_move, deals=4, k=3, seed=5, settle=False,
                           scheduler=cluster.scheduler_address).to_json()
    assert remote == local
