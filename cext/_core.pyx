# cython: language_level=3
"""Thin wrapper of the C search: one ``Search`` owns one C context.

Arguments are converted with the GIL held, each search runs in one
``with nogil`` block, and a C error code becomes a ``CoreError`` afterwards.
Cards are bit indices in the C core's lane layout (see cext/solver.h).
"""
from libc.stdint cimport int8_t, uint32_t

from csolver cimport (
    mr_ctx, mr_position, mr_error_text, mr_ctx_new, mr_ctx_free, mr_ctx_clear,
    mr_set_position, mr_search, mr_value, mr_root_moves, mr_move_value, mr_line, mr_nodes,
)

GOAL_POINTS, GOAL_BETL, GOAL_DURCH, GOAL_SEVENS = 0, 1, 2, 3
MARR_NONE, MARR_DIFF, MARR_BEST = 0, 1, 2


class CoreError(ValueError):
    """The C core refused its arguments (a position the Python layer should have rejected)."""


cdef int check(int code) except -1:
    if code < 0:
        raise CoreError(mr_error_text(code).decode())
    return 0


cdef class Search:
    """An open-hand search context with its own transposition table (2**tt_log2 entries of 24 bytes).

    The table survives ``load`` while the game's parameters stay the same, so
    many positions of one contract (a deal's lines, a claim's redistributions)
    share it.
    """
    cdef mr_ctx *ctx

    def __cinit__(self, int tt_log2=16):
        check(mr_ctx_new(&self.ctx, tt_log2))

    def __dealloc__(self):
        mr_ctx_free(self.ctx)

    def clear(self):
        mr_ctx_clear(self.ctx)

    def load(self, hands, trick, int leader, int trump, int actor, int maximiser, int goal,
             int marriage=MARR_NONE, int best_marriage=0, uint32_t sharp=0, uint32_t announced=0,
             goals=()):
        """Load a position; ``goals`` is a sequence of (card, trick from the end) pairs."""
        cdef mr_position pos
        cdef int code
        if len(hands) != 3 or len(trick) > 2 or len(goals) > 2:
            raise CoreError("three hands, at most two cards in the trick and two goal cards")
        for i in range(3):
            pos.hands[i] = hands[i]
        pos.ntrick = len(trick)
        for i in range(pos.ntrick):
            pos.trick[i] = trick[i]
        pos.leader, pos.trump, pos.actor, pos.maximiser = leader, trump, actor, maximiser
        pos.goal, pos.marriage, pos.best_marriage = goal, marriage, best_marriage
        pos.sharp, pos.announced = sharp, announced
        pos.ngoal = len(goals)
        for i in range(pos.ngoal):
            pos.goal_card[i], pos.goal_when[i] = goals[i]
        with nogil:
            code = mr_set_position(self.ctx, &pos)
        check(code)

    def search(self, int target) -> bool:
        """Can the maximising side reach a value >= target?"""
        cdef int yes = 0, code
        with nogil:
            code = mr_search(self.ctx, target, &yes)
        check(code)
        return bool(yes)

    def value(self) -> int:
        cdef int v = 0, code
        with nogil:
            code = mr_value(self.ctx, &v)
        check(code)
        return v

    def root_moves(self) -> list:
        cdef int8_t cards[10]
        cdef int n = 0
        check(mr_root_moves(self.ctx, cards, &n))
        return [cards[i] for i in range(n)]

    def move_value(self, int card) -> int:
        cdef int v = 0, code
        with nogil:
            code = mr_move_value(self.ctx, card, &v)
        check(code)
        return v

    def line(self, int value) -> list:
        """A principal variation: (card, units gained by the maximising side) pairs."""
        cdef int8_t cards[32]
        cdef int8_t gains[32]
        cdef int n = 0, code
        with nogil:
            code = mr_line(self.ctx, value, cards, gains, &n)
        check(code)
        return [(cards[i], gains[i]) for i in range(n)]

    @property
    def nodes(self) -> int:
        return mr_nodes(self.ctx)
