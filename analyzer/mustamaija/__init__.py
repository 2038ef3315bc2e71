"""Mustamaija (Black Maria), the Finnish beating game: positions, rules, an exact endgame
solver and deal studies (docs/mustamaija.md). Nothing here depends on the Mariáš layers."""
from analyzer.mustamaija.position import Position, parse_position
from analyzer.mustamaija.rules import Rules, legal_moves, move_str, parse_move, play
from analyzer.mustamaija.solver import Solver, SolveResult, solve

__all__ = ["Position", "Rules", "SolveResult", "Solver", "legal_moves", "move_str", "parse_move", "parse_position",
           "play", "solve"]
