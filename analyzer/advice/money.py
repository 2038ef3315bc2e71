"""Money: what one world's outcome pays, through :func:`analyzer.scoring.settle`.

A world's outcome (each component made or not, the actor's card points, the
marriages each side holds) is turned into the result JSON of
``analyzer.scoring`` and settled under the chosen rule set; outcomes repeat
from world to world, so each distinct one is settled once.

Rule choices (docs/advice.md):

- a Pricer settles as played out (``played_out=True``: the csm 12.3-12.4
  presumptions, a seven with no flek not played, switched off: what the cards
  are worth) or as at the table (``played_out=False``: the rule set's whole
  settlement, csm 12.3-12.4 included, csm 12.5 for a laid-down hand (``laid_down``) and csm 12.6 where ``void`` says a
  defender holds four side cards);
- the announced seven that fails is taken as killed in the last trick; a
  quiet seven (basic, licit) is not counted (its fate is given as "early"):
  the open-hand search does not say which card wins the last trick when
  nobody announced the seven;
- under the Czech marriage rule every marriage a side holds is declared.
"""
from __future__ import annotations

import json
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any

import numpy as np

from analyzer.cards import CardSet, Suit
from analyzer.contract import Contract
from analyzer.rules import seven_of
from analyzer.scoring import Holding, parse_result, settle

SUIT_LETTERS = "hbla"


def holding(cards: CardSet, contract: Contract, trump: Suit | None, side_suit: Suit | None,
            discard: CardSet | None = None) -> Holding:
    """The csm 17.1 bonus facts the cards decide (``analyzer.scoring``'s own count): trump games
    count the talon as the actor's (17.4), betl and durch the ten cards he plays. ``cards``: the
    actor's twelve (trump games) or ten (betl, durch). The betl "6-rák" and catching aces and the
    durch catchers need a judgement of the play and are not claimed."""
    if contract.has_trumps and trump is not None:
        talon = discard if discard is not None else CardSet()
        return Holding.from_cards(cards - talon, talon, contract, trump.token,
                                  None if side_suit is None else side_suit.token)
    counted = Holding.from_cards(cards, None, contract, None, None)
    # Not judged from the cards: no 6-rák, no catching ace, no catching suit with an ace and no king
    # (no bonus claimed); three catchers, so no flek bonus either (the actor's view has no flek).
    return replace(counted, six=False, catching_aces=0, ace_without_king=0, catchers=3, bare_ace_catchers=False)


def quiet_seven_seat(cards: CardSet, trump: Suit | None, holder: int, other: int) -> int | None:
    """The seat a result names for the trump seven of a game that announced none: ``holder`` if
    ``cards`` (his) hold it, else ``other``; None without trumps. Basic and licit settle its fate
    ("early": not counted, :class:`Pricer`), so the seat only has to be one that can hold it."""
    if trump is None:
        return None
    return holder if cards.mask >> int(seven_of(trump)) & 1 else other


def holding_json(facts: Holding) -> dict[str, Any]:
    default = Holding()
    return {f.name: getattr(facts, f.name) for f in fields(Holding) if getattr(facts, f.name) != getattr(default, f.name)}


# Every seat's payments by (pricer's spec, outcome): outcomes repeat across pricers (the bidder's 231
# talons, the screening's stages, the defenders' seats), so each is settled once per process. Emptied
# when full rather than ordered by use: a miss costs one settlement.
_SETTLED: dict[tuple[str, tuple], tuple[Fraction, ...]] = {}
_SETTLED_MAX = 1 << 16


def suits_text(bits: int) -> str:
    return "".join(SUIT_LETTERS[s] for s in range(4) if bits >> s & 1)


class Pricer:
    """Payments of one contract to one seat, world by world, settled once per distinct outcome."""

    def __init__(self, contract: Contract, trump: Suit | None, side_suit: Suit | None, actor: int, seat: int,
                 rules: str, options: dict[str, Any], facts: Holding | None,
                 flek: dict[str, int] | None = None, flekers: dict[str, list[int]] | None = None,
                 quiet_seven_seat: int | None = None, played_out: bool = True, laid_down: bool = False) -> None:
        self.contract = contract
        self.base: dict[str, Any] = {"contract": contract.value, "actor": actor}
        if trump is not None:
            self.base["trump"] = trump.token
        if side_suit is not None and contract.two_sevens:
            self.base["side_suit"] = side_suit.token
        if facts is not None and rules == "csm":
            self.base["holding"] = holding_json(facts)
        if flek:
            self.base["flek"] = flek
        if flekers:
            self.base["flekers"] = flekers
        self.actor = actor
        self.seat = seat
        # Basic and licit pay a quiet seven: the trump seven of a game that announced none is taken
        # as played before the last trick (not counted), held by this seat.
        self.quiet_seven_seat = quiet_seven_seat
        self.rules = rules
        self.options = {"unplayed": False, **options} if played_out else dict(options)
        # csm 12.5: the actor lays his cards down, the game is not played: every part he announced
        # is won, and a fleker pays the increase for his partner too (csm 11.3)
        self.laid_down = laid_down and not played_out
        self.cache: dict[tuple, float] = {}
        # prices' outcomes by their integer code, for each order of the components' names: the codes
        # settled so far, sorted, and their payments (replaced whole, so a reader's pair stays whole)
        self.codes: dict[tuple[str, ...], tuple[np.ndarray, np.ndarray]] = {}
        # What the settlement of an outcome depends on besides the outcome: the key of _SETTLED.
        self.spec = json.dumps({"base": self.base, "rules": rules, "options": self.options, "laid_down": self.laid_down,
                                "quiet_seven_seat": quiet_seven_seat}, sort_keys=True, default=str)
        # The options as the result JSON's round trip gives them (a value JSON lacks as its text).
        self.settle_options: dict[str, Any] = json.loads(json.dumps(self.options, default=str))

    def price(self, made: dict[str, bool], points: int | None, talon_points: int,
              actor_marriages: int, defence_marriages: int, void: bool = False) -> float:
        key = (tuple(sorted(made.items())), points, talon_points, actor_marriages, defence_marriages, void)
        value = self.cache.get(key)
        if value is None:
            payments = _SETTLED.get((self.spec, key))
            if payments is None:
                if len(_SETTLED) >= _SETTLED_MAX:
                    _SETTLED.clear()
                result = self.result(made, points, talon_points, actor_marriages, defence_marriages, void)
                payments = _SETTLED[(self.spec, key)] = settle(parse_result(result), self.rules,
                                                               **self.settle_options).payments
            value = self.cache[key] = float(payments[self.seat])
        return value

    def result(self, made: dict[str, bool], points: int | None, talon_points: int, actor_marriages: int,
               defence_marriages: int, void: bool = False) -> dict[str, Any]:
        """The result JSON of one outcome (``analyzer.scoring``'s), settled under ``rules`` and the
        pricer's options (``settle_options``) for its payments."""
        c = self.contract
        data = dict(self.base)
        if void:  # csm 12.6: not played
            data["unplayed"] = "four-side-cards"
            data.pop("holding", None)
            return data
        if self.laid_down:
            data["unplayed"] = "laid-down"
        if c.has_trumps:
            assert points is not None
            data["points"] = {"actor": points, "defence": 90 - talon_points - points}
            if talon_points:
                data["talon_points"] = talon_points
            data["marriages"] = {"actor": suits_text(actor_marriages), "defence": suits_text(defence_marriages)}
        if c.actor_seven:
            seven_ok = made.get("seven", made.get("two-sevens", False))
            data["trump_seven"] = {"seat": self.actor, "fate": "won" if seven_ok else "killed"}
        if c.two_sevens:
            won = made["two-sevens"]
            data["side_seven"] = {"seat": self.actor, "fate": "won" if won else "early"}
            # A failed two sevens in which the actor took under 10 points did not take the last
            # trick: his trump seven lost it (the result would contradict itself otherwise).
            lost_last = not won and points is not None and points < 10
            data["trump_seven"] = {"seat": self.actor, "fate": "killed" if lost_last else "won"}
        if c.has_trumps and "trump_seven" not in data and self.quiet_seven_seat is not None:
            data["trump_seven"] = {"seat": self.quiet_seven_seat, "fate": "early"}
        if not c.has_trumps:
            goal = c.components[0]
            betl = goal.endswith("betl")
            data["actor_tricks"] = (0 if made[goal] else 1) if betl else (10 if made[goal] else 9)
        return data

    def prices(self, made: dict[str, np.ndarray], points: np.ndarray | None, talon_points: np.ndarray,
               actor_marriages: np.ndarray, defence_marriages: np.ndarray,
               void: np.ndarray | None = None) -> np.ndarray:
        """Vector of payments, one per world: the distinct outcomes are settled, then spread back.
        ``void``: the worlds in which the game is not played (csm 12.6), or None."""
        names = tuple(made)
        code = np.zeros(len(talon_points), np.int64)
        for k, name in enumerate(names):
            code |= np.asarray(made[name], np.int64) << k
        if points is not None:
            code |= (np.asarray(points, np.int64) // 10 + 1) << 4
        code |= (np.asarray(talon_points, np.int64) // 10) << 9
        code |= np.asarray(actor_marriages, np.int64) << 12
        code |= np.asarray(defence_marriages, np.int64) << 16
        if void is not None:
            code |= np.asarray(void, np.int64) << 20
        known, values = self.codes.get(names, _NOTHING_SETTLED)
        at = np.minimum(np.searchsorted(known, code), len(known) - 1)
        hit = known[at] == code if len(known) else np.zeros(len(code), bool)
        if not hit.all():  # the outcomes not met before: settled, then merged into the sorted codes
            new = np.unique(code[~hit])
            priced = [self.price({name: bool(c >> k & 1) for k, name in enumerate(names)},
                                 None if points is None else 10 * (((c >> 4) & 31) - 1), 10 * ((c >> 9) & 7),
                                 (c >> 12) & 15, (c >> 16) & 15, bool(c >> 20 & 1)) for c in new.tolist()]
            merged = np.concatenate([known, new])
            order = np.argsort(merged, kind="stable")
            known, values = merged[order], np.concatenate([values, np.array(priced, float)])[order]
            self.codes[names] = (known, values)
            at = np.searchsorted(known, code)
        return values[at]


_NOTHING_SETTLED = (np.zeros(0, np.int64), np.zeros(0, float))


def four_side_cards(hands: np.ndarray, actor: int, contract: Contract, side_suit: Suit | None,
                    rules: str, options: dict[str, Any]) -> np.ndarray | None:
    """csm 12.6: the worlds in which a defender holds four cards of a two sevens' side suit (the game
    is not played); None where the rule set has no such rule or the contract is another."""
    from analyzer.advice.worlds import popcount
    from analyzer.scoring import resolve

    table = resolve(rules, options)
    if contract != Contract.TWO_SEVENS or side_suit is None or "four-side-cards" not in table.table.unplayed:
        return None
    lane = np.uint32(0xFF << (8 * int(side_suit)))
    out = np.zeros(len(hands), bool)
    for seat in range(3):
        if seat != actor:
            out |= popcount(np.asarray(hands[:, seat], np.uint32) & lane) >= 4
    return out
