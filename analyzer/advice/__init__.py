"""Advice from exactly solved worlds: what to bid, declare, discard and double.

Four views, each a function returning an :class:`~analyzer.advice.result.Advice`
(``.table`` is a pandas DataFrame, ``.to_json()`` the ``marias advise --json``
payload): :func:`actor_view` (after the talon), :func:`bidder_view` (before it),
:func:`forehand_view` (the basic game's trump choice) and :func:`defender_view`
(should I flek?). Every figure carries its number of worlds and standard error
(0 when every world was solved); the same seed gives the same table.
How to read the numbers: docs/advice.md.
"""
from analyzer.advice.actor import actor_view
from analyzer.advice.bidder import bidder_view, forehand_view
from analyzer.advice.defender import defender_view
from analyzer.advice.result import Advice
from analyzer.advice.worlds import AdviceError

__all__ = ["Advice", "AdviceError", "actor_view", "bidder_view", "defender_view", "forehand_view"]
