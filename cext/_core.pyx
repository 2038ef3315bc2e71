# cython: language_level=3
"""Thin wrapper of the C search: one ``Search`` owns one C context.
``StockSearch`` owns one context of the two-player stock phase (cext/stock.h),
``TysiachaSearch`` one of Tysiacha's search (cext/tysiacha.h).

A *game* is the tuple ``(trump, notrump_order, actor, maximiser, goal, marriage,
sharp, announced, goals)`` (``goals``: (card, trick from the end) pairs), with
two more items for other seatings: ``nseats`` (2, 3 or 4) and ``team`` (the
seats playing with the actor as a bit mask; 0 for the actor alone), and a
twelfth, ``free_tricks``, for durch with the wise one (the last trick does not
count: 1; cext/solver.h), and a thirteenth, ``policy``, for the actor's fixed plan
(``POLICY_CASHING``, ``POLICY_BETL``, ``POLICY_SIDE_FIRST``: his cards are the plan's, not searched). A
*state* is the tuple ``(hands, trick, leader, best_marriage)`` (one hand per
seat, at most one card fewer than the seats in the trick); cards are bit
indices of the layout in cext/solver.h. Both go with every call, so a context
never holds half a position. Arguments are converted with the GIL held, each
search runs in one ``with nogil`` block under the context's lock (a context is
one thread's at a time), and a C error code becomes a ``CoreError`` afterwards.
"""
import threading

import numpy as np

from libc.stdint cimport int8_t, int16_t, uint32_t
from libc.stdlib cimport malloc, free

from csolver cimport (
    MR_EXACT, mr_ctx, mr_game, mr_state, mr_question, mr_error_text, mr_ctx_new, mr_ctx_free, mr_ctx_clear,
    mr_ctx_use_pext, mr_search, mr_value, mr_move_values, mr_line, mr_batch, mr_nodes, mr_quick, mr_policy_card,
    MS_EXCHANGE, ms_game, ms_state, ms_ctx, ms_ctx_new, ms_ctx_free, ms_set_time_limit, ms_set_stop, ms_search, ms_value,
    ms_move_values, ms_line, ms_nodes, ms_leaves,
    TY_DECLARE, TY_EXACT, ty_game, ty_state, ty_ctx, ty_ctx_new, ty_ctx_free, ty_ctx_clear, ty_value, ty_search,
    ty_move_values, ty_line, ty_batch, ty_nodes, ty_shuffle,
)

from analyzer.errors import MariasError

GOAL_POINTS, GOAL_BETL, GOAL_DURCH, GOAL_SEVENS = 0, 1, 2, 3
MARR_NONE, MARR_DIFF, MARR_BEST = 0, 1, 2
POLICY_NONE, POLICY_CASHING, POLICY_BETL, POLICY_SIDE_FIRST = 0, 1, 2, 3
EXACT = MR_EXACT
EXCHANGE = MS_EXCHANGE
STOPPED = -8


class CoreError(MariasError):
    """The C core refused its arguments (a position the Python layer should have rejected)."""


class Stopped(Exception):
    """A batch ended early because its stop flag was raised."""


cdef int check(int code) except -1:
    if code == STOPPED:
        raise Stopped("stopped")
    if code < 0:
        raise CoreError(mr_error_text(code).decode())
    return 0


cdef int to_game(object game, mr_game *g) except -1:
    if len(game) not in (9, 11, 12, 13):
        raise CoreError("a game is 9, 11, 12 or 13 items")
    trump, order, actor, maximiser, goal, marriage, sharp, announced, goals = game[:9]
    nseats, team, free_tricks, policy = tuple(game[9:]) + (3, 0, 0, POLICY_NONE)[len(game) - 9:]
    if len(goals) > 2:
        raise CoreError("at most two goal cards")
    g.trump, g.notrump_order, g.actor, g.maximiser = trump, order, actor, maximiser
    g.goal, g.marriage, g.sharp, g.announced = goal, marriage, sharp, announced
    g.ngoal = len(goals)
    g.nseats, g.team, g.free_tricks, g.policy = nseats, team, free_tricks, policy
    for i in range(g.ngoal):
        g.goal_card[i], g.goal_when[i] = goals[i]
    return 0


cdef int to_state(object state, mr_state *s) except -1:
    hands, trick, leader, best = state
    if len(hands) not in (2, 3, 4) or len(trick) >= len(hands):
        raise CoreError("two to four hands and fewer cards in the trick than hands")
    for i in range(4):
        s.hands[i] = 0
    for i in range(len(hands)):
        s.hands[i] = hands[i]
    s.ntrick = len(trick)
    for i in range(s.ntrick):
        s.trick[i] = trick[i]
    s.leader, s.best_marriage = leader, best
    return 0


cdef class Search:
    """An open-hand search context with its own transposition table (2**tt_log2 entries of 32 bytes)."""
    cdef mr_ctx *ctx
    cdef object lock

    def __cinit__(self, int tt_log2=16):
        if not 10 <= tt_log2 <= 28:
            raise CoreError(f"the table size is 2**10 to 2**28 entries, not 2**{tt_log2}")
        check(mr_ctx_new(&self.ctx, tt_log2))
        self.lock = threading.Lock()

    def __dealloc__(self):
        mr_ctx_free(self.ctx)

    def clear(self):
        with self.lock:
            mr_ctx_clear(self.ctx)

    def use_pext(self, bint on) -> bool:
        """Squeeze table keys with pext (True) or the portable byte tables; returns the setting in force."""
        with self.lock:
            return bool(mr_ctx_use_pext(self.ctx, on))

    def search(self, game, state, int target) -> bool:
        """Can the maximising side reach a value >= target?"""
        cdef mr_game g
        cdef mr_state s
        cdef int yes = 0, code
        to_game(game, &g)
        to_state(state, &s)
        with self.lock:
            with nogil:
                code = mr_search(self.ctx, &g, &s, target, &yes)
        check(code)
        return bool(yes)

    def value(self, game, state) -> int:
        cdef mr_game g
        cdef mr_state s
        cdef int v = 0, code
        to_game(game, &g)
        to_state(state, &s)
        with self.lock:
            with nogil:
                code = mr_value(self.ctx, &g, &s, &v)
        check(code)
        return v

    def move_values(self, game, state) -> list:
        """(card, exact value after it) for every legal card of the side to move."""
        cdef mr_game g
        cdef mr_state s
        cdef int8_t cards[10]
        cdef int values[10]
        cdef int n = 0, code
        to_game(game, &g)
        to_state(state, &s)
        with self.lock:
            with nogil:
                code = mr_move_values(self.ctx, &g, &s, cards, values, &n)
        check(code)
        return [(cards[i], values[i]) for i in range(n)]

    def policy_card(self, game, state) -> int:
        """The card the game's policy plays for the actor, who is to move in ``state``."""
        cdef mr_game g
        cdef mr_state s
        cdef int card = -1, code
        to_game(game, &g)
        to_state(state, &s)
        with self.lock:
            with nogil:
                code = mr_policy_card(self.ctx, &g, &s, &card)
        check(code)
        return card

    def line(self, game, state, int value) -> list:
        """A principal variation: (card, units the maximising side gained by it, of which marriage) triples."""
        cdef mr_game g
        cdef mr_state s
        cdef int8_t cards[32]
        cdef int8_t gains[32]
        cdef int8_t marriages[32]
        cdef int n = 0, code
        to_game(game, &g)
        to_state(state, &s)
        with self.lock:
            with nogil:
                code = mr_line(self.ctx, &g, &s, value, cards, gains, marriages, &n)
        check(code)
        return [(cards[i], gains[i], marriages[i]) for i in range(n)]

    def batch(self, questions, state, const uint32_t[:, ::1] hands, const int16_t[:, ::1] targets=None,
              bint stop_on_no=False, int[::1] stop=None):
        """Answer every question (a (game, target) pair; target EXACT for the value) in every world.

        World w is ``state`` with the hands ``hands[w]`` (four columns: the fourth is 0 for three seats); ``targets[w, q]``, when given, replaces
        question q's target. Returns (answers as an int16 array (worlds, questions), the number of
        worlds answered, whether ``stop[0]`` became non-zero and ended the batch early).
        """
        cdef int nq = len(questions), n = hands.shape[0], done = 0, code
        cdef mr_state s
        cdef mr_question *qs
        if hands.shape[1] != 4:
            raise CoreError("hands must be an array of shape (worlds, 4) (the fourth column 0 for three seats)")
        if targets is not None and (targets.shape[0] != n or targets.shape[1] != nq):
            raise CoreError("targets must be an array of shape (worlds, questions)")
        out = np.zeros((n, nq), np.int16)
        cdef int16_t[:, ::1] out_view = out
        to_state(state, &s)
        qs = <mr_question *>malloc(max(nq, 1) * sizeof(mr_question))
        if qs == NULL:
            raise MemoryError()
        try:
            for i, (game, target) in enumerate(questions):
                to_game(game, &qs[i].game)
                qs[i].target = target
            with self.lock:
                with nogil:
                    code = mr_batch(self.ctx, qs, nq, &s, &hands[0, 0] if n else NULL,
                                    &targets[0, 0] if targets is not None and n else NULL, n,
                                    &out_view[0, 0] if n else NULL, stop_on_no,
                                    &stop[0] if stop is not None else NULL, &done)
        finally:
            free(qs)
        if code != STOPPED:
            check(code)
        return out, done, code == STOPPED

    @property
    def nodes(self) -> int:
        """Nodes searched by the last call."""
        return mr_nodes(self.ctx)

    @property
    def quick(self) -> int:
        """Worlds of the last batch settled at the root without a search (quick bounds or table)."""
        return mr_quick(self.ctx)


cdef int to_stock_game(object game, object stock, bint six, ms_game *g) except -1:
    to_game(game, &g.game)
    if len(stock) > 30 or len(stock) % 2:
        raise CoreError("the stock holds an even number of cards, at most 30")
    g.six = six
    g.nstock = len(stock)
    for i in range(g.nstock):
        g.stock[i] = stock[i]
    return 0


cdef int to_stock_state(object state, ms_state *s) except -1:
    hands, trick, leader, best = state
    if len(hands) != 2 or len(trick) > 1:
        raise CoreError("two hands and at most one card in the trick")
    s.hands[0], s.hands[1] = hands
    s.trick = trick[0] if trick else -1
    s.leader, s.best_marriage = leader, best
    return 0


cdef class StockSearch:
    """The two-player game while the stock lasts (cext/stock.h): a game and a state as for
    ``Search`` (two hands, at most one card in the trick) with the stock (bit indices, drawing
    order) and ``six`` (the six-card variant). A move is a card or ``EXCHANGE``."""
    cdef ms_ctx *ctx
    cdef object lock

    def __cinit__(self, int tt_log2=20, int core_log2=21):
        if not 10 <= tt_log2 <= 28 or not 10 <= core_log2 <= 28:
            raise CoreError("the table sizes are 2**10 to 2**28 entries")
        check(ms_ctx_new(&self.ctx, tt_log2, core_log2))
        self.lock = threading.Lock()

    def __dealloc__(self):
        ms_ctx_free(self.ctx)

    def set_time_limit(self, double seconds):
        """Later searches stop (raising ``Stopped``) after this many seconds; 0: no limit."""
        with self.lock:
            ms_set_time_limit(self.ctx, seconds)

    def set_stop(self, bint stop=True):
        """Stop the search now running and later ones (``Stopped``) until called with False. Not
        under the lock, which the running search holds: safe from any thread."""
        ms_set_stop(self.ctx, stop)

    def search(self, game, stock, bint six, state, int target) -> bool:
        cdef ms_game g
        cdef ms_state s
        cdef int yes = 0, code
        to_stock_game(game, stock, six, &g)
        to_stock_state(state, &s)
        with self.lock:
            with nogil:
                code = ms_search(self.ctx, &g, &s, target, &yes)
        check(code)
        return bool(yes)

    def value(self, game, stock, bint six, state) -> int:
        cdef ms_game g
        cdef ms_state s
        cdef int v = 0, code
        to_stock_game(game, stock, six, &g)
        to_stock_state(state, &s)
        with self.lock:
            with nogil:
                code = ms_value(self.ctx, &g, &s, &v)
        check(code)
        return v

    def move_values(self, game, stock, bint six, state) -> list:
        """(move, exact value after it) for every move of the player to move."""
        cdef ms_game g
        cdef ms_state s
        cdef int8_t moves[16]
        cdef int values[16]
        cdef int n = 0, code
        to_stock_game(game, stock, six, &g)
        to_stock_state(state, &s)
        with self.lock:
            with nogil:
                code = ms_move_values(self.ctx, &g, &s, moves, values, &n)
        check(code)
        return [(moves[i], values[i]) for i in range(n)]

    def line(self, game, stock, bint six, state, int value) -> list:
        """A principal variation: (move, units gained by the maximising side, of which marriage) triples."""
        cdef ms_game g
        cdef ms_state s
        cdef int8_t moves[48]
        cdef int8_t gains[48]
        cdef int8_t marriages[48]
        cdef int n = 0, code
        to_stock_game(game, stock, six, &g)
        to_stock_state(state, &s)
        with self.lock:
            with nogil:
                code = ms_line(self.ctx, &g, &s, value, moves, gains, marriages, &n)
        check(code)
        return [(moves[i], gains[i], marriages[i]) for i in range(n)]

    @property
    def nodes(self) -> int:
        """Stock-phase nodes searched by the last call."""
        return ms_nodes(self.ctx)

    @property
    def leaves(self) -> int:
        """Endgame searches made by the last call where the stock ran out."""
        return ms_leaves(self.ctx)


DECLARE = TY_DECLARE


cdef int to_ty_game(object game, ty_game *g) except -1:
    declarer, any_lead, must_beat, marriages = game
    if len(marriages) != 4:
        raise CoreError("four marriage values, one per suit")
    g.declarer, g.any_lead, g.must_beat = declarer, any_lead, must_beat
    for i in range(4):
        g.marriage[i] = marriages[i]
    return 0


cdef int to_ty_state(object state, ty_state *s) except -1:
    hands, trick, leader, trump, first = state
    if len(hands) != 3 or len(trick) > 2:
        raise CoreError("three hands and at most two cards in the trick")
    for i in range(3):
        s.hands[i] = hands[i]
    s.ntrick = len(trick)
    for i in range(2):
        s.trick[i] = trick[i] if i < s.ntrick else 0
    s.leader, s.trump, s.first = leader, trump, first
    return 0


cdef class TysiachaSearch:
    """Tysiacha's open-hand search (cext/tysiacha.h). A game is ``(declarer, any_lead, must_beat,
    marriage points per suit)``; a state ``(hands, trick, leader, trump or -1, first trick)``.
    A move is a card index, plus ``DECLARE`` for a lead that declares its marriage. Values are
    the declarer's points in the rest of the play (tricks and his own declarations)."""
    cdef ty_ctx *ctx
    cdef object lock

    def __cinit__(self, int tt_log2=18):
        if not 10 <= tt_log2 <= 28:
            raise CoreError(f"the table size is 2**10 to 2**28 entries, not 2**{tt_log2}")
        check(ty_ctx_new(&self.ctx, tt_log2))
        self.lock = threading.Lock()

    def __dealloc__(self):
        ty_ctx_free(self.ctx)

    def clear(self):
        with self.lock:
            ty_ctx_clear(self.ctx)

    def value(self, game, state) -> int:
        cdef ty_game g
        cdef ty_state s
        cdef int v = 0, code
        to_ty_game(game, &g)
        to_ty_state(state, &s)
        with self.lock:
            with nogil:
                code = ty_value(self.ctx, &g, &s, &v)
        check(code)
        return v

    def search(self, game, state, int target) -> bool:
        """Does the declarer reach at least ``target`` in the rest of the play?"""
        cdef ty_game g
        cdef ty_state s
        cdef int yes = 0, code
        to_ty_game(game, &g)
        to_ty_state(state, &s)
        with self.lock:
            with nogil:
                code = ty_search(self.ctx, &g, &s, target, &yes)
        check(code)
        return bool(yes)

    def move_values(self, game, state) -> list:
        """(move, exact value after it) for every legal move of the seat to move."""
        cdef ty_game g
        cdef ty_state s
        cdef int8_t moves[16]
        cdef int values[16]
        cdef int n = 0, code
        to_ty_game(game, &g)
        to_ty_state(state, &s)
        with self.lock:
            with nogil:
                code = ty_move_values(self.ctx, &g, &s, moves, values, &n)
        check(code)
        return [(moves[i], values[i]) for i in range(n)]

    def line(self, game, state, int value) -> list:
        """A principal variation: (move, the declarer's gain by it) pairs to the end of play."""
        cdef ty_game g
        cdef ty_state s
        cdef int8_t moves[24]
        cdef int16_t gains[24]
        cdef int n = 0, code
        to_ty_game(game, &g)
        to_ty_state(state, &s)
        with self.lock:
            with nogil:
                code = ty_line(self.ctx, &g, &s, value, moves, gains, &n)
        check(code)
        return [(moves[i], gains[i]) for i in range(n)]

    def batch(self, game, state, const uint32_t[:, ::1] hands, int target, bint stop_on_no=False):
        """Every world (a row of three hands replacing the state's): 1/0 for ``target`` or the value
        for ``EXACT_TY``. Returns (an int16 array, the number of worlds answered)."""
        cdef ty_game g
        cdef ty_state s
        cdef int n = hands.shape[0], done = 0, code
        if hands.shape[1] != 3:
            raise CoreError("hands must be an array of shape (worlds, 3)")
        out = np.zeros(n, np.int16)
        cdef int16_t[::1] out_view = out
        to_ty_game(game, &g)
        to_ty_state(state, &s)
        with self.lock:
            with nogil:
                code = ty_batch(self.ctx, &g, &s, &hands[0, 0] if n else NULL, n, target,
                                &out_view[0] if n else NULL, stop_on_no, &done)
        check(code)
        return out, done

    def shuffle(self, seed: int) -> None:
        """Tests: try moves in a random order from ``seed`` (0: the search's own order)."""
        with self.lock:
            ty_shuffle(self.ctx, seed)

    @property
    def nodes(self) -> int:
        """Nodes searched by the last call."""
        return ty_nodes(self.ctx)


EXACT_TY = TY_EXACT
