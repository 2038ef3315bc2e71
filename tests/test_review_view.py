"""``review(view=True)`` and ``marias review --view``: each card judged by what its player could
know, beside the open-hand verdict; the turning points say which kind each is."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from analyzer.cli import main
from analyzer.review import review
from analyzer.single_dummy import single_dummy

GAME = Path(__file__).parent.parent / "analyzer" / "examples" / "game_review.json"
KINDS = {"avoidable", "within error", "only with the hands seen", "best", "forced"}


def test_every_card_judged_from_its_players_view() -> None:
    data = json.loads(GAME.read_text())
    plain = review(data)
    seen = review(data, view=True, worlds=20, seed=2)
    assert [m.to_json() | {"single_dummy": None} for m in plain.moves] == \
        [m.to_json() | {"single_dummy": None} for m in seen.moves]  # the open-hand review unchanged
    for move in seen.moves:
        judged = move.judged
        kind = judged.kind(move.card in move.best)
        assert kind in KINDS
        if kind == "forced":
            continue
        assert judged.worlds == 20 or judged.exact
        assert (move.card in judged.best) == (kind in ("best", "only with the hands seen"))
        if kind == "avoidable":
            assert judged.loss.significant or judged.points_loss.significant
    # a card's judgement is the single-dummy table of the position before it
    first = seen.moves[0]
    sd = single_dummy(seen.positions[0], first.seat, 20, 2)
    assert first.judged.best == sd.best
    assert any(m.judged.kind(m.card in m.best) != "forced" for m in seen.moves)
    for text in seen.turning_points:
        assert "saw the deal" in text


def test_cli_view_text_and_json() -> None:
    result = CliRunner().invoke(main, ["review", str(GAME), "--view", "--worlds", "10", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    judged = [m["single_dummy"] for m in payload["moves"]]
    assert all(j is not None and j["kind"] in KINDS for j in judged)
    text = CliRunner().invoke(main, ["review", str(GAME), "--view", "--worlds", "10", "--seed", "1"])
    assert text.exit_code == 0 and "seen from seat" in text.stdout
    bad = CliRunner().invoke(main, ["review", str(GAME), "--view", "--worlds", "1"])
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1
