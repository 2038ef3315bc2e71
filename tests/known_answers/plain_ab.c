/* A plain alpha-beta solver for Mariáš, written for the tests only.
 *
 * It shares no code with the shipped core (cext/): it is written again from
 * docs/rules.md §3-4 and docs/semantics.md, and kept as plain as it can be while
 * still valuing full deals (10 tricks) in well under a second:
 *
 *   - fail-soft alpha-beta over every legal card, no card equivalence
 *     (no collapse of touching cards), no quick bounds, no bound tests
 *     before move generation;
 *   - a transposition table probed at trick starts only, keyed on the EXACT
 *     state: the three full hands (96 bits), the leader and the goal's extra
 *     state (the best marriage so far of the hundred); the whole key is
 *     stored and compared, so a collision can never lend a wrong bound;
 *   - the only move ordering is the table's best card tried first.
 *
 * Cards: suit * 8 + rank, suits h b l a, ranks 7 8 9 U O K X A (the order of
 * the games with trumps); betl and durch rank the ten between the nine and
 * the under-knave (NT_STRENGTH). A hand is a 32-bit mask.
 *
 * A search returns the value of the REST of the play from the state it is
 * given (what the goal accumulates from here on); the Python driver
 * (oracle.py) turns values into verdicts.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { GOAL_HRA = 0, GOAL_HUNDRED = 1, GOAL_SEVENS = 2, GOAL_BETL = 3, GOAL_DURCH = 4 };

enum { RANK_O = 4, RANK_K = 5, RANK_X = 6, RANK_A = 7 };

#define INF 100000

static const int NT_STRENGTH[8] = {0, 1, 2, 4, 5, 6, 3, 7};  /* 7 8 9 U O K X A in betl order */

typedef struct {
    int trump;          /* 0..3, or -1 (betl, durch) */
    int notrump;        /* rank order of betl and durch */
    int actor;
    int goal;
    int maximiser[3];   /* 1 for each seat whose side maximises the value */
    int counts[3];      /* hundred: 1 for each seat whose tricks count */
    int over_first;     /* marriages declared by playing the O while holding the K */
    int lex;            /* hra under over-first: value = 16 * G + actor's trick points */
    uint32_t announced; /* cards playable only when nothing else is legal */
    int nreq;           /* sevens: cards that must win the trick k from the end */
    int req_card[2];
    int req_k[2];
    int mval[4];        /* marriage value in units (4 in trumps, else 2) */
} Game;

typedef struct {
    uint32_t h[3];
    uint8_t leader, x, used, best;
    int16_t lo, hi;
} Entry;

typedef struct {
    Game g;
    Entry *tt;
    uint32_t tt_mask;
    long long nodes;
    /* the state, changed and restored by the search */
    uint32_t hands[3];
    int trick[3];
    int ntrick;
    int leader;
    int x;
    int force;          /* >= 0: the root may play only this card (and is not stored) */
} Ctx;

static int strength(const Game *g, int card) {
    int r = card & 7;
    return g->notrump ? NT_STRENGTH[r] : r;
}

static uint32_t suit_mask(int suit) { return 0xFFu << (8 * suit); }

static int popcount32(uint32_t v) {
    int n = 0;
    while (v) { v &= v - 1; n++; }
    return n;
}

/* docs/rules.md §3: follow suit and beat the led suit's best card unless the trick
 * is trumped; void: trump, over-trumping when able; else anything. Announced
 * cards only when nothing else is legal. */
static uint32_t legal(const Game *g, uint32_t hand, const int *trick, int n) {
    uint32_t moves = hand;
    if (n > 0) {
        int led = trick[0] / 8;
        int trumped = 0, top_led = -1, top_trump = -1;
        for (int i = 0; i < n; i++) {
            int s = trick[i] / 8, st = strength(g, trick[i]);
            if (s == led && st > top_led) top_led = st;
            if (g->trump >= 0 && s == g->trump) {
                trumped = 1;
                if (st > top_trump) top_trump = st;
            }
        }
        uint32_t follow = hand & suit_mask(led);
        if (follow) {
            if (trumped && led != g->trump) {
                moves = follow;
            } else {
                uint32_t higher = 0;
                for (int c = 8 * led; c < 8 * led + 8; c++)
                    if ((follow >> c & 1) && strength(g, c) > top_led) higher |= 1u << c;
                moves = higher ? higher : follow;
            }
        } else if (g->trump >= 0 && (hand & suit_mask(g->trump))) {
            uint32_t trumps = hand & suit_mask(g->trump), higher = 0;
            for (int c = 8 * g->trump; c < 8 * g->trump + 8; c++)
                if ((trumps >> c & 1) && strength(g, c) > top_trump) higher |= 1u << c;
            moves = higher ? higher : trumps;
        }
    }
    uint32_t others = moves & ~g->announced;
    return others ? others : moves;
}

/* Index within the (full) trick of the card that wins it. */
static int winner_index(const Game *g, const int *trick) {
    int best = 0;
    for (int i = 1; i < 3; i++) {
        int a = trick[i], b = trick[best];
        int beats = (a / 8 == b / 8) ? strength(g, a) > strength(g, b)
                                     : (g->trump >= 0 && a / 8 == g->trump);
        if (beats) best = i;
    }
    return best;
}

static int sharp(int card) {
    int r = card & 7;
    return r == RANK_X || r == RANK_A;
}

/* The value when every card has been played. */
static int end_value(const Ctx *c) {
    switch (c->g.goal) {
    case GOAL_HUNDRED: return c->x;
    case GOAL_SEVENS: case GOAL_BETL: case GOAL_DURCH: return 1;
    default: return 0;
    }
}

static uint32_t hash_key(const Ctx *c) {
    uint64_t k = (uint64_t)c->hands[0] * 0x9E3779B97F4A7C15ull;
    k ^= (uint64_t)c->hands[1] * 0xC2B2AE3D27D4EB4Full;
    k ^= (uint64_t)c->hands[2] * 0x165667B19E3779F9ull;
    k ^= (uint64_t)(c->leader + 4 * c->x) * 0x27D4EB2F165667C5ull;
    k ^= k >> 29;
    k *= 0xBF58476D1CE4E5B9ull;
    k ^= k >> 32;
    return (uint32_t)k;
}

static int search(Ctx *c, int alpha, int beta) {
    const Game *g = &c->g;
    c->nodes++;
    int mover = (c->leader + c->ntrick) % 3;
    uint32_t hand = c->hands[mover];
    if (hand == 0) return end_value(c);  /* only at a trick start: every hand is empty */
    int tricks_left = popcount32(hand);

    int forced = c->force;
    c->force = -1;
    Entry *e = NULL;
    int first = -1;
    if (c->ntrick == 0 && forced < 0) {
        e = &c->tt[hash_key(c) & c->tt_mask];
        if (e->used && e->h[0] == c->hands[0] && e->h[1] == c->hands[1] && e->h[2] == c->hands[2]
            && e->leader == c->leader && e->x == c->x) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
            first = e->best;
        }
    }
    int alpha0 = alpha, beta0 = beta;
    int maximise = g->maximiser[mover];
    int best = maximise ? -INF : INF, best_card = -1;
    uint32_t moves = legal(g, hand, c->trick, c->ntrick);
    if (forced >= 0) moves &= 1u << forced;

    for (int i = -1; i < 32; i++) {
        int card = i < 0 ? first : i;
        if (card < 0 || !(moves >> card & 1) || (i >= 0 && card == first)) continue;
        int reward = 0, x0 = c->x;
        int suit = card / 8;
        int marriage = (card & 7) == RANK_O && (hand >> (8 * suit + RANK_K) & 1);
        if (marriage && g->over_first) {
            if (g->goal == GOAL_HRA) {
                int half = g->mval[suit] / 2;
                reward += (mover == g->actor ? half : -half) * (g->lex ? 16 : 1);
            } else if (g->goal == GOAL_HUNDRED && g->counts[mover] && g->mval[suit] > c->x) {
                c->x = g->mval[suit];
            }
        }
        c->hands[mover] &= ~(1u << card);
        c->trick[c->ntrick++] = card;
        int v;
        if (c->ntrick < 3) {
            v = reward + search(c, alpha - reward, beta - reward);
        } else {
            int wi = winner_index(g, c->trick);
            int winner = (c->leader + wi) % 3;
            int points = sharp(c->trick[0]) + sharp(c->trick[1]) + sharp(c->trick[2]) + (tricks_left == 1);
            int failed = 0;
            switch (g->goal) {
            case GOAL_HRA:
                if (winner == g->actor) reward += points * (g->lex ? 17 : 1);
                break;
            case GOAL_HUNDRED:
                if (g->counts[winner]) reward += points;
                break;
            case GOAL_SEVENS:
                for (int r = 0; r < g->nreq; r++) {
                    int in_trick = c->trick[0] == g->req_card[r] || c->trick[1] == g->req_card[r]
                                   || c->trick[2] == g->req_card[r];
                    if (g->req_k[r] == tricks_left ? c->trick[wi] != g->req_card[r] : in_trick) failed = 1;
                }
                break;
            case GOAL_BETL:
                failed = winner == g->actor;
                break;
            case GOAL_DURCH:
                failed = winner != g->actor;
                break;
            }
            if (failed) {
                v = 0;
            } else {
                int leader0 = c->leader;
                int t0 = c->trick[0], t1 = c->trick[1], t2 = c->trick[2];
                c->leader = winner;
                c->ntrick = 0;
                v = reward + search(c, alpha - reward, beta - reward);
                c->ntrick = 3;
                c->trick[0] = t0; c->trick[1] = t1; c->trick[2] = t2;
                c->leader = leader0;
            }
        }
        c->ntrick--;
        c->hands[mover] |= 1u << card;
        c->x = x0;
        if (maximise ? v > best : v < best) {
            best = v;
            best_card = card;
        }
        if (maximise) {
            if (best > alpha) alpha = best;
        } else {
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }

    if (e != NULL) {
        int lo = -INF, hi = INF;
        if (best <= alpha0) hi = best;
        else if (best >= beta0) lo = best;
        else lo = hi = best;
        int same = e->used && e->h[0] == c->hands[0] && e->h[1] == c->hands[1] && e->h[2] == c->hands[2]
                   && e->leader == c->leader && e->x == c->x;
        if (same) {
            if (e->lo > lo) lo = e->lo;
            if (e->hi < hi) hi = e->hi;
        }
        e->h[0] = c->hands[0]; e->h[1] = c->hands[1]; e->h[2] = c->hands[2];
        e->leader = (uint8_t)c->leader;
        e->x = (uint8_t)c->x;
        e->used = 1;
        e->best = (uint8_t)best_card;
        e->lo = (int16_t)(lo < -30000 ? -30000 : lo);
        e->hi = (int16_t)(hi > 30000 ? 30000 : hi);
    }
    return best;
}

/* ---- the interface for ctypes ------------------------------------------ */

/* cfg: trump, notrump, actor, goal, over_first, lex, announced mask,
 *      nreq, req_card0, req_k0, req_card1, req_k1,
 *      maximiser0..2, counts0..2, mval0..3                       (22 ints) */
void *pab_new(const int *cfg, int tt_log2) {
    Ctx *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    Game *g = &c->g;
    g->trump = cfg[0];
    g->notrump = cfg[1];
    g->actor = cfg[2];
    g->goal = cfg[3];
    g->over_first = cfg[4];
    g->lex = cfg[5];
    g->announced = (uint32_t)cfg[6];
    g->nreq = cfg[7];
    g->req_card[0] = cfg[8]; g->req_k[0] = cfg[9];
    g->req_card[1] = cfg[10]; g->req_k[1] = cfg[11];
    for (int s = 0; s < 3; s++) g->maximiser[s] = cfg[12 + s];
    for (int s = 0; s < 3; s++) g->counts[s] = cfg[15 + s];
    for (int s = 0; s < 4; s++) g->mval[s] = cfg[18 + s];
    c->tt = calloc((size_t)1 << tt_log2, sizeof(Entry));
    if (c->tt == NULL) { free(c); return NULL; }
    c->tt_mask = ((uint32_t)1 << tt_log2) - 1;
    return c;
}

void pab_free(void *ctx) {
    Ctx *c = ctx;
    if (c) { free(c->tt); free(c); }
}

long long pab_nodes(void *ctx) { return ((Ctx *)ctx)->nodes; }

static void load(Ctx *c, const uint32_t *hands, const int *trick, int ntrick, int leader, int x) {
    for (int s = 0; s < 3; s++) c->hands[s] = hands[s];
    for (int i = 0; i < 3; i++) c->trick[i] = i < ntrick ? trick[i] : -1;
    c->ntrick = ntrick;
    c->leader = leader;
    c->x = x;
    c->force = -1;
}

/* The exact value of the rest of the play. */
int pab_value(void *ctx, const uint32_t *hands, const int *trick, int ntrick, int leader, int x) {
    Ctx *c = ctx;
    load(c, hands, trick, ntrick, leader, x);
    return search(c, -INF, INF);
}

/* Each legal card of the player to move and the exact value of the rest of the play
 * after it (the card's own gain included). Returns how many cards were written. */
int pab_move_values(void *ctx, const uint32_t *hands, const int *trick, int ntrick, int leader, int x,
                    int *cards, int *values) {
    Ctx *c = ctx;
    load(c, hands, trick, ntrick, leader, x);
    uint32_t moves = legal(&c->g, c->hands[(leader + ntrick) % 3], c->trick, ntrick);
    int n = 0;
    for (int card = 0; card < 32; card++) {
        if (!(moves >> card & 1)) continue;
        load(c, hands, trick, ntrick, leader, x);
        c->force = card;
        cards[n] = card;
        values[n] = search(c, -INF, INF);
        n++;
    }
    return n;
}
