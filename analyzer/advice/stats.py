"""Means and standard errors over worlds grouped in independent units.

A sampled world and its swap form one unit (their results are correlated);
the standard error is the spread of the unit means over the square root of
their number. Exact enumerations have no sampling error: stderr 0.
"""
from __future__ import annotations

import math

import numpy as np

from analyzer.estimate import Estimate


def estimate(values: np.ndarray, units: np.ndarray, exact: bool = False) -> Estimate:
    """Mean of ``values`` over the worlds; stderr over the unit means (0 when exact)."""
    values = np.asarray(values, float)
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, 0, exact)
    if exact:
        return Estimate(float(values.mean()), 0.0, n, True)
    _, inverse = np.unique(units, return_inverse=True)
    sums = np.bincount(inverse, weights=values)
    counts = np.bincount(inverse)
    means = sums / counts
    k = len(means)
    # Every unit has the same number of worlds (one, or a world and its swap): the plain mean of
    # the unit means is the mean over worlds.
    stderr = float(means.std(ddof=1) / math.sqrt(k)) if k > 1 else math.inf
    return Estimate(float(values.mean()), stderr, n, False)


def paired(a: np.ndarray, b: np.ndarray, units: np.ndarray, exact: bool = False) -> Estimate:
    """The difference a - b on common worlds, with its paired error."""
    return estimate(np.asarray(a, float) - np.asarray(b, float), units, exact)


def unpaired_stderr(a: Estimate, b: Estimate) -> float:
    """The error of a - b had the two been estimated on independent worlds."""
    return math.sqrt(a.stderr ** 2 + b.stderr ** 2)


Z95 = 1.959963984540054


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


def share(values: np.ndarray, units: np.ndarray, exact: bool = False) -> tuple[Estimate, tuple[float, float]]:
    """A share over the worlds: its estimate and its 95 % Wilson interval on the units drawn."""
    e = estimate(values, units, exact)
    n = len(np.unique(units)) if len(units) else 0
    return e, wilson(e.mean, n, exact)
