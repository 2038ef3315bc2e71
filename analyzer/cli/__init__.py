"""The ``marias`` command line: one click group, one module per command.

Bad input leaves as one line on stderr with exit status 2 (click's
``UsageError`` convention); ``--json`` keeps stdout for the payload alone.
Each command's module imports what it needs when it runs, so ``marias --help``
stays fast.
"""
from __future__ import annotations

import click

from analyzer.cli.common import BadInput, read_json  # noqa: F401  (the helpers every command uses)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="marias-analyzer")
def main() -> None:
    """The reference analyser for Mariáš."""


from analyzer.cli import advise, claim, score, solve, study  # noqa: E402  (each registers its commands on main)

__all__ = ["main", "BadInput", "read_json", "advise", "claim", "score", "solve", "study"]
