"""What every command shares: the one-line error, reading JSON, whole-number options, and
the position given as options (``--hands``, ``--trump``, ``--contract`` …) instead of a file."""
from __future__ import annotations

import json
import math
import os
import sys
from collections.abc import Callable
from typing import IO, Any

import click

from analyzer import reading
from analyzer.contract import RULE_SETS, Contract
from analyzer.errors import MariasError


class BadInput(click.UsageError):
    """A domain ``ValueError`` turned into click's exit status 2, without the usage banner."""

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"marias: {self.format_message()}", err=True)


def decode(raw: bytes | str, what: str) -> str:
    """Bytes as UTF-8 text (a UTF-8 byte-order mark is dropped); anything else is BadInput."""
    try:
        return reading.decode(raw, what)
    except MariasError as exc:
        raise BadInput(str(exc)) from None


def open_source(name: str, what: str) -> IO[bytes]:
    """FILE or ``-`` (standard input) opened for bytes; on a terminal, say what is awaited."""
    if name == "-":
        stream = _stdin()
        if _isatty(stream):
            click.echo(f"marias: reading {what} as JSON from the terminal; end it with Ctrl-D "
                       "(or give a FILE, or the position as options: -h)", err=True)
        return stream
    try:
        return open(name, "rb")
    except OSError as exc:
        raise BadInput(f"cannot read {name}: {exc.strerror or exc}") from None


def _stdin() -> IO[bytes]:
    return getattr(sys.stdin, "buffer", sys.stdin)  # the bytes under the text (CliRunner's as well)


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def read_json(source: IO[Any] | str, what: str) -> Any:
    """Parse a JSON document from an open file (bytes or text) or a file name, turning every
    failure into ``BadInput``."""
    if isinstance(source, str):
        stream = open_source(source, what)
        try:
            raw = stream.read()
        finally:
            if source != "-":
                stream.close()
    else:
        raw = source.read()
    try:
        return reading.parse_json(raw, what)
    except MariasError as exc:
        raise BadInput(str(exc)) from None


MAX_WHOLE = 10**12  # no count, seed or size of this program goes near it; past it, a number is a typo


class Whole(click.ParamType):
    """A whole number from ``minimum`` to ``maximum``; anything else is one line on stderr and exit
    status 2 (BadInput), before any memory or thread is set aside for it."""

    name = "integer"

    def __init__(self, minimum: int | None = None, maximum: int = MAX_WHOLE) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        flag = f"--{param.name.replace('_', '-')}" if param is not None and param.name else "the value"
        text = str(value).strip()
        if len(text) > 40:
            raise BadInput(f"{flag} must be a whole number of at most {self.maximum}, not a {len(text)}-character one")
        try:
            number = int(text)
        except ValueError:
            raise BadInput(f"{flag} must be a whole number, not {value!r}") from None
        if self.minimum is not None and number < self.minimum:
            raise BadInput(f"{flag} must be at least {self.minimum}, not {number}")
        if number > self.maximum:
            raise BadInput(f"{flag} must be at most {self.maximum}, not {number}")
        return number


MAX_SECONDS = 10**6  # a time limit past eleven days is a typo


class Seconds(click.ParamType):
    """A time limit in seconds: a finite number above 0 and at most :data:`MAX_SECONDS` (``nan``
    and ``inf`` would never end the search they limit); anything else is one line, exit status 2."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        flag = f"--{param.name.replace('_', '-')}" if param is not None and param.name else "the value"
        text = str(value).strip()
        try:
            number = float(text) if len(text) <= 40 else math.nan
        except ValueError:
            number = math.nan
        if not (0 < number <= MAX_SECONDS):  # nan fails every comparison
            raise BadInput(f"{flag} must be a number of seconds above 0 and at most {MAX_SECONDS}, not {text[:40]!r}")
        return number


class Jobs(Whole):
    """Worker threads or processes: at least 1, and more than the machine's cores is lowered to
    them with a word on stderr (more would only contend for the cores and the memory)."""

    def __init__(self) -> None:
        super().__init__(1)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = super().convert(value, param, ctx)
        cores = os.cpu_count() or 1
        if number > cores:
            click.echo(f"marias: --jobs {number} lowered to this machine's {cores} cores", err=True)
            return cores
        return number


# --- click choices that also read the other spellings ---------------------------------------------

class ContractChoice(click.Choice):
    """The contracts listed in --help; Czech names (hra, sedma, kilo, dvě sedmy …) read as well."""

    def __init__(self) -> None:
        super().__init__([c.value for c in Contract], case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from analyzer.errors import MariasError

        try:
            return Contract.parse(value).value
        except MariasError as exc:
            self.fail(str(exc), param, ctx)


class SuitChoice(click.Choice):
    """Suit letters h b l a (``none`` for no trump) listed in --help; the aliases (♥, č, k, z …) read too."""

    def __init__(self, none: bool = True) -> None:
        super().__init__(["h", "b", "l", "a"] + (["none"] if none else []), case_sensitive=False)
        self.none = none

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str | None:
        from analyzer.cards import Suit
        from analyzer.errors import MariasError
        from analyzer.reading import is_no_trump

        if self.none and is_no_trump(value):
            return "none"
        try:
            return Suit.from_str(str(value)).token
        except MariasError:
            self.fail(f"{value!r} is not a suit (use {', '.join(self.choices)})", param, ctx)


SEATS = click.Choice(["0", "1", "2"])
SHARP_TALON_OPTION = click.option(
    "--sharp-talon", is_flag=True, default=False,
    help="Allow an ace or ten in the talon of a game with trumps (csm 7.2 forbids it; the JSON's \"sharp_talon\").")


def position_options(claim: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options that give a position (or override the file's), in the JSON's own names."""
    options = [
        click.option("--hands", nargs=3, default=None, metavar="H0 H1 H2",
                     help="The three hands, seat 0 first, e.g. \"hA hX b7 ...\" or \"h: A X  b: 7\""
                          + ("; \"?\" for a hidden defender." if claim else ".")),
        click.option("--contract", type=ContractChoice(), default=None,
                     help="The contract (Czech names too: hra, sedma, kilo, betl, durch, dvě sedmy ...). "
                          "betl or durch on a position with trumps drops the trump."),
        click.option("--trump", type=SuitChoice(), default=None, help="The trump suit."),
        click.option("--side-suit", type=SuitChoice(none=False), default=None, help="Two sevens: the side suit."),
        click.option("--actor", type=SEATS, default=None, help="The actor's seat [default: 0]."),
        click.option("--leader", type=SEATS, default=None,
                     help="Who leads [default: forehand, or the actor in betl, durch and the basic rules]."),
        click.option("--talon", default=None, help="The two cards laid away."),
        click.option("--trick", default=None, help="The cards of the trick in progress, from its leader."),
        click.option("--rules", "rule_set", type=click.Choice(RULE_SETS), default=None,
                     help="The rule set [default: csm]."),
        SHARP_TALON_OPTION,
    ]
    if claim:
        options.insert(0, click.option("--hand", default=None,
                                       help="The actor's hand alone: the defence's cards are hidden."))
        options.append(click.option("--unseen", default=None,
                                    help="The defence's cards [default: every card not seen]."))

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


def position_data(source: str | None, what: str, options: dict[str, Any]) -> Any:
    """The position JSON from FILE (or standard input) or from the options alone, the options
    applied over the file's keys."""
    hands = options.pop("hands", None)
    hand = options.pop("hand", None)
    if hand is not None and hands is not None:
        raise BadInput("give --hand (the actor's alone) or --hands (all three), not both")
    if hands is None and hand is None:
        data = read_json(source or "-", what)
        if not isinstance(data, dict):
            return data  # the reader names what is wrong
    else:
        if source not in (None, "-"):
            raise BadInput(f"give the position as FILE or as options, not both ({source} and --hand[s])")
        data = {"hands": [None if h.strip() == "?" else h for h in hands] if hands else None}
        data["contract"] = "game"
    actor = options.get("actor")
    if hand is not None:
        seat = int(actor) if actor is not None else 0
        data["hands"] = [hand if s == seat else None for s in range(3)]
    renames = {"side_suit": "side_suit", "rule_set": "rules", "unseen": "unseen", "talon": "talon",
               "trick": "trick", "contract": "contract", "trump": "trump"}
    for option, key in renames.items():
        if options.get(option) is not None:
            data[key] = options[option]
    if options.get("sharp_talon"):
        data["sharp_talon"] = True
    for key in ("actor", "leader"):
        if options.get(key) is not None:
            data[key] = int(options[key])
    if options.get("trump") == "none":
        data["trump"] = None
    if options.get("contract") is not None and not Contract.parse(options["contract"]).has_trumps:
        if options.get("trump") not in (None, "none"):
            raise BadInput(f"{options['contract']} is played without trumps: drop --trump {options['trump']}")
        data["trump"] = None  # betl or durch on a position with trumps: the trump goes
        data.pop("side_suit", None)
    return data


__all__ = [
    "BadInput",
    "ContractChoice",
    "SuitChoice",
    "Whole",
    "check_talon",
    "decode",
    "open_source",
    "position_data",
    "position_options",
    "read_json",
]


def check_talon(data: Any) -> None:
    """csm 7.2 on the command's input (a position or claim JSON): a sharp talon is one line and
    exit status 2 unless allowed (``--sharp-talon``, ``"sharp_talon": true``)."""
    from analyzer.fields import check_talon_json

    if isinstance(data, dict):
        try:
            check_talon_json(reading.canonical_json(data))
        except MariasError as exc:
            raise BadInput(str(exc)) from None


def echo_json(result: Any, settlement: Any = None) -> None:
    """A result's JSON on stdout, with the settlement of ``--payment`` under ``"payment"``."""
    payload = result.to_json()
    if settlement is not None:
        payload["payment"] = settlement.to_json()
    click.echo(json.dumps(payload, ensure_ascii=False))
