"""Discards that play alike (analyzer.advice.options.play_alike): one searched for all.

The brute force: every option of a group, not only the one the advice searches,
solved with exact points on the same worlds; made, points and payments must be
the same world by world. And the key must not be blind: options it tells apart
do differ somewhere, so the check can fail.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.advice import actor_view
from analyzer.advice.actor import Context, alike_options, evaluate
from analyzer.advice.options import Option, admissible, play_alike
from analyzer.advice.worlds import split_source
from analyzer.cards import CardSet, Suit
from analyzer.contract import Contract


def _option(contract: str, trump: str | None, discard: str) -> Option:
    return Option(Contract(contract), None if trump is None else Suit.from_str(trump), None,
                  CardSet.from_str(discard))


def test_touching_cards_play_alike_and_a_defence_card_between_them_does_not():
    twelve = CardSet.from_str("hA hX hK hO hU h9 bA b9 b8 l8 aX a9")
    # b9 and b8 touch (no card of the defence between them); kept with l8, either is the same
    assert play_alike(_option("game", "h", "b9 l8"), twelve) == play_alike(_option("game", "h", "b8 l8"), twelve)
    # a9 and l8: the defence holds a7, a8 below a9 and l7 below l8: not alike
    assert play_alike(_option("game", "h", "a9 b8"), twelve) != play_alike(_option("game", "h", "l8 b8"), twelve)
    # the under-knave and the nine of hearts touch in a game with trumps...
    assert play_alike(_option("game", "b", "hU l8"), twelve) == play_alike(_option("game", "b", "h9 l8"), twelve)
    # ...but not in a betl, where the ten (hX, the actor's) lies between: still alike, as the
    # ten is not the defence's; and with the defence's ten between them they differ
    other = CardSet.from_str("hA hK hO hU h9 bA b9 b8 l8 aX a9 a7")
    assert play_alike(_option("betl", None, "hU l8"), other) != play_alike(_option("betl", None, "h9 l8"), other)
    assert play_alike(_option("game", "b", "hU l8"), other) == play_alike(_option("game", "b", "h9 l8"), other)
    # a marriage kept is read by name; with one of the pair discarded the other is a plain card
    twelve = CardSet.from_str("hA hX hK hO bA bX bK bO b9 l8 aX a9")
    assert play_alike(_option("game", "h", "hK l8"), twelve) == play_alike(_option("game", "h", "hO l8"), twelve)
    assert play_alike(_option("game", "h", "bK b9"), twelve) == play_alike(_option("game", "h", "bO b9"), twelve)
    assert play_alike(_option("game", "h", "hK l8"), twelve) != play_alike(_option("game", "h", "hK b9"), twelve)
    # the trump seven is read by name, another suit's seven not (but for a two sevens' side suit)
    twelve = CardSet.from_str("hA hX h8 h7 bA bX bK b8 b7 l8 aX a9")
    assert play_alike(_option("game", "h", "h8 l8"), twelve) != play_alike(_option("game", "h", "h7 l8"), twelve)
    assert play_alike(_option("game", "h", "b8 l8"), twelve) == play_alike(_option("game", "h", "b7 l8"), twelve)
    side = Option(Contract.TWO_SEVENS, Suit.HEARTS, Suit.BELLS, CardSet.from_str("b8 l8"))
    assert play_alike(side, twelve) != play_alike(Option(Contract.TWO_SEVENS, Suit.HEARTS, Suit.BELLS,
                                                         CardSet.from_str("b7 l8")), twelve)
    # the ace and the ten touch in a game with trumps, not in a betl (the defence's under-knave and
    # over-knave lie between them there)
    twelve = CardSet.from_str("hA hX hK hO hU h9 bA bX bK l8 aX a9")
    assert play_alike(_option("game", "h", "bA l8"), twelve) == play_alike(_option("game", "h", "bX l8"), twelve)
    assert play_alike(_option("betl", None, "bA l8"), twelve) != play_alike(_option("betl", None, "bX l8"), twelve)


def _hands(count: int, seed: int) -> list[CardSet]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = list(range(32))
        rng.shuffle(cards)
        out.append(CardSet(sum(1 << c for c in cards[:12])))
    return out


@pytest.mark.parametrize("rules", ["csm", "basic", "licit"])
def test_options_that_play_alike_get_the_same_answers_in_every_world(rules):
    """Every group of alike options (up to 40 of them a hand, every contract) on 12 common worlds,
    exact points: the same made, points and payment in each world. And options of one contract
    and trump the key tells apart give another answer in some world (the key is not blind)."""
    checked = differ = 0
    for k, twelve in enumerate(_hands(3, {"csm": 1, "basic": 2, "licit": 3}[rules])):
        ctx = Context(twelve, 0, rules, {}, 2)
        options = admissible(twelve, rules)
        groups = alike_options(options, ctx)
        assert sum(1 + len(v) for v in groups.values()) == len(options)
        batch = split_source(twelve, 0).draw(np.random.default_rng(k), 6)
        rng = random.Random(k)
        many = [[first, *others] for first, others in groups.items() if others]
        assert many, "every hand of 12 cards has touching cards to discard"
        picked = rng.sample(many, min(40, len(many)))
        solved = evaluate([o for g in picked for o in g], batch, ctx, exact_points=True)
        for group in picked:
            first = solved[group[0]]
            for option in group[1:]:
                other = solved[option]
                assert np.array_equal(first.pay, other.pay), (option, group[0])
                assert np.array_equal(first.makes, other.makes)
                assert (first.points is None) == (other.points is None)
                if first.points is not None:
                    assert np.array_equal(first.points, other.points)
                checked += 1
        # the key's other side: the first options of two groups of one contract and trump
        firsts: dict[tuple, list[Option]] = {}
        for group in picked:
            firsts.setdefault((group[0].contract, group[0].trump, group[0].side_suit), []).append(group[0])
        for same in firsts.values():
            for a, b in zip(same, same[1:]):
                differ += not np.array_equal(solved[a].pay, solved[b].pay) or (
                    solved[a].points is not None and not np.array_equal(solved[a].points, solved[b].points))
    assert checked >= 30
    assert differ > 0


def test_the_advice_searches_one_of_each_group_and_names_the_others():
    hand = "hU h9 h7 bX bO b9 b8 b7 lX lU aA aK"
    advice = actor_view(hand, seed=3, worlds=40, jobs=2, table=False)
    assert advice.summary["options_searched"] < advice.summary["options_considered"]
    twelve = CardSet.from_str(hand)
    named = 0
    for row in advice.options:
        mine = _option(row["contract"], row["trump"], " ".join(row["discard"]))
        mine = Option(mine.contract, mine.trump, None if row["side_suit"] is None else Suit.from_str(row["side_suit"]),
                      mine.discard)
        for discard in row.get("alike_discards", []):
            other = Option(mine.contract, mine.trump, mine.side_suit, CardSet.from_str(" ".join(discard)))
            assert play_alike(other, twelve) == play_alike(mine, twelve)
            named += 1
    assert named > 0
