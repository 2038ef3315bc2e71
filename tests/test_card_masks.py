"""analyzer.card_masks' bit tricks against the plain loop over the suits."""
from __future__ import annotations

import random

from analyzer.card_masks import defence_may_marry, marriage_cards
from analyzer.cards import MARRIAGE_LANE


def test_marriage_cards_are_the_king_and_over_knave_pairs_of_the_mask() -> None:
    rng = random.Random(17)
    masks = [rng.getrandbits(32) for _ in range(20000)] + [0, 0xFFFFFFFF, MARRIAGE_LANE, 0x10, 0x20]
    for mask in masks:
        pairs = 0
        for s in range(4):
            if (mask >> (8 * s)) & MARRIAGE_LANE == MARRIAGE_LANE:
                pairs |= MARRIAGE_LANE << (8 * s)
        assert marriage_cards(mask) == pairs, hex(mask)
        assert defence_may_marry(mask) == (pairs != 0)
