"""The board in headless Chromium, as issue 37's csm player used it: the advice belongs to the deal
on screen, a pasted deal without its defaults or in the grouped notation is advised (an Advise
clicked while the server still reads it waits for it), the advice
table fits its panel at 1280 and 390 px, the tricks are numbered once, the set-up's menus stay the
set-up's, the counterexample's line has its seats and tricks, and the end of the play shows the
result and the payment. Skipped as tests/test_web_browser.py is, without a browser."""
from __future__ import annotations

import json

from test_web_browser import DURCH, EXAMPLE, STRICT_LAID, browser, page, paste, server  # noqa: F401 (fixtures)

from analyzer.rules import Position
from analyzer.solver import Solver
from analyzer.web.play import play
from analyzer.web.work import board_json


def grouped(hand: str) -> str:
    """A hand in the grouped notation the docs accept: "h: A K O  b: A X ..."."""
    cards = hand.split()
    return "  ".join(f"{suit}: " + " ".join(c[1] for c in cards if c[0] == suit) for suit in "hbla"
                     if any(c[0] == suit for c in cards))


GROUPED = {**{k: v for k, v in EXAMPLE.items() if k != "hands"}, "hands": [grouped(h) for h in EXAMPLE["hands"]]}


def deal_key(position: dict) -> str:
    p = Position.from_json(position).to_json()
    return "|".join([*p["hands"], p.get("talon", "")])


def advise(tab, worlds: int = 4) -> None:
    tab.fill("#advice-worlds", str(worlds))
    tab.click("#advise")


def fits(tab) -> None:
    """No sideways overflow: neither the page nor the advice table past its panel."""
    sizes = tab.evaluate("""() => ({page: document.documentElement.scrollWidth, view: window.innerWidth,
        table: document.querySelector('#advice-table').scrollWidth,
        panel: document.querySelector('#analysis').clientWidth})""")
    assert sizes["page"] <= sizes["view"], sizes
    assert sizes["table"] <= sizes["panel"], sizes


def test_the_advice_shown_belongs_to_the_deal_on_screen(page) -> None:  # noqa: F811 (the fixture)
    page.wait_for_selector("#verdict[data-makes]")  # deal A, at random
    advise(page, 40)
    page.wait_for_function("() => document.querySelector('#advice-status').textContent.startsWith('advising')")
    paste(page, EXAMPLE)  # deal B while A's advice runs
    page.wait_for_selector("#verdict[data-makes]")
    # until A's job is over (answered, or dropped with the deal it was asked for)
    page.wait_for_function("() => !document.querySelector('#advice-status').textContent.startsWith('advising')",
                           timeout=90000)
    shown = page.eval_on_selector_all("#advice-table tbody tr", "els => els.length")
    assert shown == 0 or page.get_attribute("#advice-table", "data-deal") == deal_key(EXAMPLE)
    assert page.evaluate("state.adviceJob") is None
    advise(page)
    page.wait_for_selector("#advice-table tbody tr", timeout=60000)
    assert page.get_attribute("#advice-table", "data-deal") == deal_key(EXAMPLE)
    caption = page.inner_text("#advice-table caption")
    assert caption.startswith("For 0 forehand (actor)") and "talon" in caption
    # the table fits its panel, at a desk's width and a phone's
    fits(page)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    fits(page)


def test_a_pasted_deal_without_defaults_or_in_groups_is_advised(page) -> None:  # noqa: F811 (the fixture)
    bare = {k: v for k, v in EXAMPLE.items() if k not in ("actor", "leader", "rules")}
    paste(page, bare)
    page.wait_for_selector("#verdict[data-makes]")
    assert page.input_value("#advice-seat") == "0"
    assert page.eval_on_selector_all("#advice-seat option", "els => els.length") == 3
    request = page.evaluate("adviceRequest()")
    assert request["seat"] == 0 and request["rules"] == "csm" and "defend" not in request
    paste(page, GROUPED)
    page.wait_for_selector("#verdict[data-makes]")
    request = page.evaluate("adviceRequest()")
    assert request is not None and len(request["hand"].split()) == 10 and request["talon"] == "a9 a7"


def _trick_won_by_another(start: Position) -> list[str]:
    """A first trick whose winner is not its leader."""
    for a in start.legal_moves():
        p1 = start.play(a)
        for b in p1.legal_moves():
            p2 = p1.play(b)
            for c in p2.legal_moves():
                if p2.play(c).leader != start.leader:
                    return [str(a), str(b), str(c)]
    raise AssertionError("no such trick")


def test_tricks_once_numbered_and_the_set_up_menus_stay(page) -> None:  # noqa: F811 (the fixture)
    start = Position.from_json(dict(EXAMPLE, contract="game"))
    cards = _trick_won_by_another(start)
    page.click("#paste-box summary")
    page.fill("#paste", json.dumps({"position": start.to_json(), "cards": cards}))
    page.click("#load")
    page.wait_for_function("() => document.querySelectorAll('#tricks li').length === 1")
    text = page.inner_text("#tricks li")
    assert not text[0].isdigit(), text  # the list numbers the tricks; the text does not again
    assert page.input_value("#leader") == str(start.leader)  # the set-up's leader, not the trick's


def test_the_counterexample_line_has_seats_and_tricks(page) -> None:  # noqa: F811 (the fixture)
    paste(page, DURCH)
    page.wait_for_selector("#verdict[data-makes]")
    page.click("#claim")
    page.wait_for_selector("#counter-line li", timeout=60000)
    tricks = page.eval_on_selector_all("#counter-line li", "els => els.map(e => e.textContent)")
    assert tricks and all("→ seat" in t and ":" in t for t in tricks[:-1])


def test_the_end_of_the_play_shows_the_result_and_the_payment(page) -> None:  # noqa: F811 (the fixture)
    start = Position.from_json(EXAMPLE)
    line = [str(c) for c in Solver().solve(start).line]
    page.click("#paste-box summary")
    page.fill("#paste", json.dumps({"position": EXAMPLE, "cards": line}))
    page.click("#load")
    page.wait_for_selector("#result-payment[data-payments]", timeout=30000)
    expected = board_json({"position": EXAMPLE, "cards": line})["result"]
    assert json.loads(page.get_attribute("#result-payment", "data-payments")) == expected["payment"]["payments"]
    assert sum(expected["payment"]["payments"]) == 0
    result = page.inner_text("#result-line")
    totals = expected["totals"]
    assert "seven won" in result and f"{totals['actor']}:{totals['defence']}" in result
    assert totals["actor"] - expected["points"]["actor"] in (0, 20, 40, 60, 80, 100)  # the marriages
    assert "Kč" in page.inner_text("#result-payment")
    assert play(start, line).finished


def test_the_best_line_goes_dark_when_the_play_ends(page) -> None:  # noqa: F811 (the fixture)
    paste(page, STRICT_LAID)
    page.wait_for_selector("#verdict[data-makes]")
    page.click("#line")
    page.wait_for_selector("#result:not([hidden])", timeout=30000)
    page.wait_for_function("() => document.querySelector('#line').getAttribute('aria-pressed') === 'false'")
    assert page.is_disabled("#line")
    assert "no payment" in page.inner_text("#result-payment")  # four cards each: not a whole deal


def test_advise_clicked_while_the_deal_is_read_waits_for_it(page) -> None:  # noqa: F811 (the fixture)
    page.wait_for_selector("#verdict[data-makes]")
    held = []
    page.route("**/api/board", lambda route: held.append(route))  # the server's reading of the set-up held back
    page.click("#paste-box summary")
    page.fill("#paste", json.dumps(EXAMPLE))
    page.click("#load")
    page.wait_for_function("() => state.canon === null")
    advise(page)
    page.wait_for_timeout(300)
    assert held, "the set-up should be on its way to the server"
    assert page.inner_text("#message") == ""  # not "advice needs the deal before the first card"
    assert page.evaluate("state.adviceJob") is None
    for route in held:
        route.continue_()
    page.unroute("**/api/board")
    page.wait_for_selector("#advice-table tbody tr", timeout=60000)
    assert page.get_attribute("#advice-table", "data-deal") == deal_key(EXAMPLE)
