"""The board in a real headless Chromium (Playwright): a whole session as a player has it.

Open the page, paste a known position, read the verdict and every card's value off the page
and hold them to the solver; play a card and go back (mouse and keyboard); run the laid-down
check and see its counterexample; switch to Czech; fit a phone's width. A screenshot of the
board is written (to MARIAS_BOARD_SCREENSHOT as well, when set: docs/figures/board.png).

Skipped when Playwright or a Chromium is missing, unless MARIAS_REQUIRE_BROWSER=1 (CI), which
makes a missing browser a failure.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyzer.claims import check_claim
from analyzer.rules import Position
from analyzer.solver import Solver
from analyzer.web.play import play

REQUIRED = os.environ.get("MARIAS_REQUIRE_BROWSER") == "1"
EXAMPLE = json.loads((Path(__file__).parent.parent / "analyzer" / "examples" / "seven.json").read_text())
# Not laid down: the durch of test_cli_claim, the defenders' hands given so the board can show them.
DURCH = {"hands": ["hA hK hO bA bK lA lK aA aK a7", "hX h9 h7 bX b9 b7 lX l9 l7 a9",
                   "hU h8 bO bU b8 lO lU l8 aO a8"], "contract": "durch", "talon": "aU aX", "actor": 0}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def _unavailable(reason: str):
    if REQUIRED:
        pytest.fail(f"MARIAS_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def _chromium() -> str | None:
    """The distribution's Chromium (CI installs it), or MARIAS_CHROMIUM; None: Playwright's own."""
    named = os.environ.get("MARIAS_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen([sys.executable, "-m", "analyzer", "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    line = process.stdout.readline()
    if not line.startswith("The analysis board is at "):
        process.kill()
        pytest.fail(f"marias serve did not start: {line!r} {process.stderr.read()}")
    yield line.split()[5]
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (pip install -e '.[web,test]')")
    with sync_playwright() as p:
        try:
            chromium = p.chromium.launch(executable_path=_chromium(), args=ARGS)
        except Error as exc:
            _unavailable(f"no Chromium could be started: {str(exc).splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.perf_counter()
    page.goto(server)
    page.wait_for_selector("body[data-ready=true]", timeout=15000)
    page.first_view_seconds = time.perf_counter() - started  # type: ignore[attr-defined]
    yield page
    context.close()
    assert errors == []


def paste(page, document: dict) -> None:
    page.click("#paste-box summary")
    page.fill("#paste", json.dumps(document))
    page.click("#load")
    hands = [str(h) for h in Position.from_json(document).hands]
    page.wait_for_function("(want) => [0, 1, 2].every(s => [...document.querySelectorAll(`#hand-${s} .card`)]"
                           ".map(e => e.dataset.card).join(' ') === want[s])", arg=hands, timeout=10000)
    # the hands can match the deal before this one (the same cards pasted in another spelling): the
    # set-up counts as loaded once the server has read it back (loadPasted clears state.canon at once)
    page.wait_for_function("() => state.canon !== null", timeout=30000)


def values_on_page(page) -> dict[str, dict]:
    """Every valued card on the board: data-card, data-makes, data-hra, data-best."""
    return page.eval_on_selector_all(
        ".hand.to-move button.legal",
        "els => Object.fromEntries(els.map(e => [e.dataset.card, {makes: e.dataset.makes === 'true',"
        " hra: e.dataset.hra === undefined ? null : Number(e.dataset.hra), best: e.dataset.best === 'true'}]))")


def expected_values(position: Position) -> dict[str, dict]:
    values = Solver().card_values(position)
    return {str(c): {"makes": v["makes"], "hra": v.get("hra_value")} for c, v in values.items()}


def wait_for_trick(page, cards: list[str]) -> None:
    page.wait_for_function("(want) => [...document.querySelectorAll('#trick .card')].map(e => e.dataset.card)"
                           ".join(' ') === want", arg=" ".join(cards), timeout=10000)


def test_a_whole_session(page, tmp_path) -> None:
    assert page.first_view_seconds < 5  # the benchmark holds the real figure (docs/benchmarks.md)
    start = Position.from_json(EXAMPLE)
    paste(page, EXAMPLE)
    solved = Solver().solve(start, True)
    page.wait_for_selector("#verdict[data-makes]")
    assert page.get_attribute("#verdict", "data-makes") == str(solved.makes).lower()
    assert "seven: makes" in page.inner_text("#verdict")
    assert page.get_attribute("#points", "data-actor") == str(solved.actor_points)
    shown = values_on_page(page)
    assert {c: {"makes": v["makes"], "hra": v["hra"]} for c, v in shown.items()} == expected_values(start)
    best = [c for c, v in shown.items() if v["best"]]
    assert best and all(shown[c]["hra"] == max(v["hra"] for v in shown.values()) for c in best)

    # play the best card with the mouse: the trick shows it, the next seat's values are the solver's
    card = best[0]
    page.click(f".hand.to-move button[data-card='{card}']")
    wait_for_trick(page, [card])
    after = play(start, [card]).position
    page.wait_for_selector("#hand-1.to-move button.legal[data-makes]")
    assert {c: {"makes": v["makes"], "hra": v["hra"]} for c, v in values_on_page(page).items()} \
        == expected_values(after)
    page.screenshot(path=str(tmp_path / "board.png"), full_page=True)
    assert (tmp_path / "board.png").stat().st_size > 10_000
    if os.environ.get("MARIAS_BOARD_SCREENSHOT"):  # the docs' picture (docs/figures/board.png)
        page.screenshot(path=os.environ["MARIAS_BOARD_SCREENSHOT"], full_page=False)

    # back with the button, forward and back with the keyboard
    page.click("#back")
    wait_for_trick(page, [])
    page.keyboard.press("ArrowRight")
    wait_for_trick(page, [card])
    page.keyboard.press("ArrowLeft")
    wait_for_trick(page, [])
    page.wait_for_selector("#hand-0.to-move button.legal[data-makes]")
    assert {c: {"makes": v["makes"], "hra": v["hra"]} for c, v in values_on_page(page).items()} \
        == expected_values(start)
    # "b" plays the first card of the solver's line: a best card (lines may differ, values not)
    page.keyboard.press("b")
    page.wait_for_function("() => document.querySelectorAll('#trick .card').length === 1")
    first = page.get_attribute("#trick .card", "data-card")
    assert first in best

    # the link carries the whole position: a fresh page opened on it shows the same
    link = page.url
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready=true]")
    wait_for_trick(other, [first])
    other.close()


def test_laid_down_check_shows_its_counterexample(page) -> None:
    paste(page, DURCH)
    page.wait_for_selector("#verdict[data-makes]")
    claim = dict(DURCH, hands=[DURCH["hands"][0], None, None])
    expected = check_claim(claim)
    assert not expected.laid_down
    page.click("#claim")
    page.wait_for_selector("#claim-verdict", timeout=30000)
    assert page.get_attribute("#claim-verdict", "data-laid-down") == "false"
    assert f"{expected.distributions} redistributions" in page.inner_text("#claim-verdict")
    shown = page.eval_on_selector_all(
        "#counterexample .hand", "els => els.map(e => [...e.querySelectorAll('.card')].map(c => c.dataset.card))")
    example = expected.counterexample
    assert [" ".join(cards) for cards in shown] == [str(example.position.hands[s]) for s in (1, 2)]
    assert example.component in page.inner_text("#counterexample")
    # the counterexample opens on the board with the defence's line ahead
    page.click("#open-counterexample")
    page.wait_for_selector("#verdict[data-makes=false]")
    line = page.evaluate("state.cards")
    assert len(line) >= 1
    page.click("#forward")
    wait_for_trick(page, line[:1])


def test_czech_and_a_phones_width(page) -> None:
    paste(page, EXAMPLE)
    page.wait_for_selector("#verdict[data-makes]")
    page.click("#lang-cs")
    assert page.inner_text("#verdict").startswith("sedma: aktér vyhrává")
    assert "srdce" in page.inner_text("#contract-line")
    assert page.get_attribute("html", "lang") == "cs"
    assert page.inner_text("#claim") == "Je hra ložená?"
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("#lang-en")
    assert page.inner_text("#claim") == "Is it laid down?"


def test_the_editor_builds_a_deal_by_clicking(page) -> None:
    page.click("#edit")
    page.wait_for_selector("#pack button[data-card='hA']")
    # a card clicked for its own place goes back to the pack: clear the deal that is there
    for card, where in page.eval_on_selector_all(
            "#pack button[aria-pressed=true]", "els => els.map(e => [e.dataset.card, e.querySelector('.where')"
            ".textContent])"):
        page.check(f"#targets input[value='{'talon' if where == 'Talon' else where}']")
        page.click(f"#pack button[data-card='{card}']")
    assert page.eval_on_selector_all("#pack button[aria-pressed=true]", "els => els.length") == 0
    layout = {"0": ["hA", "hX"], "1": ["h7", "b7"], "2": ["h8", "b8"]}
    for target, cards in layout.items():
        page.check(f"#targets input[value='{target}']")
        for card in cards:
            page.click(f"#pack button[data-card='{card}']")
    page.click("#apply")
    page.wait_for_function("() => document.querySelector('#hand-0') && "
                           "[...document.querySelectorAll('#hand-0 .card')].length === 2")
    page.wait_for_selector("#verdict[data-makes]")
    assert page.get_attribute("#verdict", "data-makes") == "true"
    assert page.inner_text("#hand-1").count("♥") == 1


def test_menus_review_and_the_best_line(page) -> None:
    game = dict(EXAMPLE, contract="game")
    paste(page, game)
    page.wait_for_selector("#verdict[data-makes]")
    page.select_option("#contract", "betl")
    page.wait_for_function("() => document.querySelector('#verdict').textContent.startsWith('betl')")
    betl = Position.from_json(dict(game, contract="betl", trump=None, leader=None))
    assert page.get_attribute("#verdict", "data-makes") == str(Solver().makes(betl)).lower()
    assert page.eval_on_selector_all(".hand.to-move button.legal[data-hra]", "els => els.length") == 0  # no trumps
    page.select_option("#contract", "game")
    page.wait_for_function("() => document.querySelector('#verdict').textContent.startsWith('game')")
    # the best line plays itself until stopped
    page.click("#line")
    page.wait_for_function("() => document.querySelectorAll('#tricks li').length >= 1", timeout=20000)
    page.click("#line")
    played = page.evaluate("state.at")
    assert played >= 3 and len(page.evaluate("state.cards")) == played
    # the review: every card of the solver's line is a best card (the values are exact, whatever line)
    page.click("#review")
    page.wait_for_selector("#review-table tbody tr")
    rows = page.eval_on_selector_all("#review-table tbody tr", "els => els.map(e => e.className)")
    assert len(rows) == played and not any(rows)


def test_pasting_card_text_with_the_play(page) -> None:
    game = Position.from_json(dict(EXAMPLE, contract="game"))
    paste(page, dict(EXAMPLE, contract="game"))  # the menus' contract and trump come from the board
    line = [str(c) for c in Solver().solve(game).line[:4]]
    text = "\n".join([str(h) for h in game.hands] + [str(game.talon), "play: " + " ".join(line)])
    page.click("#paste-box summary")
    page.fill("#paste", text)
    page.click("#load")
    wait_for_trick(page, line[3:])
    assert page.eval_on_selector_all("#tricks li", "els => els.length") == 1
    page.keyboard.press("Home")
    wait_for_trick(page, [])
    page.keyboard.press("ArrowRight")
    wait_for_trick(page, line[:1])


def test_advice_for_the_hand_on_the_board(page) -> None:
    """A random deal's actor asks for advice with few worlds: the table on the page is the one
    marias advise --json gives for the same hand, talon and seed, row by row, with its ± and n."""
    from analyzer.web.work import advise_json

    page.wait_for_selector("#verdict[data-makes]")
    start = page.evaluate("state.start")
    assert page.input_value("#advice-seat") == str(start["actor"])
    page.fill("#advice-worlds", "4")
    page.fill("#advice-seed", "2")
    page.click("#advise")
    page.wait_for_selector("#advice-table tbody tr", timeout=60000)
    expected = advise_json({"hand": start["hands"][start["actor"]], "talon": start["talon"], "seat": start["actor"],
                            "rules": start["rules"], "worlds": 4, "seed": 2})
    rows = page.eval_on_selector_all(
        "#advice-table tbody tr", "els => els.map(e => ({worlds: Number(e.dataset.worlds), contract: "
        "e.dataset.contract, payment: Number(e.dataset.payment), cells: [...e.cells].map(c => c.textContent)}))")
    assert len(rows) == len(expected["options"])
    for row, option in zip(rows, expected["options"]):
        assert (row["worlds"], row["contract"], row["payment"]) == \
            (option["worlds"], option["contract"], option["expected_payment"])
        p, (low, high) = option["p_make"]["makes"], option["ci95"]["makes"]
        if option["exact"]:
            shown = f"{100 * p:.1f} % (exact)"
        elif p <= 0:
            shown = f"{100 * p:.1f} % (≤ {100 * high:.1f} % at 95 %)"  # as the CLI: never "0.0 % ± 0.0"
        elif p >= 1:
            shown = f"{100 * p:.1f} % (≥ {100 * low:.1f} % at 95 %)"
        else:
            shown = f"{100 * p:.1f} % [{100 * low:.1f}–{100 * high:.1f} %]"
        assert row["cells"][2] == shown
        assert f"n = {option['worlds']}" in row["cells"][1]  # n under the option: the table fits its panel
    assert page.is_hidden("#advice-progress") and page.is_hidden("#advice-cancel")
    assert "seed 2" in page.inner_text("#advice-status")
    page.click("#lang-cs")
    assert page.inner_text("#advice-table thead").split("\t")[2].strip() == "vyhraje"


# The strict check's two kinds of answer, the defenders' hands given (one redistribution) so the
# board can show the deal: a plan (tests/test_strict.py's LAID) and a guess (the trump ten on
# either side of the tenace).
STRICT_LAID = {"hands": ["hA hU bK bO", "hK h8 lK aA", "lO lU l7 aX"], "trump": "h", "contract": "game",
               "actor": 0, "leader": 0}
STRICT_GUESS = {"hands": ["aA lK", "hX bX", "bA bO"], "trump": "b", "contract": "game", "actor": 2, "leader": 1,
                "score": {"actor": 40, "defence": 70}, "marriages": {"actor": "h", "defence": "a"}}


def hidden(document: dict) -> dict:
    actor = document["actor"]
    unseen = " ".join(h for s, h in enumerate(document["hands"]) if s != actor)
    return dict(document, hands=[h if s == actor else None for s, h in enumerate(document["hands"])], unseen=unseen)


def test_strict_check_shows_both_verdicts_and_the_plan_or_the_guess(page) -> None:
    from analyzer.strict import draw_plan

    paste(page, STRICT_LAID)
    page.wait_for_selector("#verdict[data-makes]")
    expected = check_claim(hidden(STRICT_LAID), strict=True).to_json()
    assert expected["strict"] is True
    page.check("#claim-strict")
    page.click("#claim")
    page.wait_for_selector("#strict-verdicts", timeout=60000)
    assert page.get_attribute("#verdict-open", "data-value") == "true"
    assert page.get_attribute("#verdict-strict", "data-value") == "true"
    steps = page.eval_on_selector_all("#plan .step", "els => els.map(e => [e.textContent, e.dataset.play || null])")
    lines = draw_plan(expected["plan"], max_lines=10**6).splitlines()
    assert len(steps) == len(lines) and steps[0] == ["1. play ♥ A", "hA"] and lines[0] == "1. play hA"
    # the same numbered steps, the same cards, in the order marias claim --strict prints them
    shown = [(text.split(".")[0], card) for text, card in steps if text[0].isdigit()]
    printed = [(ln.split(".")[0], ln.split("play ")[1] if ". play " in ln else None)
               for ln in (line.strip() for line in lines) if ln[0].isdigit()]
    assert shown == printed and len(shown) >= 2  # a card to play, then the sure plan (side-first) from there

    paste(page, STRICT_GUESS)
    page.wait_for_selector("#verdict[data-makes]")
    expected = check_claim(hidden(STRICT_GUESS), strict=True).to_json()
    assert expected["laid_down"] is True and expected["strict"] is False
    page.click("#claim")
    page.wait_for_selector("#guess", timeout=60000)
    assert page.get_attribute("#verdict-open", "data-value") == "true"
    assert page.get_attribute("#verdict-strict", "data-value") == "false"
    assert page.eval_on_selector_all("#guess .guess-row", "els => els.length") == 2
    # either redistribution opens on the board: its hands, the plays so far done, the losing line ahead
    option = expected["guess"]["redistributions"][1]
    page.click("#open-guess-1")
    after = [a.split(":")[1][:2] for a in expected["guess"]["after"]]
    wait_for_trick(page, after)
    # its hands (those after the plays so far) with those plays given back to their seats
    held = [set(h.split()) if h is not None else set(STRICT_GUESS["hands"][s].split())
            for s, h in enumerate(option["hands"])]
    for play_ in expected["guess"]["after"]:
        held[int(play_[0])].add(play_.split(":")[1][:2])
    assert [set(h.split()) for h in page.evaluate("state.start.hands")] == held
    line = page.evaluate("state.cards")
    assert line[:len(after)] == after and option["wrong"] in line[len(after):len(after) + 1]
