"""The ``marias`` command line: one click group, one module per command.

Every failure leaves as one line on stderr: bad input and usage errors with
exit status 2, Ctrl-C with 130 (one handler, :class:`MariasGroup`, for every
command); ``--json`` keeps stdout for the payload alone. Each command's module
imports what it needs when it runs, so ``marias --help`` stays fast.
"""
from __future__ import annotations

import os
import sys
from typing import Any

import click

from analyzer.cli.common import BadInput, read_json
from analyzer.errors import MariasError


class Interrupted(Exception):
    """Ctrl-C inside a command, carried past click (which would print a blank line first)."""


class MariasGroup(click.Group):
    """A click group whose every error is one line: click's usage banner and tracebacks never show."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted from None

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name or "marias", complete_var, standalone_mode=False, **extra)
        except BadInput as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            where = f" (marias {exc.ctx.command_path.partition(' ')[2]} -h for help)".replace("  ", " ") \
                if exc.ctx is not None and " " in exc.ctx.command_path else " (marias -h for help)"
            _one_line(exc.format_message() + where)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            _one_line(exc.format_message())
            sys.exit(exc.exit_code)
        except (Interrupted, click.Abort, KeyboardInterrupt):
            _one_line("interrupted")
            sys.exit(130)
        except (MariasError, UnicodeError) as exc:  # a command that let one through: still one line
            _one_line(str(exc))
            sys.exit(2)
        except Exception as exc:  # a bug: one line and status 1 (MARIAS_DEBUG=1 shows the traceback)
            if os.environ.get("MARIAS_DEBUG"):
                raise
            _one_line(f"internal error, please report it: {type(exc).__name__}: {exc}")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _one_line(message: str) -> None:
    text = " ".join(message.split()) or "error"
    click.echo(f"marias: {text}", err=True)


@click.group(cls=MariasGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="marias-analyzer")
def main() -> None:
    """The reference analyser for Mariáš."""


from analyzer.cli import (
    advise,
    claim,
    mustamaija,
    review,
    score,
    serve,
    solve,
    study,
    tysiacha,
)

# Each command lives in its own module and knows nothing of the group (no import cycle).
for _command in (solve.solve, claim.claim_command, review.review_command, score.score, advise.advise,
                 serve.serve, study.study_command, study.plot_command, mustamaija.mustamaija,
                 tysiacha.tysiacha):
    main.add_command(_command)

__all__ = ["BadInput", "MariasGroup", "advise", "claim", "main", "mustamaija", "read_json", "review", "score", "serve",
           "solve", "study", "tysiacha"]
