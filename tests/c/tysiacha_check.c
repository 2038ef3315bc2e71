/* Tysiacha's static bounds and its pruning against a plain minimax (tests/test_tysiacha_bounds.py).
 *
 * Random positions at a trick start, 1 to KMAX cards a hand, any trump or none, the first-trick
 * flag both ways, any declarer and leader, both marriage tables, both options, marriages planted
 * one time in two; one time in two the seat on lead is dealt the top cards of one to three suits
 * (and, with a trump, often the top trumps), where the cashing bounds fire. For each: a minimax
 * over every legal move (no bound, table, ordering or equivalent cards; its rules written here
 * from docs/rules.md, not taken from cext/tysiacha.c) gives the value V, and
 *
 * - the declarer on lead: declarer_cashes() <= V (his sure tricks, then a marriage), and == V
 *   where it says it is exact;
 * - a defender on lead: defence_cashes(most()) >= V (the defenders' sure tricks);
 * - ty_value (every bound, the table, the last card's one of touching cards) == V.
 *
 *     gcc -O2 -std=c11 -I cext tests/c/tysiacha_check.c cext/solver.c -o tysiacha_check
 *     ./tysiacha_check 30000 4 1
 *
 * prints "positions N bad B value_bad W lb_fired L ub_fired U lb_exact E ub_exact F"
 * (fired: the bound is above 0 / below most(), the count of positions; exact: equal to V) and
 * exits 1 when B or W > 0. */
#include <stdio.h>
#include <stdlib.h>

#include "tysiacha.c"

#include "check_random.h"
static int below(int n) { return (int)(rnd() % (uint64_t)n); }

/* ---- the plain minimax ---------------------------------------------------------------------- */

typedef struct {
    uint32_t hand[3];
    int trick[3], nt, leader, trump, first;
} pos;

static int rank_of(int card) { return card & 7; }
static int suit_of(int card) { return card >> 3; }

/* Does card a take the trick from b, the best so far? */
static int takes(int a, int b, int trump) {
    if (suit_of(a) == suit_of(b)) return rank_of(a) > rank_of(b);
    return suit_of(a) == trump;
}

static int card_points(int card) {
    static const int pts[8] = {0, 0, 0, 2, 3, 4, 10, 11}; /* 7 8 9 U O K X A */
    return pts[rank_of(card)];
}

/* Follow suit, else trump, else any; must_beat: head the trick within those when able. */
static uint32_t legal(const pos *p, const ty_game *g, uint32_t h) {
    if (!p->nt) return h;
    int best = p->trick[0];
    for (int i = 1; i < p->nt; i++)
        if (takes(p->trick[i], best, p->trump)) best = p->trick[i];
    for (int pass = 0; pass < 2; pass++) {
        int suit = pass == 0 ? suit_of(p->trick[0]) : p->trump;
        if (suit < 0) continue;
        uint32_t same = 0, above = 0;
        for (int c = 0; c < 32; c++)
            if ((h >> c & 1) && suit_of(c) == suit) {
                same |= 1u << c;
                if (takes(c, best, p->trump)) above |= 1u << c;
            }
        if (same) return g->must_beat && suit_of(best) == suit && above ? above : same;
    }
    return h;
}

static int minimax(const pos *p, const ty_game *g) {
    if (!p->nt && !(p->hand[0] | p->hand[1] | p->hand[2])) return 0;
    int seat = (p->leader + p->nt) % 3, maxi = seat == g->declarer;
    int best = maxi ? -100000 : 100000;
    uint32_t h = p->hand[seat], set = legal(p, g, h);
    for (int c = 0; c < 32; c++) {
        if (!(set >> c & 1)) continue;
        for (int declare = 0; declare < 2; declare++) {
            if (declare) {
                int s = suit_of(c), k = 8 * s + 5, o = 8 * s + 4;
                if (p->nt || (p->first && !g->any_lead) || (c != k && c != o) || !(h >> k & 1) || !(h >> o & 1))
                    continue;
            }
            pos q = *p;
            int gain = 0;
            if (declare) {
                q.trump = suit_of(c);
                if (seat == g->declarer) gain += g->marriage[suit_of(c)];
            }
            q.hand[seat] &= ~(1u << c);
            q.trick[q.nt++] = c;
            if (q.nt == 3) {
                int w = 0;
                for (int i = 1; i < 3; i++)
                    if (takes(q.trick[i], q.trick[w], q.trump)) w = i;
                int winner = (q.leader + w) % 3;
                if (winner == g->declarer)
                    gain += card_points(q.trick[0]) + card_points(q.trick[1]) + card_points(q.trick[2]);
                q.leader = winner;
                q.nt = 0;
                q.first = 0;
            }
            int v = gain + minimax(&q, g);
            if (maxi ? v > best : v < best) best = v;
        }
    }
    return best;
}

/* ---- random positions ----------------------------------------------------------------------- */

static const int SEED_M[4] = {100, 80, 40, 60}, GERMAN_M[4] = {60, 40, 80, 100};

static void random_position(int kmax, pos *p, ty_game *g) {
    int k = 1 + below(kmax);
    g->declarer = below(3);
    g->any_lead = below(4) == 0;
    g->must_beat = below(4) == 0;
    memcpy(g->marriage, below(2) ? SEED_M : GERMAN_M, sizeof g->marriage);
    memset(p, 0, sizeof *p);
    p->leader = below(3);
    p->trump = below(5) - 1;
    p->first = below(4) == 0;
    uint32_t free_ = VALID;
    int need[3] = {k, k, k};
    /* planted: a marriage for a random seat; the leader's top cards of some suits */
    if (below(2)) {
        int seat = below(3), s = below(4);
        uint32_t pair = 3u << (8 * s + OVER);
        p->hand[seat] |= pair, free_ &= ~pair, need[seat] -= 2;
        if (need[seat] < 0) { /* too many: undo */
            p->hand[seat] &= ~pair, free_ |= pair, need[seat] += 2;
        }
    }
    if (below(2)) {
        int suits = 1 + below(3), seat = p->leader;
        for (int i = 0; i < suits && need[seat] > 0; i++) {
            int s = below(4), tops = 1 + below(3);
            if (p->trump >= 0 && below(2)) s = p->trump;
            for (int r = 7; r >= 2 && tops > 0 && need[seat] > 0; r--) {
                uint32_t bit = 1u << (8 * s + r);
                if (!(free_ & bit)) continue;
                if (below(3) == 0) continue; /* sometimes a gap: played, or elsewhere */
                p->hand[seat] |= bit, free_ &= ~bit, need[seat]--, tops--;
            }
        }
    }
    for (int seat = 0; seat < 3; seat++)
        while (need[seat] > 0) {
            int c = below(32);
            if (!(free_ >> c & 1)) continue;
            p->hand[seat] |= 1u << c, free_ &= ~(1u << c), need[seat]--;
        }
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 30000;
    int kmax = argc > 2 ? atoi(argv[2]) : 4;
    rs += argc > 3 ? (uint64_t)atol(argv[3]) * 0x9E3779B97F4A7C15ull : 0;
    ty_ctx *ctx;
    if (ty_ctx_new(&ctx, 14)) return 2;
    long bad = 0, value_bad = 0, lb_fired = 0, ub_fired = 0, lb_exact = 0, ub_exact = 0;
    for (long i = 0; i < n; i++) {
        pos p;
        ty_game g;
        random_position(kmax, &p, &g);
        int v = minimax(&p, &g);
        ty_state s = {{p.hand[0], p.hand[1], p.hand[2]}, {0, 0}, 0, p.leader, p.trump, p.first};
        int got = -1;
        if (ty_value(ctx, &g, &s, &got) || got != v) {
            if (value_bad++ < 5) printf("value %d, minimax %d: hands %x %x %x\n", got, v, p.hand[0], p.hand[1], p.hand[2]);
        }
        /* the bounds on the loaded state (ty_value leaves the context at the position) */
        if (load(ctx, &g, &s)) return 2;
        if (p.leader == g.declarer) {
            int exact, lb = declarer_cashes(ctx, &exact);
            lb_fired += lb > 0, lb_exact += lb == v;
            if ((lb > v || (exact && lb != v)) && bad++ < 5)
                printf("lower bound %d (exact %d), value %d: hands %x %x %x\n", lb, exact, v, p.hand[0], p.hand[1],
                       p.hand[2]);
        } else {
            int top = most(ctx), ub = defence_cashes(ctx, top);
            ub_fired += ub < top, ub_exact += ub == v;
            if (ub < v && bad++ < 5) printf("upper bound %d < %d: hands %x %x %x\n", ub, v, p.hand[0], p.hand[1], p.hand[2]);
        }
    }
    printf("positions %ld bad %ld value_bad %ld lb_fired %ld ub_fired %ld lb_exact %ld ub_exact %ld\n", n, bad,
           value_bad, lb_fired, ub_fired, lb_exact, ub_exact);
    ty_ctx_free(ctx);
    return bad || value_bad;
}
