"""A seat's view and its worlds (analyzer/view.py) against the slow way (tests/view_reference.py):
every world listed is consistent and every consistent world is listed; drawn worlds never violate
the view and are uniform; the view is blind to the hidden hands."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter

import numpy as np
import pytest
from randpos import random_history
from view_reference import brute_worlds, small_position, world_ok

from analyzer.cards import CardSet
from analyzer.errors import ArgumentError
from analyzer.rules import Position
from analyzer.view import TALON, view_of


def as_set(worlds) -> set:
    return {(tuple(int(x) for x in row[:3]), int(t)) for row, t in zip(worlds.hands, worlds.talon)}


def with_world(position: Position, hands, talon: int) -> Position:
    """The same history and contract with the hidden cards of one world."""
    return dataclasses.replace(position, hands=tuple(CardSet(int(m)) for m in hands[:3]),
                               talon=CardSet(int(talon)) if position.talon else position.talon)


def test_the_listed_worlds_are_exactly_the_consistent_ones() -> None:
    rng = random.Random(5)
    for _ in range(60):
        position = small_position(rng, rng.choice([2, 3]))
        for seat in range(3):
            view = view_of(position, seat)
            worlds = view.worlds("all")
            assert worlds.exact and len(worlds) == view.count()
            assert as_set(worlds) == brute_worlds(position, seat), (position.to_json(), seat)


def test_drawn_worlds_never_violate_the_view() -> None:
    rng = random.Random(8)
    for i in range(40):
        position = random_history(rng)
        if position.tricks_left == 0 or position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue  # (a talon against the discard limits is no world of the defenders' views)
        for seat in range(3):
            view = view_of(position, seat)
            worlds = view.worlds(20, seed=i)
            truth = (tuple(h.mask for h in position.hands), position.talon.mask)
            if view.count() > 20:
                assert not worlds.exact and len(worlds) == 20
            assert world_ok(position, seat, *truth)  # the deal itself is one of its worlds
            for row, talon in zip(worlds.hands, worlds.talon):
                assert world_ok(position, seat, row, talon), (position.to_json(), seat, row, talon)
                assert view.consistent(row, talon)


def test_inferences_from_play() -> None:
    # seat 1 did not follow hearts and did not trump: void in hearts, no trumps (leaves)
    start = Position.from_json({"hands": ["hA hK hO", "bA b7 b8", "h9 l8 l9"], "trump": "l", "contract": "game",
                                "leader": 0})
    position = start.play("hA").play("bA")
    seat1 = CardSet(view_of(position, 2).may_hold(1))
    assert str(seat1) == "b8 b7" or set(map(str, seat1)) == {"b7", "b8"}
    # the must-beat rule: seat 1 played h7 under the hK, so holds no heart above the king
    start = Position.from_json({"hands": ["hK l7 b7", "h7 bA b9", "hA hX b8"], "trump": "l", "contract": "game",
                                "leader": 0})
    position = start.play("hK").play("h7").play("hA")
    view = view_of(position, 0)
    assert "hX" not in set(map(str, CardSet(view.may_hold(1))))
    assert "hX" in set(map(str, CardSet(view.may_hold(2))))
    # ... and the seat's own hand is seen, not inferred
    assert view.places == (1, 2)


def test_uniform_draws() -> None:
    rng = random.Random(3)
    while True:
        position = small_position(rng, 3)
        view = view_of(position, position.to_move)
        if 6 <= view.count() <= 40:
            break
    worlds = view.worlds(200 * view.count(), seed=2)
    counts = Counter(as_set_row for as_set_row in zip(map(tuple, worlds.hands.tolist()), worlds.talon.tolist()))
    assert len(counts) == view.count()
    expected = len(worlds) / view.count()
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    # chi-square with count-1 degrees of freedom: far below its 99.99 % point
    assert chi2 < view.count() + 6 * (2 * view.count()) ** 0.5 + 20


def test_a_hidden_talon_within_the_discard_limits() -> None:
    rng = random.Random(11)
    for _ in range(20):
        from randpos import random_deal
        position = random_deal(rng, rng.choice(["game", "seven", "betl"]), actor=0)
        if position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue
        view = view_of(position, 1)
        assert TALON in view.places and TALON not in view_of(position, 0).places
        worlds = view.worlds(200, seed=1)
        if position.contract.has_trumps:
            assert not np.any(worlds.talon & np.uint32(0xC0C0C0C0))
            assert not np.any(worlds.talon & np.uint32(position.announced.mask))
        for card in position.announced:
            assert np.all(worlds.hands[:, 0] & np.uint32(1 << int(card)))


def test_the_view_is_blind_to_the_hidden_hands() -> None:
    rng = random.Random(21)
    for i in range(30):
        position = random_history(rng)
        if position.tricks_left == 0 or position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue
        seat = rng.randrange(3)
        view = view_of(position, seat)
        drawn = view.worlds(5, seed=i)
        for row, talon in zip(drawn.hands, drawn.talon):
            other = view_of(with_world(position, row, talon), seat)
            assert (other.places, other.sizes, other.allowed) == (view.places, view.sizes, view.allowed)
            again = other.worlds(5, seed=i)
            assert np.array_equal(again.hands, drawn.hands) and np.array_equal(again.talon, drawn.talon)


def test_same_seed_same_worlds_and_bad_input() -> None:
    position = random_history(random.Random(2), "game")
    view = view_of(position, position.to_move)
    a, b = view.worlds(30, seed=4), view.worlds(30, seed=4)
    assert np.array_equal(a.hands, b.hands)
    with pytest.raises(ArgumentError):
        view.worlds(0)
    with pytest.raises(ArgumentError):
        view_of(position, 3)


def test_long_histories_listed_exactly() -> None:
    """Late in a deal (seven or more tricks of history) every consistent world is listed, no other."""
    rng = random.Random(17)
    done = 0
    while done < 40:
        position = random_history(rng)
        if not 1 <= position.tricks_left <= 3 or position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue
        for seat in range(3):
            view = view_of(position, seat)
            assert as_set(view.worlds("all")) == brute_worlds(position, seat), (position.to_json(), seat)
        done += 1


def test_what_the_history_showed_kept_card_by_card_is_the_replay() -> None:
    """A playout keeps what each card showed as it is played (``shown_now``) instead of replaying
    the history at each decision: every seat's view is the same either way, marriages declared
    and not, from deals with a history and without."""
    from analyzer.view import history_shown, shown_now

    rng = random.Random(61)
    marriages = 0
    for i in range(30):
        deal = random_history(rng) if i % 2 else random_history(rng).start()
        position, shown = deal, history_shown(deal)
        while position.tricks_left:
            for seat in range(3):
                assert view_of(position, seat, shown) == view_of(position, seat), position.to_json()
            card = rng.choice(sorted(position.legal_moves(), key=int))
            shown.append(shown_now(position, card))
            marriages += shown[-1].declared
            position = position.play(card, check=False)
    assert marriages > 0


def test_a_seven_against_is_a_defenders_card_in_every_world() -> None:
    """The defence announced the seven: no world of a defender's view puts it in the actor's hand
    (the core, asked such a world, answers a game that cannot be; issue 36's follow-up)."""
    rng = random.Random(36)
    seen = 0
    for _ in range(30):
        position = small_position(rng, rng.choice([2, 3]), "seven-against")
        for seat in range(3):
            if seat == position.actor:
                continue
            view = view_of(position, seat)
            worlds = view.worlds("all")
            assert as_set(worlds) == brute_worlds(position, seat), (position.to_json(), seat)
            seven = 8 * int(position.trump)  # the trump seven's card
            if seven not in {int(c) for cards in position.played for c in cards} | {int(c) for c in position.trick}:
                assert not (worlds.hands[:, position.actor] >> seven & 1).any()
                seen += len(worlds)
    assert seen > 0
