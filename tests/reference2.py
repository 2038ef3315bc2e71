"""Slow, plainly correct reference for the TWO-player game with the stock (lízaný, and the
six-card variant): the test oracle of cext/stock.c.

The rules of docs/rules.md §8 ("Two players in the analyser") read literally. While the stock
lasts any card may be played (an announced seven only when nothing else is left); the trick goes
to the higher trump, else to the higher card of the suit led (the six-card variant: no trump
until the stock is gone); the winner draws the top card, the loser the next, the winner leads.
Once the stock is exhausted: follow, beat and trump (``reference.legal_cards``). Marriages are
declared with the over (20, 40 in trumps; the six-card variant: 20 while the stock lasts). In
the six-card variant either player may, at his turn before he plays (to lead or to answer) and
while the stock lasts, exchange the trump seven for the stock's last card (the turned card). It imports nothing from
``analyzer``. Method: full minimax over every move (no alpha-beta, no equivalence of cards),
memoised on the complete state at trick starts.

Values (the core's, in units of 10 points):

* hra: G = the actor's trick points in the rest of the play, + half of each of his marriages,
  - half of each of the other player's; makes iff score_a - score_d + 10 (2G - R) > 0,
  R the points still to take (the last trick's 10 included).
* seven / seven-against: the trump seven, held by the side announcing it, must win the last
  trick and appear in no other.
* hundred / hundred-against: the side's trick points + its best ONE marriage.
"""

from __future__ import annotations

from reference import _sharp, legal_cards, trick_winner
from reference4 import SUIT_PARTS, SUIT_REPORTED

SUITS = "hbla"


def _beats(led: str, card: str, trump: str | None) -> bool:
    """While the stock lasts: does the answer beat the card led?"""
    order = "789UOKXA"
    if card[0] == led[0]:
        return order.index(card[1]) > order.index(led[1])
    return card[0] == trump


def _cards(text) -> list[str]:
    if not text:
        return []
    return text.split() if isinstance(text, str) else list(text)


def _minimax(goal, hands, stock, trick, leader, trump, six, announced, maximisers):
    memo: dict = {}

    def marriage_units(card: str, in_stock: bool) -> int:
        return 2 if (six and in_stock) or card[0] != trump else 4

    def value(hands, stock, trick, leader, x):
        key = (hands, stock, leader, x)
        if not trick and key in memo:
            return memo[key]
        mover = (leader + len(trick)) % 2
        hand = hands[mover]
        if not hand:
            assert not trick and not stock
            return goal.end(x)
        in_stock = bool(stock)
        outcomes = []
        if in_stock and six and trump + "7" in hand and stock[-1] != trump + "7":
            # the exchange of the trump seven for the turned card, before the lead or the answer
            swapped = tuple((h - {trump + "7"}) | {stock[-1]} if s == mover else h for s, h in enumerate(hands))
            outcomes.append(value(swapped, stock[:-1] + (trump + "7",), trick, leader, x))
        if in_stock:
            others = [c for c in hand if c not in announced]
            moves = others or list(hand)
        else:
            moves = legal_cards(hand, list(trick), trump, False, announced)
        for card in moves:
            units = marriage_units(card, in_stock) if card[1] == "O" and card[0] + "K" in hand else 0
            reward, x2 = goal.on_card(x, mover, card, units)
            new_hands = tuple(h - {card} if s == mover else h for s, h in enumerate(hands))
            new_trick = trick + (card,)
            if len(new_trick) < 2:
                rest = value(new_hands, stock, new_trick, leader, x2)
            else:
                if in_stock:
                    winner = (leader + 1) % 2 if _beats(new_trick[0], card, None if six else trump) else leader
                    drawn = list(new_hands)
                    drawn[winner] = drawn[winner] | {stock[0]}
                    drawn[1 - winner] = drawn[1 - winner] | {stock[1]}
                    new_hands, new_stock = tuple(drawn), stock[2:]
                else:
                    winner = (leader + trick_winner(new_trick, trump, False)) % 2
                    new_stock = stock
                last = not new_stock and not any(new_hands)
                reward2, x3, final = goal.on_trick(x2, new_trick, winner, last)
                reward = tuple(a + b for a, b in zip(reward, reward2))
                rest = final if final is not None else value(new_hands, new_stock, (), winner, x3)
            outcomes.append(tuple(a + b for a, b in zip(reward, rest)))
        result = max(outcomes) if mover in maximisers else min(outcomes)
        if not trick:
            memo[key] = result
        return result

    return value(hands, stock, trick, leader, goal.start)


class _Hra:
    """(G, the actor's trick points)."""

    def __init__(self, actor):
        self.actor, self.start = actor, None

    def on_card(self, x, seat, card, units):
        half = units // 2
        return ((half if seat == self.actor else -half), 0), x

    def on_trick(self, x, trick, winner, last):
        pts = sum(_sharp(c) for c in trick) + (1 if last else 0)
        return ((pts, pts) if winner == self.actor else (0, 0)), x, None

    def end(self, x):
        return (0, 0)


class _Hundred:
    def __init__(self, side, best_before):
        self.side, self.start = side, best_before

    def on_card(self, x, seat, card, units):
        return (0,), (max(x, units) if seat == self.side else x)

    def on_trick(self, x, trick, winner, last):
        pts = sum(_sharp(c) for c in trick) + (1 if last else 0)
        return ((pts,) if winner == self.side else (0,)), x, None

    def end(self, x):
        return (x,)


class _Seven:
    def __init__(self, seven, trump):
        self.seven, self.trump, self.start = seven, trump, None

    def on_card(self, x, seat, card, units):
        return (0,), x

    def on_trick(self, x, trick, winner, last):
        if last:
            ok = trick[trick_winner(trick, self.trump, False)] == self.seven
            return (0,), x, ((1,) if ok else (0,))
        return (0,), x, ((0,) if self.seven in trick else None)

    def end(self, x):
        return (1,)


def reference2_solve(position: dict) -> dict:
    """The result of a two-player position with a stock (keys as tests/reference4.py's)."""
    assert position.get("players") == 2
    contract = position.get("contract", "game")
    six = position.get("variant", "lizany") == "six"
    trump = position["trump"]
    actor = position.get("actor", 0)
    leader = position.get("leader", 0)
    hands = tuple(frozenset(_cards(h)) for h in position["hands"])
    stock = tuple(_cards(position.get("stock")))
    trick = tuple(_cards(position.get("trick")))
    assert not position.get("marriages"), "declared marriages are the score's business here"
    score = position.get("score") or {}
    score_a, score_d = score.get("actor", 0), score.get("defence", 0)
    everything = [c for h in hands for c in h] + list(stock) + list(trick)
    assert len(everything) == len(set(everything))
    R = sum(_sharp(c) for c in everything) + 1
    owner = {c: s for s in range(2) for c in hands[s]}
    seven = trump + "7"
    announced = frozenset()
    if contract in ("seven", "hundred-seven"):
        assert owner.get(seven) == actor
        announced = frozenset({seven})
    if contract == "seven-against":
        assert owner.get(seven) == 1 - actor
        announced = frozenset({seven})

    def solve(goal, maximiser):
        return _minimax(goal, hands, stock, trick, leader, trump, six, announced, frozenset({maximiser}))

    G, _ = solve(_Hra(actor), actor)
    game = score_a - score_d + 10 * (2 * G - R) > 0
    parts, reported = SUIT_PARTS[contract], SUIT_REPORTED.get(contract, ())
    goals = {}
    for name in set(parts) | set(reported):
        if name == "game":
            goals[name] = game
        elif name in ("seven", "seven-against"):
            goals[name] = solve(_Seven(seven, trump), actor if name == "seven" else 1 - actor)[0] == 1
        else:
            side = actor if name == "hundred" else 1 - actor
            have = score_a if name == "hundred" else score_d
            goals[name] = have + 10 * solve(_Hundred(side, 0), side)[0] >= 100
    return {"makes": all(goals[p] for p in parts), "value": G, "components": {n: goals[n] for n in reported}}
