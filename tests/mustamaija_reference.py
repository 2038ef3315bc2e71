"""A slow, obviously correct Mustamaija: its own rules on sets of card tokens, and answers
found by trying every sequence of moves (no table of settled states), for the solver's tests.

Nothing here is imported from ``analyzer.mustamaija`` except to convert a Position into
tokens at the border. Rules, read off docs/rules.md "Mustamaija":

- an attack is a non-empty set of cards of one suit, the Maria only alone, at most as
  many cards as the defender holds once the talon is empty; the attacker draws up to
  the hand size;
- the defender beats any attack cards he likes, each by a different card of his: a
  higher card of its suit, or a trump on a non-trump; the Maria neither beats nor is
  beaten; he picks up the rest and draws up;
- beat all: he attacks next; else the next seat to his left in the game does; a seat
  without cards once the talon is empty is out and skipped;
- the game is over when the talon is empty and at most one seat holds cards: he loses.

The wedding variant: no trump at first (a fifth state field, None); the mover holding the
K and Q of a suit (not spades, unless the joker is the Maria) may declare it trumps before
his move, for the rest of the game. Its moves are pairs (declared suit or None, move).

Three or more players: whether a seat can avoid losing is decided on the "first cycle"
game: play stops the first time a state comes back on the path, and that counts as
endless play (a draw, or a loss for him with ``strict``). For safety and reachability
goals the first-cycle game has the same winner as the endless one.
"""
from __future__ import annotations

import itertools

RANKS = "23456789XJQKA"
SUITS = "hdsc"


def number(card: str) -> int:
    return 52 if card == "jk" else SUITS.index(card[0]) * 13 + RANKS.index(card[1])


class Game:
    def __init__(self, trump: str | None, hand_size: int = 5, maria: str = "sQ", wedding: bool = False) -> None:
        self.trump = trump
        self.hand_size = hand_size
        self.maria = maria
        self.wedding = wedding

    def beats(self, attack: str, by: str, trump: str | None = None) -> bool:
        trump = self.trump if not self.wedding else trump
        if self.maria in (attack, by) or "jk" in (attack, by):
            return False
        if by[0] == attack[0]:
            return RANKS.index(by[1]) > RANKS.index(attack[1])
        return trump is not None and by[0] == trump and attack[0] != trump

    # a state: (hands as a tuple of frozensets, talon as a tuple top first, attacker, table frozenset)
    def playing(self, state, seat) -> bool:
        return bool(state[0][seat]) or bool(state[1])

    def left_in_game(self, state, seat):
        n = len(state[0])
        for k in range(1, n):
            other = (seat + k) % n
            if self.playing(state, other):
                return other
        return None

    def over(self, state) -> bool:
        return not state[1] and not state[3] and sum(1 for h in state[0] if h) <= 1

    def loser(self, state):
        holders = [i for i, h in enumerate(state[0]) if h]
        return holders[0] if len(holders) == 1 else None

    def to_move(self, state):
        return self.left_in_game(state, state[2]) if state[3] else state[2]

    def attacks(self, state):
        hands, talon, attacker, _ = state[:4]
        hand = hands[attacker]
        defender = self.left_in_game(state, attacker)
        most = len(hand) if talon else len(hands[defender])
        found = []
        for size in range(1, most + 1):
            for chosen in itertools.combinations(sorted(hand), size):
                if len({c[0] for c in chosen}) != 1:
                    continue
                if self.maria in chosen and size > 1:
                    continue
                if "jk" in chosen and size > 1:
                    continue
                found.append(frozenset(chosen))
        found.sort(key=lambda a: (len(a), sorted(number(c) for c in a)))
        return found

    def defences(self, state, trump=None):
        hands, _, attacker, table = state[:4]
        hand = hands[self.left_in_game(state, attacker)]
        attack = sorted(table)
        choices = [[None] + [c for c in hand if self.beats(a, c, trump)] for a in attack]
        found = {}
        for pick in itertools.product(*choices):
            used = [c for c in pick if c is not None]
            if len(set(used)) != len(used):
                continue
            beaten = frozenset(a for a, c in zip(attack, pick) if c is not None)
            found[(beaten, frozenset(used))] = True
        return sorted(found, key=lambda m: (-len(m[0]), sorted(number(c) for c in m[0]),
                                            sorted(number(c) for c in m[1])))

    def moves(self, state):
        if self.over(state):
            return []
        if not self.wedding:
            return self.defences(state) if state[3] else self.attacks(state)
        found = []
        for declared in [None] + [s for s in SUITS if self.can_declare(state, s)]:
            trump = declared or state[4]
            found += [(declared, m) for m in (self.defences(state, trump) if state[3] else self.attacks(state))]
        return found

    def can_declare(self, state, suit) -> bool:
        hand = state[0][self.to_move(state)]
        return state[4] is None and (suit != "s" or self.maria == "jk") and {suit + "K", suit + "Q"} <= hand

    def draw(self, hand, talon):
        hand, talon = set(hand), list(talon)
        while len(hand) < self.hand_size and talon:
            hand.add(talon.pop(0))
        return frozenset(hand), tuple(talon)

    def after(self, state, move):
        if self.wedding:
            declared, move = move
            trump = declared or state[4]
            return self._after(state[:4], move) + (trump,)
        return self._after(state, move)

    def _after(self, state, move):
        hands, talon, attacker, table = state
        hands = list(hands)
        if not table:
            hands[attacker], talon = self.draw(hands[attacker] - move, talon)
            return (tuple(hands), talon, attacker, frozenset(move))
        beaten, used = move
        defender = self.left_in_game(state, attacker)
        hands[defender], talon = self.draw((hands[defender] - used) | (table - beaten), talon)
        mid = (tuple(hands), talon, defender, frozenset())
        if beaten == table:
            nxt = defender if self.playing(mid, defender) else self.left_in_game(mid, defender)
        else:
            nxt = self.left_in_game(mid, defender)
        if nxt is None:
            nxt = defender
        result = (tuple(hands), talon, nxt, frozenset())
        return result


def loser_two(game: Game, state) -> int:
    """Two players: who loses with best play, trying every sequence."""
    if game.over(state):
        return game.loser(state)
    me = game.to_move(state)
    for move in game.moves(state):
        if loser_two(game, game.after(state, move)) != me:
            return 1 - me
    return me


def can_avoid(game: Game, seat: int, state, strict: bool = False, path: frozenset = frozenset()) -> bool:
    """Whether ``seat`` avoids losing whatever the others do (first-cycle game)."""
    if game.over(state):
        return game.loser(state) != seat
    if state in path:
        return not strict
    path = path | {state}
    children = [game.after(state, m) for m in game.moves(state)]
    if game.to_move(state) == seat:
        return any(can_avoid(game, seat, c, strict, path) for c in children)
    return all(can_avoid(game, seat, c, strict, path) for c in children)


def safe_map(game: Game, seat: int, root, strict: bool = False) -> dict:
    """For every state reachable from ``root``: can ``seat`` avoid losing (strict: force
    another's loss)? By the definition on the whole graph: grow the set of states from which
    the others force him to lose (strict: from which he forces another's loss) until
    nothing changes."""
    states, todo = {root}, [root]
    while todo:
        s = todo.pop()
        for m in game.moves(s):
            c = game.after(s, m)
            if c not in states:
                states.add(c)
                todo.append(c)
    children = {s: [game.after(s, m) for m in game.moves(s)] for s in states}
    if strict:
        won = {s for s in states if game.over(s) and game.loser(s) != seat}
    else:
        won = {s for s in states if game.over(s) and game.loser(s) == seat}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in won or game.over(s):
                continue
            mine = game.to_move(s) == seat
            inside = [c in won for c in children[s]]
            ok = (any(inside) if mine else all(inside)) if strict else (all(inside) if mine else any(inside))
            if ok:
                won.add(s)
                changed = True
    return {s: (s in won) == strict for s in states}


def can_avoid_fixpoint(game: Game, seat: int, root, strict: bool = False) -> bool:
    return safe_map(game, seat, root, strict)[root]


def fixpoint_avoid(game: Game, root, strict: bool = False):
    """``can_avoid``'s signature answered from one :func:`safe_map` per seat of ``root``'s graph."""
    maps = {seat: safe_map(game, seat, root, strict) for seat in range(len(root[0]))}
    return lambda g, seat, state, st=strict: maps[seat][state]


def profile(game: Game, state, strict: bool = False, avoid=can_avoid):
    """Each player makes the first move (canonical order) that keeps him safe, else the
    first; a state met again is endless play. Returns (loser or None, endless)."""
    seen = set()
    while not game.over(state):
        if state in seen:
            return None, True
        seen.add(state)
        me = game.to_move(state)
        children = [game.after(state, m) for m in game.moves(state)]
        pick = next((c for c in children if avoid(game, me, c, strict)), children[0])
        state = pick
    return game.loser(state), False


def from_position(position):
    """A Position as (Game, state) in tokens."""
    from analyzer.mustamaija.cards import SUITS as S
    from analyzer.mustamaija.cards import card_str, cards_of

    trump = S[position.trump] if position.trump >= 0 else None
    game = Game(trump, position.hand_size, card_str(position.maria), position.wedding)
    hands = tuple(frozenset(card_str(c) for c in cards_of(h)) for h in position.hands)
    table = frozenset(card_str(c) for c in cards_of(position.table))
    talon = tuple(card_str(c) for c in position.talon)
    return game, (hands, talon, position.attacker, table) + ((trump,) if position.wedding else ())
