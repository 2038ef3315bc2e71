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
