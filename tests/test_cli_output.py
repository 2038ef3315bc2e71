"""Output a player can check: totals that add up, the line of its goal, who takes each trick,
trick numbers that continue, cards best first, claim wording, the payment."""
from __future__ import annotations

import json
import random
import re

from click.testing import CliRunner
from randpos import random_position
from reference import reference_solve

from analyzer.cli import main
from analyzer.examples import example, path
from analyzer.rules import Position
from analyzer.solver import fixed_marriages


def run(*args: str, stdin: str | None = None):
    if args[0] == "solve":  # random positions put aces and tens in csm talons (csm 7.2: test_talon_rule.py)
        args = (*args, "--sharp-talon")
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_totals_add_up_and_decide_the_game_on_random_positions() -> None:
    rng = random.Random(21)
    seen = 0
    while seen < 40:
        data = random_position(rng, rng.randint(1, 4), contract=rng.choice(["game", "seven", "hundred", "hundred-against", "hundred-seven"]),
                               marriage_rule="czech")
        position = Position.from_json(data)
        ref = reference_solve(position.to_json())
        text = run("solve", "-", stdin=json.dumps(position.to_json()))
        rows = dict(re.findall(r"^  (actor|defence) .* = (-?\d+)$", text, re.MULTILINE))
        want_a = position.score[0] + fixed_marriages(position, 0) + ref["actor_points"]
        want_d = position.score[1] + fixed_marriages(position, 1) + position.talon.points + ref["defence_points"]
        assert (int(rows["actor"]), int(rows["defence"])) == (want_a, want_d), text
        for name in ("hundred", "hundred-against"):
            if name in position.contract.components:
                total = int(re.search(rf"^  {name}: .* = (\d+) (>=|<) 100$", text, re.MULTILINE).group(1))
                assert (total >= 100) == ref["components"].get(name, ref["makes"]), text
        if "game" in position.contract.components:
            assert f"game: actor {want_a} {'>' if want_a > want_d else '<'} defence {want_d}" in text
            assert (want_a > want_d) == ref["components"].get("game", ref["makes"])
        seen += 1


def test_the_points_line_adds_up_to_the_actors_points() -> None:
    rng = random.Random(22)
    for _ in range(60):
        position = Position.from_json(random_position(rng, rng.randint(1, 5), contract="game", marriage_rule="czech"))
        out = json.loads(run("solve", "-", "--json", stdin=json.dumps(position.to_json())))
        assert out["line_goal"] == "points"
        taken = sum(t["points"] for t in out["tricks"] if t["winner"] is not None and position.side(t["winner"]) == 0)
        assert taken == out["actor_points"]
        assert [c for t in out["tricks"] for c in t["cards"]] == [str(c) for c in position.trick] + out["line"]


def test_the_sevens_line_says_whose_it_is_and_shows_the_sevens_fate() -> None:
    text = run("solve", str(path("seven")))
    assert "Line, best play for the seven; not the line of the totals above:" in text
    assert re.search(r"10\. .*\[h7 wins\]", text)
    assert ", 10" not in text.split("Line,")[1]  # no points on a line not played for the points


def test_betl_and_durch_lines_show_who_takes_each_trick() -> None:
    text = run("solve", str(path("betl_one_card")))
    tricks = re.findall(r"^ +\d+\. .* -> seat (\d) \((actor|defence)\) takes it$", text, re.MULTILINE)
    assert tricks and tricks[-1] == ("0", "actor") and all(who == "defence" for _, who in tricks[:-1])
    assert "the betl decided" in text
    durch = run("solve", str(path("durch")))
    assert durch.count("(actor) takes it") == 10


def test_trick_numbers_continue_after_the_tricks_played() -> None:
    text = run("solve", str(path("mid_trick")))
    numbers = [int(n) for n in re.findall(r"^ +(\d+)\. ", text, re.MULTILINE)]
    assert numbers == [7, 8, 9, 10] and "(2:aX)" in text


def test_cards_best_first_for_the_side_to_move_best_marked() -> None:
    rng = random.Random(23)
    for _ in range(30):
        position = Position.from_json(random_position(rng, rng.randint(2, 4), contract="game"))
        values = json.loads(run("solve", "-", "--json", "--cards", stdin=json.dumps(position.to_json())))["card_values"]
        text = run("solve", "-", "--cards", stdin=json.dumps(position.to_json())).split("Cards of ")[1]
        rows = re.findall(r"^ ([* ]) (\w\w): ", text, re.MULTILINE)
        side = position.side(position.to_move)

        def own(card: str, values: dict = values, side: int = side) -> tuple[int, int]:
            v = values[card]
            return int(v["makes"] != side), v["hra_value"] * (1 if side == 0 else -1)

        keys = [own(card) for _, card in rows]
        assert {c: mark for mark, c in rows} == {c: "*" if own(c) == max(keys) else " " for c in values}
        assert keys == sorted(keys, reverse=True) and rows[0][0] == "*"
        assert f"best first for the {'actor' if side == 0 else 'defence'}" in text


def test_cards_in_unicode_and_the_announced_seven_held_back() -> None:
    text = run("solve", str(path("two_sevens")), "--cards", "--unicode")
    assert "♥7: held back, the announced seven" in text and "♦7: held back" in text
    assert re.search(r"^ \* ♥A: ", text, re.MULTILINE)


def test_claim_wording() -> None:
    laid = run("claim", str(path("hundred_laid_down")))
    assert "Verdict: laid down (184756 redistributions checked)" in laid
    refuted = run("claim", str(path("claim_not_laid_down")))
    assert "Verdict: not laid down (a counterexample among 184756 redistributions)" in refuted
    assert "Counterexample (seven fails):" in refuted and "Totals under best play for the points:" in refuted


def test_payment_settles_the_deal_played_out_best() -> None:
    out = json.loads(run("solve", str(path("seven")), "--json", "--payment"))
    payments = out["payment"]["payments"]
    assert sum(float(p) for p in payments) == 0 and float(payments[0]) > 0
    text = run("solve", str(path("seven")), "--payment")
    assert "Payment with best play:" in text and "seven won" in text
    from analyzer.outcome import result_json
    from analyzer.solver import solve

    position = Position.from_json(example("seven"))
    result = result_json(position, solve(position))
    assert result["points"]["actor"] + result["points"]["defence"] + result["talon_points"] == 90
    assert result["trump_seven"] == {"seat": 0, "fate": "won"}


def test_the_hundreds_count_at_the_threshold_with_a_marriage() -> None:
    # Positions where the actor holds a marriage, the score set so the hundred is made exactly or
    # missed by 10: the printed count must agree with the reference either way.
    rng = random.Random(24)
    checked = 0
    while checked < 20:
        position = Position.from_json(random_position(rng, rng.randint(2, 4), contract="hundred",
                                                      marriage_rule="czech"))
        if not position.held_marriages(position.actor) or position.declared[0]:
            continue
        ref = reference_solve({**position.to_json(), "score": {"actor": 0, "defence": 0}})
        best = max(position.marriage_value(s) for s in position.held_marriages(position.actor))
        for miss in (0, 10):
            score = 100 - best - ref["actor_points"] - miss
            if score < 0:
                continue
            data = {**position.to_json(), "score": {"actor": score, "defence": position.score[1]}}
            text = run("solve", "-", stdin=json.dumps(data))
            total = int(re.search(r"^  hundred: .* = (\d+) (>=|<) 100$", text, re.MULTILINE).group(1))
            assert total == 100 - miss and (total >= 100) == reference_solve(data)["makes"], text
            checked += 1
