"""analyzer.holding against counting card tokens by hand, on random hands."""
from __future__ import annotations

import random

import pytest

from analyzer.cards import CardSet, Suit
from analyzer.errors import NotationError
from analyzer.holding import Holding

DECK = [s + r for s in "hbla" for r in "789UOKXA"]


def brute(tokens: list[str], trump: str | None) -> dict[str, object]:
    """The counts, read off the token strings one by one."""
    suits = [s for s in "hbla" if any(t[0] == s for t in tokens)]
    return {
        "trumps": 0 if trump is None else sum(t[0] == trump for t in tokens),
        "sharp_cards": sum(t[1] in "AX" for t in tokens),
        "points": 10 * sum(t[1] in "AX" for t in tokens),
        "aces": sum(t[1] == "A" for t in tokens),
        "tens": sum(t[1] == "X" for t in tokens),
        "marriages": tuple(Suit.from_str(s) for s in "hbla" if f"{s}K" in tokens and f"{s}O" in tokens),
        "sevens": tuple(Suit.from_str(s) for s in "hbla" if f"{s}7" in tokens),
        "suits_held": len(suits),
        "suits_without_ace": sum(f"{s}A" not in tokens for s in suits),
        "lengths": [sum(t[0] == s for t in tokens) for s in "hbla"],
    }


@pytest.mark.parametrize("seed", range(400))
def test_counts_agree_with_the_tokens(seed: int) -> None:
    rng = random.Random(seed)
    tokens = rng.sample(DECK, rng.randint(0, 12))
    trump = rng.choice([None, "h", "b", "l", "a"])
    held = Holding.from_str(" ".join(tokens), trump)
    expected = brute(tokens, trump)
    lengths = expected.pop("lengths")
    assert {name: getattr(held, name) for name in expected} == expected
    assert [held.length(s) for s in "hbla"] == lengths
    assert len(held) == len(tokens)
    assert all(held.has(t) for t in tokens) and not any(held.has(t) for t in DECK if t not in tokens)


def test_holding_reads_symbols_and_refuses_bad_cards() -> None:
    assert Holding(CardSet.from_str("♥A ♥X"), Suit.HEARTS).trumps == 2
    with pytest.raises(NotationError):
        Holding.from_str("hA zz")
