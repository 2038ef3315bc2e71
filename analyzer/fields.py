"""The fields of the position JSON, read and checked one by one (the readers of every table use
them: :meth:`analyzer.rules.Position.from_json`, analyzer.variants, the claims). Raises
PositionError with a one-line message."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.cards import SHARP_MASK, Card, CardSet, Suit, parse_cards
from analyzer.contract import MARRIAGE_RULES, RULE_SETS, Contract
from analyzer.errors import MariasError, PositionError
from analyzer.laws import default_leader, trick_winner


def read_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """Every field of the position JSON but the hands, read and checked one by one (for
    ``Position.build``; the claims' reader uses it too). Raises PositionError."""
    unknown = set(data) - _JSON_KEYS
    if unknown:
        raise PositionError(f"unknown key {min(unknown)!r} in position")
    try:
        contract = Contract.parse(data.get("contract", "game"))
    except MariasError as exc:
        raise PositionError(str(exc)) from None
    rules = data.get("rules", "csm")
    if rules not in RULE_SETS:
        raise PositionError(f"unknown rule set {rules!r} (use {', '.join(RULE_SETS)})")
    marriage_rule = data.get("marriage_rule", "czech")
    if marriage_rule not in MARRIAGE_RULES:
        raise PositionError(f"unknown marriage rule {marriage_rule!r} (use {', '.join(MARRIAGE_RULES)})")
    actor = read_seat(data.get("actor", 0), "actor")
    leader_in = data.get("leader")
    leader = None if leader_in is None else read_seat(leader_in, "leader")
    score, declared_in = read_score(data)
    trick_in = data.get("trick") or []
    if isinstance(trick_in, str):
        trick_in = trick_in.split()
    talon_in = data.get("talon") or ""
    if not isinstance(talon_in, str):
        raise PositionError(f"'talon' must be a string of card tokens, not {talon_in!r}")
    played = read_played(data.get("played"))
    first_leader = data.get("first_leader")
    if first_leader is not None:
        first_leader = read_seat(first_leader, "first_leader")
        if not played:
            raise PositionError("'first_leader' needs 'played' (the tricks played from that lead)")
    elif played:
        first_leader = default_leader(contract, actor, rules)
    sharp_talon = data.get("sharp_talon", False)
    if not isinstance(sharp_talon, bool):
        raise PositionError(f"'sharp_talon' must be true or false, not {sharp_talon!r}")
    return {
        "contract": contract,
        "trump": suit_or_none(data.get("trump"), "trump"),
        "actor": actor,
        "leader": leader,
        "side_suit": suit_or_none(data.get("side_suit"), "side_suit"),
        "trick": tuple(parse_cards(trick_in)),
        "talon": CardSet.from_str(talon_in),
        "typed_score": score,
        "declared": (read_suits(declared_in.get("actor", "")), read_suits(declared_in.get("defence", ""))),
        "marriage_rule": marriage_rule,
        "rules": rules,
        "played": played,
        "first_leader": first_leader,
        "sharp_talon": sharp_talon,
    }


def check_talon_rule(seats: int, rules: str, contract: Contract, talon: CardSet, allowed: bool) -> None:
    """csm 7.2: no ace or ten is discarded to the talon in a game with trumps, unless ``allowed``
    (the position's ``"sharp_talon": true``, the command line's ``--sharp-talon``). Raises
    PositionError. The commands check their input so; the search takes any talon."""
    if seats != 3 or rules != "csm" or allowed or not contract.has_trumps:
        return
    if talon.mask & SHARP_MASK:
        raise PositionError(f"csm 7.2: an ace or ten cannot be discarded in a game with trumps (talon {talon}); "
                            "--sharp-talon (\"sharp_talon\": true) allows it")


def check_talon_json(data: Mapping[str, Any]) -> None:
    """:func:`check_talon_rule` on a position or claim JSON (canonical: analyzer.reading), before
    it is read; a field that does not read is left for the reader to name. Raises PositionError."""
    try:
        contract = Contract.parse(data.get("contract", "game"))
        talon = CardSet.from_str(data.get("talon") or "")
    except (MariasError, TypeError, AttributeError):
        return
    players = data.get("players", 3)
    check_talon_rule(players if isinstance(players, int) else 3, data.get("rules", "csm"), contract, talon,
                     data.get("sharp_talon") is True)


def history_leader(fields: Mapping[str, Any], seats: int = 3) -> int:
    """The leader of the current trick when none is given: the winner of the last played
    trick, or the rule set's first leader (``seats`` at the table: analyzer.variants)."""
    contract, actor, rules = fields["contract"], fields["actor"], fields.get("rules", "csm")
    if not fields.get("played"):
        return default_leader(contract, actor, rules)
    lead = fields["first_leader"]
    notrump = not contract.has_trumps
    for cards in fields["played"]:
        if len(cards) != seats:
            break  # the position's check names it
        lead = (lead + trick_winner(cards, fields.get("trump"), notrump)) % seats
    return lead


def read_played(value: Any, seats: int = 3) -> tuple[tuple[Card, ...], ...]:
    word = {2: "two", 3: "three", 4: "four"}.get(seats, str(seats))
    if value is None:
        return ()
    if not isinstance(value, list):
        raise PositionError(f"'played' must be a list of tricks, each a list of {word} cards from its leader")
    tricks = []
    for number, cards in enumerate(value, start=1):
        if not isinstance(cards, (list, str)):
            raise PositionError(f"played trick {number} must be a list of {word} cards, not {cards!r}")
        parsed = tuple(parse_cards(cards))
        if len(parsed) != seats:
            raise PositionError(f"played trick {number} has {len(parsed)} cards, not {seats}")
        tricks.append(parsed)
    return tuple(tricks)


_JSON_KEYS = {"hands", "trump", "contract", "side_suit", "actor", "leader", "trick", "talon", "score",
              "marriages", "marriage_rule", "rules", "played", "first_leader", "players",
              "sharp_talon"}


_SEATS = {3: "0, 1 or 2", 4: "0, 1, 2 or 3 with four players", 2: "0 or 1 with two players"}


def read_seat(value: Any, name: str, seats: int = 3) -> int:
    """A seat at a table of ``seats`` players. Raises PositionError."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise PositionError(f"{name} must be a seat {_SEATS[seats]}, not {value!r}")
    return value


def _points(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{name} must be a whole number of points >= 0, not {value!r}")
    return value


def read_score(data: Mapping[str, Any]) -> tuple[tuple[int, int] | None, Mapping[str, Any]]:
    """A position's ``score`` (None when not given) and its ``marriages`` object, checked."""
    score_in = data.get("score")
    if score_in is not None and (not isinstance(score_in, Mapping) or set(score_in) - {"actor", "defence"}):
        raise PositionError("'score' must be an object with 'actor' and 'defence'")
    score = None if score_in is None else (_points(score_in.get("actor", 0), "score.actor"),
                                           _points(score_in.get("defence", 0), "score.defence"))
    declared_in = data.get("marriages") or {}
    if not isinstance(declared_in, Mapping) or set(declared_in) - {"actor", "defence"}:
        raise PositionError("'marriages' must be an object with 'actor' and 'defence' suit letters")
    return score, declared_in


def suit_or_none(value: Any, name: str) -> Suit | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise PositionError(f"{name} must be a suit letter or null, not {value!r}")
    try:
        return Suit.from_str(value)
    except MariasError as exc:
        raise PositionError(f"{name}: {exc}") from None


def read_suits(value: Any) -> tuple[Suit, ...]:
    if not isinstance(value, str):
        raise PositionError(f"declared marriages must be a string of suit letters, not {value!r}")
    return tuple(Suit.from_str(ch) for ch in value.replace(" ", ""))
