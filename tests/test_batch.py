"""The batch entry point answers as one-by-one solves do, on thousands of worlds of every contract,
with and without threads; an interrupted batch stops promptly and leaves the core usable."""
from __future__ import annotations

import _thread
import random
import signal
import threading
import time
from collections import defaultdict

import numpy as np
import pytest
from randpos import CONTRACTS, random_deal, random_position

from analyzer import batch
from analyzer.batch import EXACT, hands_array, run_batch
from analyzer.cards import CardSet
from analyzer.errors import MariasError
from analyzer.rules import Position
from analyzer.solver import Solver, questions


def _worlds(rng: random.Random, position: Position, n: int) -> list[Position]:
    """Up to n redistributions of the defence's cards (sizes kept; refused ones skipped)."""
    defenders = [s for s in range(3) if s != position.actor]
    pool = list(position.hands[defenders[0]] | position.hands[defenders[1]])
    size = len(position.hands[defenders[0]])
    out = [position]
    for _ in range(3 * n):
        if len(out) == n:
            break
        rng.shuffle(pool)
        hands = list(position.hands)
        hands[defenders[0]], hands[defenders[1]] = CardSet(pool[:size]), CardSet(pool[size:])
        try:
            out.append(position.replace(hands=tuple(hands)))
        except MariasError:
            continue
    return out


def _cases(seed: int, positions: int, worlds: int) -> list[list[Position]]:
    rng = random.Random(seed)
    cases = []
    for i in range(positions):
        contract = CONTRACTS[i % len(CONTRACTS)]
        if i % 5 == 0:
            position = random_deal(rng, contract, actor=rng.randrange(3))
        else:
            position = Position.from_json(random_position(rng, rng.choice([3, 4, 5, 6]), contract))
        cases.append(_worlds(rng, position, worlds))
    return cases


def _check_against_one_by_one(cases: list[list[Position]], threads: int) -> int:
    """Every question (yes/no at its target, and the exact value) in batches; returns worlds checked."""
    solver = Solver()
    checked = 0
    for worlds in cases:
        names = list(questions(worlds[0]))
        # Worlds of one batch share the game and everything of the state but the hands; a
        # question's target may differ per world (held marriages move it), so it goes per world.
        groups: dict[tuple, list[Position]] = defaultdict(list)
        for w in worlds:
            qs = questions(w)
            key = tuple((qs[n].game(w), qs[n].state(w)[1:]) for n in names)
            groups[key].append(w)
        for group in groups.values():
            qs0 = questions(group[0])
            batch_questions = [(qs0[n].game(group[0]), 0) for n in names]
            batch_questions += [(qs0[n].game(group[0]), EXACT) for n in names]
            targets = np.array([[questions(w)[n].target for n in names] + [EXACT] * len(names)
                                for w in group], np.int16)
            hands = hands_array([[h.mask for h in w.hands] for w in group])
            result = run_batch(batch_questions, qs0[names[0]].state(group[0]), hands, targets,
                               threads=threads, tt_log2=16, chunk=7)
            assert result.done == len(group) and result.first_no is None
            for row, w in zip(result.answers, group):
                qs = questions(w)
                expected = [int(solver.ask(w, qs[n])) for n in names]
                expected += [solver.value(w, qs[n]) for n in names]
                assert row.tolist() == expected, w.to_json()
            checked += len(group)
    return checked


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_equals_one_by_one(threads: int) -> None:
    assert _check_against_one_by_one(_cases(threads, 6 * len(CONTRACTS), 60), threads) >= 3000


def test_stop_on_no_stops_at_the_first_no_whatever_the_threads() -> None:
    rng = random.Random(5)
    position = random_deal(rng, "seven")
    worlds = _worlds(rng, position, 400)
    q = questions(position)["seven"]
    hands = hands_array([[h.mask for h in w.hands] for w in worlds])
    solver = Solver()
    truth = [solver.ask(w, q) for w in worlds]
    assert not all(truth), "the case needs a 'no' somewhere"
    first = truth.index(False)
    for threads in (1, 2, 3):
        result = run_batch([(q.game(position), q.target)], q.state(position), hands,
                           stop_on_no=True, threads=threads, chunk=16)
        assert result.first_no == first and result.done == first + 1
        assert result.answers[:first + 1, 0].tolist() == [int(t) for t in truth[:first + 1]]


@pytest.fixture
def sigint_raises():
    """Python's own SIGINT handler for the test: interrupt_main does nothing where SIGINT is ignored
    (pytest run as a shell's background job)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_interrupted_batch_stops_promptly_and_the_core_stays_usable(sigint_raises) -> None:
    rng = random.Random(9)
    position = random_deal(rng, "game")
    q = questions(position)["game"]
    worlds = _worlds(rng, position, 20)
    # 40,000 different full deals for the same game: far more than a minute's work
    deals = np.argsort(np.random.default_rng(9).random((40_000, 32)), axis=1)[:, :30].reshape(-1, 3, 10)
    hands = np.zeros((len(deals), 4), np.uint32)
    hands[:, :3] = (np.uint32(1) << deals.astype(np.uint32)).sum(axis=2, dtype=np.uint32)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run_batch([(q.game(position), EXACT)], q.state(position), hands, threads=2, tt_log2=16)
    assert time.perf_counter() - started < 10
    # the same thread's contexts answer the next batch right
    mine = hands_array([[h.mask for h in w.hands] for w in worlds])
    small = run_batch([(q.game(position), EXACT)], q.state(position), mine, threads=2, tt_log2=16)
    solver = Solver()
    assert small.answers[:, 0].tolist() == [solver.value(w, q) for w in worlds]


class _CountedSearch:
    """A search context that counts its calls and runs ``after_first`` once after the first."""

    def __init__(self, search, after_first) -> None:
        self.search, self.after_first, self.calls = search, after_first, 0

    def batch(self, *args):
        out = self.search.batch(*args)
        self.calls += 1
        if self.calls == 1:
            self.after_first()
        return out

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def quick(self) -> int:
        return self.search.quick


def _inline_case(monkeypatch, after_first):
    """A batch of INLINE worlds on one thread (the calling thread's path), its contexts counted."""
    rng = random.Random(11)
    position = random_deal(rng, "game")
    q = questions(position)["game"]
    worlds = _worlds(rng, position, batch.INLINE)
    assert batch.INLINE_STEP < len(worlds) <= batch.INLINE
    hands = hands_array([[h.mask for h in w.hands] for w in worlds])
    real = batch._searches
    counted: list[_CountedSearch] = []

    def searches(tt_log2: int, n: int):
        counted[:] = [_CountedSearch(s, after_first) for s in real(tt_log2, n)]
        return counted

    monkeypatch.setattr(batch, "_searches", searches)
    return q, position, worlds, hands, counted


def test_inline_batch_sees_ctrl_c_between_steps(monkeypatch, sigint_raises) -> None:
    q, position, worlds, hands, counted = _inline_case(monkeypatch, _thread.interrupt_main)
    with pytest.raises(KeyboardInterrupt):
        run_batch([(q.game(position), EXACT)], q.state(position), hands, threads=1, tt_log2=16)
    # raised after the first step of INLINE_STEP worlds, not after all of them
    assert counted[0].calls == 1 < batch.INLINE // batch.INLINE_STEP
    monkeypatch.undo()
    again = run_batch([(q.game(position), EXACT)], q.state(position), hands[:5], threads=1, tt_log2=16)
    assert again.answers[:, 0].tolist() == [Solver().value(w, q) for w in worlds[:5]]


def test_inline_batch_keeps_its_time_limit(monkeypatch) -> None:
    q, position, worlds, hands, counted = _inline_case(monkeypatch, lambda: time.sleep(0.2))
    with pytest.raises(batch.BatchTimeout) as caught:
        run_batch([(q.game(position), EXACT)], q.state(position), hands, threads=1, tt_log2=16, time_limit=0.1)
    result = caught.value.result
    assert counted[0].calls == 1 and result.done == batch.INLINE_STEP
    solver = Solver()
    assert result.answers[:result.done, 0].tolist() == [solver.value(w, q) for w in worlds[:result.done]]
