# Re-declares cext/solver.h for Cython; nothing else.
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t

cdef extern from "solver.h" nogil:
    int MR_EXACT

    ctypedef struct mr_game:
        int trump
        int notrump_order
        int actor
        int maximiser
        int goal
        int marriage
        uint32_t sharp
        uint32_t announced
        int8_t goal_card[2]
        int8_t goal_when[2]
        int ngoal
        int nseats
        int team
        int free_tricks
        int policy

    ctypedef struct mr_state:
        uint32_t hands[4]
        int8_t trick[3]
        int ntrick
        int leader
        int best_marriage

    ctypedef struct mr_question:
        mr_game game
        int target

    ctypedef struct mr_ctx:
        pass

    const char *mr_error_text(int code)
    int mr_ctx_new(mr_ctx **out, int tt_log2)
    void mr_ctx_free(mr_ctx *ctx)
    void mr_ctx_clear(mr_ctx *ctx)
    int mr_ctx_use_pext(mr_ctx *ctx, int on)
    int mr_search(mr_ctx *ctx, const mr_game *game, const mr_state *state, int target, int *yes)
    int mr_value(mr_ctx *ctx, const mr_game *game, const mr_state *state, int *value)
    int mr_move_values(mr_ctx *ctx, const mr_game *game, const mr_state *state, int8_t *cards, int *values, int *n)
    int mr_line(mr_ctx *ctx, const mr_game *game, const mr_state *state, int value, int8_t *cards, int8_t *gains,
                int8_t *marriages, int *n)
    int mr_batch(mr_ctx *ctx, const mr_question *questions, int nq, const mr_state *base, const uint32_t *hands,
                 const int16_t *targets, int nworlds, int16_t *out, int stop_on_no, const int *stop, int *done)
    int mr_policy_card(mr_ctx *ctx, const mr_game *game, const mr_state *state, int *card)
    uint64_t mr_nodes(const mr_ctx *ctx)
    uint64_t mr_quick(const mr_ctx *ctx)


cdef extern from "stock.h" nogil:
    int MS_EXCHANGE

    ctypedef struct ms_game:
        mr_game game
        int six
        int nstock
        int8_t stock[32]

    ctypedef struct ms_state:
        uint32_t hands[2]
        int8_t trick
        int leader
        int best_marriage

    ctypedef struct ms_ctx:
        pass

    int ms_ctx_new(ms_ctx **out, int tt_log2, int core_log2)
    void ms_ctx_free(ms_ctx *ctx)
    void ms_set_time_limit(ms_ctx *ctx, double seconds)
    void ms_set_stop(ms_ctx *ctx, int stop)
    int ms_search(ms_ctx *ctx, const ms_game *game, const ms_state *state, int target, int *yes)
    int ms_value(ms_ctx *ctx, const ms_game *game, const ms_state *state, int *value)
    int ms_move_values(ms_ctx *ctx, const ms_game *game, const ms_state *state, int8_t *moves, int *values, int *n)
    int ms_line(ms_ctx *ctx, const ms_game *game, const ms_state *state, int value, int8_t *moves, int8_t *gains,
                int8_t *marriages, int *n)
    uint64_t ms_nodes(const ms_ctx *ctx)
    uint64_t ms_leaves(const ms_ctx *ctx)


cdef extern from "tysiacha.h" nogil:
    int TY_DECLARE
    int TY_EXACT

    ctypedef struct ty_game:
        int declarer
        int any_lead
        int must_beat
        int marriage[4]

    ctypedef struct ty_state:
        uint32_t hands[3]
        int8_t trick[2]
        int ntrick
        int leader
        int trump
        int first

    ctypedef struct ty_ctx:
        pass

    int ty_ctx_new(ty_ctx **out, int tt_log2)
    void ty_ctx_free(ty_ctx *ctx)
    void ty_ctx_clear(ty_ctx *ctx)
    int ty_value(ty_ctx *ctx, const ty_game *game, const ty_state *state, int *value)
    int ty_search(ty_ctx *ctx, const ty_game *game, const ty_state *state, int target, int *yes)
    int ty_move_values(ty_ctx *ctx, const ty_game *game, const ty_state *state, int8_t *moves, int *values, int *n)
    int ty_line(ty_ctx *ctx, const ty_game *game, const ty_state *state, int value, int8_t *moves, int16_t *gains,
                int *n)
    int ty_batch(ty_ctx *ctx, const ty_game *game, const ty_state *base, const uint32_t *hands, int nworlds,
                 int target, int16_t *out, int stop_on_no, int *done)
    uint64_t ty_nodes(const ty_ctx *ctx)
    void ty_shuffle(ty_ctx *ctx, uint64_t seed)
