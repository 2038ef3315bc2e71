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
:data:`FOUR_OPTIONS` declares them for every rule set's table, and
:func:`analyzer.scoring.obligations.obligations` applies them to the result
before it is priced.
"""
from __future__ import annotations

from analyzer.scoring.ruleset import RuleOption

__all__ = ["FOUR_OPTIONS", "SOURCE", "pairs"]

SOURCE = "rule pages, four players"
_BOOL = (False, True)
FOUR_OPTIONS = (
    RuleOption("ko_must_flek", False, _BOOL, SOURCE,
           "four players: an opponent of forehand holding the trump K or O must flek the game (needs 'hands')"),
    RuleOption("marriage_must_flek", False, _BOOL, SOURCE,
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
