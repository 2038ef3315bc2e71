"""The analysis board: a local web page over the solver and the claims (``marias serve``).

``create_app()`` gives the Starlette application; docs/board.md is for players
and lists the JSON API.
"""
from analyzer.web.app import create_app

__all__ = ["create_app"]
