"""The board's "seen from seat N" (POST /api/view, analyzer/web/static/view.js): the single-dummy
values of the side to move as ``marias solve --view`` gives them, and bad input as a 400."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from analyzer.rules import Position
from analyzer.single_dummy import single_dummy

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

    from analyzer.web import create_app

EXAMPLE = json.loads((Path(__file__).parent.parent / "analyzer" / "examples" / "seven.json").read_text())


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def test_values_of_the_side_to_move(client) -> None:
    start = Position.from_json(EXAMPLE)
    first = str(next(iter(start.legal_moves())))
    after = start.play(first)
    answer = client.post("/api/view", json={"position": EXAMPLE, "cards": [first], "seat": after.to_move,
                                            "worlds": 20, "seed": 3})
    assert answer.status_code == 200, answer.text
    payload = answer.json()
    expected = single_dummy(after, after.to_move, 20, 3).to_json()
    assert payload == {**expected, "to_move": after.to_move}
    other = (after.to_move + 1) % 3
    answer = client.post("/api/view", json={"position": EXAMPLE, "cards": [first], "seat": other})
    assert answer.status_code == 200 and answer.json()["card_values"] is None


def test_bad_input_and_the_page(client) -> None:
    for body in ({"position": EXAMPLE, "seat": 5}, {"position": EXAMPLE, "seat": 0, "cards": ["xx"]},
                 {"position": EXAMPLE, "seat": 0, "worlds": 10**6}, {"seat": 0}, {"position": EXAMPLE, "seat": 0, "x": 1}):
        answer = client.post("/api/view", json=body)
        assert answer.status_code == 400 and "\n" not in answer.json()["error"], body
    assert client.post("/api/view", content=b"{").status_code == 400
    assert "/static/view.js" in client.get("/").text
    assert "api/view" in client.get("/static/view.js").text


def test_the_review_judged_by_what_each_player_could_know(client) -> None:
    """POST /api/review?view=1: the JSON of ``marias review --view --json`` (the same keys), and
    without ``view`` the open-hand review as before; bad worlds or seed a 400 in one line."""
    from analyzer.review import review

    start = Position.from_json(EXAMPLE)
    cards = []
    position = start
    for _ in range(4):
        card = min(position.legal_moves(), key=int)
        cards.append(str(card))
        position = position.play(card)
    game = {**EXAMPLE, "played": [cards[:3], cards[3:]]}
    answer = client.post("/api/review?view=1&worlds=12&seed=2", json=game)
    assert answer.status_code == 200, answer.text
    assert answer.json() == json.loads(json.dumps(review(game, view=True, worlds=12, seed=2).to_json()))
    assert all(m["single_dummy"]["kind"] for m in answer.json()["moves"])
    plain = client.post("/api/review", json=game)
    assert plain.status_code == 200 and all("single_dummy" not in m for m in plain.json()["moves"])
    for query in ("view=1&worlds=1", "view=1&worlds=100000", "view=1&seed=-1", "view=maybe"):
        bad = client.post(f"/api/review?{query}", json=game)
        assert bad.status_code == 400 and "\n" not in bad.json()["error"], query
