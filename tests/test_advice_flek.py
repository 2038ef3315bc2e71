"""The defender's flek as a decision at a csm table (csm 12.3, 12.4): hands whose every world is solved."""
from __future__ import annotations

import pytest

from analyzer.advice import defender_view
from analyzer.advice.flek import choices
from analyzer.cards import CardSet
from analyzer.contract import Contract

# (actor's ten, defender's ten, partner's ten, talon, the actor's two and the partner's two cards left
# unknown: 6 deals); the seven in acorns, actor seat 0, defender seat 1.
DEALS = {
    # the actor makes both in every world: a flek is answered with a re, and no flek costs only 1 Kč (12.3)
    "no flek": ("bA bX bO b9 lX aA aX aK a9 a7", "hO hU h9 h8 h7 bK b8 lU l8 l7",
                "hA hX hK bU b7 lA lK lO l9 aU", "aO a8", "bA bX", "hA bU"),
    # the actor makes the seven but loses the game: a flek on the game alone makes the seven free (12.4)
    "flek game": ("hO h7 bA b7 lO l9 aK aU a9 a7", "hK hU bX bU b9 b8 lX lU aO a8",
                  "hA hX h9 h8 bK bO lA l7 aA aX", "lK l8", "hO h7", "lA l7"),
    # the seven falls and the game does not: the seven alone is worth its flek
    "flek seven": ("hX hO h7 lX lK aA aO aU a8 a7", "hK hU h8 bA bX b9 l9 l8 aX aK",
                   "hA h9 bK bU b8 lA lO lU l7 a9", "bO b7", "hX hO", "hA h9"),
}


def _view(deal: tuple[str, ...], **kw):
    actor, own, partner, talon, loose_actor, loose_partner = (CardSet.from_str(x) for x in deal)
    return defender_view(own, "seven", trump="a", actor=0, seat=1, worlds="all",
                         known={0: actor - loose_actor, 2: partner - loose_partner, "talon": talon}, **kw)


@pytest.mark.parametrize("right", sorted(DEALS))
def test_each_flek_choice_is_right_on_a_hand_built_for_it(right):
    advice = _view(DEALS[right])
    rows = {o["choice"]: o for o in advice.options}
    assert all(o["exact"] and o["worlds"] == 6 and o["payment_stderr"] == 0 for o in advice.options)
    assert advice.summary["best"]["choice"] == right == advice.options[0]["choice"]
    assert advice.summary["best"]["margin"]["mean"] > 0  # strictly better than the second
    assert rows["no flek"]["expected_payment"] == -1.0  # csm 12.3: the actor takes 1 Kč from each
    if right == "flek game":
        assert rows["flek game"]["expected_payment"] == 0.0  # csm 12.4: free
        assert rows["flek game"]["p_make"]["game"] == 0.0


def test_no_flek_pays_two_in_hearts_and_the_cards_worth_stays_as_a_column():
    actor, own, partner, talon = DEALS["no flek"][:4]
    swap = str.maketrans("ah", "ha")  # the same deal with hearts and acorns exchanged: the better seven
    advice = defender_view(own.translate(swap), "seven", trump="h", actor=0, seat=1, worlds="all",
                           known={0: actor.translate(swap), 2: partner.translate(swap),
                                  "talon": talon.translate(swap)})
    rows = {o["choice"]: o for o in advice.options}
    assert rows["no flek"]["expected_payment"] == -2.0
    # what the cards are worth: the seven and the game played out, both made (hearts: 1 + 0.5 rounded up)
    assert rows["no flek"]["cards_worth"] == -2.0


def test_the_choices_are_every_set_of_the_contracts_parts():
    assert {frozenset(c) for c in choices(Contract.SEVEN, "csm", {})} == {
        frozenset(), frozenset({"game"}), frozenset({"seven"}), frozenset({"game", "seven"})}
    assert len(choices(Contract.HUNDRED_SEVEN, "csm", {})) == 4 and len(choices(Contract.BETL, "csm", {})) == 2


def test_a_never_re_actor_makes_a_game_flek_free_when_he_makes_everything():
    advice = _view(DEALS["no flek"], actor_re=False)
    rows = {o["choice"]: o for o in advice.options}
    assert rows["flek game"]["expected_payment"] == 0.0 and advice.summary["best"]["choice"] == "flek game"
