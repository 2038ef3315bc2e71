# Re-declares cext/solver.h for Cython; nothing else.
from libc.stdint cimport int8_t, uint32_t, uint64_t

cdef extern from "solver.h" nogil:
    ctypedef struct mr_position:
        uint32_t hands[3]
        int8_t trick[3]
        int ntrick
        int leader
        int trump
        int actor
        int maximiser
        int goal
        int marriage
        int best_marriage
        uint32_t sharp
        uint32_t announced
        int8_t goal_card[2]
        int8_t goal_when[2]
        int ngoal

    ctypedef struct mr_ctx:
        pass

    const char *mr_error_text(int code)
    int mr_ctx_new(mr_ctx **out, int tt_log2)
    void mr_ctx_free(mr_ctx *ctx)
    void mr_ctx_clear(mr_ctx *ctx)
    int mr_set_position(mr_ctx *ctx, const mr_position *pos)
    int mr_search(mr_ctx *ctx, int target, int *yes)
    int mr_value(mr_ctx *ctx, int *value)
    int mr_root_moves(mr_ctx *ctx, int8_t *cards, int *n)
    int mr_move_value(mr_ctx *ctx, int card, int *value)
    int mr_line(mr_ctx *ctx, int value, int8_t *cards, int8_t *gains, int *n)
    uint64_t mr_nodes(const mr_ctx *ctx)
