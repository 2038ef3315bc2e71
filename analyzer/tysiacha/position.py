"""A Tysiacha position: three hands, the declarer and his bid, the trick under way, the trump
(or none), the marriages declared and by whom, the points taken, and (what the declarer has
seen) the widow and the two cards he passed (in order: to the seat after him, then to the
next). JSON and the one-line form read back what they
write.

One line::

    hA hX hK hO / bA bX b9 / lA lX a9 ; declarer=0 bid=120 leader=0 trick=- trump=h
        declared=0h taken=24,0,0 widow=- passed=-

Hands separated by ``/`` (``-`` for none), then ``key=value`` items, every one optional
(defaults: declarer 0, bid 100, the declarer leads, no trick, no trump, nothing declared or
taken). A move is a card token, with ``+`` when the lead declares its marriage (``hK+``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from analyzer.cards import Card, CardSet, Rank, Suit, parse_cards
from analyzer.errors import NotationError, PositionError
from analyzer.tysiacha.game import DECK, Rules, card_points, check_cards

Move = tuple[Card, bool]


def move_str(move: Move) -> str:
    return str(move[0]) + ("+" if move[1] else "")


def parse_move(text: str) -> Move:
    token = text.strip()
    declare = token.endswith("+")
    try:
        return Card.from_str(token[:-1] if declare else token), declare
    except NotationError:
        raise NotationError(f"unknown move {text!r} (a card token, + when the lead declares: hK+)") from None


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Does ``card`` take the trick from ``best`` (a card of the suit led, or a trump)?"""
    if card.suit == best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit == trump


def trick_winner(trick: list[Card] | tuple[Card, ...], trump: Suit | None) -> int:
    """The place in the trick of the card that takes it."""
    w = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[w], trump):
            w = i
    return w


@dataclass(frozen=True)
class Position:
    hands: tuple[CardSet, CardSet, CardSet]
    declarer: int = 0
    bid: int = 100
    leader: int | None = None
    trick: tuple[Card, ...] = ()
    trump: Suit | None = None
    declared: tuple[tuple[int, Suit], ...] = ()
    taken: tuple[int, int, int] = (0, 0, 0)
    widow: CardSet = field(default_factory=CardSet)
    passed: tuple[Card, ...] = ()  # to the seat after the declarer, then to the next

    def __post_init__(self) -> None:
        if self.leader is None:
            object.__setattr__(self, "leader", self.declarer)
        self.check()

    # --- what a position must satisfy -------------------------------------------------------
    def check(self) -> None:
        if len(self.hands) != 3:
            raise PositionError("Tysiacha has three hands")
        for name, value in (("declarer", self.declarer), ("leader", self.leader)):
            if value not in (0, 1, 2):
                raise PositionError(f"{name} must be a seat 0-2, not {value!r}")
        if not isinstance(self.bid, int) or not 0 <= self.bid <= 1000 or self.bid % 5:
            raise PositionError(f"the bid must be a multiple of 5 from 0 to 1000, not {self.bid!r}")
        if len(self.trick) > 2:
            raise PositionError("a trick under way holds at most two cards")
        seen = CardSet()
        for i, hand in enumerate(self.hands):
            check_cards(hand, f"hand {i}")
            if len(hand) > 8:
                raise PositionError(f"hand {i} holds {len(hand)} cards; at most 8")
            if seen & hand:
                raise PositionError(f"{next(iter(seen & hand))} is in two hands")
            seen |= hand
        for card in self.trick:
            check_cards(CardSet([card]), "the trick")
            if card in seen:
                raise PositionError(f"{card} is both in the trick and in a hand")
            seen |= CardSet([card])
        sizes = [len(h) for h in self.hands]
        to_move = self.to_move
        for k in range(3):
            seat = (self.leader + k) % 3  # type: ignore[operator]
            if sizes[seat] != sizes[to_move] - (k < len(self.trick)):
                raise PositionError(f"hand sizes {sizes} do not fit a trick of {len(self.trick)} led by seat "
                                    f"{self.leader}")
        if self.trick and sizes[to_move] == 0:
            raise PositionError("a trick under way but no cards to finish it")
        for seat, suit in self.declared:
            if seat not in (0, 1, 2):
                raise PositionError(f"a marriage declared by seat {seat!r}")
        if self.declared and self.trump != self.declared[-1][1]:
            raise PositionError("trumps are the suit of the last marriage declared")
        if len({s for _, s in self.declared}) != len(self.declared):
            raise PositionError("a marriage declared twice")
        if any(not isinstance(t, int) or t < 0 or t > 120 for t in self.taken) or sum(self.taken) > 120:
            raise PositionError(f"points taken {self.taken} out of range")
        if self.widow and len(self.widow) != 3:
            raise PositionError("the widow is three cards")
        if self.passed and (len(self.passed) != 2 or self.passed[0] == self.passed[1]):
            raise PositionError("the declarer passes two cards")
        check_cards(self.widow | CardSet(self.passed), "widow/passed")

    # --- derived ----------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3  # type: ignore[operator]

    @property
    def first(self) -> bool:
        """The hand's first trick: no trick played yet (every card still in hands or this trick)."""
        return sum(len(h) for h in self.hands) + len(self.trick) == len(DECK)

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def declarer_points(self, rules: Rules) -> int:
        """What the declarer holds so far: his trick points and his declared marriages."""
        return self.taken[self.declarer] + sum(rules.marriage(s) for seat, s in self.declared
                                               if seat == self.declarer)

    def legal_moves(self, rules: Rules | None = None) -> list[Move]:
        """Follow suit; void, trump if able; else any card. On lead, a marriage's K or O may be
        declared (not on the hand's first lead unless the rules allow)."""
        rules = rules or Rules()
        hand = self.hands[self.to_move]
        if not self.trick:
            moves: list[Move] = [(c, False) for c in hand]
            if not self.first or rules.any_lead:
                for c in hand:
                    if c.rank in (Rank.KING, Rank.OVER) and \
                            Card.make(c.suit, Rank.KING) in hand and Card.make(c.suit, Rank.OVER) in hand:
                        moves.append((c, True))
            return moves
        led = self.trick[0].suit
        best = self.trick[trick_winner(self.trick, self.trump)]
        follow = hand.suit(led)
        if follow:
            cards = list(follow)
            if rules.must_beat and best.suit == led:
                cards = [c for c in cards if beats(c, best, self.trump)] or cards
            return [(c, False) for c in cards]
        if self.trump is not None and hand.suit(self.trump):
            cards = list(hand.suit(self.trump))
            if rules.must_beat and best.suit == self.trump:
                cards = [c for c in cards if beats(c, best, self.trump)] or cards
            return [(c, False) for c in cards]
        return [(c, False) for c in hand]

    def play(self, move: Move | str, rules: Rules | None = None) -> Position:
        """The position after ``move`` (checked legal)."""
        rules = rules or Rules()
        if isinstance(move, str):
            move = parse_move(move)
        if move not in self.legal_moves(rules):
            raise PositionError(f"{move_str(move)} is not legal here")
        card, declare = move
        seat = self.to_move
        trump, declared = self.trump, self.declared
        if declare:
            trump, declared = card.suit, declared + ((seat, card.suit),)
        hands = list(self.hands)
        hands[seat] = hands[seat] - CardSet([card])
        trick = self.trick + (card,)
        if len(trick) < 3:
            return replace(self, hands=tuple(hands), trick=trick, trump=trump, declared=declared)
        winner = (self.leader + trick_winner(trick, trump)) % 3  # type: ignore[operator]
        taken = list(self.taken)
        taken[winner] += sum(card_points(c) for c in trick)
        return replace(self, hands=tuple(hands), trick=(), leader=winner, trump=trump, declared=declared,
                       taken=tuple(taken))

    # --- the C core's state -----------------------------------------------------------------
    def core_state(self) -> tuple:
        return (tuple(h.mask for h in self.hands), tuple(int(c) for c in self.trick), self.leader,
                -1 if self.trump is None else int(self.trump), int(self.first))

    # --- notation ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "tysiacha",
            "hands": [str(h) for h in self.hands],
            "declarer": self.declarer,
            "bid": self.bid,
            "leader": self.leader,
            "trick": [str(c) for c in self.trick],
            "trump": None if self.trump is None else self.trump.token,
            "declared": [[seat, s.token] for seat, s in self.declared],
            "taken": list(self.taken),
            "widow": str(self.widow),
            "passed": [str(c) for c in self.passed],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        if not isinstance(data, dict):
            raise NotationError("a Tysiacha position is a JSON object")
        known = {"game", "hands", "declarer", "bid", "leader", "trick", "trump", "declared", "taken", "widow",
                 "passed"}
        unknown = set(data) - known
        if unknown:
            raise NotationError(f"unknown field {min(unknown)!r} in a Tysiacha position")
        if data.get("game", "tysiacha") != "tysiacha":
            raise NotationError(f"not a Tysiacha position: game {data.get('game')!r}")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 3:
            raise NotationError("hands must be a list of three hands")
        try:
            declared = tuple((int(seat), Suit.from_str(s)) for seat, s in data.get("declared", []))
        except (TypeError, ValueError):
            raise NotationError("declared must be a list of [seat, suit] pairs") from None
        for key in ("declarer", "bid", "leader"):
            if key in data and data[key] is not None and (not isinstance(data[key], int) or
                                                          isinstance(data[key], bool)):
                raise NotationError(f"{key} must be a whole number, not {data[key]!r}")
        taken = data.get("taken", [0, 0, 0])
        if not isinstance(taken, list) or len(taken) != 3 or not all(isinstance(t, int) for t in taken):
            raise NotationError("taken must be three whole numbers")
        trump = data.get("trump")
        return cls(
            hands=tuple(CardSet.parse(h) for h in hands),  # type: ignore[arg-type]
            declarer=data.get("declarer", 0),
            bid=data.get("bid", 100),
            leader=data.get("leader"),
            trick=tuple(parse_cards(data.get("trick", []))),
            trump=None if trump in (None, "", "-") else Suit.from_str(str(trump)),
            declared=declared,
            taken=tuple(taken),  # type: ignore[arg-type]
            widow=CardSet.parse(data.get("widow", "")),
            passed=tuple(parse_cards(data.get("passed", []))),
        )

    def __str__(self) -> str:
        hands = " / ".join(str(h) or "-" for h in self.hands)
        items = [f"declarer={self.declarer}", f"bid={self.bid}", f"leader={self.leader}",
                 "trick=" + (",".join(str(c) for c in self.trick) or "-"),
                 "trump=" + ("-" if self.trump is None else self.trump.token),
                 "declared=" + (",".join(f"{seat}{s.token}" for seat, s in self.declared) or "-"),
                 "taken=" + ",".join(str(t) for t in self.taken),
                 "widow=" + (",".join(str(c) for c in self.widow) or "-"),
                 "passed=" + (",".join(str(c) for c in self.passed) or "-")]
        return f"{hands} ; {' '.join(items)}"


def parse_position(text: str) -> Position:
    """Read the one-line form (module docstring)."""
    hands_part, _, items_part = text.partition(";")
    hands = hands_part.split("/")
    if len(hands) != 3:
        raise NotationError("a Tysiacha position is three hands separated by '/'")
    data: dict[str, Any] = {"hands": [h.strip() for h in hands]}
    for item in items_part.split():
        key, eq, value = item.partition("=")
        if not eq:
            raise NotationError(f"expected key=value, not {item!r}")
        if key in ("declarer", "bid", "leader"):
            try:
                data[key] = int(value)
            except ValueError:
                raise NotationError(f"{key} must be a whole number, not {value!r}") from None
        elif key in ("trick", "widow", "passed"):
            data[key] = [] if value == "-" else value.split(",")
        elif key == "trump":
            data[key] = None if value == "-" else value
        elif key == "declared":
            pairs = []
            for token in ([] if value == "-" else value.split(",")):
                if len(token) != 2 or not token[0].isdigit():
                    raise NotationError(f"declared is seat and suit pairs such as 0h, not {token!r}")
                pairs.append([int(token[0]), token[1]])
            data[key] = pairs
        elif key == "taken":
            try:
                data[key] = [int(t) for t in value.split(",")]
            except ValueError:
                raise NotationError(f"taken must be three whole numbers, not {value!r}") from None
        else:
            raise NotationError(f"unknown item {key!r} in a Tysiacha position")
    if "widow" in data:
        data["widow"] = " ".join(data["widow"])
    return Position.from_dict(data)


def read_position(text: str) -> Position:
    """A position from its one-line form or its JSON text."""
    import json

    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            return Position.from_dict(json.loads(stripped))
        except json.JSONDecodeError as exc:
            raise NotationError(f"bad JSON: {exc.msg} at line {exc.lineno}") from None
    return parse_position(stripped)
