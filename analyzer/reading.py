"""What a player types, turned into the canonical position JSON before it is checked.

Both readers (``Position.from_json`` and the claim's) call :func:`canonical_json`
first, so every spelling below is accepted in the same way everywhere: hands,
talon and unseen cards as lists of tokens as well as strings (a string may be
the grouped display form ``h: A K O  b: A X``, which ``CardSet.from_str``
reads), ``"trump": "none"`` for no trump, and a contract's Czech name.

>>> canonical_json({"hands": [["hA", "hX"], "h: 7 8", None], "trump": "none", "contract": "Malá"})
{'hands': ['hA hX', 'h: 7 8', None], 'trump': None, 'contract': 'betl'}
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from analyzer.contract import Contract
from analyzer.errors import MariasError

# The words for "no trump suit" (betl and durch).
NO_TRUMP_WORDS = ("none", "null", "-", "", "no", "bez trumfů")
_CARD_KEYS = ("talon", "unseen")


def _tokens(value: Any) -> Any:
    """A list of card tokens as one string; anything else unchanged (the reader judges it)."""
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    return value


def is_no_trump(value: Any) -> bool:
    return isinstance(value, str) and value.strip().lower() in NO_TRUMP_WORDS


def canonical_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``data`` in the canonical spelling; what cannot be read is left for the reader's error."""
    out = dict(data)
    hands = out.get("hands")
    if isinstance(hands, list):
        out["hands"] = [_tokens(h) for h in hands]
    for key in _CARD_KEYS:
        if key in out:
            out[key] = _tokens(out[key])
    if is_no_trump(out.get("trump")):
        out["trump"] = None
    if isinstance(out.get("contract"), str):
        try:
            out["contract"] = Contract.parse(out["contract"]).value
        except MariasError:
            pass  # the reader names the choices
    return out
