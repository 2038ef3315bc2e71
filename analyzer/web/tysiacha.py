"""What the board computes for Tysiacha (docs/tysiacha.md): plain functions of JSON documents, as
``analyzer.web.work`` is for Mariáš. The endpoints are Mariáš's own (``analyzer.web.app``), told
apart by ``"game": "tysiacha"`` in the body, so that the limits, jobs, cancellation and host checks
are the same code; each answer is the object the matching ``marias tysiacha ... --json`` prints.
Bad input raises a MariasError with a one-line message (a 400)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from analyzer.cards import CardSet
from analyzer.errors import MariasError
from analyzer.tysiacha.advice import advise
from analyzer.tysiacha.claim import check_claim, splits
from analyzer.tysiacha.game import Rules, card_points
from analyzer.tysiacha.position import Position, move_str, parse_move
from analyzer.tysiacha.scoring import hand_scores
from analyzer.tysiacha.solver import solve
from analyzer.tysiacha.study import deal
from analyzer.web.jobs import Job
from analyzer.web.work import read_hand, view_seed

GAME = "tysiacha"
ADVISE_KEYS = ("game", "hand", "bid", "widows", "choose_worlds", "report_worlds", "candidates", "seed", "jobs",
               "marriages", "any_lead", "must_beat")
ADVISE_MAX_WORLDS = 2000  # splits per choice or report on the board (the CLI takes up to 100,000)
ADVISE_MAX_THREADS = 2  # threads of one advice job (a job slot is one advice)
ADVISE_STEPS = 1000  # a job's progress: thousandths of the advice
SCORE_KEYS = ("game", "bid", "points", "declarer", "scoring", "rounding", "concede")


def is_tysiacha(data: Any) -> bool:
    """Is this body (or the board request's position) a Tysiacha one?"""
    if isinstance(data, dict) and isinstance(data.get("position"), dict) and "game" not in data:
        data = data["position"]
    return isinstance(data, dict) and data.get("game") == GAME


def _position(data: Any) -> Position:
    if isinstance(data, str):
        from analyzer.tysiacha.position import read_position

        return read_position(data)
    return Position.from_dict(data)


def solve_json(data: Any, rules: Rules) -> dict:
    """What ``marias tysiacha solve --json`` prints for the position JSON ``data``."""
    position = _position(data)
    if position.over:
        raise MariasError("the hand is over: nothing to solve")
    return solve(position, rules).to_dict()


def board_json(data: Any, rules: Rules, analyse: bool = True) -> dict:
    """The board's view of a Tysiacha hand: the set-up with ``cards`` (moves, ``hK+`` a declaring
    lead) played on it, its tricks, the legal moves and ``solve`` (``solve_json``'s answer)."""
    if not isinstance(data, dict) or "position" not in data:
        raise MariasError("the board request is an object with 'position' and 'cards'")
    unknown = set(data) - {"game", "position", "cards"}
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the board request")
    start = _position(data["position"])
    moves = data.get("cards") or []
    if isinstance(moves, str):
        moves = moves.split()
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise MariasError("'cards' must be a list of moves such as \"hA\" or \"hK+\" (a declaring lead)")
    position, tricks, trick = start, [], []
    for text in moves:
        if position.over:
            raise MariasError(f"{text}: the hand is over")
        move = parse_move(text)
        trick.append((position.to_move, move))
        position = position.play(move, rules)
        if not position.trick:  # the trick is complete: its winner leads the next
            tricks.append({"cards": [move_str(m) for _, m in trick], "players": [s for s, _ in trick],
                           "winner": position.leader, "points": sum(card_points(m[0]) for _, m in trick)})
            trick = []
    have = position.declarer_points(rules)
    view: dict[str, Any] = {
        "game": GAME,
        "start": start.to_dict(),
        "position": position.to_dict(),
        "text": str(position),  # the one-line form (docs/tysiacha.md)
        "tricks": tricks,
        "to_move": None if position.over else position.to_move,
        "legal": [] if position.over else [move_str(m) for m in position.legal_moves(rules)],
        "finished": position.over,
        "declarer_points": have,  # his trick points and declarations so far
        "solve": solve_json(position.to_dict(), rules) if analyse and not position.over else None,
    }
    if position.over:
        view["result"] = {"total": have, "bid": position.bid, "makes": have >= position.bid}
    return view


def deal_json(data: dict) -> dict:
    """A random hand at the start of play (``analyzer.tysiacha.study.deal``: seat 0 declares 100)."""
    seed = view_seed(data.get("seed", 0))
    unknown = set(data) - {"game", "seed"}
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the deal request")
    return deal(np.random.default_rng(seed))[0].to_dict()


def claim_work(data: Any, rules: Rules, count: bool = False, target: int | None = None) -> Callable[[Job], dict]:
    """A job checking a claim as ``marias tysiacha claim --json [--count] [--target N]`` does,
    reporting the splits answered. The position is read first: bad input is a 400, not a job."""
    position = _position(data)
    if position.over:
        raise MariasError("the hand is over: nothing to claim")

    def work(job: Job) -> dict:
        job.total = len(splits(position)[1])  # past the board's bound: the job fails at once
        return check_claim(position, target, rules, count=count, progress=job.progress).to_dict()
    return work


def _whole(data: dict, key: str, low: int, high: int, default: Any) -> Any:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MariasError(f"{key!r} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _yes_no(data: dict, key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise MariasError(f"{key!r} is true or false, not {value!r}")
    return value


def rules_json(data: dict) -> Rules:
    """The rule options of a request body (``marriages``, ``any_lead``, ``must_beat``)."""
    marriages = data.get("marriages", "seed")
    if not isinstance(marriages, str):
        raise MariasError(f"'marriages' is seed or german, not {marriages!r}")
    return Rules(marriages, _yes_no(data, "any_lead"), _yes_no(data, "must_beat"))


def advise_work(data: Any) -> Callable[[Job], dict]:
    """A job giving advice as ``marias tysiacha advise --json`` does; the request is the command
    line as an object (``hand``, ``bid``, ``widows``, ... with ``_`` for ``-``), read first."""
    hand = read_hand(data, ADVISE_KEYS, "marias tysiacha advise", "hA hX hK hO bA lA a9")
    cards = CardSet.from_str(hand)
    if len(cards) not in (7, 10):
        raise MariasError(f"the hand must be 7 cards (before the widow) or 10 (after it), not {len(cards)}")
    options = {"bid": _whole(data, "bid", 0, 1000, 100), "widows": _whole(data, "widows", 1, 680, 48),
               "choose_worlds": _whole(data, "choose_worlds", 1, ADVISE_MAX_WORLDS, None),
               "report_worlds": _whole(data, "report_worlds", 1, ADVISE_MAX_WORLDS, None),
               "candidates": _whole(data, "candidates", 1, 90, None), "seed": _whole(data, "seed", 0, 2**63 - 1, 0),
               "jobs": min(_whole(data, "jobs", 1, 64, ADVISE_MAX_THREADS), ADVISE_MAX_THREADS)}
    rules = rules_json(data)
    if len(cards) == 10:
        from analyzer.tysiacha.game import check_cards

        check_cards(cards, "the hand")  # the rest of the checks run in a moment, in the job

    def work(job: Job) -> dict:
        job.total = ADVISE_STEPS

        def progress(fraction: float) -> None:
            job.progress(max(0, min(ADVISE_STEPS, int(fraction * ADVISE_STEPS)) - job.done))

        result = advise(cards, rules=rules, progress=progress, **options).to_dict()
        job.progress(ADVISE_STEPS - job.done)  # raises JobCancelled if cancelled meanwhile
        return result
    return work


def score_json(data: Any) -> dict:
    """What ``marias tysiacha score --json`` prints: ``{"game": "tysiacha", "bid", "points"
    (three numbers), "declarer", "scoring", "rounding", "concede"}`` as its options."""
    if not isinstance(data, dict) or data.get("game") != GAME:
        raise MariasError("the board scores Tysiacha hands ({\"game\": \"tysiacha\", \"bid\": ..., \"points\": "
                          "[...]}); a Mariáš deal's payment is /api/board's result or marias score")
    unknown = set(data) - set(SCORE_KEYS)
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the score request (keys: {', '.join(SCORE_KEYS)})")
    if "bid" not in data:
        raise MariasError("the score request needs 'bid', the declarer's final bid")
    points = data.get("points")
    if points is not None:
        if not isinstance(points, list) or len(points) != 3 or \
                not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 1000 for p in points):
            raise MariasError(f"'points' must be three whole numbers 0-1000, not {points!r}")
        points = tuple(points)
    scoring, rounding = data.get("scoring", "seed"), data.get("rounding", "russian")
    if not isinstance(scoring, str) or not isinstance(rounding, str):
        raise MariasError("'scoring' and 'rounding' are names (seed/standard; none/russian/polish)")
    return hand_scores(_whole(data, "bid", 0, 1000, 100), points, _whole(data, "declarer", 0, 2, 0), scoring,
                       rounding, _yes_no(data, "concede"))
