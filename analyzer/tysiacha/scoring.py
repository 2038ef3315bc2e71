"""Tysiacha's scoring (docs/rules.md "Tysiacha", Scoring): the seed's and the standard, the
concession, and the game to 1000.

Seed: the declarer writes the difference between his total (trick points and his declared
marriages) and his final bid, as a plus when he reached it, else as a minus (bid 130: 160
scores +30, 80 scores -50). Standard (Russian, Polish): plus or minus the bid. Each opponent
writes his own trick points plus his marriages; the standard rounds them to 5 (Russian) or 10
(Polish). A declarer who concedes after the widow writes minus his bid and each opponent 40.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from analyzer.errors import NotationError

SCORINGS = ("seed", "standard")
ROUNDINGS = {"none": 1, "russian": 5, "polish": 10}
GAME = 1000
CONCESSION_OPPONENTS = 40


def check_scoring(scoring: str) -> None:
    if scoring not in SCORINGS:
        raise NotationError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")


def declarer_score(bid: int, total: int, scoring: str = "seed") -> int:
    """What the declarer writes for a hand played out."""
    check_scoring(scoring)
    made = total >= bid
    if scoring == "seed":
        return total - bid
    return bid if made else -bid


def round_points(points: int, rounding: str = "none") -> int:
    """An opponent's points rounded to the nearest 5 or 10 (halves up), as the standard rules do."""
    if rounding not in ROUNDINGS:
        raise NotationError(f"rounding must be one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    step = ROUNDINGS[rounding]
    return (points + step // 2) // step * step


def opponent_score(points: int, scoring: str = "seed", rounding: str = "russian") -> int:
    """What an opponent writes: his trick points and marriages (rounded under the standard scoring)."""
    check_scoring(scoring)
    return points if scoring == "seed" else round_points(points, rounding)


def concession(bid: int) -> tuple[int, int]:
    """(the declarer's score, each opponent's) when the declarer concedes after the widow."""
    return -bid, CONCESSION_OPPONENTS


@dataclass
class Scoresheet:
    """Running totals of three players; the game ends when someone reaches 1000 (the barrel and
    the third-zero penalty are scorer options the analyser leaves out)."""

    totals: list[int] = field(default_factory=lambda: [0, 0, 0])
    hands: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, scores: tuple[int, int, int]) -> None:
        self.hands.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]

    def add_hand(self, declarer: int, bid: int, points: tuple[int, int, int], scoring: str = "seed",
                 rounding: str = "russian") -> tuple[int, int, int]:
        """Score a hand played out: ``points`` are each seat's trick points plus his marriages."""
        scores = tuple(declarer_score(bid, points[s], scoring) if s == declarer else
                       opponent_score(points[s], scoring, rounding) for s in range(3))
        self.add(scores)  # type: ignore[arg-type]
        return scores  # type: ignore[return-value]

    def add_concession(self, declarer: int, bid: int) -> tuple[int, int, int]:
        mine, theirs = concession(bid)
        scores = tuple(mine if s == declarer else theirs for s in range(3))
        self.add(scores)  # type: ignore[arg-type]
        return scores  # type: ignore[return-value]

    @property
    def winner(self) -> int | None:
        """The seat with the highest total at or above 1000, or None while the game goes on."""
        best = max(range(3), key=lambda s: self.totals[s])
        return best if self.totals[best] >= GAME else None


def hand_scores(bid: int, points: tuple[int, int, int] | None = None, declarer: int = 0, scoring: str = "seed",
                rounding: str = "russian", concede: bool = False) -> dict[str, Any]:
    """What each seat writes for one hand: the object ``marias tysiacha score --json`` prints and
    the board's ``POST /api/score`` answers (one set of names)."""
    check_scoring(scoring)
    if rounding not in ROUNDINGS:
        raise NotationError(f"rounding must be one of {', '.join(ROUNDINGS)}, not {rounding!r}")
    if declarer not in (0, 1, 2):
        raise NotationError(f"the declarer must be a seat 0-2, not {declarer!r}")
    sheet = Scoresheet()
    if concede:
        if points is not None:
            raise NotationError("a concession takes no points: the hand is not played")
        scores = sheet.add_concession(declarer, bid)
    else:
        if points is None:
            raise NotationError("give the points (three numbers) or concede")
        scores = sheet.add_hand(declarer, bid, points, scoring, rounding)
    return {"game": "tysiacha", "bid": bid, "declarer": declarer, "scoring": scoring, "conceded": concede,
            "scores": list(scores)}
