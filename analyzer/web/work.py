"""What each endpoint of the board computes: plain functions of JSON documents, run on worker
threads by ``analyzer.web.app`` (and callable without a server). Each raises a MariasError
with a one-line message for bad input."""
from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

from analyzer import cancel, claims
from analyzer.cards import Card, CardSet, parse_cards
from analyzer.contract import MARRIAGE_RULES, RULE_SETS, SEAT_NAMES, Contract
from analyzer.errors import MariasError
from analyzer.fields import check_talon_json
from analyzer.outcome import result_json
from analyzer.policy import choose_trump, discard_for_trumps
from analyzer.reading import canonical_json, parse_worlds
from analyzer.review import review_game
from analyzer.rules import Position, default_leader
from analyzer.scoring import settle_json
from analyzer.solver import default_solver
from analyzer.web.jobs import Job
from analyzer.web.play import play


def solve_json(data: Any, cards: bool = False, contract: str | None = None, trump: str | None = None,
               time_limit: float | None = None) -> dict:
    """What ``marias solve --json [--cards] [--time-limit S]`` prints for the position JSON ``data``."""
    if isinstance(data, dict):  # the CLI's --contract and --trump overrides
        data = dict(data)
        if contract is not None:
            data["contract"] = contract
        if trump is not None:
            data["trump"] = None if trump.lower() in ("none", "null", "-") else trump
    position = Position.from_json(data)
    position.check_talon_rule()  # csm 7.2, as marias solve refuses it
    return default_solver().solve(position, cards, time_limit).to_json()


def claim_work(data: Any, options: dict[str, Any]) -> Callable[[Job], dict]:
    """A job checking a claim as ``marias claim --json [--strict]`` does, reporting redistributions
    searched (by the open-handed check: the strict search reports none, and ends within its time limit)."""
    def work(job: Job) -> dict:
        if isinstance(data, dict):
            check_talon_json(canonical_json(data))  # csm 7.2, as marias claim refuses it
        def total(n: int) -> None:
            job.total = n

        return claims.check(data, count=options["count"], consistent=options["consistent"],
                            components=options["components"], strict=options["strict"], progress=job.progress,
                            total=total).to_json()
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
    cancel.check()  # each step below is one search: a cancelled request stops between them
    position = out.position
    view: dict[str, Any] = {
        "start": start.to_json(),  # the set-up as read (defaults filled in, cards in one spelling)
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
    if out.finished and analyse:
        cancel.check()
        view["result"] = played_result(start, list(parse_cards(cards)))
    return view


def played_result(start: Position, cards: list[Card]) -> dict[str, Any]:
    """The deal as played to its end: each component won or lost, the points, and the payment
    (as ``marias solve --payment`` settles it; ``payment_error`` says why there is none). The last
    card is forced, so the search of the position before it is the play's own result."""
    before = play(start, cards[:-1]).position
    final = play(start, cards).position.score
    # the totals as the game is counted: tricks and marriages, the talon's sharp cards to the defence
    out: dict[str, Any] = {"totals": {"actor": final[0], "defence": final[1] + start.talon.points}, "payment": None}
    try:
        result = default_solver().solve(before)
        out.update(makes=result.makes, components=dict(result.components))
        data = result_json(before, result, dealt=start)
        out["points"] = data.get("points")
        out["actor_tricks"] = data.get("actor_tricks")
        out["payment"] = settle_json(data).to_json()
    except MariasError as exc:
        out["payment_error"] = str(exc)
    return out


@functools.lru_cache(maxsize=4096)
def _analysis(key: str) -> dict:
    """The board's analysis of a position, remembered: going back and forward asks again and again.
    (Callers must not change the dict they get.)"""
    return default_solver().solve(Position.from_json(json.loads(key)), True).to_json()


def deal_json(data: Any) -> dict:
    """A random deal (seeded): forehand takes the talon, names his longest suit, lays away two
    cards by the rule of ``analyzer.policy`` and plays game; the board's menus change the rest."""
    data = data if isinstance(data, dict) else {}
    seed = view_seed(data.get("seed", 0))
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


def review_json(data: Any, view: bool = False, worlds: Any = None, seed: Any = 0) -> dict:
    """What ``marias review --json`` prints for the game JSON ``data`` (the deal and "played");
    ``view``: what ``marias review --view --json`` prints, each card judged also by what its
    player could know, on ``worlds`` worlds (default VIEW_WORLDS) from ``seed``."""
    if isinstance(data, dict):
        check_talon_json(canonical_json(data))  # csm 7.2, as marias review refuses it
    # A cancelled request (client gone, time limit) stops after the card being valued: each card
    # is one search of a three-player deal, milliseconds (a two-player hand's stock search, the
    # long one, stops by itself: analyzer.cancel).
    if not view:
        return review_game(data, progress=cancel.check).to_json()
    return review_game(data, view=True, worlds=view_worlds(VIEW_WORLDS if worlds is None else worlds),
                       seed=view_seed(seed), progress=cancel.check).to_json()


def meta_json() -> dict:
    """The names the menus offer, from the package itself (English and Czech)."""
    return {"contracts": [{"value": c.value, "czech": c.czech(), "components": list(c.components),
                           "has_trumps": c.has_trumps} for c in Contract],
            "rule_sets": list(RULE_SETS), "marriage_rules": list(MARRIAGE_RULES), "seats": list(SEAT_NAMES)}


# --- advice -------------------------------------------------------------------------------------

# The advice request: the keys are the options of ``marias advise`` (dashes as underscores), the
# hand its argument. ``known`` maps a seat to the cards known there (the CLI's --known SEAT:CARDS).
ADVISE_KEYS = ("hand", "talon", "seat", "rules", "level", "defend", "trump", "side_suit", "actor", "worlds",
               "talons", "where", "known", "seed", "jobs", "all_discards")
ADVISE_MAX_WORLDS = 2000  # per option / talon / deal: the board's bound ("all" is for the CLI)
ADVISE_MAX_THREADS = 2  # threads one advice job may use (a job slot is one advice)


def _whole(data: dict, key: str, low: int, default: Any = None) -> Any:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise MariasError(f"{key!r} must be a whole number >= {low}, not {value!r}")
    return value


def _text(data: dict, key: str) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise MariasError(f"{key!r} must be a string, not {value!r}")
    return value


def read_hand(data: Any, keys: tuple[str, ...], command: str, example: str) -> str:
    """The shape of an advice request: an object of ``keys`` (``command``'s options, ``_`` for
    ``-``) whose ``hand`` is card text or a list of tokens; the hand's text, or a MariasError."""
    if not isinstance(data, dict):
        raise MariasError(f"the advice request is an object with 'hand' and the options of {command}")
    unknown = set(data) - set(keys)
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the advice request (keys: {', '.join(keys)})")
    hand = data.get("hand")
    if isinstance(hand, list) and all(isinstance(c, str) for c in hand):
        hand = " ".join(hand)
    if not isinstance(hand, str) or not hand.strip():
        raise MariasError(f"'hand' is the card text of the hand, e.g. \"{example}\"")
    return hand


def read_advice_request(data: Any) -> dict[str, Any]:
    """The advice request checked and with the CLI's defaults filled in; MariasError for bad input
    (the CLI's own one-line messages where the CLI can say the same thing)."""
    hand = read_hand(data, ADVISE_KEYS, "marias advise", "hA hX hK ...")
    request: dict[str, Any] = {"hand": hand, "seat": _whole(data, "seat", 0, 0), "rules": _text(data, "rules") or "csm",
                               "seed": _whole(data, "seed", 0, 0), "actor": _whole(data, "actor", 0),
                               "talons": _whole(data, "talons", 2), "jobs": _whole(data, "jobs", 1)}
    for key in ("talon", "level", "defend", "trump", "side_suit", "where"):
        request[key] = _text(data, key)
    if request["where"] is not None:
        from analyzer.advice.where import parse_where

        parse_where(request["where"])  # a condition too large or unreadable is a 400, read in milliseconds
    worlds = data.get("worlds")
    if worlds is not None:
        worlds = parse_worlds(worlds)  # the CLI's reading of --worlds, its messages too
        if worlds == "all" or worlds > ADVISE_MAX_WORLDS:
            raise MariasError(f"the board advises with at most {ADVISE_MAX_WORLDS} worlds, not {worlds!r} "
                              "(marias advise has no such bound)")
    request["worlds"] = worlds
    known = data.get("known") or {}
    if not isinstance(known, dict) or any(k not in ("0", "1", "2") or not isinstance(v, str) for k, v in known.items()):
        raise MariasError("'known' maps a seat (\"0\", \"1\" or \"2\") to the cards known there, "
                          "e.g. {\"1\": \"hA bX\"}")
    request["known"] = {int(k): v for k, v in known.items()}
    all_discards = data.get("all_discards", False)
    if not isinstance(all_discards, bool):
        raise MariasError(f"'all_discards' is true or false, not {all_discards!r}")
    request["all_discards"] = all_discards
    return request


def advise_json(data: Any, progress: Callable[[float], None] | None = None) -> dict:
    """What ``marias advise --json`` prints for the advice request ``data`` (read_advice_request):
    the same choice of view as the CLI (analyzer/cli/advise.py), the same calls, the same seed."""
    from analyzer.advice import actor_view, bidder_view, defender_view, forehand_view
    from analyzer.advice.actor import read_cards

    r = read_advice_request(data)
    cards = read_cards(r["hand"], "the hand")
    worlds, seed = r["worlds"], r["seed"]
    jobs = min(r["jobs"] or ADVISE_MAX_THREADS, ADVISE_MAX_THREADS)
    if r["defend"] is not None:
        if r["actor"] is None:
            raise MariasError("--defend needs the actor's seat (--actor N)")
        advice = defender_view(cards, r["defend"], trump=r["trump"], side_suit=r["side_suit"], actor=r["actor"],
                               seat=r["seat"], rules=r["rules"], level=r["level"], worlds=worlds, where=r["where"],
                               seed=seed, jobs=jobs)
    elif len(cards) == 12 or r["talon"] is not None:
        advice = actor_view(cards, talon=r["talon"], seat=r["seat"], rules=r["rules"], level=r["level"],
                            trump=r["trump"], worlds=worlds, where=r["where"], known=r["known"], seed=seed, jobs=jobs,
                            all_discards=r["all_discards"], progress=progress)
    elif len(cards) == 7 and r["rules"] == "basic":
        per_deal = 16 if worlds is None else int(worlds)
        advice = forehand_view(cards, units=max(1, per_deal // 2), seed=seed, jobs=jobs, progress=progress)
    elif len(cards) == 10:
        if r["where"] is not None:
            raise MariasError("--where is not used before the talon (the bidder's view)")
        per_talon = 16 if worlds is None else int(worlds)
        advice = bidder_view(cards, seat=r["seat"], rules=r["rules"], talons=r["talons"],
                             units=max(1, per_talon // 2), seed=seed, jobs=jobs, progress=progress)
    else:
        raise MariasError(f"the hand holds {len(cards)} cards: give 12 (after the talon), 10 and --talon, "
                          "10 (before the talon, or with --defend) or 7 (--rules basic, trump choice)")
    return advice.to_json()


ADVISE_STEPS = 1000  # a job's progress: thousandths of the advice


def advise_work(data: Any) -> Callable[[Job], dict]:
    """A job giving advice as ``marias advise --json`` does. Its progress is in thousandths; the
    advice reports it between its stages (the defender's view only at its end), and a cancelled
    job stops at the next report."""
    read_advice_request(data)  # bad input is a 400 before a job is started

    def work(job: Job) -> dict:
        job.total = ADVISE_STEPS

        def progress(fraction: float) -> None:
            step = min(ADVISE_STEPS, int(fraction * ADVISE_STEPS))
            job.progress(max(0, step - job.done))

        result = advise_json(data, progress)
        job.progress(ADVISE_STEPS - job.done)  # raises JobCancelled if cancelled meanwhile
        return result
    return work


VIEW_WORLDS = 100  # the board's default worlds for single-dummy values (docs/single-dummy.md)
VIEW_MAX_WORLDS = 2000  # and the most it takes: a request answers within seconds


def view_worlds(value: Any) -> int | str:
    """The worlds a board's request asks for (a number or "all"), within VIEW_MAX_WORLDS."""
    worlds = parse_worlds(value)
    if worlds != "all" and worlds > VIEW_MAX_WORLDS:
        raise MariasError(f"worlds must be at most {VIEW_MAX_WORLDS} here, not {worlds}")
    return worlds


def view_seed(value: Any) -> int:
    """A board's request's seed (a deal's, a view's, a review's): a whole number >= 0."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
        raise MariasError(f"seed must be a whole number >= 0, not {value!r}")
    return value


def view_json(data: Any) -> dict:
    """The single-dummy values of the side to move on the board as ``seat`` sees the deal:
    ``{"position", "cards", "seat", "worlds", "seed"}`` as ``marias solve --view SEAT --json``
    answers them (``card_values`` None, with a note, when ``seat`` is not to move)."""
    from analyzer.single_dummy import single_dummy

    if not isinstance(data, dict) or "position" not in data or "seat" not in data:
        raise MariasError("the view request is an object with 'position', 'cards' and 'seat'")
    unknown = set(data) - {"position", "cards", "seat", "worlds", "seed"}
    if unknown:
        raise MariasError(f"unknown key {min(unknown)!r} in the view request")
    position = Position.from_json(data["position"])
    cards = data.get("cards") or []
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise MariasError("'cards' must be a list of card tokens")
    for card in cards:
        position = position.play(card)  # the history kept: what the players have seen
    seat = data["seat"]
    if isinstance(seat, bool) or seat not in (0, 1, 2):
        raise MariasError(f"seat must be 0, 1 or 2, not {seat!r}")
    worlds = view_worlds(data.get("worlds", VIEW_WORLDS))
    seed = view_seed(data.get("seed", 0))
    if position.tricks_left == 0 or position.to_move != seat:
        return {"view": seat, "to_move": None if position.tricks_left == 0 else position.to_move,
                "card_values": None, "note": f"seat {seat} is not to move"}
    return {**single_dummy(position, seat, worlds, seed).to_json(), "to_move": position.to_move}
