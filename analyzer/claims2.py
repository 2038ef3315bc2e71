"""Laid-down claims with two players (*lízaný* and the six-card game; docs/claims.md "Two
players"): the claim holds for every arrangement of the cards the claimant cannot see.

The claimant (the actor) sees his own hand, the current trick and an announced seven with its
announcer; in the six-card variant also the stock's last card (the turned card, or the trump
seven exchanged for it). Every card played is seen, so the cards still unseen are the other
player's hand and the rest of the stock, and a *redistribution* is one way to split them
between the two: a hand of the other player's size, and an order for the stock. Once the stock
is exhausted there is only one (the other hand is the unseen cards): the claim is the
open-hand solve. While it lasts there are ``C(u, n) * k!`` (``u`` unseen cards, ``n`` in the
other hand, ``k`` still to draw unseen), each a position with the stock solved exactly
(perfect information), as a three-player claim is each redistribution solved open-handed.
Few enough only near the end of the stock: more than :data:`MAX_WORLDS` are refused with one
line, and a time limit may stop the check (one line too).

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"players": 2, "hands": ["hA hX", "h7 b7"], "trump": "h", "contract": "game",
...                           "score": {"actor": 60, "defence": 10}})
>>> check_claim2(pos).laid_down, check_claim2(pos).total
(True, 1)
"""
from __future__ import annotations

import dataclasses
import itertools
import time
from collections.abc import Callable, Iterator, Mapping
from math import comb, factorial
from typing import Any

from analyzer import _core
from analyzer.cards import Card, CardSet, Rank
from analyzer.claim_reading import ClaimTimeout
from analyzer.claims4 import Claim4Error, ClaimTooLarge, table_result
from analyzer.contract import Contract
from analyzer.errors import ArgumentError, MariasError
from analyzer.open_check import ClaimResult, Counterexample
from analyzer.reading import canonical_json
from analyzer.rules import Position, default_leader
from analyzer.solver import OWN_GOAL, Solver, questions
from analyzer.variants import VariantPosition

MAX_WORLDS = 20_000  # each a stock search of a few milliseconds: about two minutes at most

__all__ = ["MAX_WORLDS", "Claim2Result", "ClaimTimeout", "check_claim2", "claim2_from_json", "count_redistributions",
           "redistributions"]


# One result for every table (analyzer.open_check.ClaimResult); the old name stays.
Claim2Result = ClaimResult


def _fixed(position: VariantPosition) -> tuple[CardSet, tuple[Any, ...]]:
    """What the claimant knows besides his hand and the trick: an announced seven in the other
    hand, the king of each marriage the other player declared and has not played (he kept it
    when he played the over, and a card leaves a hand only by being played), and the six-card
    variant's stock's last card (face up)."""
    other = 1 - position.actor
    kings = [Card.make(suit, Rank.KING) for suit in position.declared[position.side(other)]]
    seen = CardSet([c for c in (*position.announced, *kings) if c in position.hands[other]])
    last = position.stock[-1:] if position.variant == "six" else ()
    return seen, last


def _unseen(position: VariantPosition) -> tuple[list[Any], int, int]:
    """The unseen cards, how many of them the other hand holds, how many the stock."""
    seen, last = _fixed(position)
    other = 1 - position.actor
    loose = CardSet(position.stock[:len(position.stock) - len(last)])
    hidden = position.hands[other] - seen
    return sorted(hidden | loose), len(hidden), len(loose)


def count_redistributions(position: VariantPosition) -> int:
    cards, n, k = _unseen(position)
    return comb(len(cards), n) * factorial(k)


def redistributions(position: VariantPosition) -> Iterator[VariantPosition]:
    """Every (other hand, stock order) the claimant cannot tell from this one, as positions."""
    cards, n, _ = _unseen(position)
    seen, last = _fixed(position)
    other = 1 - position.actor
    for pick in itertools.combinations(cards, n):
        rest = [c for c in cards if c not in pick]
        hands = list(position.hands)
        hands[other] = CardSet(pick) | seen
        for order in itertools.permutations(rest):
            # unchecked: every world holds the same cards in the same places as the checked one
            yield dataclasses.replace(position, hands=tuple(hands), stock=tuple(order) + tuple(last))


def _assumption(position: VariantPosition) -> str:
    if not position.stock:
        return "after the stock: the other hand is the unseen cards (perfect information)"
    seen, last = _fixed(position)
    extra = f", the turned {last[0]} last" if last else ""
    extra += f", {' '.join(map(str, seen))} in the other hand (announced or declared)" if seen else ""
    return (f"every hand of {len(position.hands[1 - position.actor])} for the other player and every order of "
            f"the stock{extra}, each played open-handed")


def check_claim2(position: VariantPosition, solver: Solver | None = None, max_worlds: int = MAX_WORLDS,
                 time_limit: float | None = None, progress: Callable[[int], None] | None = None) -> ClaimResult:
    """Does the actor make the contract whatever the other hand and the stock's order?

    Raises ClaimTooLarge for more than ``max_worlds`` redistributions and ClaimTimeout past
    ``time_limit`` seconds (one line each). ``progress(1)`` is called after each redistribution
    searched (the web's jobs: it may raise to cancel)."""
    if not isinstance(position, VariantPosition) or position.players != 2:
        raise ArgumentError("check_claim2 takes a two-player position (Position.from_json with \"players\": 2)")
    total = count_redistributions(position)
    if total > max_worlds:
        raise ClaimTooLarge(f"too many redistributions: {total} (more than {max_worlds}; "
                            f"{len(position.stock)} cards still to draw): claim later in the hand")
    solver = solver or Solver()
    stock_search = solver.stock_solver() if position.stock else None
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    worlds = 0
    try:
        for world in redistributions(position):
            if deadline is not None:
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise _core.Stopped("time")
                if stock_search is not None:
                    stock_search.set_time_limit(left)
            if not solver.makes(world):
                return _counterexample(solver, world, worlds + 1, total, position)
            worlds += 1
            if progress is not None:
                progress(1)
    except _core.Stopped:
        raise ClaimTimeout(f"the claim is not settled in {time_limit:g} s ({worlds} of {total} "
                           "redistributions searched)") from None
    finally:
        if stock_search is not None:
            stock_search.set_time_limit(0)
    return table_result(position, True, worlds, total, 0, _assumption(position))


def _counterexample(solver: Solver, world: VariantPosition, worlds: int, total: int,
                    position: VariantPosition) -> ClaimResult:
    qs = questions(world)
    name = next(n for n in OWN_GOAL[world.contract] if not solver.ask(world, qs[n]))
    if world.stock:
        line = [move for move, _, _ in solver.stock_solver().line_steps(world, qs[name])]
    else:
        line = solver.line(world, qs[name])
    return table_result(position, False, worlds, total, 0, _assumption(position),
                        Counterexample(world, name, line))  # type: ignore[arg-type] (the stock's exchange)


def claim2_from_json(data: Any) -> VariantPosition:
    """Read a two-player claim (docs/claims.md, "Two players"): the position JSON with both hands
    (and the stock) given, which the check redistributes anyway; or the other hand null with
    ``"unseen"``, the cards in the other hand and the stock together, and ``"stock"`` the number
    of cards still to draw. Raises Claim4Error (or PositionError) with one line."""

    if not isinstance(data, Mapping):
        raise Claim4Error("a claim must be a JSON object (a position)")
    stock_in = data.get("stock")
    if isinstance(stock_in, int) and not isinstance(stock_in, bool):
        data = {k: v for k, v in data.items() if k != "stock"}
    data = canonical_json(data)
    unseen_in = data.pop("unseen", None)
    hands_in, actor = data.get("hands"), data.get("actor", 0)
    if not isinstance(hands_in, list) or len(hands_in) != 2:
        raise Claim4Error("'hands' must be a list of two entries (null for the other player's) with two players")
    if not isinstance(actor, int) or isinstance(actor, bool) or actor not in (0, 1):
        raise Claim4Error(f"actor must be a seat 0 or 1 with two players, not {actor!r}")
    if not isinstance(hands_in[actor], str):
        raise Claim4Error(f"the actor's hand (hands[{actor}]) must be a string of card tokens")
    other = 1 - actor
    if hands_in[other] is not None:
        if unseen_in is not None or isinstance(stock_in, int):
            raise Claim4Error("'unseen' and a number for 'stock' are for a hidden hand: the other hand is given")
        return Position.from_json(data)  # type: ignore[return-value]
    if not isinstance(unseen_in, str):
        raise Claim4Error("the other hand is hidden (null): give the cards of that hand and the stock in 'unseen'")
    if stock_in is None:
        stock_in = 0
    if not isinstance(stock_in, int) or isinstance(stock_in, bool) or stock_in < 0:
        raise Claim4Error("with a hidden hand 'stock' is the number of cards still to draw, not the cards")
    if stock_in and data.get("variant") == "six":
        raise Claim4Error("the six-card variant's turned card is seen: give the other hand and the stock "
                          "(they are redistributed anyway, the turned card kept last)")
    try:
        unseen = sorted(CardSet.from_str(unseen_in))
        mine = CardSet.from_str(hands_in[actor])
        trick_in = data.get("trick") or []
        trick = CardSet.from_str(" ".join(trick_in) if isinstance(trick_in, list) else trick_in)
    except MariasError as exc:
        raise Claim4Error(f"unseen: {exc}") from None
    if CardSet(unseen) & (mine | trick):
        raise Claim4Error(f"unseen card {next(iter(CardSet(unseen) & (mine | trick)))} is also the actor's or "
                          "in the trick")
    leader = data.get("leader")
    if leader not in (0, 1) or isinstance(leader, bool):  # none given (a bad one: the reader names it)
        try:
            leader = default_leader(Contract.parse(data.get("contract", "game")), actor, data.get("rules", "csm"))
        except MariasError:
            leader = 0
    need = len(mine) + (len(trick) > 0 and leader == actor) - (len(trick) > 0 and leader == other)
    if len(unseen) != need + stock_in:
        raise Claim4Error(f"{len(unseen)} unseen cards, but the other hand holds {need} and the stock {stock_in}")
    seven = f"{data.get('trump')}7"
    if data.get("contract") == "seven-against" and seven in map(str, unseen):
        # the other player announced the seven: he holds it (it is seen with him)
        unseen.sort(key=lambda c: str(c) != seven)
    hands = list(hands_in)
    hands[other] = " ".join(map(str, unseen[:need]))
    filled = {**data, "hands": hands}
    if stock_in:
        filled["stock"] = " ".join(map(str, unseen[need:]))
    return Position.from_json(filled)  # type: ignore[return-value]
