"""One claim API for every table (issue 31): ``analyzer.claims.check`` reads the claim JSON of
three, four or two players and answers with one ClaimResult and one JSON shape; the three
checks behind it agree with it; the options only three players have are refused in one line."""
from __future__ import annotations

import random

import pytest
from test_four_players import random_position4
from test_two_players import random_position2

from analyzer import claims
from analyzer.claims2 import check_claim2
from analyzer.claims4 import check_claim4
from analyzer.errors import MariasError
from analyzer.rules import Position

COMMON = {"laid_down", "distributions", "components", "counterexample"}


def _claims() -> list[dict]:
    rng = random.Random(3142)
    out = [{"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8", "trump": "h", "contract": "game"},
           {"hands": ["hA b7", None, None], "unseen": "h7 h8 hK b8", "trump": "h", "contract": "game"}]
    out += [random_position4(rng, 2, contract) for contract in ("game", "seven", "betl", "durch") for _ in range(3)]
    out += [random_position2(rng, 3, contract) for contract in ("game", "seven", "hundred") for _ in range(3)]
    return out


@pytest.mark.parametrize("data", _claims())
def test_every_table_answers_with_one_shape(data: dict) -> None:
    result = claims.check(data)
    out = result.to_json()
    players = data.get("players", 3)
    assert COMMON <= set(out) and result.players == players
    assert out["laid_down"] == result.laid_down and out["distributions"] == result.distributions > 0
    if result.counterexample is not None:
        assert set(out["counterexample"]) == {"hands", "component", "line", "position"}
        assert out["components"][result.component] is False and not result.laid_down
    if players == 4:
        alone = check_claim4(Position.from_json(data))
        assert out == alone.to_json() and out["partner"] == out["assumed"]
    elif players == 2:
        assert out == check_claim2(Position.from_json(data)).to_json()
        assert {"worlds", "ruled_out", "assumed", "perfect_information"} <= set(out) and "partner" not in out
    else:
        assert set(out) == COMMON


def test_the_number_of_redistributions_is_told_before_the_search() -> None:
    told: list[int] = []
    data = random_position4(random.Random(1), 2, "game")
    result = claims.check(data, total=told.append)
    assert told == [result.distributions]


@pytest.mark.parametrize("players, option, word", [(4, "count", "--count"), (4, "time_limit", "--time-limit"),
                                                   (2, "strict", "--strict"), (2, "consistent", "consistent")])
def test_three_player_options_are_refused_for_other_tables(players: int, option: str, word: str) -> None:
    rng = random.Random(7)
    data = random_position4(rng, 2, "game") if players == 4 else random_position2(rng, 2, "game")
    names = {"count": "--count", "time_limit": "--time-limit", "strict": "--strict"}
    with pytest.raises(MariasError, match=f"{word} is for three players"):
        claims.check(data, names=names, **{option: 1.0 if option == "time_limit" else True})
