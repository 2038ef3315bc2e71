/* Open-hand alpha-beta search for Tysiacha: see tysiacha.h.
 *
 * Why a file of its own beside solver.c (docs/tysiacha.md, "Why its own search"):
 * Mariáš's search counts points in units of 10 and squeezes its table keys by
 * dropping the cards already played, collapses sequences of equal cards, and
 * holds its trump in the game; each of these is wrong here (a king and an
 * over-knave in sequence are 4 and 3 points, trumps change in play, a lead may
 * declare). Making them switches of solver.c's hot loops would cost Mariáš
 * time at every node. What is shared is the card layout (solver.h) and the
 * table allocation (mr_table_alloc).
 *
 * The search is fail-soft alpha-beta over single cards, the table probed at
 * trick boundaries. The key is the three hands exactly (24 bits each), the
 * leader, the trump (or none) and the first-trick flag: the value of the rest
 * of the play is a function of these and the game, and the table holds one
 * game's bounds (a call with another game clears it). What cuts the tree besides
 * (docs/tysiacha.md, "Why its own search"): at a trick's last card, one of each run
 * of touching cards and the next leads' table entries read first; at a trick
 * start, the cashing bounds of the seat on lead. */
#include "tysiacha.h"

#include <stdlib.h>
#include <string.h>

#include "solver.h"

#define INF 10000
#define RANK(c) ((c) & 7)
#define SUIT(c) ((c) >> 3)
#define LANE(s) (0xFFu << (8 * (s)))
#define VALID 0xFCFCFCFCu /* the 24 cards: ranks 9 to A of each lane */
#define OVER 4
#define KING 5
#define MAX_MOVES 16

static const int POINTS[8] = {0, 0, 0, 2, 3, 4, 10, 11};
static const uint8_t MOD3[5] = {0, 1, 2, 0, 1};
#define SEAT(k) MOD3[k] /* seat k places after seat 0, k < 5: no division */
/* The points of a lane's cards, for every lane (a sum of POINTS over its bits, at compile time). */
#define LP(b) (((b) >> 7 & 1) * 11 + ((b) >> 6 & 1) * 10 + ((b) >> 5 & 1) * 4 + ((b) >> 4 & 1) * 3 + ((b) >> 3 & 1) * 2)
#define LP4(b) LP(b), LP((b) + 1), LP((b) + 2), LP((b) + 3)
#define LP16(b) LP4(b), LP4((b) + 4), LP4((b) + 8), LP4((b) + 12)
#define LP64(b) LP16(b), LP16((b) + 16), LP16((b) + 32), LP16((b) + 48)
static const uint8_t LANE_POINTS[256] = {LP64(0), LP64(64), LP64(128), LP64(192)};

typedef struct {
    uint64_t k1;    /* seat 0's and seat 1's hands (24 bits each) | aux << 48 */
    uint32_t k2;    /* seat 2's hand (24 bits) */
    int16_t lo, hi; /* bounds on the value of the rest of the play */
    int8_t move;    /* the best move found, or -1 */
    uint8_t used;
} entry;

struct ty_ctx {
    entry *tt;
    uint32_t mask;
    ty_game g;
    int have_game;
    uint32_t hand[3];
    int8_t trick[3];
    int ntrick, leader, trump, first;
    uint64_t nodes;
    int probes;
    int8_t killer[9][3]; /* per cards held and seat on lead: the last lead that cut off (-1: none) */
    uint64_t shuffle; /* non-zero: moves in a random order (tests: values must not depend on it) */
};

static inline uint32_t pack(uint32_t h) {
    return ((h >> 2) & 0x3Fu) | ((h >> 4) & 0xFC0u) | ((h >> 6) & 0x3F000u) | ((h >> 8) & 0xFC0000u);
}

static inline int popcount(uint32_t x) { return __builtin_popcount(x); }

/* Does card c take the trick from best (a card of the suit led or a trump)? */
static inline int beats(int c, int best, int trump) {
    if (SUIT(c) == SUIT(best)) return RANK(c) > RANK(best);
    return SUIT(c) == trump;
}

static inline int marriage_in(uint32_t hand, int s) {
    uint32_t both = (1u << (8 * s + OVER)) | (1u << (8 * s + KING));
    return (hand & both) == both;
}

/* The legal cards of a hand when following: trick[0..n-1] in play, trump t. */
static uint32_t follow_set(const ty_ctx *c, uint32_t hand) {
    int led = SUIT(c->trick[0]), t = c->trump;
    int best = c->trick[0];
    for (int i = 1; i < c->ntrick; i++)
        if (beats(c->trick[i], best, t)) best = c->trick[i];
    uint32_t suit = hand & LANE(led);
    if (suit) {
        if (c->g.must_beat && SUIT(best) == led) {
            uint32_t above = suit & ~((2u << best) - 1);
            if (above) return above;
        }
        return suit;
    }
    if (t >= 0 && (hand & LANE(t))) {
        uint32_t trumps = hand & LANE(t);
        if (c->g.must_beat && SUIT(best) == t) {
            uint32_t above = trumps & ~((2u << best) - 1);
            if (above) return above;
        }
        return trumps;
    }
    return hand;
}

static inline int to_move(const ty_ctx *c) { return SEAT(c->leader + c->ntrick); }

/* The last card of a trick: of the mover's legal cards that touch (no card still in play, in a
 * hand or in this trick, between them in their suit) only one need be tried. Swapped, they take
 * the same tricks now and later, so they differ only in whose trick their points fall to: the
 * side that takes this trick is at least as well off playing the highest of them now, the other
 * side the lowest (the exchange argument in docs/tysiacha.md). Points rise with rank, so that is
 * the top or the bottom of the run. The king and over-knave of a marriage the mover holds touch
 * nothing: playing one ends a declaration that playing their neighbour would keep. */
static uint32_t one_of_touching(const ty_ctx *c, uint32_t set) {
    int seat = to_move(c), d = c->g.declarer, t = c->trump;
    int w = beats(c->trick[1], c->trick[0], t);
    int top = c->trick[w], top_seat = SEAT(c->leader + w);
    uint32_t hand = c->hand[seat];
    uint32_t live = c->hand[0] | c->hand[1] | c->hand[2] | 1u << c->trick[0] | 1u << c->trick[1];
    uint32_t keep = 0;
    while (set) {
        int lo = __builtin_ctz(set), hi = lo, suit = SUIT(lo);
        uint32_t pair = marriage_in(hand, suit) ? (3u << (8 * suit + OVER)) : 0;
        set &= set - 1;
        while (set) {
            int next = __builtin_ctz(set);
            if (SUIT(next) != suit || (live & ((1u << next) - (2u << hi))) || (pair >> hi & 1) ||
                (pair >> next & 1))
                break;
            hi = next;
            set &= set - 1;
        }
        int mine = beats(lo, top, t) ? 1 : (top_seat == d) == (seat == d);
        keep |= 1u << (mine ? hi : lo);
    }
    return keep;
}

/* The legal moves of the seat to move, unordered; with prune, of touching cards at a trick's
 * last card only the one that need be tried (the search: not the lists of every move). */
static int gen_moves(const ty_ctx *c, int8_t *moves, int prune) {
    int seat = to_move(c), n = 0;
    uint32_t hand = c->hand[seat];
    uint32_t set = c->ntrick ? follow_set(c, hand) : hand;
    if (c->ntrick == 2 && prune) set = one_of_touching(c, set);
    for (uint32_t x = set; x; x &= x - 1) moves[n++] = (int8_t)__builtin_ctz(x);
    if (c->ntrick == 0 && (!c->first || c->g.any_lead))
        for (int s = 0; s < 4; s++)
            if (marriage_in(hand, s)) {
                moves[n++] = (int8_t)(8 * s + OVER + TY_DECLARE);
                moves[n++] = (int8_t)(8 * s + KING + TY_DECLARE);
            }
    return n;
}

/* A guess of how good a move is for its side, to order the search: after the table's move, at a
 * lead the killer (the last lead that cut off with as many cards held and the same seat on lead),
 * declarations, then winners; following, points to a friend who holds the trick, else the
 * cheapest card that takes it, else the least points. (A history of cutoffs, as solver.c
 * keeps, doubled the nodes here: 200 deals, 22.0M nodes with it, 10.0M without. The killer:
 * docs/benchmarks.md, "Tysiacha: the levers".) */
static void score_moves(ty_ctx *c, const int8_t *moves, int n, int first_move, int *score) {
    int seat = to_move(c);
    if (c->ntrick == 0) {
        uint32_t others = (c->hand[0] | c->hand[1] | c->hand[2]) & ~c->hand[seat];
        int killer = c->killer[popcount(c->hand[seat])][seat];
        for (int i = 0; i < n; i++) {
            int m = moves[i], card = m & 31;
            if (m == first_move) score[i] = 1 << 20;
            else if (m == killer) score[i] = 1 << 19;
            else if (m & TY_DECLARE) score[i] = 4000 + c->g.marriage[SUIT(card)];
            else /* a card no one else can head in its suit (a winner unless trumped) before the rest */
                score[i] = (!((others & LANE(SUIT(card))) >> card)) * 64 + POINTS[RANK(card)] + RANK(card);
        }
    } else {
        int best = 0;
        for (int i = 1; i < c->ntrick; i++)
            if (beats(c->trick[i], c->trick[best], c->trump)) best = i;
        int best_seat = SEAT(c->leader + best), d = c->g.declarer, top = c->trick[best];
        int friend_wins = (best_seat == d) == (seat == d);
        for (int i = 0; i < n; i++) {
            int card = moves[i], p = POINTS[RANK(card)];
            int wins = beats(card, top, c->trump);
            if (card == first_move) score[i] = 1 << 20;
            else if (friend_wins && !wins) score[i] = 2000 + p * 8; /* give points to the friend */
            else if (wins) score[i] = 1000 + p * 4 - RANK(card);    /* take it cheaply */
            else score[i] = 500 - p * 8 - RANK(card);                /* lose the least */
        }
    }
    if (c->shuffle) {
        for (int i = 0; i < n; i++) {
            c->shuffle = c->shuffle * 6364136223846793005ull + 1442695040888963407ull;
            score[i] = (int)(c->shuffle >> 44);
        }
    }
}

/* Sort the moves by score, best first, equal scores in their order. */
static inline void sort_moves(int8_t *moves, int *score, int n) {
    for (int i = 1; i < n; i++) {
        int8_t m = moves[i];
        int s = score[i], j = i;
        for (; j > 0 && score[j - 1] < s; j--) {
            moves[j] = moves[j - 1];
            score[j] = score[j - 1];
        }
        moves[j] = m;
        score[j] = s;
    }
}

static int ab(ty_ctx *c, int alpha, int beta);

/* Play move m for good, returning the declarer's gain by it. */
static inline int step(ty_ctx *c, int m) {
    int card = m & 31, seat = to_move(c), d = c->g.declarer, gain = 0;
    if (m & TY_DECLARE) {
        c->trump = SUIT(card);
        if (seat == d) gain += c->g.marriage[SUIT(card)];
    }
    c->hand[seat] &= ~(1u << card);
    c->trick[c->ntrick++] = (int8_t)card;
    if (c->ntrick == 3) {
        int w = 0;
        for (int i = 1; i < 3; i++)
            if (beats(c->trick[i], c->trick[w], c->trump)) w = i;
        int winner = SEAT(c->leader + w);
        if (winner == d) gain += POINTS[RANK(c->trick[0])] + POINTS[RANK(c->trick[1])] + POINTS[RANK(c->trick[2])];
        c->leader = winner;
        c->ntrick = 0;
        c->first = 0;
    }
    return gain;
}

/* Play move m, search the rest, undo: the declarer's gain by the move plus the rest. */
static int play_search(ty_ctx *c, int m, int alpha, int beta) {
    int card = m & 31, seat = to_move(c);
    int old_trump = c->trump, old_first = c->first, old_leader = c->leader, old_ntrick = c->ntrick;
    int8_t old_trick[3];
    memcpy(old_trick, c->trick, sizeof old_trick);
    int gain = step(c, m);
    int v = gain + ab(c, alpha - gain, beta - gain);
    c->ntrick = old_ntrick;
    memcpy(c->trick, old_trick, sizeof old_trick);
    c->hand[seat] |= 1u << card;
    c->trump = old_trump;
    c->first = old_first;
    c->leader = old_leader;
    return v;
}

static inline void keys(const ty_ctx *c, uint64_t *k1, uint32_t *k2) {
    uint64_t aux = (uint64_t)(c->leader | (c->trump + 1) << 2 | c->first << 5);
    *k1 = (uint64_t)pack(c->hand[0]) | (uint64_t)pack(c->hand[1]) << 24 | aux << 48;
    *k2 = pack(c->hand[2]);
}

static inline entry *slot(const ty_ctx *c, uint64_t k1, uint32_t k2) {
    uint64_t h = (k1 ^ ((uint64_t)k2 << 21)) * 0x9E3779B97F4A7C15ull;
    return &c->tt[(h >> 32) & c->mask];
}

/* The last card of a trick: an enhanced transposition cutoff. The table entries of every next
 * lead are fetched at once, so that their cache misses overlap (a quarter of the time was spent
 * waiting on the probe), then read: an entry whose bound, with the trick's points, already
 * decides the node gives its value. INF when none does. */
static int etc(const ty_ctx *c, const int8_t *moves, int n, int maxi, int alpha, int beta) {
    int seat = to_move(c), d = c->g.declarer;
    int w = beats(c->trick[1], c->trick[0], c->trump), pts = POINTS[RANK(c->trick[0])] + POINTS[RANK(c->trick[1])];
    uint64_t k1[MAX_MOVES];
    uint32_t k2[MAX_MOVES];
    int gain[MAX_MOVES];
    const entry *e[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        int card = moves[i];
        int leader = beats(card, c->trick[w], c->trump) ? seat : SEAT(c->leader + w);
        gain[i] = leader == d ? pts + POINTS[RANK(card)] : 0;
        uint32_t h[3] = {c->hand[0], c->hand[1], c->hand[2]};
        h[seat] &= ~(1u << card);
        uint64_t aux = (uint64_t)(leader | (c->trump + 1) << 2);
        k1[i] = (uint64_t)pack(h[0]) | (uint64_t)pack(h[1]) << 24 | aux << 48;
        k2[i] = pack(h[2]);
        e[i] = slot(c, k1[i], k2[i]);
        __builtin_prefetch(e[i]);
    }
    for (int i = 0; i < n; i++) {
        if (!(e[i]->used && e[i]->k1 == k1[i] && e[i]->k2 == k2[i])) continue;
        if (maxi ? gain[i] + e[i]->lo >= beta : gain[i] + e[i]->hi <= alpha)
            return gain[i] + (maxi ? e[i]->lo : e[i]->hi);
    }
    return INF;
}

static inline int points_of(uint32_t cards) {
    return LANE_POINTS[cards & 0xFF] + LANE_POINTS[cards >> 8 & 0xFF] + LANE_POINTS[cards >> 16 & 0xFF] +
           LANE_POINTS[cards >> 24];
}

/* The most the declarer can still gain: every card left and each marriage he could declare. */
static int most(const ty_ctx *c) {
    uint32_t all = c->hand[0] | c->hand[1] | c->hand[2];
    for (int i = 0; i < c->ntrick; i++) all |= 1u << c->trick[i];
    int sum = points_of(all);
    uint32_t mine = c->hand[c->g.declarer];
    for (uint32_t kings = mine & mine << 1 & 0x20202020u; kings; kings &= kings - 1) /* king and over-knave */
        sum += c->g.marriage[__builtin_ctz(kings) >> 3];
    return sum;
}

/* The points of the k cards of a hand worth least. */
static int cheapest(uint32_t hand, int k) {
    int sum = 0;
    for (int r = 2; r < 8 && k > 0; r++) {
        int n = popcount(hand & (0x01010101u << r));
        if (n > k) n = k;
        sum += n * POINTS[r];
        k -= n;
    }
    return sum;
}


/* The tricks the seat on lead surely takes at a trick start by leading, one by one, his cards of
 * `mine` above every other player's card of their suit: all of them when nobody else can ruff (no
 * trumps, nobody else holds one, or as many top trumps as the longest other trump holding, led
 * first, draw every other trump), else his top trumps only. The others never get the lead, so
 * nobody declares meanwhile. Returns the tricks; *pts, the points of the cards he leads. */
static int cashable(const ty_ctx *c, uint32_t mine, int *pts) {
    int seat = c->leader, t = c->trump;
    uint32_t others = (c->hand[0] | c->hand[1] | c->hand[2]) & ~c->hand[seat];
    uint32_t masters = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t m = mine & LANE(s), o = others & LANE(s);
        masters |= o ? m & ~((2u << (31 - __builtin_clz(o))) - 1) : m;
    }
    if (t >= 0 && (others & LANE(t))) {
        int a = popcount(c->hand[SEAT(seat + 1)] & LANE(t)), b = popcount(c->hand[SEAT(seat + 2)] & LANE(t));
        if (popcount(masters & LANE(t)) < (a > b ? a : b)) masters &= LANE(t);
    }
    *pts = points_of(masters);
    return popcount(masters);
}

/* A lower bound on the rest for the declarer on lead: he cashes his sure tricks (the others feed
 * each at least their cheapest cards), then, if he still holds a marriage and may declare, leads
 * it. *exact: every trick is sure and he holds no marriage, so the bound is the value. */
static int declarer_cashes(const ty_ctx *c, int *exact) {
    int d = c->g.declarer, pts;
    uint32_t mine = c->hand[d], o1 = c->hand[SEAT(d + 1)], o2 = c->hand[SEAT(d + 2)];
    int n = cashable(c, mine, &pts);
    int best = pts + cheapest(o1, n) + cheapest(o2, n);
    *exact = n == popcount(mine);
    for (int s = 0; s < 4; s++)
        if (marriage_in(mine, s)) {
            *exact = 0;
            n = cashable(c, mine & ~(3u << (8 * s + OVER)), &pts);
            if (n || !c->first || c->g.any_lead) {
                int v = pts + cheapest(o1, n) + cheapest(o2, n) + c->g.marriage[s];
                if (v > best) best = v;
            }
        }
    return best;
}

/* An upper bound on the rest for a defender on lead: `top` less the defenders' sure tricks (his
 * cashed cards, the declarer's and the partner's cheapest cards fed to them). */
static int defence_cashes(const ty_ctx *c, int top) {
    int d = c->g.declarer, pts;
    int n = cashable(c, c->hand[c->leader], &pts);
    return top - pts - cheapest(c->hand[d], n) - cheapest(c->hand[3 - d - c->leader], n);
}

static int ab(ty_ctx *c, int alpha, int beta) {
    c->nodes++;
    entry *e = NULL;
    uint64_t k1 = 0;
    uint32_t k2 = 0;
    int tt_move = -1;
    if (c->ntrick == 0) {
        if (!(c->hand[0] | c->hand[1] | c->hand[2])) return 0;
        if (beta <= 0) return 0;
        if (!(c->hand[0] & (c->hand[0] - 1))) { /* the last trick: one card each, nothing to choose */
            int8_t t[3];
            for (int k = 0; k < 3; k++) t[k] = (int8_t)__builtin_ctz(c->hand[SEAT(c->leader + k)]);
            int w = 0;
            for (int i = 1; i < 3; i++)
                if (beats(t[i], t[w], c->trump)) w = i;
            return SEAT(c->leader + w) == c->g.declarer ? POINTS[RANK(t[0])] + POINTS[RANK(t[1])] + POINTS[RANK(t[2])]
                                                        : 0;
        }
        int top = most(c);
        if (alpha >= top) return top;
        if (c->leader != c->g.declarer) {
            int ub = defence_cashes(c, top);
            if (ub <= alpha) return ub;
        } else {
            int exact = 0, lb = declarer_cashes(c, &exact);
            if (lb >= beta || exact) return lb;
        }
        keys(c, &k1, &k2);
        e = slot(c, k1, k2);
        if (e->used && e->k1 == k1 && e->k2 == k2) {
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
            tt_move = e->move;
        }
    }
    int8_t moves[MAX_MOVES];
    int n = gen_moves(c, moves, 1);
    int seat = to_move(c);
    int maxi = seat == c->g.declarer;
    if (c->ntrick == 2 && n > 1) {
        int v = etc(c, moves, n, maxi, alpha, beta);
        if (v != INF) return v;
    }
    int score[MAX_MOVES];
    score_moves(c, moves, n, tt_move, score);
    sort_moves(moves, score, n);
    int best = maxi ? -INF : INF, best_move = -1;
    int a = alpha, b = beta;
    for (int i = 0; i < n; i++) {
        int v = play_search(c, moves[i], a, b);
        if (maxi ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if (maxi) {
            if (best > a) a = best;
        } else if (best < b) {
            b = best;
        }
        if (a >= b) {
            if (c->ntrick == 0 && i > 0) c->killer[popcount(c->hand[seat])][seat] = moves[i];
            break;
        }
    }
    if (e) {
        if (!(e->used && e->k1 == k1 && e->k2 == k2)) {
            e->k1 = k1;
            e->k2 = k2;
            e->lo = -INF;
            e->hi = INF;
            e->used = 1;
        }
        if (best <= alpha) {
            if (best < e->hi) e->hi = (int16_t)best;
        } else if (best >= beta) {
            if (best > e->lo) e->lo = (int16_t)best;
        } else {
            e->lo = e->hi = (int16_t)best;
        }
        e->move = (int8_t)best_move;
    }
    return best;
}

static int same_game(const ty_game *a, const ty_game *b) {
    return a->declarer == b->declarer && a->any_lead == b->any_lead && a->must_beat == b->must_beat &&
           !memcmp(a->marriage, b->marriage, sizeof a->marriage);
}

/* Check and load a game and a state. */
static int load(ty_ctx *c, const ty_game *g, const ty_state *s) {
    if (!c || !g || !s) return MR_E_ARG;
    if (g->declarer < 0 || g->declarer > 2 || s->leader < 0 || s->leader > 2 || s->trump < -1 || s->trump > 3 ||
        s->ntrick < 0 || s->ntrick > 2)
        return MR_E_ARG;
    for (int s4 = 0; s4 < 4; s4++)
        if (g->marriage[s4] < 0 || g->marriage[s4] > 1000) return MR_E_ARG;
    uint32_t seen = 0;
    for (int i = 0; i < 3; i++) {
        if (s->hands[i] & ~VALID) return MR_E_ARG;
        if (s->hands[i] & seen) return MR_E_OVERLAP;
        seen |= s->hands[i];
    }
    for (int i = 0; i < s->ntrick; i++) {
        int card = s->trick[i];
        if (card < 0 || card > 31 || !(VALID >> card & 1)) return MR_E_ARG;
        if (seen >> card & 1) return MR_E_OVERLAP;
        seen |= 1u << card;
    }
    int base = popcount(s->hands[(s->leader + s->ntrick) % 3]);
    for (int k = 0; k < 3; k++) {
        int seat = (s->leader + k) % 3;
        if (popcount(s->hands[seat]) != base - (k < s->ntrick)) return MR_E_HANDSIZE;
    }
    if (s->ntrick && base == 0) return MR_E_HANDSIZE;
    if (!c->have_game || !same_game(&c->g, g)) {
        ty_ctx_clear(c);
        c->g = *g;
        c->have_game = 1;
    }
    memcpy(c->hand, s->hands, sizeof c->hand);
    memset(c->trick, 0, sizeof c->trick);
    for (int i = 0; i < s->ntrick; i++) c->trick[i] = s->trick[i];
    c->ntrick = s->ntrick;
    c->leader = s->leader;
    c->trump = s->trump;
    c->first = s->first ? 1 : 0;
    c->nodes = 0;
    return MR_OK;
}

int ty_ctx_new(ty_ctx **out, int tt_log2) {
    if (!out || tt_log2 < 4 || tt_log2 > 30) return MR_E_ARG;
    ty_ctx *c = calloc(1, sizeof *c);
    if (!c) return MR_E_NOMEM;
    c->mask = (1u << tt_log2) - 1;
    c->tt = mr_table_alloc(((size_t)1 << tt_log2) * sizeof(entry));
    if (!c->tt) {
        free(c);
        return MR_E_NOMEM;
    }
    memset(c->killer, -1, sizeof c->killer);
    *out = c;
    return MR_OK;
}

void ty_ctx_free(ty_ctx *c) {
    if (!c) return;
    free(c->tt);
    free(c);
}

void ty_ctx_clear(ty_ctx *c) {
    memset(c->tt, 0, ((size_t)c->mask + 1) * sizeof(entry));
    memset(c->killer, -1, sizeof c->killer);
}

/* The exact value by null-window searches, bisecting [lo, hi] on the same table, which keeps
 * every bound found: fewer nodes here than one wide window (60 deals: median 50k nodes for the
 * wide window, 36k bisecting) and steadier than MTD(f) from a guess. */
static int exact(ty_ctx *c, int guess) {
    int lo = 0, hi = most(c);
    int beta = guess < 0 ? lo + (hi - lo + 1) / 2 : guess;
    c->probes = 0;
    while (lo < hi) {
        if (beta <= lo) beta = lo + 1;
        if (beta > hi) beta = hi;
        int v = ab(c, beta - 1, beta);
        c->probes++;
        if (v < beta) hi = v;
        else lo = v;
        beta = c->probes == 1 && guess >= 0 ? (v < beta ? v : v + 1) : lo + (hi - lo + 1) / 2;
    }
    return lo;
}

int ty_value(ty_ctx *c, const ty_game *g, const ty_state *s, int *value) {
    int code = load(c, g, s);
    if (code) return code;
    if (!(c->hand[0] | c->hand[1] | c->hand[2]) && !c->ntrick) return MR_E_TERMINAL;
    *value = exact(c, -1);
    return MR_OK;
}

int ty_search(ty_ctx *c, const ty_game *g, const ty_state *s, int target, int *yes) {
    int code = load(c, g, s);
    if (code) return code;
    if (!(c->hand[0] | c->hand[1] | c->hand[2]) && !c->ntrick) return MR_E_TERMINAL;
    *yes = ab(c, target - 1, target) >= target;
    return MR_OK;
}


int ty_move_values(ty_ctx *c, const ty_game *g, const ty_state *s, int8_t *moves, int *values, int *n) {
    int code = load(c, g, s);
    if (code) return code;
    if (!(c->hand[0] | c->hand[1] | c->hand[2])) return MR_E_TERMINAL;
    *n = gen_moves(c, moves, 0);
    uint64_t nodes = 0;
    uint32_t hand[3];
    int8_t trick[3];
    int ntrick = c->ntrick, leader = c->leader, trump = c->trump, first = c->first;
    memcpy(hand, c->hand, sizeof hand);
    memcpy(trick, c->trick, sizeof trick);
    for (int i = 0; i < *n; i++) {
        c->nodes = 0;
        int gain = step(c, moves[i]);
        values[i] = gain + exact(c, -1);
        nodes += c->nodes;
        memcpy(c->hand, hand, sizeof hand);
        memcpy(c->trick, trick, sizeof trick);
        c->ntrick = ntrick, c->leader = leader, c->trump = trump, c->first = first;
    }
    c->nodes = nodes;
    return MR_OK;
}

int ty_line(ty_ctx *c, const ty_game *g, const ty_state *s, int value, int8_t *moves, int16_t *gains, int *n) {
    int code = load(c, g, s);
    if (code) return code;
    uint64_t nodes = 0;
    *n = 0;
    while (c->hand[0] | c->hand[1] | c->hand[2]) {
        int8_t cand[MAX_MOVES];
        int k = gen_moves(c, cand, 0), chosen = -1, score[MAX_MOVES];
        /* The candidates in an order of the position alone, the killers set aside: the line shown
         * is the first that keeps the value, and must not depend on what this context solved
         * before (a server's warm context and the CLI's fresh one print the same line). */
        int8_t killer[sizeof c->killer];
        memcpy(killer, c->killer, sizeof killer);
        memset(c->killer, -1, sizeof c->killer);
        score_moves(c, cand, k, -1, score);
        memcpy(c->killer, killer, sizeof killer);
        sort_moves(cand, score, k);
        int maxi = to_move(c) == c->g.declarer;
        for (int i = 0; i < k && chosen < 0; i++) {
            c->nodes = 0;
            /* No move does better than the value: a null window tells the moves that keep it. */
            int keeps = maxi ? play_search(c, cand[i], value - 1, value) >= value
                             : play_search(c, cand[i], value, value + 1) <= value;
            nodes += c->nodes;
            if (keeps) chosen = cand[i];
        }
        if (chosen < 0) return MR_E_ARG; /* value was not the position's value */
        int gain = step(c, chosen);
        moves[*n] = (int8_t)chosen;
        gains[*n] = (int16_t)gain;
        (*n)++;
        value -= gain;
    }
    c->nodes = nodes;
    return MR_OK;
}

int ty_batch(ty_ctx *c, const ty_game *g, const ty_state *base, const uint32_t *hands, int nworlds, int target,
             int16_t *out, int stop_on_no, int *done) {
    ty_state s = *base;
    uint64_t nodes = 0;
    int guess = -1; /* the worlds of a batch are alike: the last value is the first probe */
    *done = 0;
    for (int w = 0; w < nworlds; w++) {
        memcpy(s.hands, hands + 3 * w, sizeof s.hands);
        int code = load(c, g, &s);
        if (code) return code;
        int v = target == TY_EXACT ? exact(c, guess) : ab(c, target - 1, target) >= target;
        if (target == TY_EXACT) guess = v;
        nodes += c->nodes;
        out[w] = (int16_t)v;
        (*done)++;
        if (stop_on_no && target != TY_EXACT && !v) break;
    }
    c->nodes = nodes;
    return MR_OK;
}

uint64_t ty_nodes(const ty_ctx *c) { return c->nodes; }

void ty_shuffle(ty_ctx *c, uint64_t seed) { c->shuffle = seed ? seed | 1 : 0; }
