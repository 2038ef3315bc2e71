"""A claim of a few redistributions checked without the claim check's tables and proofs:
open-handed, or with the actor playing a sure plan.

The strict check (``analyzer.strict``) asks at almost every node of its search whether the
sure plan, played from there, makes the claim against every redistribution
(``check_claim(..., policy=...)``), and where it does not, whether the actor makes it
open-handed (``check_claim``). Most of those claims have a few hundred redistributions or
fewer, and most plans are lost to a redistribution that beat an earlier check (a killer).
There the claim check's fixed costs (its table of redistributions ordered for sharing, its
sure wins proven per redistribution, the counterexample's line) cost more than the searches:
here the killers go first, the sure wins are searched like the rest (the core's bounds
settle them at the root), and the batch crosses into the core once.
``tests/test_lean_check.py`` holds it to ``check_claim`` and to the plan replayed.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from analyzer import _core
from analyzer.batch import BatchTimeout, run_batch
from analyzer.card_masks import (
    core_mask,
    defence_may_marry,
    low_last,
    mask_bits,
    natural_order,
    subsets,
    unseen_split,
)
from analyzer.cards import CardSet, Suit
from analyzer.claim_reading import Claim, ClaimError, ClaimTimeout
from analyzer.open_check import POLICIES, TT_LOG2
from analyzer.redistributions import world_targets
from analyzer.solver import questions

# Claims up to this many redistributions are checked here by the strict check; from about
# this many on, the claim check's proofs and order pay for themselves (docs/claims.md).
LEAN_MAX = 400


def first_lost(claim: Claim, names: Sequence[str], policy: str | None = None, *, first: Sequence[CardSet] = (),
               tt_log2: int = TT_LOG2, time_limit: float | None = None) -> tuple[CardSet, str] | None:
    """Does the actor make every component in ``names`` against every redistribution and every
    defence play: open-handed, or playing the sure plan ``policy`` ("cashing" or "betl") from
    the claim's position on? None when he does; else (the cards of ``defenders[0]`` in a
    redistribution he loses, a component lost there), the redistribution being one of
    ``first`` (the cards of ``defenders[0]`` in earlier claims of the same play) when one of
    those that fit is lost. The verdict of ``check_claim(claim, components=names,
    policy=policy)``. Raises ClaimTimeout past ``time_limit`` seconds, ClaimError when no
    redistribution fits."""
    if policy is not None and policy not in POLICIES:
        raise ClaimError(f"no sure plan {policy!r} (use {', '.join(POLICIES)})")
    position = claim.position
    unseen = claim.unseen.mask
    split = unseen_split(unseen, claim.forbidden[0].mask, claim.forbidden[1].mask, claim.sizes[0])
    if split is None:
        raise ClaimError("no redistribution fits the play so far")
    forced0, free, k = split
    # The killers that fit, then every redistribution in the claim check's order. A killer
    # fits when it holds every card forced on defenders[0] and none he cannot hold
    # (``Claim.allows_mask`` written out: it runs for every killer at every node); one given
    # twice is searched twice, the second time answered from the core's table.
    bad, size = forced0 | (unseen & claim.forbidden[0].mask), claim.sizes[0]
    killers = [m for cards in first if (m := cards.mask & unseen) & bad == forced0 and m.bit_count() == size]
    rest = _redistributions(free, k, forced0, position.trump, position.notrump)
    firsts = np.concatenate([np.array(killers, np.uint32), rest]) if killers else rest
    seconds = np.uint32(unseen) ^ firsts
    hands = np.zeros((len(firsts), 4), np.uint32)
    hands[:, position.actor] = position.hands[position.actor].mask
    hands[:, claim.defenders[0]] = firsts
    hands[:, claim.defenders[1]] = seconds
    qs = questions(position)
    asked = [qs[name] for name in names]
    # The questions' own targets unless a marriage may be the defence's (see world_targets).
    targets = (np.stack([world_targets(claim, q, unseen, firsts, seconds) for q in asked], axis=1)
               if defence_may_marry(unseen) else None)
    state = next((q for q in asked if q.best_marriage), asked[0]).state(position)  # only a hundred reads it
    plan = _core.POLICY_NONE if policy is None else POLICIES[policy]
    try:
        batch = run_batch([(q.game(position, plan), q.target) for q in asked], state, hands, targets,
                          stop_on_no=True, threads=1, tt_log2=tt_log2, time_limit=time_limit)
    except BatchTimeout:
        raise ClaimTimeout(f"claim not settled in {time_limit} s") from None
    if batch.first_no is None:
        return None
    lost = batch.first_no
    name = next(q.name for q, answer in zip(asked, batch.answers[lost]) if not answer)
    return CardSet(int(firsts[lost])), name


@functools.lru_cache(maxsize=4096)
def _redistributions(free: int, k: int, forced0: int, trump: Suit | None, notrump: bool) -> np.ndarray:
    """The cards of defenders[0] in every redistribution: his forced cards and k of the free
    ones, in the claim check's order (``card_masks.low_last``). Kept: the strict search meets the
    same few again and again."""
    bits = low_last(mask_bits(core_mask(CardSet(free), notrump)), trump)
    out = natural_order(subsets(bits, k) | np.uint32(core_mask(CardSet(forced0), notrump)), notrump)
    out.flags.writeable = False
    return out


__all__ = ["LEAN_MAX", "first_lost"]
