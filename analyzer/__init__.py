"""The reference analyser for Mariáš.

Modules, in the order data flows through them: ``cards`` (notation), ``rules``
(positions and legal play), ``solver`` (the open-hand search in C), ``claims``
(laid-down checks), ``scoring`` and ``bidding`` (payments), ``dealing`` and
``study`` (many deals), ``display`` and ``cli`` (the ``marias`` command).
"""

__version__ = "0.1.0"
