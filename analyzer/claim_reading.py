"""A claim read: the position, the defence's unseen cards, and what the play so far shows of
who holds them (docs/claims.md: the JSON, the ``consistent`` option).

:meth:`Claim.from_json` (:func:`read_claim`) reads a claim JSON, :meth:`Claim.from_position`
hides a position's defenders; the cards each defender cannot hold are inferred from the
current trick (and with ``consistent`` the tricks played before it) and the marriages
declared. :func:`first_hands` lists the redistributions plainly, for small uses; the
checks list them in bulk (:mod:`analyzer.redistributions`).
"""
from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.card_masks import subsets
from analyzer.cards import Card, CardSet, Rank, parse_cards
from analyzer.errors import MariasError, PositionError
from analyzer.reading import canonical_json
from analyzer.rules import (
    Position,
    default_leader,
    legal_cards,
    read_fields,
    trick_winner,
)

__all__ = ["CLAIM_KEYS", "Claim", "ClaimError", "ClaimTimeout", "first_hands", "read_claim"]

# Extra keys a claim JSON may carry on top of the position JSON of ``marias solve``.
CLAIM_KEYS = ("unseen", "sizes", "played", "first_leader")


class ClaimError(PositionError):
    """A claim that cannot be checked: bad JSON, a history that cannot have been played, …"""


class ClaimTimeout(MariasError):
    """``check_claim`` ran past its ``time_limit`` (never raised without one)."""


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
    def built(self) -> dict[Any, Any]:
        """Its table of redistributions and its components' checks, once built
        (:func:`analyzer.redistributions.claim_table`, :func:`analyzer.open_check.component_check`)."""
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
    found = next(iter(first_hands(claim, limit=1)), None)
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


def first_hands(claim: Claim, limit: int | None = None) -> Iterator[CardSet]:
    """The cards of ``defenders[0]`` in each redistribution (plain order; for small uses)."""
    forced = claim.forced[0]
    if not claim.count():
        return
    free = [int(c) for c in claim.free]
    for i, mask in enumerate(subsets(free, claim.sizes[0] - len(forced))):
        if limit is not None and i >= limit:
            return
        yield CardSet(int(mask) | forced.mask)
