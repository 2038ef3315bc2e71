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

import codecs
import json
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


# --- text in: what the command line and the web API both read --------------------------------


def decode(raw: bytes | str, what: str) -> str:
    """Bytes as UTF-8 text (a UTF-8 byte-order mark is dropped); anything else is MariasError."""
    if isinstance(raw, str):
        return raw.removeprefix("\ufeff")
    raw = raw.removeprefix(codecs.BOM_UTF8)
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise MariasError(f"{what} is UTF-16 text (as Windows PowerShell writes it); save it as UTF-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MariasError(f"{what} is not UTF-8 text (byte {exc.start} is {raw[exc.start:exc.start + 1]!r})") from None


def parse_json(raw: bytes | str, what: str) -> Any:
    """A JSON document from bytes or text; every failure is one line (MariasError)."""
    text = decode(raw, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MariasError(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:  # a number too long, nesting too deep
        raise MariasError(f"{what} cannot be read as JSON: {str(exc).splitlines()[0][:120]}") from None


MAX_WORLDS = 1_000_000  # sampled worlds of one advice: their hands and answers stay in memory together


def parse_worlds(value: Any) -> int | str:
    """How many worlds to sample: a whole number >= 2, or ``all``. Raises MariasError."""
    text = str(value).strip().lower()
    if len(text) > 40:
        raise MariasError(f"--worlds must be a whole number or 'all', not a {len(text)}-character text")
    if text == "all":
        return "all"
    try:
        number = int(text)
    except ValueError:
        raise MariasError(f"--worlds must be a whole number or 'all', not {value!r}") from None
    if number < 2:
        raise MariasError(f"--worlds must be at least 2, not {number}")
    if number > MAX_WORLDS:
        raise MariasError(f"--worlds must be at most {MAX_WORLDS:,} (about 500 bytes each, held at once), "
                          f"not {number:,}")
    return number
