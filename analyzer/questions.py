"""The core's questions: what each component of a contract asks of the C core, as the core's
game and state (the one place a Position becomes the core's structures).

Every contract is answered as one or more questions of the form "can this side reach a value
of at least ``target``?" (docs/semantics.md says what each value is); the targets come from
the contract arithmetic of :mod:`analyzer.targets`.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> q = question(pos, "game")
>>> q.name, q.maximiser, q.target
('game', 0, 2)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from analyzer import _core
from analyzer.cards import SHARP_MASK, Card
from analyzer.contract import Contract
from analyzer.rules import Position, seven_of, trick_winner
from analyzer.targets import (
    best_marriage,
    game_target,
    hundred_target,
    remaining_units,
    sure_points,
    trick_points_in_score,
)

# Parts of each contract, each scored (and searched) separately, and what "makes" means.
COMPONENTS: dict[Contract, tuple[str, ...]] = {c: c.components for c in Contract}
OWN_GOAL: dict[Contract, tuple[str, ...]] = {c: c.own_goal for c in Contract}


class CoreGame(NamedTuple):
    """The core's game (``mr_game`` of cext/solver.h), field by field as ``_core`` reads it: what is
    searched, the same for every state of a deal. The one form in which a game crosses into C."""

    trump: int  # the trump suit, -1 without trumps
    notrump: int  # 1: betl and durch's rank order
    actor: int
    maximiser: int  # 0: the actor's side, 1: the defence
    goal: int  # _core.GOAL_POINTS, GOAL_SEVENS, GOAL_BETL, GOAL_DURCH
    marriage: int  # _core.MARR_NONE, MARR_DIFF, MARR_BEST
    sharp: int  # the cards that count 10 points (a mask)
    announced: int  # the cards played only when nothing else is legal (a mask)
    goals: tuple[tuple[int, int], ...]  # (card, trick from the end it must win)
    seats: int
    team: int  # the actor's side, a bit per seat
    free_tricks: int = 0  # tricks at the end the durch goal does not count (the wise one)
    policy: int = _core.POLICY_NONE  # the actor plays this fixed plan instead of his best


class CoreState(NamedTuple):
    """The core's state (``mr_state``): the cards, the trick, the leader, the best marriage so far."""

    hands: tuple[int, ...]  # a card mask a seat
    trick: tuple[int, ...]  # the cards of the trick in play, from its leader on
    leader: int
    best_marriage: int  # over-first hundreds: the best marriage declared, in units


@dataclass(frozen=True)
class Question:
    """One yes/no question for the core: can the maximiser reach ``target``?"""

    name: str
    goal: int
    maximiser: int  # 0: the actor's side, 1: the defence
    target: int
    marriage: int = _core.MARR_NONE
    best_marriage: int = 0
    goals: tuple[tuple[int, int], ...] = ()  # (card, trick from the end it must win)

    def game(self, position: Position, policy: int = _core.POLICY_NONE) -> CoreGame:
        """The core's game for this question of ``position``. ``policy``: the actor plays that fixed
        plan (``_core.POLICY_CASHING``, ``POLICY_BETL``) instead of his best."""
        trump = -1 if position.trump is None else int(position.trump)
        free = position.free_tricks if self.goal == _core.GOAL_DURCH else 0
        return CoreGame(trump, int(position.notrump), position.actor, self.maximiser, self.goal, self.marriage,
                        SHARP_MASK, position.announced.mask, self.goals, position.players, position.team_mask, free,
                        policy)

    def state(self, position: Position) -> CoreState:
        """The core's state of ``position``."""
        return CoreState(tuple(h.mask for h in position.hands), tuple(int(c) for c in position.trick),
                         position.leader, self.best_marriage)


def questions(position: Position) -> dict[str, Question]:
    """The questions that decide each component of the position's contract. Worked out once per
    position (positions do not change) and shared by every caller: read it, never change it.
    (The strict search asks it several times at each of its nodes.)"""
    cached = position.__dict__.get("_questions")
    if cached is None:
        cached = {name: question(position, name) for name in COMPONENTS[position.contract]}
        position.__dict__["_questions"] = cached
    return cached


def question(position: Position, name: str) -> Question:
    """The core's question that decides component ``name`` of the position's contract."""
    trump = position.trump
    over_first = position.marriage_rule == "over-first"
    if name == "game":
        target = game_target(sure_points(position, 0), sure_points(position, 1), remaining_units(position))
        return Question(name, _core.GOAL_POINTS, 0, target, _core.MARR_DIFF if over_first else _core.MARR_NONE)
    if name in ("hundred", "hundred-against"):
        side = 0 if name == "hundred" else 1
        have = trick_points_in_score(position, side) + (position.talon.points if side else 0)
        best = best_marriage(position, side)
        if over_first:
            # The core adds what the play improves on the best marriage so far.
            target = hundred_target(have, 0) - best // 10
            return Question(name, _core.GOAL_POINTS, side, target, _core.MARR_BEST, best // 10)
        return Question(name, _core.GOAL_POINTS, side, hundred_target(have, best))
    if name in ("seven", "seven-against", "two-sevens"):
        wanted = ((seven_of(trump), 1),)
        if name == "two-sevens":
            wanted = ((seven_of(position.side_suit), 2),) + wanted
        maximiser = 1 if name == "seven-against" else 0
        goals = _live_goals(position, wanted)
        if goals is None:  # a seven played in an earlier trick decided it (docs/semantics.md, "Values")
            return Question(name, _core.GOAL_POINTS, maximiser, _NEVER)
        if not goals:
            return Question(name, _core.GOAL_POINTS, maximiser, 0)  # every seven won its trick
        return Question(name, _core.GOAL_SEVENS, maximiser, 1, goals=goals)
    if name in ("betl", "open-betl", "durch", "open-durch"):
        betl = name.endswith("betl")
        won = [(lead + trick_winner(cards, trump, position.notrump)) % position.players in position.team
               for lead, cards in zip(position.trick_leaders(), position.played)]
        if position.free_tricks and not any(position.hands) and not position.trick:
            won = won[:-1]  # durch with the wise one, played out: the last trick only found the partner
        if any(won) if betl else not all(won):  # a trick of the history decided it
            return Question(name, _core.GOAL_POINTS, 0, _NEVER)
        return Question(name, _core.GOAL_BETL if betl else _core.GOAL_DURCH, 0, 1)
    raise AssertionError(name)


_NEVER = 100  # a target in units no play reaches (32 cards hold 8 units and the last trick 1)


def _live_goals(position: Position, wanted: tuple[tuple[Card, int], ...]) -> tuple[tuple[int, int], ...] | None:
    """The sevens' goals still open, as the core's (card, trick from the end) pairs: a seven
    played in a completed trick of the position's history has met its goal (it won the trick
    it had to win) or failed it (None)."""
    open_goals = []
    for card, when in wanted:
        trick = next((k for k, cards in enumerate(position.played) if card in cards), None)
        if trick is None:
            open_goals.append((int(card), when))
            continue
        cards = position.played[trick]
        from_end = position.tricks_left + len(position.played) - trick
        if from_end != when or cards[trick_winner(cards, position.trump, position.notrump)] != card:
            return None
    return tuple(open_goals)


def hra_question(position: Position) -> Question:
    """The point search behind actor_points and the hra value (any contract with trumps)."""
    return question(position, "game")
