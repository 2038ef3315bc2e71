"""Single-dummy card values (analyzer/single_dummy.py) against a brute force: every consistent
world (tests/view_reference.py) times every legal card, each solved by the plain minimax of
tests/reference.py; sampled figures lie within their errors of the exact ones; the same seed
gives the same figures whatever the threads, and whatever the hidden hands."""
from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from randpos import random_history
from reference import reference_solve
from view_reference import brute_worlds, small_position

from analyzer.cards import CardSet
from analyzer.errors import ArgumentError
from analyzer.rules import Position
from analyzer.single_dummy import single_dummy
from analyzer.solver import Solver


def with_world(position: Position, hands, talon: int) -> Position:
    return dataclasses.replace(position, hands=tuple(CardSet(int(m)) for m in hands[:3]),
                               talon=CardSet(int(talon)) if position.talon else position.talon)


def history_decided(position: Position) -> bool:
    """A history that decided something a position without its history cannot know (a seven
    played, a betl or durch trick): the reference reads positions without history."""
    played = {c for cards in position.played for c in cards}
    if position.announced & CardSet(played):
        return True
    return not position.contract.has_trumps and bool(position.played)


def gain(before: Position, after: Position) -> int:
    """The hra units a card brought the actor (tests/test_solver_properties.py's child)."""
    marriages = [sum(p.marriage_value(s) for s in p.declared[0]) for p in (before, after)]
    units = (after.score[0] - before.score[0] - (marriages[1] - marriages[0])) // 10
    if before.marriage_rule == "over-first":
        units += (marriages[1] - marriages[0]) // 20
        d = [sum(p.marriage_value(s) for s in p.declared[1]) for p in (before, after)]
        units -= (d[1] - d[0]) // 20
    return units


def brute_values(position: Position, seat: int) -> dict | None:
    """Each legal card's mean P(make) and hra value over every consistent world, by the reference."""
    worlds = sorted(brute_worlds(position, seat))
    out = {}
    for card in position.legal_moves():
        makes, points = [], []
        for hands, talon in worlds:
            world = with_world(position, hands, talon)
            if history_decided(world.play(card)):
                return None  # the card itself decides a seven or a betl: not for the reference
            after = world.play(card, history=False)
            ref = reference_solve(after.to_json())
            makes.append(ref["makes"])
            if position.contract.has_trumps:
                points.append(10 * (gain(world, after) + ref["value"]))
        out[card] = (np.mean(makes), np.mean(points) if points else None, len(worlds))
    return out


def test_exact_mode_equals_the_brute_force() -> None:
    rng = random.Random(4)
    checked = 0
    while checked < 30:
        position = small_position(rng, rng.choice([3, 4]))
        if position.tricks_left < 2 or history_decided(position):
            continue
        seat = position.to_move
        expected = brute_values(position, seat) if len(brute_worlds(position, seat)) <= 40 else None
        if expected is None:
            continue
        if expected is None:
            continue
        sd = single_dummy(position, seat, worlds="all")
        assert sd.worlds.exact and set(sd.outcomes) == set(expected)
        for card, (makes, points, n) in expected.items():
            assert len(sd.worlds) == n
            assert sd.makes(card).mean == pytest.approx(makes, abs=1e-12), (position.to_json(), card)
            assert sd.makes(card).exact and sd.makes(card).stderr == 0
            if points is not None:
                assert sd.hra_value(card).mean == pytest.approx(points, abs=1e-9), (position.to_json(), card)
        checked += 1


def test_one_world_is_the_open_hand_value() -> None:
    """Where the seat sees everything (one consistent world), the values are Solver.card_values'."""
    rng = random.Random(9)
    solver = Solver()
    done = 0
    while done < 20:
        position = small_position(rng, rng.choice([2, 3]))
        sd = single_dummy(position, worlds="all")
        if len(sd.worlds) != 1:
            continue
        for card, value in solver.card_values(position).items():
            assert sd.makes(card).mean == float(value["makes"])
            if "hra_value" in value:
                assert sd.hra_value(card).mean == value["hra_value"]
        done += 1


def test_sampled_figures_lie_within_their_errors() -> None:
    rng = random.Random(12)
    misses, figures = 0, 0
    done = 0
    while done < 8:
        position = small_position(rng, 5)
        if position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue
        exact = single_dummy(position, worlds="all")
        if len(exact.worlds) < 300:
            continue
        sampled = single_dummy(position, worlds=150, seed=done)
        assert not sampled.worlds.exact and len(sampled.worlds) == 150
        for card in exact.outcomes:
            for a, b in [(exact.makes(card), sampled.makes(card)), (exact.hra_value(card), sampled.hra_value(card))]:
                if a is None:
                    continue
                figures += 1
                if b.stderr == 0:
                    # every drawn world agreed: the truth may differ only by what 150 draws can miss
                    misses += abs(a.mean - b.mean) > 0.05 * (abs(a.mean) + 1)
                else:
                    misses += abs(a.mean - b.mean) > 3 * b.stderr
        done += 1
    assert figures > 20 and misses <= max(1, figures // 50), (misses, figures)


def test_same_seed_same_figures_whatever_the_threads_and_the_hidden_hands() -> None:
    rng = random.Random(30)
    checked = 0
    for i in range(100):
        if checked == 4:
            break
        position = random_history(rng, ["game", "seven", "betl", "hundred"][checked])
        if position.tricks_left < 3 or position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue
        checked += 1
        one = single_dummy(position, worlds=40, seed=i, threads=1)
        two = single_dummy(position, worlds=40, seed=i, threads=2)
        assert one.to_json() | {"nodes": 0} == two.to_json() | {"nodes": 0}
        rows = one.worlds
        for w in range(3):
            other = with_world(position, rows.hands[w], int(rows.talon[w]))
            again = single_dummy(other, worlds=40, seed=i, threads=1)
            assert again.choice() == one.choice()
            assert again.to_json() | {"nodes": 0} == one.to_json() | {"nodes": 0}
    assert checked == 4


def test_paired_gap_and_bad_input() -> None:
    position = Position.from_json({"hands": ["hA bX", "h7 b7", "h8 bA"], "trump": "h", "contract": "game"})
    sd = single_dummy(position, worlds="all")
    a, b = sd.ranked
    assert sd.gap(a, b, "points").mean == sd.hra_value(a).mean - sd.hra_value(b).mean
    with pytest.raises(ArgumentError):
        single_dummy(position, 1)  # not to move


def test_equivalent_cards_share_one_search_rightly(monkeypatch) -> None:
    """Cards found equivalent (one search for all) have the values each has searched alone."""
    import analyzer.single_dummy as sd_module

    rng = random.Random(40)
    checked = 0
    while checked < 12:
        position = random_history(rng)
        if position.tricks_left < 3 or position.contract.has_trumps and position.talon.mask & 0xC0C0C0C0:
            continue
        if len(set(sd_module._equivalent(position, sd_module.view_of(position, position.to_move)).values())) == \
                len(position.legal_moves()):
            continue  # no two cards alike here
        shared = single_dummy(position, worlds=30, seed=checked)
        with monkeypatch.context() as m:
            m.setattr(sd_module, "_equivalent", lambda base, view: {})
            alone = single_dummy(position, worlds=30, seed=checked)
        for card in position.legal_moves():
            assert np.array_equal(shared.outcomes[card].makes, alone.outcomes[card].makes), position.to_json()
            a, b = shared.outcomes[card].points, alone.outcomes[card].points
            assert (a is None and b is None) or np.array_equal(a, b), (position.to_json(), card)
        checked += 1


def test_hra_values_of_a_world_at_once_equal_a_search_per_card() -> None:
    """The hra column comes from one ``move_values`` call per world (every card at once, the
    card's gain included); it equals the plain way: each card played, then one exact search of
    the position after it in that world (Solver.card_values' arithmetic), under both marriage
    rules, from positions mid-trick and at a trick's start."""
    from analyzer import _core
    from analyzer.questions import hra_question

    rng = random.Random(51)
    checked, rules = 0, set()
    search = _core.Search(16)
    while checked < 16:
        position = random_history(rng, rng.choice(["game", "seven", "hundred", "seven-against",
                                                   "hundred-against"]))
        if position.tricks_left < 2 or position.talon.mask & 0xC0C0C0C0 or len(position.legal_moves()) < 2:
            continue
        sd = single_dummy(position, worlds=6, seed=checked)
        for w in range(len(sd.worlds)):
            world = sd.view.world_position(sd.worlds.hands[w], int(sd.worlds.talon[w]))
            for card in world.legal_moves():
                after = world.play(card, check=False)
                q = hra_question(after)
                units = search.value(q.game(after), q.state(after)) if after.tricks_left else 0
                assert sd.outcomes[card].points[w] == 10 * (gain(world, after) + units), (position.to_json(), card)
        rules.add(position.marriage_rule)
        checked += 1
    assert rules == {"czech", "over-first"}
