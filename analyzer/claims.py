"""Laid-down claims (*ložená hra*, docs/rules.md §5): does the actor make his contract
whatever the defence holds?

A claim is laid down when, for **every** redistribution of the defence's unseen
cards between the two defenders (each keeping his number of cards, the current
trick as played), the open-hand value makes the contract — each of the actor's
components on its own, exactly as :meth:`analyzer.solver.Solver.component`
answers it. ``docs/claims.md`` gives the JSON, the definition, the
``consistent`` option and the algorithm with its proofs.

:func:`check` is the entry for every table (three players, four: :mod:`analyzer.claims4`,
two: :mod:`analyzer.claims2`), one :class:`ClaimResult` and one JSON shape for all; the
command line, the web and the studies call it. For three players it is :func:`check_claim`:
the open-handed check (:mod:`analyzer.open_check`) and, with ``strict``, laid down without
seeing (:mod:`analyzer.strict`). The pieces live below it, one job each, and their names
are this module's too:

- :mod:`analyzer.claim_reading`: the claim read, what the play so far shows;
- :mod:`analyzer.card_masks` and :mod:`analyzer.redistributions`: the redistributions
  listed in bulk, as bit masks;
- :mod:`analyzer.sure_wins`: the proofs that need no search;
- :mod:`analyzer.open_check`: the searches driven, the answer.

>>> result = check_claim({"hands": ["hA hX", None, None], "unseen": "h7 h8 b7 b8",
...                       "trump": "h", "contract": "game", "actor": 0})
>>> result.laid_down, result.distributions
(True, 6)
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from analyzer.card_masks import (
    core_mask,
    defence_may_marry,
    from_core,
    low_last,
    subsets,
    unseen_split,
)
from analyzer.cards import CardSet
from analyzer.claim_reading import (
    CLAIM_KEYS,
    Claim,
    ClaimError,
    ClaimTimeout,
    read_claim,
)
from analyzer.claims2 import check_claim2, claim2_from_json
from analyzer.claims2 import count_redistributions as count_two
from analyzer.claims4 import check_claim4, claim4_from_json, refuse_three_player_options
from analyzer.claims4 import count_redistributions as count_four
from analyzer.open_check import (
    DANGER_SAMPLE,
    DEFENCE_COMPONENTS,
    POLICIES,
    TT_LOG2,
    ClaimResult,
    Counterexample,
    check_open,
    claim_components,
    strict_keys,
)
from analyzer.redistributions import redistributions, world_targets
from analyzer.solver import Solver
from analyzer.strict import check_strict


def check_claim(claim: Claim | Mapping[str, Any], *, count: bool = False, consistent: bool = False,
                components: Sequence[str] | None = None, solver: Solver | None = None,
                tt_log2: int = TT_LOG2, time_limit: float | None = None, threads: int | None = None,
                progress: Callable[[int], None] | None = None, strict: bool = False,
                strict_time_limit: float | None = 60.0, settled: np.ndarray | None = None,
                policy: str | None = None, first: Sequence[CardSet] = ()) -> ClaimResult:
    """Is the three-player claim laid down? The open-handed check,
    :func:`analyzer.open_check.check_open`, whose arguments these are (``claim`` a Claim or its
    JSON; ``count``, ``consistent``, ``components``, ``solver``, ``tt_log2``, ``time_limit``,
    ``threads``, ``progress``). Raises ClaimError, ClaimTimeout.

    With ``strict``, also laid down without seeing (``analyzer.strict``): ``strict``, ``plan``
    and ``guess`` are filled in; past ``strict_time_limit`` seconds ``strict`` is None.
    ``settled``, ``policy`` and ``first`` are the open-handed check's
    (:func:`analyzer.open_check.check_open`), which the strict check's nodes ask for.
    """
    if not strict:
        return check_open(claim, count=count, consistent=consistent, components=components, solver=solver,
                          tt_log2=tt_log2, time_limit=time_limit, threads=threads, progress=progress,
                          settled=settled, policy=policy, first=first)
    if policy is not None and policy not in POLICIES:
        raise ClaimError(f"no sure plan {policy!r} (use {', '.join(POLICIES)})")
    result = check_open(claim, count=count, consistent=consistent, components=components, solver=solver,
                        tt_log2=tt_log2, time_limit=time_limit, threads=threads, progress=progress)
    assert result.claim is not None
    outcome = check_strict(result.claim, components=components, time_limit=strict_time_limit,
                           open_result=result, solver=solver, tt_log2=tt_log2, threads=threads)
    result = outcome.open
    result.strict, result.plan, result.guess, result.strict_checked = (outcome.strict, outcome.plan,
                                                                      outcome.guess, True)
    result.plan_omitted = outcome.plan_omitted
    return result


def check(data: Claim | Mapping[str, Any], *, count: bool = False, consistent: bool = False,
          components: Sequence[str] | None = None, strict: bool = False, time_limit: float | None = None,
          progress: Callable[[int], None] | None = None, total: Callable[[int], None] | None = None,
          names: Mapping[str, str] | None = None, solver: Solver | None = None, **more: Any) -> ClaimResult:
    """Is the claim laid down? The claim JSON of any table (``"players"``: 3, 4 or 2) or a read
    three-player Claim; the same result and JSON keys for every table (docs/claims.md).

    ``total(n)`` is told how many redistributions there are before any is searched, and
    ``progress(n)`` of those searched since (two and three players). The options that only
    three players have (``count``, ``consistent``, ``components``, ``strict``; and with four
    players ``time_limit``) are refused, one line, for the other tables, under the ``names`` the
    caller gives them (``{"count": "--count", ...}`` on the command line). ``solver`` finds the
    counterexample's line (and with four and two players searches every redistribution);
    ``more`` goes to :func:`check_claim`. Raises MariasError (ClaimError, ClaimTimeout, ...) with one line."""
    players = data.get("players", 3) if isinstance(data, Mapping) else 3
    if players in (2, 4):
        label = names or {}
        given = {label.get("count", "count"): count, label.get("consistent", "consistent"): consistent,
                 label.get("components", "components"): components}
        if players == 4:
            given[label.get("time_limit", "time_limit")] = time_limit is not None
        given[label.get("strict", "strict")] = strict
        refuse_three_player_options(given, players)
        if players == 4:
            position = claim4_from_json(data)
            if total is not None:
                total(count_four(position))
            return check_claim4(position, solver)
        position = claim2_from_json(data)
        if total is not None:
            total(count_two(position))
        return check_claim2(position, solver, time_limit=time_limit, progress=progress)
    claim = data if isinstance(data, Claim) else read_claim(data, consistent)
    if total is not None:
        total(claim.count())
    return check_claim(claim, count=count, components=components, strict=strict, time_limit=time_limit,
                       progress=progress, solver=solver, **more)


__all__ = ["CLAIM_KEYS", "DANGER_SAMPLE", "DEFENCE_COMPONENTS", "POLICIES", "TT_LOG2", "Claim", "ClaimError",
           "ClaimResult", "ClaimTimeout", "Counterexample", "check", "check_claim", "claim_components", "core_mask",
           "defence_may_marry", "from_core", "low_last", "read_claim", "redistributions", "strict_keys", "subsets",
           "unseen_split", "world_targets"]
