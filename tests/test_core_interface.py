"""The C interface: a context never holds half a position, threads never share one, the table's
slots and key squeeze are implementation details that change no answer."""
from __future__ import annotations

import random
import threading

import pytest
from randpos import random_deal, random_position

from analyzer import _core
from analyzer.claims import check_claim
from analyzer.errors import ArgumentError, MariasError
from analyzer.rules import Position
from analyzer.solver import Solver, default_solver, questions, solve

THREADS = 8


def _deals(seed: int, n: int) -> list[Position]:
    rng = random.Random(seed)
    contracts = ["game", "seven", "hundred", "betl", "durch", "two-sevens", "hundred-seven"]
    return [random_deal(rng, contracts[i % len(contracts)]) for i in range(n)]


def _claims(seed: int, n: int) -> list[dict]:
    """Claims from endgames of 5 tricks (quick, and some of them laid down, some not)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        data = random_position(rng, 5, rng.choice(["game", "betl", "durch", "seven"]), mid_trick=False)
        data["leader"] = data["actor"]
        data["unseen"] = " ".join(h for seat, h in enumerate(data["hands"]) if seat != data["actor"])
        data["hands"] = [h if seat == data["actor"] else None for seat, h in enumerate(data["hands"])]
        data.pop("trick", None)
        try:
            check_claim(data, threads=1, tt_log2=16)
        except MariasError:
            continue
        out.append(data)
    return out


def test_module_level_solve_and_claims_from_eight_threads() -> None:
    """Eight threads calling the module-level solve() and check_claim() get the sequential answers
    (before the context took its state with every call, this crashed or answered wrongly)."""
    deals = _deals(1, 48)
    claims = _claims(2, 16)
    expected_solve = [Solver().solve(p).to_json() for p in deals]
    expected_claim = [check_claim(c, threads=1).to_json() for c in claims]
    results: dict[tuple[str, int], dict] = {}
    errors: list[BaseException] = []
    barrier = threading.Barrier(THREADS)

    def work(k: int) -> None:
        try:
            barrier.wait()
            for i in range(k, len(deals), THREADS):
                results["solve", i] = solve(deals[i]).to_json()
            for i in range(k % 4, len(claims), 4):  # claims run two threads of their own
                results["claim", i] = check_claim(claims[i], threads=2).to_json()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(THREADS)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors, errors
    assert [results["solve", i] for i in range(len(deals))] == expected_solve
    assert [results["claim", i] for i in range(len(claims))] == expected_claim
    assert any(e["laid_down"] for e in expected_claim) and not all(e["laid_down"] for e in expected_claim)


def test_one_solver_shared_by_threads_takes_turns() -> None:
    """A Solver given to several threads by mistake still answers right: its searches take turns."""
    deals = _deals(3, 24)
    expected = [Solver().hra_value(p) if p.contract.has_trumps else Solver().makes(p) for p in deals]
    shared = Solver()
    got: dict[int, object] = {}

    def work(k: int) -> None:
        for i in range(k, len(deals), 4):
            p = deals[i]
            got[i] = shared.hra_value(p) if p.contract.has_trumps else shared.makes(p)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [got[i] for i in range(len(deals))] == expected


def test_default_solver_is_per_thread() -> None:
    mine = default_solver()
    theirs: list[Solver] = []
    t = threading.Thread(target=lambda: theirs.append(default_solver()))
    t.start()
    t.join()
    assert default_solver() is mine and theirs[0] is not mine


def test_a_refused_state_leaves_nothing_behind() -> None:
    """A state the core refuses raises CoreError (one of the package's errors); the next question
    on the same context is answered from its own state, never from the refused one's."""
    solver = Solver()
    rng = random.Random(5)
    good = random_deal(rng, "game")
    q = questions(good)["game"]
    before = solver.ask(good, q)
    search = solver.core
    hands = [h.mask for h in good.hands]
    overlapping = (hands[0], hands[1] | (hands[0] & -hands[0]), hands[2])
    with pytest.raises(_core.CoreError):
        search.search(q.game(good), (overlapping, (), 0, 0), q.target)
    with pytest.raises(MariasError):  # CoreError is one of the package's errors
        search.value(q.game(good), (tuple(hands), (), 7, 0))
    assert solver.ask(good, q) == before
    other = random_deal(rng, "game")
    assert solver.ask(other, questions(other)["game"]) == Solver().ask(other, questions(other)["game"])


def test_public_api_misuse_is_a_value_error() -> None:
    with pytest.raises(ArgumentError, match="takes a Position"):
        Solver().solve({"hands": []})  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="10 to 28"):
        Solver("x")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="10 to 28"):
        Solver(100)
    assert issubclass(ArgumentError, ValueError)


def test_pext_and_the_portable_squeeze_agree() -> None:
    """The key squeeze is chosen at run time; both give the same answers and the same nodes."""
    loop, fast = Solver(), Solver()
    loop.core.use_pext(False)
    if not fast.core.use_pext(True):
        pytest.skip("this processor has no BMI2")
    for p in _deals(7, 40):
        q = questions(p)[p.contract.own_goal[0]]
        assert loop.ask(p, q) == fast.ask(p, q)
        assert loop.nodes == fast.nodes


def test_games_cycling_through_slots_keep_their_answers() -> None:
    """More games than the table has slots, cycled on one context, answer as fresh contexts do."""
    rng = random.Random(9)
    positions = [Position.from_json(random_position(rng, 5, c)) for c in
                 ["game", "seven", "hundred", "betl", "durch", "two-sevens"] * 4]
    shared = Solver(12)
    for _ in range(3):
        for p in positions:
            for name, q in questions(p).items():
                assert shared.ask(p, q) == Solver(12).ask(p, q), (name, p.to_json())
