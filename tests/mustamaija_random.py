"""Random Mustamaija positions for the tests: endings (talon empty) of a few cards a hand."""
from __future__ import annotations

import random

from analyzer.mustamaija.cards import QUEEN_OF_SPADES
from analyzer.mustamaija.position import Position
from analyzer.mustamaija.rules import legal_moves, play


def random_ending(rng: random.Random, players: int, most: int, table_chance: float = 0.3,
                  pack: list[int] | None = None) -> Position:
    """``players`` seats, each 0 to ``most`` cards (at least two seats holding cards), the ♠Q
    in one hand, a random trump (not spades) and attacker; now and then an attack on the table."""
    pack = pack if pack is not None else [c for c in range(52) if c != QUEEN_OF_SPADES]
    while True:
        sizes = [rng.randint(0, most) for _ in range(players)]
        if sum(1 for s in sizes if s) >= 2:
            break
    holder = rng.choice([i for i, s in enumerate(sizes) if s])
    flat = rng.sample(pack, sum(sizes) - 1)
    hands, at = [], 0
    for seat, size in enumerate(sizes):
        take = size - (1 if seat == holder else 0)
        hands.append(flat[at:at + take] + ([QUEEN_OF_SPADES] if seat == holder else []))
        at += take
    masks = tuple(sum(1 << c for c in h) for h in hands)
    attacker = rng.choice([i for i, m in enumerate(masks) if m])
    position = Position(hands=masks, trump=rng.choice([0, 1, 3]), attacker=attacker)
    return _maybe_attack(rng, position, table_chance)


def random_with_talon(rng: random.Random, players: int, hand_size: int, talon: int,
                      table_chance: float = 0.3) -> Position:
    """Every hand of ``hand_size`` or one more, ``talon`` cards to draw in a known order."""
    sizes = [hand_size + rng.randint(0, 1) for _ in range(players)]
    cards = rng.sample([c for c in range(52) if c != QUEEN_OF_SPADES], sum(sizes) + talon - 1)
    cards.insert(rng.randrange(len(cards) + 1), QUEEN_OF_SPADES)
    hands, at = [], 0
    for size in sizes:
        hands.append(sum(1 << c for c in cards[at:at + size]))
        at += size
    position = Position(hands=tuple(hands), talon=tuple(cards[at:]), trump=rng.choice([0, 1, 3]),
                        attacker=rng.randrange(players), hand_size=hand_size)
    return _maybe_attack(rng, position, table_chance)


def _maybe_attack(rng: random.Random, position: Position, chance: float) -> Position:
    if rng.random() >= chance:
        return position
    state = position.state
    after = play(position.rules, state, rng.choice(legal_moves(position.rules, state)))
    return Position.from_state(after, position.rules)
