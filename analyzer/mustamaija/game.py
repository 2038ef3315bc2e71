"""One deal played out: shuffle, deal, the first attack, the trump turned, play to the end.

With ``check_endings`` a game, once its talon is empty, asks the solver at every
decision whether the hint player's move (and each seed hint it applies) keeps the
mover's best outcome: that he can still avoid losing whatever the others do (two
players: that he does not lose with best play; three or more: everyone against him,
endless play a draw). The C solver settles the ending's whole graph once, within
``ending_time`` seconds for the ending (see :class:`_EndingCheck`); without it, two
players are searched in Python at each decision within that time. The decisions not checked are counted (``unchecked_decisions``; ``unsolved_endings``:
the endings with any).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from analyzer.mustamaija.cards import QUEEN_OF_SPADES, SPADES
from analyzer.mustamaija.players import hint_labels, hint_move, random_move
from analyzer.mustamaija.rules import (
    Rules,
    State,
    defender,
    legal_moves,
    loser,
    mover,
    play,
)
from analyzer.mustamaija.solver import GaveUp, Solver

HINTS = ("hint-move", "lowest-first", "trump-last", "maria-pass")
MAX_ATTACKS = 2000


@dataclass
class GameRecord:
    loser: int | None  # None: not over after MAX_ATTACKS attacks (cards circling)
    attacks: int
    endgame_attacks: int
    trump: int
    checks: dict[str, list[int]] = field(default_factory=dict)  # hint -> [applies, optimal, matters, optimal&matters]
    unsolved_endings: int = 0  # 1: some decision of the ending was not checked
    unchecked_decisions: int = 0


def deal(rng: random.Random, players: int, hand_size: int = 5) -> tuple[tuple[int, ...], list[int]]:
    pack = list(range(52))
    rng.shuffle(pack)
    hands = tuple(sum(1 << c for c in pack[i * hand_size:(i + 1) * hand_size]) for i in range(players))
    return hands, pack[players * hand_size:]


def turn_trump(talon: list[int]) -> tuple[int, list[int]]:
    """The top card is turned; a spade goes back into the middle and the next is turned; the
    turned card goes under the talon (drawn last)."""
    talon = list(talon)
    while talon[0] // 13 == SPADES:
        card = talon.pop(0)
        talon.insert(len(talon) // 2, card)
    card = talon.pop(0)
    return card // 13, talon + [card]


def play_game(rng: random.Random, kinds: tuple[str, ...], hand_size: int = 5, check_endings: bool = False,
              ending_time: float = 1.0) -> GameRecord:
    players = len(kinds)
    hands, talon = deal(rng, players, hand_size)
    watched = [0] * players  # per seat: the cards the player to his right (who attacks him) picked up
    first = (hands, tuple(talon), 0, 0)
    blind = Rules(-1, hand_size, QUEEN_OF_SPADES)  # the trump is turned only after the first attack
    move = random_move(blind, first, rng) if kinds[0] == "random" else hint_move(blind, first)
    trump, talon = turn_trump(talon)
    rules = Rules(trump, hand_size, QUEEN_OF_SPADES)
    state: State = play(rules, (hands, tuple(talon), 0, 0), move)
    attacks, endgame = 1, 0
    record = GameRecord(loser=None, attacks=0, endgame_attacks=0, trump=trump)
    checker = _EndingCheck(rules, players, ending_time) if check_endings else None
    while state[2] >= 0 and attacks < MAX_ATTACKS:
        seat = mover(state)
        hint = hint_move(rules, state, watched[seat])
        move = hint if kinds[seat] == "hint" else random_move(rules, state, rng)
        if checker is not None and not state[1]:
            checker.decision(state, hint, record)
        if state[3]:
            taken = state[3] & ~move[0]
            if taken:
                watched[(defender(state) + 1) % players] |= taken
        else:
            attacks += 1
            endgame += not state[1]
        state = play(rules, state, move)
    record.loser = loser(state)
    record.attacks = attacks
    record.endgame_attacks = endgame
    if checker is not None and checker.unchecked:
        record.unsolved_endings = 1
        record.unchecked_decisions = checker.unchecked
    return record


class _EndingCheck:
    """The solver's answers over one ending, within ``ending_time`` seconds for the ending.

    C: the graph of the ending is settled once and answers every later decision; an attempt
    that gives up is made again at a later decision (cards leave the game, the graph
    shrinks), each attempt given a quarter of the time at most, until the time is spent.
    Python (two players, no C extension): a search at each decision, within the time; once
    it gives up, the rest of the ending is not checked. The decisions not checked are
    counted (``unchecked``)."""

    def __init__(self, rules: Rules, players: int, ending_time: float) -> None:
        self.solver: Solver | None = Solver(rules, time_limit=ending_time)
        if self.solver.engine == "python" and players > 2:
            self.solver = None  # pure Python cannot settle these graphs within a study's time
        self.time = ending_time
        self.left = ending_time
        self.graph: Any = None
        self.unchecked = 0

    def decision(self, state: State, hint: tuple[int, int], record: GameRecord) -> None:
        solver = self.solver
        if solver is None:
            self.unchecked += 1
            return
        if solver.engine == "c" and self.graph is None and self.left > 0:
            started = time.perf_counter()
            solver.time_limit = max(min(self.left, self.time / 4), 1e-4)
            try:
                solver._start()
                self.graph = solver.settle(state)
            except GaveUp:
                pass
            self.left -= time.perf_counter() - started
        if solver.engine == "c" and self.graph is None or not _check(solver, self.graph, state, hint, record):
            self.unchecked += 1
            if solver.engine == "python":
                self.solver = None


def _check(solver: Solver, ending: Any, state: State, hint: tuple[int, int], record: GameRecord) -> bool:
    """Whether the hint's move keeps the mover's best outcome (``ending``: the settled graph, or
    None for the Python search); False when the solver gives up."""
    rules = solver.rules
    me = mover(state)
    moves = legal_moves(rules, state)
    if ending is not None:
        values = {m: ending.safe(me, ending.index(play(rules, state, m))) for m in moves}
    else:
        try:
            solver._start()
            values = {m: solver.loser2(play(rules, state, m)) != me for m in moves}
        except GaveUp:
            return False
    best = any(values.values())
    matters = best and not all(values.values())
    ok = values[hint] == best
    for label in ["hint-move", *hint_labels(rules, state, hint)]:
        row = record.checks.setdefault(label, [0, 0, 0, 0])
        row[0] += 1
        row[1] += ok
        row[2] += matters
        row[3] += ok and matters
    return True
