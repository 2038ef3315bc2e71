"""What a study computes: the dealer, the number of deals, the seed and the analyses asked for."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from analyzer.dealing import Dealer
from analyzer.errors import MariasError


class StudyError(MariasError):
    """A study that cannot be run as asked (unknown analysis, an output that holds another study …)."""


ANALYSES = ("shape", "hra", "points", "sedma", "betl", "durch", "best", "claims")
SOLVER_ANALYSES = ANALYSES[1:]
SUITS = "hbla"
# The solver's analyses of each packet pattern (docs/study.md): two players are analysed once the
# stock is gone, where only hra is played out by the dealing's policy.
PATTERN_ANALYSES = {"four": SOLVER_ANALYSES, "two": ("hra", "points")}
# Columns each analysis (and only it) writes, one of them in any table: how a finished table shows
# what was asked (four players' claims are checked at trick 5: analyses.CLAIM_TRICK4).
MARKERS = {"shape": ("pattern0",), "hra": ("hra_makes_h",), "points": ("hra_h",), "sedma": ("sedma_h",),
           "betl": ("betl",), "durch": ("durch",), "best": ("best",), "claims": ("laid_game", "laid5_game")}
PARTS_VERSION = 2  # 2: the packet pattern is "packets" (it was "rules")


def available(packets: str | None) -> tuple[str, ...]:
    """The analyses a packet pattern has (every one for three and four players; None: all)."""
    if packets in PATTERN_ANALYSES:
        return ("shape", *PATTERN_ANALYSES[packets])
    return ANALYSES


def parse_analyses(spec: str | Iterable[str], packets: str | None = None) -> tuple[str, ...]:
    """``"none"``, ``"all"`` or names separated by commas, in the canonical order; ``"all"``
    is every analysis that the packet pattern ``packets`` has (:func:`available`).

    Raises StudyError, quoting the name, for an unknown analysis.
    """
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [str(s) for s in spec]
    names = [s for s in names if s]
    if names in ([], ["none"]):
        return ()
    if "all" in names:
        names = list(available(packets))
    for name in names:
        if name not in ANALYSES:
            raise StudyError(f"unknown analysis {name!r} (use none, all or some of {', '.join(ANALYSES)})")
    if "best" in names:
        names += ["hra", "sedma", "betl", "durch"]
    if "points" in names:
        names.append("hra")
    return tuple(a for a in ANALYSES if a in names)


@dataclass(frozen=True)
class Study:
    """What a study computes: the dealer, the seed, the number of deals and the analyses."""

    dealer: Dealer
    n: int
    seed: int
    analyses: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.n < 1:
            raise StudyError(f"a study needs at least one deal, not {self.n}")
        packets = self.dealer.packets
        refused = [a for a in self.analyses if a not in available(packets)]
        if refused:
            has = ", ".join(available(packets))
            why = " (two players: the endgame once the stock is gone, in hra)" if packets == "two" else ""
            raise StudyError(f"the {packets} packets have the analyses {has}{why}, not {', '.join(refused)}")

    @property
    def solves(self) -> bool:
        """Does some analysis ask the solver?"""
        return any(a in SOLVER_ANALYSES for a in self.analyses)

    def parameters(self) -> dict[str, Any]:
        """Everything a row depends on besides its index (kept beside the parts, checked on resume)."""
        dealer = asdict(self.dealer)
        if not self.dealer.chained:  # a shuffled pack has no chain: its options mean nothing
            dealer = {"kind": dealer["kind"], "packets": dealer["packets"]}
        return {"version": PARTS_VERSION, "dealer": self.dealer.name, **dealer,
                "seed": self.seed, "analyses": list(self.analyses)}

    def describe(self) -> str:
        """The study in a few words: ``'2000 deals, uniform dealer, csm packets, seed 0, analyses shape'``."""
        analyses = ",".join(self.analyses) or "none"
        return (f"{self.n} deals, {self.dealer.name} dealer, {self.dealer.packets} packets, "
                f"seed {self.seed}, analyses {analyses}")

    def chunks(self, start: int, stop: int, size: int) -> Iterator[tuple[int, int]]:
        """[start, stop) cut at the multiples of ``size`` (a multiple of the dealer's block), one by
        one as they are needed: a study of many deals never lists them all."""
        while start < stop:
            end = min(stop, (start // size + 1) * size)
            yield start, end
            start = end


MAX_CHUNK = 100_000  # deals in one unit of work: a worker holds its deals and rows (a few KB each) at once


def default_chunk(study: Study) -> int:
    """Deals per unit of work: a few seconds of work, and whole chains."""
    block = study.dealer.block
    if study.dealer.chained:
        return block
    size = 200 if study.solves else 5000
    return max(block, size // block * block)
