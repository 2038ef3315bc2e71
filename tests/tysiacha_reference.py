"""A slow, obviously correct Tysiacha: the rules of docs/rules.md "Tysiacha" on card tokens and
plain minimax over every legal move (no alpha-beta, no table, no equivalent cards), for the tests
of the C search. It imports nothing from ``analyzer``.

A position is three hands (sets of tokens such as ``"hA"``), the cards of the trick under way
(leader first), the leader, the trump suit letter or None, and whether this is the hand's first
trick. A move is ``(card, declare)``. The value is the declarer's points in the rest of the play:
the points of the tricks he wins (A 11, X 10, K 4, O 3, U 2, 9 0) and the marriages he declares.

Rules, read off the page:

- the seat on lead plays any card; if it is the K or O of a suit whose K and O he both holds,
  he may declare (the marriage's points are his, its suit is trumps from this lead on, this
  trick included) or not; no declaring on the hand's first lead unless ``any_lead``;
- the others follow suit; void, they play a trump if they hold one; else any card;
  with ``must_beat`` (option) a follower heads the trick when he can: a higher card of the suit
  led if the trick is not trumped (or the suit led is trumps), a higher trump when trumping;
- the highest trump takes the trick, else the highest card of the suit led (9 U O K X A);
  the winner leads next.
"""
from __future__ import annotations

SUITS = "hbla"
RANKS = "9UOKXA"
POINTS = {"9": 0, "U": 2, "O": 3, "K": 4, "X": 10, "A": 11}
SEED_MARRIAGES = {"h": 100, "b": 80, "a": 60, "l": 40}
DECK = [s + r for s in SUITS for r in RANKS]


def beats(card: str, best: str, trump: str | None) -> bool:
    if card[0] == best[0]:
        return RANKS.index(card[1]) > RANKS.index(best[1])
    return card[0] == trump


def winner_index(trick: list[str], trump: str | None) -> int:
    w = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[w], trump):
            w = i
    return w


def legal(hand: frozenset[str], trick: list[str], trump: str | None, first: bool,
          any_lead: bool = False, must_beat: bool = False) -> list[tuple[str, bool]]:
    if not trick:
        moves = [(c, False) for c in sorted(hand)]
        if not first or any_lead:
            for c in sorted(hand):
                if c[1] in "KO" and {c[0] + "K", c[0] + "O"} <= hand:
                    moves.append((c, True))
        return moves
    led = trick[0][0]
    best = trick[winner_index(trick, trump)]
    follow = [c for c in hand if c[0] == led]
    if follow:
        if must_beat and best[0] == led:
            above = [c for c in follow if beats(c, best, trump)]
            if above:
                follow = above
        return [(c, False) for c in sorted(follow)]
    trumps = [c for c in hand if c[0] == trump]
    if trumps:
        if must_beat and best[0] == trump:
            above = [c for c in trumps if beats(c, best, trump)]
            if above:
                trumps = above
        return [(c, False) for c in sorted(trumps)]
    return [(c, False) for c in sorted(hand)]


class Game:
    def __init__(self, declarer: int = 0, marriages: dict[str, int] | None = None,
                 any_lead: bool = False, must_beat: bool = False) -> None:
        self.declarer = declarer
        self.marriages = dict(SEED_MARRIAGES if marriages is None else marriages)
        self.any_lead = any_lead
        self.must_beat = must_beat

    def moves(self, hands, trick, leader, trump, first):
        seat = (leader + len(trick)) % 3
        return legal(hands[seat], list(trick), trump, first, self.any_lead, self.must_beat)

    def play(self, hands, trick, leader, trump, first, move):
        """The position after ``move`` and the declarer's gain by it."""
        card, declare = move
        seat = (leader + len(trick)) % 3
        gain = 0
        if declare:
            trump = card[0]
            if seat == self.declarer:
                gain += self.marriages[card[0]]
        hands = list(hands)
        hands[seat] = hands[seat] - {card}
        trick = list(trick) + [card]
        if len(trick) == 3:
            w = (leader + winner_index(trick, trump)) % 3
            if w == self.declarer:
                gain += sum(POINTS[c[1]] for c in trick)
            return (tuple(hands), (), w, trump, False), gain
        return (tuple(hands), tuple(trick), leader, trump, first), gain

    def value(self, hands, trick=(), leader=0, trump=None, first=False) -> int:
        """Minimax: the declarer maximises, the other two minimise."""
        if not trick and not any(hands):
            return 0
        seat = (leader + len(trick)) % 3
        values = []
        for move in self.moves(hands, trick, leader, trump, first):
            child, gain = self.play(hands, trick, leader, trump, first, move)
            values.append(gain + self.value(*child))
        return max(values) if seat == self.declarer else min(values)

    def move_values(self, hands, trick=(), leader=0, trump=None, first=False) -> dict[tuple[str, bool], int]:
        out = {}
        for move in self.moves(hands, trick, leader, trump, first):
            child, gain = self.play(hands, trick, leader, trump, first, move)
            out[move] = gain + self.value(*child)
        return out
