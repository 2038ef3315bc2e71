"""Tysiacha on the board's JSON API (docs/board.md, "Tysiacha"), through Starlette's test client:
each answer is the object ``marias tysiacha ... --json`` prints (one set of names; only the
work's own ``seconds`` and ``nodes`` may differ), playing on the board agrees with the solver's
move values, a declaration turns trumps, bad input is a one-line 400, and the claim and advice
run as jobs that a DELETE cancels within a fraction of a second."""
from __future__ import annotations

import json
import threading
import time

import pytest
from click.testing import CliRunner
from test_web_api import client  # noqa: F401 (the fixture: a test client of create_app(max_jobs=2))

from analyzer.cancel import Cancelled, Scope
from analyzer.cli import main
from analyzer.tysiacha.claim import check_claim
from analyzer.tysiacha.game import Rules
from analyzer.tysiacha.position import parse_position
from analyzer.tysiacha.solver import solve

from analyzer.web.jobs import JobCancelled

ENDGAME = "hA hX hK hO / bA bX bK bO / lA lX lK lO ; taken=0,0,30"
STRONG = ("hA hX hK hO bA bX aA aX / h9 hU b9 bU bO bK lA lX / a9 aU aO aK l9 lU lO lK ; "
          "declarer=0 bid=120 passed=lX,lK")
# trumps in hearts declared by seat 1, a trick under way, seat 2 to move with a marriage of his own
MIDDLE = ("bA bX / lA l9 / aK aO ; declarer=1 bid=140 leader=2 trick=- trump=h declared=1h "
          "taken=20,51,10")
LEADS = "hA hK hO / lA lK lO / aA aK aO ; declarer=0 bid=100 leader=0 taken=30,26,10"
# four tricks to go of a full deal: 924 splits, not laid down in 172 of them for 40 (chunks of 16)
MID = ("hO lX lO aX aO a9 / hX bA bK bO aA aU / hK bX b9 lK lU aK ; declarer=0 bid=100 taken=26,0,0 "
       "passed=h9,l9")
POSITIONS = [ENDGAME, STRONG, MIDDLE, LEADS, MID]
WORK = ("seconds", "nodes")  # the work's own figures: the search's tables differ between processes


def doc(text: str) -> dict:
    return parse_position(text).to_dict()


def cli(*args: str) -> dict:
    result = CliRunner().invoke(main, ["tysiacha", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def same(web: dict, cli_: dict) -> None:
    assert set(web) == set(cli_)
    assert {k: v for k, v in web.items() if k not in WORK} == {k: v for k, v in cli_.items() if k not in WORK}


def wait_for(client, job_id: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while (state := client.get(f"/api/jobs/{job_id}").json())["state"] == "running":
        assert time.monotonic() < deadline, state
        time.sleep(0.05)
    return state


@pytest.mark.parametrize("text", POSITIONS)
def test_solve_is_the_cli_json(client, text: str) -> None:  # noqa: F811 (the fixture)
    answer = client.post("/api/solve", json=doc(text))
    assert answer.status_code == 200, answer.text
    same(answer.json(), cli("solve", text))


def test_solve_rule_options_are_the_clis(client) -> None:  # noqa: F811 (the fixture)
    answer = client.post("/api/solve?marriages=german&any_lead=1&must_beat=1", json=doc(LEADS)).json()
    same(answer, cli("solve", LEADS, "--marriages", "german", "--any-lead", "--must-beat"))
    plain = client.post("/api/solve", json=doc(LEADS)).json()
    assert answer["moves"] != plain["moves"]  # the options reach the search (German values, any lead)


@pytest.mark.parametrize("text, options", [(STRONG, ""), (ENDGAME, "?count=1"), (ENDGAME, "?count=1&target=190"),
                                           (MIDDLE, "?target=150")])
def test_claim_is_the_cli_json(client, text: str, options: str) -> None:  # noqa: F811 (the fixture)
    answer = client.post(f"/api/claim{options}", json=doc(text))
    assert answer.status_code == 200, answer.text
    args = [a for o in options.lstrip("?").split("&") if o for a in
            (["--count"] if o == "count=1" else ["--target", o.split("=")[1]])]
    same(answer.json(), cli("claim", text, *args))


def test_claim_job_counts_every_split(client) -> None:  # noqa: F811 (the fixture)
    job = client.post("/api/jobs/claim", json=doc(STRONG))
    assert job.status_code == 202 and job.headers["location"] == f"/api/jobs/{job.json()['id']}"
    state = wait_for(client, job.json()["id"])
    assert state["state"] == "done" and state["total"] == state["done"] == 3432
    assert state["result"]["laid_down"] is True and state["result"]["distributions"] == 3432


@pytest.mark.parametrize("request_, args", [
    ({"hand": "hA hX hK hO bA bX aA aX lX lK", "bid": 120, "choose_worlds": 8, "report_worlds": 30, "seed": 3},
     ["hA hX hK hO bA bX aA aX lX lK", "--bid", "120", "--choose-worlds", "8", "--report-worlds", "30", "--seed",
      "3"]),
    ({"hand": "hA hX hK hO bA lA a9", "widows": 3, "choose_worlds": 2, "report_worlds": 3, "candidates": 1,
      "marriages": "german"},
     ["hA hX hK hO bA lA a9", "--widows", "3", "--choose-worlds", "2", "--report-worlds", "3", "--candidates", "1",
      "--marriages", "german"]),
])
def test_advise_is_the_cli_json(client, request_: dict, args: list[str]) -> None:  # noqa: F811 (the fixture)
    answer = client.post("/api/advise", json={"game": "tysiacha", **request_})
    assert answer.status_code == 200, answer.text
    same(answer.json(), cli("advise", *args))


@pytest.mark.parametrize("request_, args", [
    ({"bid": 130, "points": [160, 30, 20]}, ["--bid", "130", "--points", "160,30,20"]),
    ({"bid": 130, "points": [80, 33, 7], "declarer": 1, "scoring": "standard", "rounding": "polish"},
     ["--bid", "130", "--points", "80,33,7", "--declarer", "1", "--scoring", "standard", "--rounding", "polish"]),
    ({"bid": 120, "declarer": 2, "concede": True}, ["--bid", "120", "--declarer", "2", "--concede"]),
])
def test_score_is_the_cli_json(client, request_: dict, args: list[str]) -> None:  # noqa: F811 (the fixture)
    answer = client.post("/api/score", json={"game": "tysiacha", **request_})
    assert answer.status_code == 200, answer.text
    assert answer.json() == cli("score", *args)


def test_the_seeds_scoring_example(client) -> None:  # noqa: F811 (the fixture)
    """Bid 130: a total of 160 scores +30, one of 80 scores -50 (docs/rules.md)."""
    for points, score in ((160, 30), (80, -50)):
        answer = client.post("/api/score", json={"game": "tysiacha", "bid": 130, "points": [points, 20, 20]})
        assert answer.json()["scores"][0] == score


def test_deal_is_seeded_and_at_the_start_of_play(client) -> None:  # noqa: F811 (the fixture)
    one = client.post("/api/deal", json={"game": "tysiacha", "seed": 5}).json()
    assert one == client.post("/api/deal", json={"game": "tysiacha", "seed": 5}).json()
    assert one != client.post("/api/deal", json={"game": "tysiacha", "seed": 6}).json()
    p = parse_position(" / ".join(one["hands"]) + f" ; passed={','.join(one['passed'])}")
    assert [len(h) for h in p.hands] == [8, 8, 8] and one["game"] == "tysiacha" and len(one["passed"]) == 2


def test_board_plays_a_declaration_and_trumps_turn(client) -> None:  # noqa: F811 (the fixture)
    """On the board, hO+ declares hearts: trumps turn to hearts, the declarer's 100 counts, and
    every answer's values are the solver's of the position reached."""
    start = doc(ENDGAME)
    view = client.post("/api/board", json={"position": start, "cards": []}).json()
    assert view["position"]["trump"] is None and set(view["legal"]) == {"hA", "hX", "hK", "hO", "hK+", "hO+"}
    assert view["solve"]["total"] == 184
    values = {m["move"]: m["total"] for m in view["solve"]["moves"]}
    view = client.post("/api/board", json={"position": start, "cards": ["hO+"]}).json()
    assert view["position"]["trump"] == "h" and view["position"]["declared"] == [[0, "h"]]
    assert view["declarer_points"] == 100 and view["solve"]["total"] == values["hO+"]
    same(view["solve"], solve(parse_position(ENDGAME).play("hO+")).to_dict())
    view = client.post("/api/board", json={"position": start, "cards": ["hO", "bO", "lO"]}).json()
    assert view["position"]["trump"] is None and view["tricks"] == [
        {"cards": ["hO", "bO", "lO"], "players": [0, 1, 2], "winner": 0, "points": 9}]
    assert view["solve"]["total"] == values["hO"]


def test_board_plays_to_the_end_along_the_line(client) -> None:  # noqa: F811 (the fixture)
    start = doc(ENDGAME)
    line = [m["move"] for m in client.post("/api/solve", json=start).json()["line"]]
    view = client.post("/api/board", json={"position": start, "cards": line}).json()
    assert view["finished"] and view["solve"] is None and view["legal"] == []
    assert view["result"] == {"total": 184, "bid": 100, "makes": True} and len(view["tricks"]) == 4


BAD = [
    ("/api/solve", {"game": "tysiacha", "hands": [1, 2, 3]}),
    ("/api/solve", {"game": "tysiacha", "hands": ["h7", "", ""]}),
    ("/api/solve", {"game": "tysiacha", "hands": ["hA", "bA", "lA"], "colour": 1}),
    ("/api/solve?marriages=polish", doc(ENDGAME)),
    ("/api/solve?any_lead=maybe", doc(ENDGAME)),
    ("/api/solve", doc("- / - / - ; taken=0,0,0")),
    ("/api/board", {"position": doc(ENDGAME), "cards": ["bA"]}),
    ("/api/board", {"position": doc(ENDGAME), "cards": ["hA+"]}),
    ("/api/board", {"position": doc(ENDGAME), "cards": [7]}),
    ("/api/board", {"position": doc(ENDGAME), "moves": []}),
    ("/api/claim", {"game": "tysiacha", "hands": "hA"}),
    ("/api/claim?target=x", doc(STRONG)),
    ("/api/jobs/claim", {"game": "tysiacha", "hands": ["hA hA", "", ""]}),
    ("/api/advise", {"game": "tysiacha", "hand": "hA hX"}),
    ("/api/advise", {"game": "tysiacha", "hand": "h7 hX hK hO bA bX aA aX lX lK"}),
    ("/api/advise", {"game": "tysiacha", "hand": "hA hX hK hO bA bX aA", "widows": 681}),
    ("/api/jobs/advise", {"game": "tysiacha", "hand": "hA hX hK hO bA bX aA", "report_worlds": 5000}),
    ("/api/jobs/advise", {"game": "tysiacha", "hand": "hA hX hK hO bA bX aA", "worlds": 5}),
    ("/api/score", {"game": "tysiacha", "bid": 100, "points": [1, 2]}),
    ("/api/score", {"game": "tysiacha", "bid": 100, "points": [1, 2, 3], "concede": True}),
    ("/api/score", {"game": "tysiacha", "bid": 100, "scoring": "polish", "points": [1, 2, 3]}),
    ("/api/score", {"bid": 100, "points": [1, 2, 3]}),
    ("/api/deal", {"game": "tysiacha", "seed": -1}),
]


@pytest.mark.parametrize("path, body", BAD)
def test_bad_input_is_a_one_line_400(client, path: str, body: dict) -> None:  # noqa: F811 (the fixture)
    answer = client.post(path, json=body)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error and "\n" not in error and "Traceback" not in error


def test_cancelling_a_claim_job(client) -> None:  # noqa: F811 (the fixture)
    """An exact count over the 3,432 splits of a full deal (seconds of search) cancelled at once:
    cancelled with part of the splits answered, no result, its slot free again."""
    deal = client.post("/api/deal", json={"game": "tysiacha", "seed": 3}).json()
    job = client.post("/api/jobs/claim?count=1&target=60", json=deal).json()
    time.sleep(0.3)
    started = time.monotonic()
    answer = client.delete(f"/api/jobs/{job['id']}").json()
    assert time.monotonic() - started < 3
    assert answer["state"] == "cancelled" and answer["result"] is None and answer["done"] < 3432
    assert client.app.state.jobs.running() == 0


def test_cancelling_an_advice_job(client) -> None:  # noqa: F811 (the fixture)
    job = client.post("/api/jobs/advise", json={"game": "tysiacha", "hand": "hA hX hK hO bA lA a9",
                                                 "widows": 680}).json()
    time.sleep(0.3)
    answer = client.delete(f"/api/jobs/{job['id']}").json()
    assert answer["state"] == "cancelled" and answer["result"] is None and answer["done"] < 1000
    assert client.app.state.jobs.running() == 0


def test_a_cancelled_scope_stops_the_claim_between_chunks() -> None:
    position = parse_position(STRONG)
    calls: list[int] = []

    def progress(n: int) -> None:
        calls.append(n)
        raise JobCancelled("stop")

    with pytest.raises(JobCancelled):
        check_claim(position, rules=Rules(), count=True, progress=progress)
    assert calls == [16]
    scope = Scope()
    scope.cancel("stop")
    with scope.opened(), pytest.raises(Cancelled):
        check_claim(position, count=True)


def test_chunks_do_not_change_the_claim() -> None:
    """The claim in chunks of 16 answers what one batch did: the count of failing splits and,
    from fresh tables, the nodes (a new thread has a fresh search context)."""
    from analyzer._core import TysiachaSearch
    from analyzer.tysiacha.claim import splits

    position = parse_position(MID)
    _, worlds = splits(position)
    for target in (40, 50):
        got: list = []
        seen: list[int] = []
        thread = threading.Thread(target=lambda: got.append(check_claim(position, target, count=True,
                                                                        progress=seen.append)))
        thread.start()
        thread.join()
        result = got[0]
        one = TysiachaSearch(18)
        out, done = one.batch(Rules().core_game(0), position.core_state(), worlds,
                              target - position.declarer_points(Rules()))
        assert sum(seen) == result.answered == done == 924 and seen == [16] * 57 + [12]
        assert 0 < result.failing == int((out == 0).sum()) < 924
        assert result.nodes == one.nodes
