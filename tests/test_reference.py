"""Known-answer tests for the reference solver (tests/reference.py) itself.

Every position is small enough to be solved by hand; the reasoning is in the
comments.  Trump rank order: 7 8 9 U O K X A; betl/durch: 7 8 9 X U O K A.
Seats play clockwise 0 -> 1 -> 2 -> 0.  Points below are in units of 10.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reference import ALL_CARDS, legal_cards, reference_solve, trick_winner

NONE = frozenset()


def H(text):
    return frozenset(text.split())


def solve(hands, trump, contract, actor, **extra):
    return reference_solve(dict(hands=hands, trump=trump, contract=contract, actor=actor, **extra))


# ---------------------------------------------------------------- legal cards

def test_must_follow_and_beat():
    # hA beats h8; h7 does not; bX is not of the led suit
    assert legal_cards(H("hA h7 bX"), ["h8"], "l", False, NONE) == ["hA"]
    # nothing beats hK except X/A: any heart, still no bX
    assert legal_cards(H("h7 h9 bX"), ["hK"], "l", False, NONE) == ["h7", "h9"]
    # beat the highest card of the led suit so far, not the first one
    assert legal_cards(H("bO bA"), ["b9", "bK"], "h", False, NONE) == ["bA"]
    # led suit is trumps: must beat too
    assert legal_cards(H("hK h7 bA"), ["hO"], "h", False, NONE) == ["hK"]


def test_must_beat_even_over_partner_legal():
    # defender's partner led bK; the other defender must still beat it with bA
    assert legal_cards(H("bA b7"), ["bK"], "h", False, NONE) == ["bA"]


def test_must_beat_over_partner_solve():
    # Actor 0, trump h.  Seat 1 (defender) has led bK; seat 2 (defender) holds bA b7 and
    # must beat his partner: bA.  Actor (void in b) must trump with h8 and wins bA: 1.
    # Trick 2: actor leads l7, seat 1 lA wins, seat 2 b7: defence lA + last = 2.
    # Without must-beat, seat 2 would keep bA and the actor would get 0.
    r = solve(["h8 l7", "lA", "bA b7"], "h", "game", 0, leader=1, trick=["bK"])
    assert (r["value"], r["actor_points"], r["defence_points"]) == (1, 10, 20)
    assert r["makes"] is False and r["components"] == {}


def test_must_trump_and_over_trump_legal():
    assert legal_cards(H("h8 hU lA"), ["bA"], "h", False, NONE) == ["h8", "hU"]   # must trump
    assert legal_cards(H("h8 hU lA"), ["bA", "h9"], "h", False, NONE) == ["hU"]   # over-trump
    assert legal_cards(H("h8 lA"), ["bA", "h9"], "h", False, NONE) == ["h8"]      # cannot: any trump
    assert legal_cards(H("l7 lA"), ["bA"], "h", False, NONE) == ["l7", "lA"]      # no b, no trump


def test_must_trump_solve():
    # Actor 2, trump h.  Seat 1 leads b8 or b9; actor is void in b and must trump with hX;
    # seat 0 (void in b) must over-trump with hA: defence hX + hA = 2.  Trick 2: seat 0
    # leads lA, seat 1 b9, actor l7: defence lA + last = 2.  Actor 0 of R = 4.
    # (Were the actor allowed to discard l7, he would later trump lA: 3.)
    r = solve(["hA lA", "b8 b9", "hX l7"], "h", "game", 2, leader=1)
    assert (r["value"], r["actor_points"], r["defence_points"], r["makes"]) == (0, 0, 40, False)


def test_trumped_trick_any_card_of_led_suit():
    assert legal_cards(H("bA b8"), ["bK"], "h", False, NONE) == ["bA"]
    assert legal_cards(H("bA b8"), ["bK", "h7"], "h", False, NONE) == ["b8", "bA"]
    # Actor 2, trump h.  Seat 1 has led bK; actor must trump with h7; seat 0 may then
    # keep bA (trick trumped) and plays b8: actor 0.  Trick 2: actor leads l7, seat 0
    # discards bA, seat 1 lA wins: defence 3.  (Must-beat would force bA: actor 1.)
    r = solve(["bA b8", "lA", "h7 l7"], "h", "game", 2, leader=1, trick=["bK"])
    assert (r["value"], r["actor_points"], r["defence_points"]) == (0, 0, 30)


def test_trick_winner():
    assert trick_winner(["b7", "bA", "b9"], "h", False) == 1
    assert trick_winner(["b7", "bA", "h7"], "h", False) == 2     # trump beats all
    assert trick_winner(["b7", "h8", "h9"], "h", False) == 2     # highest trump
    assert trick_winner(["b7", "lA", "aA"], "h", False) == 0     # off-suit cards never win
    assert trick_winner(["bX", "bU", "b9"], "h", False) == 0     # trump order: X > U
    assert trick_winner(["bX", "bU", "b9"], None, True) == 1     # betl order: U > X
    assert trick_winner(["bK", "bX", "b9"], None, True) == 0     # betl order: K > X


# ---------------------------------------------------------------- announced sevens

def test_announced_seven_legal():
    A = frozenset({"h7"})
    assert legal_cards(H("h7 hA b8"), [], "h", False, A) == ["b8", "hA"]    # held back on lead
    assert legal_cards(H("h7 h8"), ["hA"], "h", False, A) == ["h8"]         # held back following
    assert legal_cards(H("h7 b8"), ["lA"], "h", False, A) == ["h7"]         # forced: must trump
    assert legal_cards(H("h7"), ["lA"], "h", False, A) == ["h7"]
    # both announced sevens and nothing else: both stay legal
    B = frozenset({"h7", "b7"})
    assert legal_cards(H("h7 b7"), [], "h", False, B) == ["b7", "h7"]


def test_seven_forced_out_early_fails():
    # Actor 0 {h7 lA}, trump h, seat 1 leads.  If seat 1 leads bA, seat 2 follows b8 and the
    # actor (void in b) must trump with his only trump h7 in trick 1 of 2: the seven fails.
    # (Leading l8 instead would let the actor win lA, then h7 the last trick.)  Points: the
    # actor takes bA, then lA + last: 3 = R either way, so the game makes.
    r = solve(["h7 lA", "bA l8", "b8 l9"], "h", "seven", 0, leader=1)
    assert r["makes"] is False
    assert r["components"] == {"seven": False, "game": True}
    assert (r["value"], r["actor_points"], r["defence_points"]) == (3, 30, 0)


def test_seven_held_back_costs_points():
    # Actor 0 {h7 lO}, leads; seat 1 {h8 l7}; seat 2 {bK aK}.
    # seven: h7 may not be led, so lO (wins, 0 points); then h7 loses to h8 in the last
    # trick: seven fails and the defence gets the last trick: G = 0, game fails.
    # plain game: lead h7 (seat 1 wins with h8), then lO wins the last trick: G = 1.
    r = solve(["h7 lO", "h8 l7", "bK aK"], "h", "seven", 0, leader=0)
    assert r["components"] == {"seven": False, "game": False}
    assert (r["value"], r["actor_points"], r["defence_points"]) == (0, 0, 10)
    g = solve(["h7 lO", "h8 l7", "bK aK"], "h", "game", 0, leader=0)
    assert (g["value"], g["makes"], g["components"]) == (1, True, {})


def test_seven_makes():
    # Actor 0 {h7 bA} must lead bA (seat 1 b8, seat 2 b9), then h7 wins the last trick
    # against two discards.  Actor takes everything: bA + last = 2.
    r = solve(["h7 bA", "b8 l8", "b9 lA"], "h", "seven", 0, leader=0)
    assert r["makes"] is True and r["components"] == {"seven": True, "game": True}
    assert r["value"] == 3 and r["actor_points"] == 30   # bA, lA, last


def test_seven_against():
    # Seat 1 (defender) holds the announced h7.  Actor 0 leads lA: seat 1, void in l, must
    # trump with h7 in trick 1 of 2: the seven against fails.  Hra: lead lA (defence wins it
    # with h7: 1), then bA + last for the actor: G = 2; leading bA first gives only 1.
    r = solve(["bA lA", "h7 b8", "b9 l8"], "h", "seven-against", 0, leader=0)
    assert r["makes"] is False
    assert r["components"] == {"seven-against": False, "game": True}
    assert r["value"] == 2
    # Here seat 1 can always keep h7 for the last trick (he holds b8 for the first) and
    # trump the actor's last b card with it.
    r = solve(["bA b9", "h7 b8", "l7 l8"], "h", "seven-against", 0, leader=0)
    assert r["makes"] is True and r["components"]["seven-against"] is True


def test_two_sevens():
    # Actor 0 {b7 h7} (both announced, so both legal), trump h, side b.  Defenders have no
    # b and no trumps: b7 wins the last-but-one trick, h7 the last.
    r = solve(["b7 h7", "l8 lA", "a9 aX"], "h", "two-sevens", 0, leader=0, side_suit="b")
    assert r["makes"] is True and r["components"] == {}
    assert r["value"] == 3          # lA, aX discarded to him + last
    # Seat 2 holds b8 and must beat b7: the side seven fails.
    r = solve(["b7 h7", "l8 lA", "b8 aX"], "h", "two-sevens", 0, leader=0, side_suit="b")
    assert r["makes"] is False
    # Leading h7 first and b7 last is legal but wrong order: only b7 first can make.  With
    # seat 1 to lead l8, the actor (void in l, trump h7) must trump: h7 forced out early.
    r = solve(["b7 h7", "l8 lA", "a9 aX"], "h", "two-sevens", 0, leader=1, side_suit="b")
    assert r["makes"] is False
    # two-sevens-hundred reports both parts
    r = solve(["b7 h7", "l8 lA", "a9 aX"], "h", "two-sevens-hundred", 0, leader=0, side_suit="b",
              score={"actor": 70, "defence": 0})
    assert r["components"] == {"two-sevens": True, "hundred": True}      # 70 + 30 >= 100
    assert r["makes"] is True
    r = solve(["b7 h7", "l8 lA", "a9 aX"], "h", "two-sevens-hundred", 0, leader=0, side_suit="b",
              score={"actor": 60, "defence": 0})
    assert r["components"] == {"two-sevens": True, "hundred": False}     # 60 + 30 < 100
    assert r["makes"] is False


# ---------------------------------------------------------------- betl and durch

def test_betl_rank_order_and_default_leader():
    # betl: the actor (0) leads by default.  He leads bX; seat 1 must beat with bU (U > X in
    # betl); seat 2 plays b7.  Seat 1 leads l8, seat 2 must beat with lA, actor l7.
    # The actor takes no trick.  Under the trump order bX would win trick 1.
    r = solve(["bX l7", "bU l8", "b7 lA"], None, "betl", 0)
    assert r == {"makes": True, "actor_points": None, "defence_points": None,
                 "value": None, "components": {}}
    # Same cards as durch: fails (he loses the first trick).
    assert solve(["bX l7", "bU l8", "b7 lA"], None, "durch", 0)["makes"] is False
    # Default leader for betl is the actor even when he is not forehand.  Actor 1
    # {lA b7} leads b7: seat 2 must beat it (bU or bA) and wins; seat 0 b9.  Seat 2
    # leads his other b card, seat 0 l9, actor lA: the actor takes nothing: makes.
    r = solve(["l9 b9", "lA b7", "bU bA"], None, "betl", 1)
    assert r["makes"] is True
    # Forehand leading instead: seat 0 leads l9, the actor must beat it with lA and,
    # seat 2 being void in l, wins the trick: fails.
    assert solve(["l9 b9", "lA b7", "bU bA"], None, "betl", 1, leader=0)["makes"] is False


def test_betl_must_beat_loses():
    # Actor 1 {b9 bK}; seat 0 leads b8 (or b7); the actor must beat it: b9 or bK.
    # If he plays b9, seat 2 {bA bX} must beat it, plays bA and leads bX: the actor's bK
    # must beat X (X < K in betl) and wins: fails.  So he plays bK at once: seat 2 must
    # beat it with bA, then leads bX; the actor's b9 stays under it: makes.
    r = solve(["b8 b7", "b9 bK", "bA bX"], None, "betl", 1, leader=0)
    assert r["makes"] is True
    # Seat 2 = {bX l7}: the actor ducks with b9 under bX (bK would win, X < K); seat 2
    # leads l7 and the actor discards bK: makes.
    # Seat 2 = {bX bU}: both are below K and above 9.  Actor bK wins trick 1 at once;
    # actor b9 lets seat 2 win and lead the other one, which bK must then beat: fails.
    assert solve(["b8 b7", "b9 bK", "bX l7"], None, "betl", 1, leader=0)["makes"] is True
    assert solve(["b8 b7", "b9 bK", "bX bU"], None, "betl", 1, leader=0)["makes"] is False


def test_durch():
    # actor leads both aces: takes every trick
    assert solve(["bA lA", "b7 l7", "b8 l8"], None, "durch", 0)["makes"] is True
    # in durch order the K loses to the A only: bK wins against bX and bU
    assert solve(["bK lA", "bX l7", "bU l8"], None, "durch", 0)["makes"] is True
    assert solve(["bK lA", "bA l7", "bU l8"], None, "durch", 0)["makes"] is False


# ---------------------------------------------------------------- points

def test_last_trick_bonus_and_default_leader():
    # One trick, no sharp cards: the trick is worth the last-trick 10 only.  Default leader
    # (csm, game) is forehand: b7, b8 (seat 1 wins), seat 2 discards l9.
    r = solve(["b7", "b8", "l9"], "h", "game", 1)
    assert (r["value"], r["actor_points"], r["defence_points"], r["makes"]) == (1, 10, 0, True)
    r = solve(["b7", "b8", "l9"], "h", "game", 2)
    assert (r["value"], r["actor_points"], r["defence_points"], r["makes"]) == (0, 0, 10, False)
    # basic rules: the actor leads by default: seat 2 leads l9 and wins it.
    r = solve(["b7", "b8", "l9"], "h", "game", 2, rules="basic")
    assert (r["value"], r["actor_points"]) == (1, 10)


def test_cards_in_current_trick_count():
    # Seat 0 has led bA, seat 1 (actor) trumps with h7, seat 2 plays b8: actor wins bA +
    # last: R = 2, all his.
    r = solve(["", "", "b8"], "h", "game", 1, leader=0, trick=["bA", "h7"])
    assert (r["value"], r["actor_points"], r["defence_points"]) == (2, 20, 0)


def test_talon_sharp_cards_count_for_defence():
    # Actor 1 wins the only trick: bA + last = 20.  Talon aX (10) for the defence: 20 > 10.
    pos = {"hands": ["b7", "bA", "l8"], "trump": "h", "contract": "game", "actor": 1, "leader": 0}
    assert reference_solve(dict(pos, talon="aX l9"))["makes"] is True
    # talon aX hA (20): 20 > 20 is false
    r = reference_solve(dict(pos, talon="aX hA l9"))
    assert r["makes"] is False and r["actor_points"] == 20 and r["defence_points"] == 0
    # and the score already taken counts
    assert reference_solve(dict(pos, talon="aX hA", score={"actor": 10, "defence": 0}))["makes"] is True


def test_czech_and_over_first_marriages():
    # Actor 0 {hK hO} (trump marriage, 40), leads; seat 1 {hA b7}; seat 2 {hX b8}.
    # Actor leads hO (or hK); seat 1 must beat: hA; seat 2 hX: defence 2.  Seat 1 leads b7,
    # seat 2 must beat: b8, actor trumps with hK: 0 + last = 1.  R = 3.
    hands = ["hK hO", "hA b7", "hX b8"]
    cz = solve(hands, "h", "game", 0, leader=0)
    # Czech: G = 1; A = 40 + 10 = 50 > D = 20
    assert (cz["value"], cz["actor_points"], cz["defence_points"], cz["makes"]) == (1, 10, 20, True)
    # over-first: the actor leads hO while holding hK and declares: G = 1 + 4/2 = 3,
    # margin 2G - R = 3 > 0.  Trick points unchanged.
    of = solve(hands, "h", "game", 0, leader=0, marriage_rule="over-first")
    assert (of["value"], of["actor_points"], of["defence_points"], of["makes"]) == (3, 10, 20, True)
    # Defence marriage in b (20): actor 0 {hX lA} leads; seat 1 {bK bO}; seat 2 {hA l7}.
    # R = 4 (hX hA lA last).  Actor leads lA (1), then hX is taken by hA with the last
    # trick: 1.  Actor leads hX (lost to hA), seat 2 leads l7, lA wins + last: 2.  G = 2.
    # A = 20, D = 20 + 20 (marriage): fails.  Over-first: seat 1 discards bO while holding
    # bK, so G = 2 - 2/2 = 1; the makes is the same.
    hands = ["hX lA", "bK bO", "hA l7"]
    cz = solve(hands, "h", "game", 0, leader=0)
    of = solve(hands, "h", "game", 0, leader=0, marriage_rule="over-first")
    assert (cz["value"], cz["actor_points"], cz["makes"]) == (2, 20, False)
    assert (of["value"], of["actor_points"], of["makes"]) == (1, 20, False)
    # A marriage already declared (in score) is not counted again: actor 1 wins the only
    # trick (b7, b8, l9: no sharp card, just the last-trick 10): A = 40 + 10.
    r = solve(["b7", "b8", "l9"], "h", "game", 1, score={"actor": 40, "defence": 30},
              marriages={"actor": "h"})
    assert r["makes"] is True                      # 50 > 30
    r = solve(["b7", "b8", "l9"], "h", "game", 1, score={"actor": 40, "defence": 50},
              marriages={"actor": "h"})
    assert r["makes"] is False                     # 50 > 50 fails


def test_hundred_one_marriage_only():
    # Same play as the first Czech case: actor's remaining trick points 1 (10), he holds the
    # trump marriage (40).  Earlier he declared the b marriage (20, in score).
    hands = ["hK hO", "hA b7", "hX b8"]
    # score 60 = 40 trick points + 20 marriage: 40 + 10 + 40 (best one) = 90 < 100
    r = solve(hands, "h", "hundred", 0, leader=0, score={"actor": 60, "defence": 0},
              marriages={"actor": "b"})
    assert r["makes"] is False and r["components"] == {}
    # score 70 = 50 trick points + 20: 50 + 10 + 40 = 100: makes
    r = solve(hands, "h", "hundred", 0, leader=0, score={"actor": 70, "defence": 0},
              marriages={"actor": "b"})
    assert r["makes"] is True
    for rule in ("czech", "over-first"):
        r = solve(hands, "h", "hundred", 0, leader=0, score={"actor": 60, "defence": 0},
                  marriages={"actor": "b"}, marriage_rule=rule)
        assert r["makes"] is False
    # Both marriages already declared (score 100 = 40 tricks + 60 marriages): one counts.
    # The last trick (no sharp cards) is won by the actor: 40 + 10 + 40 = 90.
    r = solve(["b7", "b8", "l9"], "h", "hundred", 1, score={"actor": 100, "defence": 0},
              marriages={"actor": "hb"})
    assert r["makes"] is False
    r = solve(["b7", "bA", "l9"], "h", "hundred", 1, score={"actor": 100, "defence": 0},
              marriages={"actor": "hb"})
    assert r["makes"] is True                      # 40 + 20 + 40 = 100


def test_hundred_over_first_marriage_declared_in_play():
    # Actor 0 {bK bO lA} leads; the defenders hold no b, no l above lA and no trumps, so
    # the actor takes every trick: lA + last = 20.  Under over-first he declares the b
    # marriage (20) by playing bO before bK (in any trick).  60 + 20 + 20 = 100.
    hands = ["bK bO lA", "l7 l8 l9", "a7 a8 a9"]
    for rule in ("czech", "over-first"):
        r = solve(hands, "h", "hundred", 0, leader=0, marriage_rule=rule, score={"actor": 60, "defence": 0})
        assert r["makes"] is True and r["actor_points"] == 20
        r = solve(hands, "h", "hundred", 0, leader=0, marriage_rule=rule, score={"actor": 50, "defence": 0})
        assert r["makes"] is False


def test_hundred_seven():
    # The seven position above (forced out early) with hundred: actor's trick points 3.
    r = solve(["h7 lA", "bA l8", "b8 l9"], "h", "hundred-seven", 0, leader=1,
              score={"actor": 70, "defence": 0})
    assert r["components"] == {"hundred": True, "seven": False} and r["makes"] is False


def test_hundred_against_talon_counts():
    # Actor 0 leads b7, seat 1 wins with bA: defence bA + last = 20.  Talon aA: 10 more.
    pos = {"hands": ["b7", "bA", "l8"], "trump": "h", "contract": "hundred-against", "actor": 0, "leader": 0}
    r = reference_solve(dict(pos, score={"actor": 0, "defence": 70}, talon="aA"))
    assert r["makes"] is True                              # 70 + 10 + 20 = 100
    assert r["components"] == {"hundred-against": True, "game": False}
    assert r["value"] == 0 and r["defence_points"] == 20
    r = reference_solve(dict(pos, score={"actor": 0, "defence": 70}, talon="a9"))
    assert r["makes"] is False                             # 70 + 0 + 20 = 90
    # A defender's marriage (Czech: held in one hand) counts for hundred-against.
    # Seat 1 {bK bO} holds the b marriage (20).  The defence takes bA and the last
    # trick (20) whatever the actor (b7 l7) does: seat 2 {bA l8} wins the b trick with
    # bA and the l trick with l8 (or leads bA in trick 2).
    pos = {"hands": ["b7 l7", "bK bO", "bA l8"], "trump": "h", "contract": "hundred-against",
           "actor": 0, "leader": 0}
    assert reference_solve(dict(pos, score={"actor": 0, "defence": 60}))["makes"] is True   # 60+20+20
    assert reference_solve(dict(pos, score={"actor": 0, "defence": 50}))["makes"] is False  # 50+20+20
    # bK and bO in different defenders' hands: no marriage: 60 + 20 < 100.
    pos["hands"] = ["b7 l7", "bA bO", "bK l8"]
    assert reference_solve(dict(pos, score={"actor": 0, "defence": 60}))["makes"] is False


# ---------------------------------------------------------------- cross-checks
#
# A second, independent formulation: a memo-free minimax over whole plays, where each
# goal is scored from the complete play at the end (no incremental rewards, no memo, no
# early stop).  It shares only legal_cards / trick_winner, which are checked above.

SEVEN_CONTRACTS = ("seven", "hundred-seven", "two-sevens", "two-sevens-hundred", "seven-against")


def _random_position(rng, n):
    """A random position with n tricks left, possibly part-way through the current trick."""
    contract = rng.choice(["game", "seven", "hundred", "hundred-seven", "betl", "durch",
                           "two-sevens", "two-sevens-hundred", "seven-against", "hundred-against"])
    notrump = contract in ("betl", "durch")
    trump = None if notrump else rng.choice("hbla")
    actor = rng.randrange(3)
    hands = [set(), set(), set()]
    announced = set()
    if contract in SEVEN_CONTRACTS:
        holder = actor if contract != "seven-against" else rng.choice([s for s in range(3) if s != actor])
        announced.add(trump + "7")
        if contract.startswith("two-sevens"):
            side = rng.choice([s for s in "hbla" if s != trump])
            announced.add(side + "7")
        if len(announced) > n:
            return _random_position(rng, n)
        hands[holder] |= announced
    rest = sorted(ALL_CARDS - announced)
    rng.shuffle(rest)
    for h in hands:
        while len(h) < n:
            h.add(rest.pop())
    talon = [rest.pop(), rest.pop()]
    leader = rng.randrange(3)
    trick = []
    for i in range(rng.randrange(3)):
        seat = (leader + i) % 3
        card = rng.choice(legal_cards(frozenset(hands[seat]), trick, trump, notrump, frozenset(announced)))
        hands[seat].discard(card)
        trick.append(card)
    pos = {"hands": [" ".join(sorted(h)) for h in hands], "trump": trump, "contract": contract,
           "actor": actor, "leader": leader, "trick": trick, "talon": " ".join(talon),
           "marriage_rule": rng.choice(["czech", "over-first"]),
           "score": {"actor": 10 * rng.randrange(12), "defence": 10 * rng.randrange(8)}}
    if contract.startswith("two-sevens"):
        pos["side_suit"] = side
    return pos, frozenset(announced)


def _whole_play_minimax(pos, announced, score, maximisers):
    """Minimax of score(play) over complete plays; play = [(seat, card, hand before)]."""
    trump, notrump = pos["trump"], pos["contract"] in ("betl", "durch")

    def rec(hands, trick, leader, play):
        mover = (leader + len(trick)) % 3
        if not hands[mover]:
            return score(play)
        values = []
        for card in legal_cards(hands[mover], trick, trump, notrump, announced):
            after = [h - {card} if s == mover else h for s, h in enumerate(hands)]
            if len(trick) == 2:
                winner = (leader + trick_winner(trick + [card], trump, notrump)) % 3
                nxt = (after, [], winner)
            else:
                nxt = (after, trick + [card], leader)
            values.append(rec(*nxt, play + [(mover, card, hands[mover])]))
        return max(values) if mover in maximisers else min(values)

    return rec([frozenset(h.split()) for h in pos["hands"]], list(pos["trick"]), pos["leader"], [])


def _tricks(pos, play):
    """The tricks of the remaining play: (cards, winner seat, tricks left incl. this one)."""
    seq = [((pos["leader"] + i) % 3, c) for i, c in enumerate(pos["trick"])]
    seq += [(seat, card) for seat, card, _ in play]
    notrump = pos["contract"] in ("betl", "durch")
    n = len(seq) // 3
    out = []
    for i in range(n):
        part = seq[3 * i:3 * i + 3]
        w = trick_winner([c for _, c in part], pos["trump"], notrump)
        out.append(([c for _, c in part], part[w][0], n - i))
    return out


def _independent(pos, announced):
    """{goal: value} recomputed from whole plays: 'betl'/'durch'/'game'/'seven'/... -> bool,
    'value' -> G, 'actor_points'."""
    trump, actor, contract = pos["trump"], pos["actor"], pos["contract"]
    over_first = pos["marriage_rule"] == "over-first"
    defence = {0, 1, 2} - {actor}
    hands = [set(h.split()) for h in pos["hands"]]

    def sharp(cards):
        return sum(c[1] in "AX" for c in cards)

    def mval(suit):
        return 4 if suit == trump else 2

    def trick_points(play, side):
        return sum(sharp(cards) + (left == 1) for cards, w, left in _tricks(pos, play) if w in side)

    def declared_in_play(play, side):       # over-first: O played while holding the K
        return [mval(c[0]) for seat, c, before in play
                if over_first and seat in side and c[1] == "O" and c[0] + "K" in before]

    def held(side):                          # Czech: K and O in one hand of the side
        return [] if over_first else [mval(s) for p in side for s in "hbla"
                                      if {s + "K", s + "O"} <= hands[p]]

    if contract in ("betl", "durch"):
        def goal(play):
            return all((w == actor) == (contract == "durch") for _, w, _ in _tricks(pos, play))
        return {contract: _whole_play_minimax(pos, announced, goal, {actor})}

    def hra(play):
        ta = trick_points(play, {actor})
        return (ta + sum(declared_in_play(play, {actor})) // 2
                - sum(declared_in_play(play, defence)) // 2, ta)

    G, ta = _whole_play_minimax(pos, announced, hra, {actor})
    R = 1 + sharp(pos["trick"]) + sum(sharp(h) for h in hands)
    talon = sharp(pos["talon"].split())
    out = {"value": G, "actor_points": 10 * ta,
           "game": pos["score"]["actor"] + 10 * sum(held({actor})) - pos["score"]["defence"]
           - 10 * sum(held(defence)) - 10 * talon + 10 * (2 * G - R) > 0}

    def sevens(play):
        need = {trump + "7": 1}
        if contract.startswith("two-sevens"):
            need[pos["side_suit"] + "7"] = 2
        for cards, _, left in _tricks(pos, play):
            win = cards[trick_winner(cards, trump, False)]
            for card, k in need.items():
                if left == k and win != card:
                    return False
                if left != k and card in cards:
                    return False
        return True

    if contract in ("seven", "hundred-seven"):
        out["seven"] = _whole_play_minimax(pos, announced, sevens, {actor})
    if contract.startswith("two-sevens"):
        out["two-sevens"] = _whole_play_minimax(pos, announced, sevens, {actor})
    if contract == "seven-against":
        out["seven-against"] = _whole_play_minimax(pos, announced, sevens, defence)
    for name, side, taken in (("hundred", {actor}, pos["score"]["actor"]),
                              ("hundred-against", defence, pos["score"]["defence"] + 10 * talon)):
        if contract in (name, name + "-seven", "two-sevens-" + name):   # no marriages declared before
            def goal(play, side=side):
                return trick_points(play, side) + max(held(side) + declared_in_play(play, side) + [0])
            out[name] = taken + 10 * _whole_play_minimax(pos, announced, goal, side) >= 100
    return out


OWN_GOALS = {"game": ["game"], "seven": ["seven"], "hundred": ["hundred"],
             "hundred-seven": ["hundred", "seven"], "two-sevens": ["two-sevens"],
             "two-sevens-hundred": ["two-sevens", "hundred"], "seven-against": ["seven-against"],
             "hundred-against": ["hundred-against"], "betl": ["betl"], "durch": ["durch"]}
COMPONENTS = {"hundred-seven": ["hundred", "seven"], "two-sevens-hundred": ["two-sevens", "hundred"],
              "seven": ["seven", "game"], "seven-against": ["seven-against", "game"],
              "hundred-against": ["hundred-against", "game"]}


def test_agrees_with_memo_free_whole_play_minimax():
    rng = random.Random(20240601)
    seen = set()
    for _ in range(300):
        pos, announced = _random_position(rng, rng.choice([1, 2, 3]))
        got = reference_solve(pos)
        want = _independent(pos, announced)
        contract = pos["contract"]
        assert got["makes"] == all(want[g] for g in OWN_GOALS[contract]), pos
        assert got["components"] == {g: want[g] for g in COMPONENTS.get(contract, [])}, pos
        if contract not in ("betl", "durch"):
            R = 1 + sum(c[1] in "AX" for c in " ".join(pos["hands"]).split() + pos["trick"])
            assert (got["value"], got["actor_points"]) == (want["value"], want["actor_points"]), pos
            assert got["defence_points"] == 10 * R - got["actor_points"]
        seen.add((contract, got["makes"]))
    # the sample exercises every contract, both ways for most of them
    assert {c for c, _ in seen} == set(OWN_GOALS)
    assert len(seen) >= 16


def test_over_first_equals_czech_up_to_the_halves():
    # O and K are adjacent in the trump order and a marriage's K and O are in one hand, so
    # playing the O before the K never costs anything: over-first G = Czech G + (actor's held
    # marriages - defence's held marriages) / 2, with the same makes and actor_points.
    rng = random.Random(7)
    differ = 0
    for _ in range(150):
        pos, _ = _random_position(rng, 3)
        if pos["contract"] in ("betl", "durch"):
            continue
        cz = reference_solve(dict(pos, marriage_rule="czech"))
        of = reference_solve(dict(pos, marriage_rule="over-first"))
        held = [sum(4 if s == pos["trump"] else 2 for s in "hbla" if {s + "K", s + "O"} <= set(h.split()))
                for h in pos["hands"]]
        a = held[pos["actor"]]
        d = sum(held) - a
        assert of["value"] == cz["value"] + a // 2 - d // 2, pos
        assert (of["makes"], of["actor_points"], of["components"]) == \
               (cz["makes"], cz["actor_points"], cz["components"]), pos
        differ += of["value"] != cz["value"]
    assert differ > 0
