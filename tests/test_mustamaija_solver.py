"""The solver against the slow reference (tests/mustamaija_reference.py) on random positions: the
default engine (C where it is built); test_mustamaija_native.py holds the two engines together."""
from __future__ import annotations

import random

import mustamaija_reference as ref
import pytest
from mustamaija_random import random_ending, random_with_talon

from analyzer.mustamaija.cards import QUEEN_OF_SPADES
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.rules import legal_moves, play
from analyzer.mustamaija.solver import solve

# a crowded pack (three suits, eight ranks) so attacks meet beaters often
CROWDED = [s * 13 + r for s in (0, 1, 3) for r in range(5, 13)] + [2 * 13 + r for r in range(5, 13)
                                                                      if 2 * 13 + r != QUEEN_OF_SPADES]


def _pack(rng: random.Random) -> list[int] | None:
    return CROWDED if rng.random() < 0.7 else None


def _check_two(position: Position) -> None:
    result = solve(position)
    game, state = ref.from_position(position)
    assert result.exact
    assert result.loser == ref.loser_two(game, state), position
    me = result.mover
    for move, row in zip(game.moves(state), result.moves):  # the value of each legal move, in the same order
        assert row["loser"] == ref.loser_two(game, game.after(state, move)), (position, row)
        assert row["safe"] == (row["loser"] != me)


def _check_many(position: Position, avoid: str, strict: bool = False) -> None:
    result = solve(position, endless="loss" if strict else "draw")
    game, state = ref.from_position(position)
    assert result.exact
    seats = range(position.players)
    if avoid == "path":
        safe = [ref.can_avoid(game, seat, state, strict) for seat in seats]
        check = ref.can_avoid
    else:
        check = ref.fixpoint_avoid(game, state, strict)
        safe = [check(game, seat, state) for seat in seats]
    assert result.safe == safe, position
    assert (result.loser, result.endless) == ref.profile(game, state, strict, avoid=check), position
    me = result.mover
    for move, row in zip(game.moves(state), result.moves):
        assert row["safe"] == check(game, me, game.after(state, move), strict), (position, row)


def test_two_players_up_to_four_cards() -> None:
    rng = random.Random(35)
    for _ in range(2000):
        _check_two(random_ending(rng, 2, 4, pack=_pack(rng)))


def test_two_players_with_a_known_talon() -> None:
    rng = random.Random(36)
    for _ in range(300):
        _check_two(random_with_talon(rng, 2, rng.choice((1, 2)), rng.randint(1, 3)))


def _small(rng: random.Random, players: int, most: int, states: int = 80) -> Position:
    """A random ending whose graph is small enough for the every-sequence reference (its cost
    grows with the number of paths, which can explode past a hundred states)."""
    while True:
        p = random_ending(rng, players, most, pack=_pack(rng))
        if solve(p, max_states=states, engine="python").exact:  # the C engine's count is of compressed states
            return p


def test_three_players_every_move_sequence() -> None:
    rng = random.Random(37)
    for _ in range(300):
        _check_many(_small(rng, 3, 2), "path")


def test_three_and_four_players_by_the_definition() -> None:
    rng = random.Random(38)
    for _ in range(60):
        _check_many(_small(rng, 3, 3, 1500), "fixpoint")
    for _ in range(60):
        _check_many(_small(rng, 4, 3, 1500), "fixpoint")


def test_endless_play_as_a_loss() -> None:
    rng = random.Random(39)
    for _ in range(100):
        _check_many(_small(rng, 3, 2), "path", strict=True)
    for _ in range(40):
        _check_many(_small(rng, 3, 3, 1500), "fixpoint", strict=True)


def test_three_players_with_a_known_talon() -> None:
    rng = random.Random(40)
    checked = 0
    while checked < 30:
        p = random_with_talon(rng, 3, 1, rng.randint(1, 2))
        if solve(p, max_states=1500, engine="python").exact:
            _check_many(p, "fixpoint")
            checked += 1


def test_cards_can_circle_for_ever() -> None:
    # no diamonds held and few beats: the others can keep the cards circling, so nobody can force
    # an end in which someone else loses, while three seats can avoid losing when endless play is a draw
    p = Position.from_str("trump:d hands:c2/h2h3/s2sQ/c5 talon:- attacker:0")
    draw, strict = solve(p), solve(p, endless="loss")
    assert draw.safe == [True, True, False, True] and (draw.loser, draw.endless) == (2, False)
    assert strict.safe == [False] * 4 and (strict.loser, strict.endless) == (None, True)
    _check_many(p, "fixpoint")
    _check_many(p, "fixpoint", strict=True)


def test_a_repetition_is_found_not_looped() -> None:
    p = Position.from_str("trump:c hands:h2/h3sQ/h4 talon:- attacker:0")
    r = solve(p, time_limit=5)
    assert r.exact and r.states < 1000


def test_gives_up_and_says_so() -> None:
    rng = random.Random(41)
    hands = tuple(sum(1 << c for c in rng.sample(range(26), 5)) for _ in range(3))
    cards = [c for c in range(52) if c != QUEEN_OF_SPADES and not any(h >> c & 1 for h in hands)]
    rng.shuffle(cards)
    hands = (hands[0] & ~hands[1] & ~hands[2] | 1 << QUEEN_OF_SPADES, hands[1] & ~hands[0], hands[2] & ~hands[0]
             & ~hands[1])
    p = Position(hands=hands, trump=3, attacker=0, talon=tuple(cards[:20]), hand_size=1)
    r = solve(p, time_limit=0.2)
    assert not r.exact and r.gave_up and "limit" in r.gave_up
    assert r.loser is None and r.safe == [] and r.moves == []


def test_two_players_line_ends_with_the_loser() -> None:
    p = Position.from_str("trump:d hands:h2h3sQ/h4d2cA talon:- attacker:0")
    r = solve(p)
    assert r.loser == 1 and r.safe == [True, False]
    state, rules = p.state, p.rules
    from analyzer.mustamaija.rules import parse_move
    for text in r.line:
        state = play(rules, state, parse_move(rules, state, text))
    assert state[2] == -1 and [bool(h) for h in state[0]] == [False, True]
    assert [m["move"] for m in r.moves] == ["h2", "h3", "sQ", "h2 h3"]
    assert [m["safe"] for m in r.moves] == [False, False, True, False]


@pytest.mark.slow
def test_bigger_runs() -> None:
    rng = random.Random(42)
    for _ in range(3000):
        _check_two(random_ending(rng, 2, 5, pack=_pack(rng)))
    for _ in range(150):
        _check_many(_small(rng, 3, 3, 4000), "fixpoint")  # the reference's fixpoint is slow past that
    for _ in range(150):
        _check_many(_small(rng, 4, 4, 4000), "fixpoint")
    for _ in range(1000):
        _check_many(_small(rng, rng.choice((3, 4)), 2, 150), "path")


def test_moves_follow_the_canonical_order() -> None:
    rng = random.Random(43)
    for _ in range(200):
        p = random_ending(rng, rng.choice((2, 3, 4)), 4, pack=_pack(rng))
        game, state = ref.from_position(p)
        ours = [play(p.rules, p.state, m) for m in legal_moves(p.rules, p.state)]
        theirs = [game.after(state, m) for m in game.moves(state)]
        assert [ref_state(s) for s in ours] == [_over(game, s) for s in theirs]


def _over(game, state):  # the reference keeps a seat as the attacker of a finished game; ours writes -1
    return (state[0], state[1], -1, state[3]) if game.over(state) else state


def ref_state(state):  # our tuple in the reference's tokens
    from analyzer.mustamaija.cards import card_str, cards_of
    hands, talon, attacker, table = state
    return (tuple(frozenset(card_str(c) for c in cards_of(h)) for h in hands), tuple(card_str(c) for c in talon),
            attacker, frozenset(card_str(c) for c in cards_of(table)))
