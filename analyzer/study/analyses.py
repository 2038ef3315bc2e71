"""The analyses: one row of columns per deal, computed a chunk of deals at a time.

Every packet pattern asks the same questions of the positions its players
reach (:func:`contract_position`): three players, forehand after the talon;
four, forehand's side after the call (the contract and partner of
:func:`analyzer.policy.four_player_position`); two, the non-dealer once the
stock is gone (:func:`analyzer.policy.two_player_endgame`). The open-hand
values ask the same question (hra in hearts, betl, …) of every
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
from analyzer.dealing import THREE_PLAYER, Deal, trick_survival
from analyzer.policy import (
    choose_trump,
    first_packet,
    forehand_position,
    four_player_position,
    two_player_endgame,
)
from analyzer.rules import Position, seven_of
from analyzer.solver import Solver, questions
from analyzer.study.spec import SUITS, Study, StudyError
from analyzer.targets import game_totals, remaining_units

if TYPE_CHECKING:
    import pandas as pd

TT_LOG2 = 16  # a small table per chunk (1.5 MiB): measured fastest for these searches (docs/benchmarks.md)
# Four players' claims are checked at the start of this trick: the first whose redistributions
# (12 unseen cards, 4 to each of three seats: 34,650) are within analyzer.claims4.MAX_WORLDS.
CLAIM_TRICK4 = 5


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


def contract_position(deal: Deal, contract: Contract, trump: Suit | None = None) -> Position:
    """The position in which forehand (his side with four players, the non-dealer with two)
    plays ``contract``: the variant is a parameter of the analyses, not a copy of them.

    Three players: :func:`~analyzer.policy.forehand_position` (talon taken, two cards laid
    away). Four: :func:`~analyzer.policy.four_player_position` (the partner called by the
    policy's rule for this trump; betl and durch alone). Two: the endgame once the stock is
    gone, the stock played with this trump (:func:`~analyzer.policy.two_player_endgame`;
    hra only).
    """
    if deal.packets == "four":
        return four_player_position(deal, contract, trump)
    if deal.packets == "two":
        if contract != Contract.GAME:
            raise StudyError(f"two players are analysed in hra only, not {contract.value}")
        return two_player_endgame(deal, trump)[1]
    return forehand_position(deal, contract, trump)


def policy_trump(deal: Deal) -> Suit:
    """The trump the dealing's policy names: forehand's longest suit of his twelve cards (three
    players), of his first four (four players; the non-dealer's with two)."""
    return choose_trump(deal.hands[0] | deal.talon if deal.packets in THREE_PLAYER else first_packet(deal))


def declared_in_play(position: Position) -> int:
    """What each side's points add to its hra value for the marriages declared in play.

    Under the over-first rule (two players) the hra value counts half of each marriage the
    actor declares less half of each the defence declares, and best play declares every
    marriage held (docs/semantics.md, "Marriages"); so the actor's trick points and his
    marriages come to the value plus half of all the marriages held, and likewise the
    defence's. Under the Czech rule the marriages are fixed (``fixed_marriages``): 0.
    """
    if position.marriage_rule != "over-first":
        return 0
    return sum(position.marriage_value(suit) for seat in range(position.players)
               for suit in position.held_marriages(seat)) // 2


def forehand_columns(deals: Sequence[Deal], analyses: Sequence[str]) -> list[dict[str, Any]]:
    """Forehand's open-hand values for each deal: hra and sedma in every suit, betl, durch, the best
    contract, the laid-down contracts (see the package's docstring for the columns)."""
    rows: list[dict[str, Any]] = [{} for _ in deals]
    four = bool(deals) and deals[0].packets == "four"
    for suit in Suit if "hra" in analyses or "sedma" in analyses else ():
        t = suit.token
        games = [contract_position(deal, Contract.GAME, suit) for deal in deals]
        if "hra" in analyses:
            if four:
                for row, position in zip(rows, games):
                    row[f"partner_{t}"] = position.partner or 0  # 0: forehand alone against three
            if "points" in analyses:
                for row, position, g in zip(rows, games, answer_all(games, "game", exact=True)):
                    both = declared_in_play(position)
                    actor, defence = game_totals(position, 10 * g + both, 10 * (remaining_units(position) - g) + both)
                    row[f"hra_{t}"] = actor
                    row[f"hra_makes_{t}"] = actor > defence
            else:
                for row, made in zip(rows, answer_all(games, "game")):
                    row[f"hra_makes_{t}"] = bool(made)
        if "sedma" in analyses:
            # the seven must be forehand's (after the talon), or with four players his side's
            holders = [i for i, game in enumerate(games) if game.holder(seven_of(suit)) in game.team]
            for row in rows:
                row[f"sedma_{t}"] = None  # NA: forehand (his side) lacks the seven of this suit
            sevens = [contract_position(deals[i], Contract.SEVEN, suit) for i in holders]
            for i, made in zip(holders, answer_all(sevens, "seven")):
                rows[i][f"sedma_{t}"] = bool(made)
    for name, contract in (("betl", Contract.BETL), ("durch", Contract.DURCH)):
        if name in analyses:
            positions = [contract_position(deal, contract) for deal in deals]
            for row, made in zip(rows, answer_all(positions, name)):
                row[name] = bool(made)
    if "best" in analyses:
        for row in rows:
            row["best"] = best_contract(row)
    if "claims" in analyses:
        for row, laid in zip(rows, claims_columns(deals)):
            row.update(laid)
    return rows


CLAIMED = (("game", Contract.GAME), ("seven", Contract.SEVEN), ("betl", Contract.BETL), ("durch", Contract.DURCH))


def claims_columns(deals: Sequence[Deal]) -> list[dict[str, Any]]:
    """Is forehand's contract laid down (it makes whatever the defence holds)?

    For hra and sedma in the policy's trump (:func:`policy_trump`; sedma only where
    forehand, or his side, holds its seven, else NA, and its ``seven`` component alone,
    as the ``sedma_`` columns), betl and durch, with the positions of the other analyses.
    A claim is checked (exact, no time limit) only where the open-hand verdict for the
    dealt cards makes (asked of all the deals in one batch per contract): the dealt
    distribution is one of the redistributions, so otherwise it cannot be laid down.

    Three players (``laid_{name}``): :func:`analyzer.claims.check_claim` before the first
    trick. Four players (``laid5_{name}``): the four-player check (:func:`analyzer.claims.check`) at the
    start of trick :data:`CLAIM_TRICK4`, after the first tricks of the solver's principal
    variation of the contract's question (all four playing best open-handed, as the
    chained dealers do): before it a full hand has too many redistributions.
    """
    four = bool(deals) and deals[0].packets == "four"
    prefix = f"laid{CLAIM_TRICK4}_" if four else "laid_"
    rows: list[dict[str, Any]] = [{} for _ in deals]
    trumps = [policy_trump(deal) for deal in deals]
    solver = Solver(TT_LOG2) if four else None
    for name, contract in CLAIMED:
        asked = []
        for i, (deal, trump) in enumerate(zip(deals, trumps)):
            trump_position = contract_position(deal, Contract.GAME, trump)
            if contract == Contract.SEVEN and trump_position.holder(seven_of(trump)) not in trump_position.team:
                rows[i][prefix + name] = None
            else:
                asked.append(i)
        positions = [contract_position(deals[i], contract, trumps[i] if contract.has_trumps else None)
                     for i in asked]
        for i, position, made in zip(asked, positions, answer_all(positions, name)):
            rows[i][prefix + name] = bool(made) and _laid_down(position, name, solver)
    return rows


def _laid_down(position: Position, name: str, solver: Solver | None) -> bool:
    """Is the claim of ``position``'s component ``name`` laid down (the position makes it)?"""
    from analyzer.claims import check

    if solver is None:
        # both defenders' hands given: the claim is checked against every redistribution of them
        return bool(check(position.to_json(), components=[name], threads=1).laid_down)
    return bool(check(claim_position4(position, name, solver).to_json(), solver=solver).laid_down)


def claim_position4(position: Position, name: str, solver: Solver) -> Position:
    """The four-player position at the start of trick :data:`CLAIM_TRICK4`, the tricks before
    it played by the principal variation of the question ``name`` (their points in ``score``,
    their history dropped: a claim looks at the cards still to play)."""
    line = solver.line(position, questions(position)[name])
    for card in line[:4 * (CLAIM_TRICK4 - 1)]:
        position = position.play(card)
    called = position.called if position.called is not None and position.holder(position.called) is not None else None
    return position.replace(played=(), first_leader=None, called=called)


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
