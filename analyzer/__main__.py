"""``python -m analyzer``: the ``marias`` command (Ctrl-C while it starts is one line too)."""
import sys

try:
    from analyzer.cli import main
except KeyboardInterrupt:
    print("marias: interrupted", file=sys.stderr)
    sys.exit(130)

main(prog_name="marias")
