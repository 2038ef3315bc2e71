"""What a position must satisfy to be searched: its cards, sizes, history, contract and declared
marriages, for every table (docs/semantics.md). :class:`~analyzer.rules.Position` has these
checks from :class:`PositionChecks`; each raises PositionError with a one-line message that
names the first thing wrong."""
from __future__ import annotations

from analyzer.cards import Card, CardSet, Rank, Suit
from analyzer.contract import Contract
from analyzer.errors import PositionError
from analyzer.fields import check_talon_rule, read_seat
from analyzer.laws import seven_of, trick_winner
from analyzer.stock import HAND_SIZE, check_stock, check_stock_score
from analyzer.table import ALONE


class PositionChecks:
    """The checks of a position (a mixin of :class:`~analyzer.rules.Position`, whose fields and
    history it reads)."""

    def _check_cards(self) -> None:
        """Everything but the history's play and the marriages: cards, sizes, the contract."""
        if self.seats != 3:
            self._check_table_cards()
            return
        self._check_seats()
        self._check_history_shape()
        self._check_each_card_once()
        if len(self.trick) > 2:
            raise PositionError("the current trick may hold at most 2 cards (a third completes it)")
        if len(self.talon) > 2:
            raise PositionError(f"the talon holds 2 cards, not {len(self.talon)}")
        self._check_sizes()
        self._check_contract()
        self._check_leader()

    def check_talon_rule(self) -> None:
        """csm 7.2 (:func:`analyzer.fields.check_talon_rule`): the commands check their input with
        it; the search itself takes any talon (it counts a sharp talon for the defence)."""
        check_talon_rule(self.seats, self.rules, self.contract, self.talon, self.sharp_talon)

    def _check_seats(self) -> None:
        for name in ("actor", "leader"):  # a seat out of range must not reach the core
            read_seat(getattr(self, name), name, self.seats)

    def _check_each_card_once(self) -> None:
        if len(set(self.trick)) != len(self.trick):
            raise PositionError(f"duplicate card in the trick {' '.join(map(str, self.trick))!r}")
        seen = CardSet()
        places = [(f"hand {i}", h) for i, h in enumerate(self.hands)]
        places += [("the trick", CardSet(self.trick)), ("the talon", self.talon)]
        places += [(f"played trick {i + 1}", CardSet(cards)) for i, cards in enumerate(self.played)]
        for name, cards in places:
            twice = seen & cards
            if twice:
                raise PositionError(f"card {next(iter(twice))} appears twice (again in {name})")
            seen = seen | cards

    def _check_leader(self) -> None:
        """The leader is the last played trick's winner."""
        if self.played:
            last = (self.trick_leaders()[-1] + trick_winner(self.played[-1], self.trump, self.notrump)) % self.seats
            if last != self.leader:
                raise PositionError(f"leader is seat {self.leader} but the played tricks give the lead to seat {last}")

    def _check_history_shape(self) -> None:
        n = self.seats
        for number, cards in enumerate(self.played, start=1):
            if len(cards) != n:
                raise PositionError(f"played trick {number} has {len(cards)} cards, not {n}")
            if len(set(cards)) != n:
                raise PositionError(f"duplicate card in played trick {number} {' '.join(map(str, cards))!r}")
        if bool(self.played) != (self.first_leader is not None):
            raise PositionError("first_leader (who led the first played trick) goes with played tricks, and only then")
        if self.first_leader is not None:
            read_seat(self.first_leader, "first_leader", n)

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
        if size + len(self.played) > 10:
            raise PositionError(f"the hands held {size + len(self.played)} cards before the {len(self.played)} "
                                "played tricks; at most 10")
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
            if c.actor_seven and self._owner(seven) != self.actor:
                raise PositionError(f"{c.value}: the actor (seat {self.actor}) does not hold the trump seven {seven}")
            if c == Contract.SEVEN_AGAINST and self._owner(seven) in (None, self.actor):
                raise PositionError(f"seven-against: no defender holds the trump seven {seven}")
        if c.two_sevens and self.side_suit is not None and self._owner(seven_of(self.side_suit)) != self.actor:
            raise PositionError(f"{c.value}: the actor does not hold the side-suit seven {seven_of(self.side_suit)}")

    def _owner(self, card: Card) -> int | None:
        """Who held ``card`` when the history began (holds it, or played it in the history)."""
        seat = self._in_hand(card)
        return seat if seat is not None else self._played_by(card)

    def _check_marriages(self, trick_points: tuple[int, int], derived: tuple[tuple[Suit, ...], ...]) -> None:
        """Refuse declared marriages that cannot have been declared (docs/semantics.md)."""
        who = ("actor", "defence")
        for side, suits in enumerate(self.declared):
            if suits and self.trump is None:
                raise PositionError(f"marriages are declared only in contracts with trumps ({who[side]})")
            for suit in set(suits):
                if suits.count(suit) > 1:
                    raise PositionError(f"marriage {suit.token} is declared twice by the {who[side]}")
                if suit in self.declared[1 - side]:
                    raise PositionError(f"marriage {suit.token} is declared by both the actor and the defence")
        history = CardSet(self.trick) | CardSet(c for cards in self.played for c in cards)
        for side, suits in enumerate(self.declared):
            for suit in suits:
                king, over = Card.make(suit, Rank.KING), Card.make(suit, Rank.OVER)
                name = f"marriage {suit.token} declared by the {who[side]}"
                held = [s for s in (self._in_hand(king), self._in_hand(over)) if s is not None]
                if king in self.talon or over in self.talon:
                    raise PositionError(f"{name}: its {'king' if king in self.talon else 'over-knave'} is in the talon")
                if len(held) == 2:
                    where = f"in hand {held[0]}" if held[0] == held[1] else f"in hands {held[0]} and {held[1]}"
                    raise PositionError(f"{name}: {king} and {over} are both still held ({where}); "
                                        "it is declared when one of them is played")
                if held and self.side(held[0]) != side:
                    raise PositionError(f"{name}: seat {held[0]}, of the other side, holds "
                                        f"{king if self._in_hand(king) is not None else over}")
                if held and self.marriage_rule == "over-first" and self._in_hand(over) is not None:
                    raise PositionError(f"{name}: under the over-first rule it is declared by playing {over}, "
                                        f"which seat {held[0]} still holds")
                if king in history and over in history and suit not in derived[side]:
                    raise PositionError(f"{name}: the played cards show it was not declared "
                                        f"({king} and {over} were not played by one player holding both)")
                if held:
                    other = over if self._in_hand(king) is not None else king
                    by = self._played_by(other)
                    if by is not None and by != held[0]:
                        where = "to the trick" if other in self.trick else "in a played trick"
                        raise PositionError(f"{name}: seat {by} played {other} {where} but seat "
                                            f"{held[0]} holds {king if other == over else over}")
            for suit in derived[side]:
                if suit not in suits:
                    raise PositionError(f"marriage {suit.token}, declared by the {who[side]} in the play, "
                                        "is missing from the declared marriages")
            marriages = sum(self.marriage_value(s) for s in suits)
            if self.score[side] < trick_points[side] + marriages:
                tricks = f"the trick points of the played tricks ({trick_points[side]}) and " if self.played else ""
                raise PositionError(f"score.{who[side]} ({self.score[side]}) is less than {tricks}its declared "
                                    f"marriages ({marriages})")
        if self.stock:  # the score is final here (a history's marriages added)
            check_stock_score(self)

    def _played_by(self, card: Card) -> int | None:
        """The seat that played ``card`` in the history (the current trick or ``played``), if any."""
        if card in self.trick:
            return (self.leader + self.trick.index(card)) % self.players
        for lead, cards in zip(self.trick_leaders(), self.played):
            if card in cards:
                return (lead + cards.index(card)) % self.players
        return None

    def _in_hand(self, card: Card) -> int | None:
        for seat in range(self.players):
            if card in self.hands[seat]:
                return seat
        return None

    def _check_table_cards(self) -> None:
        """Four or two players: everything but the history's play and the marriages."""
        n, word, hand = self.seats, self.table.word, self.table.hand
        if len(self.hands) != n:
            raise PositionError(f"{word} players hold {word} hands, not {len(self.hands)}")
        if self.talon:
            raise PositionError(f"{word} players have no talon" + (" (the stock is gone)" if n == 2 else ""))
        self._check_seats()
        self._check_history_shape()
        self._check_each_card_once()  # no talon at these tables: refused above
        if len(self.trick) > n - 1:
            raise PositionError(f"the current trick may hold at most {n - 1} card(s) with {word} players")
        size, most = len(self.hands[self.to_move]), hand
        if self.table.stock:
            most = HAND_SIZE[self.variant]
            check_stock(self)
        elif self.stock or self.variant != "lizany":
            raise PositionError(f"{word} players have no stock and no two-player variant")
        if size > most:
            raise PositionError(f"hand {self.to_move} holds {size} cards; at most {most} with {word} players"
                                + (" in the six-card variant" if most != hand else ""))
        if size + len(self.played) > hand:
            raise PositionError(f"the hands held {size + len(self.played)} cards before the {len(self.played)} "
                                f"played tricks; at most {hand} with {word} players")
        if self.trick and size == 0:
            raise PositionError("a trick is in progress but the player to move has no cards")
        for k in range(n):
            seat = (self.leader + k) % n
            want = size - 1 if k < len(self.trick) else size
            if len(self.hands[seat]) != want:
                raise PositionError(
                    f"hand {seat} holds {len(self.hands[seat])} cards but should hold {want} "
                    f"(hand {self.to_move}, to move, holds {size}; {len(self.trick)} card(s) in the trick)")
        self._check_table_contract()
        self._check_leader()

    def _check_table_contract(self) -> None:
        c, word = self.contract, self.table.word
        if c not in self.table.contracts:
            raise PositionError(f"{word} players have no {c.value} (they play: "
                                f"{', '.join(k.value for k in self.table.contracts)})")
        if self.seats == 2 and self.partner is not None:
            raise PositionError("two players have no partners")
        if self.partner is not None and c in ALONE:
            raise PositionError(f"{c.value} is played alone against three: no partner")
        if self.wise and (c != Contract.DURCH or self.partner is not None or not self.table.partnerships):
            raise PositionError("durch with the wise one (\"partner\": \"wise\") is a four-player durch, "
                                f"not {c.value}")
        if self.partner is not None and not 0 <= self.partner < self.seats:
            raise PositionError(f"partner must be a seat 0 to 3, not {self.partner!r}")
        if c.has_trumps and self.trump is None:
            raise PositionError(f"contract {c.value!r} needs a trump suit")
        if not c.has_trumps and self.trump is not None:
            raise PositionError(f"{c.value} is played without trumps, but trump {self.trump.token!r} was given")
        if self.side_suit is not None:
            raise PositionError(f"a side suit is given only for two-sevens, which {word} players do not play")
        if self.trump is not None:
            seven = seven_of(self.trump)
            if c.actor_seven and self._owner(seven) not in self.team:
                raise PositionError(f"{c.value}: the actor's side does not hold the trump seven {seven}")
            if c == Contract.SEVEN_AGAINST and self._owner(seven) in (None, *self.team):
                raise PositionError(f"seven-against: no defender holds the trump seven {seven}")
        for suits, who in zip(self.declared, ("actor", "defence")):
            if suits and self.trump is None:
                raise PositionError(f"marriages are declared only in contracts with trumps ({who})")
