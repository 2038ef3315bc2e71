"""The worlds of a seat's view the slow way: every deal of the unseen cards, kept when the
position's own replay of the history accepts it (tests only; independent of analyzer/view.py's
inferences)."""
from __future__ import annotations

import dataclasses
import itertools
import random

from randpos import play_on, random_position

from analyzer.cards import SHARP_MASK, CardSet
from analyzer.contract import Contract
from analyzer.errors import PositionError
from analyzer.rules import Position, seven_of


def brute_worlds(position: Position, seat: int) -> set[tuple[tuple[int, ...], int]]:
    """Every world consistent with what ``seat`` has seen: (the three hands' masks, the talon)."""
    others = [s for s in range(3) if s != seat]
    hidden_talon = bool(position.talon) and seat != position.actor
    pool = sorted(c for s in others for c in position.hands[s])
    if hidden_talon:
        pool = sorted(pool + list(position.talon))
    sizes = [len(position.hands[s]) for s in others]
    truth = position._replay_history()
    played = {c for cards in position.played for c in cards} | set(position.trick)
    sevens = []
    if position.contract.actor_seven:
        sevens.append(seven_of(position.trump))
    if position.contract.two_sevens:
        sevens.append(seven_of(position.side_suit))
    out = set()
    for first in itertools.combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            talon = CardSet([c for c in rest if c not in second]) if hidden_talon else position.talon
            hands = list(position.hands)
            hands[others[0]], hands[others[1]] = CardSet(first), CardSet(second)
            if _accepts(position, hands, talon, hidden_talon, truth, played, sevens):
                out.add((tuple(h.mask for h in hands), talon.mask))
    return out


def world_ok(position: Position, seat: int, masks, talon_mask: int) -> bool:
    """Is one world (the three hands' masks, the talon's) consistent with ``seat``'s view?"""
    hidden_talon = bool(position.talon) and seat != position.actor
    hands = [CardSet(int(m)) for m in masks[:3]]
    talon = CardSet(int(talon_mask))
    if hands[seat] != position.hands[seat] or (not hidden_talon and talon != position.talon):
        return False
    unseen = [h for s, h in enumerate(position.hands) if s != seat] + ([position.talon] if hidden_talon else [])
    mine = [h for s, h in enumerate(hands) if s != seat] + ([talon] if hidden_talon else [])
    if [len(h) for h in mine] != [len(h) for h in unseen]:
        return False
    if sorted(c for h in mine for c in h) != sorted(c for h in unseen for c in h):
        return False
    played = {c for cards in position.played for c in cards} | set(position.trick)
    sevens = []
    if position.contract.actor_seven:
        sevens.append(seven_of(position.trump))
    if position.contract.two_sevens:
        sevens.append(seven_of(position.side_suit))
    return _accepts(position, hands, talon, hidden_talon, position._replay_history(), played, sevens)


def _accepts(position, hands, talon, hidden_talon, truth, played, sevens) -> bool:
    if hidden_talon and position.contract.has_trumps and talon.mask & SHARP_MASK:
        return False
    if hidden_talon and talon.mask & position.announced.mask:
        return False
    if any(c not in played and c not in hands[position.actor] for c in sevens):
        return False
    if position.contract == Contract.SEVEN_AGAINST and seven_of(position.trump) in hands[position.actor]:
        return False  # the defence announced it: a defender holds it
    world = dataclasses.replace(position, hands=tuple(hands), talon=talon)
    try:
        facts = world._replay_history()
    except PositionError:
        return False
    return facts[1] == truth[1]


def small_position(rng: random.Random, tricks: int, contract: str | None = None) -> Position:
    """A position with a history: a random endgame of ``tricks`` + 1 or 2 tricks, played on at
    random (its talon, if any, within the discard limits)."""
    while True:
        start = Position.from_json(random_position(rng, tricks + rng.choice([1, 2]), contract, mid_trick=False))
        if start.contract.has_trumps and start.talon.mask & SHARP_MASK:
            continue
        position = play_on(rng, start, 3 * (len(start.hands[0]) - tricks) + rng.randrange(3))
        if position.tricks_left >= 1:
            return position
