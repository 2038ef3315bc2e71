"""A mean over worlds with its standard error, or exact: the one shape every figure takes.

The advice (``analyzer.advice.stats``) and the single-dummy values (``analyzer.single_dummy``)
both report it, so the JSON of either reads ``{"mean", "stderr", "worlds", "exact"}``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Estimate:
    """A mean over ``worlds`` with its standard error (0 and ``exact`` when every world was solved)."""

    mean: float
    stderr: float
    worlds: int
    exact: bool

    def to_json(self) -> dict[str, object]:
        return {"mean": self.mean, "stderr": self.stderr, "worlds": self.worlds, "exact": self.exact}

    @property
    def significant(self) -> bool:
        """Above zero beyond doubt: exactly, or by more than two standard errors."""
        return self.mean > 1e-12 if self.exact else self.mean > 2 * self.stderr

    def text(self, digits: int = 2, scale: float = 1.0) -> str:
        """``0.82 ± 0.03`` (one standard error) or ``0.82 exact``."""
        mean = f"{scale * self.mean:.{digits}f}"
        return f"{mean} exact" if self.exact else f"{mean} ± {scale * self.stderr:.{digits}f}"
