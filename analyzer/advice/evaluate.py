"""Solving the options in many worlds at once: one batch call into the C core per layout.

For each layout (the cards the actor keeps, the trump, the announced sevens)
the questions its contracts need are put to the core over every world in one
:func:`analyzer.batch.run_batch` call, with per-world targets where the target
depends on the world (the game's target moves with the marriages the defence
holds). Under the Czech marriage rule the game and the hundred are one search
(the actor's most card points), so with ``exact_points`` one exact search per
world answers both and gives the actor's points as well.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np

from analyzer.advice.options import Option
from analyzer.advice.worlds import marriage_bits, popcount
from analyzer.batch import EXACT, default_threads, kept_threads, run_batch
from analyzer.cards import SHARP_MASK, CardSet
from analyzer.contract import Contract
from analyzer.rules import Position, default_leader
from analyzer.solver import question
from analyzer.targets import game_target as units_to_win_game
from analyzer.targets import hundred_target as units_for_hundred

# A thread's table: 2^18 entries, allocated once per thread for the life of the process
# (_layout_threads), so what it holds serves the next call too (the screening's stages, the
# confirmation, the bidder's talons ask about the same cards). With tables kept, 2^18 took 20 %
# less CPU than 2^16 on the actor's view (2 hands, one thread, same answers: docs/benchmarks.md,
# "Advice at the table"); the 9 % for 2^16 was with a fresh table per call.
TT_LOG2 = 18
CLUSTER_RUN = 2000  # the fewest worlds worth a task of their own on a cluster


@dataclass
class Outcome:
    """One option in each world: each component made or not; the actor's card points (exact only)."""

    made: dict[str, np.ndarray]
    points: np.ndarray | None
    talon_points: np.ndarray
    actor_marriages: np.ndarray
    defence_marriages: np.ndarray
    game_target: np.ndarray | None = None
    hundred_target: np.ndarray | None = None
    answers: dict[str, np.ndarray] | None = None  # every yes/no asked in the layout (the game's too)

    def subset(self, where: Any) -> Outcome:
        """The outcomes of the worlds ``where`` picks (a boolean mask or indices), in their order."""
        def cut(array: np.ndarray | None) -> np.ndarray | None:
            return None if array is None else array[where]

        def cut_all(arrays: dict[str, np.ndarray] | None) -> dict[str, np.ndarray] | None:
            return None if arrays is None else {k: v[where] for k, v in arrays.items()}

        return Outcome(cut_all(self.made), cut(self.points), self.talon_points[where],  # type: ignore[arg-type]
                       self.actor_marriages[where], self.defence_marriages[where], cut(self.game_target),
                       cut(self.hundred_target), cut_all(self.answers))

    @staticmethod
    def join(parts: list[Outcome]) -> Outcome:
        """The outcomes of consecutive runs of worlds, as one (world order kept)."""
        def cat(arrays: list[np.ndarray | None]) -> np.ndarray | None:
            return None if arrays[0] is None else np.concatenate(arrays)  # type: ignore[arg-type]

        def cat_all(dicts: list[dict[str, np.ndarray] | None]) -> dict[str, np.ndarray] | None:
            # the questions every part asked: an option's layout asks more where others share it
            # (a hundred's game beside a seven), and the screening joins its stages' answers
            return None if dicts[0] is None else {k: np.concatenate([d[k] for d in dicts])  # type: ignore[index]
                                                  for k in dicts[0] if all(k in d for d in dicts)}  # type: ignore[operator]

        first = parts[0]
        return Outcome(cat_all([p.made for p in parts]) or {}, cat([p.points for p in parts]),
                       np.concatenate([p.talon_points for p in parts]),
                       np.concatenate([p.actor_marriages for p in parts]),
                       np.concatenate([p.defence_marriages for p in parts]),
                       cat([p.game_target for p in parts]), cat([p.hundred_target for p in parts]),
                       cat_all([p.answers for p in parts]) if first.answers is not None else None)

    @property
    def makes(self) -> np.ndarray:
        return np.logical_and.reduce([self.made[c] for c in _own(self)]) if self.made else np.zeros(0, bool)

    def own_goal(self, contract: Contract) -> np.ndarray:
        return np.logical_and.reduce([self.made[c] for c in contract.own_goal])


def _own(outcome: Outcome) -> list[str]:
    return list(outcome.made)


def marriage_points(bits: np.ndarray, trump: int | None) -> tuple[np.ndarray, np.ndarray]:
    """(sum, best) of the marriages' values: 40 in trumps, 20 otherwise."""
    total = np.zeros(len(bits), np.int64)
    best = np.zeros(len(bits), np.int64)
    for s in range(4):
        value = 40 if s == trump else 20
        held = (bits >> s) & 1
        total += value * held
        best = np.maximum(best, value * held)
    return total, best


def _layouts(options: list[Option]) -> dict[tuple, list[Option]]:
    groups: dict[tuple, list[Option]] = {}
    for option in options:
        groups.setdefault(option.layout, []).append(option)
    return groups


def outcomes(options: list[Option], hands: np.ndarray, actor: int, rules: str, *, twelve: CardSet | None = None,
             talon: np.ndarray | None = None, exact_points: bool = False, jobs: int = 1,
             client: Any = None, then: Callable[[Option, Outcome], None] | None = None) -> dict[Option, Outcome]:
    """Every option in every world. ``hands`` (worlds, 3): with ``twelve`` the actor's column is
    filled per option (his twelve less the discard, the discard being the talon); otherwise the
    actor's hand and the per-world ``talon`` are given. ``client``: a dask.distributed client that
    solves the layouts on its workers instead of ``jobs`` local threads. ``then``: called with
    each option and its outcome once its layout is solved, by one thread at a time while the
    others search (:func:`each_layout`): the caller's Python work, the pricing, beside the searches."""
    groups = list(_layouts(options).values())
    results: dict[Option, Outcome] = {}
    if not groups or not len(hands):
        for option in options:
            empty = np.zeros(0, bool)
            results[option] = Outcome({c: empty for c in option.contract.components},
                                      np.zeros(0, np.int64) if exact_points and option.contract.has_trumps else None,
                                      np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64))
        return results
    if client is not None:
        results = _on_cluster(client, groups, hands, actor, rules, twelve, talon, exact_points)
        for option, out in results.items() if then is not None else ():
            then(option, out)
        return results
    jobs_list: list[Any] = list(groups)
    if twelve is not None:
        # Betl and durch: every discard's layout asks the same questions of the same game (no
        # trumps, no points, nothing announced), so they are one call into the core, a row per
        # (discard, world), where a call per discard spent more in Python than in the search
        # (grouped by the questions they ask, so that no layout is asked a question it does not need)
        merged: dict[tuple[str, ...], list[list[Option]]] = {}
        for g in groups:
            if not g[0].contract.has_trumps:
                merged.setdefault(tuple(sorted({c for o in g for c in o.contract.components})), []).append(g)
        if any(len(m) > 1 for m in merged.values()):
            jobs_list = [g for g in groups if g[0].contract.has_trumps]
            jobs_list += [m if len(m) > 1 else m[0] for m in merged.values()]
    workers, threads_each = sharing(len(jobs_list), jobs, len(hands))

    def run(group: Any) -> dict[Option, Outcome]:
        if isinstance(group[0], list):
            assert twelve is not None
            part = _solve_notrump(group, hands, actor, rules, twelve, threads_each)
        else:
            part = _solve_layout(group, hands, actor, rules, twelve, talon, exact_points, threads_each)
        return part

    def priced(part: dict[Option, Outcome]) -> dict[Option, Outcome]:
        for option, out in part.items():
            then(option, out)  # type: ignore[misc]
        return part

    for part in each_layout(run, jobs_list, workers, None if then is None else priced):
        results.update(part)
    return results


LAYOUTS_A_THREAD = 4  # the threads take whole layouts when each gets this many at least


def sharing(layouts: int, jobs: int, worlds: int) -> tuple[int, int]:
    """How ``jobs`` threads share ``layouts`` of ``worlds`` worlds each: (layouts solved side by
    side, threads within each). Enough layouts are dealt out whole; fewer, of many worlds, are
    solved one after another on every thread (the batch deals each one's worlds out, guided):
    three layouts on two threads had left one idle while the third ran alone (the confirmation's
    three options, a stage's last few)."""
    if jobs <= 1:
        return 1, 1
    if layouts >= LAYOUTS_A_THREAD * jobs or worlds < 32 * jobs:
        return min(jobs, layouts), max(1, jobs // layouts) if layouts < jobs else 1
    return 1, jobs


def _solve_notrump(groups: list[list[Option]], hands_in: np.ndarray, actor: int, rules: str, twelve: CardSet,
                   threads: int) -> dict[Option, Outcome]:
    """The layouts of betl and durch (one per discard) in one call into the core: the worlds of
    each discard stacked, the actor's twelve less that discard in his column, the discard as the
    talon. Every world is solved exactly, so the answers are those of a call per layout
    (``tests/test_advice.py``)."""
    n = len(hands_in)
    stacked = np.concatenate([np.asarray(hands_in, np.uint32)] * len(groups))
    talon = np.empty(len(stacked), np.uint32)
    for g, group in enumerate(groups):
        stacked[g * n:(g + 1) * n, actor] = (twelve - group[0].discard).mask
        talon[g * n:(g + 1) * n] = group[0].discard.mask
    every = [o for group in groups for o in group]
    solved = _solve_layout(every, stacked, actor, rules, None, talon, False, threads)
    return {option: solved[option].subset(slice(g * n, (g + 1) * n))
            for g, group in enumerate(groups) for option in group}


def _layout_threads() -> ThreadPoolExecutor:
    """The threads that solve layouts side by side, started once for the life of the process: each
    keeps its search contexts and their tables (analyzer.batch keeps them per thread), where a pool
    per call had allocated fresh tables for every call (924 of them for one bidder hand)."""
    return kept_threads("advice", max(8, 2 * default_threads()))


def each_layout(run: Any, groups: list[Any], jobs: int, then: Callable[[Any], Any] | None = None) -> list[Any]:
    """``run`` on every group (a layout's work), on up to ``jobs`` of the process's layout threads,
    the answers in the groups' order. ``then``: Python work on each answer (its pricing), whose
    result replaces it: one thread at a time does such work while searches are left (the others
    search on), where each thread pricing what it had solved had now and then left both in Python,
    taking turns with the interpreter's lock, and no search running."""
    if jobs > 1 and len(groups) > 1:
        return _in_parallel(run, groups, min(jobs, len(groups)), then)
    return [run(g) if then is None else then(run(g)) for g in groups]


def _in_parallel(run: Any, groups: list[Any], workers: int, then: Callable[[Any], Any] | None = None) -> list[Any]:
    """``run`` on every group, ``workers`` at a time on the process's layout threads, and ``then`` on
    each answer (see :func:`each_layout`); the answers in the groups' order (every world is solved
    exactly, so which thread took which does not matter)."""
    parts: list[Any] = [None] * len(groups)
    lock = threading.Lock()
    state: dict[str, Any] = {"next": 0, "pricing": False, "solved": []}

    def worker() -> None:
        while True:
            with lock:
                searches_left = state["next"] < len(groups)
                if state["solved"] and (not state["pricing"] or not searches_left):
                    k, pricing = state["solved"].pop(0), True
                    state["pricing"] = True
                elif searches_left:
                    k, pricing = state["next"], False
                    state["next"] = k + 1
                else:
                    return  # what is left is being priced
            if pricing:
                try:
                    parts[k] = then(parts[k])  # type: ignore[misc]
                finally:
                    with lock:
                        state["pricing"] = False
            else:
                parts[k] = run(groups[k])
                if then is not None:
                    with lock:
                        state["solved"].append(k)

    futures = [_layout_threads().submit(worker) for _ in range(workers)]
    wait(futures)
    for future in futures:
        future.result()
    return parts  # type: ignore[return-value]


def _on_cluster(client: Any, groups: list[list[Option]], hands: np.ndarray, actor: int, rules: str,
                twelve: CardSet | None, talon: np.ndarray | None, exact_points: bool) -> dict[Option, Outcome]:
    """Each layout's worlds cut into runs, about two tasks per worker thread in all, so that a
    layout with hard worlds does not hold the whole answer back; every run is exact, so where
    it was solved does not change a figure."""
    threads = max(1, sum(client.nthreads().values()))
    runs = max(1, min(len(hands) // CLUSTER_RUN, -(-2 * threads // len(groups))))
    cuts = np.linspace(0, len(hands), runs + 1).astype(int)
    spans = [(int(a), int(b)) for a, b in pairwise(cuts) if b > a]
    futures = {(g, span): client.submit(_solve_layout, group, hands[span[0]:span[1]], actor, rules, twelve,
                                        None if talon is None else talon[span[0]:span[1]], exact_points, 1,
                                        pure=False)
               for g, group in enumerate(groups) for span in spans}
    answers = dict(zip(futures, client.gather(list(futures.values()))))
    results: dict[Option, Outcome] = {}
    for g, group in enumerate(groups):
        for option in group:
            results[option] = Outcome.join([answers[(g, span)][option] for span in spans])
    return results


def _layout_worlds(first: Option, hands_in: np.ndarray, actor: int, rules: str, twelve: CardSet | None,
                   talon: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, Position]:
    """A layout's worlds as the core takes them (the actor's column filled), their talons, and a
    representative position of the layout, for the core's game and state tuples."""
    hands = np.array(hands_in, np.uint32, copy=True)
    n = len(hands)
    if twelve is not None:
        hands[:, actor] = (twelve - first.discard).mask
        talon_mask = np.full(n, first.discard.mask, np.uint32)
    else:
        assert talon is not None
        talon_mask = np.asarray(talon, np.uint32)
    contract = first.contract
    leader = default_leader(contract, actor, rules)
    position = Position(hands=tuple(CardSet(int(m)) for m in hands[0]), contract=contract, trump=first.trump,  # type: ignore[arg-type]
                        actor=actor, leader=leader, side_suit=first.side_suit if contract.two_sevens else None,
                        talon=CardSet(int(talon_mask[0])), rules=rules)
    return hands, talon_mask, position


def points_at_least(first: Option, hands_in: np.ndarray, actor: int, rules: str, twelve: CardSet | None,
                    talon: np.ndarray | None, targets: np.ndarray, threads: int = 1) -> np.ndarray:
    """Yes/no questions on the actor's card points of a trump game's layout: ``targets`` (worlds,
    k) in tens; answer [w, j] is whether the actor takes at least 10 * targets[w, j] points in
    world w. The question of the exact points (the same game), asked only where it decides."""
    hands, _, position = _layout_worlds(first, hands_in, actor, rules, twelve, talon)
    q = question(position, "game")
    k = targets.shape[1]
    answers = run_batch([(q.game(position), 1)] * k, q.state(position), hands, targets.astype(np.int16),
                        threads=threads, tt_log2=TT_LOG2).answers
    return answers != 0


def _solve_layout(group: list[Option], hands_in: np.ndarray, actor: int, rules: str, twelve: CardSet | None,
                  talon: np.ndarray | None, exact_points: bool, threads: int) -> dict[Option, Outcome]:
    first = group[0]
    hands, talon_mask, position = _layout_worlds(first, hands_in, actor, rules, twelve, talon)
    n = len(hands)
    contract = first.contract
    trump = None if first.trump is None else int(first.trump)
    names: list[str] = []
    for option in group:
        for c in option.contract.components:
            if c not in names:
                names.append(c)
    defenders = [s for s in range(3) if s != actor]
    zero = np.zeros(n, np.int64)
    if contract.has_trumps:
        am = marriage_bits(hands[:, actor])
        dm = marriage_bits(hands[:, defenders[0]]) | marriage_bits(hands[:, defenders[1]])
        a0, best = marriage_points(am, trump)
        d_sum, _ = marriage_points(dm, trump)
        tp = 10 * popcount(talon_mask & np.uint32(SHARP_MASK)).astype(np.int64)
        units = popcount((hands[:, 0] | hands[:, 1] | hands[:, 2]) & np.uint32(SHARP_MASK)).astype(np.int64) + 1
        game_target = units_to_win_game(a0, d_sum + tp, units)
        hundred_target = units_for_hundred(0, best)
    else:
        am = dm = tp = zero
        game_target = hundred_target = None
    questions: list[tuple[tuple, int]] = []
    columns: list[np.ndarray] = []
    slots: dict[str, int] = {}
    # With exact points every trump game asks for them, a two sevens too: its money moves with
    # them (the trump seven of a failed one lost the last trick under 10 points; a quiet hundred).
    point_search = [c for c in names if c in ("game", "hundred")] or (exact_points and contract.has_trumps)
    state = None
    if point_search:
        q = question(position, "game")
        state = q.state(position)
        slots["points" if exact_points else "game"] = len(questions)
        questions.append((q.game(position), EXACT if exact_points else 1))
        columns.append(np.full(n, EXACT, np.int64) if exact_points else game_target)
        if not exact_points and "hundred" in names:
            slots["hundred"] = len(questions)
            questions.append((q.game(position), 1))
            columns.append(hundred_target)
    for name in names:
        if name in ("game", "hundred"):
            continue
        q = question(position, name)
        state = state or q.state(position)
        slots[name] = len(questions)
        questions.append((q.game(position), q.target))
        columns.append(np.full(n, q.target, np.int64))
    targets = np.stack(columns, axis=1).astype(np.int16)
    assert state is not None
    answers = run_batch(questions, state, hands, targets, threads=threads, tt_log2=TT_LOG2).answers
    made: dict[str, np.ndarray] = {}
    points = None
    if exact_points and point_search:
        value = answers[:, slots["points"]].astype(np.int64)
        points = 10 * value
        made["game"] = value >= game_target
        made["hundred"] = value >= hundred_target
    else:
        for name in ("game", "hundred"):
            if name in slots:
                made[name] = answers[:, slots[name]] != 0
    for name in names:
        if name not in made:
            made[name] = answers[:, slots[name]] != 0
    out = {}
    for option in group:
        out[option] = Outcome({c: made[c] for c in option.contract.components},
                              points if option.contract.has_trumps else None, tp, am, dm,
                              game_target, hundred_target, made)
    return out
