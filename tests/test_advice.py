"""The advice (analyzer.advice, marias advise) against a brute force built from Solver alone.

Small enumerable cases: most of the defenders' cards are fixed (``known``), so a
handful of worlds remain and every option can be solved position by position.
"""
from __future__ import annotations

import itertools
import json
import math
import random

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.advice import (
    AdviceError,
    actor_view,
    bidder_view,
    defender_view,
    forehand_view,
)
from analyzer.advice.actor import Context, evaluate
from analyzer.advice.evaluate import outcomes
from analyzer.advice.options import Option, admissible
from analyzer.advice.result import ROW_KEYS
from analyzer.advice.stats import estimate
from analyzer.advice.where import parse_where
from analyzer.advice.worlds import DealSource, from_predicate, split_source
from analyzer.cards import SHARP_MASK, Card, CardSet, Suit
from analyzer.cli import main
from analyzer.contract import Contract
from analyzer.errors import MariasError
from analyzer.rules import Position, default_leader
from analyzer.scoring import parse_result, settle
from analyzer.solver import Solver

LAID_DOWN = "hA hX hK hO hU h9 h8 h7 bA bX aA aX"  # every trump and four sharp aces/tens
DEFENDER = ["hA", "hX", "hK", "bA", "bX", "bK", "lA", "lX", "aA", "aX"]  # a defender's aces, tens and kings


def _cards(bits) -> CardSet:
    return CardSet(sum(1 << int(b) for b in bits))


def _small_case(rng: random.Random, free: int = 4):
    """A random twelve for the actor and a split in which all but ``free`` cards are known."""
    deck = list(range(32))
    rng.shuffle(deck)
    actor = rng.randrange(3)
    twelve = _cards(deck[:12])
    d = [s for s in range(3) if s != actor]
    first, second = deck[12:22], deck[22:32]
    loose = first[:free // 2] + second[:free // 2]
    known = {d[0]: _cards(first[free // 2:]), d[1]: _cards(second[free // 2:])}
    return twelve, actor, known, loose


def _brute(option: Option, row: np.ndarray, actor: int, rules: str, solver: Solver) -> tuple[dict, int | None]:
    """One world solved through the public Solver: each component, and the actor's card points."""
    hands = tuple(CardSet(int(m)) for m in row)
    position = Position(hands=hands, contract=option.contract, trump=option.trump, actor=actor,
                        leader=default_leader(option.contract, actor, rules),
                        side_suit=option.side_suit if option.contract.two_sevens else None,
                        talon=option.discard, rules=rules)
    position.check()
    made = {name: solver.component(position, name) for name in option.contract.components}
    points = solver.hra_value(position) if option.contract.has_trumps else None
    return made, points


@pytest.mark.parametrize("case", range(8))
def test_exact_mode_equals_brute_force_from_solver(case):
    rng = random.Random(1000 + case)
    rules = ("csm", "basic", "licit")[case % 3]
    twelve, actor, known, _ = _small_case(rng)
    source = split_source(twelve, actor, known)
    batch = source.exact()
    assert len(batch) == math.comb(4, 2) == source.count()
    options = admissible(twelve, rules)
    options = rng.sample(options, min(8, len(options)))
    solver = Solver()
    for exact_points in (True, False):
        solved = outcomes(options, batch.hands, actor, rules, twelve=twelve, exact_points=exact_points, jobs=2)
        for option in options:
            out = solved[option]
            for w, row in enumerate(batch.hands):
                full = row.copy()
                full[actor] = (twelve - option.discard).mask
                made, points = _brute(option, full, actor, rules, solver)
                for name, ok in made.items():
                    assert bool(out.made[name][w]) == ok, (option.label(), name, w, exact_points)
                if exact_points and {"game", "hundred"} & set(option.contract.components):
                    assert int(out.points[w]) == points, (option.label(), w)


@pytest.mark.parametrize("case", range(3))
def test_betl_and_durch_of_every_discard_in_one_call_equal_the_brute_force(case):
    """The layouts of betl and durch (one per discard) are solved in one call into the core, a row
    per (discard, world), grouped by the questions they ask: each option's answers are those of
    the Solver on its own position, whether it shares the call with others or not."""
    rng = random.Random(2000 + case)
    rules = ("csm", "licit", "csm")[case]
    # betl hands but for two high cards: whether they make depends on the discard
    twelve = CardSet.from_str("h7 h8 h9 b7 b8 b9 l7 l8 a7 a8 hA bA" if case < 2 else "h7 h8 hU b7 b8 l7 l8 l9 a7 a9 aA lK")
    actor = case
    rest = [c for c in range(32) if not twelve.mask >> c & 1]
    rng.shuffle(rest)
    d = [s for s in range(3) if s != actor]
    known = {d[0]: _cards(rest[2:10]), d[1]: _cards(rest[12:20])}
    batch = split_source(twelve, actor, known).exact()
    notrump = [o for o in admissible(twelve, rules) if not o.contract.has_trumps]
    high = CardSet.from_str("hA bA" if case < 2 else "aA lK")
    others = rng.sample(sorted({o.discard.mask for o in notrump if o.discard != high}), 4)
    picked = [o for d in [high.mask, *others] for o in notrump if o.discard.mask == d]  # betl and durch each
    # a discard asked about betl only (its own group of questions) and a trump game beside them
    lone = next(o for o in notrump if o.contract == Contract.BETL and o.discard not in {p.discard for p in picked})
    options = picked + [lone] + rng.sample([o for o in admissible(twelve, rules) if o.contract.has_trumps], 1)
    solver = Solver()
    solved = outcomes(options, batch.hands, actor, rules, twelve=twelve, jobs=2)
    made_somewhere = False
    for option in options:
        assert set(solved[option].made) == set(option.contract.components)
        made_somewhere |= not option.contract.has_trumps and bool(solved[option].makes.any())
        for w, row in enumerate(batch.hands):
            full = row.copy()
            full[actor] = (twelve - option.discard).mask
            made, _ = _brute(option, full, actor, rules, solver)
            for name, ok in made.items():
                assert bool(solved[option].made[name][w]) == ok, (option.label(), name, w)
    assert made_somewhere  # not every answer a "no": the discard decides


def test_actor_view_exact_figures_match_the_brute_force():
    rng = random.Random(7)
    twelve, actor, known, _ = _small_case(rng, free=6)
    advice = actor_view(twelve, seat=actor, known=known, worlds="all", seed=3, rules="csm")
    source = split_source(twelve, actor, known)
    hands = source.exact().hands
    solver = Solver()
    confirmed = [o for o in advice.options if o["stage"] == "confirmed"]
    assert confirmed and all(o["exact"] and o["worlds"] == math.comb(6, 3) for o in confirmed)
    for row in confirmed:
        option = Option(Contract(row["contract"]), None if row["trump"] is None else Suit.from_str(row["trump"]),
                        None if row["side_suit"] is None else Suit.from_str(row["side_suit"]),
                        CardSet.from_str(" ".join(row["discard"])))
        results = []
        for w in hands:
            full = w.copy()
            full[actor] = (twelve - option.discard).mask
            results.append(_brute(option, full, actor, "csm", solver))
        for name in option.contract.components:
            assert row["p_make"][name] == pytest.approx(np.mean([m[name] for m, _ in results]))
            assert row["stderr"][name] == 0
        own = np.mean([all(m[c] for c in option.contract.own_goal) for m, _ in results])
        assert row["p_make"]["makes"] == pytest.approx(own)
        if option.contract.has_trumps:
            assert row["mean_points"] == pytest.approx(np.mean([p for _, p in results]))


def test_sampled_estimates_lie_within_their_error_of_the_exact_figures():
    rng = random.Random(11)
    twelve = CardSet.from_str("hA hO h7 bX b9 lO l9 l8 l7 aA aK a8")  # a close seven in leaves
    misses, checks = 0, 0
    for case in range(4):
        rest = [b for b in range(32) if not twelve.mask >> b & 1]
        rng.shuffle(rest)
        known = {1: _cards(rest[5:10]), 2: _cards(rest[15:20])}  # 10 cards free: C(10,5) = 252 worlds
        source = split_source(twelve, 0, known)
        options = rng.sample([o for o in admissible(twelve, "csm") if o.trump == Suit.LEAVES
                              and o.contract in (Contract.SEVEN, Contract.HUNDRED)], 5)
        exact = outcomes(options, source.exact().hands, 0, "csm", twelve=twelve, jobs=2)
        sample = source.draw(np.random.default_rng(case), 150)
        sampled = outcomes(options, sample.hands, 0, "csm", twelve=twelve, jobs=2)
        for option in options:
            for name in option.contract.components:
                truth = exact[option].made[name].mean()
                e = estimate(sampled[option].made[name], sample.units)
                if e.stderr == 0:
                    # every sampled world alike: the rule of three bounds what was missed
                    assert abs(e.mean - truth) < 5 / e.worlds
                    continue
                checks += 1
                misses += abs(e.mean - truth) > 3 * e.stderr
    assert checks >= 5
    assert misses <= 1  # 3 standard errors: a miss is a 0.3 % event


def test_laid_down_hand_makes_with_probability_one():
    from analyzer.claims import check_claim

    advice = actor_view(LAID_DOWN, worlds=60, seed=2, contracts=["seven", "hundred-seven"])
    for row in advice.options:
        if row["stage"] == "confirmed":
            assert row["p_make"]["makes"] == 1.0 and row["stderr"]["makes"] == 0.0
            assert row["p_loss"] == 0.0
    best = advice.options[0]
    claim = {"hands": [str(CardSet.from_str(LAID_DOWN) - CardSet.from_str(" ".join(best["discard"]))), None, None],
             "unseen": str(CardSet(0xFFFFFFFF & ~CardSet.from_str(LAID_DOWN).mask)),
             "contract": best["contract"], "trump": best["trump"], "actor": 0,
             "talon": " ".join(best["discard"])}
    assert check_claim(claim).laid_down


@pytest.mark.slow
def test_same_seed_same_table_and_another_seed_another():
    hand = "hA hO h7 bX b9 lO l9 l8 l7 aA aK a8"
    one = actor_view(hand, seed=4, worlds=40, jobs=2, contracts=["seven", "betl"]).to_json()
    two = actor_view(hand, seed=4, worlds=40, jobs=1, contracts=["seven", "betl"]).to_json()
    assert one == two  # the threads do not change the numbers either
    three = actor_view(hand, seed=5, worlds=40, contracts=["seven", "betl"]).to_json()
    assert three["options"] != one["options"]


@pytest.mark.slow
def test_a_dask_cluster_gives_the_local_tables(monkeypatch):
    distributed = pytest.importorskip("distributed")
    import analyzer.advice.evaluate as evaluate_module
    monkeypatch.setattr(evaluate_module, "CLUSTER_RUN", 8)  # cut the worlds into several tasks per layout
    hand = "hA hO h7 bX b9 lO l9 l8 l7 aA aK a8"
    own = "hX hK bA bK lA lX lK aX aO a9"
    local = actor_view(hand, seed=4, worlds=40, jobs=1, contracts=["seven", "betl"]).to_json()
    local_defence = defender_view(own, "seven", trump="a", actor=0, seat=1, worlds=60, seed=2).to_json()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = actor_view(hand, seed=4, worlds=40, contracts=["seven", "betl"],
                            scheduler=cluster.scheduler_address).to_json()
        remote_defence = defender_view(own, "seven", trump="a", actor=0, seat=1, worlds=60, seed=2,
                                       scheduler=cluster.scheduler_address).to_json()
    assert remote == local
    assert remote_defence == local_defence


def test_an_unreachable_scheduler_is_one_line():
    result = CliRunner().invoke(main, ["advise", *LAID_DOWN.split(), "--worlds", "20",
                                       "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "cannot reach the dask scheduler" in result.output
    assert "Traceback" not in result.output


def test_paired_margin_error_is_smaller_than_the_unpaired_one():
    # Two discards of low cards: the same play in nearly every world, so the difference is
    # nearly constant and its paired error far below the two errors combined.
    advice = actor_view("hA hO h7 bX b9 lO l9 l8 l7 aA aK a8", seed=1, worlds=200, contracts=["seven"])
    margin = advice.summary["margin"]
    assert margin["unpaired_stderr"] > 0
    assert margin["stderr"] < 0.6 * margin["unpaired_stderr"]


def test_best_is_taken_after_averaging_and_clairvoyance_is_no_worse():
    advice = actor_view("hA hO h7 bX b9 lO l9 l8 l7 aA aK a8", seed=1, worlds=100, contracts=["seven", "betl"])
    confirmed = [o for o in advice.options if o["stage"] == "confirmed"]
    assert confirmed[0]["expected_payment"] == max(o["expected_payment"] for o in confirmed)
    assert advice.summary["clairvoyant"]["expected_payment"] >= confirmed[0]["expected_payment"] - 1e-9


def test_json_keys_and_ranking():
    data = actor_view(LAID_DOWN, worlds=30, seed=1).to_json()
    assert data["view"] == "actor"
    for row in data["options"]:
        assert set(ROW_KEYS) <= set(row)
        assert "makes" in row["p_make"] and set(row["p_make"]) == set(row["stderr"])
        assert isinstance(row["exact"], bool)
    confirmed = [o["expected_payment"] for o in data["options"] if o["stage"] == "confirmed"]
    assert confirmed == sorted(confirmed, reverse=True)


def test_payment_matches_settle_for_each_world():
    rng = random.Random(3)
    twelve, actor, known, _ = _small_case(rng, free=4)
    source = split_source(twelve, actor, known)
    batch = source.exact()
    options = [o for o in admissible(twelve, "basic") if o.contract == Contract.GAME][:3]
    ctx = Context(twelve, actor, "basic", {}, 1)
    records = evaluate(options, batch, ctx, exact_points=True, exact=True)
    solver = Solver()
    for option in options:
        for w, row in enumerate(batch.hands):
            full = row.copy()
            full[actor] = (twelve - option.discard).mask
            _, points = _brute(option, full, actor, "basic", solver)
            hands = [CardSet(int(m)) for m in full]

            def married(h: CardSet) -> str:
                return "".join(s.token for s in Suit if h.mask >> (8 * s + 4) & 3 == 3)
            defence = "".join(married(hands[s]) for s in range(3) if s != actor)
            seven = int(Card.make(option.trump, 0))
            seat = actor if twelve.mask >> seven & 1 else (actor + 1) % 3
            result = parse_result({"contract": "game", "actor": actor, "trump": option.trump.token,
                                   "points": {"actor": points, "defence": 90 - points},
                                   "marriages": {"actor": married(hands[actor]), "defence": defence},
                                   "trump_seven": {"seat": seat, "fate": "early"}})
            want = float(settle(result, "basic", unplayed=False).payments[actor])
            assert records[option].pay[w] == want


def test_where_expression_matches_a_python_predicate():
    rng = np.random.default_rng(0)
    source = split_source(CardSet.from_str(LAID_DOWN), 0)
    hands = source.draw(rng, 300).hands
    expr = parse_where("seat1.bells >= 3 and (seat2.points > 20 or not seat1.lA == 1) and seat1.cards == 10")

    def python(h):
        return (len(h[1].suit(Suit.BELLS)) >= 3 and (h[2].points > 20 or Card.from_str("lA") not in h[1])
                and len(h[1]) == 10)
    assert expr(hands).tolist() == from_predicate(python)(hands).tolist()
    assert 0 < expr(hands).sum() < len(hands)


def test_where_constraint_is_honoured_and_unsatisfiable_is_an_error():
    advice = actor_view(LAID_DOWN, where="seat1.bells >= 4", worlds=40, seed=1, contracts=["seven"])
    assert advice.options[0]["worlds"] == 40
    with pytest.raises(AdviceError):
        actor_view(LAID_DOWN, where="seat1.hearts >= 1", worlds=40)
    with pytest.raises(ValueError):
        actor_view(LAID_DOWN, where="import os", worlds=40)


def test_worlds_are_consistent_and_swapped():
    twelve = CardSet.from_str(LAID_DOWN)
    source = split_source(twelve, 1)
    batch = source.draw(np.random.default_rng(2), 50)
    for w, row in enumerate(batch.hands):
        assert row[1] == 0 and int(row[0]) & int(row[2]) == 0
        assert (int(row[0]) | int(row[2]) | twelve.mask) == 0xFFFFFFFF
        assert int(row[0]).bit_count() == 10
    first, second = batch.hands[:50], batch.hands[50:]
    assert (first[:, 0] == second[:, 2]).all() and (batch.units[:50] == batch.units[50:]).all()


def test_defender_worlds_respect_the_talon_rules_and_match_the_solver():
    own = CardSet.from_str("hA hX hK bA bX bK lA lX aA aX")
    source = DealSource(1, 0, own.mask, False, CardSet.from_str("a7").mask)
    batch = source.draw(np.random.default_rng(1), 200)
    assert ((batch.talon & SHARP_MASK) == 0).all()
    assert ((batch.hands[:, 0] >> Card.from_str("a7")) & 1).all()
    advice = defender_view(own, "seven", trump="a", actor=0, seat=1, worlds=30, seed=9)
    solver = Solver()
    batch = source.draw(np.random.default_rng(9), 30)
    fails = []
    for row, talon in zip(batch.hands, batch.talon):
        position = Position(hands=tuple(CardSet(int(m)) for m in row), contract=Contract.SEVEN, trump=Suit.ACORNS,
                            actor=0, leader=0, talon=CardSet(int(talon)))
        fails.append(not solver.component(position, "seven"))
    assert advice.summary["p_fail"]["seven"] == pytest.approx(np.mean(fails))
    # the advised flek is the choice with the best payment at the table (analyzer.advice.flek)
    assert advice.summary["flek"] == (advice.options[0]["flek"] or [])
    assert advice.options[0]["expected_payment"] == max(r["expected_payment"] for r in advice.options)


def test_bidder_view_is_monotone_in_the_level_within_its_error():
    advice = bidder_view("hA hX hK hO h9 h7 bA bX aA a7", talons=6, units=2, seed=1)
    by_level = {o["level"]: o for o in advice.options}
    from analyzer.bidding import ladder
    rows = [by_level[step.to_json()] for step in ladder("csm") if step.to_json() in by_level]
    # a higher level only removes choices: lower in expectation; each figure is reported on worlds
    # that did not choose it, so it may rise by noise, never by more than its errors
    for low, high in itertools.pairwise(rows):
        assert high["expected_payment"] <= low["expected_payment"] + 3 * (low["payment_stderr"] + high["payment_stderr"])
    for row in rows:  # each level names what would be played there, shares summing to one
        assert row["played"] and abs(sum(p["share"] for p in row["played"]) - 1) < 1e-9


def test_bidder_view_equals_the_actor_view_when_every_talon_is_harmless():
    # Eight hearts and two aces are a laid-down durch whatever the talon: the best decision (and,
    # without csm's bonuses, which a talon can raise, its money) is the same for every talon, so
    # the bidder's figure is the actor's.
    hand = "hA hK hO hU hX h9 h8 h7 bA aA"
    bidder = {o["level"]: o for o in bidder_view(hand, rules="licit", talons=5, units=2, seed=3,
                                                 contracts=["durch"]).options}
    actor = actor_view(hand, talon="l8 a9", rules="licit", worlds=20, seed=3, contracts=["durch"]).best
    assert actor["contract"] == "durch" and actor["p_make"]["makes"] == 1.0
    for level in ("seven", "hundred", "durch"):
        assert bidder[level]["expected_payment"] == pytest.approx(actor["expected_payment"])
        assert bidder[level]["p_make"]["makes"] == 1.0


def test_forehand_view_ranks_each_trump_choice():
    advice = forehand_view("hA hX hK hO h9 bA a7", samples=3, units=2, seed=1)
    trumps = {o["trump"] for o in advice.options}
    assert trumps == {"h", "b", "a", "people"}


@pytest.mark.parametrize("args", [
    ["hA", "hX", "hK"],                                        # wrong number of cards
    ["hA", "hA", "hK", "hO", "hU", "h9", "h8", "h7", "bA", "bX", "aA", "aX"],  # duplicate
    LAID_DOWN.split() + ["--level", "sevenish"],               # a level the rules lack
    LAID_DOWN.split() + ["--rules", "basic", "--level", "betl"],
    LAID_DOWN.split() + ["--where", "seat1.hearts >= 1"],      # unsatisfiable
    LAID_DOWN.split() + ["--where", "seat1.hearts >="],        # unreadable
    LAID_DOWN.split() + ["--worlds", "many"],
    LAID_DOWN.split() + ["--known", "hA"],                     # no seat
    LAID_DOWN.split() + ["--known", "0:b7"],                   # the actor's own seat
    ["hA", "hX", "hK", "bA", "bX", "bK", "lA", "lX", "aA", "aX", "--defend", "sedma", "--trump", "a"],  # no --actor
    ["hA", "hX", "hK", "bA", "bX", "bK", "lA", "lX", "aA", "a7", "--defend", "sedma", "--trump", "a", "--actor", "0", "--seat", "1"],  # seven is mine
])
def test_cli_bad_input_is_one_line_and_exit_2(args):
    result = CliRunner().invoke(main, ["advise", *args])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output


def test_cli_json_and_text():
    runner = CliRunner()
    result = runner.invoke(main, ["advise", *LAID_DOWN.split(), "--worlds", "30", "--json", "--seed", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["view"] == "actor" and data["options"]
    assert set(ROW_KEYS) <= set(data["options"][0])
    text = runner.invoke(main, ["advise", *LAID_DOWN.split()[:10], "--talon", "aA aX", "--worlds", "30"])
    assert text.exit_code == 0 and "±" in text.output and "n=" in text.output
    defend = runner.invoke(main, ["advise", *["hA", "hX", "hK", "bA", "bX", "bK", "lA", "lX", "aA", "aX"], "--defend", "sedma",
                                  "--trump", "a", "--actor", "0", "--seat", "1", "--worlds", "40", "--json"])
    assert defend.exit_code == 0, defend.output
    assert json.loads(defend.output)["view"] == "defender"


def test_cli_known_cards_make_the_figures_exact():
    rest = [str(Card(b)) for b in range(32) if not CardSet.from_str(LAID_DOWN).mask >> b & 1]
    args = ["advise", *LAID_DOWN.split(), "--known", "1:" + " ".join(rest[:8]), "--known",
            "2:" + " ".join(rest[10:18]), "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    confirmed = [o for o in json.loads(result.output)["options"] if o["stage"] == "confirmed"]
    assert confirmed and all(o["exact"] and o["worlds"] == 6 for o in confirmed)


def test_errors_are_marias_errors():
    assert issubclass(AdviceError, MariasError) and issubclass(AdviceError, ValueError)
    with pytest.raises(AdviceError):
        actor_view("hA hX")
    with pytest.raises(AdviceError):
        actor_view(LAID_DOWN, level="better-two-sevens-hundred")  # nothing that high is possible
    # A contract the rule set does not have, or no contract at all: named, not a scoring traceback.
    with pytest.raises(AdviceError, match="game is not a contract the actor announces in licit"):
        bidder_view("hA hK hO h8 bU b9 l8 l7 aO a9", rules="licit", talons=4, contracts=["game"])
    with pytest.raises(AdviceError, match="not a contract"):
        actor_view(LAID_DOWN, rules="licit", contracts=["game"], worlds=20)
    with pytest.raises(AdviceError, match="at least one"):
        actor_view(LAID_DOWN, contracts=[], worlds=20)


def test_a_share_never_seen_shows_its_bound_not_a_zero_error() -> None:
    """0 of n is no certainty: the table gives the 95 % bound (a world and its swap one draw)."""
    from analyzer.advice.stats import wilson
    from analyzer.cli.advise import _pct

    assert _pct(0.0, wilson(0.0, 8), False) == "0.0% (≤ 31.2% at 95 %)"  # 8 units
    assert _pct(1.0, wilson(1.0, 100), False) == "100.0% (≥ 97.0% at 95 %)"
    assert _pct(0.5, wilson(0.5, 100), False) == "50.0% [40.4–59.6]"
    assert _pct(0.0, (0.0, 0.0), True) == "0.0% (exact)"


def test_a_failed_two_sevens_without_the_last_trick_is_priced():
    """Screening's estimated points can give a failed two sevens 0 points: the result must then
    say the trump seven lost the last trick, not that it won it (which would need 10 points)."""
    from analyzer.advice.money import Pricer

    pricer = Pricer(Contract.TWO_SEVENS, Suit.HEARTS, Suit.BELLS, 0, 0, "csm", {}, None)
    made = {"game": np.array([False, False, True]), "two-sevens": np.array([False, False, True])}
    pay = pricer.prices(made, np.array([0, 30, 60]), np.zeros(3, np.int64), np.zeros(3, np.int64),
                        np.zeros(3, np.int64))
    assert pay[0] < 0 and pay[1] < 0 and pay[2] > 0
