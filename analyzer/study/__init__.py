"""Deal studies: many deals, one row each, with the analyses asked for; runs that survive.

>>> table = run_study("uniform", n=3, seed=7, analyses="shape", progress=False)
>>> list(table["deal"]), table.loc[0, "pattern0"] == table.loc[0, "pattern0"]
([0, 1, 2], True)

The package keeps its rooms apart: :mod:`~analyzer.study.spec` (what a study
is), :mod:`~analyzer.study.analyses` (the columns of a chunk of deals, the
open-hand values through the batch entry point), :mod:`~analyzer.study.table`
(column types, reading and writing), :mod:`~analyzer.study.storage` (part files,
resuming), :mod:`~analyzer.study.execution` (processes or Dask) and
:mod:`~analyzer.study.run` (``run_study``: progress, messages, the summary).

A row always holds where the deal came from (``deal``, ``chain``, ``step``,
``cut``, ``dealer``, ``packets``, ``seed``) and the dealt cards (``hand0`` …,
``talon``: card tokens separated by spaces). The analyses (``ANALYSES``) add:

``shape``
    per seat p and suit s ``len{p}_{s}``; ``pattern{p}`` ("4-3-2-1", longest
    first); ``voids{p}``; ``marriages{p}`` and ``sevens{p}`` (the suit letters of
    the K+O pairs and of the sevens held, "" for none). Three-player patterns
    add forehand's twelve cards (hand and talon): ``fh_len_{s}`` and ``fh_trump``
    (the suit :func:`analyzer.policy.choose_trump` names); four players add the
    contract the chained dealers play (:func:`analyzer.policy.four_player_position`):
    ``fh_trump``, ``fh_called`` (the called trump) and ``fh_partner`` (its
    holder's seat, 0 when forehand plays alone); two players ``fh_trump`` (the
    non-dealer's, from his first four). All add ``survival``
    (:func:`analyzer.dealing.trick_survival`; empty for a shuffled pack).
``hra``
    for every suit s, forehand takes the talon, lays away two cards
    (:func:`analyzer.policy.discard_for_trumps`) and plays hra with trump s:
    ``hra_makes_{s}``, does he win the game open-handed.
``points``
    ``hra_{s}``: forehand's open-hand points in that game (tricks, last trick,
    his marriages): the exact hra value, dearer than the verdict;
    ``hra_makes_{s}`` follows from it.
``sedma``
    ``sedma_{s}``: does forehand's seven in s make (same discard)? Empty (NA)
    when he does not hold the seven of s.
``betl``, ``durch``
    ``betl``, ``durch``: open-hand verdicts, forehand leading, with the discards
    of :func:`~analyzer.policy.discard_for_betl` and ``discard_for_durch``.
``claims``
    ``laid_game``, ``laid_seven``, ``laid_betl``, ``laid_durch``: is forehand's
    contract laid down (docs/claims.md) — hra and sedma in his longest suit
    (sedma NA where he lacks its seven), betl, durch; see
    :func:`~analyzer.study.analyses.claims_columns`. Exact and unbounded in
    time: most claims take 0.05 s, a laid-down one can take seconds.
``best``
    the most valuable contract forehand makes open-handed, in the order of the
    csm price table (16.1): ``durch``, ``betl``, ``seven h`` (better seven),
    ``seven b``/``l``/``a``, then ``game h``, ``game b``/``l``/``a``, else ``none``
    (hra alone is not a bidding level; it ranks last). Needs hra, sedma, betl
    and durch, which it adds (``points`` adds ``hra``).

Four players (``--packets four``): the same columns for forehand's side, the
partner called by the dealing's rule for each trump
(:func:`analyzer.policy.four_player_position`; ``partner_{s}``, its seat, 0
alone), betl and durch alone against three; ``claims`` gives ``laid5_game``,
``laid5_seven``, ``laid5_betl``, ``laid5_durch``: laid down at the start of
trick 5 (:func:`analyzer.claims4.check_claim4`). Two players (``--packets
two``): ``hra`` and ``points`` only, for the non-dealer: the stock played by
the policy (:func:`analyzer.policy.two_player_endgame`), the endgame solved.

``none`` asks for the dealt cards only; ``all`` for every analysis available
(for the packet pattern).
The open-hand values use the exact solver; the discards are simple fixed rules
(:mod:`analyzer.policy`), so forehand's values are those of a reasonable
discard, not of the best one.

Surviving runs. With an output file (in a directory that exists: a study never
creates directories), each finished chunk of deals is written at once,
atomically (temporary name, then rename), as a Parquet part file in
``FILE.parts/`` (with ``study.json``, the study's parameters). Re-running the
same command skips the deals whose parts exist; an interrupted part is never
counted. When every deal is done the parts are combined, in deal order, into
FILE (Parquet or CSV by its extension) and the directory is removed. While a
run goes on, ``pandas.read_parquet("FILE.parts")`` reads what is done.
"""
from analyzer.study.analyses import (
    analyse_chunk,
    answer_all,
    best_contract,
    claims_columns,
    forehand_columns,
    laid_down_columns,
    shape_columns,
)
from analyzer.study.run import StudyInterrupted, run_study
from analyzer.study.spec import (
    ANALYSES,
    MARKERS,
    SOLVER_ANALYSES,
    Study,
    StudyError,
    default_chunk,
    parse_analyses,
)
from analyzer.study.storage import Parts
from analyzer.study.table import column_kind, read_table, with_dtypes, write_table

__all__ = [
    "ANALYSES", "MARKERS", "SOLVER_ANALYSES", "Parts", "Study", "StudyError", "StudyInterrupted",
    "analyse_chunk", "answer_all", "best_contract", "claims_columns", "column_kind", "default_chunk",
    "forehand_columns", "laid_down_columns", "parse_analyses", "read_table", "run_study", "shape_columns",
    "with_dtypes", "write_table",
]
