/* Open-hand (double-dummy) search for Mariáš.
 *
 * The core knows cards only as bits: a card set is a uint32_t with one 8-bit
 * lane per suit, and within a lane a higher bit is a stronger card in the
 * contract being searched (the caller maps betl/durch's order onto the lanes).
 * Points are in units of 10 (an ace or ten is 1, the last trick 1).
 *
 * All mutable state lives in a caller-owned mr_ctx: no globals, so any number
 * of contexts can search in parallel threads.
 */
#ifndef MARIAS_SOLVER_H
#define MARIAS_SOLVER_H

#include <stdint.h>

/* What the maximising side is after. */
enum mr_goal {
    MR_GOAL_POINTS = 0, /* maximise points (units) taken in the remaining play */
    MR_GOAL_BETL = 1,   /* the actor wins no trick */
    MR_GOAL_DURCH = 2,  /* the actor wins every trick */
    MR_GOAL_SEVENS = 3  /* each goal card wins the trick it must win (seven, two sevens) */
};

/* How marriages enter a points search. Under the Czech rule they are fixed by
 * the position and never reach the core (MR_MARR_NONE). Under "over first"
 * a marriage is declared by playing the over-knave while holding the king. */
enum mr_marriage {
    MR_MARR_NONE = 0,
    MR_MARR_DIFF = 1, /* hra: +half for the maximiser's marriages, -half for the other side's */
    MR_MARR_BEST = 2  /* hundred: only the maximiser's best marriage counts */
};

/* Lanes: bit positions of the marriage cards in the order of games with trumps. */
#define MR_BIT_OVER 4
#define MR_BIT_KING 5
#define MR_NO_CARD (-1)

/* Return codes: 0 ok, negative = named error (mr_error_text). */
enum mr_code {
    MR_OK = 0,
    MR_E_NOMEM = -1,
    MR_E_HANDSIZE = -2,
    MR_E_OVERLAP = -3,
    MR_E_TRICK = -4,
    MR_E_ARG = -5,
    MR_E_ILLEGAL = -6,
    MR_E_TERMINAL = -7
};

typedef struct {
    uint32_t hands[3];   /* cards still held, seats 0..2 */
    int8_t trick[3];     /* cards already in the current trick, leader first */
    int ntrick;          /* 0..2 */
    int leader;          /* seat that led the current trick */
    int trump;           /* suit 0..3, or -1 for none */
    int actor;           /* the actor's seat */
    int maximiser;       /* 0: the actor's side maximises, 1: the defence does */
    int goal;            /* enum mr_goal */
    int marriage;        /* enum mr_marriage (points goal only) */
    int best_marriage;   /* MR_MARR_BEST: the maximiser's best marriage so far (units) */
    uint32_t sharp;      /* cards worth 1 unit */
    uint32_t announced;  /* cards that may be played only when nothing else is legal */
    int8_t goal_card[2]; /* MR_GOAL_SEVENS: cards that must win a given trick */
    int8_t goal_when[2]; /* ... the trick, counted from the end (1 = the last) */
    int ngoal;
} mr_position;

typedef struct mr_ctx mr_ctx;

const char *mr_error_text(int code);

/* A context with a transposition table of 2^tt_log2 entries (24 bytes each). */
int mr_ctx_new(mr_ctx **out, int tt_log2);
void mr_ctx_free(mr_ctx *ctx);
/* Forget every stored bound. */
void mr_ctx_clear(mr_ctx *ctx);

/* Validate and load a position. The table keeps the bounds of up to 15 games
 * (trump, goal, announced cards, ...) at once, so positions of one deal under
 * several contracts, or the redistributions of one claim, share their work. */
int mr_set_position(mr_ctx *ctx, const mr_position *pos);

/* Null-window question: can the maximising side reach a value >= target? */
int mr_search(mr_ctx *ctx, int target, int *yes);
/* The exact value (points: units, boolean goals: 0 or 1). */
int mr_value(mr_ctx *ctx, int *value);
/* Legal cards at the root, every one (not collapsed): count returned in *n. */
int mr_root_moves(mr_ctx *ctx, int8_t *cards, int *n);
/* The exact value after playing card at the root (the gain of that card included). */
int mr_move_value(mr_ctx *ctx, int card, int *value);
/* A principal variation to the end of play, given the root's exact value. Writes up to 30
 * cards and, per card, the units the maximiser's side gained by it (trick and marriage). */
int mr_line(mr_ctx *ctx, int value, int8_t *cards, int8_t *gains, int *n);

uint64_t mr_nodes(const mr_ctx *ctx);

#endif
