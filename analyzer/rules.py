"""Positions: the hands, the contract and what play has done so far (docs/rules.md §2–4,
docs/semantics.md); the laws of play are :mod:`analyzer.laws`, the JSON fields :mod:`analyzer.fields`.

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

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from analyzer.cards import MARRIAGE_LANE, Card, CardSet, Rank, Suit
from analyzer.contract import Contract
from analyzer.errors import PositionError
from analyzer.fields import (  # noqa: F401 (read_score and the rest: the names the readers import from here)
    history_leader,
    read_fields,
    read_played,
    read_score,
    read_seat,
    read_suits,
    suit_or_none,
)
from analyzer.laws import default_leader, legal_cards, seven_of, strength, trick_winner  # noqa: F401
from analyzer.notation import position_from_str, position_to_str
from analyzer.position_checks import PositionChecks
from analyzer.reading import canonical_json
from analyzer.stock import legal_moves as stock_legal_moves
from analyzer.stock import marriage_points as stock_marriage_points
from analyzer.stock import play_move
from analyzer.table import WISE_PARTNER, Table, table

# The JSON readers of the tables other than the three-player one, by the number of players: a table
# plugs in here (analyzer/variants.py registers four and two players), and Position.from_json
# hands it every position JSON with its "players" (the model never imports a table's module).
READERS: dict[int, Callable[[Mapping[str, Any]], Position]] = {}

_SUITS = tuple(Suit)  # looked up, not made (held_marriages runs at every node of the strict search)


def register_table(players: int, reader: Callable[[Mapping[str, Any]], Position]) -> None:
    """Read position JSON with ``"players": players`` by ``reader`` (a table's own reader)."""
    READERS[players] = reader


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@dataclass(frozen=True)
class Position(PositionChecks):
    """A position to solve: the hands, the contract and what play has done so far, at a table
    of ``seats`` players (:mod:`analyzer.table`: three, four, or two after or with the stock).

    ``score`` and ``declared`` are the totals so far (points taken, marriages
    declared). ``played`` holds the tricks completed since the position's
    history began (each from its leader; ``first_leader`` led the first), and
    the history goes on with the cards of the current ``trick``. Playing forward
    derives the score and the marriages from the cards (:meth:`play`), and
    :meth:`undo` takes the last card back, as python-chess's push and pop:

    >>> pos = Position.from_json({"hands": ["hA hX", "h7 b7", "h8 b8"], "trump": "h", "contract": "game"})
    >>> after = pos.play("hX").play("h7").play("h8")
    >>> after.score, after.leader, after.undo().trick == (Card.from_str("hX"), Card.from_str("h7"))
    ((10, 0), 0, True)
    """

    hands: tuple[CardSet, ...]  # one a seat, from seat 0
    contract: Contract
    trump: Suit | None
    actor: int
    leader: int
    side_suit: Suit | None = None
    trick: tuple[Card, ...] = ()
    talon: CardSet = CardSet()  # noqa: RUF009 (CardSet is immutable)
    score: tuple[int, int] = (0, 0)
    declared: tuple[tuple[Suit, ...], tuple[Suit, ...]] = ((), ())
    marriage_rule: str = "czech"
    rules: str = "csm"
    played: tuple[tuple[Card, ...], ...] = ()
    first_leader: int | None = None
    # Sharp cards (aces, tens) in the talon allowed where the rules forbid discarding them (csm 7.2):
    # the commands refuse such a talon without it (check_talon_rule); the search takes any talon.
    sharp_talon: bool = False
    # The table's own fields: four players' partnership, two players' stock (analyzer/variants.py
    # reads them from the JSON, analyzer/stock.py plays the stock).
    partner: int | None = None  # the partner's seat; None: the actor alone
    called: Card | None = None  # the called card the partner was found by, when given so
    seats: int = 3
    # Durch with the wise one ("partner": "wise"): the actor alone must take every trick but the
    # last, whose winner becomes his partner (the actor himself: alone); docs/rules.md §8.
    wise: bool = False
    stock: tuple[Card, ...] = ()  # two players: the cards still to draw, in drawing order
    variant: str = "lizany"  # two players: "lizany" (eight each) or "six" (analyzer/stock.py)

    def __post_init__(self) -> None:
        # One order for the declared suits, so that equal positions compare equal.
        object.__setattr__(self, "declared", tuple(tuple(sorted(Suit(s) for s in d)) for d in self.declared))

    # --- derived facts --------------------------------------------------------

    @property
    def notrump(self) -> bool:
        return not self.contract.has_trumps

    @property
    def table(self) -> Table:
        """The table this position is played at (its seats, hand size, contracts, ...)."""
        return table(self.seats)

    @property
    def players(self) -> int:
        """Seats at the table: 3, 4, or 2."""
        return self.seats

    @property
    def in_stock(self) -> bool:
        """Is the stock still to draw (two players: the rules of analyzer/stock.py in force)?"""
        return bool(self.stock)

    @property
    def team(self) -> frozenset[int]:
        """The seats that play with the actor, the actor included."""
        return frozenset((self.actor,) if self.partner is None else (self.actor, self.partner))

    @property
    def free_tricks(self) -> int:
        """Tricks at the end that the durch goal does not count (1: durch with the wise one; 0 for
        every other game)."""
        return 1 if self.wise else 0

    @property
    def team_mask(self) -> int:
        """``team`` as the core's bit mask, a bit per seat."""
        return sum(1 << seat for seat in self.team)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    @property
    def tricks_left(self) -> int:
        return len(self.hands[self.to_move]) + len(self.stock) // 2

    def side(self, seat: int) -> int:
        """0 for the actor's side (the actor, and with four players his partner), 1 for the defence."""
        return 0 if seat == self.actor or seat == self.partner else 1

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
        for seat in range(self.seats):
            if card in self.hands[seat]:
                return seat
        if card in self.trick:
            return (self.leader + self.trick.index(card)) % self.seats
        return None

    def held_marriages(self, seat: int) -> list[Suit]:
        """Suits in which ``seat`` still holds both the king and the over-knave."""
        if self.trump is None:
            return []
        mask = self.hands[seat].mask
        return [_SUITS[s] for s in range(4) if (mask >> (8 * s)) & MARRIAGE_LANE == MARRIAGE_LANE]

    def marriage_value(self, suit: Suit) -> int:
        if self.stock:  # declared while the stock lasts (20 in the six-card variant)
            return stock_marriage_points(self, suit)
        return 40 if suit == self.trump else 20

    def legal_moves(self) -> CardSet:
        if self.stock:
            return CardSet([m for m in stock_legal_moves(self) if isinstance(m, Card)])
        return legal_cards(self.hands[self.to_move], self.trick, self.trump, self.notrump, self.announced)

    def found_partner(self, last_winner: int) -> int | None:
        """Durch with the wise one: the partner the last trick's winner makes (None: the actor
        took it himself and is alone against three)."""
        return None if last_winner == self.actor else last_winner

    # --- playing forward and back ---------------------------------------------------

    def declares(self, card: Card) -> Suit | None:
        """The suit of the marriage that playing ``card`` now declares, if any.

        Czech rule: a king or over-knave played while its holder keeps the other;
        over-first rule: only the over-knave, the king kept (docs/semantics.md).
        """
        if self.trump is None or card.rank not in (Rank.KING, Rank.OVER):
            return None
        if self.marriage_rule == "over-first" and card.rank != Rank.OVER:
            return None
        partner = Card.make(card.suit, Rank.KING if card.rank == Rank.OVER else Rank.OVER)
        return card.suit if partner in self.hands[self.to_move] else None

    def check_play(self, card: Card | str) -> None:
        """Raise PositionError, in one line, if ``card`` (a Card or a token) may not be played now."""
        seat = self.to_move
        if isinstance(card, str):
            card = Card.from_str(card)
        if not isinstance(card, Card):
            raise PositionError(f"play() takes a Card or a card token, not {card!r}")
        if not self.hands[seat]:
            raise PositionError(f"no card can be played: the hands are empty (the play is over), not {card}")
        if card not in self.hands[seat]:
            raise PositionError(f"seat {seat} cannot play {card}: it is not in the hand ({self.hands[seat]})")
        allowed = self.legal_moves()
        if card not in allowed:
            raise PositionError(f"seat {seat} cannot play {card} here: the legal cards are {allowed}")

    def play(self, card: Card | str, check: bool = True, history: bool = True) -> Position:
        """The position after the player to move plays ``card``: the one way a card is played
        (the review, the board, the strict search and the solver's lines all come here).

        A completed trick goes to ``played`` (``history=False``: the history is forgotten,
        the position starting afresh, as the strict search, the review and the board keep
        their positions), its card points (and 10 for the last trick) to the winner's side; a
        marriage that the card declares (:meth:`declares`) goes to ``declared`` and its points
        to the side's ``score``. ``check=False`` skips the legality check (PositionError), for
        callers that play only legal cards.
        """
        if self.stock:  # two players drawing from the stock (analyzer/stock.py, checked there)
            return play_move(self, card)
        if isinstance(card, str):
            card = Card.from_str(card)
        if check:
            self.check_play(card)
        return self._after(card, history)

    def _after(self, card: Card, history: bool = True) -> Position:
        seat = self.to_move
        hands = list(self.hands)
        hands[seat] = hands[seat] - CardSet([card])
        score = list(self.score)
        declared = [list(d) for d in self.declared]
        suit = self.declares(card)
        if suit is not None:
            declared[self.side(seat)].append(suit)
            score[self.side(seat)] += self.marriage_value(suit)
        trick = self.trick + (card,)
        changes: dict[str, Any] = {"hands": tuple(hands), "trick": trick}
        if len(trick) == self.players:
            winner = (self.leader + trick_winner(trick, self.trump, self.notrump)) % self.players
            last = not any(hands)
            score[self.side(winner)] += sum(c.points for c in trick) + (10 if last else 0)
            if history:
                changes.update(played=self.played + (trick,),
                               first_leader=self.leader if not self.played else self.first_leader)
            changes.update(trick=(), leader=winner)
        if not history:
            changes.update(played=(), first_leader=None)
        changes.update(score=tuple(score), declared=tuple(tuple(sorted(d)) for d in declared))
        return self.replace_unchecked(**changes)

    def undo(self) -> Position:
        """The position before the last card of the history (the last of the trick, else of
        ``played``). Raises PositionError when there is none."""
        if self.trick:
            card, trick, leader = self.trick[-1], self.trick[:-1], self.leader
            played, first_leader = self.played, self.first_leader
        elif self.played:
            card, trick, leader = self.played[-1][-1], self.played[-1][:-1], self.trick_leaders()[-1]
            played = self.played[:-1]
            first_leader = self.first_leader if played else None
        else:
            raise PositionError("nothing to undo: no card of this position's history is known "
                                "(no played tricks, no cards in the trick)")
        seat = (leader + len(trick)) % self.players
        hands = list(self.hands)
        hands[seat] = hands[seat] | CardSet([card])
        before = dataclasses.replace(self, hands=tuple(hands), trick=trick, leader=leader, played=played,
                                     first_leader=first_leader)
        # What the card brought is a function of the position before it: take exactly that back.
        gain = dataclasses.replace(before, score=(0, 0), declared=((), ()))._after(card)
        score = tuple(s - g for s, g in zip(self.score, gain.score))
        declared = tuple(tuple(s for s in d if s not in g) for d, g in zip(self.declared, gain.declared))
        return dataclasses.replace(before, score=score, declared=declared)

    def trick_leaders(self) -> list[int]:
        """The seat that led each trick of ``played``."""
        leaders = []
        lead = self.first_leader
        for cards in self.played:
            leaders.append(lead)
            lead = (lead + trick_winner(cards, self.trump, self.notrump)) % self.players
        return leaders

    def start(self) -> Position:
        """The position where the history began: every card of ``played`` and the trick taken back."""
        position = self
        while position.trick or position.played:
            position = position.undo()
        return position

    @cached_property
    def _history_facts(self) -> tuple[tuple[int, int], tuple[tuple[Suit, ...], tuple[Suit, ...]]]:
        return self._replay_history()

    def _history(self) -> tuple[tuple[int, int], tuple[tuple[Suit, ...], tuple[Suit, ...]]]:
        """Replay the history from its start, checking every card; return what it brought:
        (trick points per side, marriages declared per side)."""
        return self._history_facts

    def _replay_history(self) -> tuple[tuple[int, int], tuple[tuple[Suit, ...], tuple[Suit, ...]]]:
        hands = [set(h) for h in self.hands]
        plays: list[tuple[int, Card, int]] = []  # (seat, card, index of its trick; -1: the current one)
        for index, (lead, cards) in enumerate(zip(self.trick_leaders(), self.played)):
            plays += [((lead + i) % self.players, card, index) for i, card in enumerate(cards)]
        plays += [((self.leader + i) % self.players, card, -1) for i, card in enumerate(self.trick)]
        for seat, card, _ in plays:
            hands[seat].add(card)
        bare = dataclasses.replace(self, hands=tuple(CardSet(h) for h in hands), trick=(), played=(),
                                   first_leader=None, leader=self.first_leader if self.played else self.leader,
                                   score=(0, 0), declared=((), ()))
        position = bare
        for seat, card, index in plays:
            allowed = position.legal_moves()
            if card not in allowed:
                where = "the trick" if index < 0 else f"played trick {index + 1}"
                cards = self.trick if index < 0 else self.played[index]
                raise PositionError(f"{where} {' '.join(map(str, cards))!r} cannot have been played: "
                                    f"seat {seat} had to play one of {allowed}, not {card}")
            position = position._after(card)
        trick_points = tuple(position.score[side] - sum(map(position.marriage_value, position.declared[side]))
                             for side in (0, 1))
        return trick_points, position.declared  # type: ignore[return-value]

    # --- text ---------------------------------------------------------------------

    @classmethod
    def from_str(cls, text: str) -> Position:
        """Read the one-line notation of :mod:`analyzer.notation`. Raises NotationError or PositionError."""
        return position_from_str(text, cls)

    def __str__(self) -> str:
        return position_to_str(self)

    def __repr__(self) -> str:
        return f"Position.from_str({str(self)!r})"

    def _repr_html_(self) -> str:
        """Jupyter's drawing of the hands (the renderer is imported when first drawn)."""
        from analyzer.display import html_position

        return html_position(self)

    # --- JSON -------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read and check the position JSON (a dict). Raises PositionError or NotationError.

        The marriages that the history declares (``played`` and the current trick)
        are derived and added with their points when ``marriages`` does not list them
        (docs/semantics.md, "Declared marriages").
        """
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        data = canonical_json(data)  # lists, grouped hands, "none", Czech contract names
        players = data.get("players", 3)
        if players != 3:
            # four players, or two after the stock: the reader their table registered (analyzer/variants.py)
            reader = READERS.get(players) if isinstance(players, int) and not isinstance(players, bool) else None
            if reader is None:
                tables = sorted({3, *READERS})
                allowed = ", ".join(map(str, tables[:-1])) + f" or {tables[-1]}"
                raise PositionError(f"\"players\" must be {allowed}, not {players!r}")
            return reader(data)
        if "partner" in data:
            raise PositionError("'partner' is given only with four players (\"players\": 4)")
        hands_in = data.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != 3 or not all(isinstance(h, str) for h in hands_in):
            raise PositionError("'hands' must be a list of three strings of card tokens")
        fields = read_fields(data)
        hands = tuple(CardSet.from_str(h) for h in hands_in)
        return cls.build(hands=hands, **fields)

    @classmethod
    def build(cls, *, typed_score: tuple[int, int] | None = None, **fields: Any) -> Position:
        """A checked position from its fields, with what its history declares added.

        ``typed_score`` is the score as given (None: not given, so the history's own);
        the leader, when None, is the history's (or the rule set's first leader).
        """
        if fields.get("leader") is None:
            fields["leader"] = history_leader(fields)
        position = cls(**fields)
        position._check_cards()  # the history can be replayed only once its cards are sound
        trick_points, marriages = position._history()
        declared = [list(d) for d in position.declared]
        score = list(typed_score if typed_score is not None else trick_points)
        for side in (0, 1):
            for suit in marriages[side]:
                if suit not in declared[side]:
                    declared[side].append(suit)
                    score[side] += position.marriage_value(suit)
        facts = position._history_facts
        position = dataclasses.replace(position, score=tuple(score), declared=tuple(tuple(d) for d in declared))
        position.__dict__["_history_facts"] = facts  # the same history: replayed once
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
        if self.sharp_talon:
            out["sharp_talon"] = True
        if self.played:
            out["played"] = [[str(c) for c in cards] for cards in self.played]
            out["first_leader"] = self.first_leader
        if self.seats == 3:
            return out
        out = {"players": self.seats, **out}
        if self.table.stock:
            out["marriage_rule"] = self.marriage_rule  # its default differs from three players'
            if self.stock:
                out["stock"] = " ".join(map(str, self.stock))
            if self.variant != "lizany":
                out["variant"] = self.variant
        if self.partner_named is not None:
            out["partner"] = self.partner_named
        return out

    @property
    def partner_named(self) -> int | str | None:
        """The partner as the JSON and the one-line notation name him: ``"wise"`` (durch with the
        wise one), the called card, or his seat; None when there is none."""
        if self.wise:
            return WISE_PARTNER
        if self.called is not None:
            return str(self.called)
        return self.partner

    def replace(self, **changes: Any) -> Position:
        """A copy with some fields changed, checked again (nothing derived: the fields as given)."""
        position = dataclasses.replace(self, **changes)
        position.check()
        return position

    def replace_unchecked(self, **changes: Any) -> Position:
        """A copy with some fields changed, neither checked nor put in order (``declared``
        must be sorted): for play and the searches, which build thousands of positions they
        know to be valid (``dataclasses.replace`` costs ten times more). Of what is derived,
        only the announced sevens are kept, where the contract's fields stay as they were."""
        cls = type(self)  # analyzer.variants.VariantPosition keeps its seats and partner
        out = object.__new__(cls)
        fields = out.__dict__
        for name in _field_names(cls):
            fields[name] = changes.pop(name) if name in changes else self.__dict__[name]
        if changes:
            raise TypeError(f"no such fields: {', '.join(changes)}")
        mine = self.__dict__
        if ("announced" in mine and fields["contract"] is mine["contract"] and fields["trump"] is mine["trump"]
                and fields["side_suit"] is mine["side_suit"]):
            fields["announced"] = mine["announced"]
        return out

    # --- checks -------------------------------------------------------------------

    def check(self) -> None:
        """Raise PositionError naming the first thing wrong with this position."""
        self._check_cards()
        trick_points, marriages = self._history()  # every card of the history legal when played
        self._check_marriages(trick_points, marriages)

def replay(position: Position, cards: Iterable[Card]) -> list[tuple[list[Card], int]]:
    """Play ``cards`` from ``position`` with :meth:`Position.play` (so each is checked).

    Returns the completed tricks as (cards from the leader on, winning seat);
    a trick left incomplete at the end is not included. Raises PositionError
    at the first illegal card.
    """
    done = []
    for card in cards:
        position = position.play(card)
        if not position.trick:
            done.append((list(position.played[-1]), position.leader))
    return done
