"""The laid-down claim: every split of the unseen cards, checked against the reference on short
endgames and against single searches on full deals."""
from __future__ import annotations

import random
from math import comb

import tysiacha_reference as ref

from analyzer.tysiacha.claim import check_claim, splits
from analyzer.tysiacha.game import Rules
from analyzer.tysiacha.position import Position, parse_position
from analyzer.tysiacha.solver import reaches, total


def _deal(rng: random.Random, declarer: int = 0, bid: int = 100) -> Position:
    deck = list(ref.DECK)
    rng.shuffle(deck)
    hands = [deck[0:8], deck[8:16], deck[16:24]]
    first, second = (declarer + 1) % 3, (declarer + 2) % 3
    return Position.from_dict({"hands": hands, "declarer": declarer, "bid": bid,
                               "passed": [hands[first][0], hands[second][0]]})


def test_the_splits_at_the_start_of_play() -> None:
    p = _deal(random.Random(1), declarer=1)
    seats, worlds = splits(p)
    assert seats == [2, 0] and len(worlds) == comb(14, 7) == 3432
    passed = p.passed
    assert all(w[1] == p.hands[1].mask for w in worlds)
    assert all(w[2] >> passed[0] & 1 and w[0] >> passed[1] & 1 for w in worlds)
    assert len({(int(w[0]), int(w[2])) for w in worlds}) == 3432


def test_a_strong_hand_is_laid_down_and_a_high_target_is_not() -> None:
    p = parse_position("hA hX hK hO bA bX aA aX / h9 hU b9 bU bO bK lA lX / a9 aU aO aK l9 lU lO lK ; "
                       "declarer=0 bid=120 passed=lX,lK")
    result = check_claim(p)
    assert result.laid_down and result.splits == 3432 and result.counterexample is None
    high = check_claim(p, target=230, count=True)
    assert not high.laid_down
    assert high.counterexample is not None and high.counter_total < 230
    assert total(high.counterexample) == high.counter_total
    assert not reaches(high.counterexample, 230)


def test_full_deals_batch_answers_are_single_searches() -> None:
    rng = random.Random(3)
    for _ in range(3):
        p = _deal(rng, declarer=rng.randrange(3), bid=rng.choice((60, 80, 100)))
        result = check_claim(p, count=True)
        _, worlds = splits(p)
        from dataclasses import replace

        from analyzer.cards import CardSet
        sample = rng.sample(range(len(worlds)), 25)
        fails = 0
        for w in sample:
            q = replace(p, hands=tuple(CardSet(int(h)) for h in worlds[w]))
            fails += not reaches(q)
        if result.laid_down:
            assert fails == 0
        assert 0 <= result.failing <= result.splits == 3432


def test_endgame_claims_agree_with_the_reference() -> None:
    """Three cards each: a claim is laid down exactly when the reference reaches the target in
    every split of the opponents' six cards (C(6,3) = 20)."""
    rng = random.Random(4)
    agreed = {True: 0, False: 0}
    for _ in range(60):
        deck = list(ref.DECK)
        rng.shuffle(deck)
        hands = [deck[0:3], deck[3:6], deck[6:9]]
        d = rng.randrange(3)
        trump = rng.choice((None, "h", "b", "l", "a"))
        p = Position.from_dict({"hands": hands, "declarer": d, "leader": rng.randrange(3), "trump": trump,
                                "bid": 0})
        rules = Rules()
        game = ref.Game(d)
        first, second = (d + 1) % 3, (d + 2) % 3
        pool = hands[first] + hands[second]
        values = []
        import itertools
        for combo in itertools.combinations(pool, 3):
            h = [None, None, None]
            h[d] = frozenset(hands[d])
            h[first] = frozenset(combo)
            h[second] = frozenset(set(pool) - set(combo))
            values.append(game.value(tuple(h), (), p.leader, trump, False))
        target = rng.choice(sorted(set(values)))
        result = check_claim(p, target=target, rules=rules, count=True)
        first = check_claim(p, target=target, rules=rules)
        assert first.laid_down == result.laid_down and first.answered <= 20
        assert result.splits == 20
        assert result.laid_down == (min(values) >= target)
        assert result.failing == sum(v < target for v in values)
        agreed[result.laid_down] += 1
    assert agreed[True] and agreed[False]
