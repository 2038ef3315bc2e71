"""The driver of the plain alpha-beta solver (plain_ab.c): compile, load, ask.

Independent of the package on purpose: it imports nothing from ``analyzer``
and reads the position JSON itself (canonical tokens: suits ``h b l a``, ranks
``7 8 9 U O K X A``), so that the known answers it produces are a second
opinion on the shipped solver, not a copy of it. The verdicts follow
docs/semantics.md literally (the same reading as tests/reference.py, whose
module docstring lists the choices where the text leaves room).

``oracle_solve(position)`` answers what ``analyzer.solver.Solver`` answers:
``makes``, ``components``, ``actor_points``, ``defence_points``, ``hra_value``
(points) and, on request, ``card_values`` (per legal card of the player to
move: ``makes`` and ``hra_value``).
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).with_name("plain_ab.c")
SUITS = "hbla"
RANKS = "789UOKXA"  # the order of the games with trumps; plain_ab.c ranks betl and durch itself
NO_TRUMP = ("betl", "durch", "open-betl", "open-durch")
CONTRACTS = ("game", "seven", "hundred", "hundred-seven", "betl", "durch", "open-betl", "open-durch",
             "two-sevens", "two-sevens-hundred", "seven-against", "hundred-against")
# What "makes" means and what the result's ``components`` lists (docs/semantics.md).
OWN_GOAL = {"game": ("game",), "seven": ("seven",), "hundred": ("hundred",),
            "hundred-seven": ("hundred", "seven"), "two-sevens": ("two-sevens",),
            "two-sevens-hundred": ("two-sevens", "hundred"), "seven-against": ("seven-against",),
            "hundred-against": ("hundred-against",), "betl": ("betl",), "durch": ("durch",),
            "open-betl": ("open-betl",), "open-durch": ("open-durch",)}
REPORTED = {"hundred-seven": ("hundred", "seven"), "two-sevens-hundred": ("two-sevens", "hundred"),
            "seven": ("seven", "game"), "seven-against": ("seven-against", "game"),
            "hundred-against": ("hundred-against", "game")}

GOAL_HRA, GOAL_HUNDRED, GOAL_SEVENS, GOAL_BETL, GOAL_DURCH = range(5)

_lib: ctypes.CDLL | None = None


def library() -> ctypes.CDLL:
    """plain_ab.c compiled with gcc into a shared object in the temp folder (once per source text)."""
    global _lib
    if _lib is not None:
        return _lib
    text = SOURCE.read_bytes()
    digest = hashlib.sha256(text).hexdigest()[:16]
    target = Path(tempfile.gettempdir()) / f"marias_plain_ab_{digest}.so"
    if not target.exists():
        fd, tmp = tempfile.mkstemp(suffix=".so", dir=target.parent)
        os.close(fd)
        try:
            # gcc unless CC says otherwise; warnings are shown, not fatal (compilers differ in them).
            subprocess.run([os.environ.get("CC", "gcc"), "-O2", "-std=c99", "-Wall", "-shared", "-fPIC", "-o", tmp,
                            str(SOURCE)], check=True)
            os.replace(tmp, target)  # atomic: parallel test runs never load a half-written file
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    lib = ctypes.CDLL(str(target))
    u32p, intp = ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_int)
    lib.pab_new.restype = ctypes.c_void_p
    lib.pab_new.argtypes = [intp, ctypes.c_int]
    lib.pab_free.argtypes = [ctypes.c_void_p]
    lib.pab_nodes.restype = ctypes.c_longlong
    lib.pab_nodes.argtypes = [ctypes.c_void_p]
    lib.pab_value.restype = ctypes.c_int
    lib.pab_value.argtypes = [ctypes.c_void_p, u32p, intp, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.pab_move_values.restype = ctypes.c_int
    lib.pab_move_values.argtypes = [ctypes.c_void_p, u32p, intp, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                    intp, intp]
    _lib = lib
    return lib


def card_index(token: str) -> int:
    assert len(token) == 2 and token[0] in SUITS and token[1] in RANKS, token
    return SUITS.index(token[0]) * 8 + RANKS.index(token[1])


def card_token(index: int) -> str:
    return SUITS[index // 8] + RANKS[index % 8]


def _cards(value: Any) -> list[str]:
    if not value:
        return []
    return value.split() if isinstance(value, str) else list(value)


def _sharp(token: str) -> int:
    return 1 if token[1] in "XA" else 0


class _Search:
    """One game (goal, who maximises, the contract's rules of play) and its own table."""

    def __init__(self, cfg: list[int], tt_log2: int) -> None:
        self.lib = library()
        assert len(cfg) == 22
        self.ctx = self.lib.pab_new((ctypes.c_int * 22)(*cfg), tt_log2)
        if not self.ctx:
            raise MemoryError("plain_ab: no memory for the table")
        self.nodes = 0

    def _state(self, state: tuple) -> tuple:
        hands, trick, leader, x = state
        return ((ctypes.c_uint32 * 3)(*hands), (ctypes.c_int * 3)(*(list(trick) + [-1] * (3 - len(trick)))),
                len(trick), leader, x)

    def value(self, state: tuple) -> int:
        out = self.lib.pab_value(self.ctx, *self._state(state))
        self.nodes = self.lib.pab_nodes(self.ctx)
        return out

    def move_values(self, state: tuple) -> dict[int, int]:
        cards, values = (ctypes.c_int * 10)(), (ctypes.c_int * 10)()
        n = self.lib.pab_move_values(self.ctx, *self._state(state), cards, values)
        self.nodes = self.lib.pab_nodes(self.ctx)
        return {cards[i]: values[i] for i in range(n)}

    def close(self) -> None:
        if self.ctx:
            self.lib.pab_free(self.ctx)
            self.ctx = None

    def __del__(self) -> None:
        self.close()


def oracle_solve(position: dict, card_values: bool = False, tt_log2: int | None = None) -> dict[str, Any]:
    """The open-hand answers for a position JSON (docs/semantics.md), valued by plain_ab.c only.

    ``value`` is G in units (the hra value, over-first halves included), for comparison
    with tests/reference.py; ``nodes`` counts the plain searches' nodes.
    """
    contract = position["contract"]
    assert contract in CONTRACTS, contract
    trump_token = position.get("trump")
    notrump = contract in NO_TRUMP
    assert (trump_token is None) == notrump, (contract, trump_token)
    trump = -1 if notrump else SUITS.index(trump_token)
    actor = position["actor"]
    rules = position.get("rules", "csm")
    leader = position.get("leader")
    if leader is None:  # docs/rules.md §3: forehand leads in csm and licit, except in betl and durch
        leader = actor if (rules == "basic" or notrump) else 0
    over_first = position.get("marriage_rule", "czech") == "over-first"

    hand_tokens = [_cards(h) for h in position["hands"]]
    trick_tokens = _cards(position.get("trick"))
    talon = _cards(position.get("talon"))
    score = position.get("score") or {}
    score_a, score_d = score.get("actor", 0), score.get("defence", 0)
    marriages = position.get("marriages") or {}
    declared = {side: [s for s in "".join(_cards(marriages.get(side))) if s in SUITS]
                for side in ("actor", "defence")}

    hands = [0, 0, 0]
    for seat, tokens in enumerate(hand_tokens):
        for t in tokens:
            hands[seat] |= 1 << card_index(t)
    trick = [card_index(t) for t in trick_tokens]
    all_cards = [c for h in hand_tokens for c in h] + trick_tokens + talon
    assert len(all_cards) == len(set(all_cards)), "a card twice"
    defenders = [s for s in range(3) if s != actor]
    size = sum(len(h) for h in hand_tokens) + len(trick)
    if tt_log2 is None:
        tt_log2 = 20 if size > 18 else 14

    def mval(suit: str) -> int:  # units of 10 points
        return 4 if suit == trump_token else 2

    mvals = [mval(s) for s in SUITS]

    def holds(seat: int) -> list[str]:
        return [s for s in SUITS if {s + "K", s + "O"} <= set(hand_tokens[seat])]

    # Announced cards and the seven goals: (card, trick from the end it must win).
    required: list[tuple[int, int]] = []
    if contract in ("seven", "hundred-seven", "seven-against", "two-sevens", "two-sevens-hundred"):
        required.append((card_index(trump_token + "7"), 1))
    if contract in ("two-sevens", "two-sevens-hundred"):
        required.insert(0, (card_index(position["side_suit"] + "7"), 2))
    announced = 0
    for card, _ in required:
        announced |= 1 << card
    nodes = 0

    def game(goal: int, maximisers: list[int], counts: list[int] = (), lex: bool = False,
             req: list[tuple[int, int]] = ()) -> _Search:
        flat = [c for r in list(req) + [(0, 0)] * (2 - len(req)) for c in r]
        cfg = ([trump, int(notrump), actor, goal, int(over_first), int(lex), announced, len(req)] + flat
               + [int(s in maximisers) for s in range(3)] + [int(s in counts) for s in range(3)] + mvals)
        return _Search(cfg, tt_log2)

    def run(search: _Search, x: int = 0) -> tuple[int, dict[int, int] | None]:
        nonlocal nodes
        state = (hands, trick, leader, x)
        value = search.value(state)
        moves = search.move_values(state) if card_values else None
        nodes += search.nodes
        search.close()
        return value, moves

    out: dict[str, Any] = {}
    if notrump:
        goal = GOAL_DURCH if contract.endswith("durch") else GOAL_BETL
        value, moves = run(game(goal, [actor]))
        out = {"makes": value == 1, "actor_points": None, "defence_points": None, "components": {},
               "hra_value": None, "value": None}
        if card_values:
            out["card_values"] = {card_token(c): {"makes": v == 1} for c, v in sorted(moves.items())}
        out["nodes"] = nodes
        return out

    # R: trick points still to be taken; the talon's sharp cards count for the defence.
    R = sum(_sharp(t) for t in all_cards if t not in talon) + 1
    talon_sharp = sum(_sharp(t) for t in talon)
    fixed = [0 if over_first else sum(mval(s) for s in holds(p)) for p in range(3)]
    fixed_a, fixed_d = fixed[actor], sum(fixed[p] for p in defenders)

    # The hra: G (and under over-first the lexicographic pair (G, actor's trick points)).
    hra_raw, hra_moves = run(game(GOAL_HRA, [actor], lex=over_first))

    def split(v: int) -> tuple[int, int]:
        return (v // 16, v % 16) if over_first else (v, v)

    G, trick_a = split(hra_raw)

    def game_makes(g: int) -> bool:
        return score_a + 10 * fixed_a - score_d - 10 * fixed_d - 10 * talon_sharp + 10 * (2 * g - R) > 0

    values: dict[str, tuple[Any, Any]] = {}  # component -> (makes, {card: makes after it})
    needed = set(OWN_GOAL[contract]) | set(REPORTED.get(contract, ()))
    for name in needed:
        if name == "game":
            per_card = {c: game_makes(split(v)[0]) for c, v in (hra_moves or {}).items()}
            values[name] = (game_makes(G), per_card)
        elif name in ("seven", "two-sevens", "seven-against"):
            side = defenders if name == "seven-against" else [actor]
            v, moves = run(game(GOAL_SEVENS, side, req=required))
            values[name] = (v == 1, {c: w == 1 for c, w in (moves or {}).items()})
        elif name in ("hundred", "hundred-against"):
            seats, key = ([actor], "actor") if name == "hundred" else (defenders, "defence")
            side_score = score_a if key == "actor" else score_d
            taken = side_score - 10 * sum(mval(s) for s in declared[key])
            if key == "defence":
                taken += 10 * talon_sharp
            best = max([mval(s) for s in declared[key]], default=0)
            if not over_first:
                best = max([best] + [mval(s) for p in seats for s in holds(p)])
            v, moves = run(game(GOAL_HUNDRED, seats, counts=seats), best)
            values[name] = (taken + 10 * v >= 100, {c: taken + 10 * w >= 100 for c, w in (moves or {}).items()})
        else:
            raise AssertionError(name)
    out = {"makes": all(values[p][0] for p in OWN_GOAL[contract]),
           "actor_points": 10 * trick_a,
           "defence_points": 10 * (R - trick_a),
           "components": {name: values[name][0] for name in REPORTED.get(contract, ())},
           "hra_value": 10 * G,
           "value": G}
    if card_values:
        out["card_values"] = {
            card_token(c): {"makes": all(values[p][1][c] for p in OWN_GOAL[contract]),
                            "hra_value": 10 * split(v)[0]}
            for c, v in sorted(hra_moves.items())}
    out["nodes"] = nodes
    return out
