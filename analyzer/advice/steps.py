"""Payments of exact card points without the points: yes/no questions at the payment's steps.

A trump game's yes/no answers (the game's and the hundred's) bound the actor's
card points in each world (:func:`point_bounds`). Between the bounds a
payment is a step function of the points (csm 10.9: a hundred's money moves
with each ten above it; a quiet hundred on either side; a failed two sevens
under 10 points). Given every payment that matters as a table over the tens of
points (:func:`tens`, then the caller's pricing), one yes/no question per step
inside the bounds ("at least that many points?"), asked in one batch for the
worlds where some payment is open, places the points within a stretch where
every one of those payments is constant (:func:`settled_tens`): the payments
the exact points would give, for a search of one null window per step where
the exact value takes several, and none in the other worlds. The actor's
screening and confirmation (:mod:`analyzer.advice.actor`) price so; the money
at the table (:mod:`analyzer.advice.table`) can (its ``BY_STEPS``: off, its
many flek choices make the settlements at every ten cost more than the nodes).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.advice.evaluate import Outcome, points_at_least
from analyzer.advice.options import Option
from analyzer.cards import CardSet

TENS = 10  # the actor's card points are 0, 10, ..., 90


def point_bounds(out: Outcome) -> tuple[np.ndarray, np.ndarray]:
    """Screening without exact points: the fewest and the most card points the yes/no answers
    (the game's and the hundred's) allow the actor in each world, in whole tens."""
    n = len(out.talon_points)
    made = out.answers if out.answers is not None else out.made
    low = np.zeros(n, np.int64)
    high = 90 - out.talon_points
    if "game" in made and out.game_target is not None:
        g = 10 * out.game_target
        low = np.where(made["game"], np.maximum(low, g), low)
        high = np.where(made["game"], high, np.minimum(high, g - 10))
    if "hundred" in made and out.hundred_target is not None:
        h = 10 * out.hundred_target
        low = np.where(made["hundred"], np.maximum(low, h), low)
        high = np.where(made["hundred"], high, np.minimum(high, h - 10))
    for name in ("seven", "two-sevens"):
        if name in made:  # a seven that takes the last trick takes its 10 points
            low = np.where(made[name], np.maximum(low, 10), low)
    top = 90 - out.talon_points
    low = np.clip(low, 0, top)
    high = np.clip(np.maximum(high, low), 0, top)
    return low, high


def tens(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """Every ten of points clipped to each world's bounds, world by world (``TENS`` a world, in
    the order of the worlds): price a payment at these and reshape to (worlds, ``TENS``) to get
    its table over the points, constant outside the bounds."""
    return np.clip(10 * np.arange(TENS)[None, :], np.asarray(low)[:, None], np.asarray(high)[:, None]).ravel()


def settled_tens(first: Option, hands: np.ndarray, actor: int, rules: str, twelve: CardSet | None,
                 talon: np.ndarray | None, low: np.ndarray, tables: Sequence[np.ndarray],
                 threads: int = 1) -> np.ndarray:
    """World by world, a ten of points k at which every table (worlds, ``TENS``: a payment at the
    points of :func:`tens`) has the value it has at the actor's exact points: the highest step at
    or under them, found by yes/no questions on the layout of ``first`` (the worlds ``hands``, the
    actor's column filled from ``twelve`` less the discard, or the ``talon`` given per world).
    ``low``: the answers' lower bounds (the same for every table). Price at ``clip(10 k, low,
    high)``, or read ``table[w, k]``: the payments of exact points."""
    n = len(hands)
    floor = np.asarray(low, np.int64) // 10
    steps = np.zeros((n, TENS), bool)  # steps[w, k]: some table differs at 10k and 10(k-1)
    for pays in tables:
        steps[:, 1:] |= pays[:, 1:] != pays[:, :-1]
    asked = np.flatnonzero(steps.any(axis=1))
    if not len(asked):
        return floor
    count = steps[asked].sum(axis=1)
    width = int(count.max())
    order = np.argsort(~steps[asked], axis=1, kind="stable")[:, :width]  # each world's steps, rising
    # every step at once, padded with the world's last (the same question again, answered from
    # the table): bisecting in rounds asked half the questions for as many nodes, and more calls
    targets = np.where(np.arange(width)[None, :] < count[:, None], order,
                       order[np.arange(len(asked)), count - 1][:, None])
    yes = points_at_least(first, hands[asked], actor, rules, twelve, None if talon is None else talon[asked],
                          targets, threads)
    floor[asked] = np.maximum(floor[asked], np.where(yes, targets, 0).max(axis=1))
    return floor
