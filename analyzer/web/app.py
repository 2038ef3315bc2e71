"""The board's web application: the page, its assets and the JSON API under it.

Every endpoint takes the JSON document its CLI command reads and answers the
object that command prints with ``--json`` (``Position.to_json``,
``SolveResult.to_json``, ``ClaimResult.to_json``): one set of names everywhere.
Searches run on worker threads, never on the event loop; each thread keeps its
own solver (``analyzer.solver.default_solver``). Claims, which can take long,
also run as jobs with progress that can be cancelled (``analyzer.web.jobs``).
Bad input answers 400 ``{"error": "<the CLI's one-line message>"}``.
"""
from __future__ import annotations

import functools
import io
import json
import random
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from analyzer.errors import MariasError
from analyzer.web.jobs import Job, Jobs, TooBusy

MAX_BODY = 64 * 1024  # bytes: a position is well under 1 KiB, a whole game's review a few
CLAIM_WAIT = 120.0  # seconds /api/claim waits before it gives up (a job has no such limit)
STATIC = resources.files("analyzer.web") / "static"


class HTTPProblem(Exception):
    """An answer other than 200, with its one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# --- reading requests ---------------------------------------------------------------------------


async def _body(request: Request) -> str:
    """The request's body as text, refused past MAX_BODY bytes without reading the rest."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise HTTPProblem(413, f"the request is {declared} bytes; at most {MAX_BODY}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise HTTPProblem(413, f"the request is over {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPProblem(400, "the request is not UTF-8 text") from None


def _json(text: str, what: str) -> Any:
    """Parse like the CLI does (``analyzer.cli.common.read_json``): the same one-line message."""
    from analyzer.cli.common import BadInput, read_json

    try:
        return read_json(io.StringIO(text), what)
    except BadInput as exc:
        raise HTTPProblem(400, exc.format_message()) from None


def _flag(request: Request, name: str) -> bool:
    value = request.query_params.get(name, "0").strip().lower()
    if value in ("1", "true", "yes", "on", ""):
        return value != "" or name in request.query_params
    if value in ("0", "false", "no", "off"):
        return False
    raise HTTPProblem(400, f"query parameter {name!r} is 1 or 0, not {value!r}")


async def _in_thread(work: Callable[[], Any]) -> Response:
    """Run ``work`` on a worker thread and answer its JSON, with the time it took in a
    ``Server-Timing`` header (benchmarks/board.py reads it); a MariasError becomes a 400."""
    def timed() -> tuple[Any, float]:
        started = time.perf_counter()
        return work(), time.perf_counter() - started

    try:
        payload, seconds = await anyio.to_thread.run_sync(timed)
    except MariasError as exc:
        raise HTTPProblem(400, str(exc)) from None
    return JSONResponse(payload, headers={"Server-Timing": f"work;dur={1000 * seconds:.3f}"})


# --- the work behind each endpoint (plain functions, run on worker threads) ---------------------


def solve_json(data: Any, cards: bool = False, contract: str | None = None, trump: str | None = None) -> dict:
    """What ``marias solve --json [--cards]`` prints for the position JSON ``data``."""
    from analyzer.rules import Position
    from analyzer.solver import default_solver

    if isinstance(data, dict):  # the CLI's --contract and --trump overrides
        data = dict(data)
        if contract is not None:
            data["contract"] = contract
        if trump is not None:
            data["trump"] = None if trump.lower() in ("none", "null", "-") else trump
    position = Position.from_json(data)
    return default_solver().solve(position, cards).to_json()


def claim_options(request: Request) -> dict[str, Any]:
    components = request.query_params.getlist("component")
    return {"count": _flag(request, "count"), "consistent": _flag(request, "consistent"),
            "components": components or None}


def claim_work(data: Any, options: dict[str, Any]) -> Callable[[Job], dict]:
    """A job checking a claim as ``marias claim --json`` does, reporting redistributions searched."""
    from analyzer.claims import check_claim, read_claim

    def work(job: Job) -> dict:
        claim = read_claim(data, options["consistent"])
        job.total = claim.count()
        return check_claim(claim, count=options["count"], components=options["components"],
                           progress=job.progress).to_json()
    return work


def board_json(data: Any, analyse: bool = True) -> dict:
    """The board's view: the set-up position with ``cards`` played on it, and its analysis."""
    from analyzer.rules import Position
    from analyzer.web.play import play

    if not isinstance(data, dict) or "position" not in data:
        raise MariasError("the board request is an object with 'position' and 'cards'")
    unknown = set(data) - {"position", "cards"}
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the board request")
    start = Position.from_json(data["position"])
    cards = data.get("cards") or []
    if not isinstance(cards, (list, str)):
        raise MariasError("'cards' must be a list of card tokens or a string of them")
    out = play(start, cards)
    position = out.position
    view: dict[str, Any] = {
        "position": position.to_json(),
        "tricks": [t.to_json() for t in out.tricks],
        "to_move": position.to_move if not out.finished else None,
        "legal": [str(c) for c in out.legal],
        "finished": out.finished,
        "decided": out.decided,
        "solve": None,
    }
    if analyse and out.decided is None and not out.finished:
        view["solve"] = _analysis(json.dumps(position.to_json(), sort_keys=True))
    return view


@functools.lru_cache(maxsize=4096)
def _analysis(key: str) -> dict:
    """The board's analysis of a position, remembered: going back and forward asks again and again.
    (Callers must not change the dict they get.)"""
    from analyzer.rules import Position
    from analyzer.solver import default_solver

    return default_solver().solve(Position.from_json(json.loads(key)), True).to_json()


def deal_json(data: Any) -> dict:
    """A random deal (seeded): forehand takes the talon, names his longest suit, lays away two
    cards by the rule of ``analyzer.dealing`` and plays game; the board's menus change the rest."""
    from analyzer.cards import Card, CardSet
    from analyzer.contract import RULE_SETS, Contract
    from analyzer.dealing import choose_trump, discard_for_trumps
    from analyzer.rules import Position, default_leader

    data = data if isinstance(data, dict) else {}
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise MariasError(f"seed must be a whole number >= 0, not {seed!r}")
    rules = data.get("rules", "csm")
    if rules not in RULE_SETS:
        raise MariasError(f"unknown rule set {rules!r} (use {', '.join(RULE_SETS)})")
    pack = [Card(i) for i in range(32)]
    random.Random(seed).shuffle(pack)
    twelve = CardSet(pack[:12])
    trump = choose_trump(twelve)
    away = discard_for_trumps(twelve, trump)
    position = Position(hands=(twelve - away, CardSet(pack[12:22]), CardSet(pack[22:])), contract=Contract.GAME,
                        trump=trump, actor=0, leader=default_leader(Contract.GAME, 0, rules), talon=away, rules=rules)
    position.check()
    return position.to_json()


def review_json(data: Any) -> dict:
    """Every card of a play beside the best cards (``analyzer.web.review``)."""
    from analyzer.cards import parse_cards
    from analyzer.rules import Position
    from analyzer.solver import default_solver
    from analyzer.web.review import review

    if not isinstance(data, dict) or set(data) - {"position", "cards"} or "position" not in data:
        raise MariasError("the review request is an object with 'position' and 'cards'")
    cards = parse_cards(data.get("cards") or [])
    return {"moves": review(Position.from_json(data["position"]), cards, default_solver())}


def meta_json() -> dict:
    """The names the menus offer, from the package itself (English and Czech)."""
    from analyzer.contract import MARRIAGE_RULES, RULE_SETS, SEAT_NAMES, Contract

    return {"contracts": [{"value": c.value, "czech": c.czech(), "components": list(c.components),
                           "has_trumps": c.has_trumps} for c in Contract],
            "rule_sets": list(RULE_SETS), "marriage_rules": list(MARRIAGE_RULES), "seats": list(SEAT_NAMES)}


# --- endpoints ------------------------------------------------------------------------------------


async def page(request: Request) -> Response:
    return FileResponse(str(STATIC / "index.html"), headers={"Cache-Control": "no-cache"})


async def api_solve(request: Request) -> Response:
    data = _json(await _body(request), "the position")
    cards = _flag(request, "cards")
    contract, trump = request.query_params.get("contract"), request.query_params.get("trump")
    return await _in_thread(lambda: solve_json(data, cards, contract, trump))


async def api_board(request: Request) -> Response:
    data = _json(await _body(request), "the board request")
    analyse = _flag(request, "analyse") if "analyse" in request.query_params else True
    return await _in_thread(lambda: board_json(data, analyse))


async def api_deal(request: Request) -> Response:
    text = await _body(request)
    data = _json(text, "the deal request") if text.strip() else {}
    return await _in_thread(lambda: deal_json(data))


async def api_review(request: Request) -> Response:
    data = _json(await _body(request), "the review request")
    return await _in_thread(lambda: review_json(data))


async def api_meta(request: Request) -> Response:
    return JSONResponse(meta_json())


async def api_claim(request: Request) -> Response:
    """``marias claim --json``: waits for the answer (at most CLAIM_WAIT s; jobs have no limit)."""
    data = _json(await _body(request), "the claim")
    job = _submit(request, "claim", claim_work(data, claim_options(request)))
    finished = await anyio.to_thread.run_sync(lambda: job.wait(CLAIM_WAIT))
    if not finished:
        job.cancel()
        raise HTTPProblem(503, f"the claim was not settled in {CLAIM_WAIT:g} s; run it as a job (POST /api/jobs/claim)")
    return _job_answer(job)


async def api_job_claim(request: Request) -> Response:
    data = _json(await _body(request), "the claim")
    job = _submit(request, "claim", claim_work(data, claim_options(request)))
    return JSONResponse(job.to_json(), status_code=202, headers={"Location": f"/api/jobs/{job.id}"})


async def api_job(request: Request) -> Response:
    job = request.app.state.jobs.get(request.path_params["job_id"])
    if job is None:
        raise HTTPProblem(404, f"no job {request.path_params['job_id']!r} (finished jobs are kept a while only)")
    if request.method == "DELETE":
        job.cancel()
        await anyio.to_thread.run_sync(lambda: job.wait(5))
    return JSONResponse(job.to_json())


def _submit(request: Request, kind: str, work: Callable[[Job], dict]) -> Job:
    try:
        return request.app.state.jobs.submit(kind, work)
    except TooBusy as exc:
        raise HTTPProblem(429, str(exc)) from None


def _job_answer(job: Job) -> Response:
    if job.state == "done":
        return JSONResponse(job.result)
    if job.state == "cancelled":
        raise HTTPProblem(503, "the work was cancelled")
    raise HTTPProblem(400 if not (job.error or "").startswith("internal error") else 500, job.error or "failed")


async def problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPProblem)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


def create_app(max_jobs: int = 2) -> Starlette:
    """The board application; ``max_jobs`` long jobs (claims) may run at once."""
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/solve", api_solve, methods=["POST"]),
            Route("/api/claim", api_claim, methods=["POST"]),
            Route("/api/board", api_board, methods=["POST"]),
            Route("/api/deal", api_deal, methods=["POST"]),
            Route("/api/review", api_review, methods=["POST"]),
            Route("/api/meta", api_meta),
            Route("/api/jobs/claim", api_job_claim, methods=["POST"]),
            Route("/api/jobs/{job_id}", api_job, methods=["GET", "DELETE"]),
            Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
        ],
        exception_handlers={HTTPProblem: problem},
    )
    app.state.jobs = Jobs(limit=max_jobs)
    return app
