"""What each endpoint of the board computes: plain functions of JSON documents, run on worker
threads by ``analyzer.web.app`` (and callable without a server). Each raises a MariasError
with a one-line message for bad input."""
from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

from analyzer.cards import Card, CardSet
from analyzer.claims import check_claim, read_claim
from analyzer.contract import MARRIAGE_RULES, RULE_SETS, SEAT_NAMES, Contract
from analyzer.errors import MariasError
from analyzer.policy import choose_trump, discard_for_trumps
from analyzer.review import review_game
from analyzer.rules import Position, default_leader
from analyzer.solver import default_solver
from analyzer.web.jobs import Job
from analyzer.web.play import play


def solve_json(data: Any, cards: bool = False, contract: str | None = None, trump: str | None = None) -> dict:
    """What ``marias solve --json [--cards]`` prints for the position JSON ``data``."""
    if isinstance(data, dict):  # the CLI's --contract and --trump overrides
        data = dict(data)
        if contract is not None:
            data["contract"] = contract
        if trump is not None:
            data["trump"] = None if trump.lower() in ("none", "null", "-") else trump
    position = Position.from_json(data)
    return default_solver().solve(position, cards).to_json()


def claim_work(data: Any, options: dict[str, Any]) -> Callable[[Job], dict]:
    """A job checking a claim as ``marias claim --json`` does, reporting redistributions searched."""
    def work(job: Job) -> dict:
        claim = read_claim(data, options["consistent"])
        job.total = claim.count()
        return check_claim(claim, count=options["count"], components=options["components"],
                           progress=job.progress).to_json()
    return work


def board_json(data: Any, analyse: bool = True) -> dict:
    """The board's view: the set-up position with ``cards`` played on it, and its analysis."""
    if not isinstance(data, dict) or "position" not in data:
        raise MariasError("the board request is an object with 'position' and 'cards'")
    unknown = set(data) - {"position", "cards"}
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the board request")
    start = Position.from_json(data["position"])
    cards = data.get("cards") or []
    if not isinstance(cards, (list, str)):
        raise MariasError("'cards' must be a list of card tokens or a string of them")
    out = play(start, cards)
    position = out.position
    view: dict[str, Any] = {
        "position": position.to_json(),
        "tricks": [t.to_json() for t in out.tricks],
        "to_move": position.to_move if not out.finished else None,
        "legal": [str(c) for c in out.legal],
        "finished": out.finished,
        "decided": out.decided,
        "solve": None,
    }
    if analyse and out.decided is None and not out.finished:
        view["solve"] = _analysis(json.dumps(position.to_json(), sort_keys=True))
    return view


@functools.lru_cache(maxsize=4096)
def _analysis(key: str) -> dict:
    """The board's analysis of a position, remembered: going back and forward asks again and again.
    (Callers must not change the dict they get.)"""
    return default_solver().solve(Position.from_json(json.loads(key)), True).to_json()


def deal_json(data: Any) -> dict:
    """A random deal (seeded): forehand takes the talon, names his longest suit, lays away two
    cards by the rule of ``analyzer.policy`` and plays game; the board's menus change the rest."""
    data = data if isinstance(data, dict) else {}
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise MariasError(f"seed must be a whole number >= 0, not {seed!r}")
    rules = data.get("rules", "csm")
    if rules not in RULE_SETS:
        raise MariasError(f"unknown rule set {rules!r} (use {', '.join(RULE_SETS)})")
    pack = [Card(i) for i in range(32)]
    random.Random(seed).shuffle(pack)
    twelve = CardSet(pack[:12])
    trump = choose_trump(twelve)
    away = discard_for_trumps(twelve, trump)
    position = Position(hands=(twelve - away, CardSet(pack[12:22]), CardSet(pack[22:])), contract=Contract.GAME,
                        trump=trump, actor=0, leader=default_leader(Contract.GAME, 0, rules), talon=away, rules=rules)
    position.check()
    return position.to_json()


def review_json(data: Any) -> dict:
    """What ``marias review --json`` prints for the game JSON ``data`` (the deal and "played")."""
    return review_game(data).to_json()


def meta_json() -> dict:
    """The names the menus offer, from the package itself (English and Czech)."""
    return {"contracts": [{"value": c.value, "czech": c.czech(), "components": list(c.components),
                           "has_trumps": c.has_trumps} for c in Contract],
            "rule_sets": list(RULE_SETS), "marriage_rules": list(MARRIAGE_RULES), "seats": list(SEAT_NAMES)}
