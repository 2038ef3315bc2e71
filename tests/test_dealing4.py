"""The chained dealers for four players: the contract forehand picks, the play-out, gathering by side.

Every check here is against an independent construction: the called card from
the ranks in words, the gathered pack from piles built card by card, the
survival from the arithmetic of 4-card packets, the solver's line from a pure
Python minimax over the last tricks.
"""
from __future__ import annotations

import itertools
import math
import random

import pytest
from click.testing import CliRunner

from analyzer.cards import ALL_CARDS, Card, CardSet, Suit
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.dealing import PATTERNS, Dealer, gather, trick_survival, uniform_survival
from analyzer.policy import (
    called_card,
    four_player_position,
    greedy_line,
    play_hand,
    split_tricks,
)
from analyzer.rules import legal_cards, replay, trick_winner
from analyzer.solver import Solver, questions
from analyzer.study import read_table, run_study
from analyzer.variants import VariantPosition

RANKS_HIGH_FIRST = ["A", "X", "K", "O", "U", "9", "8", "7"]


def four(name: str = "no-shuffle", **options: object) -> Dealer:
    return Dealer.parse(name, "four", **{"chain_length": 8, "burn_in": 2, **options})


# --- the contract ---------------------------------------------------------------------------


def test_forehand_names_trump_and_calls_from_his_first_four() -> None:
    for deal in Dealer.parse("uniform", "four").deals(3, 0, 400):
        first = list(deal.pack[:4])
        assert set(first) <= set(deal.hands[0])
        position = four_player_position(deal)
        counts = {s: sum(c.suit == s for c in first) for s in Suit}
        assert counts[position.trump] == max(counts.values())
        lacking = [r for r in RANKS_HIGH_FIRST if Card.from_str(position.trump.token + r) not in first]
        assert position.called == Card.from_str(position.trump.token + lacking[0])
        holder = next(s for s in range(4) if position.called in deal.hands[s])
        assert position.partner == (None if holder == 0 else holder)
        assert position.team == frozenset({0, holder})
        assert (position.contract, position.actor, position.leader, position.players) == (Contract.GAME, 0, 0, 4)
        assert not position.talon and not position.trick


def test_called_card_is_the_highest_trump_missing() -> None:
    c = CardSet.from_str
    assert called_card(c("hA hX b7 l7"), Suit.HEARTS) == Card.from_str("hK")
    assert called_card(c("h7 h8 h9 hU"), Suit.HEARTS) == Card.from_str("hA")
    assert called_card(c("aA aK aO a7"), Suit.ACORNS) == Card.from_str("aX")


# --- playing out --------------------------------------------------------------------------------


@pytest.mark.parametrize("play", ["greedy", "solver"])
def test_the_play_out_is_legal_under_the_four_player_rules(play: str) -> None:
    solver = Solver(16)
    for deal in Dealer.parse("uniform", "four").deals(5, 0, 12):
        position = four_player_position(deal)
        tricks, talon, team = play_hand(deal, play, solver)
        line = [card for cards, _ in tricks for card in cards]
        checked = replay(position, line)  # Position.play: raises on an illegal card
        assert [(tuple(t), w) for t, w in checked] == tricks and len(tricks) == 8
        assert not talon and team == position.team
    position = four_player_position(next(Dealer.parse("uniform", "four").deals(6, 0, 1)))
    line = greedy_line(position)
    assert [(tuple(t), w) for t, w in replay(position, line)] == split_tricks(position, line)


def minimax(hands: list[CardSet], trick: list[Card], leader: int, trump: Suit, team: frozenset[int]) -> int:
    """The actor's side's points in the rest of the play (cards and the last trick), by brute force."""
    seat = (leader + len(trick)) % 4
    values = []
    for card in legal_cards(hands[seat], trick, trump, False, CardSet()):
        rest = [h - CardSet([card]) if s == seat else h for s, h in enumerate(hands)]
        now = trick + [card]
        if len(now) < 4:
            values.append(minimax(rest, now, leader, trump, team))
            continue
        winner = (leader + trick_winner(now, trump, False)) % 4
        points = sum(c.points for c in now) + (10 if not any(rest) else 0)
        later = minimax(rest, [], winner, trump, team) if any(rest) else 0
        values.append((points if winner in team else 0) + later)
    return max(values) if seat in team else min(values)


def test_the_solver_line_is_best_play_in_the_last_tricks() -> None:
    """From trick 6 on, every card of the line keeps the minimax value, and the line scores it."""
    solver = Solver(16)
    for deal in Dealer.parse("uniform", "four").deals(8, 0, 10):
        position = four_player_position(deal)
        line = solver.line(position, questions(position)["game"])
        now: VariantPosition = position
        for card in line[:20]:
            now = now.play(card)
        best = minimax(list(now.hands), [], now.leader, now.trump, now.team)
        gained = 0  # the side's trick points from trick 6 on (marriages are not what the line plays for)
        for card in line[20:]:
            now = now.play(card)
            if not now.trick:
                cards, winner = now.played[-1], now.leader
                last = 10 if not any(now.hands) else 0
                gained += sum(c.points for c in cards) + last if winner in now.team else 0
            if any(now.hands):
                rest = minimax(list(now.hands), list(now.trick), now.leader, now.trump, now.team)
                assert gained + rest == best, (deal.index, card)
        assert gained == best


# --- gathering ----------------------------------------------------------------------------------


def piles_by_hand(tricks: list[tuple[tuple[Card, ...], int]], team: frozenset[int], actor_first: bool) -> list[Card]:
    """The gathered pack built as hands do it: each trick turned face down onto its side's pile
    (so its first card ends on top), the piles read top first."""
    piles: dict[bool, list[Card]] = {True: [], False: []}  # bottom first
    for cards, winner in tricks:
        for card in reversed(cards):
            piles[winner in team].append(card)
    top, below = (piles[True], piles[False]) if actor_first else (piles[False], piles[True])
    return top[::-1] + below[::-1]


def test_gather_by_side_against_piles_built_by_hand() -> None:
    rng = random.Random(4)
    for _ in range(300):
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        tricks = [(tuple(cards[i:i + 4]), rng.randrange(4)) for i in range(0, 32, 4)]
        team = frozenset({0, rng.randrange(4)})
        for order, actor_first in (("actor-first", True), ("defence-first", False)):
            assert gather(tricks, CardSet(), team, order) == piles_by_hand(tricks, team, actor_first)


@pytest.mark.parametrize("play", ["greedy", "solver"])
def test_each_deal_is_the_last_hand_gathered_cut_and_dealt(play: str) -> None:
    for gather_order in ("actor-first", "defence-first"):
        deals = list(four(play=play, gather=gather_order).deals(5, 0, 16))
        for before, deal in itertools.pairwise(deals):
            if deal.chain != before.chain:
                continue
            assert sorted(deal.pack) == list(range(32))
            assert deal.hands == PATTERNS["four"].deal(deal.pack)[0] and not deal.talon
            assert [len(h) for h in deal.hands] == [8, 8, 8, 8]
            position = four_player_position(before)
            tricks = [(tuple(t), w) for t, w in replay(position, [c for t in deal.previous for c in t])]
            assert [t for t, _ in tricks] == list(deal.previous) and len(tricks) == 8
            pack = piles_by_hand(tricks, position.team, gather_order == "actor-first")
            assert 0 < deal.cut < 32
            assert list(deal.pack) == pack[deal.cut:] + pack[:deal.cut]


def test_same_seed_same_deals_however_split() -> None:
    for name, play in (("no-shuffle", "greedy"), ("riffle:2", "greedy"), ("no-shuffle", "solver")):
        dealer = four(name, play=play, chain_length=5)
        whole = list(dealer.deals(7, 0, 12))
        assert [d.pack for d in whole] == [d.pack for d in dealer.deals(7, 0, 12)]
        split = list(dealer.deals(7, 0, 3)) + list(dealer.deals(7, 3, 9)) + list(dealer.deals(7, 9, 12))
        assert [d.pack for d in split] == [d.pack for d in whole]
        assert [d.pack for d in dealer.deals(8, 0, 12)] != [d.pack for d in whole]


# --- carryover ----------------------------------------------------------------------------------


def test_uniform_survival_counts_every_trick_of_cards() -> None:
    """The exact helper against counting, for one deal, the k-card sets that lie in one hand."""
    for packets, players in (("csm", 3), ("basic", 3), ("four", 4), ("two", 2)):
        hands = PATTERNS[packets].deal(ALL_CARDS)[0]
        seat_of = {card: seat for seat, hand in enumerate(hands) for card in hand}  # the talon's cards: none
        whole = sum(len({seat_of.get(c, -1 - i) for i, c in enumerate(cards)}) == 1
                    for cards in itertools.combinations(ALL_CARDS, players))
        assert math.isclose(uniform_survival(packets), whole / math.comb(32, players))


def test_a_trick_survives_exactly_when_the_cut_keeps_the_packets_aligned() -> None:
    """Gathered four-card tricks meet four-card packets: all eight tricks survive when the cut is a
    multiple of four, none otherwise (a split trick straddles two packets, two different hands)."""
    deals = list(four(chain_length=20).deals(2, 0, 80))
    for deal in deals:
        assert trick_survival(deal) == (1.0 if deal.cut % 4 == 0 else 0.0)
    assert {trick_survival(d) for d in deals} == {0.0, 1.0}


def test_many_riffles_undo_the_four_player_carryover() -> None:
    deals = list(four("riffle:12", chain_length=100, burn_in=1, play="greedy").deals(4, 0, 500))
    tricks = 8 * len(deals)
    survival = sum(trick_survival(d) for d in deals) / len(deals)
    assert abs(survival - uniform_survival("four")) <= 3 * math.sqrt(uniform_survival("four") / tricks)
    voids = sum(len(h.suit(s)) == 0 for d in deals for h in d.hands for s in Suit) / (4 * len(deals))
    exact = 4 * math.comb(24, 8) / math.comb(32, 8)
    assert abs(voids - exact) <= 3 * math.sqrt(exact / (4 * len(deals)))


# --- the study and the command line -------------------------------------------------------------


def test_study_rows_of_four_player_chains(tmp_path) -> None:
    out = tmp_path / "four.csv"
    result = CliRunner().invoke(main, ["study", "--dealer", "no-shuffle", "--packets", "four", "--n", "12",
                                       "--seed", "3", "--chain-length", "6", "--burn-in", "1", "--play", "greedy",
                                       "--gather", "defence-first", "--jobs", "1", "--quiet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    df = read_table(out)
    deals = list(four(chain_length=6, burn_in=1, play="greedy", gather="defence-first").deals(3, 0, 12))
    assert list(df["hand3"]) == [str(d.hands[3]) for d in deals] and set(df["talon"]) == {""}
    assert list(df["survival"].fillna(-1)) == [trick_survival(d) if d.previous else -1 for d in deals]
    for (_, row), deal in zip(df.iterrows(), deals):
        position = four_player_position(deal)
        assert (row["fh_trump"], row["fh_called"]) == (position.trump.token, str(position.called))
        assert row["fh_partner"] == (position.partner or 0)
    result = CliRunner().invoke(main, ["plot", str(out), "--kind", "carryover", "-o", str(tmp_path / "c.png")])
    assert result.exit_code == 0, result.output


def test_the_carryover_table_script(tmp_path, capsys) -> None:
    """notebooks/carryover_table.py (the docs' tables) on small tables: the exact column and the means."""
    import importlib.util
    from pathlib import Path

    script = Path(__file__).parent.parent / "notebooks" / "carryover_table.py"
    spec = importlib.util.spec_from_file_location("carryover_table", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tables = []
    for name in ("uniform", "no-shuffle"):
        options = {} if name == "uniform" else {"chain_length": 5, "burn_in": 1, "play": "greedy"}
        out = tmp_path / f"{name}.parquet"
        run_study(name, n=10, seed=1, packets="four", progress=False, jobs=1, output=out, **options)
        tables.append(str(out))
    module.main(tables)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "four packets, 8-card hands, all 4 seats"
    rows = {line.split(" | ")[0].strip("| "): line.split(" | ")[1:] for line in lines[3:7]}
    assert float(rows["trick survival"][0]) == round(uniform_survival("four"), 4)
    assert rows["trick survival"][1] == "—"  # a shuffled pack has no last hand
    deals = list(four(chain_length=5, burn_in=1, play="greedy").deals(1, 0, 10))
    voids = sum(len(h.suit(s)) == 0 for d in deals for h in d.hands for s in Suit) / 40
    assert rows["void suits per hand"][2].startswith(f"{voids:.4f} ± ")
