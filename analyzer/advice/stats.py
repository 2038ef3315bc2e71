"""Means and standard errors over worlds grouped in independent units.

A sampled world and its swap form one unit (their results are correlated);
the standard error is the spread of the unit means over the square root of
their number. Exact enumerations have no sampling error: stderr 0.
"""
from __future__ import annotations

import math

import numpy as np

from analyzer.estimate import Estimate, estimate, wilson


def paired(a: np.ndarray, b: np.ndarray, units: np.ndarray, exact: bool = False) -> Estimate:
    """The difference a - b on common worlds, with its paired error."""
    return estimate(np.asarray(a, float) - np.asarray(b, float), units, exact)


def unpaired_stderr(a: Estimate, b: Estimate) -> float:
    """The error of a - b had the two been estimated on independent worlds."""
    return math.sqrt(a.stderr ** 2 + b.stderr ** 2)





def share(values: np.ndarray, units: np.ndarray, exact: bool = False) -> tuple[Estimate, tuple[float, float]]:
    """A share over the worlds: its estimate and its 95 % Wilson interval on the units drawn."""
    e = estimate(values, units, exact)
    n = len(np.unique(units)) if len(units) else 0
    return e, wilson(e.mean, n, exact)
