"""Slow, plainly correct reference solver: the test oracle for the C core.

Follows ``docs/semantics.md`` (and ``docs/rules.md`` §1-4) literally.  It
imports nothing from ``analyzer``.  Method: full minimax over every legal card
(no alpha-beta, no equivalence of cards), memoised on the complete state
(the three hands, the cards of the current trick, its leader, and whatever
extra state a goal needs).

Choices made where the specification leaves room (also reported to the team):

* Announced cards: "an announced card is removed from the legal set when the
  legal set holds any other card" is read as "when the legal set holds any
  card that is not announced".  So in two-sevens, when the only legal cards
  are the two announced sevens, both stay legal (the literal per-card reading
  would leave no legal card at all).
* The restriction applies in every search of the contract: the hra search
  (value, actor_points, the game component) of seven / hundred-seven /
  two-sevens / two-sevens-hundred / seven-against uses it too.
* ``actor_points`` under the over-first rule ("trick points on the principal
  variation"): to make it independent of move order we use a lexicographic
  tie-break, the actor maximising and the defence minimising the pair
  (G, actor's trick points); the first component is exactly G.  In fact the
  tie-break never matters: O and K are adjacent in the trump order and a
  marriage's K and O are in one hand, so playing the O first is never worse
  than the K, and every optimal line declares every held marriage and has
  the Czech trick points (test_over_first_equals_czech_up_to_the_halves).
  Under the Czech rule G is the trick points and actor_points == 10 * G.
* Czech rule: the fixed marriages are the K+O pairs in one player's *hand*
  (marriages already declared, e.g. with a K/O in the current trick, are
  in ``score`` and ``marriages``).  Over-first: a marriage is declared when
  its holder plays the O from a hand that still holds the K; cards already
  in the current trick were played in the past and declare nothing now.
* ``marriages`` values may name several suits ("hb", "h b" or a list); each
  declared marriage is worth 40 in trumps, else 20 points.
* hundred: the trick points already taken are ``score.actor`` minus the
  declared marriages in ``marriages.actor``; the quantity maximised is the
  remaining trick points plus the best ONE marriage (declared before, held
  (Czech) or declared in play (over-first)); makes iff
  taken + 10 * that >= 100.  hundred-against: the same for the defence, the
  talon's sharp cards counted as already-taken defence trick points; the
  defence marriages are those of either defender.
* seven / seven-against / two-sevens: a required seven must be the winning
  card of its trick (last trick; last-but-one for the side seven); it appearing
  in any other trick fails the goal.  A trick containing the seven but won by
  another card fails too.
* The value G and the game component of seven-against/hundred-against are the
  actor's hra (actor maximising), as for every contract with trumps.
"""

from __future__ import annotations

import operator

TRUMP_ORDER = "789UOKXA"      # hra, sedma, sto, dvě sedmy
NOTRUMP_ORDER = "789XUOKA"    # betl, durch
SUITS = "hbla"
RANKS = "789XUOKA"
ALL_CARDS = frozenset(s + r for s in SUITS for r in RANKS)
NO_TRUMP_CONTRACTS = ("betl", "durch", "open-betl", "open-durch")  # open ones: the same open-handed
CONTRACTS = ("game", "seven", "hundred", "hundred-seven", "betl", "durch", "open-betl", "open-durch",
             "two-sevens", "two-sevens-hundred", "seven-against", "hundred-against")


_RANK = {False: {r: i for i, r in enumerate(TRUMP_ORDER)},
         True: {r: i for i, r in enumerate(NOTRUMP_ORDER)}}


def _rank(card: str, notrump_order: bool) -> int:
    return _RANK[notrump_order][card[1]]


def _sharp(card: str) -> int:
    """Card points in units of 10: aces and tens are 1."""
    return 1 if card[1] in "AX" else 0


def legal_cards(hand, trick, trump, notrump_order, announced):
    """Legal cards per docs/rules.md §3 and the announced-card restriction."""
    hand = list(hand)
    if not trick:
        legal = hand
    else:
        led = trick[0][0]
        follow = [c for c in hand if c[0] == led]
        trick_trumps = [c for c in trick if c[0] == trump]
        my_trumps = [c for c in hand if c[0] == trump]
        if follow:
            if led != trump and trick_trumps:
                legal = follow                      # trumped: any card of the led suit
            else:
                top = max(_rank(c, notrump_order) for c in trick if c[0] == led)
                higher = [c for c in follow if _rank(c, notrump_order) > top]
                legal = higher or follow            # must beat, even over a partner
        elif trump is not None and my_trumps:
            if trick_trumps:
                top = max(_rank(c, notrump_order) for c in trick_trumps)
                higher = [c for c in my_trumps if _rank(c, notrump_order) > top]
                legal = higher or my_trumps         # over-trump when able
            else:
                legal = my_trumps                   # must trump
        else:
            legal = hand
    others = [c for c in legal if c not in announced]
    return sorted(others or legal)


def trick_winner(trick, trump, notrump_order):
    """Index (0..2) within the trick of the winning card."""
    trumps = [i for i, c in enumerate(trick) if c[0] == trump]
    candidates = trumps or [i for i, c in enumerate(trick) if c[0] == trick[0][0]]
    return max(candidates, key=lambda i: _rank(trick[i], notrump_order))


# --------------------------------------------------------------------------
# The generic minimax.
#
# A goal says how its value accumulates along a play (who maximises is passed
# separately: the seats in `maximisers`):
#   start            -> initial extra state x
#   on_card(x, seat, card, hand_before)          -> (reward, x')
#   on_trick(x, trick, winner_seat, tricks_left) -> (reward, x', final)
#       tricks_left counts this trick (1 = the last trick); final is None or
#       the value of the rest of the play (the play stops there)
#   end(x)           -> value when all cards are played
# Values and rewards are tuples of ints, added componentwise and compared
# lexicographically.

def _add(a, b):
    return tuple(map(operator.add, a, b))


def _minimax(goal, hands, trick, leader, trump, notrump_order, announced, maximisers):
    memo = {}

    def value(hands, trick, leader, x):
        # memoised at trick starts only (trick == (), so it is left out of the key): a
        # mid-trick state is reached from a single trick start, so it never repeats
        key = (hands, leader, x)
        if not trick and key in memo:
            return memo[key]
        mover = (leader + len(trick)) % 3
        hand = hands[mover]
        tricks_left = len(hand)
        if tricks_left == 0:
            assert not trick and not any(hands)
            result = goal.end(x)
        else:
            outcomes = []
            for card in legal_cards(hand, list(trick), trump, notrump_order, announced):
                reward, x2 = goal.on_card(x, mover, card, hand)
                new_hands = tuple(h - {card} if s == mover else h for s, h in enumerate(hands))
                new_trick = trick + (card,)
                if len(new_trick) < 3:
                    rest = value(new_hands, new_trick, leader, x2)
                else:
                    winner = (leader + trick_winner(new_trick, trump, notrump_order)) % 3
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
    """(G, actor trick points); G adds half of over-first marriages (actor +, defence -)."""

    def __init__(self, actor, trump, over_first):
        self.actor, self.trump, self.over_first = actor, trump, over_first
        self.start = None

    def on_card(self, x, seat, card, hand):
        if self.over_first and card[1] == "O" and card[0] + "K" in hand:
            half = 2 if card[0] == self.trump else 1
            return ((half if seat == self.actor else -half), 0), x
        return (0, 0), x

    def on_trick(self, x, trick, winner, tricks_left):
        pts = sum(_sharp(c) for c in trick) + (1 if tricks_left == 1 else 0)
        return ((pts, pts) if winner == self.actor else (0, 0)), x, None

    def end(self, x):
        return (0, 0)


class _Hundred:
    """Trick points of side `side` + its best ONE marriage (x = best so far, in units)."""

    def __init__(self, side_seats, trump, over_first, best_before):
        self.side, self.trump, self.over_first = side_seats, trump, over_first
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


class _Sevens:
    """required: {card: k}: card must be the winning card of the trick played with k tricks left."""

    def __init__(self, required, trump):
        self.required, self.trump = required, trump
        self.start = None

    def on_card(self, x, seat, card, hand):
        return (0,), x

    def on_trick(self, x, trick, winner, tricks_left):
        win_card = trick[trick_winner(trick, self.trump, False)]
        for card, k in self.required.items():
            if k == tricks_left and win_card != card:
                return (0,), x, (0,)
            if k != tricks_left and card in trick:
                return (0,), x, (0,)
        return (0,), x, None

    def end(self, x):
        return (1,)


class _BetlDurch:
    def __init__(self, actor, durch):
        self.actor, self.durch = actor, durch
        self.start = None

    def on_card(self, x, seat, card, hand):
        return (0,), x

    def on_trick(self, x, trick, winner, tricks_left):
        if (winner == self.actor) != self.durch:
            return (0,), x, (0,)
        return (0,), x, None

    def end(self, x):
        return (1,)


# --------------------------------------------------------------------------

def _cards(text):
    if text is None:
        return []
    if isinstance(text, str):
        return text.split()
    return list(text)


def _suits(value):
    if not value:
        return []
    return [s for s in "".join(value) if s in SUITS]


def reference_solve(position: dict) -> dict:
    """Open-hand result of `position` (docs/semantics.md); see the module docstring."""
    contract = position["contract"]
    assert contract in CONTRACTS, contract
    trump = position.get("trump")
    notrump = contract in NO_TRUMP_CONTRACTS
    assert (trump is None) == notrump, (contract, trump)
    actor = position["actor"]
    assert actor in (0, 1, 2)
    rules = position.get("rules", "csm")
    assert rules in ("csm", "basic", "licit")
    leader = position.get("leader")
    if leader is None:
        leader = actor if (rules == "basic" or notrump) else 0
    rule = position.get("marriage_rule", "czech")
    assert rule in ("czech", "over-first")
    over_first = rule == "over-first"

    hands = tuple(frozenset(_cards(h)) for h in position["hands"])
    trick = tuple(position.get("trick") or ())
    talon = _cards(position.get("talon"))
    score = position.get("score") or {}
    score_a, score_d = score.get("actor", 0), score.get("defence", 0)
    declared = position.get("marriages") or {}

    # basic consistency
    assert len(hands) == 3 and len(trick) < 3
    everything = [c for h in position["hands"] for c in _cards(h)] + list(trick) + talon
    assert len(everything) == len(set(everything)) and set(everything) <= ALL_CARDS, everything
    played = {(leader + i) % 3 for i in range(len(trick))}
    sizes = {len(hands[s]) + (1 if s in played else 0) for s in range(3)}
    assert len(sizes) == 1 and 1 <= sizes.pop() <= 10, "hand sizes disagree with the trick"

    defenders = frozenset(s for s in range(3) if s != actor)
    owner = {c: s for s in range(3) for c in hands[s]}
    owner.update({c: (leader + i) % 3 for i, c in enumerate(trick)})
    tricks_left = len(hands[(leader + len(trick)) % 3])

    def mval(suit):  # marriage value in units
        return 4 if suit == trump else 2

    # announced cards and the seven goals
    seven_req = {}
    if contract in ("seven", "hundred-seven", "two-sevens", "two-sevens-hundred"):
        seven_req[trump + "7"] = 1
        assert owner.get(trump + "7") == actor, "the actor lacks the trump seven"
    if contract in ("two-sevens", "two-sevens-hundred"):
        side = position["side_suit"]
        assert side in SUITS and side != trump
        seven_req[side + "7"] = 2
        assert owner.get(side + "7") == actor, "the actor lacks the side seven"
    if contract == "seven-against":
        seven_req[trump + "7"] = 1
        assert owner.get(trump + "7") in defenders, "no defender holds the trump seven"
    assert tricks_left >= max(seven_req.values(), default=0)
    announced = frozenset(seven_req)

    def solve(goal, maximisers):
        return _minimax(goal, hands, trick, leader, trump, notrump, announced, frozenset(maximisers))

    if notrump:
        ok = solve(_BetlDurch(actor, contract.endswith("durch")), {actor})[0] == 1
        return {"makes": ok, "actor_points": None, "defence_points": None,
                "value": None, "components": {}}

    # hra: G and the game's makes
    R = sum(_sharp(c) for c in list(trick) + [c for h in hands for c in h]) + 1
    talon_sharp = sum(_sharp(c) for c in talon)
    if over_first:
        fixed = [0, 0, 0]
    else:
        fixed = [sum(mval(s) for s in SUITS if {s + "K", s + "O"} <= hands[p]) for p in range(3)]
    fixed_a = fixed[actor]
    fixed_d = sum(fixed[p] for p in defenders)
    G, trick_a = solve(_Hra(actor, trump, over_first), {actor})
    game = score_a + 10 * fixed_a - score_d - 10 * fixed_d - 10 * talon_sharp + 10 * (2 * G - R) > 0

    def hundred(side_seats, side_score, side_declared, extra):
        taken = side_score - 10 * sum(mval(s) for s in side_declared) + extra
        best = max([mval(s) for s in side_declared] + [0])
        if not over_first:
            best = max([best] + [mval(s) for p in side_seats for s in SUITS
                                 if {s + "K", s + "O"} <= hands[p]])
        v = solve(_Hundred(frozenset(side_seats), trump, over_first, best), side_seats)[0]
        return taken + 10 * v >= 100

    # the contract's own goal(s), and the components it reports (docs/semantics.md)
    parts = {"game": ("game",), "seven": ("seven",), "hundred": ("hundred",),
             "hundred-seven": ("hundred", "seven"), "two-sevens": ("two-sevens",),
             "two-sevens-hundred": ("two-sevens", "hundred"),
             "seven-against": ("seven-against",), "hundred-against": ("hundred-against",)}[contract]
    reported = {"hundred-seven": ("hundred", "seven"), "two-sevens-hundred": ("two-sevens", "hundred"),
                "seven": ("seven", "game"), "seven-against": ("seven-against", "game"),
                "hundred-against": ("hundred-against", "game")}.get(contract, ())
    goals = {}
    for name in set(parts) | set(reported):
        if name == "game":
            goals[name] = game
        elif name in ("seven", "two-sevens"):
            goals[name] = solve(_Sevens(seven_req, trump), {actor})[0] == 1
        elif name == "seven-against":
            goals[name] = solve(_Sevens(seven_req, trump), defenders)[0] == 1
        elif name == "hundred":
            goals[name] = hundred({actor}, score_a, _suits(declared.get("actor")), 0)
        elif name == "hundred-against":
            goals[name] = hundred(defenders, score_d, _suits(declared.get("defence")),
                                  10 * talon_sharp)
    actor_points = 10 * trick_a
    return {"makes": all(goals[p] for p in parts),
            "actor_points": actor_points,
            "defence_points": 10 * R - actor_points,
            "value": G,
            "components": {name: goals[name] for name in reported}}
