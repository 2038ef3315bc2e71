"""The seed's wedding variant: no trump until a player declares the K and Q of a suit (never
spades); the first wedding fixes the trump. Its rules, its notation, and both solvers against
the every-sequence reference."""
from __future__ import annotations

import random

import mustamaija_reference as ref
import pytest

from analyzer.errors import MariasError
from analyzer.mustamaija import native
from analyzer.mustamaija.cards import JOKER, QUEEN_OF_SPADES, parse_card
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.rules import (
    legal_moves,
    move_str,
    parse_move,
    play,
    trump_of,
    weddings,
)
from analyzer.mustamaija.solver import solve

ENGINES = ["python"] + (["c"] if native.AVAILABLE else [])


def _moves(p: Position) -> list[str]:
    return [move_str(p.rules, p.state, m) for m in legal_moves(p.rules, p.state)]


def test_no_trump_until_a_wedding() -> None:
    p = Position.from_str("trump:- hands:hK/d3d4/c9sQ talon:- attacker:0 table:h2 wedding:y")
    # nothing beats a heart but a higher heart: the diamonds cannot, no trump is set yet
    assert _moves(p) == ["take"] and trump_of(p.rules, p.state) == -1


def test_the_mover_declares_before_his_move_and_it_holds() -> None:
    p = Position.from_str("trump:- hands:hKhQc2/sQd3/c3c4 talon:- attacker:0 wedding:y hand:3")
    moves = _moves(p)
    assert moves[:4] == ["hQ", "hK", "c2", "hQ hK"] and moves[4:] == ["wed:h hQ", "wed:h hK", "wed:h c2",
                                                                      "wed:h hQ hK"]
    after = play(p.rules, p.state, parse_move(p.rules, p.state, "wed:h c2"))
    assert after[4] == 0 and after[3] == 1 << parse_card("c2")
    # now a heart beats a club: the defender has none, but the trump is set for everyone
    assert Position.from_state(after, p.rules).trump == 0


def test_the_defender_may_declare_and_beat_with_the_new_trump() -> None:
    p = Position.from_str("trump:- hands:c6/dKdQ/h2sQ talon:- attacker:0 table:c5 wedding:y")
    assert _moves(p) == ["take", "wed:d c5:dQ", "wed:d c5:dK", "wed:d take"]
    after = play(p.rules, p.state, parse_move(p.rules, p.state, "wed:d c5:dK"))
    assert after[4] == 1 and after[2] == 1 and after[0][1] == 1 << parse_card("dQ")  # he beat all: he attacks


def test_never_spades_and_only_the_first_wedding() -> None:
    p = Position.from_str("trump:- hands:sKsQ/h2/h3 talon:- attacker:0 wedding:y")
    assert weddings(p.rules, p.state) == []  # the K and Q of spades: the Maria cannot make trumps
    jk = Position.from_str("trump:- hands:sKsQjk/h2/h3 talon:- attacker:0 wedding:y maria:jk")
    assert weddings(jk.rules, jk.state) == [2]  # the joker variant: spades may be trumps
    set_ = Position.from_str("trump:h hands:dKdQ/h2sQ/h3 talon:- attacker:0 wedding:y")
    assert weddings(set_.rules, set_.state) == [] and not any(m.startswith("wed") for m in _moves(set_))


def test_notation() -> None:
    text = "trump:- hands:hKhQc2/sQd3/c3c4 talon:- attacker:0 wedding:y hand:3"
    p = Position.from_str(text)
    assert Position.from_str(str(p)) == p and Position.from_dict(p.to_dict()) == p
    assert p.to_dict()["trump"] is None and p.to_dict()["wedding"] is True
    assert "wedding" not in Position.from_str("trump:h hands:h2/sQ attacker:0").to_dict()
    for bad in ("trump:- hands:h2/sQ attacker:0", "trump:h hands:h2/sQ attacker:0 wedding:maybe"):
        with pytest.raises(MariasError):
            Position.from_str(bad)


# ---------------------------------------------------------------------- against the reference
PACK = [s * 13 + r for s in range(4) for r in range(6, 13) if s * 13 + r != QUEEN_OF_SPADES]


def _wedding_ending(rng: random.Random, players: int, most: int) -> Position:
    """Hands of 1 to ``most`` cards, one seat given a K and Q of a suit, no trump yet (now and
    then one set already, or the joker as the Maria), sometimes an attack on the table."""
    maria = JOKER if rng.random() < 0.2 else QUEEN_OF_SPADES
    suit = rng.choice((0, 1, 3) if maria == QUEEN_OF_SPADES else (0, 1, 2, 3))
    pair = [suit * 13 + 10, suit * 13 + 11]
    sizes = [rng.randint(1, most) for _ in range(players)]
    holder = rng.randrange(players)
    sizes[holder] = max(sizes[holder], 2)
    rest = [c for c in PACK + [QUEEN_OF_SPADES] if c not in pair and c != maria]
    cards = rng.sample(rest, sum(sizes) - 3) + [maria]
    rng.shuffle(cards)
    hands, at = [], 0
    for seat, size in enumerate(sizes):
        take = size - (2 if seat == holder else 0)
        hands.append(sum(1 << c for c in cards[at:at + take]) | (sum(1 << c for c in pair) if seat == holder else 0))
        at += take
    trump = -1 if rng.random() < 0.85 else rng.choice((0, 1, 3))
    p = Position(hands=tuple(hands), trump=trump, attacker=rng.randrange(players), maria=maria, wedding=True)
    if rng.random() < 0.3:
        after = play(p.rules, p.state, rng.choice(legal_moves(p.rules, p.state)))
        p = Position.from_state(after, p.rules)
    return p


@pytest.mark.parametrize("engine", ENGINES)
def test_two_players_against_every_move_sequence(engine: str) -> None:
    rng = random.Random(235)
    for _ in range(400):
        p = _wedding_ending(rng, 2, 3)
        result = solve(p, engine=engine)
        game, state = ref.from_position(p)
        assert result.exact and result.loser == ref.loser_two(game, state), p
        for move, row in zip(game.moves(state), result.moves, strict=True):
            assert row["loser"] == ref.loser_two(game, game.after(state, move)), (p, row)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("strict", [False, True])
def test_three_players_against_the_definition(engine: str, strict: bool) -> None:
    rng = random.Random(236 + strict)
    checked = 0
    while checked < 40:
        p = _wedding_ending(rng, 3, 2)
        if not solve(p, engine="python", max_states=800).exact:
            continue
        checked += 1
        result = solve(p, engine=engine, endless="loss" if strict else "draw")
        game, state = ref.from_position(p)
        check = ref.fixpoint_avoid(game, state, strict)
        assert result.safe == [check(game, seat, state) for seat in range(3)], p
        assert (result.loser, result.endless) == ref.profile(game, state, strict, avoid=check), p
        for move, row in zip(game.moves(state), result.moves, strict=True):
            assert row["safe"] == check(game, result.mover, game.after(state, move), strict), (p, row)


def test_engines_agree_on_larger_weddings() -> None:
    if not native.AVAILABLE:
        pytest.skip("the C extension is not built")
    rng = random.Random(238)
    for k in range(150):
        p = _wedding_ending(rng, (2, 3, 4)[k % 3], 3)
        py = solve(p, engine="python", max_states=3000)
        if py.exact:
            c = solve(p, engine="c")
            keys = ("loser", "endless", "safe", "moves", "line")
            assert {key: c.to_dict()[key] for key in keys} == {key: py.to_dict()[key] for key in keys}, p


def test_a_wedding_position_keeps_its_trump_in_the_solver_line() -> None:
    p = Position.from_str("trump:- hands:hKhQc2/sQd3/c3 talon:- attacker:0 wedding:y hand:3")
    r = solve(p)
    state = p.state
    for text in r.line:
        state = play(p.rules, state, parse_move(p.rules, state, text))
    assert state[2] == -1
