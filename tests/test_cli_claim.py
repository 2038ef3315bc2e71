"""The ``marias claim`` command: verdicts, the counterexample drawing, JSON, options, bad input."""
from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner

from analyzer.cards import Card
from analyzer.cli import main
from analyzer.rules import Position, replay
from analyzer.solver import Solver

LAID = {"hands": ["hA hK hO bA bK lA lK aA aK aO", None, None], "contract": "durch", "talon": "h8 b8"}
NOT_LAID = {"hands": ["hA hK hO bA bK lA lK aA aK a7", None, None], "contract": "durch", "talon": "h8 b8"}
SMALL = {"hands": ["hA hX b7", None, None], "unseen": "h7 hK bA b8 l7 l8", "trump": "h", "contract": "game",
         "actor": 0, "leader": 0}


def run(*args: str, claim: dict | None = None, stdin: str | None = None):
    text = json.dumps(claim) if claim is not None else stdin
    return CliRunner().invoke(main, ["claim", *args] if args else ["claim"], input=text)


def test_laid_down_claim_in_text() -> None:
    result = run("-", claim=LAID)
    assert result.exit_code == 0, result.output
    assert "Verdict: laid down (184756 redistributions checked)" in result.stdout
    assert "unseen (1: 10, 2: 10 cards)" in result.stdout
    assert "Counterexample" not in result.stdout


def test_not_laid_down_claim_draws_the_deal_and_the_line() -> None:
    result = run("-", "--unicode", claim=NOT_LAID)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Verdict: not laid down" in out
    assert "Counterexample (durch fails):" in out
    assert "1 zadák (defence)" in out and "2 dealer (defence)" in out and "♣" in out
    assert out.count(" -> seat ") == 10 and ("-> seat 1" in out or "-> seat 2" in out)


def test_json_payload_and_counterexample_fail_on_their_own() -> None:
    result = run("-", "--json", claim=NOT_LAID)
    assert result.exit_code == 0
    payload = json.loads(result.stdout)  # stdout carries the payload alone
    assert set(payload) == {"laid_down", "distributions", "components", "counterexample"}
    assert payload["laid_down"] is False and payload["components"] == {"durch": False}
    example = payload["counterexample"]
    position = Position.from_json(example["position"])
    assert example["hands"] == [str(h) for h in position.hands]
    assert not Solver().makes(position)
    replay(position, [Card.from_str(c) for c in example["line"]])  # raises at an illegal card


def test_count_and_component_options() -> None:
    counted = {**SMALL, "hands": ["hA h9 bX", None, None], "unseen": "hX hK bA b8 l7 l8"}
    payload = json.loads(run("-", "--json", "--count", claim=counted).stdout)
    # Every way to deal the six unseen cards 3 + 3, each solved on its own.
    unseen = counted["unseen"].split()
    deals = [{**counted, "hands": [counted["hands"][0], " ".join(first), " ".join(c for c in unseen if c not in first)]}
             for first in itertools.combinations(unseen, 3)]
    solver = Solver()
    wins = sum(solver.makes(Position.from_json({k: v for k, v in d.items() if k != "unseen"})) for d in deals)
    assert 0 < wins < len(deals)  # the example decides something
    assert (payload["distributions"], payload["winning"]) == (len(deals), wins)
    seven = {**SMALL, "contract": "seven", "hands": ["hA h7 b7", None, None], "unseen": "hX hK bA b8 l7 l8"}
    text = run("-", "--count", "--component", "seven", "--component", "game", claim=seven).stdout
    assert "seven: " in text and "game: " in text and "the actor makes it in " in text


def test_consistent_option_uses_the_played_tricks() -> None:
    # Trick 1: forehand (the actor) leads bA; zadák throws h9, so he has no bells (nor leaves: trump).
    claim = {"hands": ["hA hX b7", None, None], "unseen": "hK hO aK b9 b8 l7", "trump": "l", "contract": "game",
             "actor": 0, "talon": "a7 a8", "played": [["bA", "h9", "bX"]]}
    loose = json.loads(run("-", "--json", "--count", claim=claim).stdout)
    tight = json.loads(run("-", "--json", "--count", "--consistent", claim=claim).stdout)
    assert loose["distributions"] == 20 and tight["distributions"] == 1


@pytest.mark.parametrize("stdin, message", [
    ("{", "not valid JSON"),
    ('{"hands": ["hA", null, null], "unseen": "h7 zz", "trump": "h"}', "unknown card 'zz'"),
    ('{"hands": ["hA", null, null], "unseen": "h7", "trump": "h"}', "defenders hold 1 + 1"),
    ('{"hands": ["hA", null, null], "unseen": "h7 h8", "trump": "h", "contract": "hundred-against"}', "defence"),
    ('{"hands": ["hA", null, null], "unseen": "h7 h8", "trump": "h", "played": [["hK"]]}', "1 cards, not 3"),
])
def test_bad_input_is_one_line_and_exit_2(stdin: str, message: str) -> None:
    result = run("-", stdin=stdin)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("marias: ")
    assert result.stdout == ""


def test_bad_component_is_exit_2() -> None:
    result = run("-", "--component", "betl", claim=SMALL)
    assert result.exit_code == 2 and "no component 'betl'" in result.stderr
