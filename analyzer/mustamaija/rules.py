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
the attack is picked up).

The wedding variant (``Rules.wedding``): no trump at first; the state has a fifth field,
the trump (-1 while none is set), and a mover holding the K and Q of a suit (not
spades) may declare that suit trumps before his move: the move is then a triple, the
suit last. The first wedding declared fixes the trump for the rest of the game. Two matchings of the same cards lead to the same state, so a
defence is the pair of sets, not the pairs of cards (:func:`pairing` gives one to show).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.mustamaija.cards import (
    JOKER,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    SUITS,
    card_str,
    cards_of,
)

State = tuple  # (hands, talon, attacker, table), and the trump in the wedding variant
Move = tuple  # (attack, 0) or (beaten, used), and the suit declared trumps by a wedding
QUEEN, KING = 10, 11


@dataclass(frozen=True)
class Rules:
    """The facts of one game that never change: the trump, how many cards a hand is drawn up
    to, and which card is the Maria (the ♠Q, or the joker of the house variant)."""

    trump: int
    hand_size: int = 5
    maria: int = QUEEN_OF_SPADES
    wedding: bool = False
    beaters: tuple[int, ...] = field(init=False, repr=False, compare=False)  # the cards that beat each card

    tables: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)  # beaters per trump -1..3

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(self.beaters_for(t) for t in range(-1, 4)))
        object.__setattr__(self, "beaters", self.tables[self.trump + 1])

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
    """The trump suit in force in a state (-1: none yet): the wedding variant's states carry it
    as a fifth field, the others take the rules'."""
    return state[4] if rules.wedding else rules.trump


def weddings(rules: Rules, state: State) -> list[int]:
    """The suits the mover may declare trumps (the wedding variant, while no trump is set): each
    suit of which he holds the king and the queen, never spades (unless the joker is the Maria)."""
    if not rules.wedding or state[4] >= 0 or state[2] < 0:
        return []
    hand = state[0][mover(state)]
    return [suit for suit in range(4) if (suit != SPADES or rules.maria == JOKER)
            and hand >> (suit * 13 + QUEEN) & 1 and hand >> (suit * 13 + KING) & 1]


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
    hands, talon, attacker, _ = state[:4]
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
    hands, _, _, table = state[:4]
    hand = hands[defender(state)]
    attack = list(cards_of(table))
    beaters = rules.tables[trump_of(rules, state) + 1]
    options = [beaters[card] & hand for card in attack]
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
    moves = defences(rules, state) if state[3] else attacks(rules, state)
    for suit in weddings(rules, state):  # the same moves again, each after declaring the suit trumps
        declared = state[:4] + (suit,)
        moves += [(*m, suit) for m in (defences(rules, declared) if state[3] else attacks(rules, declared))]
    return moves


def _draw(hand: int, talon: tuple[int, ...], size: int) -> tuple[int, tuple[int, ...]]:
    need = size - hand.bit_count()
    if need <= 0 or not talon:
        return hand, talon
    for card in talon[:need]:
        hand |= 1 << card
    return hand, talon[need:]


def play(rules: Rules, state: State, move: Move) -> State:
    """The state after ``move`` (assumed legal: see :func:`legal_moves`)."""
    hands, talon, attacker, table = state[:4]
    trump = (move[2],) if len(move) > 2 else state[4:]  # the wedding variant's trump, declared or kept
    if not table:  # an attack: the cards go on the table, the attacker draws up
        hand, talon = _draw(hands[attacker] & ~move[0], talon, rules.hand_size)
        new_hands = hands[:attacker] + (hand,) + hands[attacker + 1:]
        return (new_hands, talon, attacker, move[0]) + trump
    beaten, used = move[0], move[1]
    seat = next_in_game(state, attacker)
    hand, talon = _draw((hands[seat] & ~used) | (table & ~beaten), talon, rules.hand_size)
    new_hands = hands[:seat] + (hand,) + hands[seat + 1:]
    if beaten == table:  # he beat every card: he attacks next (or the next seat in, if he is out)
        return settle(new_hands, talon, seat) + trump
    left = next_in_game((new_hands, talon, seat, 0), seat)  # he picked up: the seat to his left attacks
    return settle(new_hands, talon, left if left >= 0 else seat) + trump


def pairing(rules: Rules, table: int, beaten: int, used: int, trump: int | None = None) -> list[tuple[int, int]]:
    """One way the ``used`` cards beat the ``beaten`` ones, as (attack card, beating card);
    ``trump``: the trump in force, when not the rules' (the wedding variant)."""
    attack = list(cards_of(beaten))
    pool = list(cards_of(used))
    beaters = rules.tables[(rules.trump if trump is None else trump) + 1]

    def walk(i: int, free: list[int]) -> list[tuple[int, int]] | None:
        if i == len(attack):
            return []
        for by in free:
            if beaters[attack[i]] >> by & 1:
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
    nothing is beaten (the cards left unbeaten are picked up); a wedding declared first as
    ``wed:h`` before the move."""
    wed = f"wed:{SUITS[move[2]]} " if len(move) > 2 else ""
    if not state[3]:
        return wed + " ".join(card_str(c) for c in cards_of(move[0]))
    if not move[0]:
        return wed + "take"
    trump = move[2] if len(move) > 2 else trump_of(rules, state)
    return wed + " ".join(f"{card_str(a)}:{card_str(b)}" for a, b in pairing(rules, state[3], move[0], move[1],
                                                                               trump))


def parse_move(rules: Rules, state: State, text: str) -> Move:
    """The legal move written as :func:`move_str` writes it."""
    from analyzer.errors import NotationError

    wanted = " ".join(text.split()).replace(" :", ":").replace(": ", ":")
    for move in legal_moves(rules, state):
        if move_str(rules, state, move).lower() == wanted.lower():
            return move
    from analyzer.mustamaija.cards import parse_cards
    declared: tuple[int, ...] = ()
    if wanted.lower().startswith("wed:") and len(wanted) > 5 and wanted[4].lower() in SUITS:
        declared, wanted = (SUITS.index(wanted[4].lower()),), wanted[5:].strip()
    try:  # the same cards written in another order or with other pairs
        if not state[3]:
            mask = parse_cards(wanted)
            if (mask, 0, *declared) in legal_moves(rules, state):
                return (mask, 0, *declared)
        elif wanted.lower() != "take":
            beaten = used = 0
            for pair in wanted.split():
                a, _, b = pair.partition(":")
                beaten |= parse_cards(a)
                used |= parse_cards(b)
            if (beaten, used, *declared) in legal_moves(rules, state):
                return (beaten, used, *declared)
    except NotationError:
        pass
    raise NotationError(f"not a legal move here: {text!r}")


__all__ = ["SPADES", "Move", "Rules", "State", "attacks", "defences", "defender", "in_game", "is_over",
           "legal_moves", "loser", "move_str", "mover", "next_in_game", "pairing", "parse_move", "play", "settle",
           "trump_of", "weddings"]
