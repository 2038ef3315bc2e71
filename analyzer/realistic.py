"""Realistic playouts: every player chooses each card by its single-dummy values from its own view
(docs/single-dummy.md), and realistic P(make) and payment over deals drawn from one player's view,
beside the open-hand figures on the same deals (paired).

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"hands": ["hA bX", "h7 b7", "h8 bA"], "trump": "h", "contract": "game"})
>>> play = playout(pos, k=4, seed=1)
>>> [str(c) for c in play.cards], play.makes, play.actor_points
(['bX', 'b7', 'bA', 'h8', 'hA', 'h7'], False, 20)
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from analyzer.batch import default_threads, kept_threads
from analyzer.cards import Card
from analyzer.cluster import client_for
from analyzer.errors import ArgumentError, MariasError
from analyzer.estimate import Estimate, estimate
from analyzer.rules import Position
from analyzer.single_dummy import values_of
from analyzer.solver import Solver, default_solver
from analyzer.view import history_shown, shown_now, view_of

DECISION_WORLDS = 10  # k: worlds per decision, the default


def decision_seed(seed: int, *path: int) -> int:
    """A seed for one decision of one playout, from the run's seed (independent streams)."""
    return int(np.random.SeedSequence([seed, *path]).generate_state(1)[0])


@dataclass(frozen=True)
class Playout:
    """One deal played out realistically: the cards in order, the verdict and each component, the
    actor's trick points over the deal (with trumps), and the actor's payment when settled."""

    cards: tuple[Card, ...]
    makes: bool
    components: dict[str, bool]
    actor_points: int | None
    payment: float | None
    decisions: int  # cards chosen by a search (not forced)


def playout(deal: Position, k: int = DECISION_WORLDS, seed: int = 0, threads: int | None = None,
            solver: Solver | None = None, settle: bool = False) -> Playout:
    """Play ``deal`` to the end, each card chosen by its player from its own view on ``k`` worlds
    (drawn from a seed of ``seed`` and the card's number); the last trick, all forced, is solved.
    ``settle``: price the result with the rule set's settlement (a whole deal only)."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ArgumentError(f"the worlds per decision must be a whole number >= 1, not {k!r}")
    position = deal
    cards: list[Card] = []
    decisions = 0
    shown = history_shown(deal)  # kept card by card: a view then needs no replay of the history
    while position.tricks_left > 1:
        legal = position.legal_moves()
        if len(legal) == 1:
            card = next(iter(legal))
        else:
            view = view_of(position, position.to_move, shown)
            card = values_of(view, view.worlds(k, decision_seed(seed, len(cards))), threads=threads).choice()
            decisions += 1
        cards.append(card)
        shown.append(shown_now(position, card))
        position = position.play(card, check=False)
    solver = solver or default_solver()
    result = solver.solve(position)
    cards += result.line
    points = None
    if result.actor_points is not None:
        points = _taken(position) + result.actor_points
    payment = None
    if settle:
        # priced as the whole deal played so: the verdict of the play, the actor's points over it
        from analyzer.solution import SolveResult
        from analyzer.targets import remaining_units

        whole = SolveResult(result.makes, points, None if points is None else 10 * remaining_units(deal) - points,
                            dict(result.components), cards)
        payment = _payment(deal, whole)
    return Playout(tuple(cards), result.makes, dict(result.components), points, payment, decisions)


def _taken(position: Position) -> int:
    from analyzer.targets import trick_points_in_score

    return trick_points_in_score(position, 0)


def _payment(position: Position, result: object) -> float | None:
    """The actor's money for the deal as played out (None where the settlement cannot price it)."""
    from analyzer.outcome import result_json
    from analyzer.scoring import settle_json

    try:
        # played out, as the advice prices what the cards are worth: no csm 12.3-12.4 presumptions
        return float(settle_json(result_json(position, result), unplayed=False).payments[position.actor])  # type: ignore[arg-type]
    except MariasError:
        return None


def play_deal(deal: Position, k: int, seed: int, settle: bool) -> tuple[bool, bool, float, float, int]:
    """One deal played out realistically and solved open-handed: (realistic makes, open makes,
    realistic payment, open payment (nan where not priced), the decisions searched). A task of
    its own on a dask cluster."""
    solver = default_solver()
    played = playout(deal, k, seed, 1, solver, settle)
    result = solver.solve(deal)
    r_pay = o_pay = math.nan
    if settle:
        r_pay = math.nan if played.payment is None else played.payment
        paid = _payment(deal, result)
        o_pay = math.nan if paid is None else paid
    return played.makes, result.makes, r_pay, o_pay, played.decisions


@dataclass
class Realistic:
    """Realistic and open-hand outcomes on the same deals (drawn from ``seat``'s view)."""

    seat: int
    k: int
    seed: int
    realistic_makes: np.ndarray
    open_makes: np.ndarray
    realistic_pay: np.ndarray  # nan where a deal could not be priced
    open_pay: np.ndarray
    exact_deals: bool
    seconds: float
    decisions: int

    @property
    def deals(self) -> int:
        return len(self.realistic_makes)

    def p_make(self) -> Estimate:
        return estimate(self.realistic_makes)

    def open_p_make(self) -> Estimate:
        return estimate(self.open_makes, exact=self.exact_deals)

    def gap(self) -> Estimate:
        """Open-hand less realistic P(make), on the same deals: the open hand's overstatement."""
        return estimate(self.open_makes.astype(float) - self.realistic_makes)

    def payment(self) -> Estimate:
        return estimate(self.realistic_pay[~np.isnan(self.realistic_pay)])

    def open_payment(self) -> Estimate:
        return estimate(self.open_pay[~np.isnan(self.open_pay)])

    def payment_gap(self) -> Estimate:
        both = ~np.isnan(self.open_pay) & ~np.isnan(self.realistic_pay)
        return estimate(self.open_pay[both] - self.realistic_pay[both])

    def to_json(self) -> dict[str, object]:
        def fig(f: Estimate) -> dict[str, object]:
            return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in f.to_json().items()}

        return {"seat": self.seat, "deals": self.deals, "worlds_per_decision": self.k, "seed": self.seed,
                "realistic_p_make": fig(self.p_make()), "open_p_make": fig(self.open_p_make()),
                "gap": fig(self.gap()), "realistic_payment": fig(self.payment()),
                "open_payment": fig(self.open_payment()), "payment_gap": fig(self.payment_gap()),
                "decisions": self.decisions}


def realistic(position: Position, seat: int, deals: int = 40, k: int = DECISION_WORLDS, seed: int = 0,
              jobs: int | None = None, progress: Callable[[int], None] | None = None,
              settle: bool = True, scheduler: str | None = None) -> Realistic:
    """Realistic P(make) and payment of ``position`` (a whole deal) over ``deals`` deals drawn
    from ``seat``'s view of it, each played out realistically with ``k`` worlds per decision;
    the open-hand outcome of the same deals beside it. ``jobs`` deals are played at once (default:
    every core), or with ``scheduler`` (a dask.distributed address, or env DASK_SCHEDULER_ADDRESS)
    each on the cluster; the figures do not depend on where. ``progress(1)`` after each deal."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 2:
        raise ArgumentError(f"deals must be a whole number >= 2, not {deals!r}")
    started = time.perf_counter()
    view = view_of(position, seat)
    worlds = view.worlds(deals, seed)
    n = len(worlds)
    r_makes, o_makes = np.zeros(n, bool), np.zeros(n, bool)
    r_pay, o_pay = np.full(n, np.nan), np.full(n, np.nan)

    deals_of = [view.world_position(worlds.hands[i], int(worlds.talon[i])) for i in range(n)]
    seeds = [decision_seed(seed, i) for i in range(n)]

    def record(i: int, got: tuple[bool, bool, float, float, int]) -> int:
        r_makes[i], o_makes[i], r_pay[i], o_pay[i], used = got
        if progress is not None:
            progress(1)
        return used

    decisions = 0
    jobs = default_threads() if jobs is None else jobs
    with client_for(scheduler, ArgumentError) as client:
        if client is not None:
            # every deal a task of its own on the cluster (each worker's own threads and tables)
            from distributed import as_completed

            futures = client.map(play_deal, deals_of, [k] * n, seeds, [settle] * n, pure=False)
            index = {future.key: i for i, future in enumerate(futures)}
            for future in as_completed(futures):
                decisions += record(index[future.key], future.result())
        elif jobs <= 1:
            for i in range(n):
                decisions += record(i, play_deal(deals_of[i], k, seeds[i], settle))
        else:
            # a deal's playout searches on its own thread, one thread a decision: the deals, not the
            # worlds of a decision (ten or so), are what keeps the cores busy
            pool = kept_threads("realistic", max(jobs, default_threads()))
            futures = [pool.submit(play_deal, deals_of[i], k, seeds[i], settle) for i in range(n)]
            for i, future in enumerate(futures):  # in order: the first failing deal's exception
                decisions += record(i, future.result())
    return Realistic(seat, k, seed, r_makes, o_makes, r_pay, o_pay, worlds.exact, time.perf_counter() - started,
                     decisions)


def advice_positions(advice: object, top: int = 3) -> list[tuple[str, Position, int]]:
    """Whole deals standing for the advice's top options (actor's view) or the defended contract
    (defender's view), with the seat whose view the deals are drawn from: the hidden hands are
    placeholders (``realistic`` draws every deal again from that seat's view)."""
    from analyzer.cards import SHARP_MASK, CardSet

    summary = advice.summary  # type: ignore[attr-defined]
    rules = advice.rules  # type: ignore[attr-defined]
    out = []
    if advice.view == "actor":  # type: ignore[attr-defined]
        seat = summary["seat"]
        twelve = CardSet.from_str(summary["hand"])
        rows = [o for o in advice.options if str(o.get("stage", "")).startswith("confirmed")][:top]  # type: ignore[attr-defined]
        for o in rows:
            discard = CardSet.from_str(" ".join(o["discard"]))
            rest = list(CardSet(0xFFFFFFFF) - twelve)
            hands = ["", "", ""]
            hands[seat] = str(twelve - discard)
            others = [s for s in range(3) if s != seat]
            hands[others[0]], hands[others[1]] = str(CardSet(rest[:10])), str(CardSet(rest[10:]))
            data = {"hands": hands, "talon": str(discard), "contract": o["contract"], "actor": seat, "rules": rules}
            if o.get("trump"):
                data["trump"] = o["trump"]
            if o.get("side_suit"):
                data["side_suit"] = o["side_suit"]
            label = o["contract"] + (f" in {o['trump']}" if o.get("trump") else "") + f", discard {' '.join(o['discard'])}"
            out.append((label, Position.from_json(data), seat))
        return out
    if advice.view == "defender":  # type: ignore[attr-defined]
        seat, actor = summary["seat"], summary["actor"]
        own = CardSet.from_str(summary["hand"])
        first = advice.options[0]  # type: ignore[attr-defined]
        contract, trump, side = first["contract"], first.get("trump"), first.get("side_suit")
        from analyzer.contract import Contract

        c = Contract.parse(contract)
        sevens = []
        if trump and c.actor_seven:
            sevens.append(trump + "7")
        if side and c.two_sevens:
            sevens.append(side + "7")
        actor_cards = CardSet.from_str(" ".join(sevens)) if sevens else CardSet()
        rest = list(CardSet(0xFFFFFFFF) - own - actor_cards)
        plain = [x for x in rest if not (c.has_trumps and (1 << int(x)) & SHARP_MASK)]
        talon = CardSet(plain[:2])
        rest = [x for x in rest if x not in talon]
        actor_cards = actor_cards | CardSet(rest[:10 - len(actor_cards)])
        partner = CardSet([x for x in rest if x not in actor_cards])
        hands = ["", "", ""]
        hands[seat], hands[actor], hands[3 - seat - actor] = str(own), str(actor_cards), str(partner)
        data = {"hands": hands, "talon": str(talon), "contract": contract, "actor": actor, "rules": rules}
        if trump:
            data["trump"] = trump
        if side:
            data["side_suit"] = side
        out.append((f"{contract} defended by seat {seat}", Position.from_json(data), seat))
        return out
    raise ArgumentError(f"--realistic is for the actor's and the defender's views, not the {advice.view}'s")  # type: ignore[attr-defined]


def render(rows: list[tuple[str, Realistic]], unit: str) -> str:
    """The realistic figures beside the open-hand ones, one option a line, with errors."""
    out = []
    for label, r in rows:
        pay = r.payment()
        money = ""
        if pay.worlds:
            money = (f"; payment realistic {pay.mean:+.2f} ± {pay.stderr:.2f}, open-hand {r.open_payment().mean:+.2f} "
                     f"± {r.open_payment().stderr:.2f}, gap {r.payment_gap().text()} {unit}")
        out.append(f"  {label}: P(make) realistic {r.p_make().text()}, open-hand {r.open_p_make().text()}, "
                   f"gap {r.gap().text()} (paired){money} [deals={r.deals}, k={r.k} worlds a decision, "
                   f"{r.seconds:.0f} s]")
    return "\n".join(out)
