"""The board's "seen from seat N" switch (analyzer/web/static/view.js) in a real headless Chromium:
the single-dummy values appear on the side to move's cards, as /api/view gives them. Skipped
as tests/test_web_browser.py is when Playwright or a Chromium is missing."""
from __future__ import annotations

from test_web_browser import EXAMPLE, browser, page, paste, server  # noqa: F401 (the fixtures)

from analyzer.rules import Position
from analyzer.single_dummy import single_dummy


def test_seen_from_the_seat_to_move(page) -> None:  # noqa: F811
    start = Position.from_json(EXAMPLE)
    paste(page, EXAMPLE)
    page.wait_for_selector("#verdict[data-makes]")
    page.select_option("#view-seat", str(start.to_move))
    page.wait_for_selector(".hand.to-move .sd", timeout=30000)
    marks = page.eval_on_selector_all(".hand.to-move button.legal",
                                      "els => Object.fromEntries(els.map(e => [e.dataset.card, e.dataset.sdMakes]))")
    expected = single_dummy(start, start.to_move, 100, 0)
    assert {c: float(v) for c, v in marks.items()} == {str(c): expected.makes(c).mean for c in expected.outcomes}
    shown_best = page.eval_on_selector_all(".hand.to-move .sd-best", "els => els.map(e => e.dataset.card)")
    assert set(shown_best) == {str(c) for c in expected.best}
    # another seat is not to move: it says so, and no marks stay
    page.select_option("#view-seat", str((start.to_move + 1) % 3))
    page.wait_for_function("() => document.querySelector('#view-note').textContent.includes('not to move')")
    assert page.eval_on_selector_all(".sd", "els => els.length") == 0
