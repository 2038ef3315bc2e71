"""The analyses: one row of columns per deal, computed a chunk of deals at a time.

The open-hand values ask the same question (hra in hearts, betl, …) of every
deal of a chunk, so they go to the core through the batch entry point
(:func:`analyzer.batch.run_batch`): one call per question and chunk, not one
per deal. :func:`answer_all` groups the positions by what the core searches
(the game and the state but the hands) and sends each group as one batch.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.batch import EXACT, hands_array, run_batch
from analyzer.cards import MARRIAGE_LANE, CardSet, Suit
from analyzer.contract import Contract
from analyzer.dealing import THREE_PLAYER, Deal
from analyzer.policy import (
    choose_trump,
    first_packet,
    forehand_position,
    four_player_position,
)
from analyzer.rules import Position
from analyzer.solver import fixed_marriages, questions, remaining_units
from analyzer.study.spec import SUITS, Study, StudyError

if TYPE_CHECKING:
    import pandas as pd

TT_LOG2 = 16  # a small table per chunk (1.5 MiB): measured fastest for these searches (docs/benchmarks.md)


def analyse_chunk(study: Study, start: int, stop: int) -> pd.DataFrame:
    """The rows of deals ``start`` to ``stop - 1`` (a pure function of its arguments)."""
    import pandas as pd

    from analyzer.study.table import with_dtypes

    deals = list(study.dealer.deals(study.seed, start, stop))
    rows = [origin_columns(study, deal) for deal in deals]
    if "shape" in study.analyses:
        for row, deal in zip(rows, deals):
            row.update(shape_columns(deal))
    if study.solves:
        for row, extra in zip(rows, forehand_columns(deals, study.analyses)):
            row.update(extra)
    return with_dtypes(pd.DataFrame(rows))


def origin_columns(study: Study, deal: Deal) -> dict[str, Any]:
    """Where the deal came from and its cards (card tokens separated by spaces)."""
    row: dict[str, Any] = {
        "deal": deal.index, "chain": deal.chain, "step": deal.step, "cut": deal.cut,
        "dealer": study.dealer.name, "packets": deal.packets, "seed": study.seed,
    }
    for seat, hand in enumerate(deal.hands):
        row[f"hand{seat}"] = str(hand)
    row["talon"] = str(deal.talon)
    return row


def _lane(cards: CardSet, suit: int) -> int:
    return (cards.mask >> (8 * suit)) & 0xFF


def shape_columns(deal: Deal) -> dict[str, Any]:
    """Suit lengths, pattern, voids, marriages and sevens of every hand (and forehand's twelve)."""
    from analyzer.dealing import trick_survival

    row: dict[str, Any] = {}
    for seat, hand in enumerate(deal.hands):
        lanes = [_lane(hand, s) for s in range(4)]
        lengths = [lane.bit_count() for lane in lanes]
        for s in range(4):
            row[f"len{seat}_{SUITS[s]}"] = lengths[s]
        row[f"pattern{seat}"] = "-".join(str(x) for x in sorted(lengths, reverse=True))
        row[f"voids{seat}"] = lengths.count(0)
        row[f"marriages{seat}"] = "".join(SUITS[s] for s in range(4) if lanes[s] & MARRIAGE_LANE == MARRIAGE_LANE)
        row[f"sevens{seat}"] = "".join(SUITS[s] for s in range(4) if lanes[s] & 1)
    if deal.packets in THREE_PLAYER:
        twelve = deal.hands[0] | deal.talon
        for s in range(4):
            row[f"fh_len_{SUITS[s]}"] = _lane(twelve, s).bit_count()
        row["fh_trump"] = choose_trump(twelve).token
    elif deal.packets == "four" and deal.pack:
        # the contract the chained dealers play (trump and partner called from forehand's first four)
        position = four_player_position(deal)
        row["fh_trump"] = position.trump.token
        row["fh_called"] = str(position.called)
        row["fh_partner"] = position.actor if position.partner is None else position.partner
    elif deal.packets == "two" and deal.pack:
        row["fh_trump"] = choose_trump(first_packet(deal)).token  # the non-dealer's, from his first four
    row["survival"] = trick_survival(deal)
    return row


# --- many positions, one question -------------------------------------------------------


def answer_all(positions: Sequence[Position], name: str, exact: bool = False) -> list[int]:
    """Question ``name`` (a component: ``game``, ``seven``, ``betl`` …) asked of every position.

    Yes/no answers (1/0) against each position's own target, or with ``exact``
    the question's value (units of ten for ``game``). Positions whose core game
    and state differ only in the hands go to the core as one batch.
    """
    groups: dict[tuple, list[tuple[int, tuple[int, int, int], int]]] = {}
    firsts: dict[tuple, tuple] = {}
    for i, position in enumerate(positions):
        question = questions(position)[name]
        game, state = question.game(position), question.state(position)
        key = (game, state[1:])  # everything the core reads but the hands
        groups.setdefault(key, []).append((i, state[0], question.target))
        firsts.setdefault(key, state)
    out = [0] * len(positions)
    for key, members in groups.items():
        game = key[0]
        hands = hands_array([hands for _, hands, _ in members])
        targets = None if exact else np.array([[target] for _, _, target in members], np.int16)
        result = run_batch([(game, EXACT if exact else members[0][2])], firsts[key], hands, targets,
                           threads=1, tt_log2=TT_LOG2)  # the study's workers are processes already
        for (i, _, _), answer in zip(members, result.answers[:, 0].tolist()):
            out[i] = int(answer)
    return out


def forehand_columns(deals: Sequence[Deal], analyses: Sequence[str]) -> list[dict[str, Any]]:
    """Forehand's open-hand values for each deal: hra and sedma in every suit, betl, durch, the best
    contract, the laid-down contracts (see the package's docstring for the columns)."""
    rows: list[dict[str, Any]] = [{} for _ in deals]
    twelves = [deal.hands[0] | deal.talon for deal in deals]
    for suit in Suit:
        t = suit.token
        if "hra" in analyses:
            games = [forehand_position(deal, Contract.GAME, suit) for deal in deals]
            if "points" in analyses:
                for row, position, g in zip(rows, games, answer_all(games, "game", exact=True)):
                    actor = 10 * g + fixed_marriages(position, 0)
                    defence = (10 * (remaining_units(position) - g) + fixed_marriages(position, 1)
                               + position.talon.points)
                    row[f"hra_{t}"] = actor
                    row[f"hra_makes_{t}"] = actor > defence
            else:
                for row, made in zip(rows, answer_all(games, "game")):
                    row[f"hra_makes_{t}"] = bool(made)
        if "sedma" in analyses:
            holders = [i for i, twelve in enumerate(twelves) if _lane(twelve, suit) & 1]
            for row in rows:
                row[f"sedma_{t}"] = None  # NA: forehand lacks the seven of this suit
            sevens = [forehand_position(deals[i], Contract.SEVEN, suit) for i in holders]
            for i, made in zip(holders, answer_all(sevens, "seven")):
                rows[i][f"sedma_{t}"] = bool(made)
    for name, contract in (("betl", Contract.BETL), ("durch", Contract.DURCH)):
        if name in analyses:
            positions = [forehand_position(deal, contract) for deal in deals]
            for row, made in zip(rows, answer_all(positions, name)):
                row[name] = bool(made)
    if "best" in analyses:
        for row in rows:
            row["best"] = best_contract(row)
    if "claims" in analyses:
        for row, laid in zip(rows, claims_columns(deals)):
            row.update(laid)
    return rows


def claims_columns(deals: Sequence[Deal]) -> list[dict[str, Any]]:
    """Is forehand's contract laid down (it makes whatever the defence holds)?

    For hra and sedma in his trump (his longest suit; sedma only where he holds
    its seven, else NA, and its ``seven`` component alone, as the ``sedma_``
    columns), betl and durch, with the discards of the other analyses. A claim
    is checked (:func:`analyzer.claims.check_claim`, exact, no time limit) only
    where the open-hand verdict for the dealt cards makes (asked of all the
    deals in one batch per contract): the dealt distribution is one of the
    redistributions, so otherwise it cannot be laid down.
    """
    try:
        from analyzer.claims import check_claim
    except ImportError:  # pragma: no cover - the claims module is a sibling issue
        raise StudyError("the claims analysis needs analyzer.claims (check_claim)") from None

    rows: list[dict[str, Any]] = [{} for _ in deals]
    trumps = [choose_trump(deal.hands[0] | deal.talon) for deal in deals]
    for name, contract in (("game", Contract.GAME), ("seven", Contract.SEVEN),
                           ("betl", Contract.BETL), ("durch", Contract.DURCH)):
        asked = []
        for i, (deal, trump) in enumerate(zip(deals, trumps)):
            if contract == Contract.SEVEN and not _lane(deal.hands[0] | deal.talon, trump) & 1:
                rows[i]["laid_seven"] = None
            else:
                asked.append(i)
        positions = [forehand_position(deals[i], contract, trumps[i] if contract.has_trumps else None)
                     for i in asked]
        for i, position, made in zip(asked, positions, answer_all(positions, name)):
            # both defenders' hands given: the claim is checked against every redistribution of them
            rows[i][f"laid_{name}"] = bool(made) and bool(
                check_claim(position.to_json(), components=[name], threads=1).laid_down)
    return rows


def laid_down_columns(deal: Deal) -> dict[str, Any]:
    """:func:`claims_columns` for one deal."""
    return claims_columns([deal])[0]


def best_contract(row: dict[str, Any]) -> str:
    """The first contract forehand makes in the order durch, betl, seven (h first), game (h first)."""
    if row["durch"]:
        return "durch"
    if row["betl"]:
        return "betl"
    for kind, column in (("seven", "sedma_"), ("game", "hra_makes_")):
        for t in SUITS:
            if row[column + t] is True:  # sedma is None where forehand lacks the seven
                return f"{kind} {t}"
    return "none"
