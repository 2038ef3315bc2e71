"""What every command shares: the one-line error, reading JSON, whole-number options."""
from __future__ import annotations

import json
from typing import Any, TextIO

import click


class BadInput(click.UsageError):
    """A domain ``ValueError`` turned into click's exit status 2, without the usage banner."""

    def show(self, file: TextIO | None = None) -> None:
        click.echo(f"marias: {self.format_message()}", err=True)


def read_json(source: TextIO, what: str) -> Any:
    """Parse a JSON document from an open file, turning every failure into ``BadInput``."""
    text = source.read()
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")


class Whole(click.ParamType):
    """A whole number >= ``minimum``; anything else is one line on stderr and exit 2 (BadInput)."""

    name = "integer"

    def __init__(self, minimum: int | None = None) -> None:
        self.minimum = minimum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        flag = f"--{param.name.replace('_', '-')}" if param is not None and param.name else "the value"
        try:
            number = int(str(value).strip())
        except ValueError:
            raise BadInput(f"{flag} must be a whole number, not {value!r}") from None
        if self.minimum is not None and number < self.minimum:
            raise BadInput(f"{flag} must be at least {self.minimum}, not {number}")
        return number
