/* Open-hand search for Tysiacha (docs/tysiacha.md, docs/rules.md "Tysiacha").
 *
 * Cards are the bits of solver.h's layout (one 8-bit lane per suit, ranks
 * 7 8 9 U O K X A from bit 0): Tysiacha's 24 cards are bits 2..7 of each lane,
 * its rank order the same. Points are the game's own (A 11, X 10, K 4, O 3,
 * U 2, 9 0), not Mariáš's units of 10.
 *
 * Three seats; the declarer maximises his total of the rest of the play (trick
 * points plus his own declarations), the other two minimise it. What differs
 * from Mariáš's search is the state: trumps change with every declaration, so
 * the trump suit (or none) and "is this the first trick" are part of the state
 * and of the table key, and a lead is a card and a choice (declare or not) when
 * it is the king or over-knave of a marriage its player holds. A move is a card
 * index 0..31, plus TY_DECLARE when the lead declares.
 *
 * A game and a state go with every call, as for mr_*; a context keeps its table
 * across calls with the same game (a call with another game clears it). */
#ifndef MARIAS_TYSIACHA_H
#define MARIAS_TYSIACHA_H

#include <stdint.h>

#define TY_DECLARE 32 /* added to a lead card: the lead declares its marriage */
#define TY_EXACT (-1000)

typedef struct {
    int declarer;       /* seat 0..2 */
    int any_lead;       /* 1: the first lead of the hand may declare too (option; default 0) */
    int must_beat;      /* 1: head the trick when able (option; default 0: follow, else trump, else any) */
    int marriage[4];    /* points of a marriage per suit (h b l a) */
} ty_game;

typedef struct {
    uint32_t hands[3];  /* cards still held */
    int8_t trick[2];    /* cards of the current trick, leader first (TY_DECLARE not set here) */
    int ntrick;         /* 0..2 */
    int leader;         /* the seat that led the current trick */
    int trump;          /* -1: none yet; else the suit of the last declaration */
    int first;          /* 1: the current trick is the hand's first (no declaring on its lead by default) */
} ty_state;

typedef struct {
    ty_game game;
    int target;         /* TY_EXACT or a yes/no target */
} ty_question;

typedef struct ty_ctx ty_ctx;

/* A context with a table of 2^tt_log2 entries (24 bytes each). Return codes are mr_error_text's. */
int ty_ctx_new(ty_ctx **out, int tt_log2);
void ty_ctx_free(ty_ctx *ctx);
void ty_ctx_clear(ty_ctx *ctx);
/* The declarer's exact total of the rest of the play (the current trick's cards included). */
int ty_value(ty_ctx *ctx, const ty_game *game, const ty_state *state, int *value);
/* Does the declarer reach at least target in the rest of the play? */
int ty_search(ty_ctx *ctx, const ty_game *game, const ty_state *state, int target, int *yes);
/* Every legal move of the seat to move and the exact total after it, the move's own gain
 * (a declaration) included: *n moves, at most 16. */
int ty_move_values(ty_ctx *ctx, const ty_game *game, const ty_state *state, int8_t *moves, int *values, int *n);
/* A principal variation to the end of play given the exact value: up to 24 moves, per move the
 * declarer's gain by it (trick points on the trick's last card, a declaration on its lead). */
int ty_line(ty_ctx *ctx, const ty_game *game, const ty_state *state, int value, int8_t *moves, int16_t *gains,
            int *n);
/* Many worlds: world w is `base` with hands[3w..3w+2]; out[w] is 1/0 (target) or the value (TY_EXACT).
 * With stop_on_no the batch ends after the first "no"; *done counts the worlds answered. */
int ty_batch(ty_ctx *ctx, const ty_game *game, const ty_state *base, const uint32_t *hands, int nworlds,
             int target, int16_t *out, int stop_on_no, int *done);
uint64_t ty_nodes(const ty_ctx *ctx);
/* Tests: with a non-zero seed, moves are tried in a random order (the table's move too);
 * 0 restores the search's own order. Values must not change. */
void ty_shuffle(ty_ctx *ctx, uint64_t seed);

#endif
