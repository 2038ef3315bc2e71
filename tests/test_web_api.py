"""The board's JSON API (analyzer.web) through Starlette's test client: every endpoint, bad
input, jobs and their cancellation, the results equal to the CLI's --json, and playing forward
held to the solver's own per-card values."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from randpos import random_deal, random_position

from analyzer.cards import CardSet
from analyzer.cli import main
from analyzer.rules import Position, replay
from analyzer.solver import Solver

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's note that httpx2 is coming
    from starlette.testclient import TestClient

    from analyzer.web import create_app
    from analyzer.web.app import MAX_BODY
    from analyzer.web.jobs import Job, Jobs, TooBusy
    from analyzer.web.play import play

EXAMPLE = json.loads((Path(__file__).parent.parent / "analyzer" / "examples" / "seven.json").read_text())
NOT_LAID = {"hands": ["hA hK hO bA bK lA lK aA aK a7", None, None], "contract": "durch", "talon": "h8 b8"}


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with TestClient(create_app(max_jobs=2)) as c:
            yield c


def cli_json(*args: str, document: object) -> dict:
    result = CliRunner().invoke(main, [*args, "--json", "-"], input=json.dumps(document))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cli_error(*args: str, text: str) -> str:
    result = CliRunner().invoke(main, [*args, "-"], input=text)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert line.startswith("marias: ") and "\n" not in line
    return line[len("marias: "):]


# --- the same objects as the CLI --------------------------------------------------------------------


def test_solve_equals_the_cli_json(client) -> None:
    rng = random.Random(13)
    # random positions put aces and tens in csm talons: allowed (csm 7.2's refusal: test_talon_rule.py)
    documents = [EXAMPLE] + [{**random_position(rng, rng.randint(1, 4)), "sharp_talon": True} for _ in range(12)]
    for document in documents:
        for cards in (False, True):
            args = ["solve", "--cards"] if cards else ["solve"]
            answer = client.post(f"/api/solve?cards={int(cards)}", json=document)
            assert answer.status_code == 200, answer.text
            assert answer.json() == cli_json(*args, document=document)
            assert ("card_values" in answer.json()) is cards


def test_solve_overrides_like_the_cli(client) -> None:
    answer = client.post("/api/solve?contract=game&trump=b", json=EXAMPLE)
    assert answer.json() == cli_json("solve", "--contract", "game", "--trump", "b", document=EXAMPLE)


def test_claim_equals_the_cli_json(client) -> None:
    rng = random.Random(5)
    claims = [NOT_LAID]
    for _ in range(8):
        data = random_position(rng, rng.randint(2, 4), contract=rng.choice(["game", "betl", "durch", "seven"]))
        actor = data["actor"]
        data["unseen"] = " ".join(data["hands"][s] for s in range(3) if s != actor)
        data["hands"] = [h if s == actor else None for s, h in enumerate(data["hands"])]
        claims.append({**data, "sharp_talon": True})  # random talons: csm 7.2 allowed
    verdicts = set()
    for claim in claims:
        for query, args in (("", ()), ("?count=1", ("--count",))):
            answer = client.post(f"/api/claim{query}", json=claim)
            assert answer.status_code == 200, answer.text
            assert answer.json() == cli_json("claim", *args, document=claim)
            verdicts.add(answer.json()["laid_down"])
    assert verdicts == {True, False}  # both kinds of answer were compared


def test_claim_component_option(client) -> None:
    claim = dict(EXAMPLE, hands=[EXAMPLE["hands"][0], None, None])
    answer = client.post("/api/claim?component=game", json=claim)
    assert answer.json() == cli_json("claim", "--component", "game", document=claim)
    assert set(answer.json()["components"]) == {"game"}


# --- bad input: 4xx with the CLI's one line ---------------------------------------------------------


@pytest.mark.parametrize("text", [
    "{bad json",
    "[1, 2]",
    json.dumps({"hands": ["hA", "h7"], "trump": "h"}),
    json.dumps(dict(EXAMPLE, contract="poker")),
    json.dumps(dict(EXAMPLE, hands=["hA hA", "b7 b8", "l7 l8"])),
])
def test_bad_position_is_400_with_the_cli_message(client, text: str) -> None:
    answer = client.post("/api/solve", content=text.encode())
    assert answer.status_code == 400
    assert answer.json() == {"error": cli_error("solve", text=text)}


@pytest.mark.parametrize("claim", [
    {"hands": ["hA", "h7", None], "trump": "h"},
    {"hands": [None, None, None], "contract": "betl"},
    dict(NOT_LAID, contract="seven-against"),
    "not an object",
])
def test_bad_claim_is_400_with_the_cli_message(client, claim) -> None:
    text = json.dumps(claim)
    answer = client.post("/api/claim", content=text.encode())
    assert answer.status_code == 400
    assert answer.json() == {"error": cli_error("claim", text=text)}


def test_bad_query_and_size_and_method(client) -> None:
    assert client.post("/api/solve?cards=maybe", json=EXAMPLE).status_code == 400
    big = b'{"hands": ["' + b" " * MAX_BODY + b'"]}'
    answer = client.post("/api/solve", content=big)
    assert answer.status_code == 413 and "at most" in answer.json()["error"]
    assert client.get("/api/solve").status_code == 405
    assert client.get("/api/jobs/nope").status_code == 404


def test_illegal_card_on_the_board_is_400(client) -> None:
    answer = client.post("/api/board", json={"position": EXAMPLE, "cards": ["hA", "bK"]})
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("card 2 (bK) is not legal for seat 1 here")
    answer = client.post("/api/board", json={"position": EXAMPLE, "moves": []})
    assert answer.status_code == 400 and "'moves'" in answer.json()["error"]


# --- the board: playing forward, held to the solver ---------------------------------------------


def test_play_forward_agrees_with_the_solvers_card_values() -> None:
    """After each legal card, the position played forward must make exactly when the solver's
    per-card value says so, and (Czech rule) its hra value plus the points the card's trick
    brought the actor must be that card's hra value: score, lead and marriages carried right."""
    rng = random.Random(2026)
    solver = Solver()
    checked = decided = 0
    for _ in range(250):
        start = Position.from_json(random_position(rng, rng.randint(1, 4)))
        values = solver.card_values(start)
        for card, value in values.items():
            out = play(start, [card])
            if out.decided is not None:  # a seven played early, a betl's trick taken: lost
                if start.contract.value in ("seven", "hundred-seven", "betl", "durch", "open-betl", "open-durch"):
                    assert value["makes"] is False, (start.to_json(), str(card))
                    decided += 1
                continue
            if out.finished:
                continue
            after = out.position
            assert solver.makes(after) == value["makes"], (start.to_json(), str(card))
            if "hra_value" in value and start.marriage_rule == "czech":
                gained = sum(t.points for t in out.tricks if after.side(t.winner) == 0)
                assert gained + solver.hra_value(after) == value["hra_value"], (start.to_json(), str(card))
            checked += 1
    assert checked > 400 and decided > 10


def test_playing_the_whole_line_gives_the_solvers_points() -> None:
    rng = random.Random(7)
    solver = Solver()
    for _ in range(12):
        start = random_deal(rng, "game", actor=rng.randrange(3))  # game: the line is the hra's, to the end
        result = solver.solve(start)
        out = play(start, result.line)
        assert out.finished and len(out.tricks) == 10
        assert [t.winner for t in out.tricks] == [w for _, w in replay(start, result.line)]
        declared = [sum(start.marriage_value(s) for s in out.position.declared[side]) for side in (0, 1)]
        assert out.position.score[0] - declared[0] == result.actor_points
        assert out.position.score[1] - declared[1] == result.defence_points + start.score[1]
        # every marriage held at the start was declared by its side (Czech rule)
        for seat in range(3):
            for suit in start.held_marriages(seat):
                assert suit in out.position.declared[start.side(seat)]


def test_board_view_and_back(client) -> None:
    game = dict(EXAMPLE, contract="game")
    first = client.post("/api/board", json={"position": game, "cards": []}).json()
    line = first["solve"]["line"]
    end = client.post("/api/board", json={"position": game, "cards": line}).json()
    assert end["finished"] and end["solve"] is None and len(end["tricks"]) == 10
    assert end["position"]["score"]["actor"] - 40 == first["solve"]["actor_points"]  # the trump marriage
    first = client.post("/api/board", json={"position": EXAMPLE, "cards": []}).json()
    assert first["position"] == Position.from_json(EXAMPLE).to_json()
    assert first["solve"] == cli_json("solve", "--cards", document=EXAMPLE)
    assert first["legal"] == list(first["solve"]["card_values"]) and first["to_move"] == 0
    line = first["solve"]["line"]
    after = client.post("/api/board", json={"position": EXAMPLE, "cards": line[:4]}).json()
    assert len(after["tricks"]) == 1 and after["position"]["trick"] == line[3:4]
    assert after["solve"]["makes"] is True
    durch = {"hands": ["h7 bA", "h8 b7", "hK b8"], "contract": "durch"}
    lost = client.post("/api/board", json={"position": durch, "cards": ["h7", "h8", "hK"]}).json()
    assert lost["decided"] == "durch is lost: the defence took trick 1" and lost["solve"] is None
    assert lost["legal"] == ["b8"] and lost["to_move"] == 2  # the winner leads


def test_review_equals_the_cli_json(client) -> None:
    game = dict(EXAMPLE, contract="game")
    line = client.post("/api/solve", json=game).json()["line"]
    rng = random.Random(3)
    documents = [dict(game, played=[line[i:i + 3] for i in range(0, 12, 3)])]
    for _ in range(4):  # random legal play, mistakes likely
        start = random_deal(rng, rng.choice(["game", "betl", "seven"]))
        cards, position = [], start
        for _ in range(rng.randint(3, 9)):
            cards.append(rng.choice(list(position.legal_moves())))
            out = play(start, cards)
            if out.decided or out.finished:
                break
            position = out.position
        cards = [str(c) for c in cards]
        documents.append(dict(start.to_json(), played=[cards[i:i + 3] for i in range(0, len(cards), 3)]))
    for document in documents:
        answer = client.post("/api/review", json=document)
        assert answer.status_code == 200, answer.text
        assert answer.json() == cli_json("review", document=document)
    best_line = client.post("/api/review", json=documents[0]).json()["moves"]
    assert [m["card"] for m in best_line] == line[:12]
    assert all(m["card"] in m["best"] and m["turn"] is None and m["cost"] == 0 for m in best_line)
    bad = dict(game, played=[["hA", "bK", "bU"]])
    answer = client.post("/api/review", json=bad)
    assert answer.status_code == 400 and answer.json() == {"error": cli_error("review", text=json.dumps(bad))}


# --- deals, names, the page -------------------------------------------------------------------------


def test_deal_is_seeded_and_valid(client) -> None:
    one = client.post("/api/deal", json={"seed": 42}).json()
    assert one == client.post("/api/deal", json={"seed": 42}).json()
    assert one != client.post("/api/deal", json={"seed": 43}).json()
    position = Position.from_json(one)
    cards = CardSet()
    for part in position.hands + (position.talon,):
        cards = cards | part
    assert len(cards) == 32 and [len(h) for h in position.hands] == [10, 10, 10]
    assert client.post("/api/deal", json={"seed": -1}).status_code == 400
    assert client.post("/api/deal", json={"rules": "poker"}).status_code == 400


def test_meta_and_page_and_assets(client) -> None:
    meta = client.get("/api/meta").json()
    assert {"value": "seven", "czech": "sedma", "components": ["seven", "game"], "has_trumps": True} in meta["contracts"]
    page = client.get("/")
    assert page.status_code == 200 and "board.js" in page.text
    for asset in ("board.js", "board.css"):
        assert client.get(f"/static/{asset}").status_code == 200


# --- jobs: progress, bounds, cancellation -----------------------------------------------------------


def test_claim_job_reports_progress_and_the_cli_result(client) -> None:
    claim = dict(EXAMPLE, hands=[EXAMPLE["hands"][0], None, None])
    job = client.post("/api/jobs/claim?count=1", json=claim)
    assert job.status_code == 202 and job.headers["location"] == f"/api/jobs/{job.json()['id']}"
    deadline = time.monotonic() + 60
    while (state := client.get(job.headers["location"]).json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert state["state"] == "done" and state["total"] == 184756 and 0 < state["done"] <= state["total"]
    assert state["result"] == cli_json("claim", "--count", document=claim)


def test_cancelling_a_job(client) -> None:
    started = threading.Event()

    def endless(job: Job) -> dict:
        started.set()
        while True:
            job.progress(1)
            time.sleep(0.01)

    job = client.app.state.jobs.submit("test", endless)
    assert started.wait(5)
    answer = client.delete(f"/api/jobs/{job.id}")
    assert answer.status_code == 200 and answer.json()["state"] == "cancelled" and answer.json()["done"] > 0


def test_cancelling_a_real_claim_job(client) -> None:
    """An exact count over 184,756 redistributions (about half a second searched) cancelled at once:
    the job ends cancelled with part of the work done, and its slot is free again."""
    claim = dict(EXAMPLE, hands=[EXAMPLE["hands"][0], None, None])
    job = client.post("/api/jobs/claim?count=1", json=claim).json()
    answer = client.delete(f"/api/jobs/{job['id']}").json()
    assert answer["state"] == "cancelled" and answer["result"] is None
    assert answer["done"] < 184756
    assert client.app.state.jobs.running() == 0


def test_cancelling_stops_a_claim_search() -> None:
    """A progress callback that raises stops check_claim's batch (the way the job cancels it)."""
    from analyzer.claims import check_claim
    from analyzer.web.jobs import JobCancelled

    calls = []

    def progress(n: int) -> None:
        calls.append(n)
        raise JobCancelled("stop")

    with pytest.raises(JobCancelled):
        check_claim(NOT_LAID, count=True, progress=progress, threads=1)
    assert len(calls) == 1


def test_jobs_are_bounded(client) -> None:
    jobs = Jobs(limit=1)
    release = threading.Event()
    first = jobs.submit("test", lambda job: (release.wait(5), {})[1])
    with pytest.raises(TooBusy):
        jobs.submit("test", lambda job: {})
    release.set()
    assert first.wait(5) and first.state == "done" and first.result == {}
    assert jobs.submit("test", lambda job: {"ok": 1}).wait(5)
    # the same through the API: both slots taken, the next claim is refused with 429
    hold = threading.Event()
    busy = [client.app.state.jobs.submit("test", lambda job: (hold.wait(5), {})[1]) for _ in range(2)]
    try:
        answer = client.post("/api/claim", json=NOT_LAID)
        assert answer.status_code == 429 and "jobs are running" in answer.json()["error"]
    finally:
        hold.set()
        for job in busy:
            job.wait(5)


def test_a_failing_job_reports_its_message() -> None:
    from analyzer.errors import PositionError

    def bad(job: Job) -> dict:
        raise PositionError("no such thing")

    job = Jobs().submit("test", bad)
    assert job.wait(5) and job.state == "failed" and job.error == "no such thing"


# --- marias serve --------------------------------------------------------------------------------------


def test_serve_prints_the_address_answers_and_stops_on_ctrl_c() -> None:
    import httpx

    process = subprocess.Popen([sys.executable, "-m", "analyzer", "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        line = process.stdout.readline()
        assert line.startswith("The analysis board is at http://127.0.0.1:"), line
        url = line.split()[5]
        assert httpx.get(url, timeout=10).status_code == 200
        assert httpx.post(url + "api/solve", json=EXAMPLE, timeout=10).json()["makes"] is True
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        assert process.returncode == 0, err
        assert "stopped" in out and "Traceback" not in err
    finally:
        if process.poll() is None:
            process.kill()


def test_serve_refuses_a_port_in_use() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port)])
    assert result.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in result.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "--port must be at most 65535, not 70000"),
    (["--port", "x"], "--port must be a whole number, not 'x'"),
    (["--host", "no.such.host.invalid"], "cannot listen on no.such.host.invalid:"),
])
def test_serve_bad_options_are_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


# --- advice: /api/advise, its jobs, the same objects as marias advise --json -------------------------

TWELVE = "hA hX hK hO hU h9 bA bX aA aX lA l7"


def advise_args(request: dict) -> list[str]:
    """The command line of ``marias advise`` for an advice request: each key is the option of its
    name (underscores as dashes), the hand the argument, ``known`` one --known SEAT:CARDS a seat."""
    args = ["advise", *request["hand"].split()]
    for key, value in request.items():
        if key == "hand":
            continue
        if key == "known":
            for seat, cards in value.items():
                args += ["--known", f"{seat}:{cards}"]
        elif value is True:
            args.append("--" + key.replace("_", "-"))
        else:
            args += ["--" + key.replace("_", "-"), str(value)]
    return args


def cli_advise(request: dict) -> dict:
    # --jobs 1 here, the board's own thread count there: the numbers must not depend on threads
    result = CliRunner().invoke(main, [*advise_args(request), "--json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


ADVICE_REQUESTS = [
    {"hand": TWELVE, "worlds": 6, "seed": 3},  # the actor after the talon
    {"hand": "hA hX hK hO hU h9 bA bX aA aX", "talon": "lA l7", "worlds": 4, "seed": 1, "known": {"1": "l8"},
     "all_discards": True},
    {"hand": "hA hX hK bA bX bK lA lX aA aX", "defend": "seven", "trump": "a", "actor": 0, "seat": 1, "worlds": 6},
    {"hand": "hA hX hK hO bA bX aA aX lA l7", "talons": 2, "worlds": 2, "seed": 5},  # the bidder
]


@pytest.mark.parametrize("request_", ADVICE_REQUESTS, ids=["actor", "actor-talon-known", "defender", "bidder"])
def test_advise_equals_the_cli_json(client, request_: dict) -> None:
    answer = client.post("/api/advise", json=request_)
    assert answer.status_code == 200, answer.text
    expected = cli_advise(request_)
    assert answer.json() == expected
    assert expected["options"] and all("worlds" in o and "stderr" in o for o in expected["options"])
    # the job answers the same, and the same seed gives the same numbers
    job = client.post("/api/jobs/advise", json=request_)
    assert job.status_code == 202
    done = wait_for(client, job.json()["id"])
    assert done["state"] == "done" and done["result"] == expected and done["done"] == done["total"] == 1000


def wait_for(client, job_id: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while (state := client.get(f"/api/jobs/{job_id}").json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return state


def test_advise_seed_changes_the_sample(client) -> None:
    one = client.post("/api/advise", json={"hand": TWELVE, "worlds": 6, "seed": 1}).json()
    two = client.post("/api/advise", json={"hand": TWELVE, "worlds": 6, "seed": 2}).json()
    assert one["seed"] == 1 and two["seed"] == 2 and one["options"] != two["options"]


@pytest.mark.parametrize("request_", [
    {"hand": "hA hX hK hO hU h9 bA bX aA"},
    {"hand": TWELVE, "worlds": 1},
    {"hand": TWELVE, "worlds": "many"},
    {"hand": TWELVE, "rules": "poker"},
    {"hand": TWELVE, "level": "thousand"},
    {"hand": "hA hX hK bA bX bK lA lX aA aX", "defend": "seven", "trump": "a"},
    {"hand": "hA hX hK bA bX bK lA lX aA aX", "defend": "poker", "actor": 0, "seat": 1},
    {"hand": "hA hX hK bA bX bK lA lX aA zz"},
    {"hand": "hA hX hK hO bA bX aA aX lA l7", "where": "seat1.hearts >= 3"},
    {"hand": TWELVE, "where": "seat1.hearts >>= 3"},
])
def test_bad_advice_is_400_with_the_cli_message(client, request_: dict) -> None:
    answer = client.post("/api/advise", json=request_)
    assert answer.status_code == 400, answer.text
    result = CliRunner().invoke(main, advise_args(request_))
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert line.startswith("marias: ") and "\n" not in line
    assert answer.json() == {"error": line[len("marias: "):]}
    # the job endpoint refuses it the same way, or runs it and reports the same line
    job = client.post("/api/jobs/advise", json=request_)
    if job.status_code == 202:
        state = wait_for(client, job.json()["id"])
        assert state["state"] == "failed" and state["error"] == answer.json()["error"]
    else:
        assert job.status_code == 400 and job.json() == answer.json()


@pytest.mark.parametrize(("request_", "words"), [
    ("not an object", "the advice request is an object"),
    ({"worlds": 8}, "'hand'"),
    ({"hand": TWELVE, "wrlds": 8}, "unknown key 'wrlds'"),
    ({"hand": TWELVE, "worlds": "all"}, "at most 2000 worlds"),
    ({"hand": TWELVE, "worlds": 5000}, "at most 2000 worlds"),
    ({"hand": TWELVE, "seat": "one"}, "'seat' must be a whole number"),
    ({"hand": TWELVE, "known": ["1:hA"]}, "'known' maps a seat"),
    ({"hand": TWELVE, "all_discards": "yes"}, "'all_discards' is true or false"),
])
def test_advice_request_shape_is_checked(client, request_, words: str) -> None:
    for path in ("/api/advise", "/api/jobs/advise"):
        answer = client.post(path, json=request_)
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    assert client.post("/api/advise", content=b"{bad").status_code == 400


def test_advice_progress_rises_to_the_whole() -> None:
    """The job's progress callback gets thousandths that only grow and end at the total."""
    from analyzer.web.work import advise_work

    reports: list[int] = []
    job = Job(id="t", kind="advise")
    original = job.progress

    def progress(n: int) -> None:
        reports.append(n)
        original(n)

    job.progress = progress  # type: ignore[method-assign]
    result = advise_work({"hand": TWELVE, "worlds": 4})(job)
    assert result["view"] == "actor" and job.total == 1000 and job.done == 1000
    assert all(n >= 0 for n in reports) and sum(reports) == 1000 and sum(1 for n in reports if n) > 1


def test_cancelling_an_advice_job(client) -> None:
    """Cancelled at once, the advice stops at its next progress report: the job ends cancelled, no
    result, its slot free again."""
    job = client.post("/api/jobs/advise", json={"hand": TWELVE, "worlds": 600}).json()
    answer = client.delete(f"/api/jobs/{job['id']}").json()
    if answer["state"] == "running":  # within a stage: the DELETE waited 5 s; the next report stops it
        answer = wait_for(client, job["id"])
    assert answer["state"] == "cancelled" and answer["result"] is None and answer["done"] < 1000
    assert client.app.state.jobs.running() == 0


def test_cancelling_stops_the_advice() -> None:
    """A progress callback that raises leaves actor_view at its first report (how a job cancels)."""
    from analyzer.web.jobs import JobCancelled
    from analyzer.web.work import advise_json

    calls = []

    def progress(fraction: float) -> None:
        calls.append(fraction)
        raise JobCancelled("stop")

    with pytest.raises(JobCancelled):
        advise_json({"hand": TWELVE, "worlds": 600}, progress)
    assert len(calls) == 1 and calls[0] < 1


# --- the strict check: ?strict=1 -----------------------------------------------------------------------

# Laid down without seeing (a plan); laid down open-handed only (a guess: the trump ten on either
# side of the tenace, tests/test_strict.py); not laid down at all.
STRICT_LAID = {"hands": ["hA hX hK b7", None, None], "unseen": "h7 h8 b8 bA l7 l8 aX aA", "trump": "h",
               "contract": "game", "actor": 0, "leader": 0}
STRICT_GUESS = {"hands": [None, None, "bA bO"], "trump": "b", "contract": "game", "actor": 2, "leader": 1,
                "score": {"actor": 40, "defence": 70}, "marriages": {"actor": "h", "defence": "a"},
                "unseen": "bX aA hX lK"}
STRICT_CLAIMS = [STRICT_LAID, STRICT_GUESS, dict(STRICT_LAID, hands=["hA hO bK b7", None, None]), NOT_LAID]


def test_strict_claim_equals_check_claim_strict(client) -> None:
    from analyzer.claims import check_claim

    kinds = set()
    for claim in STRICT_CLAIMS:
        expected = check_claim(claim, strict=True).to_json()
        answer = client.post("/api/claim?strict=1", json=claim)
        assert answer.status_code == 200, answer.text
        assert answer.json() == expected == cli_json("claim", "--strict", document=claim)
        job = client.post("/api/jobs/claim?strict=1", json=claim).json()
        assert wait_for(client, job["id"])["result"] == expected
        plain = client.post("/api/claim", json=claim).json()
        assert "strict" not in plain and plain == {k: v for k, v in expected.items()
                                                   if k not in ("strict", "plan", "guess")}
        kinds.add((expected["laid_down"], expected["strict"], "plan" in expected, "guess" in expected))
    assert kinds == {(True, True, True, False), (True, False, False, True), (False, False, False, False)}
