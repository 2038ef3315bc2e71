/* The two-player game (lízaný) while the stock lasts: an exact search of the
 * whole hand with the stock's order known (perfect information).
 *
 * While the stock lasts any card may be played to a trick; the trick goes to
 * the higher trump, else the higher card of the suit led (the six-card variant:
 * no trump until the stock is gone). The winner draws the top card of the
 * stock, the loser the next; the winner leads. Marriages are declared with the
 * over (20, 40 in trumps; 20 in the six-card variant's first phase). Once the
 * stock is exhausted the core (solver.h) searches the rest with follow, beat
 * and trump: each leaf of this search is one mr_search on a context this one
 * owns, so the core's table serves all of them.
 *
 * Cards, units and the question (goal, maximiser, marriage rule) are the
 * core's: an ms_game wraps the mr_game of the endgame (nseats 2) with the
 * stock. Values are of the rest of the play, in the core's units. */
#ifndef MARIAS_STOCK_H
#define MARIAS_STOCK_H

#include <stdint.h>

#include "solver.h"

/* A move that is not a card: the six-card variant's exchange of the trump
 * seven for the turned-up card (the stock's last), made by either player while
 * the stock lasts, at his turn before he plays (to lead or to answer). */
#define MS_EXCHANGE 32

typedef struct {
    mr_game game;     /* the question, as the core answers it once the stock is gone (nseats 2) */
    int six;          /* 1: the six-card variant (no trump and marriages of 20 while the stock lasts,
                       * the exchange of the trump seven for the turned card) */
    int nstock;       /* cards in the stock, even */
    int8_t stock[32]; /* in drawing order; the six-card variant's turned card is the last */
} ms_game;

typedef struct {
    uint32_t hands[2]; /* seat 0 the non-dealer, seat 1 the dealer */
    int8_t trick;      /* the card led to the current trick, or -1 */
    int leader;
    int best_marriage; /* MR_MARR_BEST: the maximiser's best marriage so far (units) */
} ms_state;

typedef struct ms_ctx ms_ctx;

/* A context with a table of 2^tt_log2 entries for the stock phase, and a core
 * context (2^core_log2 entries) for the endgames at its leaves. */
int ms_ctx_new(ms_ctx **out, int tt_log2, int core_log2);
void ms_ctx_free(ms_ctx *ctx);
/* Searches end with MR_E_STOPPED once this many seconds have passed since the
 * call began (0: no limit). */
void ms_set_time_limit(ms_ctx *ctx, double seconds);
/* Non-zero: searches now running or started later stop (MR_E_STOPPED) at their next node, until
 * it is set to 0 again; safe to call from another thread while a search runs. */
void ms_set_stop(ms_ctx *ctx, int stop);

/* Can the maximising side reach a value >= target in the rest of the play? */
int ms_search(ms_ctx *ctx, const ms_game *game, const ms_state *state, int target, int *yes);
/* The exact value of the rest of the play. */
int ms_value(ms_ctx *ctx, const ms_game *game, const ms_state *state, int *value);
/* Every move of the player to move (cards, and MS_EXCHANGE where it is allowed)
 * and the exact value after it, its own gain included: *n moves (at most 11). */
int ms_move_values(ms_ctx *ctx, const ms_game *game, const ms_state *state, int8_t *moves, int *values, int *n);
/* A principal variation to the end of play given the exact value: up to 40 moves,
 * per move the units the maximiser gained by it and, of those, the marriage's. */
int ms_line(ms_ctx *ctx, const ms_game *game, const ms_state *state, int value, int8_t *moves, int8_t *gains,
            int8_t *marriages, int *n);
/* Nodes of the stock phase searched by the last call (the endgames' not counted),
 * and endgame searches made at its leaves. */
uint64_t ms_nodes(const ms_ctx *ctx);
uint64_t ms_leaves(const ms_ctx *ctx);

#endif
