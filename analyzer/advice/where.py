"""The ``--where`` constraint: a small expression over the seats' hands, evaluated on all worlds at once.

Terms: ``seatN.SUIT`` (cards of that suit in seat N: ``hearts``/``h``, ``bells``/``b``,
``leaves``/``l``, ``acorns``/``a``), ``seatN.cards``, ``seatN.sharp`` (aces and tens),
``seatN.points`` (10 per ace or ten), ``seatN.CARD`` (1 if the seat holds it: ``seat1.hA``),
whole numbers, ``+ -``, comparisons (chained too), ``and``, ``or``, ``not`` and parentheses.

An expression is at most MAX_LENGTH characters, MAX_TERMS names and numbers and MAX_DEPTH levels
deep, checked before it is parsed; it is read once into a tree of numpy steps, and each seat's
column is counted once per call however often it is named, so a call costs a small constant per
term. The caller's cancel scope (``analyzer.cancel``) is checked before each call.

>>> import numpy as np
>>> from analyzer.cards import CardSet
>>> hands = np.array([[0, CardSet.from_str("h7 h8 h9").mask, CardSet.from_str("hA").mask]], np.uint32)
>>> parse_where("seat1.hearts >= 3 and not seat2.hA == 0")(hands).tolist()
[True]
"""
from __future__ import annotations

import ast
import re
from collections.abc import Callable

import numpy as np

from analyzer import cancel
from analyzer.advice.worlds import AdviceError, Where, popcount
from analyzer.cards import SHARP_MASK, Card, Suit
from analyzer.errors import MariasError

MAX_NUMBER = 1000  # the largest number a condition may name (so that no sum of them overflows)
MAX_LENGTH = 1000  # characters: a real condition is a line; a 1,000-comparison chain is refused unread
MAX_TERMS = 100  # names and numbers (``and``, ``or`` and ``not`` aside)
MAX_DEPTH = 32  # nested parentheses, and operators within one another
_SUITS = {"hearts": Suit.HEARTS, "bells": Suit.BELLS, "diamonds": Suit.BELLS, "leaves": Suit.LEAVES,
          "spades": Suit.LEAVES, "acorns": Suit.ACORNS, "clubs": Suit.ACORNS,
          "h": Suit.HEARTS, "b": Suit.BELLS, "l": Suit.LEAVES, "a": Suit.ACORNS}
_COMPARE = {ast.Lt: np.less, ast.LtE: np.less_equal, ast.Gt: np.greater, ast.GtE: np.greater_equal,
            ast.Eq: np.equal, ast.NotEq: np.not_equal}
_TERM = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)?|\d+")

Step = Callable[[np.ndarray, dict], np.ndarray]


def parse_where(text: str) -> Where:
    """Read the expression; raises AdviceError quoting it when it cannot be read or is too large."""
    _check_size(text)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise AdviceError(f"cannot read the constraint {_quote(text)}") from None
    compiler = _Compiler(text)
    step = compiler.compile(tree.body, 0)
    step(np.zeros((1, 3), np.uint32), {})  # refuse what only shows when evaluated, before any world is seen

    def where(hands: np.ndarray) -> np.ndarray:
        cancel.check()
        out = step(hands, {})
        return np.broadcast_to(np.asarray(out, bool), (len(hands),)).copy()
    return where


def _quote(text: str) -> str:
    return repr(text) if len(text) <= 80 else repr(text[:77] + "...")


def _check_size(text: str) -> None:
    """Refuse an expression too long, with too many terms or nested too deep, in one pass over it."""
    if not isinstance(text, str):
        raise AdviceError(f"the constraint is text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise AdviceError(f"the constraint is {len(text)} characters long; at most {MAX_LENGTH}")
    terms = sum(1 for m in _TERM.finditer(text) if m[0] not in ("and", "or", "not"))
    if terms > MAX_TERMS:
        raise AdviceError(f"the constraint {_quote(text)} names {terms} terms; at most {MAX_TERMS}")
    depth = deepest = 0
    for char in text:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise AdviceError(f"the constraint {_quote(text)} nests {deepest} parentheses deep; at most {MAX_DEPTH}")


class _Compiler:
    """The expression as a tree of steps ``step(hands, columns)``: ``columns`` caches each seat's
    counts for one call."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, what: str) -> AdviceError:
        return AdviceError(f"cannot read the constraint {_quote(self.text)}: {what}")

    def compile(self, node: ast.AST, depth: int) -> Step:
        if depth > MAX_DEPTH:
            raise self.fail(f"it is nested more than {MAX_DEPTH} deep")
        depth += 1
        if isinstance(node, ast.BoolOp):
            parts = [self.compile(v, depth) for v in node.values]
            both = isinstance(node.op, ast.And)

            def boolean(hands: np.ndarray, columns: dict) -> np.ndarray:
                out = np.asarray(parts[0](hands, columns), bool)
                for part in parts[1:]:
                    v = np.asarray(part(hands, columns), bool)
                    out = (out & v) if both else (out | v)
                return out
            return boolean
        if isinstance(node, ast.UnaryOp):
            operand = self.compile(node.operand, depth)
            if isinstance(node.op, ast.Not):
                return lambda hands, columns: ~np.asarray(operand(hands, columns), bool)
            if isinstance(node.op, ast.USub):
                return lambda hands, columns: -np.asarray(operand(hands, columns), np.int64)
            raise self.fail("unknown operator")
        if isinstance(node, ast.Compare):
            for op in node.ops:
                if type(op) not in _COMPARE:
                    raise self.fail("use < <= > >= == !=")
            terms = [self.compile(node.left, depth)] + [self.compile(c, depth) for c in node.comparators]
            ops = [_COMPARE[type(op)] for op in node.ops]

            def compare(hands: np.ndarray, columns: dict) -> np.ndarray:
                left = np.asarray(terms[0](hands, columns), np.int64)
                out = np.ones(len(hands), bool)
                for op, term in zip(ops, terms[1:]):
                    right = np.asarray(term(hands, columns), np.int64)
                    out &= op(left, right)
                    left = right
                return out
            return compare
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            a, b = self.compile(node.left, depth), self.compile(node.right, depth)
            if isinstance(node.op, ast.Add):
                return lambda hands, columns: np.asarray(a(hands, columns), np.int64) + np.asarray(b(hands, columns), np.int64)
            return lambda hands, columns: np.asarray(a(hands, columns), np.int64) - np.asarray(b(hands, columns), np.int64)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            if abs(node.value) > MAX_NUMBER:  # every count and point total a hand has is far below
                raise self.fail(f"a number in a condition is at most {MAX_NUMBER}, not {node.value}")
            value = np.int64(node.value)
            return lambda hands, columns: value
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = node.value.id
            if name not in ("seat0", "seat1", "seat2"):
                raise self.fail(f"unknown name {name!r} (use seat0, seat1, seat2)")
            return self.attribute(int(name[-1]), node.attr)
        raise self.fail("use seatN.suit, seatN.cards, seatN.points, seatN.CARD, numbers, comparisons, and/or/not")

    def attribute(self, seat: int, attr: str) -> Step:
        key = attr.lower()
        if key in _SUITS:
            shift = np.uint32(8 * int(_SUITS[key]))

            def count(column: np.ndarray) -> np.ndarray:
                return popcount((column >> shift) & np.uint32(0xFF)).astype(np.int64)
        elif key == "cards":
            def count(column: np.ndarray) -> np.ndarray:
                return popcount(column).astype(np.int64)
        elif key in ("sharp", "points"):
            times = 1 if key == "sharp" else 10

            def count(column: np.ndarray) -> np.ndarray:
                return times * popcount(column & np.uint32(SHARP_MASK)).astype(np.int64)
        else:
            try:
                card = Card.from_str(attr)
            except MariasError:
                raise self.fail(f"unknown attribute {attr!r}") from None
            bit = np.uint32(int(card))

            def count(column: np.ndarray) -> np.ndarray:
                return ((column >> bit) & np.uint32(1)).astype(np.int64)
            key = f"card {int(card)}"  # hA and HA, if both read, are one column
        cache_key = (seat, key)

        def term(hands: np.ndarray, columns: dict) -> np.ndarray:
            value = columns.get(cache_key)
            if value is None:
                value = columns[cache_key] = count(hands[:, seat].astype(np.uint32))
            return value
        return term
