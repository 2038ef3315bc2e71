"""The four-player obligations (options ``ko_must_flek`` and ``marriage_must_flek``,
:data:`analyzer.scoring.four.FOUR_OPTIONS`) applied to a result before it is priced.

They read the dealt ``"hands"``: an opponent of forehand holding the trump king
or over-knave must say flek to the game, one holding the trump marriage must
also announce 100 against. Every rule set's table lists these options
(:mod:`~analyzer.scoring.four`), and applying them reads the result's
components (:mod:`~analyzer.scoring.checks`), which read the tables: so this
step lives above both, not in :mod:`~analyzer.scoring.four`.
"""
from __future__ import annotations

from dataclasses import replace

from analyzer.cards import Card, Rank, Suit
from analyzer.errors import ResultError
from analyzer.scoring.checks import components
from analyzer.scoring.result import GameResult
from analyzer.scoring.ruleset import Rules

__all__ = ["obligations"]


def obligations(r: GameResult, t: Rules) -> tuple[GameResult, list[str]]:
    """The result with the obliged flek (and 100 against) applied, and a note per obligation."""
    wanted = [name for name in ("ko_must_flek", "marriage_must_flek") if t.option(name)]
    if not wanted:
        return r, []
    if not r.active or r.contract is None or not r.contract.has_trumps or r.unplayed is not None \
            or r.name not in t.contracts:  # the rule set's own check names a contract it lacks
        return r, []
    if r.hands is None:
        raise ResultError(f"option {wanted[0]} reads the dealt hands: give \"hands\" (four hands of eight)")
    if 0 not in r.team:
        why = f"{', '.join(wanted)}: forehand is not on the actor's side, nobody is his opponent in this game"
        return r, [why + ": no obligation"]
    trump = Suit.from_str(r.trump)  # type: ignore[arg-type]
    king, over = Card.make(trump, Rank.KING), Card.make(trump, Rank.OVER)
    notes: list[str] = []
    fleker = against = None
    for seat in r.defenders:
        hand = r.hands[seat]
        if "ko_must_flek" in wanted and fleker is None and (king in hand or over in hand):
            fleker = seat
            notes.append(f"seat {seat} holds {king if king in hand else over}, a trump K or O, and must flek "
                         "the game (option ko_must_flek)")
        if "marriage_must_flek" in wanted and against is None and king in hand and over in hand:
            against = seat
            fleker = seat if fleker is None else fleker
            notes.append(f"seat {seat} holds the trump marriage {king} {over}: flek on the game and 100 against "
                         "(option marriage_must_flek)")
    if against is not None and "hundred" not in r.against and r.name != "hundred-against":
        if not t.shape.against:
            raise ResultError(f"option marriage_must_flek announces 100 against, which {t.name} does not have "
                              "(use basic or licit)")
        r = replace(r, against=(*r.against, "hundred"))
    if fleker is not None:
        game = "hundred" if "hundred" in components(r, t) else "game"
        if not r.level(game):
            flek = dict(r.flek)
            flek[game] = 1
            flekers = dict(r.flekers)
            flekers[game] = (fleker,)
            r = replace(r, flek=tuple(sorted(flek.items())), flekers=tuple(sorted(flekers.items())))
        else:
            notes.append(f"the {game} is fleked already (level {r.level(game)}): the obligation adds nothing")
    return r, notes
