"""The sure plans of the claim check (docs/claims.md, "Sure wins") played without seeing:
:func:`sure_card` chooses each card from what the actor sees, the card the core plays for
him too (``check_claim(..., policy=...)``); :func:`plan_kinds` the plans worth searching
at a node of the strict search.
"""
from __future__ import annotations

from analyzer.cards import Card, CardSet
from analyzer.claim_reading import Claim
from analyzer.contract import Contract
from analyzer.open_check import component_check
from analyzer.rules import Position, strength, trick_winner

__all__ = ["all_sure", "betl_under", "plan_kinds", "sure_card", "sure_kind"]


def sure_card(position: Position, unseen: CardSet, kind: str) -> Card:
    """The card the sure plans of the claim check play (docs/claims.md, "Sure wins"), chosen
    from what the actor sees: his hand, the trick, and ``unseen`` (the cards not yet played
    that are not his).

    Cashing: on lead, his highest trump while the defence may hold a trump (his announced
    sevens aside), then the top card of a side suit in which it is the highest card left
    (a winner), then his lowest side card, then his trumps from the top, an announced side
    seven before the trump seven. Following: the lowest card that beats the trick so far,
    else the lowest card (side cards before trumps). Side-first: the same without the trumps
    led first (winners, then his lowest side card, then trumps from the top), and following
    with a defender still to play, of the cards that beat the trick the lowest that no unseen
    card beats, if there is one. Betl: on lead the card that an unseen
    card of its suit beats (the one card that is not the lowest of its suit, if there is
    one); following, the lowest card that stays under the trick, else the lowest; void,
    the highest card.
    """
    hand = position.hands[position.actor]
    legal = list(position.legal_moves())
    nt, trump = position.notrump, position.trump
    trick = position.trick

    def rank(c: Card) -> int:
        return strength(c, nt)

    if kind == "betl":
        if not trick:
            above = [c for c in legal if any(u.suit == c.suit and rank(u) > rank(c) for u in unseen)]
            risky = [c for c in above if any(u.suit == c.suit and rank(u) < rank(c) for u in unseen)]
            return (risky or above or legal)[0]
        best = trick[trick_winner(trick, trump, nt)]
        if not any(c.suit == trick[0].suit for c in hand):
            return max(legal, key=rank)
        under = [c for c in legal if c.suit == best.suit and rank(c) < rank(best)]
        return min(under or legal, key=rank)
    if not trick:
        announced = position.announced
        trumps = [c for c in legal if c.suit == trump and c not in announced]
        if kind == "cashing" and trumps and any(u.suit == trump for u in unseen):
            return max(trumps, key=rank)
        side = [c for c in legal if c.suit != trump and c not in announced]
        winners = [c for c in side if max((c2 for c2 in hand if c2.suit == c.suit), key=rank) == c
                   and not any(u.suit == c.suit and rank(u) > rank(c) for u in unseen)]
        if winners:
            return winners[0]
        if side:
            return min(side, key=rank)
        if trumps:
            return max(trumps, key=rank)
        sevens = [c for c in legal if c.suit != trump]
        return (sevens or legal)[0]
    beating = [c for c in legal if trick_winner(trick + (c,), trump, nt) == len(trick)]
    if kind == "side-first" and len(trick) == 1:  # a defender still to play
        safe = [c for c in beating if all(trick_winner((c, u), trump, nt) == 0 for u in unseen)]
        beating = safe or beating
    return min(beating or legal, key=lambda c: (c.suit == trump, rank(c)))


def betl_under(position: Position, unseen: CardSet) -> bool:
    """Betl, the actor not leading a fresh trick, each of his cards below every card of its suit
    still in the defence's hands or in the trick: the defence wins every trick (a lead of a
    suit he holds is above all his cards of it; void, he throws anything), so it leads every
    trick, and that stays so as cards leave play. Sound whatever the redistribution."""
    if position.contract not in (Contract.BETL, Contract.OPEN_BETL):
        return False
    if position.leader == position.actor:
        return False  # he leads (or led) this trick: the claim check's own betl plan covers that
    others = unseen | CardSet(position.trick)
    for card in position.hands[position.actor]:
        if any(o.suit == card.suit and strength(o, True) < strength(card, True) for o in others):
            return False
    return True


def all_sure(claim: Claim, name: str) -> bool:
    """Is every redistribution of ``claim`` a sure win of component ``name`` (the claim check's
    proofs of docs/claims.md, "Sure wins", without its search)?"""
    return bool(claim.count()) and bool(component_check(claim, name).proven.all())


def sure_kind(position: Position) -> str:
    """The sure plan of the claim check's proofs ("Sure wins") for the position's contract."""
    return "betl" if position.contract in (Contract.BETL, Contract.OPEN_BETL) else "cashing"


def plan_kinds(position: Position) -> tuple[str, ...]:
    """The sure plans the strict search tries at a node, in order: the proofs' own, then, but for
    betl, side-first (the actor's safest card when following; no trumps drawn first)."""
    kind = sure_kind(position)
    return (kind,) if kind == "betl" else (kind, "side-first")
