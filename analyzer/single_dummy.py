"""Single-dummy card values: each legal card of the seat to move valued over the worlds of its
view (docs/single-dummy.md), every card on the same worlds (paired).

For each card, the worlds cross into the C core in ``run_batch`` calls for the contract's
components (yes/no questions); the hra value (with trumps, an exact search) of every card of a
world comes from one ``move_values`` call. The targets move with the world (the marriages a
hidden hand holds, a hidden talon's points), so they are worked out once per kind of world,
from a world's own position, and passed per world.

>>> from analyzer.rules import Position, strength
>>> pos = Position.from_json({"hands": ["hA bX", "h7 b7", "h8 bA"], "trump": "h", "contract": "game"})
>>> sd = single_dummy(pos, 0, worlds="all")
>>> len(sd.worlds), [(str(c), sd.makes(c).text(), sd.hra_value(c).text(0)) for c in sd.ranked]
(6, [('bX', '0.00 exact', '20 exact'), ('hA', '0.00 exact', '10 exact')])
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer import cancel
from analyzer.batch import EXACT, default_threads, run_batch, thread_search
from analyzer.cards import SHARP_MASK, Card, Rank
from analyzer.contract import DEFENCE_COMPONENTS
from analyzer.errors import ArgumentError
from analyzer.estimate import Estimate, estimate
from analyzer.questions import COMPONENTS, OWN_GOAL, question, questions
from analyzer.rules import Position, strength
from analyzer.view import View, Worlds, view_of

DEFAULT_WORLDS = 200
# A table of 2^18 entries per thread, kept across calls (analyzer/batch.py): the worlds of one view
# share most of their subtrees, and so do the cards of one decision.
TT_LOG2 = 18
CHUNK = 16  # worlds searched for every card before the next worlds (see values_of)




@dataclass
class CardOutcome:
    """One card in every world: each component made or not, and the actor's trick points in the
    rest of the play (the hra value; None without trumps)."""

    made: dict[str, np.ndarray]
    makes: np.ndarray
    points: np.ndarray | None


@dataclass
class SingleDummy:
    """The single-dummy values of the legal cards of ``view.seat`` (the seat to move)."""

    view: View
    worlds: Worlds
    seed: int
    outcomes: dict[Card, CardOutcome]
    nodes: int = 0
    seconds: float = 0.0
    goal: int = field(init=False)

    def __post_init__(self) -> None:
        contract = self.view.base.contract
        self.goal = 1 if contract.own_goal[0] in DEFENCE_COMPONENTS else 0

    @property
    def side(self) -> int:
        """The mover's side: 0 the actor's, 1 the defence."""
        return self.view.base.side(self.view.seat)

    def makes(self, card: Card) -> Estimate:
        """P(make) of the contract's own goal after ``card``."""
        return estimate(self.outcomes[card].makes, exact=self.worlds.exact)

    def component(self, card: Card, name: str) -> Estimate:
        return estimate(self.outcomes[card].made[name], exact=self.worlds.exact)

    def hra_value(self, card: Card) -> Estimate | None:
        points = self.outcomes[card].points
        return None if points is None else estimate(points, exact=self.worlds.exact)

    def own(self, card: Card) -> tuple[float, float]:
        """The card's value for the mover's side, the larger the better: (P of its goal, its points)."""
        makes = float(self.outcomes[card].makes.mean())
        good = makes if self.side == self.goal else 1.0 - makes
        points = self.outcomes[card].points
        mean = 0.0 if points is None else float(points.mean())
        return good, mean if self.side == 0 else -mean

    @property
    def ranked(self) -> list[Card]:
        """The legal cards, best first for the mover's side (ties in card order)."""
        return sorted(self.outcomes, key=lambda c: (tuple(-v for v in self.own(c)), int(c)))

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards with the best single-dummy value for the mover's side."""
        top = max(self.own(c) for c in self.outcomes)
        return tuple(c for c in self.ranked if self.own(c) == top)

    def choice(self) -> Card:
        """The card a player choosing by these values plays: the first of :attr:`best`."""
        return self.best[0]

    def gap(self, a: Card, b: Card, what: str = "makes") -> Estimate:
        """``a`` less ``b`` on the same worlds (paired): P(make) (``"makes"``) or the hra value."""
        if what == "makes":
            return estimate(self.outcomes[a].makes.astype(float) - self.outcomes[b].makes, exact=self.worlds.exact)
        pa, pb = self.outcomes[a].points, self.outcomes[b].points
        if pa is None or pb is None:
            raise ArgumentError(f"{self.view.base.contract.value} has no hra value: it is played without trumps")
        return estimate(pa.astype(float) - pb, exact=self.worlds.exact)

    def loss(self, best: Card, card: Card) -> tuple[Estimate, Estimate | None]:
        """What playing ``card`` instead of ``best`` costs the mover's side, on the same worlds:
        the share of worlds its goal is lost in, and its points (None without trumps)."""
        def good(c: Card) -> np.ndarray:
            makes = self.outcomes[c].makes.astype(float)
            return makes if self.side == self.goal else 1.0 - makes

        goal = estimate(good(best) - good(card), exact=self.worlds.exact)
        pa, pb = self.outcomes[best].points, self.outcomes[card].points
        if pa is None or pb is None:
            return goal, None
        sign = 1.0 if self.side == 0 else -1.0
        return goal, estimate(sign * (pa.astype(float) - pb), exact=self.worlds.exact)

    def card_values(self) -> dict[Card, dict[str, Any]]:
        """The shape of ``Solver.card_values`` with figures: ``makes`` (P(make)), ``components``
        and, with trumps, ``hra_value`` (mean points)."""
        out: dict[Card, dict[str, Any]] = {}
        for card in self.ranked:
            entry: dict[str, Any] = {"makes": self.makes(card)}
            made = self.outcomes[card].made
            if len(made) > 1:
                entry["components"] = {name: self.component(card, name) for name in made}
            value = self.hra_value(card)
            if value is not None:
                entry["hra_value"] = value
            out[card] = entry
        return out

    def to_json(self) -> dict[str, Any]:
        cards = []
        for card, entry in self.card_values().items():
            row: dict[str, Any] = {"card": str(card), "makes": entry["makes"].to_json()}
            if "components" in entry:
                row["components"] = {k: v.to_json() for k, v in entry["components"].items()}
            if "hra_value" in entry:
                row["hra_value"] = entry["hra_value"].to_json()
            cards.append(row)
        return {"view": self.view.seat, "worlds": len(self.worlds), "consistent_worlds": self.worlds.total,
                "exact": self.worlds.exact, "seed": self.seed, "best": [str(c) for c in self.best],
                "card_values": cards}


def single_dummy(position: Position, seat: int | None = None, worlds: int | str = DEFAULT_WORLDS, seed: int = 0,
                 threads: int | None = None, tt_log2: int = TT_LOG2) -> SingleDummy:
    """The single-dummy values of the legal cards of ``seat`` (default: the seat to move), which
    must be the seat to move. ``worlds``: a number drawn from ``seed``, or ``"all"``; when the
    consistent worlds are at most that many, every one is solved (exact)."""
    seat = position.to_move if seat is None else seat
    view = view_of(position, seat)
    if seat != position.to_move:
        raise ArgumentError(f"seat {seat} is not to move (seat {position.to_move} is): "
                            "only the seat to move has cards to value")
    if position.tricks_left == 0:
        raise ArgumentError("the position has no cards left to play")
    return values_of(view, view.worlds(worlds, seed), seed, threads, tt_log2)


def values_of(view: View, worlds: Worlds, seed: int = 0, threads: int | None = None,
              tt_log2: int = TT_LOG2) -> SingleDummy:
    """The values of the legal cards of ``view.seat`` on ``worlds`` (of that view).

    With trumps, the hra value (an exact search after each card, the most of the work) is asked
    of all the cards of a world in one call into the core (``Search.move_values`` from the
    mover's position): a world's cards follow each other in the thread's table, which holds
    what they share (on the actor's leads at trick 1, 12 % fewer nodes and a fifth less CPU
    than a batch per card over 16 worlds, docs/benchmarks.md). The yes/no components go in one
    batch per card over CHUNK worlds, every card on a chunk before the next chunk. The chunks
    go to ``threads`` of the advice's kept threads (one pool of tables in the process); the
    answers are exact in each world, so they do not depend on which thread searched what."""
    started = time.perf_counter()
    base = view.base
    kinds, first = _kinds(worlds, base)
    same = _equivalent(base, view)
    searched = [c for c in base.legal_moves() if same.get(c, c) == c]
    befores = [view.world_position(worlds.hands[i], int(worlds.talon[i])) for i in first]  # one of each kind
    plans = [_plan(view, worlds, card, kinds, befores) for card in searched]
    n = len(worlds)
    answers = [{name: np.zeros(n, np.int64) for name in plan.names} for plan in plans]
    exact = _ExactAfter(befores[0], worlds, plans) if base.contract.has_trumps else None
    nodes = [0]
    lock = threading.Lock()

    def chunk(lo: int) -> None:
        cancel.check()
        hi = min(lo + CHUNK, n)
        hands = worlds.hands[lo:hi]
        used = 0
        for plan, out in zip(plans, answers):
            used += plan.run(hands, lo, hi, out, tt_log2)
        if exact is not None:
            used += exact.run(lo, hi, answers, tt_log2)
        with lock:
            nodes[0] += used

    threads = default_threads() if threads is None else threads
    starts = list(range(0, n, CHUNK))
    if threads <= 1 or n <= CHUNK:
        for lo in starts:
            chunk(lo)
    else:
        # imported here: the advice's modules are not needed on one thread (a CLI call's start)
        from analyzer.advice.evaluate import each_layout

        each_layout(chunk, starts, threads)
    outcomes: dict[Card, CardOutcome] = {}
    for plan, out in zip(plans, answers):
        outcomes[plan.card] = plan.outcome(out)
    for card in base.legal_moves():
        if card not in outcomes:
            outcomes[card] = outcomes[same[card]]
    return SingleDummy(view, worlds, seed, outcomes, nodes[0], time.perf_counter() - started)


class _ExactAfter:
    """The hra column of every plan (the actor's trick points after its card, an exact search),
    world by world: one ``move_values`` call gives every legal card's value from the mover's
    position, the card's own gain included; the plan's column is that less the gain."""

    def __init__(self, before: Position, worlds: Worlds, plans: list[_Plan]) -> None:
        q = question(before, "game")  # the hra search (before: one world's position); the same game in every world
        self.game, self.state = q.game(before), q.state(before)
        self.worlds, self.seats, self.plans = worlds, before.seats, plans

    def run(self, lo: int, hi: int, answers: list[dict[str, np.ndarray]], tt_log2: int) -> int:
        search = thread_search(tt_log2)
        nodes = 0
        for w in range(lo, hi):
            hands = tuple(int(h) for h in self.worlds.hands[w, :self.seats])
            values = dict(search.move_values(self.game, self.state._replace(hands=hands)))
            nodes += search.nodes
            for plan, out in zip(self.plans, answers):
                out[plan.exact][w] = values[int(plan.card)] - plan.gain
        return nodes


def _equivalent(base: Position, view: View) -> dict[Card, Card]:
    """Cards of the mover that are worth the same in every world, each to the first of its kind:
    of one suit, as many points, and no card still in play between them that the mover does not
    hold (an unseen card, one of the trick); kings and over-knaves (marriages) and announced
    sevens stand alone. One search serves them all."""
    seat = view.seat
    own = base.hands[seat]
    in_play = view.pool | own.mask | sum(1 << int(c) for c in base.trick)
    lone = base.announced.mask
    out: dict[Card, Card] = {}
    for suit in range(4):
        cards = sorted((Card(b) for b in range(8 * suit, 8 * suit + 8) if in_play >> b & 1),
                       key=lambda c: strength(c, base.notrump))
        run: Card | None = None
        for card in cards:
            mine = card in own and not (1 << int(card)) & lone and not (
                base.trump is not None and card.rank in (Rank.KING, Rank.OVER))
            if not mine:
                run = None
                continue
            if run is not None and run.points == card.points:
                out[card] = out.get(run, run)
            else:
                out[card] = card
            run = card
    return out


def _gain(before: Position, after: Position) -> int:
    """The hra units one card brought the actor (the same in every world: the card is the
    mover's own, the trick's cards are seen)."""
    marriages = [sum(p.marriage_value(s) for s in p.declared[side]) for p in (before, after) for side in (0, 1)]
    trick = after.score[0] - before.score[0] - (marriages[2] - marriages[0])
    gain = trick // 10
    if before.marriage_rule == "over-first":
        gain += (marriages[2] - marriages[0]) // 20 - (marriages[3] - marriages[1]) // 20
    return gain


def _kinds(worlds: Worlds, base: Position) -> tuple[np.ndarray, np.ndarray]:
    """Each world's kind (the same targets for every kind: the marriages each hand holds and the
    talon's sharp cards), and the first world of each kind."""
    key = (worlds.talon & np.uint32(SHARP_MASK)).astype(np.int64) << 12
    if base.trump is not None:
        for seat in range(base.seats):
            hand = worlds.hands[:, seat]
            for suit in range(4):
                lane = (hand >> np.uint32(8 * suit)) & np.uint32(0x30)
                key |= (lane == 0x30).astype(np.int64) << (4 * seat + suit)
    _, first, kinds = np.unique(key, return_index=True, return_inverse=True)
    return kinds.reshape(-1), first


@dataclass
class _Plan:
    """One card's questions to the core, with every world's targets: ``run`` answers a slice of
    the worlds, ``outcome`` reads the answers."""

    card: Card
    seat: int
    names: list[str]  # the columns: the contract's components, and "hra" where "game" is not one
    batches: list[tuple[Any, list[tuple[Any, int]], np.ndarray, list[str]]]  # (state, questions, targets, names): yes/no
    game_target: np.ndarray | None
    gain: int
    own: tuple[str, ...]
    hra: bool
    exact: str  # the column of the hra value ("game" or "hra"; "" without trumps), not in batches

    def run(self, hands: np.ndarray, lo: int, hi: int, out: dict[str, np.ndarray], tt_log2: int) -> int:
        if not self.batches:
            return 0  # only the hra value, which _ExactAfter asks
        hands = hands.copy()
        hands[:, self.seat] &= np.uint32(~(1 << int(self.card)) & 0xFFFFFFFF)
        nodes = 0
        for state, qs, targets, names in self.batches:
            result = run_batch(qs, state, hands, targets[lo:hi], threads=1, tt_log2=tt_log2)
            nodes += result.nodes
            for j, name in enumerate(names):
                out[name][lo:hi] = result.answers[:, j]
        return nodes

    def outcome(self, answers: dict[str, np.ndarray]) -> CardOutcome:
        made: dict[str, np.ndarray] = {}
        points = None
        for name in self.names:
            if name == "game":
                made[name] = answers[name] >= self.game_target
                points = 10 * answers[name]
            elif name != "hra":
                made[name] = answers[name].astype(bool)
        if "hra" in answers:
            points = 10 * answers["hra"]
        if points is not None:
            # the hra value counts from before the card, as Solver.card_values does: what the card
            # itself brought (a trick it completed; under over-first half of a marriage it declared)
            points = points + 10 * self.gain
        makes = np.logical_and.reduce([made[name] for name in self.own])
        return CardOutcome(made, makes, points if self.hra else None)


def _plan(view: View, worlds: Worlds, card: Card, kinds: np.ndarray, befores: list[Position]) -> _Plan:
    """The questions after ``card``: the targets worked out once per kind of world, from a world's
    own position (``befores``, one world of each kind; the state and the games are the same in
    every world)."""
    contract = view.base.contract
    names = list(COMPONENTS[contract])
    afters = [before.play(card, check=False) for before in befores]
    asked = [questions(after) for after in afters]
    hra = contract.has_trumps
    columns = [(name, EXACT if name == "game" else None) for name in names]  # "game": the hra value
    if hra and "game" not in names:
        columns.append(("hra", EXACT))
    # one batch per core state: the over-first hundred carries its best marriage in the state
    by_state: dict[Any, list[tuple[str, int | None]]] = {}
    for name, fixed in columns:
        if fixed is not None:
            continue  # the hra value: asked world by world of every card at once (_ExactAfter)
        q = asked[0][name]
        by_state.setdefault(q.state(afters[0]), []).append((name, fixed))
    batches = []
    for state, cols in by_state.items():
        qs, targets = [], np.zeros((len(worlds), len(cols)), np.int16)
        for j, (name, _) in enumerate(cols):
            q = asked[0][name]
            qs.append((q.game(afters[0]), q.target))
            targets[:, j] = np.array([a[name].target for a in asked], np.int16)[kinds]
        batches.append((state, qs, targets, [name for name, _ in cols]))
    game_target = np.array([a["game"].target for a in asked], np.int64)[kinds] if "game" in names else None
    exact = next((name for name, fixed in columns if fixed is not None), "")
    return _Plan(card, view.seat, [name for name, _ in columns], batches, game_target,
                 _gain(befores[0], afters[0]), OWN_GOAL[contract], hra, exact)
