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


def test_the_reviews_two_verdicts(page) -> None:  # noqa: F811
    """With "also by what each player could know" ticked, the review table shows beside each
    card's open-hand verdict the single-dummy one, from /api/review?view=1 as ``marias review
    --view`` gives it (100 worlds a card, seed 0)."""
    from analyzer.review import review

    paste(page, EXAMPLE)
    page.wait_for_selector("#verdict[data-makes]")
    for played in range(1, 5):
        page.click(".hand.to-move button.legal")
        page.wait_for_function("(n) => state.at === n", arg=played)
    page.check("#review-view")
    page.click("#review")
    # judged, or an error written in the cells (shown below): each card's single-dummy table is
    # searched at nice 10 by the server, so a loaded machine takes its time
    page.wait_for_function("() => { const cells = [...document.querySelectorAll('#review-table .sd-kind')];"
                           " return cells.length === 4 && cells.every(c => c.textContent !== 'computing…'); }",
                           timeout=180000)
    game = page.evaluate("gameJson()")
    expected = review(game, view=True, worlds=100, seed=0)
    rows = page.eval_on_selector_all(
        "#review-table tbody tr",
        "els => els.map(e => [e.dataset.card, e.dataset.sdKind, e.querySelector('.sd-kind').textContent,"
        " e.cells.length])")
    assert [r[0] for r in rows] == [str(m.card) for m in expected.moves]
    assert all(r[1] for r in rows), [r[2] for r in rows]  # not an error message
    assert [r[1] for r in rows] == [m.judged.kind(m.card in m.best) for m in expected.moves]
    for (_, kind, text, cells), move in zip(rows, expected.moves):
        assert cells == 7  # the open-hand columns (trick, seat, card, best, loss) and the two judged ones
        if kind != "forced":
            assert f"P {move.judged.makes.mean:.2f}" in text
    # unticked: the judged columns go; a review drawn again without them has none
    page.uncheck("#review-view")
    assert page.eval_on_selector_all("#review-table .sd-col", "els => els.length") == 0
