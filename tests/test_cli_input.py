"""Input a player would type: the position as options, Czech names, lists and the grouped form,
choices in --help, errors naming the right hand, bytes that are not UTF-8, Ctrl-C."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import common, main
from analyzer.examples import example, path

SEVEN = example("seven")


def run(*args: str, stdin: str | bytes | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def payload(*args: str, stdin: str | bytes | None = None) -> dict:
    result = run(*args, "--json", stdin=stdin)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_solve_from_options_equals_solve_from_the_file() -> None:
    from_file = payload("solve", str(path("seven")))
    options = ["--hands", *SEVEN["hands"], "--trump", "h", "--contract", "sedma", "--actor", "0", "--leader", "0",
               "--talon", SEVEN["talon"]]
    assert payload("solve", *options) == from_file
    grouped = ["h: A K O U 9 7  b: A X  l: A  a: 8", "♥ X 8 ♦ K O 9 7 ♠ X K 8 ♣ A", "b: U 8  l: O U 9 7  a: X K O U"]
    assert payload("solve", "--hands", *grouped, "--trump", "♥", "--contract", "Sedma", "--talon", "a: 9 7") \
        == from_file


def test_json_takes_lists_none_and_czech_names() -> None:
    data = {**SEVEN, "hands": [h.split() for h in SEVEN["hands"]], "talon": SEVEN["talon"].split(),
            "contract": "sedma"}
    assert payload("solve", "-", stdin=json.dumps(data)) == payload("solve", str(path("seven")))
    betl = payload("solve", "-", stdin=json.dumps({**SEVEN, "contract": "malá", "trump": "none"}))
    assert betl["actor_points"] is None


def test_betl_over_a_trump_position_drops_the_trump() -> None:
    assert payload("solve", str(path("seven")), "--contract", "betl")["actor_points"] is None
    refused = run("solve", str(path("seven")), "--contract", "betl", "--trump", "h")
    assert refused.exit_code == 2 and "without trumps" in refused.stderr


def test_claim_from_the_actors_hand_alone_equals_the_file() -> None:
    claim = example("hundred_laid_down")
    options = ["--hand", claim["hands"][0], "--trump", "h", "--contract", "kilo", "--talon", claim["talon"]]
    assert payload("claim", *options) == payload("claim", str(path("hundred_laid_down")))


def test_a_position_without_cards_is_refused() -> None:
    result = run("solve", "--hands", "-", "-", "-", "--trump", "h")
    assert result.exit_code == 2 and "no cards left to play" in result.stderr


def test_a_twelve_card_hand_is_told_to_lay_away_two() -> None:
    hands = ["hA hK hO hU h9 h8 h7 bA bK bO bU b9", "hX bX b8 b7 lA lK lO lU l9 l8", "l7 lX aA aK aO aU aX a9"]
    result = run("solve", "--hands", *hands, "--trump", "h")
    assert result.exit_code == 2 and "hand 0 holds 12 cards: lay away two cards first" in result.stderr


@pytest.mark.parametrize("hands, blamed", [
    (["hA", "h7 b7", "h8 b8"], "hand 0 holds 1 cards but should hold 2"),
    (["hA hX", "h7", "h8 b8"], "hand 1 holds 1 cards but should hold 2"),
    (["hA hX", "h7 b7", "h8 b8 bA"], "hand 2 holds 3 cards but should hold 2"),
])
def test_size_errors_name_the_hand_that_is_wrong(hands: list[str], blamed: str) -> None:
    result = run("solve", "--hands", *hands, "--trump", "h")
    assert result.exit_code == 2 and blamed in result.stderr


def test_help_lists_the_choices_and_h_is_help() -> None:
    text = run("solve", "-h").stdout
    for choice in ("game", "seven", "two-sevens", "open-betl"):
        assert choice in text
    assert "[h|b|l|a|none]" in text and "[0|1|2]" in text
    assert run("claim", "--help").stdout == run("claim", "-h").stdout


@pytest.mark.parametrize("args", [
    ["solve", "--bogus"], ["solve", "--trump", "q"], ["solve", "--actor", "3"], ["nonsense"],
    ["claim", "--time-limit", "-1"], ["solve", "--hands", "hA"], ["claim", "--component", "x"],
])
def test_usage_errors_are_one_line_and_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("marias: ") and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("raw, message", [
    (bytes(range(128, 256)), "is not UTF-8 text"),
    (json.dumps(SEVEN).encode("utf-16"), "is UTF-16 text"),
    (json.dumps(SEVEN).encode("utf-16-le")[:0] + b"\xff\xfe{", "is UTF-16 text"),
])
def test_bytes_that_are_not_utf8_are_one_line(raw: bytes, message: str) -> None:
    for command in ("solve", "claim", "review"):
        result = run(command, "-", stdin=raw)
        assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    raw = b"\xef\xbb\xbf" + json.dumps(SEVEN).encode()
    assert payload("solve", "-", stdin=raw) == payload("solve", str(path("seven")))


def test_waiting_on_a_terminal_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_isatty", lambda stream: True)
    result = run("solve", stdin=json.dumps(SEVEN))
    assert result.exit_code == 0 and "reading the position as JSON from the terminal" in result.stderr


def test_seat_and_leader_out_of_range_are_refused_by_the_position() -> None:
    from analyzer.errors import PositionError
    from analyzer.rules import Position

    position = Position.from_json(SEVEN)
    for change in ({"leader": 3}, {"actor": -1}):
        with pytest.raises(PositionError, match="must be a seat 0, 1 or 2"):
            position.replace(**change)


def test_claim_time_limit_and_claim_timeout_is_a_package_error() -> None:
    from analyzer.claims import ClaimTimeout
    from analyzer.errors import MariasError

    assert issubclass(ClaimTimeout, MariasError)
    result = run("claim", str(path("claim_not_laid_down")), "--count", "--time-limit", "0.001")
    assert result.exit_code == 2 and "not settled in 0.001 s" in result.stderr


def test_ctrl_c_is_one_line_and_130_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    from analyzer.solver import Solver

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Solver, "solve", interrupted)
    result = run("solve", str(path("seven")))
    assert result.exit_code == 130 and result.stderr == "marias: interrupted\n"


def test_ctrl_c_while_waiting_for_input_exits_130() -> None:
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    # the default action restored: a shell's background job starts with SIGINT ignored, and so would the child
    # (preexec_fn runs only signal.signal in the child, which takes no lock a thread could hold)
    proc = subprocess.Popen([sys.executable, "-m", "analyzer", "claim"], stdin=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    wchan = f"/proc/{proc.pid}/wchan"
    for _ in range(200):  # wait until it blocks reading standard input (Linux says so in wchan)
        time.sleep(0.1)
        if os.path.exists(wchan) and "pipe" in Path(wchan).read_text():
            break
    else:
        time.sleep(3)  # no /proc: give it time to start
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err.strip() == "marias: interrupted"


def test_claim_hands_with_hidden_defenders_and_another_actor() -> None:
    claim = example("hundred_laid_down")
    hidden = payload("claim", "--hands", claim["hands"][0], "?", "?", "--trump", "h", "--contract", "kilo",
                     "--talon", claim["talon"])
    assert hidden == payload("claim", str(path("hundred_laid_down")))
    # The same hand held by seat 1 (who then leads in the basic rules: the actor leads there).
    seat1 = payload("claim", "--hand", claim["hands"][0], "--actor", "1", "--trump", "h", "--contract", "kilo",
                    "--talon", claim["talon"], "--rules", "basic")
    assert seat1["laid_down"] is True and seat1["distributions"] == hidden["distributions"]
    both = run("claim", "--hand", "hA", "--hands", "hA", "?", "?")
    assert both.exit_code == 2 and "not both" in both.stderr
