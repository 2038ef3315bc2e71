"""The rules that decide a Mustamaija game's outcome, one by one."""
from __future__ import annotations

import pytest

from analyzer.errors import PositionError
from analyzer.mustamaija.cards import (
    JOKER,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    cards_of,
    parse_card,
    parse_cards,
)
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.rules import (
    Rules,
    attacks,
    defences,
    defender,
    legal_moves,
    loser,
    mover,
    play,
)
from analyzer.mustamaija.solver import solve

C = parse_card


def _attack_sets(position: Position) -> set[str]:
    from analyzer.mustamaija.cards import mask_str
    return {mask_str(m[0], " ") for m in attacks(position.rules, position.state)}


def test_the_queen_of_spades_neither_beats_nor_is_beaten() -> None:
    for trump in (0, 1, 3):
        rules = Rules(trump)
        assert rules.beaters[QUEEN_OF_SPADES] == 0
        for card in range(52):
            assert not rules.beats(card, QUEEN_OF_SPADES)
    # the joker variant: the joker is the Maria, the ♠Q an ordinary spade and spades may be trumps
    rules = Rules(2, maria=JOKER)
    assert rules.beats(C("sJ"), C("sQ")) and rules.beats(C("hA"), C("sQ")) and rules.beaters[JOKER] == 0
    assert not any(rules.beats(card, JOKER) for card in range(52))


def test_the_queen_of_spades_attacks_only_alone() -> None:
    p = Position.from_str("trump:h hands:sJsQsK/h2h3h4h5 talon:- attacker:0")
    found = _attack_sets(p)
    assert "sQ" in found
    assert not any("sQ" in a and a != "sQ" for a in found)
    assert {"sJ", "sK", "sJ sK"} <= found


def test_a_trump_beats_any_non_trump() -> None:
    rules = Rules(1)  # diamonds
    for card in range(52):
        if card == QUEEN_OF_SPADES:
            continue
        for trump_card in cards_of(SUIT_MASKS[1]):
            if card // 13 != 1:
                assert rules.beats(card, trump_card)  # the two of trumps beats the ace of hearts
            else:
                assert rules.beats(card, trump_card) == (trump_card > card)  # trumps among themselves by rank
        if card // 13 != 1:
            assert not any(rules.beats(t, card) for t in cards_of(SUIT_MASKS[1]))  # nothing else beats a trump


def test_a_higher_card_of_the_suit_beats_and_others_do_not() -> None:
    rules = Rules(0)
    assert rules.beats(C("c9"), C("cX")) and not rules.beats(C("cX"), C("c9"))
    assert not rules.beats(C("c9"), C("dA"))


def test_an_attack_larger_than_the_defenders_hand_is_refused_once_the_talon_is_empty() -> None:
    p = Position.from_str("trump:h hands:c2c3c4sQ/d5d6 talon:- attacker:0")
    sizes = {len(a.split()) for a in _attack_sets(p)}
    assert max(sizes) == 2 and "c2 c3" in _attack_sets(p)
    # with cards in the talon the limit does not apply
    q = Position.from_str("trump:h hands:c2c3c4c5c6/d5d6d7d8sQ talon:h9hJ attacker:0")
    assert "c2 c3 c4 c5 c6" in _attack_sets(q)
    from analyzer.errors import NotationError
    from analyzer.mustamaija.rules import parse_move
    with pytest.raises(NotationError):
        parse_move(p.rules, p.state, "c2 c3 c4")


def test_a_defender_who_beats_every_card_attacks_next() -> None:
    p = Position.from_str("trump:h hands:c2c3sQ/c7h2d9/d2d3 talon:- attacker:0 table:c5c6")
    state, rules = p.state, p.rules
    assert mover(state) == 1  # seat 0 attacked: seat 1 defends
    beat_all = [m for m in defences(rules, state) if m[0] == state[3]]
    assert beat_all == [(state[3], parse_cards("c7 h2"))]
    after = play(rules, state, beat_all[0])
    assert after[2] == 1 and defender(after) == 2


def test_beating_all_but_one_leaves_the_attack_to_the_left() -> None:
    p = Position.from_str("trump:h hands:c2sQ/c9h2d9/d2d3 talon:- attacker:0 table:c5c6")
    state, rules = p.state, p.rules
    both = [m for m in defences(rules, state) if m[0] == state[3]]
    assert both  # c5:c9 c6:h2
    one = next(m for m in defences(rules, state) if m[0] == 1 << C("c5"))
    after = play(rules, state, one)
    assert after[2] == 2 and defender(after) == 0
    assert after[0][1] == parse_cards("c6 h2 d9") or after[0][1] == parse_cards("c6 c9 d9")
    after_all = play(rules, state, both[0])
    assert after_all[2] == 1


def test_players_without_cards_are_skipped() -> None:
    p = Position.from_str("trump:h hands:c2c3/-/d2sQ talon:- attacker:0")
    assert p.out == [1] and p.defender == 2
    state, rules = p.state, p.rules
    after = play(rules, state, (1 << C("c2"), 0))
    take = play(rules, after, (0, 0))  # seat 2 picks up: the seat to his left (seat 0; seat 1 is out) attacks
    assert take[2] == 0 and defender(take) == 2


def test_a_defender_who_goes_out_passes_the_attack_on() -> None:
    p = Position.from_str("trump:h hands:c2c3sQ/c9/d2d3 talon:- attacker:0 table:c5")
    state, rules = p.state, p.rules
    after = play(rules, state, (1 << C("c5"), 1 << C("c9")))
    assert after[0][1] == 0 and after[2] == 2 and defender(after) == 0


def test_the_last_seat_holding_cards_loses() -> None:
    p = Position.from_str("trump:h hands:c2/sQd5 talon:- attacker:0")
    state, rules = p.state, p.rules
    after = play(rules, play(rules, state, (1 << C("c2"), 0)), (0, 0))  # seat 1 picks up the two of clubs
    assert after[2] == -1 and loser(after) == 1 and legal_moves(rules, after) == []
    assert solve(p).loser == 1


def test_drawing_attacker_first_then_defender_in_talon_order() -> None:
    p = Position.from_str("trump:d hands:h2h3h4h5sQ/c2c3c4c5c6 talon:hAhKhQdA attacker:0")
    state, rules = p.state, p.rules
    after = play(rules, state, (parse_cards("h2 h3"), 0))
    assert after[0][0] == parse_cards("h4 h5 sQ hA hK") and after[1] == (C("hQ"), C("dA"))
    take = play(rules, after, (0, 0))
    assert take[0][1] == parse_cards("c2 c3 c4 c5 c6 h2 h3") and take[1] == (C("hQ"), C("dA"))  # over 5: no draw
    assert take[2] == 0  # two players: the attacker attacks again


def test_beating_is_never_compulsory() -> None:
    p = Position.from_str("trump:h hands:c2sQ/cA/d4 talon:- attacker:0 table:c5")
    assert (0, 0) in defences(p.rules, p.state)


def test_each_attack_card_is_beaten_by_a_different_card() -> None:
    p = Position.from_str("trump:h hands:c2sQ/cAd4/d5 talon:- attacker:0 table:c5c6")
    for beaten, used in defences(p.rules, p.state):
        assert beaten.bit_count() == used.bit_count() <= 1


def test_the_maria_is_picked_up() -> None:
    p = Position.from_str("trump:s hands:d2/sAh4/hQjk talon:- attacker:0 maria:jk")
    assert p.rules.beats(C("sK"), C("sA"))
    q = Position.from_str("trump:h hands:c2/hAh4 talon:- attacker:0 table:sQ")
    assert defences(q.rules, q.state) == [(0, 0)]


def test_an_unknown_talon_is_not_solved() -> None:
    p = Position.from_str("trump:h hands:c2c3c4c5c6/sQd3d4d5d6 talon:?8 attacker:0")
    with pytest.raises(PositionError):
        solve(p)
