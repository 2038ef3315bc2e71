"""``marias review`` and analyzer.review: every value held to the slow reference solver."""
from __future__ import annotations

import json
import random

from click.testing import CliRunner
from randpos import random_position
from reference import reference_solve

from analyzer.cards import Card, Suit
from analyzer.cli import main
from analyzer.examples import example, path
from analyzer.play import play
from analyzer.review import review, value_of
from analyzer.rules import Position
from analyzer.solver import Solver


def reference_value(position: Position) -> tuple[bool, int | None]:
    ref = reference_solve(position.to_json())
    taken = position.score[0] - sum(position.marriage_value(s) for s in position.declared[0])
    return ref["makes"], None if ref["actor_points"] is None else taken + ref["actor_points"]


def lost_by_the_trick(after: Position) -> bool:
    """A betl whose actor, or a durch whose defence, has just taken the trick."""
    if after.trick or after.contract.has_trumps:
        return False
    return (after.leader == after.actor) == after.contract.value.endswith("betl")


def test_every_value_and_best_card_agrees_with_the_reference_on_random_games() -> None:
    rng = random.Random(14)
    checked = 0
    for _ in range(60):
        start = Position.from_json(random_position(rng, rng.randint(2, 4), mid_trick=False))
        cards, current = [], start
        while any(current.hands) and rng.random() < 0.9:
            card = rng.choice(list(current.legal_moves()))
            try:
                current = play(current, card)
            except ValueError:
                break
            cards.append(card)
        if not cards:
            continue
        result = review((start, cards))
        for move, before in zip(result.moves, result.positions):
            assert (move.before.makes, move.before.points) == reference_value(before)
            # Brute force over the legal cards: the best for the mover's side, from the reference.
            side = before.side(before.to_move)
            outcomes = {}
            for card in before.legal_moves():
                after = play(before, card)
                if lost_by_the_trick(after):
                    outcomes[card] = (False, None)  # the position after forgets the trick: the rule decides
                elif any(after.hands):
                    outcomes[card] = reference_value(after)
            if len(outcomes) == len(before.legal_moves()):
                goal_side = 1 if before.contract.value.endswith("against") else 0

                def own(v: tuple[bool, int | None], side: int = side, goal_side: int = goal_side) -> tuple[int, int]:
                    good = v[0] if side == goal_side else not v[0]
                    return int(good), 0 if v[1] is None else (v[1] if side == 0 else -v[1])
                top = max(own(v) for v in outcomes.values())
                assert set(move.best) == {c for c, v in outcomes.items() if own(v) == top}
                assert (move.after.makes, move.after.points) == outcomes[move.card]
                checked += 1
    assert checked > 50


def test_the_bundled_game_names_its_turning_points_and_agrees_with_solving_each_position() -> None:
    result = review(example("game_review"))
    assert len(result.moves) == 30 and result.stopped is None
    turns = result.turning_points
    assert any("lost at trick" in t for t in turns) and any("given away at trick" in t for t in turns)
    solver = Solver()
    for move, before, after in zip(result.moves, result.positions, result.positions[1:]):
        assert move.before == value_of(before, solver)
        if any(after.hands):
            assert move.after == value_of(after, solver)
    # A turning point flips the verdict; a card among the best never does.
    for move in result.moves:
        assert (move.turn is not None) == (move.before.makes != move.after.makes)
        if move.card in move.best:
            assert move.turn is None and move.cost == 0


def test_review_command_text_and_json() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["review", str(path("game_review"))])
    assert text.exit_code == 0, text.output
    assert "Turning points:" in text.stdout and "the contract was lost at trick 7 by playing bX" in text.stdout
    payload = json.loads(runner.invoke(main, ["review", str(path("game_review")), "--json"]).stdout)
    assert set(payload) == {"position", "moves", "turning_points", "stopped"}
    assert len(payload["moves"]) == 30 and payload["moves"][0]["card"] == "hA"


def test_review_refuses_an_illegal_card_naming_the_trick() -> None:
    game = example("game_review")
    game["played"][1] = ["hK", "l7", "hU"][::-1]
    result = CliRunner().invoke(main, ["review", "-"], input=json.dumps(game))
    assert result.exit_code == 2 and "played trick 2:" in result.stderr and result.stderr.count("\n") == 1


def test_a_game_under_over_first_marriages_is_reviewed_to_the_end() -> None:
    """Issue 31: under "over-first" a king led from a marriage declares nothing (the marriage is
    lost). The review's play once declared it, the position check then failed, and the review
    stopped after trick 1 with a false error."""
    deal = {"hands": ["hK hO hA bA bX lA lX aA aX a7", "h7 h8 h9 hX bK bO b7 lK lO a8",
                      "hU b8 b9 bU l7 l8 l9 lU aK aO"],
            "talon": "aU a9", "trump": "h", "contract": "game", "actor": 0, "marriage_rule": "over-first"}
    start = Position.from_json(deal)
    assert start.declares(Card.from_str("hK")) is None and start.declares(Card.from_str("hO")) == Suit.HEARTS
    cards, current, rng = [Card.from_str("hK")], start.play("hK"), random.Random(31)
    while any(current.hands):
        card = rng.choice(list(current.legal_moves()))
        cards.append(card)
        current = current.play(card)
    game = {**deal, "played": [[str(c) for c in cards[i:i + 3]] for i in range(0, 30, 3)]}
    result = CliRunner().invoke(main, ["review", "-", "--json"], input=json.dumps(game))
    assert result.exit_code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert payload["stopped"] is None and len(payload["moves"]) == 30
    assert current.declared[0] == ()  # the actor's hO, played after his hK, declared nothing either
