"""The rules that move a Mustamaija game on: attacks, defences, drawing, the next attacker.

A state is a plain tuple ``(hands, talon, attacker, table)`` so the solver can use it as
a dictionary key as it is:

- ``hands``: one card mask per seat, seats numbered to the left (clockwise);
- ``talon``: the cards still to draw, top first (the turned trump card last);
- ``attacker``: the seat that attacks (or attacked: the attack on the table), -1 once
  the game is over;
- ``table``: the attack waiting for the defender's answer, 0 when the attacker is to play.

A move is a pair of masks: ``(attack, 0)`` for an attack, ``(beaten, used)`` for a
defence (the attack cards beaten and the defender's cards that beat them; the rest of
the attack is picked up). Two matchings of the same cards lead to the same state, so a
defence is the pair of sets, not the pairs of cards (:func:`pairing` gives one to show).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.mustamaija.cards import (
    JOKER,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    card_str,
    cards_of,
)

State = tuple[tuple[int, ...], tuple[int, ...], int, int]
Move = tuple[int, int]


@dataclass(frozen=True)
class Rules:
    """The facts of one game that never change: the trump, how many cards a hand is drawn up
    to, and which card is the Maria (the ♠Q, or the joker of the house variant)."""

    trump: int
    hand_size: int = 5
    maria: int = QUEEN_OF_SPADES
    wedding: bool = False
    beaters: tuple[int, ...] = field(init=False, repr=False, compare=False)  # the cards that beat each card

    def __post_init__(self) -> None:
        object.__setattr__(self, "beaters", self.beaters_for(self.trump))

    def beaters_for(self, trump: int) -> tuple[int, ...]:
        """For each card (0-52), the cards that beat it when ``trump`` (-1: none) is trumps."""
        beaters = []
        trumps = SUIT_MASKS[trump] if trump >= 0 else 0
        for card in range(53):
            if card == self.maria or card == JOKER:
                beaters.append(0)
                continue
            suit, _rank = divmod(card, 13)
            higher = SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
            mask = higher | (0 if suit == trump else trumps)
            if self.maria != JOKER:
                mask &= ~(1 << self.maria)  # the Maria never beats
            beaters.append(mask)
        return tuple(beaters)

    def beats(self, card: int, by: int) -> bool:
        """Whether ``by`` beats ``card``."""
        return bool(self.beaters[card] >> by & 1)


def trump_of(rules: Rules, state: State) -> int:
    """The trump suit in force in a state (-1: none yet)."""
    return rules.trump


def in_game(state: State, seat: int) -> bool:
    """A seat still plays: it holds cards, or the talon will give it some."""
    return bool(state[0][seat]) or bool(state[1])


def next_in_game(state: State, seat: int, skip: int = -1) -> int:
    """The first seat to the left of ``seat`` still in the game (not ``skip``), -1 if none."""
    n = len(state[0])
    for step in range(1, n + 1):
        other = (seat + step) % n
        if other != skip and other != seat and in_game(state, other):
            return other
    return -1


def defender(state: State) -> int:
    """The seat that defends against the attacker (-1 once the game is over)."""
    attacker = state[2]
    return -1 if attacker < 0 else next_in_game(state, attacker)


def is_over(state: State) -> bool:
    return state[2] < 0


def loser(state: State) -> int | None:
    """The seat left holding cards once the game is over; None while it goes on (or if
    nobody holds a card, which a position with its Maria cannot reach)."""
    if state[2] >= 0:
        return None
    holders = [seat for seat, hand in enumerate(state[0]) if hand]
    return holders[0] if holders else None


def mover(state: State) -> int:
    """Whose decision it is: the attacker, or the defender when an attack is on the table."""
    return defender(state) if state[3] else state[2]


def settle(hands: tuple[int, ...], talon: tuple[int, ...], attacker: int) -> State:
    """The attack-phase state with ``attacker`` to play, or the next seat in the game to
    his left if he is out; the game over (attacker -1) once one seat or none holds cards."""
    state = (hands, talon, attacker, 0)
    if not talon and sum(1 for hand in hands if hand) <= 1:
        return (hands, talon, -1, 0)
    if not in_game(state, attacker):
        attacker = next_in_game(state, attacker)
    return (hands, talon, attacker, 0)


def attacks(rules: Rules, state: State) -> list[Move]:
    """Every legal attack, fewer cards first, then by the cards' numbers: any non-empty
    set of one suit, the Maria only alone, and once the talon is empty no more cards than
    the defender holds."""
    hands, talon, attacker, _ = state
    hand = hands[attacker]
    limit = 64 if talon else hands[defender(state)].bit_count()
    found: list[tuple[int, tuple[int, ...]]] = []
    maria_bit = 1 << rules.maria
    if hand & maria_bit:
        found.append((1, (rules.maria,)))
    for suit_mask in SUIT_MASKS:
        cards = list(cards_of(hand & suit_mask & ~maria_bit))
        k = len(cards)
        for bits in range(1, 1 << k):
            size = bits.bit_count()
            if size > limit:
                continue
            chosen = tuple(cards[i] for i in range(k) if bits >> i & 1)
            found.append((size, chosen))
    found.sort()
    return [(sum(1 << c for c in chosen), 0) for _, chosen in found]


def defences(rules: Rules, state: State) -> list[Move]:
    """Every distinct answer to the attack on the table: which attack cards the defender
    beats and which of his cards he spends, most cards beaten first (picking all up last)."""
    hands, _, _, table = state
    hand = hands[defender(state)]
    attack = list(cards_of(table))
    options = [rules.beaters[card] & hand for card in attack]
    seen: set[Move] = set()

    def walk(i: int, beaten: int, used: int) -> None:
        if i == len(attack):
            seen.add((beaten, used))
            return
        walk(i + 1, beaten, used)
        free = options[i] & ~used
        while free:
            low = free & -free
            walk(i + 1, beaten | 1 << attack[i], used | low)
            free ^= low

    walk(0, 0, 0)
    return sorted(seen, key=lambda m: (-m[0].bit_count(), list(cards_of(m[0])), list(cards_of(m[1]))))


def legal_moves(rules: Rules, state: State) -> list[Move]:
    """The mover's legal moves in the canonical order (empty once the game is over)."""
    if state[2] < 0:
        return []
    return defences(rules, state) if state[3] else attacks(rules, state)


def _draw(hand: int, talon: tuple[int, ...], size: int) -> tuple[int, tuple[int, ...]]:
    need = size - hand.bit_count()
    if need <= 0 or not talon:
        return hand, talon
    for card in talon[:need]:
        hand |= 1 << card
    return hand, talon[need:]


def play(rules: Rules, state: State, move: Move) -> State:
    """The state after ``move`` (assumed legal: see :func:`legal_moves`)."""
    hands, talon, attacker, table = state
    if not table:  # an attack: the cards go on the table, the attacker draws up
        hand, talon = _draw(hands[attacker] & ~move[0], talon, rules.hand_size)
        new_hands = hands[:attacker] + (hand,) + hands[attacker + 1:]
        return (new_hands, talon, attacker, move[0])
    beaten, used = move
    seat = next_in_game(state, attacker)
    hand, talon = _draw((hands[seat] & ~used) | (table & ~beaten), talon, rules.hand_size)
    new_hands = hands[:seat] + (hand,) + hands[seat + 1:]
    if beaten == table:  # he beat every card: he attacks next (or the next seat in, if he is out)
        return settle(new_hands, talon, seat)
    left = next_in_game((new_hands, talon, seat, 0), seat)  # he picked up: the seat to his left attacks
    return settle(new_hands, talon, left if left >= 0 else seat)


def pairing(rules: Rules, table: int, beaten: int, used: int) -> list[tuple[int, int]]:
    """One way the ``used`` cards beat the ``beaten`` ones, as (attack card, beating card)."""
    attack = list(cards_of(beaten))
    pool = list(cards_of(used))

    def walk(i: int, free: list[int]) -> list[tuple[int, int]] | None:
        if i == len(attack):
            return []
        for by in free:
            if rules.beats(attack[i], by):
                rest = walk(i + 1, [c for c in free if c != by])
                if rest is not None:
                    return [(attack[i], by)] + rest
        return None

    found = walk(0, pool)
    if found is None:
        raise ValueError("those cards cannot beat those")
    return found


def move_str(rules: Rules, state: State, move: Move) -> str:
    """An attack as its cards (``h2 h3``); a defence as ``attack:beater`` pairs, ``take`` when
    nothing is beaten (the cards left unbeaten are picked up)."""
    if not state[3]:
        return " ".join(card_str(c) for c in cards_of(move[0]))
    if not move[0]:
        return "take"
    return " ".join(f"{card_str(a)}:{card_str(b)}" for a, b in pairing(rules, state[3], *move))


def parse_move(rules: Rules, state: State, text: str) -> Move:
    """The legal move written as :func:`move_str` writes it."""
    from analyzer.errors import NotationError

    wanted = " ".join(text.split()).replace(" :", ":").replace(": ", ":")
    for move in legal_moves(rules, state):
        if move_str(rules, state, move).lower() == wanted.lower():
            return move
    from analyzer.mustamaija.cards import parse_cards
    try:  # the same cards written in another order or with other pairs
        if not state[3]:
            mask = parse_cards(wanted)
            if (mask, 0) in legal_moves(rules, state):
                return (mask, 0)
        elif wanted.lower() != "take":
            beaten = used = 0
            for pair in wanted.split():
                a, _, b = pair.partition(":")
                beaten |= parse_cards(a)
                used |= parse_cards(b)
            if (beaten, used) in legal_moves(rules, state):
                return (beaten, used)
    except NotationError:
        pass
    raise NotationError(f"not a legal move here: {text!r}")


__all__ = ["SPADES", "Move", "Rules", "State", "attacks", "defences", "defender", "in_game", "is_over",
           "legal_moves", "loser", "move_str", "mover", "next_in_game", "pairing", "parse_move", "play", "settle"]
