"""The chained dealers for two players (lízaný): the stock phase, the endgame, gathering, carryover.

Checked against independent constructions: the stock phase re-dealt card by
card from the pack with the rule written out again here, the endgame replayed
through the two-player rules and held to a pure Python minimax, the gathered
pack built pile by pile, the survival from the arithmetic of 4-card packets.
"""
from __future__ import annotations

import itertools
import math

import pytest
from click.testing import CliRunner

from analyzer.cards import Card, CardSet, Suit
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.dealing import PATTERNS, Dealer, trick_survival, uniform_survival
from analyzer.policy import play_hand, play_out
from analyzer.solver import Solver
from analyzer.study import read_table
from analyzer.variants import VariantPosition


def two(name: str = "no-shuffle", **options: object) -> Dealer:
    return Dealer.parse(name, "two", **{"chain_length": 8, "burn_in": 2, **options})


def beats(card: Card, led: Card, trump: Suit) -> bool:
    """Any card may be played while the stock lasts: it wins if it is higher in the led suit or a trump on a side card."""
    if card.suit == led.suit:
        return card.rank > led.rank
    return card.suit == trump


def cheapest(cards: list[Card], trump: Suit) -> Card:
    return min(cards, key=lambda c: (c.suit == trump, c.rank, c.suit))


def stock_phase(pack: tuple[Card, ...]) -> tuple[list[tuple[tuple[Card, ...], int]], list[set[Card]], Suit, int]:
    """The eight tricks while the stock lasts, re-dealt from the pack: the tricks, the hands left, trump, leader."""
    first = pack[:4]
    counts = {s: sum(c.suit == s for c in first) for s in Suit}
    ranks = {s: sum(c.rank for c in first if c.suit == s) for s in Suit}
    trump = max(Suit, key=lambda s: (counts[s], ranks[s], -s))
    hands = [set(pack[0:4]) | set(pack[8:12]), set(pack[4:8]) | set(pack[12:16])]
    stock = list(pack[16:])
    leader, tricks = 0, []
    for _ in range(8):
        led = cheapest(list(hands[leader]), trump)
        follower = 1 - leader
        winners = [c for c in hands[follower] if beats(c, led, trump)]
        answer = cheapest(winners or list(hands[follower]), trump)
        hands[leader].discard(led)
        hands[follower].discard(answer)
        winner = follower if beats(answer, led, trump) else leader
        tricks.append(((led, answer), winner))
        hands[winner].add(stock.pop(0))
        hands[1 - winner].add(stock.pop(0))
        leader = winner
    return tricks, hands, trump, leader


def endgame(deal) -> VariantPosition:
    _, hands, trump, leader = stock_phase(deal.pack)
    return VariantPosition(hands=(CardSet(hands[0]), CardSet(hands[1])), contract=Contract.GAME, trump=trump,
                           actor=0, leader=leader, marriage_rule="over-first", rules="csm", seats=2)


@pytest.mark.parametrize("play", ["greedy", "solver"])
def test_the_hand_is_the_stock_rule_then_a_legal_endgame(play: str) -> None:
    solver = Solver(16)
    for deal in Dealer.parse("uniform", "two").deals(5, 0, 30):
        tricks, talon, team = play_hand(deal, play, solver)
        assert not talon and team == frozenset({0}) and len(tricks) == 16
        expected, hands, _, _ = stock_phase(deal.pack)
        assert tricks[:8] == expected
        position = endgame(deal)
        assert [set(h) for h in position.hands] == hands and all(len(h) == 8 for h in hands)
        for cards, winner in tricks[8:]:
            for card in cards:
                position = position.play(card)  # raises on an illegal card under the follow-and-beat rules
            assert position.leader == winner and not position.trick
        assert not any(position.hands)


def best_margin(position: VariantPosition) -> int:
    """max (actor's score - the other's) over the rest of the play, by brute force (over-first marriages included)."""
    if not any(position.hands):
        return position.score[0] - position.score[1]
    values = [best_margin(position.play(card)) for card in position.legal_moves()]
    return max(values) if position.to_move == 0 else min(values)


def test_the_endgame_line_is_best_play_in_the_last_tricks() -> None:
    """From the fifth trick after the stock on, every card of the solver's line keeps the minimax margin."""
    solver = Solver(16)
    for deal in Dealer.parse("uniform", "two").deals(6, 0, 12):
        position = endgame(deal)
        line = play_out(position, "solver", solver)
        for card in line[:8]:
            position = position.play(card)
        best = best_margin(position)
        for card in line[8:]:
            position = position.play(card)
            assert best_margin(position) == best, (deal.index, card)


def test_each_deal_is_the_last_hand_gathered_cut_and_dealt() -> None:
    for play, order in (("greedy", "actor-first"), ("solver", "defence-first")):
        deals = list(two(play=play, gather=order).deals(3, 0, 16))
        for before, deal in itertools.pairwise(deals):
            if deal.chain != before.chain:
                continue
            assert sorted(deal.pack) == list(range(32))
            assert (deal.hands, deal.talon) == PATTERNS["two"].deal(deal.pack)
            tricks, _, _ = play_hand(before, play, Solver(16) if play == "solver" else None)
            assert deal.previous == tuple(t for t, _ in tricks)
            piles: dict[bool, list[Card]] = {True: [], False: []}  # bottom first; a trick turned face down
            for cards, winner in tricks:
                piles[winner == 0].extend(reversed(cards))
            top, below = (piles[True], piles[False]) if order == "actor-first" else (piles[False], piles[True])
            pack = top[::-1] + below[::-1]
            assert list(deal.pack) == pack[deal.cut:] + pack[:deal.cut]


def test_same_seed_same_deals_however_split() -> None:
    for name, play in (("no-shuffle", "greedy"), ("riffle:1", "greedy"), ("no-shuffle", "solver")):
        dealer = two(name, play=play, chain_length=5)
        whole = list(dealer.deals(7, 0, 12))
        split = list(dealer.deals(7, 0, 4)) + list(dealer.deals(7, 4, 12))
        assert [d.pack for d in split] == [d.pack for d in whole] == [d.pack for d in dealer.deals(7, 0, 12)]
        assert [d.pack for d in dealer.deals(9, 0, 12)] != [d.pack for d in whole]


def test_survival_is_set_by_the_cut_parity() -> None:
    """Two-card tricks gathered from the top meet 4-card packets: an even cut deals the hands
    eight whole tricks (of 16), an odd one the four that sit inside a packet."""
    for deal in two(chain_length=30).deals(2, 0, 60):
        assert trick_survival(deal) == (0.5 if deal.cut % 2 == 0 else 0.25)


def test_many_riffles_undo_the_two_player_carryover() -> None:
    deals = list(two("riffle:12", chain_length=100, burn_in=1, play="greedy").deals(4, 0, 400))
    tricks = 16 * len(deals)
    survival = sum(trick_survival(d) for d in deals) / len(deals)
    p = uniform_survival("two")
    assert abs(survival - p) <= 3 * math.sqrt(p * (1 - p) / tricks)


def test_cli_study_of_two_player_chains(tmp_path) -> None:
    out = tmp_path / "two.parquet"
    result = CliRunner().invoke(main, ["study", "--dealer", "no-shuffle", "--packets", "two", "--n", "10",
                                       "--seed", "4", "--chain-length", "5", "--burn-in", "1", "--jobs", "1",
                                       "--quiet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    df = read_table(out)
    deals = list(two(chain_length=5, burn_in=1).deals(4, 0, 10))
    assert list(df["hand1"]) == [str(d.hands[1]) for d in deals]
    assert list(df["talon"]) == [str(d.talon) for d in deals]  # the stock
    assert list(df["survival"].fillna(-1)) == [trick_survival(d) if d.previous else -1 for d in deals]
    result = CliRunner().invoke(main, ["plot", str(out), "--kind", "carryover", "-o", str(tmp_path / "c.png")])
    assert result.exit_code == 0, result.output
