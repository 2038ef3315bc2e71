"""Two kinds of player for the studies: a random legal player and one that follows the seed's hints.

Both see what a player at the table sees: his own hand, how many cards the others hold,
the talon's size, the trump, the attack on the table, and (the hint player) which suits
the player to his right has picked up. Neither looks at another hand or the talon's order.
"""
from __future__ import annotations

import random

from analyzer.mustamaija.cards import SUIT_MASKS, cards_of
from analyzer.mustamaija.rules import Move, Rules, State, defender

KINDS = ("random", "hint")


def random_move(rules: Rules, state: State, rng: random.Random) -> Move:
    """A random legal move; every legal move has a chance. An attack: a suit held (the Maria
    counted as a suit of its own), then a random non-empty set of its cards within the
    limit. A defence: each attack card beaten or not with even odds, by a random free beater."""
    hands, talon, attacker, table = state[:4]
    if not table:
        hand = hands[attacker]
        groups = [[rules.maria]] if hand >> rules.maria & 1 else []
        groups += [cs for m in SUIT_MASKS if (cs := list(cards_of(hand & m & ~(1 << rules.maria))))]
        limit = 64 if talon else hands[defender(state)].bit_count()
        cards = rng.choice(groups)
        while True:
            chosen = [c for c in cards if rng.random() < 0.5]
            if 0 < len(chosen) <= limit:
                return (sum(1 << c for c in chosen), 0)
    hand = hands[defender(state)]
    beaten = used = 0
    attack = list(cards_of(table))
    rng.shuffle(attack)
    for card in attack:
        free = list(cards_of(rules.beaters[card] & hand & ~used))
        if free and rng.random() < 0.5:
            used |= 1 << rng.choice(free)
            beaten |= 1 << card
    return (beaten, used)


def hint_move(rules: Rules, state: State, watched: int = 0) -> Move:
    """The seed's hints as a player. ``watched``: the suits (as a card mask) the player to his
    right has picked up, whose high cards he keeps.

    Attacking while the talon lasts: the longest suit that is not trumps (draw many, collect
    trumps), all of it but its highest card in a watched suit, the Maria kept back while
    anything else can be played. Attacking in the endgame: the Maria first if held (pass it
    on), else the longest suit, its lowest cards first when the defender holds fewer.
    Defending: beat by the lowest higher card of the suit; then, if trumps can beat all that
    is left (the last card, say), beat it with trumps and attack next; in the endgame beat
    what trumps can anyway (each beat sheds a card); while the talon lasts keep the trumps.
    """
    hands, talon, attacker, table = state[:4]
    if not table:
        hand = hands[attacker]
        maria = 1 << rules.maria
        suits = [(hand & m & ~maria) for m in SUIT_MASKS]
        if not talon and hand & maria:
            return (maria, 0)
        limit = 64 if talon else hands[defender(state)].bit_count()
        order = sorted(range(4), key=lambda s: (s == rules.trump if talon else False, -suits[s].bit_count(),
                                                 _top(suits[s])))
        choice = next((s for s in order if suits[s]), None)
        if choice is None:
            return (maria, 0)
        cards = list(cards_of(suits[choice]))
        if talon and watched & SUIT_MASKS[choice] and len(cards) > 1:
            cards = cards[:-1]  # keep the high card of a suit the right-hand player picked up
        return (sum(1 << c for c in cards[:limit]), 0)
    hand = hands[defender(state)]
    beaten = used = 0
    trumps = SUIT_MASKS[rules.trump] if rules.trump >= 0 else 0
    for card in cards_of(table):  # lowest attack card first, lowest sufficient beater of its suit
        free = rules.beaters[card] & hand & ~used & ~trumps if card // 13 != rules.trump else \
            rules.beaters[card] & hand & ~used
        if free:
            low = free & -free
            used |= low
            beaten |= 1 << card
    rest = [c for c in cards_of(table & ~beaten) if rules.beaters[c] & trumps]
    free_trumps = list(cards_of(hand & trumps & ~used))
    unbeaten = table & ~beaten
    if rest and (len(rest) == unbeaten.bit_count() and len(free_trumps) >= len(rest) or not talon):
        for card in rest:
            options = [t for t in free_trumps if rules.beats(card, t)]
            if options:
                used |= 1 << options[0]
                beaten |= 1 << card
                free_trumps.remove(options[0])
    return (beaten, used)


def _top(mask: int) -> int:
    return mask.bit_length()


def hint_labels(rules: Rules, state: State, move: Move) -> list[str]:
    """Which of the seed's endgame hints a hint move applies: ``lowest-first`` (an attack
    that cannot play its whole suit plays its lowest cards), ``trump-last`` (every card
    beaten, the last non-trump with a trump), ``maria-pass`` (the Maria attacks)."""
    hands, talon, attacker, table = state[:4]
    labels = []
    if not table:
        if move[0] == 1 << rules.maria:
            labels.append("maria-pass")
        else:
            suit = next(iter(cards_of(move[0]))) // 13
            if (hands[attacker] & SUIT_MASKS[suit] & ~move[0] & ~(1 << rules.maria)) and not talon:
                labels.append("lowest-first")
    elif move[0] == table:
        trumps = SUIT_MASKS[rules.trump]
        non_trump_beaten_by_trump = [c for c in cards_of(table) if c // 13 != rules.trump]
        if move[1] & trumps and non_trump_beaten_by_trump:
            labels.append("trump-last")
    return labels
