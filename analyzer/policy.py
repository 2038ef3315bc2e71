"""Forehand's policy in the modelled hands: his trump, his discard and how the cards are played.

The dealers of :mod:`analyzer.dealing` and the analyses of :mod:`analyzer.study`
need a forehand who takes the talon, names a trump and lays away two cards,
and three players who play a hand out (four players: forehand names a trump
and calls a partner from his first four cards, :func:`four_player_position`;
two: the stock played out by :func:`stock_card`, then the endgame, :func:`play_two`).
Those are choices about play, not about dealing, so they live here, above
the solver (advice will grow this module). Every choice is a documented fixed
rule (docs/study.md, docs/rules.md §8), not a bidding model:

>>> from analyzer.cards import CardSet
>>> twelve = CardSet.from_str("hA hX hK h9 h7 bA b8 lO l9 aK a8 a7")
>>> choose_trump(twelve).token, str(discard_for_trumps(twelve, choose_trump(twelve)))
('h', 'b8 l9')
"""
from __future__ import annotations

from collections.abc import Sequence

from analyzer.cards import MARRIAGE_LANE, NOTRUMP_ORDER, Card, CardSet, Rank, Suit
from analyzer.contract import RULE_SETS, Contract
from analyzer.errors import MariasError
from analyzer.packets import TALON, Deal, Trick, pattern
from analyzer.rules import Position, default_leader, strength, trick_winner
from analyzer.solver import Solver, questions
from analyzer.variants import VariantPosition


class PolicyError(MariasError):
    """A policy that cannot be applied (an unknown play policy, a contract without its trump …)."""


PLAYS = ("solver", "greedy")


# --- forehand's choices --------------------------------------------------------


def _lengths(cards: CardSet) -> list[int]:
    return [((cards.mask >> (8 * s)) & 0xFF).bit_count() for s in range(4)]


def _cards(cards: CardSet) -> list[int]:
    """The cards as plain ints ``suit * 8 + rank``.

    The discard rules run once per contract per deal: plain ints keep them cheap.
    """
    return [i for i in range(32) if cards.mask >> i & 1]


# Rank (7 8 9 U O K X A = 0..7) to strength in the betl/durch order 7 8 9 X U O K A.
_NOTRUMP_STRENGTH = tuple(NOTRUMP_ORDER.index(rank) for rank in Rank)


def choose_trump(twelve: CardSet) -> Suit:
    """Forehand's trump for the played hand: his longest suit; ties go to the suit
    with the higher ranks (sum of rank indices), then to the first of h, b, l, a."""
    def key(s: int) -> tuple[int, int, int]:
        lane = (twelve.mask >> (8 * s)) & 0xFF
        return lane.bit_count(), sum(r for r in range(8) if lane >> r & 1), -s
    return Suit(max(range(4), key=key))


def discard_for_trumps(twelve: CardSet, trump: Suit) -> CardSet:
    """The two cards forehand lays away for a game with trumps.

    Never an ace or a ten (Czech rule 7.2) nor the trump seven (so the same
    discard serves hra and sedma). Side-suit cards first: those not in a
    marriage before those in one, from the shortest side suit (to make a
    void), lowest rank first; trumps (lowest first) only when fewer than two
    such side cards exist.
    """
    lengths = _lengths(twelve)
    mask = twelve.mask
    t = int(trump)

    def married(c: int) -> bool:
        return c & 7 in (Rank.OVER, Rank.KING) and (mask >> (c & ~7)) & MARRIAGE_LANE == MARRIAGE_LANE

    plain = [c for c in _cards(twelve) if c & 7 < Rank.TEN]
    side = sorted((c for c in plain if c >> 3 != t), key=lambda c: (married(c), lengths[c >> 3], c & 7, c >> 3))
    trumps = [c for c in plain if c >> 3 == t and c & 7 != Rank.SEVEN]  # already lowest first
    return CardSet((side + trumps)[:2])


def discard_for_betl(twelve: CardSet) -> CardSet:
    """The two cards laid away for betl: the highest in betl order (A K O U X 9 8 7),
    the shorter suit first on a tie (sharp cards may go, rule 7.2's exception)."""
    lengths = _lengths(twelve)
    ranked = sorted(_cards(twelve), key=lambda c: (-_NOTRUMP_STRENGTH[c & 7], lengths[c >> 3], c >> 3))
    return CardSet(ranked[:2])


def discard_for_durch(twelve: CardSet) -> CardSet:
    """The two cards laid away for durch: the lowest in durch order, the shorter suit first on a tie."""
    lengths = _lengths(twelve)
    ranked = sorted(_cards(twelve), key=lambda c: (_NOTRUMP_STRENGTH[c & 7], lengths[c >> 3], c >> 3))
    return CardSet(ranked[:2])


def forehand_position(deal: Deal, contract: Contract, trump: Suit | None = None) -> Position:
    """Forehand as the actor of ``contract``: he takes the talon and lays away two
    cards by the rule of the contract (:func:`discard_for_trumps`, ``_betl``, ``_durch``).

    For seven, forehand must hold the trump seven (else PositionError).
    """
    if deal.packets not in RULE_SETS:
        raise PolicyError(f"forehand's contracts are modelled for the three-player rule sets "
                          f"({', '.join(RULE_SETS)}), not {deal.packets!r}")
    twelve = deal.hands[0] | deal.talon
    if contract.has_trumps:
        if trump is None:
            raise PolicyError(f"{contract.value} needs a trump suit")
        away = discard_for_trumps(twelve, trump)
    else:
        trump = None
        away = discard_for_betl(twelve) if contract == Contract.BETL else discard_for_durch(twelve)
    position = Position(
        hands=(twelve - away, deal.hands[1], deal.hands[2]),
        contract=contract,
        trump=trump,
        actor=0,
        leader=default_leader(contract, 0, deal.packets),
        talon=away,
        rules=deal.packets,  # a three-player pattern is named after its rule set
    )
    position.check()
    return position


def first_packet(deal: Deal) -> CardSet:
    """Forehand's first packet: the cards he names trump from with four and two players."""
    seat, count = pattern(deal.packets).packets[0]
    if seat != 0 or len(deal.pack) != 32:
        raise PolicyError("forehand's first packet needs the pack as dealt, forehand served first")
    return CardSet(deal.pack[:count])


def called_card(first: CardSet, trump: Suit) -> Card:
    """The trump forehand calls by rank from his first four cards: the highest he lacks.

    Four cards never hold all eight trumps, so there is always one to call;
    when it reaches him in his second packet he plays alone (the rule pages).
    """
    return next(Card.make(trump, rank) for rank in reversed(Rank) if Card.make(trump, rank) not in first)


def four_player_position(deal: Deal, contract: Contract = Contract.GAME,
                         trump: Suit | None = None) -> VariantPosition:
    """The four-player hand as the chained dealers play it: forehand looks at his first
    four cards (the first packet of the deal), names the longest suit among them trump
    (:func:`choose_trump`'s ties), calls the highest trump he lacks there
    (:func:`called_card`), and his side plays hra; forehand leads (docs/rules.md §8).

    The deal studies ask the same of other contracts: ``trump`` another suit (the call by
    the same rule), ``contract`` seven (forehand's side must hold the trump seven, else
    PositionError), or betl and durch, played alone against three without trumps.
    """
    if deal.packets != "four":
        raise PolicyError(f"the four-player contract is modelled for the four packets, not {deal.packets!r}")
    partner: int | None = None
    called: Card | None = None
    if contract.has_trumps:
        first = first_packet(deal)
        trump = choose_trump(first) if trump is None else trump
        called = called_card(first, trump)
        holder = next(s for s, hand in enumerate(deal.hands) if called in hand)
        partner = None if holder == 0 else holder
    else:
        trump = None
    position = VariantPosition(
        hands=deal.hands,
        contract=contract,
        trump=trump,
        actor=0,
        leader=default_leader(contract, 0, "csm"),
        rules="csm",  # the first lead and the marriages' values as for three (docs/rules.md §8)
        partner=partner,
        called=called,
        seats=4,
    )
    position.check()
    return position


# --- playing a hand ------------------------------------------------------------


def greedy_line(position: Position) -> list[Card]:
    """A fast stand-in for real play: on lead, the highest legal card; following,
    the lowest legal card that would take the trick so far, else the lowest legal
    card ("highest/lowest" by rank, then suit order h b l a)."""
    line: list[Card] = []
    nt = position.notrump
    while any(position.hands):
        legal = sorted(position.legal_moves(), key=lambda c: (strength(c, nt), int(c.suit)))
        trick = list(position.trick)
        if not trick:
            card = legal[-1]
        else:
            winning = [c for c in legal if trick_winner(trick + [c], position.trump, nt) == len(trick)]
            card = (winning or legal)[0]
        line.append(card)
        position = position.play(card, check=False, history=False)  # legal by construction
    return line


def play_hand(deal: Deal, play: str, solver: Solver | None) -> tuple[list[tuple[Trick, int]], CardSet, frozenset[int]]:
    """Play the deal as the chained dealers do; return (tricks with winner seats in play order,
    talon, the actor's side).

    The contract (a documented simple rule, not a bidding model). Three
    players: forehand takes the talon, names his longest suit
    (:func:`choose_trump`), lays away two cards (:func:`discard_for_trumps`)
    and plays hra. Four players: :func:`four_player_position` (trump and
    called partner from his first four cards, hra for his side, no talon).
    Two players: :func:`play_two` (the stock phase by :func:`stock_card`, then
    the endgame as below). ``play="solver"``: all play the open-hand solver's
    principal variation of the hra value (``solver`` must be given, fresh per
    chain: the line may depend on the state of its table);
    ``play="greedy"``: :func:`greedy_line`.
    """
    if play not in PLAYS:
        raise PolicyError(f"unknown play policy {play!r} (use {', '.join(PLAYS)})")
    if deal.packets == "two":
        return play_two(deal, play, solver)
    if deal.packets in RULE_SETS:
        twelve = deal.hands[0] | deal.talon
        position: Position = forehand_position(deal, Contract.GAME, choose_trump(twelve))
    else:
        position = four_player_position(deal)
    tricks = split_tricks(position, play_out(position, play, solver))
    if len(tricks) != 32 // position.players:
        raise AssertionError(f"a played hand has {32 // position.players} tricks, not {len(tricks)}")
    return tricks, position.talon, position.team


def play_out(position: Position, play: str, solver: Solver | None) -> list[Card]:
    """The rest of the play from ``position`` by the policy ``play`` (see :func:`play_hand`)."""
    if play == "solver":
        if solver is None:
            raise PolicyError("play='solver' needs a Solver")
        return solver.line(position, questions(position)["game"])
    if play == "greedy":
        return greedy_line(position)
    raise PolicyError(f"unknown play policy {play!r} (use {', '.join(PLAYS)})")


# --- two players: the stock ---------------------------------------------------------


def stock_cost(card: Card, trump: Suit) -> tuple[bool, int, int]:
    """How dear a card is to give up while the stock lasts: a side card before a trump, then
    the lower rank (so the ace and ten, the only cards with points, last), then suit order h b l a."""
    return card.suit == trump, int(card.rank), int(card.suit)


def stock_card(hand: CardSet, trick: Sequence[Card], trump: Suit) -> Card:
    """The card played while the stock lasts (any card may be played, docs/rules.md §8).

    The leader leads his cheapest card (:func:`stock_cost`); the follower takes
    the trick with his cheapest card that wins it, and when none does throws
    his cheapest card. A fixed rule, not a strategy: it ignores marriages and
    what the stock may bring.
    """
    cards = sorted(hand, key=lambda c: stock_cost(c, trump))
    if trick:
        winning = [c for c in cards if trick_winner([*trick, c], trump, False) == len(trick)]
        return (winning or cards)[0]
    return cards[0]


def two_player_endgame(deal: Deal, trump: Suit | None = None) -> tuple[list[tuple[Trick, int]], VariantPosition]:
    """The stock phase of a two-player hand as :func:`play_two` plays it, and the endgame it leaves.

    Returns the stock's sixteen tricks (with their winners) and the position once the stock
    is gone: hra for the non-dealer (seat 0, the actor), marriages with the over, the trick
    points taken so far in ``score``. ``trump``: the non-dealer's, by default the longest
    suit of his first four cards (:func:`choose_trump`'s ties).
    """
    if deal.packets != "two":
        raise PolicyError(f"the two-player hand is modelled for the two packets, not {deal.packets!r}")
    trump = choose_trump(first_packet(deal)) if trump is None else trump
    top = 0
    for seat, count in pattern(deal.packets).packets:
        if seat == TALON:
            break
        top += count
    stock = list(deal.pack[top:])  # top card first: the order it is drawn in
    hands = list(deal.hands)
    leader = 0
    tricks: list[tuple[Trick, int]] = []
    score = [0, 0]
    while stock:
        trick: list[Card] = []
        for k in range(2):
            seat = (leader + k) % 2
            card = stock_card(hands[seat], trick, trump)
            hands[seat] = hands[seat] - CardSet([card])
            trick.append(card)
        leader = (leader + trick_winner(trick, trump, False)) % 2
        tricks.append((tuple(trick), leader))
        score[leader] += sum(c.points for c in trick)
        hands[leader] = hands[leader] | CardSet([stock.pop(0)])
        hands[1 - leader] = hands[1 - leader] | CardSet([stock.pop(0)])
    position = VariantPosition(hands=tuple(hands), contract=Contract.GAME, trump=trump, actor=0, leader=leader,
                               score=(score[0], score[1]), marriage_rule="over-first", rules="csm", seats=2)
    position.check()
    return tricks, position


def play_two(deal: Deal, play: str, solver: Solver | None) -> tuple[list[tuple[Trick, int]], CardSet, frozenset[int]]:
    """A two-player hand (*lízaný*) played out as the chained dealers do (:func:`play_hand`'s result).

    The non-dealer (seat 0, the actor) names the longest suit of his first four
    cards trump (:func:`choose_trump`'s ties) and leads. While the stock lasts
    each card is :func:`stock_card`'s, and the trick's winner draws the stock's
    top card, then the other player the next (:func:`two_player_endgame`). With
    the stock gone the endgame (hra for the non-dealer, marriages with the over)
    is played by ``play`` (:func:`play_out`) under the follow-and-beat rules.
    """
    tricks, position = two_player_endgame(deal)
    tricks += split_tricks(position, play_out(position, play, solver))
    if len(tricks) != 16:
        raise AssertionError(f"a played two-player hand has 16 tricks, not {len(tricks)}")
    return tricks, CardSet(), position.team


def split_tricks(position: Position, line: Sequence[Card]) -> list[tuple[Trick, int]]:
    """A line of play from the start of a trick cut into tricks with their winning seats.

    Unlike :func:`analyzer.rules.replay` it does not check legality (the
    solver's and the greedy lines are legal by construction; the tests check
    them with ``replay``), which makes it ten times faster.
    """
    leader, seats = position.leader, position.players
    out = []
    for i in range(0, len(line) - len(line) % seats, seats):
        trick = tuple(line[i:i + seats])
        winner = (leader + trick_winner(trick, position.trump, position.notrump)) % seats
        out.append((trick, winner))
        leader = winner
    return out


