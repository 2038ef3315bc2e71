"""The board's Tysiacha mode in headless Chromium (docs/board.md, "Tysiacha"): switch the game,
load a position, read every legal move's value off the page against the solver, play a lead that
declares a marriage and see trumps turn, run the laid-down claim and the bidding advice as jobs
and read their lines against ``marias tysiacha ... --json``, go back to Mariáš, and fit a phone's
width. Skipped as tests/test_web_browser.py is, without a browser."""
from __future__ import annotations

import json

from click.testing import CliRunner
from test_web_browser import browser, page, server  # noqa: F401 (fixtures)

from analyzer.cli import main
from analyzer.tysiacha.claim import check_claim
from analyzer.tysiacha.position import parse_position
from analyzer.tysiacha.solver import solve

ENDGAME = "hA hX hK hO / bA bX bK bO / lA lX lK lO ; taken=0,0,30"
STRONG = ("hA hX hK hO bA bX aA aX / h9 hU b9 bU bO bK lA lX / a9 aU aO aK l9 lU lO lK ; "
          "declarer=0 bid=120 passed=lX,lK")
WEAK = ("hA hO lA lX lO aX aO a9 / hX h9 bA bK bO bU aA aU / hK hU bX b9 lK lU l9 aK ; "
        "declarer=0 bid=100 passed=h9,l9")


def to_tysiacha(tab) -> None:
    tab.click("#game-tysiacha")
    tab.wait_for_selector("#ty-main:not([hidden]) #ty-hand-0 .card")


def load(tab, text: str) -> None:
    tab.evaluate("() => { document.querySelector('#ty-verdict').dataset.total = ''; }")
    if not tab.is_visible("#ty-paste"):
        tab.click("#ty-paste-box summary")
    tab.fill("#ty-paste", text)
    tab.click("#ty-load")
    tab.wait_for_function("() => document.querySelector('#ty-verdict').dataset.total !== ''")


def values_on_page(tab) -> dict[str, int]:
    return tab.eval_on_selector_all("#ty-hands .hand.to-move button.legal",
                                    "els => Object.fromEntries(els.map(e => [e.dataset.move, "
                                    "Number(e.dataset.total)]))")


def expected(text: str, *moves: str) -> dict[str, int]:
    position = parse_position(text)
    for move in moves:
        position = position.play(move)
    return {m["move"]: m["total"] for m in solve(position).to_dict()["moves"]}


def cli(*args: str) -> dict:
    result = CliRunner().invoke(main, ["tysiacha", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_switch_load_read_values_and_declare(page) -> None:  # noqa: F811 (the fixture)
    assert page.is_hidden("#ty-main")
    to_tysiacha(page)
    assert page.is_hidden("#marias-main") and page.get_attribute("#game-tysiacha", "aria-pressed") == "true"
    load(page, ENDGAME)
    assert page.get_attribute("#ty-verdict", "data-total") == "184"
    assert page.text_content("#ty-verdict") == "declarer (seat 0) total 184 (exact), reaches the bid 100"
    shown = values_on_page(page)
    assert shown == expected(ENDGAME) and {"hK+", "hO+"} <= set(shown)  # the declaring leads are choices
    assert page.get_attribute("#ty-state", "data-trump") == ""
    page.click("#ty-hands .hand.to-move button[data-move='hO+']")  # declare hearts with the over-knave
    page.wait_for_function("() => document.querySelector('#ty-state').dataset.trump === 'h'")
    assert "trump: ♥ hearts" in page.text_content("#ty-state")
    assert "marriages declared: seat 0 ♥" in page.text_content("#ty-state")
    page.wait_for_selector("#ty-hand-1.to-move")
    assert values_on_page(page) == expected(ENDGAME, "hO+")
    assert page.is_visible("#ty-trick [data-card='hO']")
    page.click("#ty-back")
    page.wait_for_function("() => document.querySelector('#ty-state').dataset.trump === ''")
    assert values_on_page(page) == expected(ENDGAME)
    page.click("#game-marias")  # the Mariáš board is as it was
    assert page.is_visible("#marias-main") and page.is_hidden("#ty-main")
    assert page.get_attribute("#verdict", "data-makes") in ("true", "false")


def test_claims_as_the_cli_prints_them(page) -> None:  # noqa: F811
    to_tysiacha(page)
    load(page, STRONG)
    page.click("#ty-claim")
    page.wait_for_selector("#ty-claim-result[data-laid-down]", timeout=60000)
    assert page.get_attribute("#ty-claim-result", "data-laid-down") == "true"
    assert page.text_content("#ty-claim-result p").startswith("laid down: reaches 120 in all 3432 splits (exact)")
    load(page, WEAK)
    page.click("#ty-claim")
    page.wait_for_selector("#ty-claim-result[data-laid-down]", timeout=60000)
    lines = page.eval_on_selector_all("#ty-claim-result p", "els => els.map(e => e.textContent)")
    claim = check_claim(parse_position(WEAK)).to_dict()
    assert lines[0].startswith("not laid down: short of 100 in a split of 3432")
    assert lines[1:] == [f"counterexample: {claim['counterexample']['position']}",
                         f"the declarer's best total there: {claim['counterexample']['total']}",
                         "line: " + " ".join(claim["counterexample"]["line"])]


def test_advice_as_the_cli_prints_it_and_a_phones_width(page) -> None:  # noqa: F811
    page.set_viewport_size({"width": 390, "height": 900})
    to_tysiacha(page)
    load(page, WEAK)
    hand = "hA hO lA lX lO aX aO"
    page.fill("#ty-advice-hand", hand)
    page.fill("#ty-advice-widows", "3")
    page.fill("#ty-advice-seed", "2")
    page.click("#ty-advise")
    page.wait_for_selector("#ty-advice-result table", timeout=90000)
    want = cli("advise", hand, "--widows", "3", "--seed", "2")
    rows = page.eval_on_selector_all("#ty-advice-result tbody tr",
                                     "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    first = want["bids"][0]
    assert len(rows) == len(want["bids"]) and rows[0][0] == "100"
    assert rows[0][1] == f"{first['p']['mean']:.3f} ±{first['p']['ci95']:.3f}"
    assert rows[0][2] == f"{first['seed']['mean']:.1f} ±{first['seed']['ci95']:.1f}"
    page.click("#ty-claim")
    page.wait_for_selector("#ty-claim-result[data-laid-down]", timeout=60000)
    sizes = page.evaluate("() => ({page: document.documentElement.scrollWidth, view: window.innerWidth})")
    assert sizes["page"] <= sizes["view"], sizes
