"""Slow, plainly correct reference solver for FOUR players (and TWO after the stock): the test
oracle for the core's seats.

The four-player game of docs/rules.md §8 and docs/rules.md ("Four players"), read
literally: four hands, a trick of four cards, the three-player rule of play
(``reference.legal_cards`` and ``reference.trick_winner``, which never count
the players), the actor's side a *team* (the actor and his partner, or the
actor alone). It imports nothing from ``analyzer``. Method: full minimax over
every legal card (no alpha-beta, no equivalence of cards), memoised on the
complete state at trick starts.

Semantics (the same as tests/reference.py with "the actor" read as "the
actor's side" and "the defence" as the other side):

* ``partner``: a seat, or a called card whose holder is the partner; the actor
  alone when it is his own seat or card, or when it is absent.
* hra: G = the team's trick points (units) in the rest of the play, the team
  maximising; makes iff score_a + fixed_a - score_d - fixed_d + 10 (2G - R) > 0,
  fixed_* the Czech-rule marriages held by the side's seats.
* seven / seven-against: the trump seven (held by the side that announces it)
  must win the last trick and appear in no other; the side holding it maximises.
* hundred / hundred-against: the side's trick points + its best ONE marriage.
* betl / durch (alone): the actor takes no trick / every trick; durch with a partner:
  the actor and his partner take every trick; durch with the wise one
  (``"partner": "wise"``): the actor alone takes every trick but the last.

Two players (``"players": 2``) after the stock: the same with two hands, the actor
against the other player, no partner, marriages by default declared with the
over ("over-first").
"""

from __future__ import annotations

import operator

from reference import (
    ALL_CARDS,
    NO_TRUMP_CONTRACTS,
    SUITS,
    _sharp,
    legal_cards,
    trick_winner,
)

# A suit contract's own components, and those its result reports beside them (the solver's keys).
SUIT_PARTS = {"game": ("game",), "seven": ("seven",), "hundred": ("hundred",), "hundred-seven": ("hundred", "seven"),
              "seven-against": ("seven-against",), "hundred-against": ("hundred-against",)}
SUIT_REPORTED = {"hundred-seven": ("hundred", "seven"), "seven": ("seven", "game"),
                 "seven-against": ("seven-against", "game"), "hundred-against": ("hundred-against", "game")}

CONTRACTS4 = ("game", "seven", "hundred", "hundred-seven", "seven-against", "hundred-against",
              "betl", "durch", "open-betl", "open-durch")
CONTRACTS2 = CONTRACTS4[:6]


def _add(a, b):
    return tuple(map(operator.add, a, b))


def _minimax(goal, hands, trick, leader, trump, notrump, announced, maximisers):
    memo = {}
    seats = len(hands)

    def value(hands, trick, leader, x):
        key = (hands, leader, x)
        if not trick and key in memo:
            return memo[key]
        mover = (leader + len(trick)) % seats
        hand = hands[mover]
        tricks_left = len(hand)
        if tricks_left == 0:
            assert not trick and not any(hands)
            result = goal.end(x)
        else:
            outcomes = []
            for card in legal_cards(hand, list(trick), trump, notrump, announced):
                reward, x2 = goal.on_card(x, mover, card, hand)
                new_hands = tuple(h - {card} if s == mover else h for s, h in enumerate(hands))
                new_trick = trick + (card,)
                if len(new_trick) < seats:
                    rest = value(new_hands, new_trick, leader, x2)
                else:
                    winner = (leader + trick_winner(new_trick, trump, notrump)) % seats
                    reward2, x3, final = goal.on_trick(x2, new_trick, winner, tricks_left)
                    reward = _add(reward, reward2)
                    rest = final if final is not None else value(new_hands, (), winner, x3)
                outcomes.append(_add(reward, rest))
            result = max(outcomes) if mover in maximisers else min(outcomes)
        if not trick:
            memo[key] = result
        return result

    return value(hands, trick, leader, goal.start)


class _Hra:
    """(G, team trick points); over-first: +half for the team's marriages, -half for the defence's."""

    def __init__(self, team, trump, over_first):
        self.team, self.trump, self.over_first = team, trump, over_first
        self.start = None

    def on_card(self, x, seat, card, hand):
        if self.over_first and card[1] == "O" and card[0] + "K" in hand:
            half = 2 if card[0] == self.trump else 1
            return ((half if seat in self.team else -half), 0), x
        return (0, 0), x

    def on_trick(self, x, trick, winner, tricks_left):
        pts = sum(_sharp(c) for c in trick) + (1 if tricks_left == 1 else 0)
        return ((pts, pts) if winner in self.team else (0, 0)), x, None

    def end(self, x):
        return (0, 0)


class _Hundred:
    def __init__(self, side, trump, over_first, best_before):
        self.side, self.trump, self.over_first = side, trump, over_first
        self.start = best_before

    def on_card(self, x, seat, card, hand):
        if self.over_first and seat in self.side and card[1] == "O" and card[0] + "K" in hand:
            x = max(x, 4 if card[0] == self.trump else 2)
        return (0,), x

    def on_trick(self, x, trick, winner, tricks_left):
        pts = sum(_sharp(c) for c in trick) + (1 if tricks_left == 1 else 0)
        return ((pts,) if winner in self.side else (0,)), x, None

    def end(self, x):
        return (x,)


class _Seven:
    def __init__(self, seven, trump):
        self.seven, self.trump = seven, trump
        self.start = None

    def on_card(self, x, seat, card, hand):
        return (0,), x

    def on_trick(self, x, trick, winner, tricks_left):
        if tricks_left == 1:
            ok = trick[trick_winner(trick, self.trump, False)] == self.seven
            return (0,), x, ((1,) if ok else (0,))
        return (0,), x, ((0,) if self.seven in trick else None)

    def end(self, x):
        return (1,)


class _BetlDurch:
    def __init__(self, team, durch, wise=False):
        self.team, self.durch, self.wise = team, durch, wise
        self.start = None

    def on_card(self, x, seat, card, hand):
        return (0,), x

    def on_trick(self, x, trick, winner, tricks_left):
        if self.wise and tricks_left == 1:
            return (0,), x, None  # the wise one: the last trick only finds the partner
        if (winner in self.team) != self.durch:
            return (0,), x, (0,)
        return (0,), x, None

    def end(self, x):
        return (1,)


def _cards(text):
    if text is None:
        return []
    return text.split() if isinstance(text, str) else list(text)


def reference4_solve(position: dict) -> dict:
    """Open-hand result of a four- or two-player position (the keys of tests/reference.py's)."""
    seats = position.get("players", 4)
    assert seats in (2, 4)
    contract = position["contract"]
    assert contract in (CONTRACTS4 if seats == 4 else CONTRACTS2), contract
    trump = position.get("trump")
    notrump = contract in NO_TRUMP_CONTRACTS
    assert (trump is None) == notrump
    actor = position.get("actor", 0)
    rules = position.get("rules", "csm")
    leader = position.get("leader")
    if leader is None:
        leader = actor if (rules == "basic" or notrump) else 0
    over_first = position.get("marriage_rule", "czech" if seats == 4 else "over-first") == "over-first"
    hands = tuple(frozenset(_cards(h)) for h in position["hands"])
    trick = tuple(_cards(position.get("trick")))
    assert len(hands) == seats and len(trick) < seats
    everything = [c for h in hands for c in h] + list(trick)
    assert len(everything) == len(set(everything)) and set(everything) <= ALL_CARDS
    played = {(leader + i) % seats for i in range(len(trick))}
    sizes = {len(hands[s]) + (s in played) for s in range(seats)}
    assert len(sizes) == 1 and 1 <= sizes.pop() <= 8

    owner = {c: s for s in range(seats) for c in hands[s]}
    owner.update({c: (leader + i) % seats for i, c in enumerate(trick)})
    partner = position.get("partner")
    wise = partner == "wise"
    if wise:
        assert contract == "durch"
        partner = None  # alone until the last trick
    if isinstance(partner, str):
        partner = owner[partner]
    team = frozenset({actor} if partner is None else {actor, partner})
    defence = frozenset(range(seats)) - team
    # declared marriages (a K or O of a pair already played, e.g. in the current trick) are in
    # ``score``; a hundred counts its side's best ONE marriage, declared or held
    declared = {side: [c for c in (position.get("marriages") or {}).get(side, "") if c in SUITS]
                for side in ("actor", "defence")}
    score = position.get("score") or {}
    score_a, score_d = score.get("actor", 0), score.get("defence", 0)

    def mval(suit):
        return 4 if suit == trump else 2

    seven = trump + "7" if trump else None
    announced = frozenset()
    if contract in ("seven", "hundred-seven"):
        assert owner.get(seven) in team
        announced = frozenset({seven})
    if contract == "seven-against":
        assert owner.get(seven) in defence
        announced = frozenset({seven})

    def solve(goal, maximisers):
        return _minimax(goal, hands, trick, leader, trump, notrump, announced, frozenset(maximisers))

    if notrump:
        assert team == {actor} or contract == "durch"  # durch with partner: the two take every trick
        ok = solve(_BetlDurch(team, contract.endswith("durch"), wise), team)[0] == 1
        return {"makes": ok, "actor_points": None, "defence_points": None, "value": None, "components": {}}

    R = sum(_sharp(c) for c in everything) + 1

    def held(seats):
        if over_first:
            return []
        return [mval(s) for p in seats for s in SUITS if {s + "K", s + "O"} <= hands[p]]

    G, trick_a = solve(_Hra(team, trump, over_first), team)
    game = score_a + 10 * sum(held(team)) - score_d - 10 * sum(held(defence)) + 10 * (2 * G - R) > 0

    def hundred(side, side_score, side_declared):
        taken = side_score - 10 * sum(mval(s) for s in side_declared)
        best = max(held(side) + [mval(s) for s in side_declared] + [0])
        v = solve(_Hundred(side, trump, over_first, best), side)[0]
        return taken + 10 * v >= 100

    parts, reported = SUIT_PARTS[contract], SUIT_REPORTED.get(contract, ())
    goals = {}
    for name in set(parts) | set(reported):
        if name == "game":
            goals[name] = game
        elif name == "seven":
            goals[name] = solve(_Seven(seven, trump), team)[0] == 1
        elif name == "seven-against":
            goals[name] = solve(_Seven(seven, trump), defence)[0] == 1
        elif name == "hundred":
            goals[name] = hundred(team, score_a, declared["actor"])
        elif name == "hundred-against":
            goals[name] = hundred(defence, score_d, declared["defence"])
    return {"makes": all(goals[p] for p in parts), "actor_points": 10 * trick_a,
            "defence_points": 10 * R - 10 * trick_a, "value": G,
            "components": {name: goals[name] for name in reported}}
