"""Laid-down claims (*ložená hra*, docs/rules.md §5): does the actor make his contract
whatever the defence holds?

A claim is laid down when, for **every** redistribution of the defence's unseen
cards between the two defenders (each keeping his number of cards, the current
trick as played), the open-hand value makes the contract — each of the actor's
components on its own, exactly as :meth:`analyzer.solver.Solver.component`
answers it. ``docs/claims.md`` gives the JSON, the definition, the
``consistent`` option and the algorithm with its proofs.

>>> result = check_claim({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8",
...                       "trump": "h", "contract": "game", "actor": 0})
>>> result.laid_down, result.distributions
(True, 6)
"""
from __future__ import annotations

import dataclasses
import functools
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer import _core
from analyzer.batch import BatchTimeout, run_batch
from analyzer.cards import (
    MARRIAGE_LANE,
    NOTRUMP_ORDER,
    SHARP_MASK,
    Card,
    CardSet,
    Rank,
    Suit,
    parse_cards,
)
from analyzer.errors import MariasError, PositionError
from analyzer.reading import canonical_json
from analyzer.rules import (
    Contract,
    Position,
    default_leader,
    legal_cards,
    read_fields,
    trick_winner,
)
from analyzer.solver import (
    COMPONENTS,
    OWN_GOAL,
    Question,
    Solver,
    default_solver,
    questions,
)
from analyzer.targets import GAME_STEP

# Components whose goal belongs to the defence: a claim is the actor's, so they are never claimed.
DEFENCE_COMPONENTS = ("seven-against", "hundred-against")
# Extra keys a claim JSON may carry on top of the position JSON of ``marias solve``.
CLAIM_KEYS = ("unseen", "sizes", "played", "first_leader")
# The first redistributions searched, one per suit-length pattern, most lopsided first (a quick "no").
DANGER_SAMPLE = 400
# The solver's table for claims: 2^22 entries (128 MiB). Redistributions share their searches through
# it; on the hardest claims measured it is 2-3 times faster than the solver's default (docs/claims.md).
TT_LOG2 = 22


class ClaimError(PositionError):
    """A claim that cannot be checked: bad JSON, a history that cannot have been played, …"""


class ClaimTimeout(MariasError):
    """``check_claim`` ran past its ``time_limit`` (never raised without one)."""


# --- reading a claim ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """A position to claim from, with the defence's cards known only as a pool.

    ``position`` is one redistribution (the defenders' real hands when they were
    given); ``unseen`` the defence's cards still held (the current trick not
    included); ``forbidden[i]`` the unseen cards defender ``defenders[i]`` cannot
    hold: the current trick shows it, and with ``consistent`` also the tricks
    in ``played``.
    """

    position: Position
    defenders: tuple[int, int]
    unseen: CardSet
    forbidden: tuple[CardSet, CardSet]
    sizes: tuple[int, int]  # how many unseen cards each defender holds
    played: tuple[tuple[Card, ...], ...] = ()
    first_leader: int | None = None
    consistent: bool = False
    given: bool = False

    # A claim never changes: what is derived from it is kept (the strict check asks for it
    # several times at each of its thousands of nodes).
    @functools.cached_property
    def forced(self) -> tuple[CardSet, CardSet]:
        """Unseen cards that only one defender can hold: ``forced[i]`` goes to ``defenders[i]``."""
        return self.unseen & self.forbidden[1], self.unseen & self.forbidden[0]

    @functools.cached_property
    def free(self) -> CardSet:
        return self.unseen - self.forbidden[0] - self.forbidden[1]

    @functools.cached_property
    def _count(self) -> int:
        k = self.sizes[0] - len(self.forced[0])
        if self.forced[0] & self.forced[1] or not 0 <= k <= len(self.free):
            return 0
        return math.comb(len(self.free), k)

    @functools.cached_property
    def _built(self) -> dict[Any, Any]:
        """Its table of redistributions and its components' checks, once built (_table, _check)."""
        return {}

    def count(self) -> int:
        """How many redistributions there are."""
        return self._count

    def with_hands(self, first: CardSet, *, check: bool = True) -> Position:
        """The position of the redistribution in which ``defenders[0]`` holds ``first``. The
        searches pass ``check=False`` for the redistributions they listed themselves, which fit
        the claim: checking each one again (its history replayed) costs more than its search."""
        hands = list(self.position.hands)
        hands[self.defenders[0]] = first
        hands[self.defenders[1]] = self.unseen - first
        if check:
            return self.position.replace(hands=tuple(hands))
        return self.position.replace_unchecked(hands=tuple(hands))

    def allows(self, first: CardSet) -> bool:
        """Is ``first`` (the cards of ``defenders[0]``) one of the redistributions?"""
        return self.allows_mask(first.mask)

    def allows_mask(self, mine: int) -> bool:
        """``allows`` on a bit mask (the strict search asks it of its killers thousands of times)."""
        unseen = self.unseen.mask
        return (not mine & ~unseen and mine.bit_count() == self.sizes[0]
                and not mine & self.forbidden[0].mask and not (unseen & ~mine) & self.forbidden[1].mask)

    @classmethod
    def from_position(cls, position: Position, *, played: Sequence[Sequence[Card]] | None = None,
                      first_leader: int | None = None, consistent: bool = False, given: bool = True) -> Claim:
        """The claim of the actor in ``position``, the defenders' hands hidden: the position is one
        redistribution, the unseen cards are the defenders' cards together.

        The tricks before the current one come from ``played`` (with ``first_leader``) or else from
        the position's own history; ``score`` is the position's, the played tricks included.
        Raises ClaimError when the play cannot have happened or the hands do not fit it.
        """
        if played is None:
            played, first_leader = position.played, position.first_leader
        else:
            played = tuple(tuple(cards) for cards in played)
        # The claim keeps its history apart: a redistribution need not replay the earlier
        # tricks legally unless ``consistent`` asks for it.
        position = dataclasses.replace(position, played=(), first_leader=None)
        try:
            position.check()  # as every redistribution will be (a seven played before is refused here)
        except MariasError as exc:
            raise ClaimError(str(exc)) from None
        actor = position.actor
        defenders = (actor + 1) % 3, (actor + 2) % 3
        defenders = (min(defenders), max(defenders))
        unseen = position.hands[defenders[0]] | position.hands[defenders[1]]
        played_cards = CardSet(c for cards in played for c in cards)
        if len(played_cards) != 3 * len(played):
            raise ClaimError("a card appears twice in 'played'")
        overlap = played_cards & (unseen | position.hands[actor] | CardSet(position.trick) | position.talon)
        if overlap:
            raise ClaimError(f"played card {next(iter(overlap))} is also still held, in the trick or in the talon")
        if played:
            lead = _played_leader(position, played, first_leader)
            if lead != position.leader:
                raise ClaimError(f"'leader' is {position.leader!r} but the played tricks give the lead to seat {lead}")
        forbidden = _forbidden(position, position.trick, position.leader, played, unseen, defenders, actor,
                               first_leader, consistent)
        sizes = (len(position.hands[defenders[0]]), len(position.hands[defenders[1]]))
        claim = cls(position, defenders, unseen, forbidden, sizes, tuple(played),  # type: ignore[arg-type]
                    first_leader if played else None, consistent, given)
        if not claim.allows(position.hands[defenders[0]]):
            raise ClaimError("the defenders' hands given cannot have played the trick so far"
                             + (" and the played tricks" if consistent and played else "")
                             + " (or declared the marriages so far)")
        return claim

    @classmethod
    def from_json(cls, data: Any, consistent: bool = False) -> Claim:
        """Read a claim JSON (docs/claims.md). Raises ClaimError (or NotationError) with one line.

        The defenders' hands are either both given (one redistribution among all of
        them) or both ``null`` with the defence's cards in ``"unseen"`` (or, when
        ``"unseen"`` is absent, every card not seen elsewhere). Every field but the
        hands and the claim's own keys is read by the position's reader.
        """
        if not isinstance(data, Mapping):
            raise ClaimError("a claim must be a JSON object (a position)")
        data = canonical_json(data)  # lists, grouped hands, "none", Czech contract names
        if data.get("players", 3) != 3:
            raise ClaimError("the claim JSON is for three players (four: analyzer.claims4.check_claim4 in the API)")
        extras = {key: data.pop(key) for key in CLAIM_KEYS if key in data}
        hands_in = data.pop("hands", None)
        try:
            fields = read_fields(data)
            played = _read_played(extras.get("played"))
        except MariasError as exc:
            raise ClaimError(str(exc)) from None
        actor = fields["actor"]
        if not isinstance(hands_in, list) or len(hands_in) != 3:
            raise ClaimError("'hands' must be a list of three entries (null for a hidden defender)")
        if not isinstance(hands_in[actor], str):
            raise ClaimError(f"the actor's hand (hands[{actor}]) must be a string of card tokens")
        defenders = tuple(s for s in range(3) if s != actor)
        hidden = [hands_in[s] is None for s in defenders]
        if any(hidden) and not all(hidden):
            raise ClaimError("give both defenders' hands or neither (null, with 'unseen')")
        if not hidden[0] and not all(isinstance(hands_in[s], str) for s in defenders):
            raise ClaimError("a defender's hand must be a string of card tokens or null")
        first_leader = extras.get("first_leader")
        if first_leader is not None and (not isinstance(first_leader, int) or isinstance(first_leader, bool)
                                         or not 0 <= first_leader <= 2):
            raise ClaimError(f"first_leader must be a seat 0, 1 or 2, not {first_leader!r}")
        if first_leader is not None and not played:
            raise ClaimError("'first_leader' needs 'played' (the tricks played from that lead)")
        if played and first_leader is None:
            first_leader = default_leader(fields["contract"], actor, fields["rules"])
        if fields["leader"] is None:
            fields["leader"] = default_leader(fields["contract"], actor, fields["rules"])
            if played:
                shell = Position(hands=(CardSet(),) * 3, **_plain(fields))  # type: ignore[arg-type]
                fields["leader"] = _played_leader(shell, played, first_leader)
        leader, trick = fields["leader"], fields["trick"]

        actor_hand = CardSet.from_str(hands_in[actor])
        in_trick = {(leader + i) % 3 for i in range(len(trick))}
        size = len(actor_hand) + (1 if actor in in_trick else 0)  # cards of a player yet to play to this trick
        sizes = [size - (1 if s in in_trick else 0) for s in range(3)]
        given = not hidden[0]
        if given:
            if "unseen" in extras:
                raise ClaimError("'unseen' is for hidden defenders: the defenders' hands are given")
            hands = tuple(CardSet.from_str(h) for h in hands_in)
        else:
            seen = actor_hand | CardSet(trick) | fields["talon"] | CardSet(c for t in played for c in t)
            unseen_in = extras.get("unseen")
            if unseen_in is None:
                unseen = CardSet(0xFFFFFFFF) - seen
            elif isinstance(unseen_in, str):
                unseen = CardSet.from_str(unseen_in)
                twice = unseen & seen
                if twice:
                    raise ClaimError(f"unseen card {next(iter(twice))} is also the actor's, in the trick, the talon "
                                     "or played")
            else:
                raise ClaimError("'unseen' must be a string of card tokens")
            want = sizes[defenders[0]] + sizes[defenders[1]]
            if len(unseen) != want:
                where = "'unseen' holds" if "unseen" in extras else "the cards not seen (no 'unseen' given) are"
                raise ClaimError(f"{where} {len(unseen)} cards but the defenders hold {sizes[defenders[0]]} + "
                                 f"{sizes[defenders[1]]} = {want}")
            hands = _fitting_hands(fields, actor_hand, unseen, sizes, played, first_leader, consistent)
        if extras.get("sizes") is not None:
            wanted = extras["sizes"]
            if not isinstance(wanted, list) or len(wanted) != 3 or wanted != [len(h) for h in hands]:
                raise ClaimError(f"'sizes' {wanted!r} disagrees with the hands and the trick "
                                 f"(they give {[len(h) for h in hands]})")
        try:
            position = Position.build(hands=hands, **fields)
        except MariasError as exc:
            raise ClaimError(str(exc)) from None
        return cls.from_position(position, played=played, first_leader=first_leader, consistent=consistent,
                                 given=given)


def read_claim(data: Any, consistent: bool = False) -> Claim:
    """``Claim.from_json`` (the name other modules and benchmarks call)."""
    return Claim.from_json(data, consistent)


def _plain(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The position fields without what ``Position.build`` alone reads."""
    return {k: v for k, v in fields.items() if k != "typed_score"}


def _played_leader(position: Position, played: Sequence[Sequence[Card]], first_leader: int | None) -> int:
    lead = default_leader(position.contract, position.actor, position.rules) if first_leader is None else first_leader
    for cards in played:
        lead = (lead + trick_winner(cards, position.trump, position.notrump)) % 3
    return lead


def _fitting_hands(fields: dict[str, Any], actor_hand: CardSet, unseen: CardSet, sizes: list[int],
                   played: tuple[tuple[Card, ...], ...], first_leader: int | None,
                   consistent: bool) -> tuple[CardSet, CardSet, CardSet]:
    """One redistribution of the hidden hands that fits the play so far (the first found)."""
    actor, leader, trick = fields["actor"], fields["leader"], fields["trick"]
    defenders = (min((actor + 1) % 3, (actor + 2) % 3), max((actor + 1) % 3, (actor + 2) % 3))
    first = CardSet(list(unseen)[:sizes[defenders[0]]])
    hands = [CardSet(), CardSet(), CardSet()]
    hands[actor], hands[defenders[0]], hands[defenders[1]] = actor_hand, first, unseen - first
    # A shell (not checked) gives the rules' facts the forbidden cards need; the redistribution
    # found is checked in full by the position's reader.
    shell = Position(hands=tuple(hands), **_plain(fields))  # type: ignore[arg-type]
    forbidden = _forbidden(shell, trick, leader, played, unseen, defenders, actor, first_leader, consistent)
    held = (sizes[defenders[0]], sizes[defenders[1]])
    claim = Claim(shell, defenders, unseen, forbidden, held, played, first_leader, consistent, False)  # type: ignore
    found = next(iter(_masks(claim, limit=1)), None)
    if found is None:
        raise ClaimError("no redistribution of the unseen cards fits the trick so far"
                         + (" and the played tricks" if consistent and played else "")
                         + " (and the marriages declared)")
    hands[defenders[0]], hands[defenders[1]] = found, unseen - found
    return tuple(hands)  # type: ignore[return-value]


def _read_played(value: Any) -> tuple[tuple[Card, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ClaimError("'played' must be a list of tricks, each a list of three cards from its leader")
    tricks = []
    for number, cards in enumerate(value, start=1):
        if not isinstance(cards, (list, str)):
            raise ClaimError(f"played trick {number} must be a list of three cards, not {cards!r}")
        parsed = tuple(parse_cards(cards))
        if len(parsed) != 3:
            raise ClaimError(f"played trick {number} has {len(parsed)} cards, not 3")
        tricks.append(parsed)
    return tuple(tricks)


def _marriage_evidence(start: Position, trick: Sequence[Card], leader: int, unseen: CardSet,
                       defenders: tuple[int, ...]) -> dict[int, int]:
    """Unseen cards the declared marriages forbid to each defender: a defender's king or
    over-knave in the current trick whose marriage was declared puts its partner in his hand;
    one that would have declared it (docs/semantics.md) but was not puts it out of his hand."""
    out = {s: 0 for s in defenders}
    if start.trump is None:
        return out
    for i, card in enumerate(trick):
        seat = (leader + i) % 3
        if seat not in defenders or card.rank not in (Rank.KING, Rank.OVER):
            continue
        partner = Card.make(card.suit, Rank.KING if card.rank == Rank.OVER else Rank.OVER)
        if partner not in unseen or (start.marriage_rule == "over-first" and card.rank != Rank.OVER):
            continue
        other = defenders[1] if seat == defenders[0] else defenders[0]
        if card.suit in start.declared[1]:
            out[other] |= 1 << partner
        else:
            out[seat] |= 1 << partner
    return out


def _forbidden(start: Position, trick: Sequence[Card], leader: int, played: Sequence[Sequence[Card]],
               unseen: CardSet, defenders: tuple[int, ...], actor: int, first_leader: int | None,
               consistent: bool) -> tuple[CardSet, CardSet]:
    """The unseen cards each defender cannot hold, given the trick so far (always) and the
    played tricks (with ``consistent``); raises ClaimError if the play cannot have happened.

    A card ``c`` played from a hand ``H`` is legal iff, for every other card ``x`` of ``H``,
    ``c`` is legal from the two cards ``{c, x}`` (legal_cards keeps the cards of the best
    non-empty class: higher cards of the led suit, the led suit, higher trumps, trumps,
    anything; an announced card also needs no unannounced card of its class). So each play
    forbids a fixed set of cards to its player, found with legal_cards itself, and a
    redistribution fits the play iff no defender holds a card forbidden to him
    (docs/claims.md, "The consistent option").
    """
    trump, notrump, announced = start.trump, start.notrump, start.announced
    # Every play in order: (seat, trick before the card, card); the current trick comes last.
    plays: list[tuple[int, list[Card], Card]] = []
    history: list[tuple[int, Sequence[Card]]] = []
    if played:
        lead = default_leader(start.contract, actor, start.rules) if first_leader is None else first_leader
        for cards in played:
            history.append((lead, cards))
            lead = (lead + trick_winner(cards, trump, notrump)) % 3
    history.append((leader, trick))
    for lead, cards in history:
        for i, card in enumerate(cards):
            plays.append(((lead + i) % 3, list(cards[:i]), card))
    forbidden = {s: 0 for s in defenders}
    held_later: dict[int, CardSet] = {s: CardSet() for s in range(3)}  # cards a seat plays after this one
    current = len(plays) - len(trick)
    for index in range(len(plays) - 1, -1, -1):
        seat, before, card = plays[index]
        known = held_later[seat] | CardSet([card])
        if seat == actor:
            known = known | start.hands[actor] - CardSet(trick)
        candidates = known | (unseen if seat != actor else CardSet())
        bad = CardSet(x for x in candidates if x != card
                      and card not in legal_cards(CardSet([card, x]), before, trump, notrump, announced))
        if bad & known:
            where = "the current trick" if index >= current else f"played trick {index // 3 + 1}"
            raise ClaimError(f"{where} cannot have been played: seat {seat} could not play {card} "
                             f"holding {next(iter(bad & known))}")
        if seat != actor and (index >= current or consistent):
            forbidden[seat] |= (bad & unseen).mask
        held_later[seat] = known
    for seat, mask in _marriage_evidence(start, trick, leader, unseen, defenders).items():
        forbidden[seat] |= mask
    return CardSet(forbidden[defenders[0]]), CardSet(forbidden[defenders[1]])


# --- the redistributions ---------------------------------------------------------------------------


def subsets(bits: Sequence[int], k: int) -> np.ndarray:
    """Every k-subset of ``bits`` as a uint32 mask, in the order of itertools.combinations(bits, k):
    the last bits of the list change fastest."""
    n = len(bits)
    if not 0 <= k <= n:
        return np.zeros(0, np.uint32)
    places = _places(n, k)  # bit i: bits[i]
    # Each byte of places read through a table of the 256 masks it stands for.
    out = np.zeros(len(places), np.uint32)
    for start in range(0, n, 8):
        out |= _byte_table(tuple(bits[start:start + 8]))[(places >> np.uint32(start)) & np.uint32(0xFF)]
    return out


@functools.lru_cache(maxsize=1024)
def _byte_table(bits: tuple[int, ...]) -> np.ndarray:
    """The mask of ``bits`` that each byte's set bits pick (bit j: bits[j])."""
    table = np.zeros(256, np.uint32)
    for j, bit in enumerate(bits):
        table[1 << j:2 << j] = table[:1 << j] | np.uint32(1 << bit)
    table.flags.writeable = False
    return table


@functools.lru_cache(maxsize=128)
def _places(n: int, k: int) -> np.ndarray:
    """subsets(range(n), k), kept: the strict search lists the same shapes of claim thousands of times."""
    # row[j]: the j-subsets of positions i..n-1, built from i = n down to 0.
    row = [np.zeros(1, np.uint32)] + [np.zeros(0, np.uint32)] * k
    for i in range(n - 1, -1, -1):
        bit = np.uint32(1 << i)
        low = max(1, k - i)  # fewer than k - i cards from positions i.. can never make k
        row = row[:low] + [np.concatenate([row[j - 1] | bit, row[j]]) for j in range(low, k + 1)]
    row[k].flags.writeable = False
    return row[k]


def _masks(claim: Claim, limit: int | None = None) -> Iterator[CardSet]:
    """The cards of ``defenders[0]`` in each redistribution (plain order; for small uses)."""
    forced = claim.forced[0]
    if not claim.count():
        return
    free = [int(c) for c in claim.free]
    for i, mask in enumerate(subsets(free, claim.sizes[0] - len(forced))):
        if limit is not None and i >= limit:
            return
        yield CardSet(int(mask) | forced.mask)


def redistributions(claim: Claim) -> list[Position]:
    """Every redistribution as a position (small claims and tests; ``check_claim`` never builds these)."""
    return [claim.with_hands(first) for first in _masks(claim)]


# --- the answer ------------------------------------------------------------------------------------


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


def check_claim(claim: Claim | Mapping[str, Any], *, count: bool = False, consistent: bool = False,
                components: Sequence[str] | None = None, solver: Solver | None = None,
                tt_log2: int = TT_LOG2, time_limit: float | None = None, threads: int | None = None,
                progress: Callable[[int], None] | None = None, strict: bool = False,
                strict_time_limit: float | None = 60.0, settled: np.ndarray | None = None,
                policy: str | None = None, first: Sequence[CardSet] = ()) -> ClaimResult:
    """Is the claim laid down? Exact: every redistribution is settled, by a proof that
    needs no search (docs/claims.md, "Sure wins") or by the open-hand search itself.

    ``claim`` is a Claim or its JSON, read with ``consistent`` (a Claim carries its own).
    With ``count``, every redistribution is settled and ``winning`` counts those the actor
    makes. The redistributions go to the core in one batch (``threads`` workers, default all
    cores, each with a table of 2**tt_log2 entries); ``solver`` finds the counterexample's line.
    Raises ClaimError for a claim that cannot be checked, ClaimTimeout past ``time_limit``.
    ``progress(n)`` is told of every n redistributions searched (``run_batch``'s); an exception
    it raises stops the search and leaves ``check_claim`` (how the web board cancels a job).

    With ``strict``, also laid down without seeing (``analyzer.strict``): ``strict``, ``plan``
    and ``guess`` are filled in; past ``strict_time_limit`` seconds ``strict`` is None.
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
    if strict:
        from analyzer.strict import check_strict  # it builds on this module

        result = check_claim(claim, count=count, consistent=consistent, components=components, solver=solver,
                             tt_log2=tt_log2, time_limit=time_limit, threads=threads, progress=progress)
        assert result.claim is not None
        outcome = check_strict(result.claim, components=components, time_limit=strict_time_limit,
                               open_result=result, solver=solver, tt_log2=tt_log2, threads=threads)
        result = outcome.open
        result.strict, result.plan, result.guess, result.strict_checked = (outcome.strict, outcome.plan,
                                                                          outcome.guess, True)
        result.plan_omitted = outcome.plan_omitted
        return result
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
        few = _settle(claim, names, _Table(claim, fitting), None, started, time_limit, **options)
        if not few.laid_down:
            few.distributions, few.proven = claim.count(), 0
            few.components = {name: False if made is False else None for name, made in few.components.items()}
            return few
        fitting = []  # all made: no need to search them first again
    return _settle(claim, names, _table(claim), settled, started, time_limit, first=fitting, **options)


def _fitting(claim: Claim, first: Sequence[CardSet]) -> list[CardSet]:
    """The cards of ``defenders[0]`` in those of ``first`` that fit the claim (their cards
    still unseen)."""
    unseen = claim.unseen.mask
    return [CardSet(mask) for mask in {cards.mask & unseen for cards in first} if claim.allows_mask(mask)]


def _settle(claim: Claim, names: Sequence[str], table: _Table, settled: np.ndarray | None, started: float,
            time_limit: float | None, *, count: bool, policy: str | None, solver: Solver | None, tt_log2: int,
            threads: int | None, progress: Callable[[int], None] | None, first: Sequence[CardSet] = ()) -> ClaimResult:
    """check_claim on the redistributions of ``table``, those ``first`` (that fit) first."""
    total = len(table.first)
    whole = claim._built.get("table") is table
    checks = [_check(claim, name) if whole else _Check(claim, table, name) for name in names]
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


_ALWAYS = -100  # a target below every value: answered "yes" without a search
_FEW_FIRST = 5000  # from this many redistributions, those given first are searched on their own
# The sure plans the core can play for the actor (check_claim's ``policy``).
POLICIES = {"cashing": _core.POLICY_CASHING, "betl": _core.POLICY_BETL, "side-first": _core.POLICY_SIDE_FIRST}
_PROOFS_HOLD = (None, "cashing", "betl")  # the actor's best play, and the plans "Sure wins" proves


# --- the search over redistributions ---------------------------------------------------------------

_POPCOUNT = np.array([i.bit_count() for i in range(256)], np.uint8)


def _suit_counts(masks: np.ndarray) -> np.ndarray:
    """The cards of each suit in each uint32 mask: (4, len) uint8, a suit's lane being a byte
    (one lookup for all four: on the strict check's many small tables, the calls cost more
    than the counting)."""
    return _POPCOUNT[np.ascontiguousarray(masks, "<u4").view(np.uint8).reshape(-1, 4)].T


def _popcount32(masks: np.ndarray) -> np.ndarray:
    """The number of cards in each uint32 mask."""
    return _suit_counts(masks).sum(axis=0, dtype=np.int16)

# The sure wins below read a higher bit as a stronger card of its suit: betl and durch
# rank the ten between the nine and the under-knave, so their lanes are renumbered.
_STRENGTH_BIT = {int(rank): bit for bit, rank in enumerate(NOTRUMP_ORDER)}
_NATURAL_LANE = np.array([sum(1 << int(NOTRUMP_ORDER[b]) for b in range(8) if lane >> b & 1) for lane in range(256)],
                         np.uint32)


def from_core(bit: int, notrump: bool) -> Card:
    return Card.make(bit >> 3, NOTRUMP_ORDER[bit & 7] if notrump else bit & 7)


# A lane of the cards' own bits in strength order (betl and durch): the inverse of _NATURAL_LANE.
_STRENGTH_LANE = tuple(sum(1 << _STRENGTH_BIT[r] for r in range(8) if lane >> r & 1) for lane in range(256))


def core_mask(cards: CardSet, notrump: bool) -> int:
    """A card set in strength order."""
    mask = cards.mask
    return sum(_STRENGTH_LANE[mask >> (8 * s) & 0xFF] << (8 * s) for s in range(4)) if notrump else mask


def _bits(mask: int) -> list[int]:
    return [b for b in range(32) if mask >> b & 1]


def _natural(masks: np.ndarray, notrump: bool) -> np.ndarray:
    """Strength-order masks back to the cards' own bits (the core's input)."""
    if not notrump:
        return masks
    out = np.zeros_like(masks)
    for s in range(4):
        out |= _NATURAL_LANE[(masks >> np.uint32(8 * s)) & np.uint32(0xFF)] << np.uint32(8 * s)
    return out


def low_last(bits: list[int], trump: Suit | None) -> list[int]:
    """Core bits in the order the redistributions list them in: lexicographic subsets change
    the last bits fastest, and low cards last (trumps after the others on a tie) measured
    best: neighbouring redistributions then differ in cards that matter late, and share the
    most of their search in the solver's table, whose keys squeeze out the cards already
    played (docs/claims.md, "Order")."""
    suit = -1 if trump is None else int(trump)
    return sorted(bits, key=lambda bit: (-(bit & 7), (bit >> 3) == suit))


def unseen_split(unseen: int, forbidden0: int, forbidden1: int, size0: int) -> tuple[int, int, int] | None:
    """The unseen cards (masks) as the redistributions share them out: (those forced on
    defenders[0], his partner cannot hold them; the free ones; how many of these he holds),
    or None when no redistribution fits."""
    forced0, forced1 = unseen & forbidden1, unseen & forbidden0
    free = unseen & ~(forced0 | forced1)
    k = size0 - forced0.bit_count()
    if forced0 & forced1 or not 0 <= k <= free.bit_count():
        return None
    return forced0, free, k


def defence_may_marry(unseen: int) -> bool:
    """Are the king and over-knave of some suit both unseen (a defender may hold the marriage)?"""
    return any(unseen >> (8 * s) & MARRIAGE_LANE == MARRIAGE_LANE for s in range(4))


class _Table:
    """All redistributions as arrays of bit masks in the core's card numbering (a higher bit
    is a stronger card of its suit in the contract's order), with the per-suit counts."""

    def __init__(self, claim: Claim, only: Sequence[CardSet] | None = None) -> None:
        """Every redistribution of ``claim``, or ``only`` those (the cards of ``defenders[0]``,
        each one that fits the claim)."""
        position = claim.position
        self.claim = claim
        self.notrump = nt = position.notrump
        self.seats = claim.defenders
        self.actor = core_mask(position.hands[position.actor], nt)
        self.unseen = core_mask(claim.unseen, nt)
        forced0, forced1 = claim.forced
        forced = core_mask(forced0, nt)
        free = _bits(core_mask(claim.free, nt))
        k = claim.sizes[0] - len(forced0)
        if forced0 & forced1 or len(forced1) > claim.sizes[1] or not 0 <= k <= len(free):
            raise ClaimError("no redistribution fits the play so far")
        if only is None:
            self.first = subsets(low_last(free, position.trump), k) | np.uint32(forced)
        else:
            self.first = np.array(sorted({core_mask(cards, nt) for cards in only}), np.uint32)
        self.second = np.uint32(self.unseen) ^ self.first
        self.counts = [_suit_counts(hand) for hand in (self.first, self.second)]

    def worlds(self, order: np.ndarray) -> np.ndarray:
        """The hands of the redistributions ``order`` as the core reads them: (len, 4) masks,
        the fourth seat empty."""
        hands = np.zeros((len(order), 4), np.uint32)
        hands[:, self.claim.position.actor] = _natural(np.array([self.actor], np.uint32), self.notrump)[0]
        hands[:, self.seats[0]] = _natural(self.first[order], self.notrump)
        hands[:, self.seats[1]] = _natural(self.second[order], self.notrump)
        return hands

    def cards(self, index: int) -> CardSet:
        """The cards of ``defenders[0]`` in redistribution ``index``."""
        mask = int(self.first[index])
        return CardSet(from_core(b, self.notrump) for b in _bits(mask))


class _Check:
    """One component over every redistribution: the sure wins (a bool array) and the search."""

    def __init__(self, claim: Claim, table: _Table, name: str) -> None:
        self.name = name
        self.table = table
        position = claim.position
        self.question = questions(position)[name]
        self.targets = world_targets(claim, self.question, table.unseen, table.first, table.second)
        self.proven = _sure_wins(claim, table, name, self.targets)


def world_targets(claim: Claim, question: Question, unseen: int, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The question's target in each redistribution (``first`` and ``second``: the cards of
    ``defenders[0]`` and ``[1]``, masks; ``unseen`` theirs together). It depends on the
    redistribution only through the marriages the defenders hold (game, Czech rule): each adds
    its points (20 or 40) to the defence's, and the target counts in steps of ``GAME_STEP``
    points (analyzer.targets.game_target), so each adds a whole step or two."""
    position = claim.position
    targets = np.full(len(first), question.target, np.int16)
    if (defence_may_marry(unseen) and question.name == "game" and position.marriage_rule == "czech"
            and position.trump is not None):
        steps = _marriage_steps(tuple(position.marriage_value(suit) // GAME_STEP for suit in Suit))
        own = sum(position.marriage_value(suit) // GAME_STEP for seat in claim.defenders
                  for suit in position.held_marriages(seat))  # in the position's own redistribution
        targets += steps[_defence_marriages(unseen, first, second)] - np.int16(own)
    return targets


@functools.cache
def _marriage_steps(steps: tuple[int, ...]) -> np.ndarray:
    """Per 4-bit set of suits, the sum of their ``steps``."""
    return np.array([sum(step for s, step in enumerate(steps) if key >> s & 1) for key in range(16)], np.int16)


def _table(claim: Claim) -> _Table:
    """Every redistribution of ``claim``, listed once per claim."""
    built = claim._built
    if "table" not in built:
        built["table"] = _Table(claim)
    return built["table"]


def _check(claim: Claim, name: str) -> _Check:
    """Component ``name`` over ``_table(claim)``, built once per claim (never changed after)."""
    built, key = claim._built, ("check", name)
    if key not in built:
        built[key] = _Check(claim, _table(claim), name)
    return built[key]


def _defence_marriages(unseen: int, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Per redistribution, a 4-bit set of the suits in which one defender holds king and over-knave."""
    keys = np.zeros(len(first), np.uint8)
    for s in range(4):
        pair = np.uint32(0x30 << (8 * s))
        if unseen & int(pair) != int(pair):
            continue  # one of the pair is not the defence's to hold
        held = ((first & pair) == pair) | ((second & pair) == pair)
        keys |= held.astype(np.uint8) << s
    return keys


# --- sure wins: proofs that need no search ---------------------------------------------------------


def _sure_wins(claim: Claim, table: _Table, name: str, targets: np.ndarray) -> np.ndarray:
    """Redistributions in which the component is made by a plan that the defence cannot stop
    (docs/claims.md, "Sure wins"). Sound, not complete: False means "search it"."""
    position = claim.position
    total = len(table.first)
    none = np.zeros(total, bool)
    if position.trick or position.leader != position.actor or position.tricks_left == 0:
        return none  # every plan below starts with the actor leading to a fresh trick
    if name == "betl":
        return np.full(total, _betl_sure(table, position)) if total else none
    plan = _CashingPlan(table, position)
    if name == "durch":
        return plan.every_trick
    if name == "seven":
        return plan.every_trick | plan.seven_kept
    if name == "two-sevens":
        return plan.every_trick
    units = plan.cashed_units
    if name == "game":
        if position.marriage_rule == "over-first":
            units = units - _defence_halves(table, position)
        return units >= targets
    if name == "hundred":
        return units >= targets
    return none


class _CashingPlan:
    """The actor leads his trumps from the top until the defence has none, then cashes every
    suit from the top (an announced seven last); per redistribution: does every trick of it
    win, how many units the tricks surely won hold, and is the trump seven sure to survive
    to the last trick.

    The i-th lead of a suit (from the top, i = 0, 1, ...) wins when each defender who holds a
    higher card of that suit holds at most i cards of it: the i leads before it, all won by
    the actor, took one card of the suit from every defender who had one (he must follow),
    and a discard only shortens a defender's suits further. With trumps, side leads are sure
    only once the defence has no trump left to ruff with.
    """

    def __init__(self, table: _Table, position: Position) -> None:
        total = len(table.first)
        trump = -1 if position.trump is None else int(position.trump)
        announced = core_mask(position.announced, position.notrump)
        sharp = core_mask(CardSet(SHARP_MASK), position.notrump)
        units = np.zeros(total, np.int16)  # sharp cards of the actor's sure tricks
        losers = np.zeros(total, np.int16)  # side cards that are not sure tricks
        drawn = np.ones(total, bool)  # the defence's trumps are all drawn by winning leads
        spare = np.zeros(total, np.int16)  # the actor's trumps left after that, the seven aside
        every = np.ones(total, bool)
        tricks = np.zeros(total, np.int16)  # the actor's sure tricks (counted when the trumps are drawn)
        for suit in range(4):
            top_down = [b for b in range(8 * suit + 7, 8 * suit - 1, -1) if table.actor >> b & 1]
            if suit == trump:
                mine = [b for b in top_down if not announced >> b & 1]
                need = np.maximum(table.counts[0][suit], table.counts[1][suit]).astype(np.int16)
                drawn = need <= len(mine)
                for i, bit in enumerate(mine):
                    drawn &= (need <= i) | self._wins(table, suit, bit, i)
                # Once the defence has no trumps, every trump of the actor's wins when led.
                units += np.int16(sum(sharp >> b & 1 for b in mine))
                tricks += np.int16(len(mine))
                spare = (len(mine) - need).astype(np.int16)
                continue
            sure = np.ones(total, bool)
            for i, bit in enumerate(top_down):
                sure &= self._wins(table, suit, bit, i)
                units += (sure & bool(sharp >> bit & 1)).astype(np.int16)
                tricks += sure.astype(np.int16)
                losers += (~sure).astype(np.int16)
            every &= sure
        if trump < 0:
            drawn[:] = True
        every &= drawn
        units = np.where(drawn, units, 0).astype(np.int16)
        # The defence's aces and tens that must fall into those tricks: a defender plays one card
        # to every trick, so into the tricks the defence may win (all but the actor's sure ones)
        # he can keep at most that many cards back, and his other aces and tens go to the actor.
        left = position.tricks_left - np.where(drawn, tricks, 0)
        self.forced_units = sum(np.maximum(_popcount32(hand & np.uint32(sharp)) - left, 0).astype(np.int16)
                                for hand in (table.first, table.second))
        units += self.forced_units
        everything = ((table.actor | table.unseen) & sharp).bit_count() + 1  # and the last trick
        self.every_trick = every
        # Sedma (docs/claims.md): trumps drawn and a spare trump for every side card the actor
        # may still have to follow with, so the seven is never his only legal card too early
        # and wins the last trick. Any trump kept back the same way wins the last trick too.
        if trump >= 0:
            self.seven_kept = drawn & (spare >= losers)
            held = announced & table.actor
            if not held:
                units = units + (drawn & (spare - 1 >= losers)).astype(np.int16)  # a spare kept back
            elif held == 1 << (8 * trump):
                units = units + self.seven_kept.astype(np.int16)  # the seven itself is kept back
            # (with an announced side seven, which he may not lead at will, no last trick is sure)
        else:
            self.seven_kept = np.zeros(total, bool)
        self.cashed_units = np.where(every, everything, units).astype(np.int16)

    @staticmethod
    def _wins(table: _Table, suit: int, bit: int, i: int) -> np.ndarray:
        higher = np.uint32((0xFF << (8 * suit)) & ~((2 << bit) - 1) & 0xFFFFFFFF)
        ok = np.ones(len(table.first), bool)
        for d, hand in enumerate((table.first, table.second)):
            ok &= ((hand & higher) == 0) | (table.counts[d][suit] <= i)
        return ok


def _defence_halves(table: _Table, position: Position) -> np.ndarray:
    """Over-first: the most the defence's marriages can take off the hra value (half of each
    marriage one defender holds whole)."""
    out = np.zeros(len(table.first), np.int16)
    if position.trump is None:
        return out
    for s in range(4):
        pair = np.uint32(0x30 << (8 * s))
        held = ((table.first & pair) == pair) | ((table.second & pair) == pair)
        out += held.astype(np.int16) * (2 if s == int(position.trump) else 1)
    return out


def _betl_sure(table: _Table, position: Position) -> bool:
    """Betl with the actor to lead: in every suit but at most one card, each of his cards lies
    below every unseen card of its suit, and that one card (or any card, if none) can be led
    under an unseen card. After the lead he never leads again; a defender's lead of any suit
    he holds is then above all his cards of it, so he can always play under."""
    risky = []
    for suit in range(4):
        mine = [b for b in range(8 * suit, 8 * suit + 8) if table.actor >> b & 1]
        theirs = [b for b in range(8 * suit, 8 * suit + 8) if table.unseen >> b & 1]
        lowest = min(theirs, default=64)
        risky += [b for b in mine if b > lowest]
    if len(risky) > 1:
        return False
    leads = risky or _bits(table.actor)
    return any(table.unseen & (0xFF << (8 * (b >> 3))) & ~((2 << b) - 1) for b in leads)


# --- the order of the searches ---------------------------------------------------------------------


def _order(table: _Table, todo_mask: np.ndarray, count: bool) -> np.ndarray:
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


__all__ = ["Claim", "ClaimError", "ClaimResult", "ClaimTimeout", "Counterexample", "check_claim",
           "claim_components", "read_claim", "redistributions", "subsets"]
