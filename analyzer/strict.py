"""Laid down without seeing (issue 11): one plan for the actor, each card chosen from what he
can see, that makes the contract against every redistribution and every defence play.

The open-handed check of :mod:`analyzer.claims` lets the actor play differently in each
redistribution, as if he could see the cards. Here he sees only his own hand, the cards
played so far and the current trick (and the marriages declared, which are announced
aloud); the defenders see everything (the worst case). ``docs/claims.md`` ("Laid down
without seeing") gives the definition, the search and why it is exact.

The search is an AND–OR search over what the actor sees. A node is a :class:`Claim`:
the position as the actor sees it and the redistributions still possible (the unseen
cards with, per defender, the cards he cannot hold: what the defence's plays have shown).

- **Actor to move (OR)**: some legal card must lead to a won node.
- **A defender to move (AND)**: every card he can hold and legally play in some
  redistribution (and, for a king or over-knave, with and without the marriage he
  would declare) must lead to a won node; the redistributions shrink to those in
  which that play happened.
- **Lost cut**: after each card of the actor's, the open-handed check of every
  redistribution left (``check_claim``, the solver's searches): one redistribution
  lost with open cards loses the node (no plan can do better than seeing).
  A defender's card needs no check: whatever the defence plays, a redistribution won
  open-handed before it stays won.
- **Won cuts**: one redistribution left (the actor now knows every card: play it open);
  the actor has at most one card left (nothing more to choose); every redistribution a
  sure win of the claim check (``docs/claims.md``, "Sure wins"), whose plans are played
  without seeing (:func:`sure_card`); and, searched, a sure plan played from the node on
  against every redistribution and every defence play (``check_open(..., policy=...)``:
  the core plays :func:`sure_card` for the actor), the proofs' own (cashing) and then
  side-first (:func:`plan_kinds`). After an actor's card that search runs first: where a
  plan wins, the open-handed check is not needed.
- **Order**: at a defence node, the replies that refuted the actor before, at the same
  defender's hand size, first (one refutation settles the node).
- **Killers**: a redistribution that lost a check is searched first by the next checks
  (``check_open(..., first=...)``); one rare lie of the cards often beats many cards.
- **Lean checks**: on a node of a few hundred redistributions or fewer, the plan's search and
  the open-handed check after it skip the claim check's table and proofs
  (:func:`analyzer.lean_check.first_lost`): only the cost changes.

The search is this module's; its pieces live below it: the nodes and their plays
(:mod:`analyzer.strict_nodes`), the sure plans played without seeing
(:mod:`analyzer.sure_plans`), the plan as data and as text (:mod:`analyzer.strict_plans`).

>>> result = check_strict({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8",
...                        "trump": "h", "contract": "game", "actor": 0})
>>> result.strict, result.plan
(True, {'sure': 'cashing'})
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer import cancel
from analyzer.cards import Card, CardSet
from analyzer.claim_reading import (
    Claim,
    ClaimError,
    ClaimTimeout,
    first_hands,
    read_claim,
)
from analyzer.lean_check import LEAN_MAX, first_lost
from analyzer.open_check import (
    POLICIES,
    ClaimResult,
    Counterexample,
    check_open,
    claim_components,
    component_check,
    strict_keys,
)
from analyzer.rules import Position
from analyzer.solver import Solver, default_solver, questions
from analyzer.strict_nodes import (
    Node,
    Unsupported,
    advance,
    after_actor,
    after_defender,
    defence_plays,
    same_plays,
)
from analyzer.strict_plans import (
    PLAN_STEPS,
    PlanTooLarge,
    draw_guess,
    draw_plan,
    reply_plan,
    resolve_plan,
    swap_plan,
)
from analyzer.sure_plans import all_sure, betl_under, plan_kinds, sure_card, sure_kind

# Below this many redistributions a node's open-handed check runs on one thread (no pool).
_ONE_THREAD = 512
_KILLERS = 8  # losing redistributions remembered per kind of check (each costs one search to try)


class StrictTimeout(Exception):
    """The strict search ran past its time limit (the verdict is then "undecided")."""


# --- the search -----------------------------------------------------------------------------------


@dataclass
class _Unchecked:
    """A node after a card of the actor's whose open-handed check is still to be run (the
    redistributions ``settled`` are known made by the sure plan and not searched)."""

    settled: np.ndarray | None


@dataclass
class _Fail:
    """Why a node is lost: an open-handed counterexample, a defence play, every card, or a node
    of the same shape (``child``, whose cards ``names`` renames to this node's)."""

    kind: str  # "open", "reply", "cards", "same"
    result: ClaimResult | None = None
    reply: str | None = None
    child: Node | None = None
    cards: dict[Card, Node | None] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # "same": the lost node's cards -> this node's


def _remember(killers: list[CardSet], cards: CardSet) -> None:
    """A redistribution that lost a check goes first in ``killers`` (the most recent first)."""
    if cards in killers:
        killers.remove(cards)
    killers.insert(0, cards)
    del killers[_KILLERS:]


class _Search:
    def __init__(self, deadline: float | None, tt_log2: int, threads: int | None, solver: Solver | None,
                 shapes: bool = True, sure_plans: bool = True) -> None:
        self.deadline = deadline
        self.shapes = shapes  # False: nodes remembered by their own cards only (tests compare the two)
        self.sure_plans = sure_plans  # False: no sure plan searched (_win step 5; the tests compare the two)
        self.renamed = 0  # nodes answered by a node of the same shape with other cards
        self.tt_log2 = tt_log2
        self.threads = threads
        self.solver = solver
        self.won: dict[tuple, tuple[dict, tuple[Card, ...]]] = {}  # shape key -> (plan, the shape's cards)
        self.lost: dict[tuple, _Fail] = {}  # node key -> why (the guess is read from these)
        self.lost_shapes: dict[tuple, tuple[Node, tuple[Card, ...]]] = {}  # shape key -> a node lost, its cards
        self.nodes = 0
        self.checks = 0
        self.plans = 0  # sure plans searched (_win step 5, docs/claims.md step 7)
        # Redistributions that lost a check (the cards of defenders[0]), tried first by the next
        # checks of their kind: one rare lie of the cards often beats many of the actor's cards.
        self.killers: dict[str, list[CardSet]] = {kind: [] for kind in ("open", *POLICIES)}
        self.habits: dict[tuple, Card] = {}
        self.refuters: dict[tuple, int] = {}

    def _time(self) -> float | None:
        cancel.check()  # asked before every check: a cancelled job (the board's DELETE) stops here too
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise StrictTimeout
        return left

    def open_check(self, node: Node, settled: np.ndarray | None = None) -> ClaimResult:
        """The open-handed verdict on every redistribution of the node (those ``settled`` are
        known to be made and not searched)."""
        self.checks += 1
        claim = node.claim
        # With the sure plans searched, this check follows a lost plan, so the claim check's
        # proofs could not settle the node (step 2): on a few redistributions, none are needed.
        if settled is not None or not self._lean_node(claim):
            return self._check(node, "open", settled=settled)
        lost = self._lean(node, "open", None)
        if lost is None:
            return ClaimResult(True, claim.count(), dict.fromkeys(node.names, True), claim=claim)
        cards, name = lost
        return ClaimResult(False, claim.count(), {n: False if n == name else None for n in node.names},
                           Counterexample(claim.with_hands(cards, check=False), name, []), claim=claim)

    def sure_plan(self, node: Node, settled: np.ndarray | None = None) -> str | None:
        """The first sure plan of ``plan_kinds`` (``sure_card`` at every card of the actor's from
        here on) that wins the node, or None. The core plays it for him and searches the
        defence, in every redistribution (those ``settled`` are proven made by the first plan's
        own proofs and not searched)."""
        for kind in plan_kinds(node.position):
            self.plans += 1
            if settled is not None or not self._lean_node(node.claim):
                won = self._check(node, kind, policy=kind, settled=settled).laid_down
            else:
                won = self._lean(node, kind, kind) is None
            if won:
                return kind
            settled = None
        return None

    def _lean_node(self, claim: Claim) -> bool:
        """Are the node's checks lean (``lean_check``), its proofs of "Sure wins" left out? On
        a few redistributions, with the sure plans searched (docs/claims.md step 9)."""
        return self.sure_plans and claim.count() <= LEAN_MAX

    def _lean(self, node: Node, kind: str, policy: str | None) -> tuple[CardSet, str] | None:
        """``lean_check.first_lost`` on the node's claim, its killers first."""
        killers = self.killers[kind]
        try:
            lost = first_lost(node.claim, node.names, policy, first=self._first(kind), tt_log2=self.tt_log2,
                              time_limit=self._time())
        except ClaimTimeout:
            raise StrictTimeout from None
        if lost is not None:
            _remember(killers, lost[0])
        return lost

    def _first(self, kind: str) -> list[CardSet]:
        """The killers a check of ``kind`` searches first: a redistribution lost open-handed is
        lost by the sure plans too."""
        return self.killers[kind] + self.killers["open"] if kind != "open" else self.killers[kind]

    def _check(self, node: Node, kind: str, **options: Any) -> ClaimResult:
        claim = node.claim
        threads = 1 if claim.count() < _ONE_THREAD else self.threads
        killers = self.killers[kind]
        try:
            result = check_open(claim, components=node.names, tt_log2=self.tt_log2, threads=threads,
                                 time_limit=self._time(), solver=self.solver, first=self._first(kind), **options)
        except ClaimTimeout:
            raise StrictTimeout from None
        if result.counterexample is not None:
            _remember(killers, result.counterexample.position.hands[claim.defenders[0]])
        return result

    def win(self, node: Node, checked: ClaimResult | _Unchecked | None) -> dict | None:
        """The plan that wins from ``node`` without seeing, or None. ``checked``: the open-handed
        result of the node when its redistributions still have to be checked (after an
        actor's card), or _Unchecked when that check is still to be run; else None (they are
        all won open-handed)."""
        key = node.key()
        if key in self.lost:
            return None
        shape, cards = node.shape() if self.shapes else (key, ())
        if shape in self.won:
            plan, known = self.won[shape]
            if known == cards:
                return plan
            self.renamed += 1
            # Renamed when the plan is written out (resolve_plan): copying it here cost more than the search.
            return {"renamed": (plan, _renaming(known, cards))}
        if shape in self.lost_shapes:
            other, known = self.lost_shapes[shape]
            self.renamed += 1
            self.lost[key] = _Fail("same", child=other, names=_renaming(known, cards))
            return None
        self.nodes += 1
        self._time()
        plan = self._win(node, checked)
        if plan is None:
            assert key in self.lost
            self.lost_shapes[shape] = (node, cards)
        else:
            self.won[shape] = (plan, cards)
        return plan

    def _win(self, node: Node, checked: ClaimResult | _Unchecked | None) -> dict | None:
        key = node.key()
        position, claim = node.position, node.claim
        plan_tried = False
        if isinstance(checked, _Unchecked):
            # The sure plan of step 5 first: where it wins, the open-handed check is not needed
            # (a redistribution it makes is made open-handed); where it loses, its search stops
            # at the first redistribution lost, which the open-handed killers often give at once.
            plan_tried = self.sure_plans
            kind = self.sure_plan(node, checked.settled) if plan_tried else None
            if kind is not None:
                return {"sure": kind}
            checked = self.open_check(node, checked.settled)
        if checked is not None and not checked.laid_down:
            # Step 1. The lost cut: one redistribution lost open-handed.
            self.lost[key] = _Fail("open", result=checked)
            return None
        # Step 2. The sure plans: every redistribution settled without a search. Their proofs
        # need no open-handed check, so they also settle a node reached by a defender's card;
        # there, on a few redistributions, step 5's search of the same plan costs less.
        if (len(node.names) == 1 and not position.trick and position.leader == position.actor
                and (checked.proven == checked.distributions if checked is not None
                     else not self._lean_node(claim) and all_sure(claim, node.names[0]))):
            return {"sure": sure_kind(position)}
        # Step 3. Betl played under: nothing the defence does can make the actor win a trick.
        if betl_under(position, claim.unseen):
            return {"sure": "betl"}
        # Step 4. Nothing left to guess.
        if claim.count() == 1:
            return {"known": [str(h) for h in position.hands]}
        if len(position.hands[position.actor]) <= 1:
            return {"forced": True}  # his last card, if any, is his only one
        # Step 5. The sure plan searched: played from here, does it make the claim against every
        # redistribution and every defence play? (Where the proofs of step 2 cannot tell.)
        kind = self.sure_plan(node) if self.sure_plans and not plan_tried else None
        if kind is not None:
            return {"sure": kind}
        if position.to_move == position.actor:
            return self._actor(node)
        return self._defence(node)

    def _actor(self, node: Node) -> dict | None:
        position = node.position
        legal = list(position.legal_moves())
        fail = _Fail("cards")
        # The card that won from the same hand elsewhere first: plans then repeat themselves
        # across the defence's replies, and the tree shown at the table is smaller.
        habit = (position.hands[position.actor].mask, position.trick[:1])
        order = self._order(position, legal, node.names)
        if self.habits.get(habit) in order:
            order.remove(self.habits[habit])
            order.insert(0, self.habits[habit])
        sure, settled = self._sure_start(node)
        for card in order:
            child = after_actor(node, card)
            if child is None:
                fail.cards[card] = None
                continue
            # Checked in _win, only when no node of its shape is known already.
            sub = self.win(child, None if len(legal) == 1 else _Unchecked(settled if card == sure else None))
            if sub is not None:
                self.habits[habit] = card
                return {"play": str(card), "then": sub}
            fail.cards[card] = child
        self.lost[node.key()] = fail
        return None

    def _sure_start(self, node: Node) -> tuple[Card | None, np.ndarray | None]:
        """The sure plan's first card here and the redistributions it wins (docs/claims.md, "The
        search, and why it is exact", step 3): after that card they need no search."""
        position, claim = node.position, node.claim
        if len(node.names) != 1 or position.trick or position.leader != position.actor:
            return None, None
        if self._lean_node(claim):
            return None, None  # the plan's lean search (step 5) costs less than the proofs
        proven = component_check(claim, node.names[0]).proven
        if not proven.any():
            return None, None
        return sure_card(position, claim.unseen, sure_kind(position)), proven

    def _order(self, position: Position, legal: list[Card], names: tuple[str, ...]) -> list[Card]:
        """Cards that win open-handed in the node's representative redistribution first (a guide)."""
        if len(legal) == 1:
            return legal
        good = winning_cards(position, names, self.solver)
        return sorted(legal, key=lambda c: c not in good)

    def _defence(self, node: Node) -> dict | None:
        replies: dict[str, dict] = {}
        seat = node.position.to_move
        plays = defence_plays(node)
        same = same_plays(node, [play[0] for play in plays])
        # The replies that refuted the actor before, at this defender's same hand size, first:
        # one refutation settles the node (a history heuristic; docs/claims.md step 2).
        when = (seat, len(node.position.hands[seat]))
        plays.sort(key=lambda play: -self.refuters.get((when, play[0]), 0))
        for label, card, f0, f1 in plays:
            if label in same:
                continue  # answered by the card it is exchanged with (see same_plays)
            child = after_defender(node, card, f0, f1)
            plan = {"forced": True} if child is None else self.win(child, None)
            if plan is None:
                self.refuters[when, label] = self.refuters.get((when, label), 0) + 1
                self.lost[node.key()] = _Fail("reply", reply=label, child=child)
                return None
            replies[label] = plan
        out: dict[str, Any] = {"seat": seat, "replies": replies}
        if same:
            out["same"] = same
        return out


def _renaming(old: Sequence[Card], new: Sequence[Card]) -> dict[str, str]:
    """The cards of one shape renamed, place by place (see ``Node.shape``); only those that change."""
    return {str(a): str(b) for a, b in zip(old, new) if a != b}


def winning_cards(position: Position, names: Sequence[str], solver: Solver | None = None) -> set[Card]:
    """The legal cards after which the actor still makes every component open-handed."""
    solver = solver or default_solver()
    qs = questions(position)
    good = set(position.legal_moves())
    for name in names:
        q = qs[name]
        values = dict(solver.core.move_values(q.game(position), q.state(position)))
        good = {c for c in good if values.get(int(c), 0) >= q.target}
    return good


# --- the guess ------------------------------------------------------------------------------------

# Redistributions whose winning cards are compared when looking for a guess, besides the
# counterexamples the search found.
GUESS_WORLDS = 200
GUESS_ENOUGH = 16  # ... of which so many besides the counterexamples, once two need disjoint cards


def _find_guess(search: _Search, root: Node) -> dict | None:
    """Two redistributions that need different cards at the same moment: follow the search's
    refutation (the defence's replies that beat every plan) to a moment where the actor's
    choice is a guess. Returns the guess as JSON, or None if none was found."""
    node: Node | None = root
    path: list[str] = []
    names: dict[str, str] = {}  # the cards of the node walked -> the claim's (after "same" nodes)

    def real(token: str) -> str:
        head, plus, tail = token.partition("+")
        return names.get(head, head) + plus + tail

    while node is not None:
        fail = search.lost.get(node.key())
        if fail is None:
            return None
        if fail.kind == "same":
            # Walk the node of the same shape that was searched, its cards renamed to these.
            names = {str(c): real(fail.names.get(str(c), str(c))) for c in map(Card, range(32))}
            node = fail.child
            continue
        if fail.kind == "reply":
            path.append(f"{node.position.to_move}:{real(fail.reply or '')}")
            node = fail.child
            continue
        if fail.kind != "cards":
            return None
        guess = _guess_at(search, node, fail, path)
        if guess is not None:
            return _renamed_guess(guess, real)
        # Every card fails, but not as an open-handed guess here: go where the failure is deeper.
        deeper = [(card, child) for card, child in fail.cards.items()
                  if child is not None and child.key() in search.lost and search.lost[child.key()].kind != "open"]
        if not deeper:
            return None
        card, child = deeper[0]
        path.append(f"{node.position.actor}:{real(str(card))}")
        node = child
    return None


def _renamed_guess(guess: dict, real: Callable[[str], str]) -> dict:
    """A guess found at a node of the same shape, in the claim's own cards (its path already is)."""
    def cards(text: str) -> str:
        return str(CardSet.from_str(" ".join(real(t) for t in text.split())))

    out = []
    for option in guess["redistributions"]:
        out.append({"hands": [cards(h) for h in option["hands"]],
                    "needs": sorted((real(c) for c in option["needs"]), key=Card.from_str),
                    "wrong": real(option["wrong"]), "line": [real(c) for c in option["line"]]})
    return {"after": guess["after"], "redistributions": out}


def _guess_at(search: _Search, node: Node, fail: _Fail, path: list[str]) -> dict | None:
    claim = node.claim
    firsts: list[CardSet] = []
    for child in fail.cards.values():
        lost = None if child is None else search.lost.get(child.key())
        if lost is not None and lost.kind == "open" and lost.result and lost.result.counterexample:
            firsts.append(lost.result.counterexample.position.hands[claim.defenders[0]])
    enough = len(firsts) + GUESS_ENOUGH
    firsts += list(first_hands(claim, limit=GUESS_WORLDS))
    needs: list[tuple[CardSet, set[Card]]] = []
    seen: set[int] = set()
    best = None
    for b in firsts:
        if b.mask in seen:
            continue
        seen.add(b.mask)
        gb = winning_cards(claim.with_hands(b), node.names, search.solver)
        for a, ga in needs:
            if ga - gb and gb - ga:
                score = (not (ga & gb), -len(ga) - len(gb))
                if best is None or score > best[0]:
                    best = (score, (a, ga), (b, gb))
        needs.append((b, gb))
        # A pair with no card in common among the counterexamples and a few more, or any pair
        # among some more, is a guess to show (each world asked costs a full search: asking
        # all of them took about a second at trick 1).
        if best is not None and (best[0][0] and (best[0][1] == -2 or len(needs) >= enough)
                                 or len(needs) >= enough + 2 * GUESS_ENOUGH):
            break
    if best is None:
        return None
    _, (a, ga), (b, gb) = best
    out = []
    for (first, need), (_, other) in (((a, ga), (b, gb)), ((b, gb), (a, ga))):
        position = claim.with_hands(first)
        wrong = min(other - need)
        out.append({"hands": [str(h) for h in position.hands], "needs": [str(c) for c in sorted(need)],
                    "wrong": str(wrong), "line": _beating_line(position, wrong, node.names, search.solver)})
    return {"after": list(path), "redistributions": out}


def _beating_line(position: Position, card: Card, names: tuple[str, ...], solver: Solver | None) -> list[str]:
    """``card`` and the defence's line that then beats the actor in ``position`` (the solver's
    principal variation of the first component lost)."""
    after, renamed = advance(position, card, names)
    if after is None or renamed is None:
        return [str(card)]
    solver = solver or default_solver()
    qs = questions(after)
    for name in renamed:
        if not solver.ask(after, qs[name]):
            return [str(card)] + [str(c) for c in solver.line(after, qs[name])]
    return [str(card)]


# --- the answer -----------------------------------------------------------------------------------

# The strict search's time limit when none is given (the CLI's): past it the verdict is undecided.
TIME_LIMIT = 60.0


@dataclass
class StrictResult:
    """The strict verdict: True, False, or None (undecided within the time limit); the plan when
    True (written out when first asked for; None with ``plan_omitted`` when it has more than
    ``PLAN_STEPS`` steps); the guess when only the open-handed check holds."""

    strict: bool | None
    open: ClaimResult
    guess: dict | None = None
    nodes: int = 0  # nodes of the AND-OR search
    checks: int = 0  # open-handed checks run (each over every redistribution of its node)
    plans: int = 0  # sure plans searched (each over every redistribution of its node)
    renamed: int = 0  # nodes answered by an earlier node of the same shape with other cards
    seconds: float = 0.0
    found: dict | None = field(default=None, repr=False)  # the search's plan, renamed parts unresolved

    @functools.cached_property
    def _written(self) -> tuple[dict | None, bool]:
        if self.found is None:
            return None, False
        try:
            return resolve_plan(self.found), False
        except PlanTooLarge:
            return None, True

    @property
    def plan(self) -> dict | None:
        return self._written[0]

    @property
    def plan_omitted(self) -> bool:
        """True when strict holds but its plan has more than ``PLAN_STEPS`` steps (not written out)."""
        return self._written[1]

    def to_json(self) -> dict[str, Any]:
        return {**self.open.to_json(), **strict_keys(self.strict, self.plan, self.plan_omitted, self.guess)}


def check_strict(claim: Claim | Mapping[str, Any], *, consistent: bool = False,
                 components: Sequence[str] | None = None, time_limit: float | None = TIME_LIMIT,
                 open_result: ClaimResult | None = None, solver: Solver | None = None,
                 tt_log2: int | None = None, threads: int | None = None, shapes: bool = True,
                 sure_plans: bool = True) -> StrictResult:
    """Is the claim laid down without seeing? (see the module's docstring). ``open_result``: the
    open-handed check already run on this claim. Past ``time_limit`` seconds the verdict is
    None. ``shapes=False`` remembers nodes by their own cards only, not by their shape;
    ``sure_plans=False`` searches no sure plan at the nodes (the tests compare both with the
    default). Raises ClaimError for a claim that cannot be checked."""
    started = time.perf_counter()
    if not isinstance(claim, Claim):
        claim = read_claim(claim, consistent)
    names = claim_components(claim.position.contract, components)
    kwargs: dict[str, Any] = {} if tt_log2 is None else {"tt_log2": tt_log2}
    if open_result is None:
        open_result = check_open(claim, components=names, solver=solver, threads=threads, **kwargs)
    deadline = None if time_limit is None else started + time_limit
    search = _Search(deadline, tt_log2 if tt_log2 is not None else 22, threads, solver, shapes, sure_plans)
    result = StrictResult(strict=False, open=open_result)
    if open_result.laid_down:
        root = Node(claim, tuple(names))
        try:
            result.found = search.win(root, open_result)
            result.strict = result.found is not None
            if result.found is None:
                result.guess = _find_guess(search, root)
        except StrictTimeout:
            result.strict = None
        except Unsupported as exc:
            raise ClaimError(f"strict check: {exc}") from None
    result.nodes, result.checks, result.plans = search.nodes, search.checks, search.plans
    result.renamed = search.renamed
    result.seconds = time.perf_counter() - started
    return result


# The nodes (analyzer.strict_nodes), the sure plans (analyzer.sure_plans) and the plans as data
# and text (analyzer.strict_plans) are below this search; their names are this module's too.
__all__ = [
    "PLAN_STEPS",
    "TIME_LIMIT",
    "StrictResult",
    "StrictTimeout",
    "advance",
    "check_strict",
    "defence_plays",
    "draw_guess",
    "draw_plan",
    "plan_kinds",
    "reply_plan",
    "sure_card",
    "sure_kind",
    "swap_plan",
    "winning_cards",
]
