"""``marias claim`` with four players (analyzer.claims4): verdict, partner assumption, JSON keys,
hidden hands, counterexample, bad input; the verdicts held to the brute force of test_claims4."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from reference4 import reference4_solve
from test_claims4 import brute_force
from test_four_players import random_position4

from analyzer.cards import Card
from analyzer.cli import main
from analyzer.errors import MariasError
from analyzer.rules import Position, replay

HIDDEN = {"players": 4, "hands": ["hA b7 b8", None, None, None], "trump": "h", "contract": "game",
          "partner": "hK", "unseen": "h7 hK hX b9 bA l7 l8 l9 lA"}


def run(*args: str, claim: dict):
    return CliRunner().invoke(main, ["claim", "-", *args], input=json.dumps(claim))


def test_text_says_what_is_assumed_about_the_partner_and_draws_the_counterexample() -> None:
    result = run("--unicode", claim=HIDDEN)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "partner: the partner is whoever holds the called hK in each redistribution" in out
    assert "partner seat" not in out.splitlines()[0]  # one filled deal's partner is not shown as the claim's
    assert "unseen (1: 3, 2: 3, 3: 3 cards)" in out
    assert "Verdict: not laid down (a counterexample among 1680 redistributions" in out
    assert "Counterexample (game fails):" in out and "(partner)" in out and out.count(" -> seat ") == 3


def test_json_has_the_three_player_keys_and_the_four_player_ones() -> None:
    payload = json.loads(run("--json", claim=HIDDEN).stdout)
    assert set(payload) == {"laid_down", "distributions", "components", "counterexample",
                            "worlds", "ruled_out", "assumed", "partner"}
    assert payload["partner"] == payload["assumed"]  # the deprecated name of the same (issue 31)
    assert payload["laid_down"] is False and payload["components"] == {"game": False}
    assert payload["distributions"] == 1680 and 1 <= payload["worlds"] <= 1680
    example = payload["counterexample"]
    assert set(example) == {"hands", "component", "line", "position"}
    position = Position.from_json(example["position"])
    assert example["hands"] == [str(h) for h in position.hands]
    assert not reference4_solve(example["position"])["makes"]
    replay(position, [Card.from_str(c) for c in example["line"]])  # raises at an illegal card


def test_given_and_hidden_hands_agree_with_the_brute_force() -> None:
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for i in range(40):
        data = random_position4(rng, 2, ["game", "hundred", "betl", "durch"][i % 4])
        position = Position.from_json(data)
        expected = brute_force(position)
        given = json.loads(run("--json", claim=data).stdout)
        assert given["laid_down"] == expected, data
        others = [s for s in range(4) if s != position.actor]
        hidden = {**data, "hands": [h if s == position.actor else None for s, h in enumerate(data["hands"])],
                  "unseen": " ".join(str(c) for s in others for c in position.hands[s])}
        result = run("--json", claim=hidden)
        assert result.exit_code == 0, (hidden, result.output)
        assert json.loads(result.stdout)["laid_down"] == expected, hidden
        seen[expected] += 1
    assert seen[True] and seen[False]


def test_bad_input_is_one_line_and_exit_2() -> None:
    full = {"players": 4, "hands": ["hA hX hK hO bA bX lA aA", None, None, None], "trump": "h", "contract": "game"}
    cases = [
        (("--strict",), HIDDEN, "--strict is for three players"),
        (("--count",), HIDDEN, "--count is for three players"),
        ((), full, "more than 200000: claim later"),
        ((), {**HIDDEN, "unseen": "h7"}, "1 unseen cards, but the other hands hold 3 + 3 + 3"),
        ((), {**HIDDEN, "hands": ["hA b7 b8", "h7 hK hX", None, None]}, "or none of them"),
        ((), {**HIDDEN, "contract": "seven-against"}, "announced seven is seen with its announcer"),
        ((), {**HIDDEN, "hands": ["hA b7 b8", None, None]}, "list of four entries"),
    ]
    for args, claim, message in cases:
        result = run(*args, claim=claim)
        assert result.exit_code == 2, (claim, result.output)
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_the_web_claim_answers_with_the_same_keys() -> None:
    from analyzer.web.jobs import Job
    from analyzer.web.work import claim_work

    options = {"count": False, "consistent": False, "components": None, "strict": False}
    job = Job("1", "claim")
    payload = claim_work(HIDDEN, options)(job)
    assert payload == json.loads(run("--json", claim=HIDDEN).stdout) and job.total == 1680
    with pytest.raises(MariasError, match="strict is for three players"):
        claim_work(HIDDEN, {**options, "strict": True})(Job("2", "claim"))
