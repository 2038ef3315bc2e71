"""A position in one line of text, read back exactly (``Position.from_str``, ``str(position)``).

Fields, separated by spaces (docs/semantics.md, "One-line notation")::

    HANDS CONTRACT TRUMP ACTOR LEADER [key=value ...]

- ``HANDS``: one hand a seat, from seat 0, separated by ``/``: three hands for
  three players, four for four, two for two (the table is the number of hands);
  a hand is each suit's letter followed by its ranks, high to low (``hAXK`` +
  ``b7`` = ``hAXKb7``); ``-`` for an empty hand.
- ``CONTRACT``: its name (``game``, ``hundred-seven``, … or a Czech name);
  ``TRUMP``: a suit letter, ``-`` without trumps; ``ACTOR``, ``LEADER``: seats.
- optional, in this order when written: ``side=b`` (two-sevens), ``trick=hAh7``
  (cards in the order played), ``talon=aXl9``, ``score=60,20`` (actor, defence,
  in points), ``marriages=h,b`` (actor's suits, defence's; ``-`` for none),
  ``rule=over-first``, ``rules=basic``, ``played=hAh7h8,b7b8b9`` (completed
  tricks, each from its leader) and ``first=0`` (who led the first of them);
  four players: ``partner=hK`` (the called card), ``partner=2`` (a seat) or
  ``partner=wise`` (durch with the wise one); two players: ``stock=hAh7``
  (the cards still to draw, in drawing order) and ``variant=six``. ``rule=`` is
  written when the marriage rule is not the table's own (over-first for two
  players, Czech otherwise).

``str`` writes only the keys that differ from the defaults, so every position
has one canonical line, and ``from_str(str(p)) == p``.

>>> from analyzer.rules import Position
>>> p = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
>>> str(p)
'hAX/h7b7/h8b8 game h 0 0'
>>> Position.from_str("hX/h7b7/h8b8 game h 0 0 trick=hA") == p.play("hA")
True
>>> p.play("hA")
Position.from_str('hX/h7b7/h8b8 game h 0 0 trick=hA')
"""
from __future__ import annotations

from typing import Any

from analyzer.cards import RANK_TOKENS, SUIT_TOKENS, Card, CardSet, Suit
from analyzer.errors import NotationError
from analyzer.table import TABLES, table

# The optional keys, in the order they are written.
KEYS = ("side", "trick", "talon", "score", "marriages", "rule", "rules", "played", "first", "partner", "stock",
        "variant")


def hand_to_str(cards: CardSet) -> str:
    """``hAXKb7``: each suit's letter, then its ranks high to low; ``-`` when empty."""
    out = []
    for suit in Suit:
        ranks = "".join(c.rank.token for c in cards.suit(suit))
        if ranks:
            out.append(suit.token + ranks)
    return "".join(out) or "-"


def hand_from_str(text: str) -> CardSet:
    """Read ``hAXKb7`` (or ``-``). Raises NotationError quoting the text."""
    if text == "-":
        return CardSet()
    mask = 0
    suit = None
    for ch in text:
        if ch in SUIT_TOKENS:
            suit = SUIT_TOKENS.index(ch)
        elif ch in RANK_TOKENS and suit is not None:
            bit = 1 << (8 * suit + RANK_TOKENS.index(ch))
            if mask & bit:
                raise NotationError(f"card {SUIT_TOKENS[suit]}{ch} twice in hand {text!r}")
            mask |= bit
        else:
            raise NotationError(f"cannot read hand {text!r} (suit letters hbla, each followed by ranks 789UOKXA)")
    return CardSet(mask)


def cards_to_str(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards in order, two characters each: ``hAh7``."""
    return "".join(str(c) for c in cards)


def cards_from_str(text: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise NotationError(f"cannot read cards {text!r} (two characters a card: hAh7)")
    return tuple(Card.from_str(text[i:i + 2]) for i in range(0, len(text), 2))


def position_to_str(position: Any) -> str:
    """The canonical line of a Position."""
    p = position
    fields = ["/".join(hand_to_str(h) for h in p.hands), p.contract.value,
              p.trump.token if p.trump is not None else "-", str(p.actor), str(p.leader)]
    extra: dict[str, str] = {}
    if p.side_suit is not None:
        extra["side"] = p.side_suit.token
    if p.trick:
        extra["trick"] = cards_to_str(p.trick)
    if p.talon:
        extra["talon"] = hand_to_str(p.talon)
    if p.score != (0, 0):
        extra["score"] = f"{p.score[0]},{p.score[1]}"
    if p.declared != ((), ()):
        extra["marriages"] = ",".join("".join(s.token for s in d) or "-" for d in p.declared)
    if p.marriage_rule != p.table.marriage_rule:
        extra["rule"] = p.marriage_rule
    if p.rules != "csm":
        extra["rules"] = p.rules
    if p.played:
        extra["played"] = ",".join(cards_to_str(t) for t in p.played)
        extra["first"] = str(p.first_leader)
    if p.partner_named is not None:
        extra["partner"] = str(p.partner_named)
    if p.players == 2 and p.stock:
        extra["stock"] = cards_to_str(p.stock)
    if p.players == 2 and p.variant != "lizany":
        extra["variant"] = p.variant
    return " ".join(fields + [f"{k}={extra[k]}" for k in KEYS if k in extra])


def position_from_str(text: str, position: Any) -> Any:
    """Read a line written by :func:`position_to_str` (keys in any order) as the position JSON,
    which ``position.from_json`` (the class, :class:`~analyzer.rules.Position`) reads and checks.

    Raises NotationError for text that cannot be read, PositionError for a position
    that breaks the rules.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position line must be text, not {type(text).__name__}")
    parts = text.split()
    if len(parts) < 5:
        raise NotationError(f"a position line has at least 5 fields (hands contract trump actor leader): {text!r}")
    hands_text, contract, trump, actor, leader, *rest = parts
    hands = hands_text.split("/")
    players = len(hands)
    if players not in TABLES:  # the hands in a line are the players at the table
        raise NotationError(f"two, three or four hands separated by '/', not {hands_text!r}")
    extra: dict[str, str] = {}
    for item in rest:
        key, eq, value = item.partition("=")
        if not eq or key not in KEYS:
            raise NotationError(f"unknown field {item!r} (keys: {', '.join(KEYS)})")
        if key in extra:
            raise NotationError(f"field {key!r} given twice")
        extra[key] = value
    if players != 4 and "partner" in extra or players != 2 and ({"stock", "variant"} & set(extra)):
        key = "partner" if "partner" in extra else min({"stock", "variant"} & set(extra))
        raise NotationError(f"{key}= is given only with {'four' if key == 'partner' else 'two'} hands, "
                            f"not {TABLES[players].word}")
    data: dict[str, Any] = {
        "contract": contract,
        "trump": None if trump == "-" else trump,
        "actor": _seat(actor, "actor", players),
        "leader": _seat(leader, "leader", players),
        "rules": extra.get("rules", "csm"),
        "marriage_rule": extra.get("rule", table(players).marriage_rule),
    }
    if "side" in extra:
        data["side_suit"] = extra["side"]
    if "score" in extra:
        actor_points, comma, defence_points = extra["score"].partition(",")
        if not comma or not actor_points.isdigit() or not defence_points.isdigit():
            raise NotationError(f"score is two whole numbers of points 'actor,defence', not {extra['score']!r}")
        data["score"] = {"actor": int(actor_points), "defence": int(defence_points)}
    if "marriages" in extra:
        sides = extra["marriages"].split(",")
        if len(sides) != 2:
            raise NotationError(f"marriages are 'actor,defence' suit letters ('-' for none), not {extra['marriages']!r}")
        data["marriages"] = {"actor": sides[0].strip("-"), "defence": sides[1].strip("-")}
    if "played" in extra:
        data["played"] = [[str(c) for c in cards_from_str(t)] for t in extra["played"].split(",")]
    if "first" in extra:
        data["first_leader"] = _seat(extra["first"], "first", players)
    data.update(hands=[str(hand_from_str(h)) for h in hands],
                trick=[str(c) for c in cards_from_str(extra.get("trick", ""))],
                talon=str(hand_from_str(extra.get("talon", "-"))))
    if players != 3:
        data["players"] = players
    if "partner" in extra:
        data["partner"] = int(extra["partner"]) if extra["partner"].isdigit() else extra["partner"]
    if "stock" in extra:
        data["stock"] = [str(c) for c in cards_from_str(extra["stock"])]
    if "variant" in extra:
        data["variant"] = extra["variant"]
    return position.from_json(data)


def _seat(text: str, name: str, players: int = 3) -> int:
    if not (text.isdigit() and len(text) == 1 and int(text) < players):
        seats = ", ".join(map(str, range(players - 1))) + f" or {players - 1}"
        raise NotationError(f"{name} is a seat {seats}, not {text!r}")
    return int(text)
