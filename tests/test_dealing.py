"""Dealers: packet patterns, the uniform dealer against exact combinatorics, the no-shuffle chain.

The exact values are computed here with math.comb, independently of the
helpers in analyzer.dealing (which are checked against them too).
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from analyzer.cards import ALL_CARDS, Card, CardSet, Rank, Suit
from analyzer.dealing import (
    PATTERNS,
    Deal,
    Dealer,
    DealError,
    cut_point,
    gather,
    riffle,
    trick_survival,
    uniform_any_void,
    uniform_patterns,
    uniform_survival,
    uniform_voids,
)
from analyzer.errors import MariasError
from analyzer.policy import (
    choose_trump,
    discard_for_betl,
    discard_for_durch,
    discard_for_trumps,
    forehand_position,
    greedy_line,
    play_hand,
    split_tricks,
)
from analyzer.rules import Contract, replay
from analyzer.solver import Solver, questions

N_UNIFORM = 20000


def exact_patterns(size: int) -> dict[str, float]:
    out: Counter = Counter()
    for lengths in itertools.product(range(9), repeat=4):
        if sum(lengths) == size:
            key = "-".join(map(str, sorted(lengths, reverse=True)))
            out[key] += math.prod(math.comb(8, k) for k in lengths) / math.comb(32, size)
    return dict(out)


def lengths(hand: CardSet) -> list[int]:
    return [len(hand.suit(s)) for s in Suit]


def within(observed: float, p: float, n: int, sigmas: float = 3.0) -> bool:
    return abs(observed - p) <= sigmas * math.sqrt(p * (1 - p) / n)


@pytest.fixture(scope="module")
def uniform_deals() -> list[Deal]:
    return list(Dealer.parse("uniform").deals(seed=2024, start=0, stop=N_UNIFORM))


# --- packet patterns ----------------------------------------------------------------


def test_packet_patterns_deal_the_documented_packets() -> None:
    pack = list(ALL_CARDS)
    cs = lambda *ranges: CardSet([pack[i] for a, b in ranges for i in range(a, b)])
    for packets in ("csm", "licit"):
        hands, talon = PATTERNS[packets].deal(pack)
        assert hands == (cs((0, 5), (17, 22)), cs((5, 10), (22, 27)), cs((10, 15), (27, 32)))
        assert talon == cs((15, 17))
    hands, talon = PATTERNS["basic"].deal(pack)
    assert hands == (cs((0, 7), (17, 22)), cs((7, 12), (22, 27)), cs((12, 17), (27, 32)))
    assert not talon
    hands, talon = PATTERNS["four"].deal(pack)
    assert hands == tuple(cs((4 * i, 4 * i + 4), (16 + 4 * i, 20 + 4 * i)) for i in range(4))
    hands, talon = PATTERNS["two"].deal(pack)
    assert hands == (cs((0, 4), (8, 12)), cs((4, 8), (12, 16)))
    assert talon == cs((16, 32))
    assert PATTERNS["csm"].describe() == "5-5-5, 2 to the talon, 5-5-5"
    assert PATTERNS["basic"].describe() == "7-5-5, 5-5-5"


def test_every_dealer_deals_all_32_cards_once() -> None:
    for packets in PATTERNS:
        for deal in Dealer.parse("uniform", packets).deals(1, 0, 20):
            seen = [c for h in deal.hands for c in h] + list(deal.talon)
            assert sorted(seen) == list(range(32))


def test_pattern_rejects_a_bad_pack() -> None:
    with pytest.raises(DealError):
        PATTERNS["csm"].deal(list(ALL_CARDS[:31]) + [ALL_CARDS[0]])


# --- the uniform dealer against exact combinatorics ------------------------------------


def test_exact_helpers_agree_with_the_tests_combinatorics() -> None:
    for size in (8, 10, 12):
        mine = exact_patterns(size)
        theirs = uniform_patterns(size)
        assert set(mine) == set(theirs)
        assert all(math.isclose(mine[k], theirs[k]) for k in mine)
        assert math.isclose(sum(mine.values()), 1.0)
    assert math.isclose(uniform_voids(10), 4 * math.comb(24, 10) / math.comb(32, 10))
    any_void = sum(p for k, p in exact_patterns(10).items() if k.endswith("-0"))
    assert math.isclose(uniform_any_void(10), any_void)
    assert math.isclose(uniform_survival("csm"), 3 * math.comb(10, 3) / math.comb(32, 3))


def test_uniform_suit_patterns_match_exact_values(uniform_deals: list[Deal]) -> None:
    exact = exact_patterns(10)
    counts = Counter("-".join(map(str, sorted(lengths(d.hands[0]), reverse=True))) for d in uniform_deals)
    for key, p in exact.items():
        if p > 1e-3:
            assert within(counts[key] / N_UNIFORM, p, N_UNIFORM), (key, counts[key] / N_UNIFORM, p)
    # forehand's twelve (hand and talon) are a uniform 12-card hand too
    exact12 = exact_patterns(12)
    counts12 = Counter("-".join(map(str, sorted(lengths(d.hands[0] | d.talon), reverse=True))) for d in uniform_deals)
    for key, p in exact12.items():
        if p > 1e-3:
            assert within(counts12[key] / N_UNIFORM, p, N_UNIFORM), (key, p)


def test_uniform_voids_and_marriages_match_exact_values(uniform_deals: list[Deal]) -> None:
    n = N_UNIFORM
    total = math.comb(32, 10)
    # P(a given hand is void in a given suit), P(it has a void at all)
    p_void_suit = math.comb(24, 10) / total
    p_any_void = sum((-1) ** (k + 1) * math.comb(4, k) * math.comb(32 - 8 * k, 10) for k in (1, 2, 3)) / total
    # P(a given hand holds K and O of a given suit), P(it holds some marriage)
    p_marriage = math.comb(30, 8) / total
    p_any_marriage = sum((-1) ** (k + 1) * math.comb(4, k) * math.comb(32 - 2 * k, 10 - 2 * k)
                         for k in range(1, 5)) / total
    for seat in range(3):
        hands = [d.hands[seat] for d in uniform_deals]
        void_h = sum(len(h.suit(Suit.HEARTS)) == 0 for h in hands) / n
        any_void = sum(0 in lengths(h) for h in hands) / n
        married = [[CardSet([Card.make(s, Rank.KING), Card.make(s, Rank.OVER)]) & h == CardSet(
            [Card.make(s, Rank.KING), Card.make(s, Rank.OVER)]) for s in Suit] for h in hands]
        assert within(void_h, p_void_suit, n), (seat, void_h)
        assert within(any_void, p_any_void, n), (seat, any_void)
        assert within(sum(m[0] for m in married) / n, p_marriage, n)
        assert within(sum(any(m) for m in married) / n, p_any_marriage, n)


def test_uniform_trump_seven_holdings(uniform_deals: list[Deal]) -> None:
    # forehand holds the seven of his longest suit (of twelve): no closed form wanted,
    # but P(he holds a given seven among his twelve cards) = 12/32
    n = N_UNIFORM
    held = sum(Card.make(Suit.ACORNS, Rank.SEVEN) in (d.hands[0] | d.talon) for d in uniform_deals) / n
    assert within(held, 12 / 32, n)


# --- reproducibility --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["uniform", "no-shuffle", "riffle:2"])
def test_same_seed_same_deals_and_any_split(name: str) -> None:
    dealer = Dealer.parse(name, chain_length=6, burn_in=2, play="greedy")
    whole = list(dealer.deals(7, 0, 15))
    again = list(dealer.deals(7, 0, 15))
    split = list(dealer.deals(7, 0, 4)) + list(dealer.deals(7, 4, 11)) + list(dealer.deals(7, 11, 15))
    assert [d.hands for d in whole] == [d.hands for d in again] == [d.hands for d in split]
    assert [d.index for d in whole] == list(range(15))
    other = list(dealer.deals(8, 0, 15))
    assert [d.hands for d in other] != [d.hands for d in whole]


def test_riffle_zero_is_no_shuffle() -> None:
    a = list(Dealer.parse("no-shuffle", chain_length=5, burn_in=1, play="greedy").deals(3, 0, 10))
    b = list(Dealer.parse("riffle:0", chain_length=5, burn_in=1, play="greedy").deals(3, 0, 10))
    assert [d.pack for d in a] == [d.pack for d in b]


def test_solver_chain_is_reproducible_across_splits() -> None:
    dealer = Dealer.parse("no-shuffle", chain_length=4, burn_in=1)
    whole = list(dealer.deals(11, 0, 8))
    split = list(dealer.deals(11, 6, 8))
    assert [d.pack for d in whole[6:]] == [d.pack for d in split]


# --- the no-shuffle chain ---------------------------------------------------------------


def test_no_shuffle_chain_gathers_cuts_and_deals_in_packets() -> None:
    """Every deal of a chain is the previous hand, played, gathered and cut, dealt in 5-2-5 packets."""
    for packets in ("csm", "basic"):
        dealer = Dealer.parse("no-shuffle", packets, chain_length=12, burn_in=0, play="greedy")
        deals = list(dealer.deals(5, 0, 12))
        for before, deal in itertools.pairwise(deals):
            assert sorted(deal.pack) == list(range(32))
            hands, talon = PATTERNS[packets].deal(deal.pack)
            assert deal.hands == hands and deal.talon == talon
            tricks, laid_away, actor = play_hand(before, "greedy", None)
            assert deal.previous == tuple(cards for cards, _ in tricks)
            pack = gather(tricks, laid_away, actor, "actor-first")
            assert 0 < deal.cut < 32
            assert list(deal.pack) == pack[deal.cut:] + pack[:deal.cut]


def test_gather_stacks_tricks_as_taken() -> None:
    c = Card.from_str
    t1, t2, t3 = (c("hA"), c("h7"), c("h8")), (c("bA"), c("b7"), c("b8")), (c("lA"), c("l7"), c("l8"))
    rest = [Card(i) for i in range(32) if Card(i) not in t1 + t2 + t3]
    talon = CardSet(rest[:2])
    t4 = tuple(rest[2:5])
    others = [tuple(rest[i:i + 3]) for i in range(5, 29, 3)]
    tricks = [(t1, 0), (t2, 1), (t3, 0), (t4, 2)] + [(t, 1) for t in others]
    pack = gather(tricks, talon, 0)
    # actor's pile, top first: his last trick t3, then t1, then the talon; then the defence's pile
    assert pack[:6] == list(t3 + t1)
    assert pack[6:8] == list(talon)
    defence = [t2, t4] + others
    assert pack[8:] == [card for t in reversed(defence) for card in t]
    flipped = gather(tricks, talon, 0, "defence-first")
    assert flipped[:24] == pack[8:] and flipped[24:] == pack[:8]
    with pytest.raises(DealError):
        gather(tricks, talon, 0, "sideways")


def test_solver_play_is_legal_and_split_matches_replay() -> None:
    solver = Solver(16)
    for deal in Dealer.parse("uniform").deals(9, 0, 5):
        position = forehand_position(deal, Contract.GAME, choose_trump(deal.hands[0] | deal.talon))
        line = solver.line(position, questions(position)["game"])
        checked = replay(position, line)  # raises on an illegal card
        assert [(tuple(t), w) for t, w in checked] == split_tricks(position, line)
        replay(position, greedy_line(position))


def test_chain_keeps_32_cards_and_is_clumpier_than_uniform() -> None:
    deals = list(Dealer.parse("no-shuffle", chain_length=40, burn_in=3).deals(1, 0, 80))
    for deal in deals:
        seen = [c for h in deal.hands for c in h] + list(deal.talon)
        assert sorted(seen) == list(range(32))
        assert [len(h) for h in deal.hands] == [10, 10, 10] and len(deal.talon) == 2
    survival = sum(trick_survival(d) for d in deals) / len(deals)
    assert survival > 3 * uniform_survival()  # tricks stay together: the carryover the study measures


def test_many_riffles_undo_the_carryover() -> None:
    """riffle:12 should be indistinguishable from a shuffled pack (survival and voids within 3 SE)."""
    deals = list(Dealer.parse("riffle:12", chain_length=100, burn_in=1, play="greedy").deals(4, 0, 600))
    tricks = 10 * len(deals)
    survival = sum(trick_survival(d) for d in deals) * 10 / tricks
    assert within(survival, uniform_survival(), tricks)
    hands = 3 * len(deals)
    p = math.comb(24, 10) / math.comb(32, 10)
    void_h = sum(len(h.suit(Suit.HEARTS)) == 0 for d in deals for h in d.hands) / hands
    assert within(void_h, p, hands)


def test_riffle_is_an_interleaving_of_two_packets() -> None:
    rng = random.Random(5)
    pack = list(ALL_CARDS)
    for _ in range(200):
        out = riffle(pack, rng)
        assert sorted(out) == pack
        # at most two rising sequences: card i+1 comes before card i at most once
        descents = sum(out.index(pack[i + 1]) < out.index(pack[i]) for i in range(31))
        assert descents <= 1


def test_cut_models() -> None:
    rng = random.Random(1)
    cuts = [cut_point("binomial", rng) for _ in range(4000)]
    assert all(0 < c < 32 for c in cuts)
    assert abs(sum(cuts) / len(cuts) - 16) < 3 * math.sqrt(8 / len(cuts))
    assert {cut_point("uniform", rng) for _ in range(2000)} == set(range(1, 32))
    assert cut_point("none", rng) == 0
    with pytest.raises(DealError):
        cut_point("shuffle", rng)


# --- forehand's discards ---------------------------------------------------------------------


def test_discards_follow_their_rules() -> None:
    rng = random.Random(3)
    for _ in range(300):
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        twelve = CardSet(cards[:12])
        for trump in Suit:
            away = discard_for_trumps(twelve, trump)
            assert len(away) == 2 and away & twelve == away
            assert away.points == 0 and Card.make(trump, Rank.SEVEN) not in away
            side_plain = [c for c in twelve if c.points == 0 and c.suit != trump]
            if len(side_plain) >= 2:
                assert all(c.suit != trump for c in away)
        betl = discard_for_betl(twelve)
        durch = discard_for_durch(twelve)
        order = lambda c: (0, 1, 2, 4, 5, 6, 3, 7)[c.rank]
        assert min(order(c) for c in betl) >= max(order(c) for c in twelve - betl)
        assert max(order(c) for c in durch) <= min(order(c) for c in twelve - durch)


def test_choose_trump_is_the_longest_suit() -> None:
    twelve = CardSet.from_str("h7 h8 h9 hU bA bX bK aA aX a7 lA lX")
    assert choose_trump(twelve) == Suit.HEARTS
    tie = CardSet.from_str("h7 h8 h9 bA bX bK aA aX a7 lA lX lK")
    assert choose_trump(tie) == Suit.BELLS  # three in each suit; bells and leaves both A X K: the first wins
    assert choose_trump(CardSet.from_str("h7 h8 h9 bA bX bO aA aX a7 lA lX lK")) == Suit.LEAVES


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, options", [
    ("shuffle", {}), ("riffle:", {}), ("riffle:-1", {}), ("riffle:two", {}),
    ("uniform", {"packets": "skat"}), ("no-shuffle", {"packets": "skat"}),
    ("no-shuffle", {"cut": "half"}), ("no-shuffle", {"gather": "up"}), ("no-shuffle", {"play": "random"}),
    ("no-shuffle", {"chain_length": 0}), ("no-shuffle", {"burn_in": -1}),
])
def test_bad_dealers_are_one_line_errors(text: str, options: dict) -> None:
    packets = options.pop("packets", "csm")
    with pytest.raises(MariasError) as info:
        Dealer.parse(text, packets, **options)
    assert "\n" not in str(info.value)
