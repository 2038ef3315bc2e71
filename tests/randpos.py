"""Random positions for the tests: endgames of a few tricks and full deals, any contract.

Everything is driven by a ``random.Random`` so a failing case is reproducible
from its seed.
"""
from __future__ import annotations

import random

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.rules import Contract, Position, seven_of

CONTRACTS = [c.value for c in Contract]


def random_position(
    rng: random.Random,
    tricks: int,
    contract: str | None = None,
    mid_trick: bool | None = None,
    marriage_rule: str | None = None,
) -> dict:
    """A valid position JSON with ``tricks`` tricks left (the current one included)."""
    contract = Contract(contract or rng.choice(CONTRACTS))
    trump = rng.choice(list(Suit)) if contract.has_trumps else None
    side = rng.choice([s for s in Suit if s != trump]) if contract.two_sevens else None
    actor = rng.randrange(3)
    leader = rng.randrange(3)
    required: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    if contract.actor_seven:
        required[actor].append(seven_of(trump))
    if contract.two_sevens:
        required[actor].append(seven_of(side))
    if contract == Contract.SEVEN_AGAINST:
        required[rng.choice([s for s in range(3) if s != actor])].append(seven_of(trump))
    tricks = max(tricks, *(len(cards) for cards in required.values()))  # two sevens need two tricks
    fixed = {c for cards in required.values() for c in cards}
    pool = [Card(i) for i in range(32) if Card(i) not in fixed]
    rng.shuffle(pool)
    hands = []
    for seat in range(3):
        cards = required[seat] + [pool.pop() for _ in range(tricks - len(required[seat]))]
        hands.append(CardSet(cards))
    talon = CardSet(pool[:2]) if rng.random() < 0.5 else CardSet()
    pool = pool[2:] if talon else pool
    score = (0, 0)
    declared: tuple[tuple[Suit, ...], tuple[Suit, ...]] = ((), ())
    if contract.has_trumps and tricks < 10 and rng.random() < 0.5:
        score = (10 * rng.randrange(0, 7), 10 * rng.randrange(0, 7))
        out_of_play = CardSet(pool)
        for side_index in (0, 1):
            for suit in Suit:
                pair = CardSet([Card.make(suit, Rank.KING), Card.make(suit, Rank.OVER)])
                if (pair & out_of_play) == pair and rng.random() < 0.3 and suit not in declared[1 - side_index]:
                    value = 40 if suit == trump else 20
                    declared = tuple(d + (suit,) if i == side_index else d for i, d in enumerate(declared))  # type: ignore
                    score = tuple(s + value if i == side_index else s for i, s in enumerate(score))  # type: ignore
    position = Position(
        hands=tuple(hands),  # type: ignore[arg-type]
        contract=contract,
        trump=trump,
        actor=actor,
        leader=leader,
        side_suit=side,
        talon=talon,
        score=score,
        declared=declared,
        marriage_rule=marriage_rule or rng.choice(["czech", "czech", "over-first"]),
    )
    position.check()
    if mid_trick is None:
        mid_trick = rng.random() < 0.3
    if mid_trick:
        position = play_random(rng, position, rng.choice([1, 2]))
    return position.to_json()


def play_random(rng: random.Random, position: Position, cards: int) -> Position:
    """Play up to ``cards`` random legal cards into the current trick (never completing it)."""
    for _ in range(cards):
        if len(position.trick) == 2 or position.tricks_left == 0:
            break
        position = position.play(rng.choice(list(position.legal_moves())))
    return position


def play_on(rng: random.Random, position: Position, cards: int) -> Position:
    """Play up to ``cards`` random legal cards, completing tricks as they come (a history)."""
    for _ in range(cards):
        if position.tricks_left == 0:
            break
        position = position.play(rng.choice(list(position.legal_moves())))
    return position


def random_history(rng: random.Random, contract: str | None = None) -> Position:
    """A position reached from a full deal by random legal play: played tricks, a trick, or none."""
    deal = random_deal(rng, contract or rng.choice(CONTRACTS), actor=rng.randrange(3))
    if deal.contract.has_trumps and rng.random() < 0.3:
        deal = deal.replace(marriage_rule="over-first")
    return play_on(rng, deal, rng.randrange(31))


def random_deal(rng: random.Random, contract: str, trump: Suit | None = None, actor: int = 0) -> Position:
    """A full deal (10-10-10, talon 2) for ``contract``, redealt until the contract is valid."""
    while True:
        cards = [Card(i) for i in range(32)]
        rng.shuffle(cards)
        data = {
            "hands": [str(CardSet(cards[i * 10:(i + 1) * 10])) for i in range(3)],
            "talon": str(CardSet(cards[30:])),
            "contract": contract,
            "actor": actor,
        }
        c = Contract(contract)
        if c.has_trumps:
            data["trump"] = (trump if trump is not None else rng.choice(list(Suit))).token
        if c.two_sevens:
            data["side_suit"] = rng.choice([s for s in "hbla" if s != data["trump"]])
        try:
            return Position.from_json(data)
        except ValueError:
            continue
