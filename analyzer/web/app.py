"""The board's web application: the page, its assets and the JSON API under it.

Every endpoint takes the JSON document its CLI command reads and answers the
object that command prints with ``--json`` (``Position.to_json``,
``SolveResult.to_json``, ``ClaimResult.to_json``): one set of names everywhere.
Searches run on worker threads, never on the event loop: the requests that answer at once
on a small pool (each thread keeps its own solver, ``analyzer.solver.default_solver``), claims
and advice, which can take long, as jobs with progress (``analyzer.web.jobs``). Every piece of
work runs under the server's :class:`Limits`, which a request can lower but not raise, and is
stopped (``analyzer.cancel``) within a fraction of a second when its client goes away, when it is
DELETEd, when it runs past its time or when the server stops. The :class:`Guard` answers only
requests for the board's own host names, and refuses state-changing requests from other origins
(docs/board.md). Bad input answers 400 ``{"error": "<the CLI's one-line message>"}``.
Tysiacha goes through the same endpoints, told apart by ``"game": "tysiacha"`` in the body
(``analyzer.web.tysiacha`` computes its answers, ``marias tysiacha ... --json``'s objects), so
that its requests and jobs run under this same machinery.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from analyzer.cancel import Cancelled, Scope
from analyzer.errors import MariasError
from analyzer.reading import parse_json
from analyzer.web import tysiacha as ty
from analyzer.web.jobs import Job, Jobs, Requests, TooBusy
from analyzer.web.work import (
    advise_work,
    board_json,
    claim_work,
    deal_json,
    meta_json,
    review_json,
    solve_json,
    view_json,
)

MAX_BODY = 64 * 1024  # bytes: a position is well under 1 KiB, a whole game's review a few
CLAIM_WAIT = 120.0  # seconds /api/claim and /api/advise wait before they give up (a job waits longer)
STATIC = resources.files("analyzer.web") / "static"
POLL = 0.05  # seconds between looks at a request's client and its work: cancelling takes about this long
WEB_TIME_LIMIT = 60.0  # seconds: a two-player hand with its stock answers "undecided" past it (docs/board.md)


@dataclass(frozen=True)
class Limits:
    """What one request or job may cost at most; a request can ask for less (``?time_limit=``,
    ``?max_redistributions=``, fewer ``worlds``), never more (docs/board.md)."""

    time: float = WEB_TIME_LIMIT  # seconds of a request's search (solve, board, review)
    job_time: float = 600.0  # seconds of a job (claim, advice), its wait in the queue excluded
    redistributions: int = 5_000_000  # of a claim (its ``total``)
    threads: int = 2  # the requests' threads (each with its own search tables)
    waiting: int = 16  # requests queued for those threads; past that 429



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


async def _watch(request: Request, scope: Scope, done: asyncio.Future, seconds: float | None, late: str) -> None:
    """Wait for work to finish (``done``), cancelling its scope if the client goes away or past
    ``seconds`` (saying ``late``); once cancelled, the work stops within a fraction of a second."""
    deadline = None if seconds is None else time.monotonic() + seconds
    while not done.done():
        await asyncio.wait({done}, timeout=POLL)  # at once when the work is done
        if done.done() or scope.cancelled:
            continue
        if await request.is_disconnected():
            scope.cancel("the client went away")
        elif deadline is not None and time.monotonic() > deadline:
            scope.cancel(late)


async def _in_thread(request: Request, work: Callable[[], Any], seconds: float | None = None) -> Response:
    """Run ``work`` on one of the requests' threads and answer its JSON, with the time it took in
    a ``Server-Timing`` header (benchmarks/board.py reads it); a MariasError becomes a 400, work
    cancelled (past ``seconds``, the server's limit unless given) a 503."""
    limits: Limits = request.app.state.limits
    seconds = limits.time if seconds is None else seconds

    def timed() -> tuple[Any, float]:
        started = time.perf_counter()
        return work(), time.perf_counter() - started

    scope = Scope()
    try:
        future: Future = request.app.state.requests.submit(timed, scope)
    except TooBusy as exc:
        raise HTTPProblem(429, str(exc)) from None
    done = asyncio.wrap_future(future)
    await _watch(request, scope, done, seconds, f"the work ran past the board's time limit of {seconds:g} s")
    try:
        payload, took = done.result()
    except MariasError as exc:
        raise HTTPProblem(400, str(exc)) from None
    except Cancelled as exc:
        raise HTTPProblem(503, str(exc)) from None
    return JSONResponse(payload, headers={"Server-Timing": f"work;dur={1000 * took:.3f}"})


def claim_options(request: Request) -> dict[str, Any]:
    components = request.query_params.getlist("component")
    return {"count": _flag(request, "count"), "consistent": _flag(request, "consistent"),
            "components": components or None, "strict": _flag(request, "strict")}


def _ty_rules(request: Request) -> ty.Rules:
    """Tysiacha's rule options from the query (``marias tysiacha``'s --marriages, --any-lead,
    --must-beat): ``?marriages=german&any_lead=1&must_beat=1``."""
    return _read(lambda: ty.Rules(request.query_params.get("marriages", "seed"), _flag(request, "any_lead"),
                                  _flag(request, "must_beat")))


def _read(reader: Callable[[], Any]) -> Any:
    """Read a request (cheap, on the event loop): bad input is a 400 at once, not a failed job."""
    try:
        return reader()
    except MariasError as exc:
        raise HTTPProblem(400, str(exc)) from None


def _advise_job(request: Request, data: Any) -> Job:
    reader = ty.advise_work if ty.is_tysiacha(data) else advise_work
    return _submit(request, "advise", _read(lambda: reader(data)))


def _claim_job(request: Request, data: Any) -> Job:
    limits: Limits = request.app.state.limits
    most = _count(request, "max_redistributions", limits.redistributions)
    if ty.is_tysiacha(data):
        target = _count(request, "target", 1000) if "target" in request.query_params else None
        work = _read(lambda: ty.claim_work(data, _ty_rules(request), _flag(request, "count"), target))
        return _submit(request, "claim", work, max_total=most, what="splits")
    return _submit(request, "claim", claim_work(data, claim_options(request)), max_total=most,
                   what="redistributions")


# --- endpoints ------------------------------------------------------------------------------------


async def page(request: Request) -> Response:
    return FileResponse(str(STATIC / "index.html"), headers={"Cache-Control": "no-cache"})


def _seconds(request: Request, name: str, most: float) -> float:
    """A positive number of seconds from the query, at most ``most`` (the server's limit), or ``most``."""
    text = request.query_params.get(name)
    if text is None:
        return most
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise HTTPProblem(400, f"query parameter {name!r} is a positive number of seconds, not {text!r}")
    if value > most:
        raise HTTPProblem(400, f"query parameter {name!r} is at most {most:g} s on this board, not {text}")
    return value


def _count(request: Request, name: str, most: int) -> int:
    """A whole number >= 1 from the query, at most ``most``, or ``most``."""
    text = request.query_params.get(name)
    if text is None:
        return most
    if not text.isdigit() or not 1 <= int(text) <= most:
        raise HTTPProblem(400, f"query parameter {name!r} is a whole number from 1 to {most}, not {text!r}")
    return int(text)


async def api_solve(request: Request) -> Response:
    data = _json(await _body(request), "the position")
    limit = _seconds(request, "time_limit", request.app.state.limits.time)
    if ty.is_tysiacha(data):
        rules = _ty_rules(request)
        return await _in_thread(request, lambda: ty.solve_json(data, rules), limit)  # past it a 503
    cards = _flag(request, "cards")
    contract, trump = request.query_params.get("contract"), request.query_params.get("trump")
    # the stock search answers "undecided" at its limit; the scope's is a backstop a little later
    return await _in_thread(request, lambda: solve_json(data, cards, contract, trump, limit), limit + 5)


async def api_board(request: Request) -> Response:
    data = _json(await _body(request), "the board request")
    analyse = _flag(request, "analyse") if "analyse" in request.query_params else True
    limit = _seconds(request, "time_limit", request.app.state.limits.time)  # past it a 503
    if ty.is_tysiacha(data):
        rules = _ty_rules(request)
        return await _in_thread(request, lambda: ty.board_json(data, rules, analyse), limit)
    return await _in_thread(request, lambda: board_json(data, analyse), limit)


async def api_deal(request: Request) -> Response:
    text = await _body(request)
    data = _json(text, "the deal request") if text.strip() else {}
    if ty.is_tysiacha(data):
        return await _in_thread(request, lambda: ty.deal_json(data))
    return await _in_thread(request, lambda: deal_json(data))


async def api_review(request: Request) -> Response:
    """POST /api/review; ``?view=1`` (with ``worlds`` and ``seed``): each card judged also by what
    its player could know, as ``marias review --view --json`` prints it."""
    data = _json(await _body(request), "the game")
    view = _flag(request, "view")
    worlds = request.query_params.get("worlds")
    seed: object = request.query_params.get("seed", "0")
    seed = int(seed) if isinstance(seed, str) and seed.isdigit() else seed  # else refused, in one line
    limit = _seconds(request, "time_limit", request.app.state.limits.time)  # past it a 503
    return await _in_thread(request, lambda: review_json(data, view, worlds, seed), limit)


async def api_view(request: Request) -> Response:
    """POST /api/view: the single-dummy values of the side to move as a seat sees the deal
    (``marias solve --view SEAT --json``), under the requests' threads and limits like a solve."""
    data = _json(await _body(request), "the view request")
    limit = _seconds(request, "time_limit", request.app.state.limits.time)  # past it a 503
    return await _in_thread(request, lambda: view_json(data), limit)


async def api_meta(request: Request) -> Response:
    return JSONResponse(meta_json())


async def api_score(request: Request) -> Response:
    """``marias tysiacha score --json``: what each seat writes for one hand (arithmetic: at once)."""
    data = _json(await _body(request), "the score request")
    return JSONResponse(_read(lambda: ty.score_json(data)))


def _finished(job: Job) -> asyncio.Future:
    """A future of the event loop, done when the job has finished."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future = loop.create_future()

    def finish() -> None:
        if not done.done():
            done.set_result(None)
    job.add_done_callback(lambda: loop.call_soon_threadsafe(finish))
    return done


async def _wait_for(request: Request, job: Job, what: str, kind: str) -> Response:
    """The job's answer, waited for here at most CLAIM_WAIT s; the job is cancelled if the client
    goes away, and past that wait (its slot is free once its work has stopped)."""
    late = f"{what} in {CLAIM_WAIT:g} s; run it as a job (POST /api/jobs/{kind})"
    await _watch(request, job.scope, _finished(job), CLAIM_WAIT, late)
    if job.state == "cancelled" and job.error == late:
        raise HTTPProblem(503, late)
    return _job_answer(job)


async def api_claim(request: Request) -> Response:
    """``marias claim --json``: waits for the answer (at most CLAIM_WAIT s; a job waits longer)."""
    job = _claim_job(request, _json(await _body(request), "the claim"))
    return await _wait_for(request, job, "the claim was not settled", "claim")


async def api_job_claim(request: Request) -> Response:
    job = _claim_job(request, _json(await _body(request), "the claim"))
    return JSONResponse(job.to_json(), status_code=202, headers={"Location": f"/api/jobs/{job.id}"})


async def api_advise(request: Request) -> Response:
    """``marias advise --json``: waits for the answer (at most CLAIM_WAIT s; a job waits longer)."""
    job = _advise_job(request, _json(await _body(request), "the advice request"))
    return await _wait_for(request, job, "the advice was not ready", "advise")


async def api_job_advise(request: Request) -> Response:
    job = _advise_job(request, _json(await _body(request), "the advice request"))
    return JSONResponse(job.to_json(), status_code=202, headers={"Location": f"/api/jobs/{job.id}"})


async def api_job(request: Request) -> Response:
    job = request.app.state.jobs.get(request.path_params["job_id"])
    if job is None:
        raise HTTPProblem(404, f"no job {request.path_params['job_id']!r} (finished jobs are kept a while only)")
    if request.method == "DELETE":
        job.cancel()
        # the work stops within a fraction of a second (analyzer.cancel); the answer says so
        await asyncio.wait({_finished(job)}, timeout=5)
    return JSONResponse(job.to_json())


def _submit(request: Request, kind: str, work: Callable[[Job], dict], **options: Any) -> Job:
    limits: Limits = request.app.state.limits
    seconds = _seconds(request, "time_limit", limits.job_time)
    try:
        return request.app.state.jobs.submit(kind, work, time_limit=seconds, **options)
    except TooBusy as exc:
        raise HTTPProblem(429, str(exc)) from None


def _job_answer(job: Job) -> Response:
    if job.state == "done":
        return JSONResponse(job.result)
    if job.state == "cancelled":
        raise HTTPProblem(503, job.error or "the work was cancelled")
    raise HTTPProblem(400 if not (job.error or "").startswith("internal error") else 500, job.error or "failed")


async def problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPProblem)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


# --- who may ask -------------------------------------------------------------------------------

LOOPBACK = ("localhost", "127.0.0.1", "::1")
# The name Starlette's TestClient sends: not one a web page can make a browser resolve to this
# machine (a rebinding page needs a name in a domain its author controls).
TEST_CLIENT = "testserver"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _split_host(value: str) -> tuple[str, int | None] | None:
    """A Host header (or an Origin's host part) as (lower-case name, port), None if unreadable."""
    try:
        parts = urlsplit(f"//{value}")
        return (parts.hostname or "").rstrip("."), parts.port
    except ValueError:
        return None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware: answer only requests whose Host names this board (the loopback names, the
    names it was told, and with ``any_ip`` any address written as numbers: a page rebinding a
    name of its own never sends those), and refuse a state-changing request (POST, DELETE) whose
    Origin is another site's, whatever its content type: a web page the player has open cannot
    drive the board. Requests without an Origin (curl, scripts) pass."""

    def __init__(self, app: Any, hosts: Iterable[str] = (), any_ip: bool = False) -> None:
        self.app = app
        self.hosts = {h.lower().strip("[]").rstrip(".") for h in (*LOOPBACK, TEST_CLIENT, *hosts)}
        self.any_ip = any_ip

    def host_allowed(self, name: str) -> bool:
        if name in self.hosts or name.startswith("127.") and _is_ip(name):
            return True
        return self.any_ip and _is_ip(name)

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        split = _split_host(host)
        if split is None or not self.host_allowed(split[0]):
            await _refuse(send, 403, f"this board does not answer for the host {host!r} (docs/board.md, serve --host)")
            return
        if scope.get("method", "GET") not in SAFE_METHODS:
            origin = headers.get("origin")
            fetch_site = headers.get("sec-fetch-site", "same-origin")
            if origin is not None and not _same_origin(origin, scope.get("scheme", "http"), split):
                await _refuse(send, 403, f"requests from {origin[:100]!r} are refused: only the board's own page may "
                                         "change anything")
                return
            if fetch_site not in ("same-origin", "none"):
                await _refuse(send, 403, f"a {fetch_site} request is refused: only the board's own page may change "
                                         "anything")
                return
        await self.app(scope, receive, send)


def _same_origin(origin: str, scheme: str, host: tuple[str, int | None]) -> bool:
    """Is ``origin`` the board's own: this scheme, the request's host name and port?"""
    try:
        parts = urlsplit(origin)
        port = parts.port
    except ValueError:
        return False
    if parts.scheme != scheme or not parts.hostname:
        return False  # "null" (a sandboxed page, a file) among them
    default = 443 if scheme == "https" else 80
    return (parts.hostname.rstrip("."), port or default) == (host[0], host[1] or default)


async def _refuse(send: Any, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(max_jobs: int = 2, *, limits: Limits | None = None, hosts: Iterable[str] = (),
               any_ip: bool = False) -> Starlette:
    """The board application; ``max_jobs`` long jobs (claims, advice) may run at once, every
    request and job under ``limits``; it answers for the loopback names and ``hosts`` (with
    ``any_ip``, any numeric address too: ``serve --host 0.0.0.0``)."""
    limits = limits or Limits()
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
            Route("/api/score", api_score, methods=["POST"]),
            Route("/api/advise", api_advise, methods=["POST"]),
            Route("/api/jobs/claim", api_job_claim, methods=["POST"]),
            Route("/api/jobs/advise", api_job_advise, methods=["POST"]),
            Route("/api/jobs/{job_id}", api_job, methods=["GET", "DELETE"]),
            Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
        ],
        exception_handlers={HTTPProblem: problem},
        middleware=[Middleware(Guard, hosts=tuple(hosts), any_ip=any_ip)],
    )
    app.state.limits = limits
    app.state.jobs = Jobs(limit=max_jobs)
    app.state.requests = Requests(limits.threads, limits.waiting)
    app.state.stop = lambda reason="the server is stopping": _stop(app, reason)
    return app


def _stop(app: Starlette, reason: str) -> None:
    """Cancel every request's and job's work (the server stops): each ends within a fraction of a second."""
    app.state.requests.cancel_all(reason)
    app.state.jobs.cancel_all(reason)
