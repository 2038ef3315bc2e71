"""Laid-down claims with four players: the claim holds for every redistribution of the cards
the actor cannot see (docs/claims.md "Four players", docs/rules.md §5 read for four seats).

The actor sees his own hand, the cards of the current trick and an announced seven
with its announcer; every other card still in play is *unseen* and may lie with any
of the other three seats, each keeping his number of cards. Who partners him follows
the called card: while it is unseen, its holder in each redistribution is the partner
(so the partnership changes from one redistribution to the next, and a world where the
actor holds it himself cannot arise); once it is seen (in the trick, or in his own hand:
alone), or when the partner was given as a seat, the partnership is fixed. The result
says which of these the check assumed.

>>> from analyzer.rules import Position
>>> pos = Position.from_json({"players": 4, "hands": ["hA hX", "h7 b7", "h8 b8", "hK bA"],
...                           "trump": "h", "contract": "game", "partner": "hK"})
>>> result = check_claim4(pos)
>>> result.laid_down, result.worlds
(True, 90)
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from math import comb
from typing import Any

import numpy as np

from analyzer.batch import CHUNK, hands_array, run_batch
from analyzer.cards import Card, CardSet
from analyzer.contract import Contract
from analyzer.errors import ArgumentError, MariasError, PositionError
from analyzer.open_check import ClaimResult, Counterexample
from analyzer.reading import canonical_json
from analyzer.rules import Position, history_leader, read_played, suit_or_none
from analyzer.solver import OWN_GOAL, Solver, questions
from analyzer.variants import VariantPosition

MAX_WORLDS = 200_000  # about a minute of endgames; a claim with more unseen cards is refused


class ClaimTooLarge(MariasError):
    """More redistributions than the check is allowed to search."""


class Claim4Error(MariasError):
    """A four-player claim JSON that cannot be checked."""


# One result for every table (analyzer.open_check.ClaimResult); the old name stays.
Claim4Result = ClaimResult


def table_result(position: VariantPosition, laid_down: bool, worlds: int, total: int, ruled_out: int,
                 assumed: str, example: Counterexample | None = None) -> ClaimResult:
    """The claim result of a four- or two-player check, with the keys three players' has: the
    contract's own goals in ``components`` (False for the one the counterexample breaks, None
    for one the search stopped before deciding)."""
    names = OWN_GOAL[position.contract]
    if laid_down:
        components: dict[str, bool | None] = dict.fromkeys(names, True)
    else:
        assert example is not None
        components = {name: False if name == example.component else None for name in names}
    return ClaimResult(laid_down, total, components, example, searched=worlds, players=position.players,
                       worlds=worlds, ruled_out=ruled_out, assumed=assumed,
                       perfect_information=position.players == 2 and not position.stock)


def _seen(position: VariantPosition) -> dict[int, CardSet]:
    """The cards in others' hands that the actor knows: an announced seven with its holder."""
    out: dict[int, CardSet] = {}
    for card in position.announced:
        seat = position.holder(card)
        if seat is not None and seat != position.actor and card in position.hands[seat]:
            out[seat] = out.get(seat, CardSet()) | CardSet([card])
    return out


def _union(sets: Any) -> CardSet:
    out = CardSet()
    for cards in sets:
        out = out | cards
    return out


def redistributions(position: VariantPosition) -> Iterator[tuple[CardSet, ...]]:
    """Every way to deal the unseen cards back to the other three seats, each keeping his count."""
    others = [s for s in range(4) if s != position.actor]
    seen = _seen(position)
    unseen = list(_union(position.hands[s] for s in others) - _union(seen.values()))
    need = [len(position.hands[s]) - len(seen.get(s, CardSet())) for s in others]

    def deal(cards: list, i: int) -> Iterator[list[CardSet]]:
        if i == len(others) - 1:
            yield [CardSet(cards)]
            return
        for pick in itertools.combinations(cards, need[i]):
            rest = [c for c in cards if c not in pick]
            for tail in deal(rest, i + 1):
                yield [CardSet(pick), *tail]

    for parts in deal(unseen, 0):
        hands = list(position.hands)
        for seat, part in zip(others, parts):
            hands[seat] = part | seen.get(seat, CardSet())
        yield tuple(hands)


def count_redistributions(position: VariantPosition) -> int:
    others = [s for s in range(4) if s != position.actor]
    seen = _seen(position)
    need = [len(position.hands[s]) - len(seen.get(s, CardSet())) for s in others]
    total, left = 1, sum(need)
    for n in need:
        total *= comb(left, n)
        left -= n
    return total


def _assumption(position: VariantPosition) -> str:
    if position.players != 4:
        raise ArgumentError("check_claim4 takes a four-player position")
    called = position.called
    if position.free_tricks:
        return "durch with the wise one: alone until the last trick, whose winner becomes the partner"
    if not position.contract.has_trumps or (called is None and position.partner is None):
        return "alone against three"
    if called is None:
        return f"the partner's seat is known: {position.partner}"
    if called in position.hands[position.actor]:
        return f"the actor holds the called {called}: alone against three"
    if called in position.trick:
        return f"the called {called} is in the trick: the partner is seat {position.partner}"
    if position.holder(called) is None:  # played in an earlier trick of the history
        return f"the called {called} was played: the partner is seat {position.partner}"
    seven = next(iter(position.announced), None)
    holder = position.holder(seven) if seven is not None else None
    if position.contract.actor_seven and holder is not None and holder != position.actor:
        return f"the partner announced the seven: seat {holder} (it holds the called {called})"
    return f"the partner is whoever holds the called {called} in each redistribution"


def check_claim4(position: VariantPosition, solver: Solver | None = None,
                 max_worlds: int = MAX_WORLDS) -> ClaimResult:
    """Does the actor's side make the contract in every redistribution of the unseen cards?

    A redistribution that contradicts an announcement is ruled out, not searched: the holder
    of an announced seven is on the side that announced it, so the called card lies with the
    seven's announcer when he is the partner, and not with a defender who announced against;
    and the cards already in the current trick were legal from their players' hands (a seat
    that did not follow suit holds none of it, one that did not beat holds nothing higher)."""
    if not isinstance(position, VariantPosition) or position.players != 4:
        raise ArgumentError("check_claim4 takes a four-player position (Position.from_json with \"players\": 4)")
    assumption = _assumption(position)
    total = count_redistributions(position)
    if total > max_worlds:
        raise ClaimTooLarge(f"{total} redistributions of the unseen cards, more than {max_worlds}: "
                            "claim later in the hand")
    solver = solver or Solver()
    # the partner follows the called card while it is unseen: in another seat's hand
    follows_card = position.called is not None and position.holder(position.called) not in (None, position.actor) \
        and position.called not in position.trick
    # The worlds go to the core a chunk at a time: most claims that fail, fail early, and
    # building a world (its checks) costs more than searching it.
    searched = ruled_out = 0
    chunk: list[VariantPosition] = []
    before: list[int] = []  # the redistributions ruled out before each world of the chunk
    size, world = FIRST_CHUNK, None
    for hands in itertools.chain(redistributions(position), [None]):
        if hands is not None:
            changes: dict[str, Any] = {"hands": hands}
            if follows_card:
                changes["partner"] = next(s for s in range(4) if position.called in hands[s])
            try:
                chunk.append(position.replace(**changes))
                before.append(ruled_out)
            except PositionError:
                ruled_out += 1  # the seven's announcer on the wrong side, or a trick that could not be played
            if len(chunk) < size:
                continue
        failed = first_failure(chunk)
        if failed is not None:  # as if searched one by one: what came before the counterexample
            searched, ruled_out, world = searched + failed + 1, before[failed], chunk[failed]
            break
        searched += len(chunk)
        chunk, before, size = [], [], min(2 * size, CHUNK)
    if world is None:
        return table_result(position, True, searched, total, ruled_out, assumption)
    qs = questions(world)
    name = next(n for n in OWN_GOAL[world.contract] if not solver.ask(world, qs[n]))
    example = Counterexample(world, name, solver.line(world, qs[name]))
    return table_result(position, False, searched, total, ruled_out, assumption, example)


FIRST_CHUNK = 16  # worlds in the first batch, doubling up to batch.CHUNK


def first_failure(worlds: Sequence[VariantPosition], threads: int = 1) -> int | None:
    """The index of the first world (in their order) where the actor's side fails the contract's
    own goal, or None: every world through the core's batch (one call a chunk, not one a world),
    as the three-player check sends its redistributions. The worlds share the position's contract;
    those with the same core games (the partner, and so the team, may differ from one to the
    other) go in one batch, each world with its own targets (the marriages it holds)."""
    groups: dict[tuple, list[int]] = {}
    for index, world in enumerate(worlds):
        qs = [questions(world)[name] for name in OWN_GOAL[world.contract]]
        key = (tuple(q.game(world) for q in qs), qs[0].state(world)[1:])
        groups.setdefault(key, []).append(index)
    first = None
    for indices in groups.values():
        sample = worlds[indices[0]]
        qs = [questions(sample)[name] for name in OWN_GOAL[sample.contract]]
        targets = np.array([[questions(worlds[i])[q.name].target for q in qs] for i in indices], np.int16)
        hands = hands_array([[h.mask for h in worlds[i].hands] for i in indices])
        answer = run_batch([(q.game(sample), q.target) for q in qs], qs[0].state(sample), hands, targets,
                           stop_on_no=True, threads=threads)
        if answer.first_no is not None:
            found = indices[answer.first_no]
            first = found if first is None else min(first, found)
    return first


def refuse_three_player_options(given: dict[str, Any], players: int = 4) -> None:
    """Raise Claim4Error for the first of the three-player claim options that is set (by the
    name the caller uses: ``--strict`` on the command line, ``strict`` on the web)."""
    word = {2: "two", 4: "four"}[players]
    for name, value in given.items():
        if value:
            raise Claim4Error(f"{name} is for three players: a {word}-player claim is checked open-handed, "
                              f"every redistribution, for the contract's own goal (docs/claims.md, "
                              f"\"{word.capitalize()} players\")")


MAX_FILL_TRIES = 5_000  # deals tried to find one that fits the trick and the history (hidden hands)


def claim4_from_json(data: Any) -> VariantPosition:
    """Read a four-player claim (docs/claims.md, "Four players"): the position JSON, the other
    seats' hands given, or all three null with the cards they hold in ``"unseen"`` (by default
    every card not in the actor's hand, the trick or the played tricks). Hidden hands are
    filled with the first deal of the unseen cards that fits the trick and the history; the
    check redistributes them anyway. Raises Claim4Error (or PositionError) with one line."""

    if not isinstance(data, Mapping):
        raise Claim4Error("a claim must be a JSON object (a position)")
    data = canonical_json(data)
    unseen_in = data.pop("unseen", None)
    hands_in = data.get("hands")
    actor = data.get("actor", 0)
    if not isinstance(hands_in, list) or len(hands_in) != 4:
        raise Claim4Error("'hands' must be a list of four entries (null for a hidden hand) with four players")
    if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < 4:
        raise Claim4Error(f"actor must be a seat 0, 1, 2 or 3 with four players, not {actor!r}")
    others = [s for s in range(4) if s != actor]
    hidden = [hands_in[s] is None for s in others]
    if not isinstance(hands_in[actor], str):
        raise Claim4Error(f"the actor's hand (hands[{actor}]) must be a string of card tokens")
    if not any(hidden):
        if unseen_in is not None:
            raise Claim4Error("'unseen' is for hidden hands: the other hands are given")
        return Position.from_json(data)  # type: ignore[return-value]
    if not all(hidden):
        raise Claim4Error("give the other three hands or none of them (null, with 'unseen')")
    return _fill(data, actor, others, unseen_in)


def _fill(data: dict[str, Any], actor: int, others: list[int], unseen_in: Any) -> VariantPosition:

    mine = CardSet.from_str(data["hands"][actor])
    trick_in = data.get("trick") or []
    trick = [Card.from_str(c) for c in (trick_in.split() if isinstance(trick_in, str) else trick_in)]
    played = [Card.from_str(c) for t in (data.get("played") or []) if isinstance(t, (list, str))
              for c in (t.split() if isinstance(t, str) else t)]
    seen = mine | CardSet(trick) | CardSet(played)
    if unseen_in is None:
        unseen = CardSet(0xFFFFFFFF) - seen
    elif isinstance(unseen_in, str):
        unseen = CardSet.from_str(unseen_in)
        if unseen & seen:
            raise Claim4Error(f"unseen card {next(iter(unseen & seen))} is also the actor's, in the trick or played")
    else:
        raise Claim4Error("'unseen' must be a string of card tokens")
    if data.get("contract") in ("seven-against",) or (data.get("contract") in ("seven", "hundred-seven")
                                                      and data.get("trump") is not None
                                                      and Card.from_str(data["trump"] + "7") not in mine):
        raise Claim4Error("an announced seven is seen with its announcer: give the other hands, not null")
    leader = _leader(data, actor)
    in_trick = {(leader + i) % 4 for i in range(len(trick))}
    size = len(mine) + (actor in in_trick)
    need = [size - (s in in_trick) for s in others]
    if len(unseen) != sum(need):
        raise Claim4Error(f"{len(unseen)} unseen cards, but the other hands hold {' + '.join(map(str, need))} "
                          f"= {sum(need)}")
    first: MariasError | None = None
    cards = list(unseen)
    for tries, parts in enumerate(_deals(cards, need)):
        hands = list(data["hands"])
        for seat, part in zip(others, parts):
            hands[seat] = str(CardSet(part))
        try:
            return Position.from_json({**data, "hands": hands})  # type: ignore[return-value]
        except MariasError as exc:
            first = first or exc
        if tries >= MAX_FILL_TRIES:
            break
    assert first is not None
    raise first


def _leader(data: dict[str, Any], actor: int) -> int:
    """The current trick's leader: given, or the history's (the reader checks it; 0 where it cannot)."""

    leader = data.get("leader")
    if leader is not None:
        return leader if isinstance(leader, int) and not isinstance(leader, bool) and 0 <= leader < 4 else 0
    try:
        played = read_played(data.get("played"), 4)
        contract = Contract.parse(data.get("contract", "game"))
        first = data.get("first_leader")
        return history_leader({"contract": contract, "actor": actor, "rules": data.get("rules", "csm"),
                                "trump": suit_or_none(data.get("trump"), "trump"), "played": played,
                                "first_leader": first if isinstance(first, int) else None}, 4)
    except (MariasError, TypeError):
        return 0  # the reader names what is wrong


def _deals(cards: list[Card], need: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    if len(need) == 1:
        yield [tuple(cards)]
        return
    for pick in itertools.combinations(cards, need[0]):
        rest = [c for c in cards if c not in pick]
        for tail in _deals(rest, need[1:]):
            yield [pick, *tail]
