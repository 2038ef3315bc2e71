"""``marias solve --payment`` with what the table said (flek, flekers) and the csm 17 bonuses read
from the hand: it pays what ``marias score`` pays for the same result (issue 37).

The result JSON handed to ``score`` is built here from the solve's own JSON (its verdicts and
totals) and the deal (its marriages held, the trump seven's seat, the actor's hand and talon),
without analyzer.outcome, so that the two paths meet only in the settlement's rules.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from randpos import random_deal  # tests/ is on the path (conftest.py)

from analyzer.cards import SHARP_MASK, CardSet, Suit
from analyzer.cli import main
from analyzer.contract import Contract

EXAMPLES = Path(__file__).parent.parent / "analyzer" / "examples"
CZECH = {"game": "hra", "seven": "sedma", "hundred": "kilo", "betl": "betl", "durch": "durch"}


def run(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=stdin)


def score_input(data: dict[str, Any], solved: dict[str, Any], flek: dict[str, int]) -> dict[str, Any]:
    """The result JSON of the deal ``data`` played out as ``solved`` (solve --json) says."""
    contract = Contract.parse(data.get("contract", "game"))
    actor = data.get("actor", 0)
    hands = [CardSet.from_str(h) for h in data["hands"]]
    out: dict[str, Any] = {"rules": data.get("rules", "csm"), "contract": contract.value, "actor": actor,
                           "flek": flek, "hand": str(hands[actor])}
    if data.get("talon"):
        out["talon"] = data["talon"]
    if not contract.has_trumps:
        wanted = 0 if contract.components[0].endswith("betl") else 10
        out["actor_tricks"] = wanted if solved["makes"] else (1 if wanted == 0 else 9)
        return out
    trump = Suit.from_str(data["trump"])
    out["trump"] = trump.token
    out["points"] = {"actor": solved["actor_points"], "defence": solved["defence_points"]}
    married = [[s.token for s in Suit if CardSet.from_str(f"{s.token}K {s.token}O").mask & ~hands[seat].mask == 0]
               for seat in range(3)]
    out["marriages"] = {"actor": "".join(married[actor]),
                        "defence": "".join(m for seat in range(3) if seat != actor for m in married[seat])}
    comps = {**{name: solved["makes"] for name in contract.own_goal}, **solved["components"]}
    goal = next((n for n in ("seven", "two-sevens", "seven-against") if n in comps), None)
    if goal is not None:
        seven = CardSet.from_str(f"{trump.token}7")
        seat = next(s for s in range(3) if seven.mask & hands[s].mask)
        out["trump_seven"] = {"seat": seat, "fate": "won" if comps[goal] else "killed"}
    if data.get("side_suit"):
        out["side_suit"] = data["side_suit"]
        out["side_seven"] = {"seat": actor, "fate": "won" if comps["two-sevens"] else "killed"}
    return out


def both(data: dict[str, Any], flek: dict[str, int]) -> tuple[Any, Any]:
    """(solve --payment's outcome, score's outcome) as (exit, payment JSON or stderr)."""
    text = json.dumps(data)
    fleked = run("solve", "-", "--json", "--payment", "--flek", json.dumps(flek, ensure_ascii=False), stdin=text)
    solved = run("solve", "-", "--json", stdin=text)
    assert solved.exit_code == 0, solved.stderr
    scored = run("score", "-", "--json", stdin=json.dumps(score_input(data, json.loads(solved.stdout), flek)))
    mine = (fleked.exit_code, json.loads(fleked.stdout)["payment"] if fleked.exit_code == 0 else fleked.stderr)
    theirs = (scored.exit_code, json.loads(scored.stdout) if scored.exit_code == 0 else scored.stderr)
    return mine, theirs


def _fleks(rng: random.Random, contract: Contract) -> dict[str, int]:
    """Flek levels on the contract's components, Czech names and English both."""
    out = {}
    for name in contract.components:
        level = rng.choice([0, 0, 1, 1, 2, 3])
        if level:
            out[CZECH.get(name, name) if rng.random() < 0.5 else name] = level
    return out


@pytest.mark.parametrize("name", ["seven", "durch", "two_sevens", "betl_one_card"])
def test_payment_equals_score_on_the_examples(name: str) -> None:
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    contract = Contract.parse(data.get("contract", "game"))
    hand = CardSet.from_str(data["hands"][data.get("actor", 0)])
    if len(hand) != 10:
        pytest.skip("not a whole deal: no payment")
    for flek in ({}, {contract.components[0]: 1}, {CZECH.get(c, c): 2 for c in contract.components}):
        mine, theirs = both(data, flek)
        assert mine == theirs, (name, flek)


def test_the_bonus_is_counted_from_the_hand() -> None:
    """A seven on three trumps (csm 17): paid by solve --payment as score pays it with the hand."""
    data = {"hands": ["h7 h9 hA bA bX bK lA lX aA aX", "h8 hX hU bO b9 b7 lK l8 aK a8",
                      "hO hK b8 bU lO lU l9 l7 aO aU"],
            "talon": "a9 a7", "trump": "h", "contract": "seven", "actor": 0, "rules": "csm"}
    mine, theirs = both(data, {"hra": 1})
    assert mine == theirs
    assert mine[0] == 0
    assert any("sedma" in line["description"].lower() or "seven" in line["description"].lower()
               for line in mine[1]["lines"] if line["section"].startswith("csm 17"))


@pytest.mark.parametrize("contract", ["game", "seven", "hundred", "betl", "durch", "two-sevens", "seven-against"])
def test_payment_equals_score_on_generated_deals(contract: str) -> None:
    rng = random.Random(37)
    done = 0
    while done < 4:
        position = random_deal(rng, contract)
        if position.contract.has_trumps and position.talon.mask & SHARP_MASK:
            continue  # csm 7.2: not a deal the rules let happen
        data = position.to_json()
        flek = _fleks(rng, position.contract)
        mine, theirs = both(data, flek)
        assert mine == theirs, (data, flek)
        done += 1


def test_flek_in_the_position_and_its_errors() -> None:
    data = json.loads((EXAMPLES / "seven.json").read_text())
    given = run("solve", "-", "--json", "--payment", stdin=json.dumps({**data, "flek": {"sedma": 1}}))
    option = run("solve", "-", "--json", "--payment", "--flek", '{"seven": 1}', stdin=json.dumps(data))
    assert given.exit_code == option.exit_code == 0
    assert json.loads(given.stdout)["payment"] == json.loads(option.stdout)["payment"]
    for args, words in ((["--flek", '{"hra": 1}'], "add --payment"),
                        (["--payment", "--flek", "[1]"], "must be a JSON object"),
                        (["--payment", "--flek", "[" * 5000], "at most"),
                        (["--payment", "--flek", '{"hra": 99}'], "flek on game"),
                        (["--payment", "--flek", '{"nic": 1}'], "nic")):
        result = run("solve", "-", *args, stdin=json.dumps(data))
        assert result.exit_code == 2 and words in result.stderr, (args, result.stderr)
        assert result.stderr.count("\n") == 1
