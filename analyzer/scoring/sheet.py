"""The score sheet: its lines, the payments they add up to, and the sheet as text and JSON.

Every text line of a sheet fits in :data:`WIDTH` columns: long descriptions
wrap under themselves.
"""
from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from analyzer.contract import SEAT_NAMES

__all__ = ["WIDTH", "Line", "Settlement"]

WIDTH = 100
_NBSP = "\u00a0"
_SEATS = SEAT_NAMES + ("pauzírák",)


@dataclass(frozen=True)
class Line:
    """One line of the score sheet: each of ``payers`` pays each of ``payees`` ``amount``."""

    description: str
    section: str
    amount: Fraction
    payers: tuple[int, ...]
    payees: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"description": self.description, "section": self.section, "amount": _json_number(self.amount),
                "payers": list(self.payers), "payees": list(self.payees)}


@dataclass(frozen=True)
class Settlement:
    """What each seat pays (negative) or receives (positive), and why.

    ``played`` is False when the payments did not come from the cards played
    out: an unplayed or laid-down game, a presumed outcome (csm 12.3-12.4), a
    renonc in play. ``ignored`` names each fact of the result that these rules
    did not read, with the reason (a seven's fate in a game not played, …).
    """

    rules: str
    unit: str
    options: Mapping[str, Any]
    title: str
    payments: tuple[Fraction, ...]
    lines: tuple[Line, ...]
    played: bool
    ignored: tuple[tuple[str, str], ...] = ()
    seat_names: tuple[str, ...] | None = None  # None: forehand, zadák, dealer (and the pauzírák)

    def to_json(self) -> dict[str, Any]:
        """The JSON payload of ``marias score --json``."""
        return {"rules": self.rules, "unit": self.unit, "options": dict(self.options), "title": self.title,
                "played": self.played, "payments": [_json_number(p) for p in self.payments],
                "lines": [line.to_json() for line in self.lines],
                "ignored": [{"fact": fact, "why": why} for fact, why in self.ignored]}

    def __str__(self) -> str:
        out = textwrap.wrap(self.title, WIDTH, subsequent_indent="    ")
        # The section stays whole on one row: no-break spaces, which textwrap does not split at.
        rows = [(amount(line.amount, self.unit), _who(line), f"{line.description} [{line.section.replace(' ', _NBSP)}]")
                for line in self.lines]
        first = max((len(r[0]) for r in rows), default=0)
        second = max((len(r[1]) for r in rows), default=0)
        indent = 2 + first + 2 + second + 2
        for money, who, text in rows:
            lead = "  " + money.rjust(first) + "  " + who.ljust(second) + "  "
            if indent + 40 <= WIDTH:
                wrapped = textwrap.wrap(text, WIDTH - indent)
                out.append(lead + wrapped[0])
                out.extend(" " * indent + more for more in wrapped[1:])
            else:  # too wide a lead for a readable column: the text goes under it
                out.append(lead.rstrip())
                out.extend(textwrap.wrap(text, WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 6))
        for fact, why in self.ignored:
            out.extend(textwrap.wrap(f"ignored: {fact}: {why}", WIDTH, initial_indent="  ",
                                     subsequent_indent="    "))
        out = [row.replace(_NBSP, " ") for row in out]
        out.append("payments:")
        for seat, pay in enumerate(self.payments):
            sign = "+" if pay > 0 else ""
            out.append(f"  seat {seat} ({(self.seat_names or _SEATS)[seat]}): {sign}{amount(pay, self.unit)}")
        return "\n".join(out)


def fmt(value: Fraction) -> str:
    """An exact amount as a decimal number (``0.75``, ``12``)."""
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def amount(value: Fraction, unit: str) -> str:
    """``1 unit``, ``2 units``, ``0.5 units``, ``3 Kč``: the unit agrees with the number."""
    if unit == "units" and abs(value) == 1:
        unit = "unit"
    return f"{fmt(value)} {unit}"


def _json_number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


def _seats(seats: tuple[int, ...]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


def _who(line: Line) -> str:
    if not line.payers:
        return "nobody pays"
    verb = "pays" if len(line.payers) == 1 else "each pay"
    return f"{_seats(line.payers)} {verb} {_seats(line.payees)}" + (" each" if len(line.payees) > 1 else "")
