"""Python in a notebook: the package's exports, short reprs, HTML drawings, tricks, bundled examples."""
from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

import analyzer
from analyzer.cli import main
from analyzer.examples import example, names, path

ROOT = Path(__file__).parent.parent


def test_the_public_api_is_exported_lazily() -> None:
    import analyzer.play
    import analyzer.review
    from analyzer import Position, Solver, check_claim, run_study, settle  # noqa: F401

    for name in analyzer.__all__:
        assert not isinstance(getattr(analyzer, name), types.ModuleType), name
    with pytest.raises(AttributeError):
        analyzer.nonexistent  # noqa: B018
    code = "import analyzer, sys; print('numpy' in sys.modules, 'pandas' in sys.modules, 'analyzer.study' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False", "False"]


def test_results_have_short_reprs_and_html() -> None:
    position = analyzer.Position.from_json(example("seven"))
    result = analyzer.Solver().solve(position)
    assert repr(result) == "<SolveResult seven makes, actor 60 / defence 30, 30-card line>"
    html = position._repr_html_()
    assert html.startswith("<table") and "♥" in html and "talon" in html
    assert "seven makes" in result._repr_html_() and "<pre>" in result._repr_html_()
    claim = analyzer.check_claim(example("claim_not_laid_down"))
    assert repr(claim) == "<ClaimResult not laid down, 184756 redistributions>"
    assert "<table" in claim._repr_html_()
    review = analyzer.review_game(example("game_review"))
    assert repr(review) == "<Review game: 30 cards, 2 turning points>"
    assert review._repr_html_().count("<li>") == 2 and "bX" in review._repr_html_()


def test_tricks_group_the_line_in_the_api_and_the_json() -> None:
    position = analyzer.Position.from_json(example("mid_trick"))
    result = analyzer.solve(position)
    tricks = result.tricks
    assert [t.number for t in tricks] == [7, 8, 9, 10]
    assert tricks[0].cards[0] == position.trick[0] and tricks[0].players[0] == position.leader
    assert [c for t in tricks for c in t.cards] == list(position.trick) + result.line
    for trick in tricks:  # each trick's winner is the next trick's leader
        assert trick.winner in trick.players
    for one, two in itertools.pairwise(tricks):
        assert two.players[0] == one.winner
    assert result.to_json()["tricks"] == [t.to_json() for t in tricks]


@pytest.mark.parametrize("name", names())
def test_every_bundled_example_runs_and_is_named_in_the_readme_or_docs(name: str) -> None:
    docs = (ROOT / "README.md").read_text() + "".join(p.read_text() for p in (ROOT / "docs").glob("*.md"))
    assert f"examples/{name}.json" in docs
    data = example(name)
    if name.startswith("result"):
        command = "score"
    elif "played" in data:
        command = "review"
    elif None in data["hands"]:
        command = "claim"
    else:
        command = "solve"
    result = CliRunner().invoke(main, [command, str(path(name)), "--json"])
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)


def test_readme_use_section_names_the_examples_and_the_environment() -> None:
    readme = (ROOT / "README.md").read_text()
    use = readme.split("## Use", 1)[1].split("\n## ", 1)[0]
    assert "source .venv/bin/activate" in use
    assert re.search(r"from analyzer import .*Solver", use)


def test_the_readme_python_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("## Use", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102
    assert namespace["result"].makes is True


def test_all_lists_every_export() -> None:
    assert sorted(analyzer.__all__) == sorted(analyzer._EXPORTS)
