/* Partition search (solver.c built with MR_PARTITION) against a plain minimax
 * (tests/test_partition_minimax.py).
 *
 * Random small endgames at a trick start, 3 to KMAX cards a hand, three seats, every goal (points
 * with or without a trump, both marriage rules, random sharp cards; betl, durch, sevens with its
 * announced seven), either side maximising (the actor's seven too: the defence maximising, it is
 * the other side's goal card). Each deal comes in a family: the deal, then variants
 * of it in which the holders of the bottom plain cards of some suits are shuffled (each seat
 * keeping as many of them), all asked of one context, so that the partition table's entries of
 * one are read by the others. Every call of ab_lead is wrapped here:
 *   - its bound must hold the minimax value of the position it was asked of (always when the
 *     partition table answered, and at three cards a hand or fewer; one time in four above);
 *   - the cards it says its bound depends on (c->rel) are checked by moving the others: the
 *     holders of the plain cards below them shuffled at random, each seat keeping its count of
 *     them per suit, the bound must still hold the moved position's minimax value (one call in
 *     SAMPLE).
 * And the roots' exact values and yes/no answers must equal the minimax.
 *
 *     gcc -O2 -std=c11 -I cext tests/c/partition_check.c -o partition_check && ./partition_check 2000 5 1
 * prints "families N positions P leads L checked C moved M pt_hits H bad B" and exits 1 when B > 0. */
#include <stdio.h>
#include <stdlib.h>

#define MR_PARTITION 1
#include "solver.h"
static int ab_lead_checked(mr_ctx *c, int target);
#define ab_lead(c, target) ab_lead_checked(c, target) /* every call in the search, checked */
#include "solver.c"

#include "check_random.h"
#include "check_minimax.h"

static long leads, checked, moved, bad;
static int sample = 8;

/* Does the fail-soft answer v to target hold the value? */
static int holds(int v, int target, int value) { return v >= target ? value >= v : value <= v; }

/* The holders of the cards in x shuffled within each suit, each of the nseats hands keeping its
 * count of them. */
static void move_cards(uint32_t *hands, int nseats, uint32_t x) {
    for (int suit = 0; suit < 4; suit++) {
        int cards[8], seats[8], n = 0;
        for (uint32_t m = x & LANE(suit); m; m &= m - 1) {
            int card = __builtin_ctz(m);
            cards[n] = card;
            for (int seat = 0; seat < nseats; seat++)
                if ((hands[seat] >> card) & 1) seats[n] = seat;
            n++;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = (int)(rnd() % (uint64_t)(i + 1)), t = seats[i];
            seats[i] = seats[j];
            seats[j] = t;
        }
        for (int i = 0; i < n; i++) {
            for (int seat = 0; seat < nseats; seat++) hands[seat] &= ~(1u << cards[i]);
            hands[seats[i]] |= 1u << cards[i];
        }
    }
}

static int ab_lead_checked(mr_ctx *c, int target) {
    state before = c->s;
    uint64_t hits = c->pt_hits;
    int v = (ab_lead)(c, target);
    uint32_t rel = c->rel;
    int k = popcount(before.hand[before.leader]);
    leads++;
    if (c->pt_hits != hits || k <= 3 || rnd() % 4 == 0) {
        c->s = before;
        checked++;
        if (!holds(v, target, minimax(c))) {
            if (bad++ < 10) printf("bad: bound %d (target %d) does not hold, %s goal %d k %d\n", v, target,
                                   c->pt_hits != hits ? "partition table" : "search", c->p.goal, k);
        }
    }
    /* The small cards: held, outside rel, plain and below every card that is not. */
    uint32_t x = before.all & ~(rel | upclose(before.all & c->nonplain));
    if (k >= 2 && (x & (x - 1)) && rnd() % (uint64_t)sample == 0) {
        c->s = before;
        move_cards(c->s.hand, c->n, x);
        moved++;
        if (!holds(v, target, minimax(c))) {
            if (bad++ < 10)
                printf("bad: bound %d (target %d, rel %08x) fails with small cards moved\n", v, target, rel);
        }
    }
    c->s = before; /* the caller restores the state anyway */
    c->rel = rel;
    return v;
}

/* A random game of three seats: points (a trump or none, marriages, sharp cards), betl, durch
 * or a seven; the actor's seven given to him. */
static mr_game random_game(void) {
    mr_game g = {0};
    g.nseats = 3;
    g.actor = (int)(rnd() % 3);
    switch (rnd() % 6) {
    case 0:
        g.goal = MR_GOAL_BETL;
        g.trump = -1;
        g.notrump_order = 1;
        break;
    case 1:
        g.goal = MR_GOAL_DURCH;
        g.trump = -1;
        g.notrump_order = 1;
        break;
    case 2:
        g.goal = MR_GOAL_SEVENS;
        g.trump = (int)(rnd() % 4);
        g.ngoal = 1;
        g.goal_card[0] = (int8_t)(8 * g.trump);
        g.goal_when[0] = 1;
        g.announced = 1u << (8 * g.trump);
        break;
    default:
        g.goal = MR_GOAL_POINTS;
        g.trump = rnd() % 3 == 0 ? -1 : (int)(rnd() % 4);
        g.sharp = rnd() % 4 ? 0xC0C0C0C0u : (uint32_t)(rnd() & rnd());
        if (g.trump >= 0 && rnd() % 3 == 0) {
            g.marriage = 1 + (int)(rnd() % 2);
            g.sharp &= ~0x30303030u;
        }
    }
    /* either side, every goal: seven-against asks a seven with the defence maximising, and the
     * core answers any holder of it (tests/c/bounds_check.c, goal_positions) */
    g.maximiser = rnd() % 4 == 0;
    return g;
}

/* A deal of k cards a hand; for a seven, the actor holds it. */
static void deal(const mr_game *g, int k, mr_state *st) {
    int deck[32];
    shuffle(deck);
    memset(st, 0, sizeof *st);
    for (int seat = 0; seat < 3; seat++)
        for (int i = 0; i < k; i++) st->hands[seat] |= 1u << deck[seat * k + i];
    if (g->goal == MR_GOAL_SEVENS) {
        uint32_t seven = 1u << g->goal_card[0];
        int holder = -1;
        for (int seat = 0; seat < 3; seat++)
            if (st->hands[seat] & seven) holder = seat;
        if (holder != g->actor) { /* swap it with one of the actor's cards */
            uint32_t give = st->hands[g->actor] & -st->hands[g->actor];
            st->hands[g->actor] = (st->hands[g->actor] & ~give) | seven;
            if (holder >= 0) st->hands[holder] = (st->hands[holder] & ~seven) | give;
        }
    }
    st->leader = (int)(rnd() % 3);
}

/* A variant: in each suit, the holders of its bottom 1 to 4 cards (in the caller's rank order)
 * shuffled, each seat keeping its count. Sharp, announced and marriage cards can be among them:
 * the search then finds them relevant (the variant is only a position to ask). */
static void variant(const mr_state *base, mr_state *st) {
    *st = *base;
    uint32_t all = st->hands[0] | st->hands[1] | st->hands[2], x = 0;
    for (int suit = 0; suit < 4; suit++) {
        int n = 1 + (int)(rnd() % 4);
        for (uint32_t m = all & LANE(suit); m && n > 0; m &= m - 1, n--) x |= m & -m;
    }
    move_cards(st->hands, 3, x);
}

int main(int argc, char **argv) {
    long families = argc > 1 ? atol(argv[1]) : 1000;
    int kmax = argc > 2 ? atoi(argv[2]) : 5;
    rs ^= (uint64_t)(argc > 3 ? atol(argv[3]) : 1) * 0x9E3779B97F4A7C15ull;
    if (argc > 4) sample = atoi(argv[4]);
    mr_ctx *c;
    if (mr_ctx_new(&c, 12) != MR_OK) return 2;
    long positions = 0;
    for (long f = 0; f < families; f++) {
        mr_game g = random_game();
        int k = 3 + (int)(rnd() % (uint64_t)(kmax - 2));
        mr_state base, st;
        deal(&g, k, &base);
        for (int v = 0; v < 6; v++) {
            if (v == 0) st = base;
            else variant(&base, &st);
            if (g.goal == MR_GOAL_SEVENS && !(st.hands[g.actor] & (1u << g.goal_card[0]))) continue;
            positions++;
            if (load(c, &g, &st) != MR_OK) {
                printf("bad: position refused\n");
                bad++;
                continue;
            }
            c->s = c->root;
            int want = minimax(c), value = -1, yes = -1;
            if (mr_value(c, &g, &st, &value) != MR_OK || value != want) {
                if (bad++ < 10) printf("bad: value %d, minimax %d\n", value, want);
            }
            for (int t = want - 1; t <= want + 1; t++) {
                if (mr_search(c, &g, &st, t, &yes) != MR_OK || yes != (want >= t)) {
                    if (bad++ < 10) printf("bad: search %d says %d, minimax %d\n", t, yes, want);
                }
            }
        }
    }
    printf("families %ld positions %ld leads %ld checked %ld moved %ld pt_hits %llu bad %ld\n", families, positions,
           leads, checked, moved, (unsigned long long)c->pt_hits, bad);
    mr_ctx_free(c);
    return bad ? 1 : 0;
}
