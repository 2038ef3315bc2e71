"""Bidding and passing advice for the declarer (docs/tysiacha.md, "Advice").

After the widow: he holds 10 cards and has seen 10; the other 14 lie 7 and 7 with the
opponents. For each candidate pass (two cards, which opponent gets which) his open-hand total
is solved exactly in sampled splits; the pass and the final bid are **chosen on one set of
splits and reported on another** (the same report splits for every bid: paired comparisons).

Before the widow: from his 7 cards, the widow is any 3 of the other 17 (C(17,3) = 680, sampled
uniformly); for each widow he chooses his pass and final bid as above, and each auction bid
from 100 up is reported with P(reaching the final bid) and the expected score under the seed's
scoring and the standard one, with 95 % intervals over the widows (cluster standard errors:
the splits of one widow are not independent draws of the hand).

Values are open-hand totals (every card seen by everyone): an upper bound on what a declarer
who does not see the cards can count on, as for Mariáš's advice.
"""
from __future__ import annotations

import contextvars
import itertools
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer import cancel
from analyzer.cards import Card, CardSet
from analyzer.errors import PositionError
from analyzer.tysiacha.game import DECK, Rules, card_points, check_cards, marriages_in
from analyzer.tysiacha.position import Position
from analyzer.tysiacha.scoring import declarer_score
from analyzer.tysiacha.solver import context

DECLARER = 0  # advice seats the declarer at 0: he leads; passed[0] goes to seat 1, passed[1] to seat 2
BID_STEP = 10
OBLIGED = 100  # forehand's opening bid
_tally = threading.local()  # nodes searched by this thread's totals() (for the benchmarks' counts)


def _searched() -> int:
    return getattr(_tally, "nodes", 0)


def pass_candidates(hand: CardSet, limit: int | None = None) -> list[tuple[Card, Card]]:
    """Ordered pairs of cards to pass (to seat 1, to seat 2). Cards of a marriage held are kept
    (passing one throws its declaration away) unless too few others remain. With ``limit``, the
    pairs of fewest card points first (a cheap screen before the exact comparison)."""
    marriage_cards = {c for c in hand if c.suit in marriages_in(hand) and c.rank in (4, 5)}
    cards = [c for c in hand if c not in marriage_cards]
    if len(cards) < 2:
        cards = list(hand)
    pairs = sorted(itertools.combinations(cards, 2), key=lambda p: (card_points(p[0]) + card_points(p[1]),
                                                                   int(p[0]) + int(p[1])))
    if limit is not None:
        pairs = pairs[:limit]
    return [o for a, b in pairs for o in ((a, b), (b, a))]


def split_worlds(unseen: list[int], n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` random splits of the 14 unseen cards: seat 1's 7 as a mask (seat 2 has the rest)."""
    cards = np.array(unseen, dtype=np.int64)
    masks = np.zeros(n, dtype=np.uint32)
    for i in range(n):
        pick = rng.permutation(cards)[:7]
        masks[i] = int(np.bitwise_or.reduce(np.left_shift(1, pick)))
    return masks


def totals(hand10: CardSet, passed: tuple[Card, Card], seat1: np.ndarray, rules: Rules) -> np.ndarray:
    """The declarer's exact open-hand total in each split, having passed ``passed``."""
    mine = (hand10 - CardSet(passed)).mask
    unseen = DECK.mask & ~hand10.mask
    hands = np.empty((len(seat1), 3), dtype=np.uint32)
    hands[:, 0] = mine
    hands[:, 1] = seat1 | np.uint32(1 << int(passed[0]))
    hands[:, 2] = (np.uint32(unseen) & ~seat1) | np.uint32(1 << int(passed[1]))
    state = ((mine, int(hands[0, 1]), int(hands[0, 2])), (), DECLARER, -1, 1)
    from analyzer._core import EXACT_TY

    cancel.check()  # a cancelled job (the board's) stops here, a fraction of a second after

    out, _ = context().batch(rules.core_game(DECLARER), state, np.ascontiguousarray(hands), EXACT_TY)
    _tally.nodes = _searched() + context().nodes
    return out.astype(np.int64)


def best_final_bid(values: np.ndarray, bid: int, scoring: str) -> int:
    """The final bid (from ``bid`` up in steps of 10) with the highest mean score on ``values``.
    The seed's score is total minus bid whatever happens: never raise."""
    if scoring == "seed" or len(values) == 0:
        return bid
    top = max(bid, int(values.max()) // BID_STEP * BID_STEP)
    best, best_score = bid, -math.inf
    for final in range(bid, top + 1, BID_STEP):
        score = np.mean(np.where(values >= final, final, -final))
        if score > best_score:
            best, best_score = final, score
    return best


@dataclass
class PassChoice:
    passed: tuple[Card, Card]
    choose_mean: float
    report: np.ndarray  # totals in the report splits

    @property
    def mean(self) -> float:
        return float(self.report.mean())


def choose_pass(hand10: CardSet, rules: Rules, choose: np.ndarray, report: np.ndarray,
                limit: int | None = None, progress: Callable[[float], None] | None = None,
                ) -> tuple[PassChoice, list[tuple[tuple[Card, Card], float]]]:
    """The pass with the highest mean total on the ``choose`` splits (every candidate on the same
    splits), and its totals on the ``report`` splits; ``progress`` told the fraction of
    candidates done."""
    ranked = []
    candidates = pass_candidates(hand10, limit)
    for k, cand in enumerate(candidates):
        ranked.append((cand, float(totals(hand10, cand, choose, rules).mean())))
        if progress is not None:
            progress((k + 1) / len(candidates))
    ranked.sort(key=lambda r: -r[1])
    best = ranked[0][0]
    return PassChoice(best, ranked[0][1], totals(hand10, best, report, rules)), ranked


def _interval(per_widow: np.ndarray) -> tuple[float, float]:
    """Mean and the half width of its 95 % interval, the widows as clusters."""
    m = float(per_widow.mean())
    if len(per_widow) < 2:
        return m, math.inf
    return m, 1.96 * float(per_widow.std(ddof=1)) / math.sqrt(len(per_widow))


@dataclass
class AfterWidow:
    hand: CardSet
    bid: int
    passed: tuple[Card, Card]
    final_bid: dict[str, int]
    ranked: list[tuple[tuple[Card, Card], float]]
    mean_total: float
    half_width: float
    p_final: dict[str, float]
    scores: dict[str, tuple[float, float]]
    raises: list[dict[str, Any]]
    choose_worlds: int
    report_worlds: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "tysiacha", "hand": str(self.hand), "bid": self.bid,
            "passed": [str(c) for c in self.passed],
            "final_bid": self.final_bid,
            "total": {"mean": round(self.mean_total, 2), "ci95": round(self.half_width, 2),
                      "worlds": self.report_worlds},
            "p_final": {k: round(v, 4) for k, v in self.p_final.items()},
            "expected_score": {k: {"mean": round(m, 2), "ci95": round(h, 2)} for k, (m, h) in self.scores.items()},
            "raises": self.raises,
            "candidates": [{"passed": [str(a), str(b)], "choose_mean": round(v, 2)} for (a, b), v in self.ranked],
            "choose_worlds": self.choose_worlds, "report_worlds": self.report_worlds,
            "seconds": round(self.seconds, 3),
        }


def advise_after_widow(hand10: CardSet, bid: int = 100, rules: Rules | None = None, choose_worlds: int = 48,
                       report_worlds: int = 200, seed: int = 0, limit: int | None = None,
                       progress: Callable[[float], None] | None = None) -> AfterWidow:
    """Which two cards to pass and how far to raise, for the declarer's 10 cards; ``progress``
    told the fraction of pass candidates compared."""
    rules = rules or Rules()
    check_cards(hand10, "the hand")
    if len(hand10) != 10:
        raise PositionError(f"after the widow the declarer holds 10 cards, not {len(hand10)}")
    start = time.perf_counter()
    unseen = [int(c) for c in DECK - hand10]
    choose = split_worlds(unseen, choose_worlds, np.random.default_rng([seed, 0]))
    report = split_worlds(unseen, report_worlds, np.random.default_rng([seed, 1]))
    choice, ranked = choose_pass(hand10, rules, choose, report, limit, progress)
    chosen_choose = totals(hand10, choice.passed, choose, rules)
    finals = {s: best_final_bid(chosen_choose, bid, s) for s in ("seed", "standard")}
    values = choice.report
    scores = {}
    for s in ("seed", "standard"):
        per = np.array([declarer_score(finals[s], int(v), s) for v in values], dtype=float)
        scores[s] = (float(per.mean()), 1.96 * float(per.std(ddof=1)) / math.sqrt(len(per)))
    raises = []
    for final in range(bid, bid + 101, BID_STEP):
        made = values >= final
        p = float(made.mean())
        std = np.where(made, final, -final)
        raises.append({"final_bid": final, "p": round(p, 4), "worlds": len(values),
                       "expected_seed": round(float(values.mean()) - final, 2),
                       "expected_standard": round(float(std.mean()), 2),
                       "ci95_standard": round(1.96 * float(std.std(ddof=1)) / math.sqrt(len(std)), 2)})
    m, h = float(values.mean()), 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))
    return AfterWidow(hand10, bid, choice.passed, finals, ranked, m, h,
                      {s: float((values >= finals[s]).mean()) for s in finals}, scores, raises,
                      choose_worlds, report_worlds, time.perf_counter() - start)


@dataclass
class BiddingAdvice:
    hand: CardSet
    widows: int
    choose_worlds: int
    report_worlds: int
    rows: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    nodes: int = 0  # searched in all (a benchmark's count; not in the JSON, which is the same at any speed)

    def to_dict(self) -> dict[str, Any]:
        return {"game": "tysiacha", "hand": str(self.hand), "widows": self.widows, "of_widows": 680,
                "choose_worlds": self.choose_worlds, "report_worlds": self.report_worlds,
                "bids": self.rows, "seconds": round(self.seconds, 3)}


def _widow_values(args: tuple) -> tuple[np.ndarray, np.ndarray, int]:
    hand7, widow, rules, choose_worlds, report_worlds, seed, limit = args
    before = _searched()
    hand10 = hand7 | widow
    unseen = [int(c) for c in DECK - hand10]
    choose = split_worlds(unseen, choose_worlds, np.random.default_rng([seed, 2]))
    report = split_worlds(unseen, report_worlds, np.random.default_rng([seed, 3]))
    choice, _ = choose_pass(hand10, rules, choose, report, limit)
    chosen = totals(hand10, choice.passed, choose, rules)
    return chosen, choice.report, _searched() - before


def advise_bidding(hand7: CardSet, rules: Rules | None = None, widows: int = 48, choose_worlds: int = 6,
                   report_worlds: int = 6, seed: int = 0, jobs: int = 2, limit: int = 3,
                   bids: range = range(100, 201, BID_STEP),
                   progress: Callable[[float], None] | None = None) -> BiddingAdvice:
    """For each auction bid, P(reaching the final bid) and the expected score (seed, standard)
    over ``widows`` widows sampled from the 680 (all of them when ``widows`` >= 680);
    ``progress`` told the fraction of widows done."""
    rules = rules or Rules()
    check_cards(hand7, "the hand")
    if len(hand7) != 7:
        raise PositionError(f"before the widow the declarer holds 7 cards, not {len(hand7)}")
    start = time.perf_counter()
    others = list(DECK - hand7)
    all_widows = [CardSet(w) for w in itertools.combinations(others, 3)]
    rng = np.random.default_rng([seed, 4])
    if widows >= len(all_widows):
        picked = all_widows
    else:
        picked = [all_widows[i] for i in rng.choice(len(all_widows), widows, replace=False)]
    tasks = [(hand7, w, rules, choose_worlds, report_worlds, seed * 1000 + i, limit) for i, w in enumerate(picked)]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        # each task in the caller's context: a cancel (analyzer.cancel) reaches every thread
        futures = [pool.submit(contextvars.copy_context().run, _widow_values, task) for task in tasks]
        for k, _ in enumerate(as_completed(futures)):
            if progress is not None:
                progress((k + 1) / len(futures))
        results = [f.result() for f in futures]
    advice = BiddingAdvice(hand7, len(picked), choose_worlds, report_worlds)
    for bid in bids:
        per = {"p": [], "seed": [], "standard": [], "final": []}
        for choose, report, _ in results:
            # the obliged forehand left at 100 takes the widow unseen by the others and may not raise
            final_std = bid if bid == OBLIGED else best_final_bid(choose, bid, "standard")
            per["final"].append(final_std)
            per["p"].append(float((report >= bid).mean()))
            per["seed"].append(float(np.mean([declarer_score(bid, int(v), "seed") for v in report])))
            per["standard"].append(float(np.mean([declarer_score(final_std, int(v), "standard") for v in report])))
        row: dict[str, Any] = {"bid": bid, "widows": len(results), "worlds": len(results) * report_worlds}
        for key in ("p", "seed", "standard"):
            m, h = _interval(np.array(per[key]))
            row[key] = {"mean": round(m, 4 if key == "p" else 2), "ci95": round(h, 4 if key == "p" else 2)}
        row["mean_final_bid_standard"] = round(float(np.mean(per["final"])), 1)
        # the standard rule (an option of the auction): no bid over 120 without a marriage in hand
        row["allowed_standard"] = bid <= 120 or bool(marriages_in(hand7))
        advice.rows.append(row)
    advice.seconds = time.perf_counter() - start
    advice.nodes = sum(nodes for _, _, nodes in results)
    return advice


def position_after_pass(hand10: CardSet, passed: tuple[Card, Card], seat1: CardSet, bid: int) -> Position:
    """The position at the start of play for one split (seat 1's cards besides the passed one)."""
    unseen = DECK - hand10
    return Position(hands=(hand10 - CardSet(passed), seat1 | CardSet([passed[0]]),
                           (unseen - seat1) | CardSet([passed[1]])), declarer=DECLARER, bid=bid, passed=passed)


def advise(cards: CardSet, bid: int = 100, rules: Rules | None = None, widows: int = 48,
           choose_worlds: int | None = None, report_worlds: int | None = None, candidates: int | None = None,
           seed: int = 0, jobs: int = 2, progress: Callable[[float], None] | None = None,
           ) -> AfterWidow | BiddingAdvice:
    """``marias tysiacha advise`` and the board's advice: 7 cards, the bids before the widow;
    10 cards, the pass and the final bid; the defaults of docs/tysiacha.md ("Advice")."""
    if len(cards) == 7:
        return advise_bidding(cards, rules, widows=widows, choose_worlds=choose_worlds or 6,
                              report_worlds=report_worlds or 6, seed=seed, jobs=jobs, limit=candidates or 3,
                              progress=progress)
    if len(cards) == 10:
        return advise_after_widow(cards, bid, rules, choose_worlds=choose_worlds or 48,
                                  report_worlds=report_worlds or 200, seed=seed, limit=candidates, progress=progress)
    raise PositionError(f"the hand must be 7 cards (before the widow) or 10 (after it), not {len(cards)}")
