"""The open-handed claim check: is the contract made in every redistribution, the actor
playing each one as if he saw the cards? Exact: every redistribution is settled by a proof
that needs no search (:mod:`analyzer.sure_wins`) or by the open-hand search, the
redistributions going to the core in one batch, the most lopsided first.

:func:`check_open` is that check; :func:`analyzer.claims.check_claim`, above it and above
the strict check (:mod:`analyzer.strict`, which calls this one at its nodes), chooses
between them.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer import _core
from analyzer.batch import BatchTimeout, run_batch
from analyzer.card_masks import core_mask
from analyzer.cards import Card, CardSet
from analyzer.claim_reading import Claim, ClaimError, ClaimTimeout
from analyzer.redistributions import Table, claim_table, world_targets
from analyzer.rules import Contract, Position
from analyzer.solver import (
    COMPONENTS,
    OWN_GOAL,
    Solver,
    default_solver,
    questions,
)
from analyzer.sure_wins import sure_wins

__all__ = ["DANGER_SAMPLE", "DEFENCE_COMPONENTS", "POLICIES", "TT_LOG2", "ClaimResult", "ComponentCheck",
           "Counterexample", "check_open", "claim_components", "component_check", "strict_keys"]

# Components whose goal belongs to the defence: a claim is the actor's, so they are never claimed.
DEFENCE_COMPONENTS = ("seven-against", "hundred-against")
# The first redistributions searched, one per suit-length pattern, most lopsided first (a quick "no").
DANGER_SAMPLE = 400
# The solver's table for claims: 2^22 entries (128 MiB). Redistributions share their searches through
# it; on the hardest claims measured it is 2-3 times faster than the solver's default (docs/claims.md).
TT_LOG2 = 22

_ALWAYS = -100  # a target below every value: answered "yes" without a search
_FEW_FIRST = 5000  # from this many redistributions, those given first are searched on their own
# The sure plans the core can play for the actor (check_open's ``policy``).
POLICIES = {"cashing": _core.POLICY_CASHING, "betl": _core.POLICY_BETL, "side-first": _core.POLICY_SIDE_FIRST}
_PROOFS_HOLD = (None, "cashing", "betl")  # the actor's best play, and the plans "Sure wins" proves


@dataclass
class Counterexample:
    """A redistribution in which the actor fails a component, and the defence's winning line."""

    position: Position
    component: str
    line: list[Card]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [str(h) for h in self.position.hands],
            "component": self.component,
            "line": [str(c) for c in self.line],
            "position": self.position.to_json(),
        }


def strict_keys(strict: bool | None, plan: dict | None, plan_omitted: bool, guess: dict | None) -> dict[str, Any]:
    """The keys the strict check adds to a claim's JSON (``ClaimResult`` and ``StrictResult``)."""
    out: dict[str, Any] = {"strict": strict}
    if plan is not None:
        out["plan"] = plan
    if plan_omitted:
        out["plan_omitted"] = True
    if guess is not None:
        out["guess"] = guess
    return out


@dataclass
class ClaimResult:
    """What ``marias claim`` reports; ``to_json`` gives its JSON keys."""

    laid_down: bool
    distributions: int
    components: dict[str, bool | None]
    counterexample: Counterexample | None = None
    winning: int | None = None
    proven: int = 0  # redistributions settled without a search (docs/claims.md, "Sure wins")
    searched: int = 0  # open-hand searches run
    seconds: float = 0.0
    claim: Claim | None = field(default=None, repr=False)
    # With strict=True (analyzer.strict): laid down without seeing, True / False / None (undecided
    # within the time limit); the plan when True; the guess when only the open-handed check holds.
    strict: bool | None = None
    plan: dict[str, Any] | None = None
    guess: dict[str, Any] | None = None
    strict_checked: bool = field(default=False, repr=False)
    plan_omitted: bool = False  # strict holds, its plan too large to write out (analyzer.strict.PLAN_STEPS)
    # Four and two players (analyzer.claims4, analyzer.claims2: one redistribution after another):
    players: int = 3
    worlds: int | None = None  # redistributions searched
    ruled_out: int = 0  # redistributions that contradict an announcement (four players)
    assumed: str | None = None  # what the check assumed: the partner (four players), the stock (two)
    perfect_information: bool = False  # two players after the stock: the claimant sees everything

    @property
    def total(self) -> int:
        """Deprecated (the four- and two-player results' old name): ``distributions``."""
        return self.distributions

    @property
    def partner(self) -> str | None:
        """Deprecated (the four-player result's old name): ``assumed``."""
        return self.assumed

    @property
    def component(self) -> str | None:
        """The component the counterexample breaks (None when laid down)."""
        return None if self.counterexample is None else self.counterexample.component

    @property
    def line(self) -> list[Card]:
        """The defence's line against the counterexample (empty when laid down)."""
        return [] if self.counterexample is None else self.counterexample.line

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "laid_down": self.laid_down,
            "distributions": self.distributions,
            "components": self.components,
            "counterexample": None if self.counterexample is None else self.counterexample.to_json(),
        }
        if self.winning is not None:
            out["winning"] = self.winning
        if self.strict_checked:
            out.update(strict_keys(self.strict, self.plan, self.plan_omitted, self.guess))
        if self.players != 3:
            out.update(worlds=self.worlds, ruled_out=self.ruled_out, assumed=self.assumed)
            if self.players == 4:
                out["partner"] = self.assumed  # deprecated: "assumed" (docs/claims.md, "Four players")
            else:
                out["perfect_information"] = self.perfect_information
        return out

    def __repr__(self) -> str:
        verdict = "laid down" if self.laid_down else "not laid down"
        return f"<ClaimResult {verdict}, {self.distributions} redistributions>"

    def _repr_html_(self) -> str:
        from analyzer.display import html_claim

        return html_claim(self)


def claim_components(contract: Contract, requested: Sequence[str] | None = None) -> tuple[str, ...]:
    """The components a claim checks: by default the contract's own goal, as
    :meth:`Solver.makes` decides it (seven: the seven; hundred-seven: both parts);
    on request any component of the actor's (the game of a seven, of a seven-against).
    Seven-against and hundred-against have no default: their goal is the defence's."""
    own = tuple(name for name in COMPONENTS[contract] if name not in DEFENCE_COMPONENTS)
    if requested is None:
        if contract.value in DEFENCE_COMPONENTS:
            raise ClaimError(f"in {contract.value} the goal belongs to the defence and a claim is the actor's; "
                             "ask for the actor's game alone (component 'game') to check it")
        return OWN_GOAL[contract]
    names = tuple(dict.fromkeys(requested))
    if not names:
        raise ClaimError("no component to claim")
    for name in names:
        if name not in own:
            raise ClaimError(f"{contract.value} has no component {name!r} of the actor's to claim "
                             f"(use {', '.join(own)})")
    return names


def check_open(claim: Claim | Mapping[str, Any], *, count: bool = False, consistent: bool = False,
               components: Sequence[str] | None = None, solver: Solver | None = None,
               tt_log2: int = TT_LOG2, time_limit: float | None = None, threads: int | None = None,
               progress: Callable[[int], None] | None = None, settled: np.ndarray | None = None,
               policy: str | None = None, first: Sequence[CardSet] = ()) -> ClaimResult:
    """Is the claim laid down open-handed? Exact: every redistribution is settled, by a proof
    that needs no search (docs/claims.md, "Sure wins") or by the open-hand search itself.
    :func:`analyzer.claims.check_claim` without ``strict``.

    ``claim`` is a Claim or its JSON, read with ``consistent`` (a Claim carries its own).
    With ``count``, every redistribution is settled and ``winning`` counts those the actor
    makes. The redistributions go to the core in one batch (``threads`` workers, default all
    cores, each with a table of 2**tt_log2 entries); ``solver`` finds the counterexample's line.
    Raises ClaimError for a claim that cannot be checked, ClaimTimeout past ``time_limit``.
    ``progress(n)`` is told of every n redistributions searched (``run_batch``'s); an exception
    it raises stops the search and leaves ``check_open`` (how the web board cancels a job).

    ``settled``: a bool per redistribution (in the order of the claim's table) that the caller
    has proven made by every component; they are counted as sure wins and not searched (the
    strict check's sure plan after its first card).
    ``policy`` ("cashing", "betl" or "side-first"): instead of his best, the actor plays that sure plan
    (``strict.sure_card``, chosen from what he sees) from here to the end: is it made against
    every redistribution and every defence play? (The strict check's searched sure plans; the
    counterexample is given without its line.)
    ``first``: redistributions to search alone before the others, each as the cards of
    ``defenders[0]`` in some earlier claim of the same play (those of them still unseen are his
    hand here; those that do not fit are left out); when one is lost, the claim is settled
    with it as the counterexample (``count`` aside). The strict check passes those that lost
    its other checks, since one rare redistribution often beats many of the actor's cards.
    """
    if policy is not None and policy not in POLICIES:
        raise ClaimError(f"no sure plan {policy!r} (use {', '.join(POLICIES)})")
    started = time.perf_counter()
    if not isinstance(claim, Claim):
        claim = Claim.from_json(claim, consistent)
    elif consistent and not claim.consistent:
        raise ClaimError("this claim was read without the consistent option: Claim.from_json(data, consistent=True)")
    names = claim_components(claim.position.contract, components)
    options: dict[str, Any] = {"count": count, "policy": policy, "solver": solver, "tt_log2": tt_log2,
                               "threads": threads, "progress": progress}
    fitting = _fitting(claim, first)
    if fitting and not count and claim.count() >= _FEW_FIRST:
        # Those given first, alone: one of them lost settles the claim without listing the others
        # (on a large claim, listing and ordering them all costs more than searching a few).
        few = _settle(claim, names, Table(claim, fitting), None, started, time_limit, **options)
        if not few.laid_down:
            few.distributions, few.proven = claim.count(), 0
            few.components = {name: False if made is False else None for name, made in few.components.items()}
            return few
        fitting = []  # all made: no need to search them first again
    return _settle(claim, names, claim_table(claim), settled, started, time_limit, first=fitting, **options)


def _fitting(claim: Claim, first: Sequence[CardSet]) -> list[CardSet]:
    """The cards of ``defenders[0]`` in those of ``first`` that fit the claim (their cards
    still unseen)."""
    unseen = claim.unseen.mask
    return [CardSet(mask) for mask in {cards.mask & unseen for cards in first} if claim.allows_mask(mask)]


def _settle(claim: Claim, names: Sequence[str], table: Table, settled: np.ndarray | None, started: float,
            time_limit: float | None, *, count: bool, policy: str | None, solver: Solver | None, tt_log2: int,
            threads: int | None, progress: Callable[[int], None] | None, first: Sequence[CardSet] = ()) -> ClaimResult:
    """check_open on the redistributions of ``table``, those ``first`` (that fit) first."""
    total = len(table.first)
    whole = claim.built.get("table") is table
    checks = [component_check(claim, name) if whole else ComponentCheck(claim, table, name) for name in names]
    # The proofs of "Sure wins" hold for the actor's best play and for their own plan, not for
    # another plan the actor may be made to play (side-first): that one searches them all.
    proven = [check.proven if policy in _PROOFS_HOLD else np.zeros(total, bool) for check in checks]
    if settled is not None:
        if settled.shape != (total,):
            raise ClaimError(f"settled must hold one bool per redistribution ({total}), not {settled.shape}")
        proven = [made | settled for made in proven]
    todo = np.zeros(total, bool)
    for made in proven:
        todo |= ~made
    order = _order(table, todo, count)
    if len(first):
        keys = np.array(sorted({core_mask(cards, table.notrump) for cards in first}), np.uint32)
        hands = table.first[order]
        wanted = keys[np.minimum(np.searchsorted(keys, hands), len(keys) - 1)] == hands  # np.isin, cheaper here
        order = np.concatenate([order[wanted], order[~wanted]])
    position = claim.position
    # A component proven for a world gets a target every state reaches at once.
    targets = np.stack([np.where(made[order], _ALWAYS, check.targets[order]) for made, check in zip(proven, checks)],
                       axis=1)
    hra = [check.question for check in checks]
    state = next((q for q in hra if q.best_marriage), hra[0]).state(position)  # only a hundred reads it
    try:
        plan = POLICIES[policy] if policy is not None else _core.POLICY_NONE
        batch = run_batch([(q.game(position, plan), q.target) for q in hra], state, table.worlds(order), targets,
                          stop_on_no=not count, threads=threads, tt_log2=tt_log2, progress=progress,
                          time_limit=None if time_limit is None else time_limit - (time.perf_counter() - started))
    except BatchTimeout as exc:
        raise ClaimTimeout(f"claim not settled in {time_limit} s ({exc.result.done} of {len(order)} "
                           "redistributions searched)") from None
    answered = batch.answers[:batch.done]
    lost_by = (answered == 0) & (targets[:batch.done] != _ALWAYS)  # (world, component) refuted
    failed = {check.name for q, check in enumerate(checks) if lost_by[:, q].any()}
    counter: tuple[int, str] | None = None
    if batch.first_no is not None or failed:
        first = batch.first_no if batch.first_no is not None else int(np.flatnonzero(lost_by.any(axis=1))[0])
        counter = (int(order[first]), checks[int(np.flatnonzero(lost_by[first])[0])].name)
    finished = count or counter is None
    verdicts: dict[str, bool | None] = {
        check.name: check.name not in failed if finished or check.name in failed or made.all() else None
        for made, check in zip(proven, checks)
    }
    example = None
    if counter is not None:
        index, name = counter
        example_position = claim.with_hands(table.cards(index), check=False)
        line: list[Card] = []
        if policy is None:
            solver = solver or default_solver()
            line = solver.line(example_position, questions(example_position)[name])
        example = Counterexample(example_position, name, line)
    return ClaimResult(
        laid_down=counter is None,
        distributions=total,
        components=verdicts,
        counterexample=example,
        winning=total - int(lost_by.any(axis=1).sum()) if count else None,
        proven=int(total - todo.sum()),
        searched=int((targets[:batch.done] != _ALWAYS).sum()),
        seconds=time.perf_counter() - started,
        claim=claim,
    )


class ComponentCheck:
    """One component over every redistribution: the sure wins (a bool array) and the search."""

    def __init__(self, claim: Claim, table: Table, name: str) -> None:
        self.name = name
        self.table = table
        position = claim.position
        self.question = questions(position)[name]
        self.targets = world_targets(claim, self.question, table.unseen, table.first, table.second)
        self.proven = sure_wins(claim, table, name, self.targets)


def component_check(claim: Claim, name: str) -> ComponentCheck:
    """Component ``name`` over ``claim_table(claim)``, built once per claim (never changed after)."""
    built, key = claim.built, ("check", name)
    if key not in built:
        built[key] = ComponentCheck(claim, claim_table(claim), name)
    return built[key]


def _order(table: Table, todo_mask: np.ndarray, count: bool) -> np.ndarray:
    """The redistributions to search: first one per suit-length pattern, most lopsided first
    (voids and long suits, in trumps above all: where claims fail), then the rest in table
    order (docs/claims.md, "Order")."""
    todo = np.flatnonzero(todo_mask)
    if count or len(todo) <= DANGER_SAMPLE:
        return todo
    pattern = np.zeros(len(todo), np.int16)  # the first defender's suit lengths, base 9
    danger = np.zeros(len(todo), np.int16)
    trump = table.claim.position.trump
    for s in range(4):
        a = table.counts[0][s][todo].astype(np.int16)
        b = table.counts[1][s][todo].astype(np.int16)
        pattern = pattern * 9 + a
        danger += (a - b) ** 2 * (2 if trump is not None and s == int(trump) else 1)
    # One redistribution per pattern, picked at random (seeded: the same claim, the same order).
    shuffled = np.random.default_rng(12345).permutation(len(todo))
    by_pattern = shuffled[np.argsort(pattern[shuffled], kind="stable")]
    starts = np.flatnonzero(np.diff(pattern[by_pattern], prepend=-1))
    picks = by_pattern[starts]
    picks = picks[np.argsort(-danger[picks], kind="stable")][:DANGER_SAMPLE]
    rest = np.ones(len(todo), bool)
    rest[picks] = False
    return np.concatenate([todo[picks], todo[rest]])
