"""The board's web application: the page, its assets and the JSON API under it.

Every endpoint takes the JSON document its CLI command reads and answers the
object that command prints with ``--json`` (``Position.to_json``,
``SolveResult.to_json``, ``ClaimResult.to_json``): one set of names everywhere.
Searches run on worker threads, never on the event loop; each thread keeps its
own solver (``analyzer.solver.default_solver``). Claims and advice, which can take long,
also run as jobs with progress that can be cancelled (``analyzer.web.jobs``).
Bad input answers 400 ``{"error": "<the CLI's one-line message>"}``.
"""
from __future__ import annotations

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
from analyzer.reading import parse_json
from analyzer.web.jobs import Job, Jobs, TooBusy
from analyzer.web.work import (
    advise_work,
    api_view,
    board_json,
    claim_work,
    deal_json,
    meta_json,
    review_json,
    solve_json,
)

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
    """Parse as the CLI does (``analyzer.reading.parse_json``): the same one-line message."""
    try:
        return parse_json(text, what)
    except MariasError as exc:
        raise HTTPProblem(400, str(exc)) from None


def _flag(request: Request, name: str) -> bool:
    """A yes/no query parameter: absent is no; ``?cards`` alone, 1, true, yes or on are yes."""
    if name not in request.query_params:
        return False
    value = request.query_params[name].strip().lower()
    if value in ("", "1", "true", "yes", "on"):
        return True
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


def claim_options(request: Request) -> dict[str, Any]:
    components = request.query_params.getlist("component")
    return {"count": _flag(request, "count"), "consistent": _flag(request, "consistent"),
            "components": components or None, "strict": _flag(request, "strict")}


def _advise_job(request: Request, data: Any) -> Job:
    try:
        work = advise_work(data)  # reads the request first: bad input is a 400, not a failed job
    except MariasError as exc:
        raise HTTPProblem(400, str(exc)) from None
    return _submit(request, "advise", work)


# --- endpoints ------------------------------------------------------------------------------------


async def page(request: Request) -> Response:
    return FileResponse(str(STATIC / "index.html"), headers={"Cache-Control": "no-cache"})


WEB_TIME_LIMIT = 60.0  # seconds: a two-player hand with its stock answers "undecided" past it (docs/board.md)


def _seconds(request: Request, name: str, default: float) -> float:
    """A positive number of seconds from the query, or the default."""
    text = request.query_params.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise HTTPProblem(400, f"query parameter {name!r} is a positive number of seconds, not {text!r}")
    return value


async def api_solve(request: Request) -> Response:
    data = _json(await _body(request), "the position")
    cards = _flag(request, "cards")
    contract, trump = request.query_params.get("contract"), request.query_params.get("trump")
    limit = _seconds(request, "time_limit", WEB_TIME_LIMIT)
    return await _in_thread(lambda: solve_json(data, cards, contract, trump, limit))


async def api_board(request: Request) -> Response:
    data = _json(await _body(request), "the board request")
    analyse = _flag(request, "analyse") if "analyse" in request.query_params else True
    return await _in_thread(lambda: board_json(data, analyse))


async def api_deal(request: Request) -> Response:
    text = await _body(request)
    data = _json(text, "the deal request") if text.strip() else {}
    return await _in_thread(lambda: deal_json(data))


async def api_review(request: Request) -> Response:
    data = _json(await _body(request), "the game")
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


async def api_advise(request: Request) -> Response:
    """``marias advise --json``: waits for the answer (at most CLAIM_WAIT s; jobs have no limit)."""
    job = _advise_job(request, _json(await _body(request), "the advice request"))
    finished = await anyio.to_thread.run_sync(lambda: job.wait(CLAIM_WAIT))
    if not finished:
        job.cancel()
        raise HTTPProblem(503, f"the advice was not ready in {CLAIM_WAIT:g} s; run it as a job (POST /api/jobs/advise)")
    return _job_answer(job)


async def api_job_advise(request: Request) -> Response:
    job = _advise_job(request, _json(await _body(request), "the advice request"))
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
    """The board application; ``max_jobs`` long jobs (claims, advice) may run at once."""
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/solve", api_solve, methods=["POST"]),
            Route("/api/claim", api_claim, methods=["POST"]),
            Route("/api/board", api_board, methods=["POST"]),
            Route("/api/deal", api_deal, methods=["POST"]),
            Route("/api/review", api_review, methods=["POST"]),
            Route("/api/view", api_view, methods=["POST"]),
            Route("/api/meta", api_meta),
            Route("/api/advise", api_advise, methods=["POST"]),
            Route("/api/jobs/claim", api_job_claim, methods=["POST"]),
            Route("/api/jobs/advise", api_job_advise, methods=["POST"]),
            Route("/api/jobs/{job_id}", api_job, methods=["GET", "DELETE"]),
            Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
        ],
        exception_handlers={HTTPProblem: problem},
    )
    app.state.jobs = Jobs(limit=max_jobs)
    return app
