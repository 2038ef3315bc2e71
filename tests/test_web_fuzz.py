"""The board's web API under hostile requests, against the real server (``marias serve`` in its own
process, on loopback): random bytes, mutated JSON of working requests and hostile query values on
every endpoint. Each answer must come within 30 s, be a 2xx, or a 4xx/503 with a one-line
``{"error": ...}``, never a 500; and the server must still answer ``/api/meta`` afterwards."""
from __future__ import annotations

import http.client
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from test_cli_fuzz import HOSTILE_NUMBERS, HOSTILE_TEXT, mutate, random_bytes
from test_server_load import Server

EXAMPLES = Path(__file__).parent.parent / "analyzer" / "examples"
SEVEN = json.loads((EXAMPLES / "seven.json").read_text())
CLAIM = json.loads((EXAMPLES / "claim_not_laid_down.json").read_text())
GAME = json.loads((EXAMPLES / "game_review.json").read_text())
ADVICE = {"hand": "hA hX hK hO hU h9 bA bX aA aX", "talon": "lA l7", "worlds": 4, "seed": 1}
# Tysiacha's bodies on the same endpoints ("game": "tysiacha", docs/board.md) and its rule options
TY = {"game": "tysiacha", "hands": ["hA hX hK hO", "bA bX bK bO", "lA lX lK lO"], "taken": [0, 0, 30]}
TY_ADVICE = {"game": "tysiacha", "hand": "hA hX hK hO bA lA a9", "widows": 2, "choose_worlds": 2, "report_worlds": 2,
             "candidates": 1}
TY_SCORE = {"game": "tysiacha", "bid": 130, "points": [160, 30, 20], "scoring": "seed"}
TY_RULES = ["marriages", "any_lead", "must_beat"]

# endpoint: (working bodies, the query parameters it reads)
ENDPOINTS: dict[str, tuple[list[object], list[str]]] = {
    "/api/solve": ([SEVEN, TY], ["cards", "contract", "trump", "time_limit", *TY_RULES]),
    "/api/claim": ([CLAIM, TY], ["count", "consistent", "component", "strict", "time_limit", "max_redistributions",
                                 "target", *TY_RULES]),
    "/api/board": ([{"position": SEVEN, "cards": ["hA"]}, {"position": TY, "cards": ["hO+", "bA"]}],
                   ["analyse", "time_limit", *TY_RULES]),
    "/api/deal": ([{"seed": 42}, {"game": "tysiacha", "seed": 42}], []),
    "/api/review": ([GAME], ["time_limit"]),
    "/api/view": ([{"position": SEVEN, "cards": [], "seat": 0, "worlds": 8}], []),
    "/api/advise": ([ADVICE, TY_ADVICE], ["time_limit"]),
    "/api/jobs/claim": ([CLAIM, TY], ["count", "time_limit", "target", *TY_RULES]),
    "/api/jobs/advise": ([ADVICE, TY_ADVICE], ["time_limit"]),
    "/api/score": ([TY_SCORE], []),
}
QUERY_VALUES = HOSTILE_NUMBERS[:20] + ["0.5", "1", "true", "no", "hra", "sedma", "h", "x" * 5000]


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server()
    try:
        yield s
    finally:
        s.stop()


def hostile_request(rng: random.Random, path: str) -> tuple[str, bytes]:
    """A request of ``path``: its query made hostile, its body random bytes, hostile text or mutated JSON."""
    bases, names = ENDPOINTS[path]
    query = "&".join(f"{rng.choice(names)}={_quote(rng.choice(QUERY_VALUES))}"
                     for _ in range(rng.randint(0, 2))) if names else ""
    roll = rng.random()
    if roll < 0.25:
        body = random_bytes(rng)
    elif roll < 0.4:
        body = rng.choice(HOSTILE_TEXT).encode("utf-8", "surrogatepass")
    else:
        body = json.dumps(mutate(json.loads(json.dumps(rng.choice(bases))), rng)).encode()
    return path + ("?" + query if query else ""), body


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


def send(server: Server, target: str, body: bytes) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("POST", target, body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def fuzz(server: Server, count: int, seed: str) -> list[str]:
    """``count`` hostile requests of every endpoint; what went wrong, one line each."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        for path in sorted(ENDPOINTS):
            target, body = hostile_request(rng, path)
            try:
                status, raw = send(server, target, body)
            except TimeoutError:
                found.append(f"no answer in 30 s: POST {target[:200]} {body[:200]!r}")
                continue
            if status >= 500 and status != 503:
                found.append(f"{status}: POST {target[:200]} {body[:200]!r}: {raw[:300]!r}")
            elif status >= 400:
                error = json.loads(raw).get("error", "")
                if not error or "\n" in error or "Traceback" in error:
                    found.append(f"{status} without a one-line error: POST {target[:200]}: {raw[:300]!r}")
            if path.startswith("/api/jobs/") and status == 202:  # free the slot for the next requests
                job = json.loads(raw)
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                connection.request("DELETE", f"/api/jobs/{job['id']}")
                connection.getresponse().read()
                connection.close()
    status, _ = server.request("GET", "/api/meta", timeout=5)
    if status != 200:
        found.append(f"/api/meta answers {status} after the fuzz")
    return found


def test_every_post_endpoint_is_fuzzed() -> None:
    """The fuzz knows every endpoint that takes a body: one added to the board is fuzzed too."""
    from starlette.routing import Route

    from analyzer.web import create_app

    posts = {route.path for route in create_app().routes
             if isinstance(route, Route) and "POST" in (route.methods or ())}
    assert posts == set(ENDPOINTS), posts ^ set(ENDPOINTS)


def test_working_requests_answer(server: Server) -> None:
    """The bases the hostile requests mutate work, so the fuzz reaches the work behind them."""
    for path, (bases, _) in ENDPOINTS.items():
        for body in bases:
            status, raw = send(server, path, json.dumps(body).encode())
            assert status in (200, 202), (path, status, raw[:300])
            if status == 202:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                connection.request("DELETE", f"/api/jobs/{json.loads(raw)['id']}")
                connection.getresponse().read()
                connection.close()


def test_hostile_requests_a_few_of_each(server: Server) -> None:
    assert fuzz(server, 4, "web-fuzz-quick") == []


@pytest.mark.slow
def test_hostile_requests_of_every_endpoint(server: Server) -> None:
    """60 hostile requests of every endpoint (540 in all)."""
    assert fuzz(server, 60, "web-fuzz") == []
