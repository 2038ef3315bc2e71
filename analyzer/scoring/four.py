"""The four-player game's payments (docs/scoring.md, "Four players"; docs/rules.md §8).

A result with ``"players": 4`` and a ``"partner"`` key is the game of four
active players (without ``"partner"``, ``"players": 4`` stays the pauzírák of
csm 1.2). The prices are the three-player ones; who pays whom follows the
rule pages: in 2 v 2 each player pays or receives from one opponent, in 1 v 3
the lone player from all three (:func:`pairs`, as
:func:`analyzer.variants.seat_payments` spreads a price).

Two options of the rule pages' four-player game, off by default, read the
dealt ``"hands"``: ``ko_must_flek`` (an opponent of forehand holding the
trump king or over-knave must say flek to the game) and ``marriage_must_flek``
(one holding the trump marriage must also announce 100 against):
:func:`obligations` applies them to the result before it is priced.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from analyzer.cards import Card, Rank, Suit
from analyzer.errors import ResultError
from analyzer.scoring.tables import Option

if TYPE_CHECKING:
    from analyzer.scoring.result import GameResult
    from analyzer.scoring.tables import Rules

__all__ = ["FOUR_OPTIONS", "SOURCE", "obligations", "pairs"]

SOURCE = "rule pages, four players"
_BOOL = (False, True)
FOUR_OPTIONS = (
    Option("ko_must_flek", False, _BOOL, SOURCE,
           "four players: an opponent of forehand holding the trump K or O must flek the game (needs 'hands')"),
    Option("marriage_must_flek", False, _BOOL, SOURCE,
           "four players: an opponent of forehand holding the trump marriage must flek the game and "
           "announce 100 against (needs 'hands'; not in csm, which has no announcements against)"),
)


def pairs(team: tuple[int, ...], defence: tuple[int, ...]) -> list[tuple[int, int]]:
    """Who settles with whom, (team seat, defence seat): in 2 v 2 the actor with the first
    defender after him clockwise and his partner with the other; a lone player with everyone."""
    if len(team) == 2 and len(defence) == 2:
        actor, partner = team
        first = min(defence, key=lambda seat: (seat - actor) % 4)
        return [(actor, first), (partner, next(s for s in defence if s != first))]
    return [(a, d) for a in team for d in defence]


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
        from analyzer.scoring.checks import components

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
