"""csm 7.2: no ace or ten in the talon of a game with trumps. solve, claim and review refuse such
a talon at their input (one line, exit status 2) unless ``--sharp-talon`` (``"sharp_talon": true``)
allows it; the search itself takes any talon (issue 37). advise never discards one under csm."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import main
from analyzer.errors import PositionError
from analyzer.rules import Position

EXAMPLES = Path(__file__).parent.parent / "analyzer" / "examples"
SEVEN = json.loads((EXAMPLES / "seven.json").read_text())  # talon a9 a7; seat 2 holds aX
SHARP = {**SEVEN, "hands": [SEVEN["hands"][0], SEVEN["hands"][1], SEVEN["hands"][2].replace("aX", "a9")],
         "talon": "aX a7"}
CLAIM = {"hands": ["hA hK hO bA bK lA lK aA aK a8", None, None], "contract": "durch", "talon": "aX a7", "actor": 0}


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def refused(result) -> bool:
    return (result.exit_code == 2 and "csm 7.2" in result.stderr and "--sharp-talon" in result.stderr
            and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr)


def test_solve_refuses_a_sharp_csm_talon_unless_allowed() -> None:
    assert refused(run("solve", "-", stdin=json.dumps(SHARP)))
    assert refused(run("solve", "-", "--talon", "aA a7", "--json", stdin=json.dumps({**SEVEN, "hands": [
        SEVEN["hands"][0], SEVEN["hands"][1].replace("aA", "a9"), SEVEN["hands"][2]]})))
    allowed = run("solve", "-", "--sharp-talon", "--json", stdin=json.dumps(SHARP))
    assert allowed.exit_code == 0, allowed.stderr
    by_key = run("solve", "-", "--json", stdin=json.dumps({**SHARP, "sharp_talon": True}))
    assert by_key.stdout == allowed.stdout
    # the same position under the basic rules, or as a betl, is not csm 7.2's business
    assert run("solve", "-", "--json", "--rules", "basic", stdin=json.dumps(SHARP)).exit_code == 0
    assert run("solve", "-", "--json", "--contract", "betl", stdin=json.dumps(SHARP)).exit_code == 0


def test_claim_and_review_refuse_it_too() -> None:
    claim = {**CLAIM, "contract": "game", "trump": "h"}
    assert refused(run("claim", "-", stdin=json.dumps(claim)))
    assert run("claim", "-", "--sharp-talon", "--json", stdin=json.dumps(claim)).exit_code == 0
    assert run("claim", "-", "--json", stdin=json.dumps(CLAIM)).exit_code == 0  # durch: any discard
    game = json.loads((EXAMPLES / "game_review.json").read_text())
    assert run("review", "-", "--json", stdin=json.dumps(game)).exit_code == 0  # the example obeys 7.2
    sharp = {**game, "talon": "lO aX", "hands": [game["hands"][0], game["hands"][1].replace("aX", "a7"),
                                                 game["hands"][2]],
             "played": [[c.replace("aX", "a7") for c in trick] for trick in game["played"]]}
    assert refused(run("review", "-", stdin=json.dumps(sharp)))
    assert run("review", "-", "--sharp-talon", "--json", stdin=json.dumps(sharp)).exit_code == 0


def test_the_search_and_the_reader_take_any_talon() -> None:
    position = Position.from_json(SHARP)  # the reader does not refuse: the commands do
    with pytest.raises(PositionError, match="csm 7.2"):
        position.check_talon_rule()
    Position.from_json({**SHARP, "sharp_talon": True}).check_talon_rule()
    assert Position.from_json({**SHARP, "sharp_talon": True}).to_json()["sharp_talon"] is True
    assert "sharp_talon" not in position.to_json()
    with pytest.raises(PositionError, match="sharp_talon"):
        Position.from_json({**SHARP, "sharp_talon": "yes"})


def test_advise_never_discards_a_sharp_card_under_csm() -> None:
    twelve = " ".join([SEVEN["hands"][0], SEVEN["talon"]])
    result = run("advise", *twelve.split(), "--worlds", "2", "--json", "--all-discards", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    for option in json.loads(result.stdout)["options"]:
        if option.get("trump"):
            assert not any(card[1] in "AX" for card in option["discard"]), option


def test_the_web_api_refuses_as_the_commands_do() -> None:
    from analyzer.web.work import review_json, solve_json

    with pytest.raises(PositionError, match="csm 7.2"):
        solve_json(SHARP)
    assert solve_json({**SHARP, "sharp_talon": True}) == solve_json({**SHARP, "sharp_talon": True, "rules": "csm"})
    game = json.loads((EXAMPLES / "game_review.json").read_text())
    with pytest.raises(PositionError, match="csm 7.2"):
        review_json({**game, "talon": "lO aX", "hands": [game["hands"][0], game["hands"][1].replace("aX", "a7"),
                                                          game["hands"][2]],
                     "played": [[c.replace("aX", "a7") for c in trick] for trick in game["played"]]})
