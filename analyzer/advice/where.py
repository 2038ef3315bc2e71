"""The ``--where`` constraint: a small expression over the seats' hands, evaluated on all worlds at once.

Terms: ``seatN.SUIT`` (cards of that suit in seat N: ``hearts``/``h``, ``bells``/``b``,
``leaves``/``l``, ``acorns``/``a``), ``seatN.cards``, ``seatN.sharp`` (aces and tens),
``seatN.points`` (10 per ace or ten), ``seatN.CARD`` (1 if the seat holds it: ``seat1.hA``),
whole numbers, ``+ -``, comparisons (chained too), ``and``, ``or``, ``not`` and parentheses.

>>> import numpy as np
>>> from analyzer.cards import CardSet
>>> hands = np.array([[0, CardSet.from_str("h7 h8 h9").mask, CardSet.from_str("hA").mask]], np.uint32)
>>> parse_where("seat1.hearts >= 3 and not seat2.hA == 0")(hands).tolist()
[True]
"""
from __future__ import annotations

import ast

import numpy as np

from analyzer.advice.worlds import AdviceError, Where, popcount
from analyzer.cards import SHARP_MASK, Card, Suit
from analyzer.errors import MariasError

MAX_NUMBER = 1000  # the largest number a condition may name (so that no sum of them overflows)
_SUITS = {"hearts": Suit.HEARTS, "bells": Suit.BELLS, "diamonds": Suit.BELLS, "leaves": Suit.LEAVES,
          "spades": Suit.LEAVES, "acorns": Suit.ACORNS, "clubs": Suit.ACORNS,
          "h": Suit.HEARTS, "b": Suit.BELLS, "l": Suit.LEAVES, "a": Suit.ACORNS}
_COMPARE = {ast.Lt: np.less, ast.LtE: np.less_equal, ast.Gt: np.greater, ast.GtE: np.greater_equal,
            ast.Eq: np.equal, ast.NotEq: np.not_equal}


def parse_where(text: str) -> Where:
    """Read the expression; raises AdviceError quoting it when it cannot be read."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        raise AdviceError(f"cannot read the constraint {text!r}") from None
    check = _Evaluator(text)
    check.shape(tree.body)

    def where(hands: np.ndarray) -> np.ndarray:
        out = check.eval(tree.body, hands)
        return np.broadcast_to(np.asarray(out, bool), (len(hands),)).copy()
    return where


class _Evaluator:
    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, what: str) -> AdviceError:
        return AdviceError(f"cannot read the constraint {self.text!r}: {what}")

    def shape(self, node: ast.AST) -> None:
        """Refuse anything outside the little language before any world is seen."""
        self.eval(node, np.zeros((1, 3), np.uint32))

    def eval(self, node: ast.AST, hands: np.ndarray) -> np.ndarray:
        if isinstance(node, ast.BoolOp):
            values = [np.asarray(self.eval(v, hands), bool) for v in node.values]
            out = values[0]
            for v in values[1:]:
                out = (out & v) if isinstance(node.op, ast.And) else (out | v)
            return out
        if isinstance(node, ast.UnaryOp):
            value = self.eval(node.operand, hands)
            if isinstance(node.op, ast.Not):
                return ~np.asarray(value, bool)
            if isinstance(node.op, ast.USub):
                return -np.asarray(value, np.int64)
            raise self.fail("unknown operator")
        if isinstance(node, ast.Compare):
            left = np.asarray(self.eval(node.left, hands), np.int64)
            out = np.ones(len(hands), bool)
            for op, right_node in zip(node.ops, node.comparators):
                right = np.asarray(self.eval(right_node, hands), np.int64)
                if type(op) not in _COMPARE:
                    raise self.fail("use < <= > >= == !=")
                out &= _COMPARE[type(op)](left, right)
                left = right
            return out
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            a = np.asarray(self.eval(node.left, hands), np.int64)
            b = np.asarray(self.eval(node.right, hands), np.int64)
            return a + b if isinstance(node.op, ast.Add) else a - b
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            if abs(node.value) > MAX_NUMBER:  # every count and point total a hand has is far below
                raise self.fail(f"a number in a condition is at most {MAX_NUMBER}, not {node.value}")
            return np.int64(node.value)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            name = node.value.id
            if name not in ("seat0", "seat1", "seat2"):
                raise self.fail(f"unknown name {name!r} (use seat0, seat1, seat2)")
            column = hands[:, int(name[-1])].astype(np.uint32)
            return self.attribute(node.attr, column)
        raise self.fail("use seatN.suit, seatN.cards, seatN.points, seatN.CARD, numbers, comparisons, and/or/not")

    def attribute(self, attr: str, column: np.ndarray) -> np.ndarray:
        key = attr.lower()
        if key in _SUITS:
            return popcount((column >> np.uint32(8 * int(_SUITS[key]))) & np.uint32(0xFF)).astype(np.int64)
        if key == "cards":
            return popcount(column).astype(np.int64)
        if key == "sharp":
            return popcount(column & np.uint32(SHARP_MASK)).astype(np.int64)
        if key == "points":
            return 10 * popcount(column & np.uint32(SHARP_MASK)).astype(np.int64)
        try:
            card = Card.from_str(attr)
        except MariasError:
            raise self.fail(f"unknown attribute {attr!r}") from None
        return ((column >> np.uint32(int(card))) & np.uint32(1)).astype(np.int64)
