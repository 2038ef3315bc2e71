"""Random Tysiacha endgames for the tests: both as the reference's tokens and as a Position."""
from __future__ import annotations

import random

import tysiacha_reference as ref

from analyzer.cards import Card, CardSet, Suit
from analyzer.tysiacha.position import Position


def random_endgame(rng: random.Random, tricks: int) -> dict:
    """``tricks`` cards to each seat (marriages planted often), 0-2 cards of a trick under way,
    any trump state, any declarer and leader, the first-trick flag at random."""
    deck = list(ref.DECK)
    rng.shuffle(deck)
    hands: list[set[str]] = [set(), set(), set()]
    for _ in range(rng.choice((0, 1, 1, 2))):  # plant marriages so declarations are searched
        seat, suit = rng.randrange(3), rng.choice(ref.SUITS)
        pair = {suit + "K", suit + "O"}
        if len(hands[seat]) + 2 <= tricks and pair <= set(deck):
            hands[seat] |= pair
            deck = [c for c in deck if c not in pair]
    for seat in range(3):
        while len(hands[seat]) < tricks:
            hands[seat].add(deck.pop())
    leader = rng.randrange(3)
    ntrick = rng.randrange(3)
    trick = []
    for k in range(ntrick):
        seat = (leader + k) % 3
        card = rng.choice(sorted(hands[seat]))
        hands[seat].discard(card)
        trick.append(card)
    return {
        "hands": tuple(frozenset(h) for h in hands),
        "trick": tuple(trick),
        "leader": leader,
        "trump": rng.choice((None,) + tuple(ref.SUITS)),
        "first": rng.random() < 0.3,
        "declarer": rng.randrange(3),
        "any_lead": rng.random() < 0.3,
        "must_beat": rng.random() < 0.2,
        "german": rng.random() < 0.3,
    }


def core_args(case: dict) -> tuple[tuple, tuple]:
    """The game and the state as the core takes them."""
    marriages = (60, 40, 80, 100) if case["german"] else (100, 80, 40, 60)
    game = (case["declarer"], int(case["any_lead"]), int(case["must_beat"]), marriages)
    hands = tuple(CardSet.from_str(" ".join(h)).mask for h in case["hands"])
    trick = tuple(int(Card.from_str(c)) for c in case["trick"])
    trump = -1 if case["trump"] is None else int(Suit.from_str(case["trump"]))
    return game, (hands, trick, case["leader"], trump, int(case["first"]))


def reference_game(case: dict) -> ref.Game:
    marriages = dict(zip("hbla", (60, 40, 80, 100))) if case["german"] else None
    return ref.Game(case["declarer"], marriages, case["any_lead"], case["must_beat"])


def position_of(case: dict, bid: int = 100) -> Position:
    """The case as a Position (the first-trick flag is then read from the cards: no trick played
    means every card in hand, which a short endgame is not)."""
    return Position(hands=tuple(CardSet.from_str(" ".join(h)) for h in case["hands"]),  # type: ignore[arg-type]
                    declarer=case["declarer"], bid=bid, leader=case["leader"],
                    trick=tuple(Card.from_str(c) for c in case["trick"]),
                    trump=None if case["trump"] is None else Suit.from_str(case["trump"]))
