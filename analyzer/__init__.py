"""The reference analyser for Mariáš.

Modules, in the order data flows through them: ``cards`` (notation), ``rules``
(positions and legal play), ``solver`` (the open-hand search in C), ``claims``
(laid-down checks), ``review`` (a game card by card), ``scoring`` and
``bidding`` (payments), ``dealing`` and ``study`` (many deals), ``display``
and ``cli`` (the ``marias`` command).

The public API is importable from the package itself; each name is imported
when first used, so ``import analyzer`` stays light (no numpy, no pandas):

>>> from analyzer import Position, Solver
>>> Solver().solve(Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h"}))
<SolveResult game makes, actor 30 / defence 0, 6-card line>
"""

from __future__ import annotations

import importlib
from typing import Any

import analyzer.variants  # noqa: F401 (registers the four- and two-player tables with Position.from_json)

__version__ = "0.1.0"

# name -> the module that defines it (never a submodule's own name: importing the submodule would
# put the module in the function's place)
_EXPORTS = {
    "Card": "analyzer.cards", "CardSet": "analyzer.cards", "Suit": "analyzer.cards", "Rank": "analyzer.cards",
    "Contract": "analyzer.contract",
    "MariasError": "analyzer.errors",
    "Position": "analyzer.rules",
    "Solver": "analyzer.solver", "SolveResult": "analyzer.solver", "solve": "analyzer.solver",
    "check_claim": "analyzer.claims", "Claim": "analyzer.claims", "ClaimResult": "analyzer.claims",
    "review_game": "analyzer.review", "Review": "analyzer.review",
    "settle": "analyzer.scoring", "settle_json": "analyzer.scoring",
    "run_study": "analyzer.study",
    "example": "analyzer.examples",
}
__all__ = ["Card", "CardSet", "Claim", "ClaimResult", "Contract", "MariasError", "Position", "Rank", "Review",
           "SolveResult", "Solver", "Suit", "check_claim", "example", "review_game", "run_study", "settle",
           "settle_json", "solve"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'analyzer' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next access is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
