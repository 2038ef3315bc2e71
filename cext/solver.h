/* Open-hand (double-dummy) search for Mariáš.
 *
 * The core knows cards only as bits: a card set is a uint32_t with one 8-bit
 * lane per suit, ranks 7 8 9 U O K X A from bit 0 to bit 7 of a lane (the
 * order of the games with trumps). Betl and durch rank the ten between the
 * nine and the under-knave: a game says so (notrump_order) and the core
 * renumbers its lanes itself. Points are in units of 10 (an ace or ten is 1,
 * the last trick 1).
 *
 * A question is asked of a game (what is searched: trump, goal, sides...) and
 * a state (the cards, the trick, the leader), both passed with every call, in
 * the way DDS passes a deal: a context never holds a half-loaded position, so
 * one context per thread is all a caller needs. A context keeps its
 * transposition table across calls; the bounds of up to 15 games live in it
 * side by side.
 *
 * Seats are a parameter of the game: three (the actor alone against two),
 * four (docs/rules.md, "Four players") or two (after the stock), with who plays with whom given as a
 * team, so that one search serves every variant. A trick holds one card per
 * seat; the follow, beat and trump rule is the same for three and four.
 */
#ifndef MARIAS_SOLVER_H
#define MARIAS_SOLVER_H

#include <stddef.h>
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

/* A fixed plan for the actor instead of his search (the strict claim check,
 * analyzer/strict.py "sure plans"): each of his cards is chosen from what he
 * sees (his hand, the trick, the cards not yet played as one set), the other
 * seats are searched as before. Three seats, the actor alone. The choice is
 * strict.sure_card's, card for card (tests/test_policy.py holds them together). */
enum mr_policy {
    MR_POLICY_NONE = 0,
    MR_POLICY_CASHING = 1, /* top trumps while the defence may hold one, then winners, then low */
    MR_POLICY_BETL = 2,    /* lead under an unseen card, then stay under the trick */
    MR_POLICY_SIDE_FIRST = 3 /* cashing without drawing trumps first; following, a card no unseen
                              * card beats where one takes the trick */
};

/* Return codes: 0 ok, negative = named error (mr_error_text). */
enum mr_code {
    MR_OK = 0,
    MR_E_NOMEM = -1,
    MR_E_HANDSIZE = -2,
    MR_E_OVERLAP = -3,
    MR_E_TRICK = -4,
    MR_E_ARG = -5,
    MR_E_ILLEGAL = -6,
    MR_E_TERMINAL = -7,
    MR_E_STOPPED = -8
};

/* A target that asks for the exact value instead of a yes/no answer (mr_batch). */
#define MR_EXACT (-1000)

typedef struct {
    int trump;           /* suit 0..3, or -1 for none */
    int notrump_order;   /* 1: rank the ten between the nine and the under-knave (betl, durch) */
    int actor;           /* the actor's seat */
    int maximiser;       /* 0: the actor's side maximises, 1: the defence does (a boolean goal:
                          * the side that wants it made, value 1; seven-against is 1) */
    int goal;            /* enum mr_goal */
    int marriage;        /* enum mr_marriage (points goal only) */
    uint32_t sharp;      /* cards worth 1 unit */
    uint32_t announced;  /* cards that may be played only when nothing else is legal */
    int8_t goal_card[2]; /* MR_GOAL_SEVENS: cards that must win a given trick */
    int8_t goal_when[2]; /* ... the trick, counted from the end (1 = the last) */
    int ngoal;
    int nseats;          /* 2, 3 or 4 (0 reads as 3) */
    int team;            /* seats playing with the actor, a bit per seat (the actor's own bit
                          * implied); 0: the actor alone against the others */
    int free_tricks;     /* MR_GOAL_DURCH: the last free_tricks tricks do not count (0: every
                          * trick; 1: durch with the wise one, whose last trick finds the partner) */
    int policy;          /* enum mr_policy: the actor plays a fixed plan (searched: does it win?) */
} mr_game;

typedef struct {
    uint32_t hands[4];   /* cards still held, seats 0..nseats-1 (hands[3] is 0 for three seats) */
    int8_t trick[3];     /* cards already in the current trick, leader first */
    int ntrick;          /* 0..nseats-1 */
    int leader;          /* seat that led the current trick */
    int best_marriage;   /* MR_MARR_BEST: the maximiser's best marriage so far (units) */
} mr_state;

/* One question of a batch: the game, and the target (or MR_EXACT). */
typedef struct {
    mr_game game;
    int target;
} mr_question;

typedef struct mr_ctx mr_ctx;

const char *mr_error_text(int code);

/* A context with a transposition table of 2^tt_log2 entries (32 bytes each). */
int mr_ctx_new(mr_ctx **out, int tt_log2);
void mr_ctx_free(mr_ctx *ctx);
/* Forget every stored bound. */
void mr_ctx_clear(mr_ctx *ctx);
/* A zeroed table of at least `bytes` for random probes (this core's and the stock search's):
 * on huge pages where the system grants them; free() releases it. NULL: out of memory. */
void *mr_table_alloc(size_t bytes);
/* Squeeze table keys with BMI2's pext (1) or portable byte tables (0). The default is
 * chosen at run time: pext where the processor has it and it is fast. Returns
 * the setting in force (pext is refused where the processor lacks it). */
int mr_ctx_use_pext(mr_ctx *ctx, int on);

/* Null-window question: can the maximising side reach a value >= target? */
int mr_search(mr_ctx *ctx, const mr_game *game, const mr_state *state, int target, int *yes);
/* The exact value (points: units, boolean goals: 0 or 1). */
int mr_value(mr_ctx *ctx, const mr_game *game, const mr_state *state, int *value);
/* Every legal card of the side to move (not collapsed) and the exact value after it,
 * the gain of that card included: *n cards (at most 10). */
int mr_move_values(mr_ctx *ctx, const mr_game *game, const mr_state *state, int8_t *cards, int *values, int *n);
/* A principal variation to the end of play (or to the card that decides a boolean
 * goal), given the exact value. Writes up to 32 cards and, per card, the units the
 * maximiser's side gained by it (trick and marriage) and, of those, the marriage's. */
int mr_line(mr_ctx *ctx, const mr_game *game, const mr_state *state, int value, int8_t *cards, int8_t *gains,
            int8_t *marriages, int *n);

/* Many worlds, one or more questions each, in one call. World w is `base` with the
 * hands hands[4w..4w+3] (always four columns: the fourth is 0 for three seats); targets, when not NULL, replaces the questions' targets per
 * world (targets[w * nq + q]). out[w * nq + q] is 1/0 for a yes/no question and the
 * value for MR_EXACT. With stop_on_no, the batch ends after the first world with a
 * "no". *done counts the worlds answered. The batch ends early, with MR_E_STOPPED,
 * once *stop is non-zero (checked between worlds and every 65,536 nodes). */
int mr_batch(mr_ctx *ctx, const mr_question *questions, int nq, const mr_state *base, const uint32_t *hands,
             const int16_t *targets, int nworlds, int16_t *out, int stop_on_no, volatile const int *stop, int *done);

/* The card the game's policy plays for the actor in a state where he is to move. */
int mr_policy_card(mr_ctx *ctx, const mr_game *game, const mr_state *state, int *card);

/* Nodes searched by the last call. */
uint64_t mr_nodes(const mr_ctx *ctx);
/* Worlds of the last mr_batch whose every question was settled at the root, by the quick
 * bounds (the sure wins) or the table, without a search. */
uint64_t mr_quick(const mr_ctx *ctx);

#endif
