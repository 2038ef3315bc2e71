"""A mean over worlds with its standard error, or exact: the one shape every figure takes.

The advice (``analyzer.advice.stats``), the single-dummy values (``analyzer.single_dummy``),
the realistic playouts and the Tysiacha study all report through it: ``Estimate`` (its JSON
``{"mean", "stderr", "worlds", "exact"}``), ``estimate`` (a mean over worlds grouped in units)
and ``wilson`` (a share's 95 % interval, never a point).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054  # the two-sided 95 % quantile of the normal


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


def wilson(p: float, n: int, exact: bool = False) -> tuple[float, float]:
    """The 95 % interval of a share ``p`` seen on ``n`` independent draws; [p, p] when exact.

    ``n`` is the number of units, not of worlds: a world and its swap are one draw (their mean
    varies no more than one world's result does, so counting units never understates the
    spread). Wilson's interval, except at 0 and 1, where the exact one-sided bound is given
    (0 of n: the p with (1 - p)^n = 5 %; 0 of 8 gives [0, 0.31]): never a point."""
    if exact:
        return (p, p)
    if n <= 0 or math.isnan(p):
        return (0.0, 1.0)
    if p <= 0.0:
        return (0.0, 1.0 - 0.05 ** (1.0 / n))
    if p >= 1.0:
        return (0.05 ** (1.0 / n), 1.0)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def estimate(values: np.ndarray, units: np.ndarray | None = None, exact: bool = False) -> Estimate:
    """Mean of ``values`` over the worlds; stderr over the unit means (0 when exact). ``units``: the
    unit of each world (a world and its swap are one); None, each world its own."""
    values = np.asarray(values, float)
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, 0, exact)
    if exact:
        return Estimate(float(values.mean()), 0.0, n, True)
    if units is None:
        means = values
    else:
        _, inverse = np.unique(units, return_inverse=True)
        means = np.bincount(inverse, weights=values) / np.bincount(inverse)
    k = len(means)
    # Every unit has the same number of worlds (one, or a world and its swap): the plain mean of
    # the unit means is the mean over worlds.
    stderr = float(means.std(ddof=1) / math.sqrt(k)) if k > 1 else math.inf
    return Estimate(float(values.mean()), stderr, n, False)
