"""The exceptions the package raises for bad input.

Every one is a ``ValueError`` whose message is a single line that quotes the
offending input, so the CLI can print it as it is and exit with status 2.
"""


class MariasError(ValueError):
    """Base class: bad input of any kind."""


class NotationError(MariasError):
    """A card, suit, hand or seat that cannot be read."""


class PositionError(MariasError):
    """A position that breaks the rules (sizes, a trick that cannot have been played, …)."""


class ResultError(MariasError):
    """A game result that cannot be scored (flek past the limit, a seven without the seven, …)."""


class ArgumentError(MariasError):
    """A public function called with the wrong kind of argument (a dict for a Position, …)."""
