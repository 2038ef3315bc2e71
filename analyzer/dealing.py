"""Dealers: the packet patterns of docs/rules.md §6, from a shuffled pack or from the last hand's tricks.

Mariáš players shuffle once per session; after that each deal is the previous
hand's cards *gathered* (tricks stacked as they were taken), *cut* and dealt in
packets. Three dealers model that:

``uniform``
    A freshly shuffled pack for every deal (the textbook assumption).
``no-shuffle``
    A chain of hands. Each hand is really played (three players: forehand
    takes the talon, names his longest suit as trump, lays away two cards and
    plays hra; four players: forehand names trump and calls a partner from his
    first four cards and his side plays hra; two players: the non-dealer names
    trump from his first four, a fixed rule plays the stock out, the solver the
    rest: the policy of :func:`analyzer.policy.play_hand`), its cards are
    gathered (:func:`gather`),
    cut (:func:`cut_point`) and dealt in packets to give the next deal.
``riffle:K``
    As no-shuffle, with K Gilbert–Shannon–Reeds riffles (:func:`riffle`)
    between gathering and the cut. ``riffle:0`` is no-shuffle, deal for deal.

Reproducibility. Everything random is drawn from ``random.Random`` objects
seeded with strings (hashed with SHA-512 by Python, so the same in every
process and on every machine). A uniform deal ``i`` uses its own generator
``"{seed}/uniform/{i}"``. A chained study of N deals is ``ceil(N / L)``
independent chains of length L (``chain_length``): chain ``c`` uses the
generator ``"{seed}/chain/{c}"`` (the same for every K, so runs with different
K share their opening shuffles), starts from a shuffled pack, plays
``burn_in`` hands that are not reported, then reports L deals: deal index
``c * L + step``. A worker given whole chains therefore reproduces them
exactly, however a run is split.

Seats are renumbered every deal so that seat 0 is always forehand of *this*
deal (the pack does not care who sits where, only the order of the cards).

>>> dealer = Dealer.parse("uniform")
>>> deal = next(dealer.deals(seed=1, start=0, stop=1))
>>> [len(h) for h in deal.hands], len(deal.talon)
([10, 10, 10], 2)
>>> PATTERNS["csm"].describe()
'5-5-5, 2 to the talon, 5-5-5'
"""
from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from math import comb, prod

from analyzer.cards import ALL_CARDS, Card, CardSet
from analyzer.packets import (
    PATTERNS,
    PLAYED,
    TALON,
    THREE_PLAYER,
    Deal,
    DealError,
    Pattern,
    Trick,
    pattern,
)
from analyzer.policy import PLAYS, play_hand
from analyzer.solver import Solver

# The packet patterns and Deal live in analyzer.packets, below the policy that plays a deal
# out (which this module's chained dealers call); they are names of this module too.
__all__ = ["CUT_MODELS", "GATHER_ORDERS", "PATTERNS", "PLAYED", "TALON", "THREE_PLAYER", "Deal", "DealError",
           "Dealer", "Pattern", "binomial_half", "cut_point", "gather", "pattern", "riffle", "trick_survival",
           "uniform_any_void", "uniform_patterns", "uniform_survival", "uniform_voids"]


# --- gathering, riffling, cutting ---------------------------------------------

GATHER_ORDERS = ("actor-first", "defence-first")
CUT_MODELS = ("binomial", "uniform", "none")


def gather(tricks: Sequence[tuple[Trick, int]], talon: CardSet, actor: int | Collection[int],
           order: str = "actor-first") -> list[Card]:
    """The pack (top card first) that a played hand's cards make when gathered as players do.

    Each side keeps one face-down pile: the actor's starts with the talon
    (laid away before play), then every trick goes face down on top of its
    side's pile as it is taken, so a pile reads, top first, from the last trick
    taken to the first (and the talon at the bottom of the actor's). A trick
    is turned over as it lies, so its cards read top first in the order played.
    ``actor`` is the actor's seat, or the seats of his side (four players: he
    and his partner keep one pile). ``order="actor-first"`` puts the actor's
    pile on top of the defence's; ``"defence-first"`` the other way round.
    """
    if order not in GATHER_ORDERS:
        raise DealError(f"unknown gathering order {order!r} (use {', '.join(GATHER_ORDERS)})")
    team = {actor} if isinstance(actor, int) else set(actor)
    piles: dict[bool, list[Card]] = {True: list(talon), False: []}
    for cards, winner in tricks:
        piles[winner in team][:0] = list(cards)
    pack = piles[True] + piles[False] if order == "actor-first" else piles[False] + piles[True]
    if len(pack) != 32 or len(set(pack)) != 32:
        raise AssertionError(f"gathering gave {len(pack)} cards ({len(set(pack))} different), not 32")
    return pack


def binomial_half(n: int, rng: random.Random) -> int:
    """A Binomial(n, 1/2) draw: the number of ones among n fair random bits."""
    return rng.getrandbits(n).bit_count() if n else 0


def riffle(pack: Sequence[Card], rng: random.Random) -> list[Card]:
    """One Gilbert–Shannon–Reeds riffle: cut at Binomial(n, 1/2), then drop cards
    from the two packets with probability proportional to their sizes."""
    cut = binomial_half(len(pack), rng)
    left, right = list(pack[:cut]), list(pack[cut:])
    out: list[Card] = []
    i = j = 0
    while i < len(left) or j < len(right):
        a, b = len(left) - i, len(right) - j
        if rng.random() * (a + b) < a:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out


def cut_point(model: str, rng: random.Random) -> int:
    """How many cards the cutter lifts from the top (they go to the bottom).

    ``binomial`` (default): Binomial(32, 1/2), about the middle (mean 16,
    sd 2.8), drawn again on 0 or 32 since a cut moves at least one card — the
    same model the GSR riffle uses for its cut. ``uniform``: 1 to 31 equally
    likely. ``none``: the cutter only taps the pack (allowed by the rule pages).
    """
    if model == "none":
        return 0
    if model == "uniform":
        return rng.randint(1, 31)
    if model == "binomial":
        while True:
            c = binomial_half(32, rng)
            if 0 < c < 32:
                return c
    raise DealError(f"unknown cut model {model!r} (use {', '.join(CUT_MODELS)})")


# --- deals and dealers ---------------------------------------------------------


def trick_survival(deal: Deal) -> float | None:
    """The share of the previous hand's tricks (ten with three players, eight with four, sixteen
    with two) dealt whole into one hand (None without a previous hand).

    Under a uniform deal a three-card trick survives with probability
    3 · C(10, 3) / C(32, 3) = 360 / 4960 ≈ 0.0726, a four-card one
    4 · C(8, 4) / C(32, 4) ≈ 0.0078, a two-card one (the stock is no hand)
    2 · C(8, 2) / C(32, 2) ≈ 0.1129 (:func:`uniform_survival`).
    """
    if not deal.previous:
        return None
    whole = sum(any(all(c in hand for c in trick) for hand in deal.hands) for trick in deal.previous)
    return whole / len(deal.previous)


# --- exact values for a shuffled pack ----------------------------------------------


def uniform_survival(packets: str = "csm") -> float:
    """P(a trick's k given cards all land in one hand) for a uniform deal, k the number of
    players: the sum of C(h, k) / C(32, k) over the hands."""
    dealt = pattern(packets)
    sizes = [len(h) for h in dealt.deal(ALL_CARDS)[0]]
    return sum(comb(h, dealt.players) for h in sizes) / comb(32, dealt.players)


def uniform_patterns(hand: int = 10) -> dict[str, float]:
    """P(suit pattern) of a hand of ``hand`` cards from a shuffled pack: the
    lengths (l1..l4) of the four suits have probability prod C(8, li) / C(32, hand)."""
    out: dict[str, float] = {}
    for lengths in product(range(9), repeat=4):
        if sum(lengths) == hand:
            key = "-".join(str(x) for x in sorted(lengths, reverse=True))
            p = prod(comb(8, x) for x in lengths) / comb(32, hand)
            out[key] = out.get(key, 0.0) + p
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def uniform_voids(hand: int = 10) -> float:
    """Mean number of void suits in a hand from a shuffled pack: 4 · C(24, hand) / C(32, hand)."""
    return 4 * comb(24, hand) / comb(32, hand)


def uniform_any_void(hand: int = 10) -> float:
    """P(a hand from a shuffled pack has at least one void), by inclusion and exclusion."""
    return sum((-1) ** (k + 1) * comb(4, k) * comb(32 - 8 * k, hand) for k in range(1, 4)) / comb(32, hand)


@dataclass(frozen=True)
class Dealer:
    """A dealer: its kind and the parameters of the chain (which are part of what a seed means)."""

    kind: str  # "uniform", "no-shuffle" or "riffle"
    riffles: int = 0
    packets: str = "csm"
    chain_length: int = 100
    burn_in: int = 10
    cut: str = "binomial"
    gather: str = "actor-first"
    play: str = "solver"

    def __post_init__(self) -> None:
        pattern(self.packets)
        if self.kind not in ("uniform", "no-shuffle", "riffle"):
            raise DealError(f"unknown dealer {self.kind!r} (use uniform, no-shuffle or riffle:K)")
        if self.chained and self.packets not in PLAYED:
            raise DealError(f"the {self.name} dealer plays the hands out: "
                            f"patterns {', '.join(PLAYED)} only, not {self.packets!r}")
        if self.riffles < 0 or (self.kind != "riffle" and self.riffles):
            raise DealError(f"riffles must be >= 0 and only with riffle:K, not {self.riffles}")
        if self.chain_length < 1 or self.burn_in < 0:
            raise DealError(f"chain length must be >= 1 and burn-in >= 0 ({self.chain_length}, {self.burn_in})")
        if self.cut not in CUT_MODELS:
            raise DealError(f"unknown cut model {self.cut!r} (use {', '.join(CUT_MODELS)})")
        if self.gather not in GATHER_ORDERS:
            raise DealError(f"unknown gathering order {self.gather!r} (use {', '.join(GATHER_ORDERS)})")
        if self.play not in PLAYS:
            raise DealError(f"unknown play policy {self.play!r} (use {', '.join(PLAYS)})")

    @classmethod
    def parse(cls, text: str, packets: str = "csm", **options: object) -> Dealer:
        """``uniform``, ``no-shuffle`` or ``riffle:K``; ``options`` set the chain parameters.

        Raises DealError, quoting the text, for anything else.
        """
        name = text.strip().lower()
        if name.startswith("riffle:"):
            count = name.partition(":")[2]
            if not count.isdigit():
                raise DealError(f"riffle:K needs a whole number K >= 0, not {text!r}")
            return cls("riffle", int(count), packets, **options)  # type: ignore[arg-type]
        if name in ("uniform", "no-shuffle"):
            return cls(name, 0, packets, **options)  # type: ignore[arg-type]
        raise DealError(f"unknown dealer {text!r} (use uniform, no-shuffle or riffle:K)")

    @property
    def name(self) -> str:
        return f"riffle:{self.riffles}" if self.kind == "riffle" else self.kind

    @property
    def chained(self) -> bool:
        return self.kind != "uniform"

    @property
    def block(self) -> int:
        """Deals per independent unit of work: 1 for uniform, a chain otherwise."""
        return self.chain_length if self.chained else 1

    def deals(self, seed: int, start: int, stop: int) -> Iterator[Deal]:
        """The deals with indices ``start`` to ``stop - 1``, in order, the same on every call."""
        if self.chained:
            first, last = start // self.chain_length, (stop - 1) // self.chain_length
            for chain in range(first, last + 1):
                lo = max(start - chain * self.chain_length, 0)
                hi = min(stop - chain * self.chain_length, self.chain_length)
                yield from self._chain(seed, chain, lo, hi)
        else:
            for index in range(start, stop):
                yield self._uniform(seed, index)

    def _uniform(self, seed: int, index: int) -> Deal:
        rng = random.Random(f"{seed}/uniform/{index}")
        pack = list(ALL_CARDS)
        rng.shuffle(pack)
        hands, talon = pattern(self.packets).deal(pack)
        return Deal(index, self.packets, hands, talon, tuple(pack), chain=index, step=0)

    def _chain(self, seed: int, chain: int, lo: int, hi: int) -> Iterator[Deal]:
        """Steps ``lo`` to ``hi - 1`` of one chain (always played from its start)."""
        rng = random.Random(f"{seed}/chain/{chain}")
        # A fresh, small table per chain: the principal variation may depend on
        # what the table holds, and the chain must not depend on other chains.
        solver = Solver(16) if self.play == "solver" else None
        pack: list[Card] = list(ALL_CARDS)
        rng.shuffle(pack)  # the session's one shuffle
        previous: tuple[Trick, ...] | None = None
        for step in range(-self.burn_in, hi):
            for _ in range(self.riffles):
                pack = riffle(pack, rng)
            c = cut_point(self.cut, rng)
            pack = pack[c:] + pack[:c]
            hands, talon = pattern(self.packets).deal(pack)
            deal = Deal(chain * self.chain_length + step, self.packets, hands, talon, tuple(pack),
                        chain, step, c, previous)
            if step >= lo:
                yield deal
            if step == hi - 1:
                return
            tricks, laid_away, team = play_hand(deal, self.play, solver)
            previous = tuple(cards for cards, _ in tricks)
            pack = gather(tricks, laid_away, team, self.gather)
