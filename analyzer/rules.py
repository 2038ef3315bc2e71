"""Contracts, positions and the rules of play (RULES.md §2–4, docs/semantics.md).

A :class:`Position` is read from and written to the position JSON of the core
issue; reading it checks everything a position can get wrong and raises a
:class:`~analyzer.errors.PositionError` whose one-line message names the
problem.

>>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h",
...                           "contract": "game", "actor": 0})
>>> [str(c) for c in legal_cards(pos.hands[1], [Card.from_str("hA")], pos.trump, False)]
['h7']
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence

from analyzer.cards import MARRIAGE_LANE, NOTRUMP_ORDER, Card, CardSet, Rank, Suit, parse_cards
from analyzer.contract import MARRIAGE_RULES, RULE_SETS, Contract
from analyzer.errors import MariasError, PositionError
from analyzer.reading import canonical_json


def default_leader(contract: Contract, actor: int, rules: str) -> int:
    """Who leads to the first trick: forehand in the licitovaný rules (the actor in
    betl and durch), the actor in the basic game (RULES.md §3)."""
    if rules == "basic" or not contract.has_trumps:
        return actor
    return 0


def strength(card: Card, notrump: bool) -> int:
    """Rank of a card within its suit, 0 (seven) to 7 (ace), in the contract's order."""
    return NOTRUMP_ORDER.index(card.rank) if notrump else int(card.rank)


def _beats(a: Card, b: Card, trump: Suit | None, notrump: bool) -> bool:
    if a.suit == b.suit:
        return strength(a, notrump) > strength(b, notrump)
    return a.suit == trump


def trick_winner(trick: Sequence[Card], trump: Suit | None, notrump: bool) -> int:
    """Index within the trick of the card that wins it."""
    best = 0
    for i in range(1, len(trick)):
        if _beats(trick[i], trick[best], trump, notrump):
            best = i
    return best


def legal_cards(
    hand: CardSet,
    trick: Sequence[Card],
    trump: Suit | None,
    notrump: bool,
    announced: CardSet = CardSet(),
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (RULES.md §3)."""
    moves = list(hand)
    if trick:
        led = trick[0].suit
        follow = [c for c in hand if c.suit == led]
        trumps_in = [c for c in trick if c.suit == trump]
        if follow:
            trumped = led != trump and bool(trumps_in)
            top = max(strength(c, notrump) for c in trick if c.suit == led)
            higher = [c for c in follow if strength(c, notrump) > top]
            moves = higher if higher and not trumped else follow
        elif trump is not None and any(c.suit == trump for c in hand):
            trumps = [c for c in hand if c.suit == trump]
            top_trump = max((strength(c, notrump) for c in trumps_in), default=-1)
            higher = [c for c in trumps if strength(c, notrump) > top_trump]
            moves = higher or trumps
    if any(c in announced for c in moves) and any(c not in announced for c in moves):
        moves = [c for c in moves if c not in announced]
    return CardSet(moves)


def seven_of(suit: Suit) -> Card:
    return Card.make(suit, Rank.SEVEN)


@dataclass(frozen=True)
class Position:
    """A position to solve: the three hands, the contract and what play has done so far."""

    hands: tuple[CardSet, CardSet, CardSet]
    contract: Contract
    trump: Suit | None
    actor: int
    leader: int
    side_suit: Suit | None = None
    trick: tuple[Card, ...] = ()
    talon: CardSet = CardSet()
    score: tuple[int, int] = (0, 0)
    declared: tuple[tuple[Suit, ...], tuple[Suit, ...]] = ((), ())
    marriage_rule: str = "czech"
    rules: str = "csm"

    # --- derived facts --------------------------------------------------------

    @property
    def notrump(self) -> bool:
        return not self.contract.has_trumps

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    @property
    def tricks_left(self) -> int:
        return len(self.hands[self.to_move])

    def side(self, seat: int) -> int:
        """0 for the actor, 1 for a defender."""
        return 0 if seat == self.actor else 1

    @cached_property
    def announced(self) -> CardSet:
        """Cards that may be played only when nothing else is legal."""
        if self.trump is None:
            return CardSet()
        cards = []
        if self.contract.actor_seven or self.contract == Contract.SEVEN_AGAINST:
            cards.append(seven_of(self.trump))
        if self.contract.two_sevens and self.side_suit is not None:
            cards.append(seven_of(self.side_suit))
        return CardSet(cards)

    def holder(self, card: Card) -> int | None:
        """The seat holding ``card``, or that played it to the current trick."""
        for seat in range(3):
            if card in self.hands[seat]:
                return seat
        if card in self.trick:
            return (self.leader + self.trick.index(card)) % 3
        return None

    def held_marriages(self, seat: int) -> list[Suit]:
        """Suits in which ``seat`` still holds both the king and the over-knave."""
        if self.trump is None:
            return []
        mask = self.hands[seat].mask
        return [s for s in Suit if (mask >> (8 * s)) & MARRIAGE_LANE == MARRIAGE_LANE]

    def marriage_value(self, suit: Suit) -> int:
        return 40 if suit == self.trump else 20

    def legal_moves(self) -> CardSet:
        return legal_cards(self.hands[self.to_move], self.trick, self.trump, self.notrump, self.announced)

    def _repr_html_(self) -> str:
        """Jupyter's drawing of the hands (the renderer is imported when first drawn)."""
        from analyzer.display import html_position

        return html_position(self)

    # --- JSON -------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Any) -> "Position":
        """Read and check the position JSON (a dict). Raises PositionError or NotationError."""
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        data = canonical_json(data)  # lists, grouped hands, "none", Czech contract names
        unknown = set(data) - _JSON_KEYS
        if unknown:
            raise PositionError(f"unknown key {sorted(unknown)[0]!r} in position")
        hands_in = data.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != 3 or not all(isinstance(h, str) for h in hands_in):
            raise PositionError("'hands' must be a list of three strings of card tokens")
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
        actor = _seat(data.get("actor", 0), "actor")
        leader_in = data.get("leader")
        leader = default_leader(contract, actor, rules) if leader_in is None else _seat(leader_in, "leader")
        score_in = data.get("score") or {}
        if not isinstance(score_in, Mapping) or set(score_in) - {"actor", "defence"}:
            raise PositionError("'score' must be an object with 'actor' and 'defence'")
        score = (_points(score_in.get("actor", 0), "score.actor"), _points(score_in.get("defence", 0), "score.defence"))
        declared_in = data.get("marriages") or {}
        if not isinstance(declared_in, Mapping) or set(declared_in) - {"actor", "defence"}:
            raise PositionError("'marriages' must be an object with 'actor' and 'defence' suit letters")
        trick_in = data.get("trick") or []
        if isinstance(trick_in, str):
            trick_in = trick_in.split()
        talon_in = data.get("talon") or ""
        if not isinstance(talon_in, str):
            raise PositionError(f"'talon' must be a string of card tokens, not {talon_in!r}")
        position = cls(
            hands=tuple(CardSet.from_str(h) for h in hands_in),  # type: ignore[arg-type]
            contract=contract,
            trump=_suit_or_none(data.get("trump"), "trump"),
            actor=actor,
            leader=leader,
            side_suit=_suit_or_none(data.get("side_suit"), "side_suit"),
            trick=tuple(parse_cards(trick_in)),
            talon=CardSet.from_str(talon_in),
            score=score,
            declared=(_suits(declared_in.get("actor", "")), _suits(declared_in.get("defence", ""))),
            marriage_rule=marriage_rule,
            rules=rules,
        )
        position.check()
        return position

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hands": [str(h) for h in self.hands],
            "trump": self.trump.token if self.trump is not None else None,
            "contract": self.contract.value,
            "actor": self.actor,
            "leader": self.leader,
        }
        if self.side_suit is not None:
            out["side_suit"] = self.side_suit.token
        if self.trick:
            out["trick"] = [str(c) for c in self.trick]
        if self.talon:
            out["talon"] = str(self.talon)
        if self.score != (0, 0):
            out["score"] = {"actor": self.score[0], "defence": self.score[1]}
        if self.declared != ((), ()):
            out["marriages"] = {"actor": "".join(s.token for s in self.declared[0]),
                                "defence": "".join(s.token for s in self.declared[1])}
        if self.marriage_rule != "czech":
            out["marriage_rule"] = self.marriage_rule
        out["rules"] = self.rules
        return out

    def replace(self, **changes: Any) -> "Position":
        """A copy with some fields changed, checked again."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        data.update(changes)
        position = Position(**data)
        position.check()
        return position

    # --- checks -------------------------------------------------------------------

    def check(self) -> None:
        """Raise PositionError naming the first thing wrong with this position."""
        for name in ("actor", "leader"):  # a seat out of range must not reach the core
            _seat(getattr(self, name), name)
        seen = CardSet()
        places = [(f"hand {i}", h) for i, h in enumerate(self.hands)]
        places += [("the trick", CardSet(self.trick)), ("the talon", self.talon)]
        if len(set(self.trick)) != len(self.trick):
            raise PositionError(f"duplicate card in the trick {' '.join(map(str, self.trick))!r}")
        for name, cards in places:
            twice = seen & cards
            if twice:
                raise PositionError(f"card {next(iter(twice))} appears twice (again in {name})")
            seen = seen | cards
        if len(self.trick) > 2:
            raise PositionError("the current trick may hold at most 2 cards (a third completes it)")
        if len(self.talon) > 2:
            raise PositionError(f"the talon holds 2 cards, not {len(self.talon)}")
        self._check_sizes()
        self._check_contract()
        self._check_trick()

    def _check_sizes(self) -> None:
        for seat, hand in enumerate(self.hands):
            if len(hand) == 12:
                raise PositionError(f"hand {seat} holds 12 cards: lay away two cards first (to the talon)")
            if len(hand) > 10:
                raise PositionError(f"hand {seat} holds {len(hand)} cards; at most 10")
        # Each hand's size before this trick; the hand that differs from the other two is the one blamed
        # (with no two alike, the hand to move sets the size).
        before = [len(self.hands[(self.leader + k) % 3]) + (k < len(self.trick)) for k in range(3)]
        size = next((n for n in before if before.count(n) >= 2), before[len(self.trick) % 3])
        if self.trick and size == 0:
            raise PositionError("a trick is in progress but the player to move has no cards")
        for k in range(3):
            seat = (self.leader + k) % 3
            want = size - 1 if k < len(self.trick) else size
            if len(self.hands[seat]) != want:
                others = ", ".join(f"hand {s} {len(self.hands[s])}" for s in range(3) if s != seat)
                raise PositionError(
                    f"hand {seat} holds {len(self.hands[seat])} cards but should hold {want} "
                    f"({others}; {len(self.trick)} card(s) in the trick)"
                )

    def _check_contract(self) -> None:
        c = self.contract
        if c.has_trumps and self.trump is None:
            raise PositionError(f"contract {c.value!r} needs a trump suit")
        if not c.has_trumps and self.trump is not None:
            raise PositionError(f"{c.value} is played without trumps, but trump {self.trump.token!r} was given")
        if c.two_sevens:
            if self.side_suit is None:
                raise PositionError(f"{c.value} needs a side suit ('side_suit')")
            if self.side_suit == self.trump:
                raise PositionError(f"the side suit of {c.value} must differ from trump ({self.trump.token})")
        elif self.side_suit is not None:
            raise PositionError(f"a side suit is given only for two-sevens, not {c.value}")
        if self.trump is not None:
            seven = seven_of(self.trump)
            if c.actor_seven and self.holder(seven) != self.actor:
                raise PositionError(f"{c.value}: the actor (seat {self.actor}) does not hold the trump seven {seven}")
            if c == Contract.SEVEN_AGAINST and self.holder(seven) in (None, self.actor):
                raise PositionError(f"seven-against: no defender holds the trump seven {seven}")
        if c.two_sevens and self.side_suit is not None and self.holder(seven_of(self.side_suit)) != self.actor:
            raise PositionError(f"{c.value}: the actor does not hold the side-suit seven {seven_of(self.side_suit)}")
        for suits, who in zip(self.declared, ("actor", "defence")):
            if suits and self.trump is None:
                raise PositionError(f"marriages are declared only in contracts with trumps ({who})")

    def _check_trick(self) -> None:
        for i, card in enumerate(self.trick):
            seat = (self.leader + i) % 3
            before = self.hands[seat] | CardSet([card])
            allowed = legal_cards(before, self.trick[:i], self.trump, self.notrump, self.announced)
            if card not in allowed:
                raise PositionError(
                    f"the trick {' '.join(map(str, self.trick))!r} cannot have been played: "
                    f"seat {seat} had to play one of {allowed}, not {card}"
                )


_JSON_KEYS = {"hands", "trump", "contract", "side_suit", "actor", "leader", "trick", "talon", "score",
              "marriages", "marriage_rule", "rules"}


def _seat(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 2:
        raise PositionError(f"{name} must be a seat 0, 1 or 2, not {value!r}")
    return value


def _points(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{name} must be a whole number of points >= 0, not {value!r}")
    return value


def _suit_or_none(value: Any, name: str) -> Suit | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise PositionError(f"{name} must be a suit letter or null, not {value!r}")
    try:
        return Suit.from_str(value)
    except MariasError as exc:
        raise PositionError(f"{name}: {exc}") from None


def _suits(value: Any) -> tuple[Suit, ...]:
    if not isinstance(value, str):
        raise PositionError(f"declared marriages must be a string of suit letters, not {value!r}")
    return tuple(Suit.from_str(ch) for ch in value.replace(" ", ""))


def replay(position: Position, cards: Iterable[Card]) -> list[tuple[list[Card], int]]:
    """Play ``cards`` from ``position``, checking each is legal.

    Returns the completed tricks as (cards from the leader on, winning seat);
    a trick left incomplete at the end is not included. Raises PositionError
    at the first illegal card.
    """
    hands = list(position.hands)
    trick = list(position.trick)
    leader = position.leader
    done = []
    for card in cards:
        seat = (leader + len(trick)) % 3
        allowed = legal_cards(hands[seat], trick, position.trump, position.notrump, position.announced)
        if card not in allowed:
            raise PositionError(f"{card} is not legal for seat {seat} here (legal: {allowed})")
        hands[seat] = hands[seat] - CardSet([card])
        trick.append(card)
        if len(trick) == 3:
            winner = (leader + trick_winner(trick, position.trump, position.notrump)) % 3
            done.append((trick, winner))
            trick, leader = [], winner
    return done
