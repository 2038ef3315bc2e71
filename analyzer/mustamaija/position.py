"""A Mustamaija position: what the table shows, as a value with a JSON form and a one-line form.

The one-line form is ``key:value`` fields separated by spaces, in any order on input::

    trump:d hands:h2h3sQ/h4d2cA/- talon:- attacker:0 table:h9hX

``hands`` lists the seats' cards (``-`` for a seat that is out) separated by ``/``;
``talon`` is its cards top first (the turned trump card last), ``?N`` for N cards
whose order is unknown, ``-`` when empty; ``table`` is the attack waiting for the
defender (left out when the attacker is to play); ``defender`` may be given and is
checked; ``hand:N`` (default 5) is the size hands are drawn up to; ``maria:jk`` names
the joker variant's Maria (default the ♠Q); ``wedding:y`` is the wedding variant, whose
trump is ``trump:-`` until the first K+Q is declared.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from analyzer.errors import ArgumentError, NotationError, PositionError
from analyzer.mustamaija.cards import (
    JOKER,
    QUEEN_OF_SPADES,
    SPADES,
    SUITS,
    card_str,
    cards_of,
    mask_str,
    parse_card,
    parse_card_list,
    parse_cards,
    parse_suit,
)
from analyzer.mustamaija.rules import Rules, State, defender, in_game

MIN_PLAYERS, MAX_PLAYERS = 2, 6
_KEYS = ("trump", "hands", "talon", "attacker", "defender", "table", "hand", "maria", "wedding")


@dataclass(frozen=True)
class Position:
    """Hands (card masks, seats to the left), the talon (cards top first, or None when only
    its size is known), the trump suit (0-3), the attacker (-1 once the game is over), the
    attack on the table (0 when the attacker is to play), the size hands are drawn up to,
    the Maria card, and whether trumps are set by a wedding (then -1 until one is declared)."""

    hands: tuple[int, ...]
    trump: int
    attacker: int
    talon: tuple[int, ...] | None = ()
    talon_size: int = 0
    table: int = 0
    hand_size: int = 5
    maria: int = QUEEN_OF_SPADES
    wedding: bool = False

    def __post_init__(self) -> None:
        if self.talon is not None and self.talon_size != len(self.talon):
            object.__setattr__(self, "talon_size", len(self.talon))
        _check(self)

    # ------------------------------------------------------------------ views
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def rules(self) -> Rules:
        return Rules(self.trump, self.hand_size, self.maria, self.wedding)

    @property
    def known(self) -> bool:
        """Every card's place is known: the talon is empty or given in order."""
        return self.talon is not None

    @property
    def state(self) -> State:
        """The solver's tuple; a talon of unknown order cannot be one unless it is empty."""
        if self.talon is None:
            raise PositionError(f"the talon's order is unknown ({self.talon_size} cards); give its cards top first")
        return (self.hands, self.talon, self.attacker, self.table) + ((self.trump,) if self.wedding else ())

    @property
    def defender(self) -> int:
        """The seat that defends (-1 once the game is over)."""
        return defender(self._shape())

    @property
    def out(self) -> list[int]:
        """The seats without cards once the talon is empty."""
        if self.talon_size:
            return []
        return [seat for seat, hand in enumerate(self.hands) if not hand]

    @property
    def over(self) -> bool:
        return self.attacker < 0

    def _shape(self) -> State:
        talon = self.talon if self.talon is not None else (0,) * self.talon_size
        return (self.hands, talon, self.attacker, self.table)

    @classmethod
    def from_state(cls, state: State, rules: Rules) -> Position:
        return cls(hands=state[0], talon=state[1], attacker=state[2], table=state[3],
                   trump=state[4] if rules.wedding else rules.trump, hand_size=rules.hand_size, maria=rules.maria,
                   wedding=rules.wedding)

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": self.players,
            "hands": [[card_str(c) for c in cards_of(h)] for h in self.hands],
            "talon": None if self.talon is None else [card_str(c) for c in self.talon],
            "talon_size": self.talon_size,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "attacker": None if self.over else self.attacker,
            "defender": None if self.over else self.defender,
            "table": [card_str(c) for c in cards_of(self.table)],
            "out": self.out,
            "hand_size": self.hand_size,
            "maria": card_str(self.maria),
        }
        if self.wedding:
            data["wedding"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Position:
        if not isinstance(data, Mapping):
            raise ArgumentError(f"a position is a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"players", "hands", "talon", "talon_size", "trump", "attacker", "defender", "table",
                               "out", "hand_size", "maria", "wedding"}
        if unknown:
            raise PositionError(f"unknown position key(s): {', '.join(sorted(unknown))}")
        hands_raw = data.get("hands")
        if not isinstance(hands_raw, list) or not all(isinstance(h, (list, str)) for h in hands_raw):
            raise PositionError("'hands' must be a list of hands (each a list of cards or a string)")
        hands = tuple(_mask(h, "a hand") for h in hands_raw)
        if "players" in data and data["players"] != len(hands):
            raise PositionError(f"'players' is {data['players']!r} but {len(hands)} hands are given")
        talon_raw = data.get("talon", [])
        if talon_raw is None:
            talon, size = None, _whole(data.get("talon_size", 0), "talon_size")
        else:
            talon = tuple(_list(talon_raw, "the talon"))
            size = len(talon)
            if "talon_size" in data and data["talon_size"] != size:
                raise PositionError(f"'talon_size' is {data['talon_size']!r} but the talon lists {size} cards")
        wedding = data.get("wedding", False)
        if not isinstance(wedding, bool):
            raise PositionError(f"'wedding' must be true or false, not {wedding!r}")
        trump = -1 if wedding and data.get("trump") is None else _suit(data.get("trump"))
        attacker = data.get("attacker")
        if attacker is None:
            attacker = -1
        attacker = _seat(attacker, len(hands), "attacker", allow_none=True)
        position = cls(hands=hands, trump=trump, attacker=attacker, talon=talon, talon_size=size,
                       table=_mask(data.get("table", []), "the table"),
                       hand_size=_whole(data.get("hand_size", 5), "hand_size"),
                       maria=_maria(data.get("maria", "sQ")), wedding=wedding)
        if data.get("defender") is not None and data["defender"] != position.defender:
            raise PositionError(f"the defender is seat {position.defender}, not {data['defender']!r}")
        if "out" in data and data["out"] is not None and sorted(data["out"]) != position.out:
            raise PositionError(f"the seats out are {position.out}, not {data['out']!r}")
        return position

    # ------------------------------------------------------------------ one line
    def __str__(self) -> str:
        fields = [f"trump:{SUITS[self.trump] if self.trump >= 0 else '-'}", "hands:" + "/".join(mask_str(h) for h in self.hands)]
        if self.talon is None:
            fields.append(f"talon:?{self.talon_size}")
        else:
            fields.append("talon:" + ("".join(card_str(c) for c in self.talon) or "-"))
        if self.over:
            fields.append("attacker:-")
        else:
            fields.append(f"attacker:{self.attacker}")
            fields.append(f"defender:{self.defender}")
        if self.table:
            fields.append(f"table:{mask_str(self.table)}")
        if self.hand_size != 5:
            fields.append(f"hand:{self.hand_size}")
        if self.maria != QUEEN_OF_SPADES:
            fields.append(f"maria:{card_str(self.maria)}")
        if self.wedding:
            fields.append("wedding:y")
        return " ".join(fields)

    def __repr__(self) -> str:
        return f"Position.from_str({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Position:
        if not isinstance(text, str):
            raise ArgumentError(f"a one-line position is a string, not {type(text).__name__}")
        fields: dict[str, str] = {}
        for part in text.split():
            key, sep, value = part.partition(":")
            key = key.lower()
            if not sep or key not in _KEYS:
                raise NotationError(f"not a position field: {part!r} (fields are {', '.join(_KEYS)} as key:value)")
            if key in fields:
                raise NotationError(f"{key} given twice in {text!r}")
            fields[key] = value
        for key in ("trump", "hands", "attacker"):
            if key not in fields:
                raise NotationError(f"a position needs {key}: (e.g. trump:d hands:h2h3sQ/h4d2 attacker:0)")
        hands = tuple(parse_cards(h) for h in fields["hands"].split("/"))
        talon_text = fields.get("talon", "-")
        if talon_text.startswith("?"):
            talon, size = None, _whole(talon_text[1:], "the talon's size")
        else:
            talon = tuple(parse_card_list(talon_text))
            size = len(talon)
        attacker = -1 if fields["attacker"] in ("-", "") else _seat(fields["attacker"], len(hands), "attacker")
        wedding = fields.get("wedding", "n").lower()
        if wedding not in ("y", "n"):
            raise NotationError(f"wedding:y or wedding:n, not wedding:{fields['wedding']}")
        if fields["trump"] == "-" and wedding != "y":
            raise NotationError("trump:- (no trump yet) is the wedding variant's: add wedding:y")
        trump = -1 if fields["trump"] == "-" else parse_suit(fields["trump"])
        position = cls(hands=hands, trump=trump, attacker=attacker, talon=talon,
                       talon_size=size, table=parse_cards(fields.get("table", "-")),
                       hand_size=_whole(fields.get("hand", "5"), "hand"), maria=_maria(fields.get("maria", "sQ")),
                       wedding=wedding == "y")
        if "defender" in fields:
            given = -1 if fields["defender"] == "-" else _seat(fields["defender"], len(hands), "defender")
            if given != position.defender:
                raise PositionError(f"the defender is seat {position.defender}, not {fields['defender']!r}")
        return position


def parse_position(text: str) -> Position:
    """A position from its one-line form or its JSON text."""
    stripped = text.strip()
    if stripped.startswith("{"):
        import json

        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise NotationError(f"not valid JSON: {exc.msg} at column {exc.colno}") from None
        return Position.from_dict(data)
    return Position.from_str(stripped)


# ---------------------------------------------------------------------- checks
def _check(p: Position) -> None:
    n = len(p.hands)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PositionError(f"Mustamaija is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    if not (0 <= p.trump < 4 or p.wedding and p.trump == -1):
        raise PositionError(f"not a trump suit: {p.trump!r} (no trump, -1, only in the wedding variant)")
    if p.maria not in (QUEEN_OF_SPADES, JOKER):
        raise PositionError(f"the Maria is the ♠Q (sQ) or the joker (jk), not {card_str(p.maria)}")
    if p.trump == SPADES and p.maria != JOKER:
        raise PositionError("spades are never trumps (unless the joker is the Maria: maria:jk)")
    if p.hand_size < 1:
        raise PositionError(f"hands are drawn up to at least 1 card, not {p.hand_size}")
    if p.talon_size < 0:
        raise PositionError("the talon's size cannot be negative")
    seen = 0
    talon_mask = 0
    for card in p.talon or ():
        talon_mask |= 1 << card
    parts = [*p.hands, talon_mask, p.table]
    for part in parts:
        if seen & part:
            raise PositionError(f"{mask_str(seen & part, ' ')} in two places")
        seen |= part
    if seen >> JOKER & 1 and p.maria != JOKER:
        raise PositionError("the joker is in play only when it is the Maria (maria:jk)")
    if p.talon is not None and not seen >> p.maria & 1:
        raise PositionError(f"the Maria ({card_str(p.maria)}) must be in a hand, the talon or the attack: it never "
                            "leaves the game")
    shape = p._shape()
    if p.attacker < 0:
        if p.talon_size or sum(1 for h in p.hands if h) > 1 or p.table:
            raise PositionError("the game is over only when the talon is empty and at most one seat holds cards")
        return
    if not 0 <= p.attacker < n:
        raise PositionError(f"the attacker must be a seat 0-{n - 1}, not {p.attacker}")
    if not p.talon_size and not p.table and sum(1 for h in p.hands if h) <= 1:
        raise PositionError("the game is over (at most one seat holds cards): write attacker:-")
    if not p.table:
        if not in_game(shape, p.attacker):
            raise PositionError(f"seat {p.attacker} is out (no cards) and cannot attack")
    else:
        suits = {c // 13 for c in cards_of(p.table)}
        if len(suits) > 1:
            raise PositionError(f"an attack is of one suit, not {mask_str(p.table, ' ')}")
        if p.table >> p.maria & 1 and p.table != 1 << p.maria:
            raise PositionError(f"the Maria ({card_str(p.maria)}) attacks only alone")
    if defender(shape) < 0:
        raise PositionError("nobody is left to defend: the game is over (attacker:-)")
    if p.talon_size:
        short = [seat for seat, h in enumerate(p.hands) if h.bit_count() < p.hand_size]
        if short:
            raise PositionError(f"while the talon lasts every hand holds at least {p.hand_size} cards "
                                f"(seat {short[0]} holds {p.hands[short[0]].bit_count()})")


def _mask(value: Any, what: str) -> int:
    if isinstance(value, str):
        return parse_cards(value)
    mask = 0
    for card in _list(value, what):
        if mask >> card & 1:
            raise PositionError(f"{card_str(card)} twice in {what}")
        mask |= 1 << card
    return mask


def _list(value: Any, what: str) -> list[int]:
    if isinstance(value, str):
        return parse_card_list(value)
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{what} must be a list of card tokens like \"hX\"")
    cards = [parse_card(c) for c in value]
    if len(set(cards)) != len(cards):
        raise PositionError(f"a card twice in {what}")
    return cards


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise PositionError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, int) and value >= 0:
        return value
    raise PositionError(f"{what} must be a whole number, not {value!r}")


def _seat(value: Any, n: int, what: str, allow_none: bool = False) -> int:
    if allow_none and value == -1:
        return -1
    seat = _whole(value, what)
    if seat >= n:
        raise PositionError(f"{what} must be a seat 0-{n - 1}, not {value!r}")
    return seat


def _suit(value: Any) -> int:
    if not isinstance(value, str):
        raise PositionError(f"'trump' must be one of h d s c, not {value!r}")
    return parse_suit(value)


def _maria(value: Any) -> int:
    if not isinstance(value, str):
        raise PositionError(f"'maria' must be sQ or jk, not {value!r}")
    card = parse_card(value)
    if card not in (QUEEN_OF_SPADES, JOKER):
        raise PositionError(f"the Maria is sQ or jk, not {value!r}")
    return card

