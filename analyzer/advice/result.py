"""The advice's answer: rows ranked best first, with the JSON keys of ``marias advise --json``.

Every share (``p_make``'s components, ``p_loss``) has its 95 % interval beside it (``ci95``,
``p_loss_ci95``: stats.wilson on the units drawn; a point when exact).

Every row carries its own number of worlds and whether it is exact, so a row
screened out early (few worlds) is never read as precise as a confirmed one.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

ROW_KEYS = ("contract", "trump", "side_suit", "discard", "level", "p_make", "stderr", "ci95", "worlds", "exact",
            "expected_payment", "payment_stderr", "p_loss", "p_loss_ci95")


def _clean(value: Any) -> Any:
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


@dataclass
class Advice:
    """One view's answer. ``options`` are dicts with at least ROW_KEYS, best first."""

    view: str
    rules: str
    unit: str
    options: list[dict[str, Any]]
    seed: int | None = None
    seconds: float = 0.0
    summary: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> dict[str, Any]:
        return self.options[0]

    @property
    def table(self) -> Any:
        """The options as a pandas DataFrame (p_make and stderr spread into columns)."""
        import pandas as pd

        rows = []
        for option in self.options:
            row = {k: v for k, v in option.items() if k not in ("p_make", "stderr", "ci95", "p_loss_ci95")}
            for name, p in option["p_make"].items():
                row[f"p_{name}"] = p
                row[f"p_{name}_stderr"] = option["stderr"].get(name)
                low, high = option.get("ci95", {}).get(name, (None, None))
                row[f"p_{name}_ci95_low"], row[f"p_{name}_ci95_high"] = low, high
            if "p_loss_ci95" in option:
                row["p_loss_ci95_low"], row["p_loss_ci95_high"] = option["p_loss_ci95"]
            rows.append(row)
        return pd.DataFrame(rows)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"view": self.view, "rules": self.rules, "unit": self.unit, "seed": self.seed,
                               "options": [_clean(o) for o in self.options]}
        out.update(_clean(self.summary))
        return out
