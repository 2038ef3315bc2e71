/* The stock phase of the two-player game: see stock.h.
 *
 * A boolean search ("can the maximiser reach >= target?") over tricks: at a
 * lead node the player on lead picks a card, at a reply node the other player
 * answers with any card; in the six-card variant either of them may first make
 * the exchange (the trump seven for the turned card) while the stock lasts.
 * Lead nodes are stored in a table keyed on the two hands, the leader, the
 * cards drawn so far, whether the turned card was exchanged and the best
 * marriage (the stock's order is the game's, so these fix the rest of the
 * play). The exact value is a bisection of such searches on the same table. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stock.h"

#define SHARP 0xC0C0C0C0u /* tens and aces: a unit each */
#define OVER 4
#define KING 5
#define FAIL (-10000)     /* a move that loses a boolean goal (a goal card played while the stock lasts) */
#define MAX_MOVES 11

typedef struct {
    uint32_t hand[2];
    int8_t leader, drawn, best;
    int8_t bottom; /* the stock's last card now (the turned card, or the trump seven after the exchange) */
    int8_t trick;  /* the card led, or -1 */
} pos;

typedef struct {
    uint32_t h0, h1;
    uint16_t aux;  /* leader | drawn << 1 | exchanged << 7 | best << 8 */
    int8_t lo, hi; /* bounds on the value of the rest of the play */
    int8_t move;   /* the best move found, or -1 */
    uint8_t used;
} entry;
_Static_assert(sizeof(entry) == 16, "a stock table entry is 16 bytes");

struct ms_ctx {
    mr_ctx *core;
    entry *tt;
    uint32_t tt_mask;
    ms_game g;          /* the game the table holds bounds of (normalised: padding zeroed) */
    int have_game;
    pos s;
    int trump_now;      /* the trump while the stock lasts: none in the six-card variant */
    int seven;          /* the six-card variant: the trump seven (the exchange), else -1 */
    int turned;         /* the stock's last card as the game gives it */
    uint32_t special;   /* cards never collapsed with a neighbour: goal, announced, the trump seven */
    uint32_t goals;     /* goal cards: played while the stock lasts, the goal is lost */
    uint32_t rest[33];  /* rest[i]: the stock's cards from i on, its last card left out */
    int maxside[2];
    uint32_t history[2][33]; /* cutoffs by move, leads and answers apart: the move order after the table's */
    uint64_t nodes, leaves;
    double limit;
    volatile int stop;  /* raised from another thread (ms_set_stop): the search unwinds as past its limit */
    struct timespec start;
    jmp_buf abort;
};

static double elapsed(const ms_ctx *c) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - c->start.tv_sec) + 1e-9 * (double)(now.tv_nsec - c->start.tv_nsec);
}

int ms_ctx_new(ms_ctx **out, int tt_log2, int core_log2) {
    *out = NULL;
    if (tt_log2 < 10 || tt_log2 > 28) return MR_E_ARG;
    ms_ctx *c = calloc(1, sizeof *c);
    if (!c) return MR_E_NOMEM;
    c->tt = mr_table_alloc(((size_t)1 << tt_log2) * sizeof(entry));
    int code = c->tt ? mr_ctx_new(&c->core, core_log2) : MR_E_NOMEM;
    if (code) {
        free(c->tt);
        free(c);
        return code;
    }
    c->tt_mask = (1u << tt_log2) - 1;
    *out = c;
    return MR_OK;
}

void ms_ctx_free(ms_ctx *c) {
    if (!c) return;
    mr_ctx_free(c->core);
    free(c->tt);
    free(c);
}

void ms_set_time_limit(ms_ctx *c, double seconds) { c->limit = seconds > 0 ? seconds : 0; }
void ms_set_stop(ms_ctx *c, int stop) { c->stop = stop; }

uint64_t ms_nodes(const ms_ctx *c) { return c->nodes; }
uint64_t ms_leaves(const ms_ctx *c) { return c->leaves; }

/* ---- the rules while the stock lasts ---------------------------------------- */

static inline int units(int card) { return (SHARP >> card) & 1; }

static inline int card_at(const ms_ctx *c, int i) { return i == c->g.nstock - 1 ? c->s.bottom : c->g.stock[i]; }

/* Does the reply d beat the card led? A trump beats a non-trump, else the higher of the suit led. */
static inline int beats(const ms_ctx *c, int led, int d) {
    if ((d >> 3) == (led >> 3)) return d > led;
    return (d >> 3) == c->trump_now;
}

/* The units the maximiser gains when seat plays card (an over whose king he holds declares
 * the pair: 20, 40 in trumps, only 20 in the six-card variant's first phase). */
static int marriage(ms_ctx *c, int seat, int card) {
    int mode = c->g.game.marriage;
    if (mode == MR_MARR_NONE || (card & 7) != OVER || !(c->s.hand[seat] & (1u << (card + 1)))) return 0;
    int v = !c->g.six && (card >> 3) == c->g.game.trump ? 4 : 2;
    if (mode == MR_MARR_DIFF) return c->maxside[seat] ? v / 2 : -v / 2;
    if (c->maxside[seat] && v > c->s.best) {
        int gain = v - c->s.best;
        c->s.best = (int8_t)v;
        return gain;
    }
    return 0;
}

/* The seat to play: the leader, or with a card led the other player. */
static inline int to_move(const ms_ctx *c) { return c->s.trick < 0 ? c->s.leader : 1 - c->s.leader; }

/* May the player to move exchange the trump seven for the turned card (before he plays)? Once
 * it is done the seven lies under the stock, so it happens at most once. */
static inline int can_exchange(const ms_ctx *c) {
    return c->seven >= 0 && c->s.drawn < c->g.nstock && (c->s.hand[to_move(c)] >> c->seven) & 1;
}

static void apply_exchange(ms_ctx *c) {
    int seat = to_move(c);
    c->s.hand[seat] = (c->s.hand[seat] & ~(1u << c->seven)) | (1u << c->s.bottom);
    c->s.bottom = (int8_t)c->seven;
}

/* The player on lead plays card (or exchanges). Returns the maximiser's gain, or FAIL. */
static int apply_lead(ms_ctx *c, int m) {
    int L = c->s.leader;
    if (m == MS_EXCHANGE) {
        apply_exchange(c);
        return 0;
    }
    int gain = marriage(c, L, m);
    c->s.hand[L] &= ~(1u << m);
    c->s.trick = (int8_t)m;
    return (c->goals >> m) & 1 ? FAIL : gain;
}

/* The other player answers the card led (or first exchanges); the trick is taken, both draw,
 * the winner leads. */
static int apply_follow(ms_ctx *c, int d) {
    int L = c->s.leader, F = 1 - L, led = c->s.trick;
    if (d == MS_EXCHANGE) {
        apply_exchange(c);
        return 0;
    }
    int gain = marriage(c, F, d);
    c->s.hand[F] &= ~(1u << d);
    if ((c->goals >> d) & 1) return FAIL;
    int w = beats(c, led, d) ? F : L;
    if (c->g.game.goal == MR_GOAL_POINTS && c->maxside[w]) gain += units(led) + units(d);
    c->s.hand[w] |= 1u << card_at(c, c->s.drawn);
    c->s.hand[1 - w] |= 1u << card_at(c, c->s.drawn + 1);
    c->s.drawn = (int8_t)(c->s.drawn + 2);
    c->s.leader = (int8_t)w;
    c->s.trick = -1;
    return gain;
}

/* The cards a player may play while the stock lasts: any, an announced card only when he has
 * nothing else. */
static uint32_t playable(const ms_ctx *c, uint32_t hand) {
    uint32_t a = c->g.game.announced;
    return (hand & a) && (hand & ~a) ? hand & ~a : hand;
}

/* One card of each run of equal cards: two cards of a hand with no live card between them, both
 * of 7-8-9-U or both of X-A, neither special, are the same card for the rest of the play. */
static uint32_t collapse(const ms_ctx *c, uint32_t moves) {
    uint32_t live = c->s.hand[0] | c->s.hand[1];
    if (c->s.drawn < c->g.nstock) live |= c->rest[c->s.drawn] | 1u << c->s.bottom;
    if (c->s.trick >= 0) live |= 1u << c->s.trick;
    uint32_t out = 0;
    for (uint32_t m = moves; m; m &= m - 1) {
        int card = __builtin_ctz(m), r = card & 7, base = card & ~7, k = card - 1;
        if (!((c->special >> card) & 1) && r != OVER && r != KING) {
            while (k >= base && !((live >> k) & 1)) k--;
            if (k >= base && ((moves >> k) & 1) && !((c->special >> k) & 1) && ((r <= 3) == ((k & 7) <= 3)) &&
                (k & 7) != OVER && (k & 7) != KING)
                continue; /* the same as the lower card k */
        }
        out |= 1u << card;
    }
    return out;
}

/* ---- the search ---------------------------------------------------------------- */

static void tick(ms_ctx *c) {
    /* the stop flag at every node (one load), the clock every 1,024 */
    if (c->stop || ((++c->nodes & 1023) == 0 && c->limit > 0 && elapsed(c) > c->limit))
        longjmp(c->abort, MR_E_STOPPED);
}

static int leaf(ms_ctx *c, int target) {
    mr_state st;
    memset(&st, 0, sizeof st);
    st.hands[0] = c->s.hand[0];
    st.hands[1] = c->s.hand[1];
    st.leader = c->s.leader;
    st.best_marriage = c->g.game.marriage == MR_MARR_BEST ? c->s.best : 0;
    c->leaves++;
    int yes = 0, code = mr_search(c->core, &c->g.game, &st, target, &yes);
    if (code) longjmp(c->abort, code);
    return yes;
}

static inline uint32_t hash(const entry *e) {
    uint64_t x = ((uint64_t)e->h0 << 32 | e->h1) ^ ((uint64_t)e->aux * 0x9E3779B97F4A7C15ull);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    return (uint32_t)x;
}

static int respond(ms_ctx *c, int target);

/* Order moves[from..n) by their history, most cutoffs first (stable: ties keep the given order). */
static void by_history(const uint32_t *history, int *moves, int from, int n) {
    for (int i = from + 1; i < n; i++) {
        int m = moves[i], j = i;
        while (j > from && history[moves[j - 1]] < history[m]) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
}

static inline void reward(ms_ctx *c, int kind, int move) {
    int left = (c->g.nstock - c->s.drawn) / 2 + 1;
    c->history[kind][move] += (uint32_t)(left * left);
}

/* Can the maximiser reach target from this lead (the rest of the play)? */
static int lead(ms_ctx *c, int target) {
    /* Step 1. Boolean goals are settled by a target outside 0..1; the empty stock by the core. */
    if (c->g.game.goal != MR_GOAL_POINTS && (target <= 0 || target > 1)) return target <= 0;
    if (c->s.drawn >= c->g.nstock) return leaf(c, target);
    tick(c);

    /* Step 2. The table. */
    entry key = {.h0 = c->s.hand[0], .h1 = c->s.hand[1], .aux = 0};
    key.aux = (uint16_t)(c->s.leader | c->s.drawn << 1 | (c->s.bottom != c->turned) << 7 | c->s.best << 8);
    entry *e = &c->tt[hash(&key) & c->tt_mask];
    int lo = -128, hi = 127, ttmove = -1;
    if (e->used && e->h0 == key.h0 && e->h1 == key.h1 && e->aux == key.aux) {
        lo = e->lo, hi = e->hi, ttmove = e->move;
        if (lo >= target) return 1;
        if (hi < target) return 0;
    }

    /* Step 3. The moves: the table's first, the exchange, then the cards from the lowest (measured:
     * fewer nodes than from the highest, docs/benchmarks.md). */
    int L = c->s.leader, me = c->maxside[L], moves[MAX_MOVES], n = 0;
    uint32_t cards = collapse(c, playable(c, c->s.hand[L]));
    if (ttmove >= 0 && (ttmove == MS_EXCHANGE ? can_exchange(c) : (int)((cards >> ttmove) & 1))) moves[n++] = ttmove;
    if (can_exchange(c) && ttmove != MS_EXCHANGE) moves[n++] = MS_EXCHANGE;
    for (int rank = 0; rank <= 7; rank++)
        for (int suit = 0; suit < 4; suit++) {
            int card = suit * 8 + rank;
            if ((cards >> card) & 1 && card != ttmove) moves[n++] = card;
        }
    by_history(c->history[0], moves, ttmove >= 0 && n > 0 && moves[0] == ttmove, n);

    /* Step 4. Search them: the first that reaches (or denies) the target decides. */
    pos saved = c->s;
    int result = !me, best = -1;
    for (int i = 0; i < n; i++) {
        int g = apply_lead(c, moves[i]);
        int r = g == FAIL ? 0 >= target : moves[i] == MS_EXCHANGE ? lead(c, target) : respond(c, target - g);
        c->s = saved;
        if (r == me) {
            result = me, best = moves[i];
            reward(c, 0, moves[i]);
            break;
        }
    }

    /* Step 5. Store the new bound. */
    if (result) lo = lo > target ? lo : target;
    else hi = hi < target - 1 ? hi : target - 1;
    key.lo = (int8_t)(lo < -128 ? -128 : lo), key.hi = (int8_t)(hi > 127 ? 127 : hi);
    key.move = (int8_t)(best >= 0 ? best : ttmove);
    key.used = 1;
    *e = key;
    return result;
}

/* Can the maximiser reach target when the card led is answered (the rest of the play)? */
static int respond(ms_ctx *c, int target) {
    if (c->g.game.goal != MR_GOAL_POINTS && (target <= 0 || target > 1)) return target <= 0;
    tick(c);
    int L = c->s.leader, F = 1 - L, me = c->maxside[F], led = c->s.trick;
    uint32_t cards = collapse(c, playable(c, c->s.hand[F]));
    /* The exchange, then the winning answers, each group from its lowest card. */
    int moves[MAX_MOVES], n = 0;
    if (can_exchange(c)) moves[n++] = MS_EXCHANGE;
    for (uint32_t m = cards; m; m &= m - 1)
        if (beats(c, led, __builtin_ctz(m))) moves[n++] = __builtin_ctz(m);
    for (uint32_t m = cards; m; m &= m - 1)
        if (!beats(c, led, __builtin_ctz(m))) moves[n++] = __builtin_ctz(m);
    by_history(c->history[1], moves, 0, n);
    pos saved = c->s;
    int result = !me;
    for (int i = 0; i < n; i++) {
        int g = apply_follow(c, moves[i]);
        int r = g == FAIL ? 0 >= target : moves[i] == MS_EXCHANGE ? respond(c, target) : lead(c, target - g);
        c->s = saved;
        if (r == me) {
            result = me;
            reward(c, 1, moves[i]);
            break;
        }
    }
    return result;
}

static int test(ms_ctx *c, int target) { return c->s.trick < 0 ? lead(c, target) : respond(c, target); }

static int floor_half(int x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); }

/* The exact value of the current node: a bisection of yes/no searches. */
static int exact(ms_ctx *c) {
    if (c->g.game.goal != MR_GOAL_POINTS) return test(c, 1);
    uint32_t all = c->s.hand[0] | c->s.hand[1];
    if (c->s.drawn < c->g.nstock) all |= c->rest[c->s.drawn] | 1u << c->s.bottom;
    if (c->s.trick >= 0) all |= 1u << c->s.trick;
    int lo = -9, hi = __builtin_popcount(all & SHARP) + 1 + 9; /* marriages: at most four pairs */
    while (lo < hi) {
        int mid = floor_half(lo + hi + 1);
        if (test(c, mid)) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/* ---- entry points ---------------------------------------------------------------- */

/* Check the game and the state and make them the search's root. */
static int load(ms_ctx *c, const ms_game *game, const ms_state *st) {
    const mr_game *g = &game->game;
    if (g->nseats != 2 || g->actor < 0 || g->actor > 1 || g->team & ~(1 << g->actor) || g->trump < 0 ||
        g->trump > 3 || g->notrump_order || game->nstock < 0 || game->nstock > 30 || game->nstock % 2 ||
        st->leader < 0 || st->leader > 1 || st->trick < -1 || st->trick > 31 || st->best_marriage < 0 ||
        st->best_marriage > 4 || g->ngoal < 0 || g->ngoal > 2 || (g->maximiser != 0 && g->maximiser != 1) ||
        g->marriage < 0 || g->marriage > MR_MARR_BEST || g->goal < 0 || g->goal > MR_GOAL_SEVENS ||
        (g->marriage != MR_MARR_NONE && g->goal != MR_GOAL_POINTS))
        return MR_E_ARG;
    if (g->goal == MR_GOAL_BETL || g->goal == MR_GOAL_DURCH) return MR_E_ARG;
    uint32_t seen = st->hands[0];
    if (seen & st->hands[1]) return MR_E_OVERLAP;
    seen |= st->hands[1];
    if (st->trick >= 0) {
        if ((seen >> st->trick) & 1) return MR_E_OVERLAP;
        seen |= 1u << st->trick;
    }
    for (int i = 0; i < game->nstock; i++) {
        if (game->stock[i] < 0 || game->stock[i] > 31) return MR_E_ARG;
        if ((seen >> game->stock[i]) & 1) return MR_E_OVERLAP;
        seen |= 1u << game->stock[i];
    }
    int held = __builtin_popcount(st->hands[st->leader]), other = __builtin_popcount(st->hands[1 - st->leader]);
    if (other > 10 || other == 0 || held != (st->trick >= 0 ? other - 1 : other)) return MR_E_HANDSIZE;
    uint32_t goals = 0;
    for (int i = 0; i < g->ngoal; i++) {
        if (g->goal_card[i] < 0 || g->goal_card[i] > 31 || g->goal_when[i] < 1) return MR_E_ARG;
        if (!(((st->hands[0] | st->hands[1]) >> g->goal_card[i]) & 1)) return MR_E_ARG; /* not in a hand */
        goals |= 1u << g->goal_card[i];
    }

    /* The game, normalised so that a new one (and only a new one) clears the table. */
    ms_game norm;
    memset(&norm, 0, sizeof norm);
    norm.game.trump = g->trump, norm.game.notrump_order = 0, norm.game.actor = g->actor;
    norm.game.maximiser = g->maximiser, norm.game.goal = g->goal, norm.game.marriage = g->marriage;
    norm.game.sharp = g->sharp, norm.game.announced = g->announced, norm.game.ngoal = g->ngoal;
    for (int i = 0; i < g->ngoal; i++) norm.game.goal_card[i] = g->goal_card[i], norm.game.goal_when[i] = g->goal_when[i];
    norm.game.nseats = 2, norm.game.team = g->team;
    norm.six = game->six != 0, norm.nstock = game->nstock;
    memcpy(norm.stock, game->stock, (size_t)game->nstock);
    if (!c->have_game || memcmp(&norm, &c->g, sizeof norm)) {
        memset(c->tt, 0, ((size_t)c->tt_mask + 1) * sizeof(entry));
        c->g = norm;
        c->have_game = 1;
    }
    c->trump_now = norm.six ? -1 : g->trump;
    c->seven = norm.six ? g->trump * 8 : -1;
    c->turned = game->nstock ? game->stock[game->nstock - 1] : -1;
    c->goals = goals;
    c->special = g->announced | goals | 1u << (g->trump * 8);
    c->rest[game->nstock] = 0;
    for (int i = game->nstock - 1; i >= 0; i--)
        c->rest[i] = c->rest[i + 1] | (i < game->nstock - 1 ? 1u << game->stock[i] : 0);
    for (int seat = 0; seat < 2; seat++) c->maxside[seat] = (seat == g->actor) == (g->maximiser == 0);
    c->s.hand[0] = st->hands[0], c->s.hand[1] = st->hands[1];
    c->s.leader = (int8_t)st->leader, c->s.drawn = 0, c->s.best = (int8_t)st->best_marriage;
    c->s.bottom = (int8_t)c->turned, c->s.trick = (int8_t)st->trick;
    c->nodes = c->leaves = 0;
    memset(c->history, 0, sizeof c->history);
    clock_gettime(CLOCK_MONOTONIC, &c->start);
    return MR_OK;
}

/* With the stock gone the core answers alone (follow, beat and trump from the first card). */
static mr_state core_state(const ms_state *st) {
    mr_state s;
    memset(&s, 0, sizeof s);
    s.hands[0] = st->hands[0], s.hands[1] = st->hands[1];
    s.leader = st->leader, s.best_marriage = st->best_marriage;
    if (st->trick >= 0) s.trick[0] = st->trick, s.ntrick = 1;
    return s;
}

int ms_search(ms_ctx *c, const ms_game *game, const ms_state *st, int target, int *yes) {
    if (game->nstock == 0) {
        mr_state s = core_state(st);
        return mr_search(c->core, &game->game, &s, target, yes);
    }
    int code = load(c, game, st);
    if (code) return code;
    if ((code = setjmp(c->abort))) return code;
    *yes = test(c, target);
    return MR_OK;
}

int ms_value(ms_ctx *c, const ms_game *game, const ms_state *st, int *value) {
    if (game->nstock == 0) {
        mr_state s = core_state(st);
        return mr_value(c->core, &game->game, &s, value);
    }
    int code = load(c, game, st);
    if (code) return code;
    if ((code = setjmp(c->abort))) return code;
    *value = exact(c);
    return MR_OK;
}

/* The moves of the player to move, uncollapsed, in card order (the exchange first). */
static int root_moves(ms_ctx *c, int *moves) {
    int n = 0;
    if (can_exchange(c)) moves[n++] = MS_EXCHANGE;
    for (uint32_t m = playable(c, c->s.hand[to_move(c)]); m; m &= m - 1) moves[n++] = __builtin_ctz(m);
    return n;
}

static int apply(ms_ctx *c, int m) { return c->s.trick < 0 ? apply_lead(c, m) : apply_follow(c, m); }

int ms_move_values(ms_ctx *c, const ms_game *game, const ms_state *st, int8_t *out, int *values, int *n) {
    *n = 0;
    if (game->nstock == 0) {
        mr_state s = core_state(st);
        return mr_move_values(c->core, &game->game, &s, out, values, n);
    }
    int code = load(c, game, st);
    if (code) return code;
    if ((code = setjmp(c->abort))) return code;
    int moves[MAX_MOVES], k = root_moves(c, moves);
    pos root = c->s;
    for (int i = 0; i < k; i++) {
        int g = apply(c, moves[i]);
        values[i] = g == FAIL ? 0 : g + exact(c);
        out[i] = (int8_t)moves[i];
        c->s = root;
    }
    *n = k;
    return MR_OK;
}

int ms_line(ms_ctx *c, const ms_game *game, const ms_state *st, int value, int8_t *out, int8_t *gains,
            int8_t *marriages, int *n) {
    *n = 0;
    if (game->nstock == 0) {
        mr_state s = core_state(st);
        return mr_line(c->core, &game->game, &s, value, out, gains, marriages, n);
    }
    int code = load(c, game, st);
    if (code) return code;
    if ((code = setjmp(c->abort))) return code;
    int v = value;
    while (c->s.drawn < c->g.nstock) {
        int moves[MAX_MOVES], k = root_moves(c, moves);
        int seat = c->s.trick < 0 ? c->s.leader : 1 - c->s.leader, me = c->maxside[seat];
        pos here = c->s;
        int chosen = -1, gain = 0, marr = 0;
        for (int i = 0; i < k && chosen < 0; i++) {
            int best_before = c->s.best;
            int g = apply(c, moves[i]);
            /* the marriage part of the gain: the same card's gain with the trick left out */
            int m = 0;
            if (moves[i] != MS_EXCHANGE) {
                pos after = c->s;
                c->s = here;
                c->s.best = (int8_t)best_before;
                m = marriage(c, seat, moves[i]);
                c->s = after;
            }
            int ok;
            if (g == FAIL) ok = me ? 0 >= v : !(0 >= v + 1);
            else ok = me ? test(c, v - g) : !test(c, v - g + 1);
            if (ok) chosen = moves[i], gain = g == FAIL ? 0 : g, marr = m;
            else c->s = here;
        }
        if (chosen < 0) return MR_E_ARG; /* the value given is not the position's */
        out[*n] = (int8_t)chosen, gains[*n] = (int8_t)gain, marriages[*n] = (int8_t)marr;
        (*n)++;
        v -= gain;
        if (gain == 0 && c->g.game.goal != MR_GOAL_POINTS && chosen != MS_EXCHANGE && (c->goals >> chosen) & 1)
            return MR_OK;
        if (*n >= 40) return MR_E_ARG;
    }
    /* The stock is gone: the core's line for the rest. */
    mr_state s;
    memset(&s, 0, sizeof s);
    s.hands[0] = c->s.hand[0], s.hands[1] = c->s.hand[1], s.leader = c->s.leader;
    s.best_marriage = c->g.game.marriage == MR_MARR_BEST ? c->s.best : 0;
    int m = 0;
    code = mr_line(c->core, &c->g.game, &s, v, out + *n, gains + *n, marriages + *n, &m);
    if (code) return code;
    *n += m;
    return MR_OK;
}
