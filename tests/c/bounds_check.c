/* The core's static bounds against a plain minimax (tests/test_bounds_minimax.py).
 *
 * Random positions at a trick start, 1 to KMAX cards a hand, two to four seats, any trump or
 * none, either side maximising, marriages (both rules), announced cards, sharp cards at random
 * (kings and over-knaves plain under the marriage rules); half of them with the trumps in play
 * all in one hand, where the bounds from the top trumps fire. For each: the bounds of
 * solver.c's bounds() must hold the value found by a minimax over every legal card with no
 * bound, table or ordering (play() scores the cards), and mr_value must find that value.
 *
 *     gcc -O2 -std=c11 -I cext tests/c/bounds_check.c -o bounds_check && ./bounds_check 100000 4 1
 * prints "policy positions N bad B last_trump F" (policy_positions, below), "masters positions N
 * bad B fired F" (masters_positions), then "positions N bad B lb_exact L ub_exact U"
 * (percentages), and exits 1 when any B > 0. */
#include <stdio.h>
#include <stdlib.h>

#include "solver.c"

#include "check_random.h"
#include "check_minimax.h"

/* Under a policy the actor plays its card (choices), the others every legal card. */
/* A points game for ``seats`` seats: no trump one time in ``no_trump``, the sharp cards the aces
 * and tens (or random ones), a random actor and side to maximise, a partner one time in two with
 * four seats, marriages (the kings and over-knaves then count nothing) one time in three. */
static mr_game random_game(int seats, int no_trump) {
    mr_game g = {0};
    g.trump = rnd() % (uint64_t)no_trump == 0 ? -1 : (int)(rnd() % 4);
    g.nseats = seats;
    g.goal = MR_GOAL_POINTS;
    g.sharp = rnd() % 4 ? 0xC0C0C0C0u : (uint32_t)(rnd() & rnd());
    g.actor = (int)(rnd() % seats);
    g.maximiser = rnd() % 3 == 0;
    if (seats == 4 && rnd() % 2) g.team = 1 << ((g.actor + 1 + rnd() % 3) % 4);
    if (g.trump >= 0 && rnd() % 3 == 0) {
        g.marriage = 1 + (int)(rnd() % 2);
        g.sharp &= ~0x30303030u;
    }
    return g;
}

/* The actor's sure plan (MR_POLICY_CASHING), three seats, points: the bounds must hold the
 * value of the plan against the defence's best. Three positions in four are those of
 * policy_last_trump (the defence to lead, holding one trump, the actor two or more);
 * prints "policy positions N bad B last_trump F" (F: positions where that bound applied). */
static long policy_positions(mr_ctx *c, long n, int kmax) {
    long bad = 0, fired = 0;
    for (long it = 0; it < n; it++) {
        int k = 2 + (int)(rnd() % (uint64_t)(kmax - 1));
        mr_game g = {0};
        g.nseats = 3;
        g.goal = MR_GOAL_POINTS;
        g.policy = MR_POLICY_CASHING;
        g.trump = (int)(rnd() % 4);
        g.sharp = rnd() % 4 ? 0xC0C0C0C0u : (uint32_t)(rnd() & rnd());
        g.actor = (int)(rnd() % 3);
        if (rnd() % 4 == 0) {
            g.marriage = 1 + (int)(rnd() % 2);
            g.sharp &= ~0x30303030u;
        }
        int deck[32];
        shuffle(deck);
        /* trumps per seat: -1 any; the last-trump shape: the actor 2..k, one defender 1 */
        int want[3] = {-1, -1, -1}, last = rnd() % 4 != 0;
        mr_state st = {0};
        st.leader = (int)(rnd() % 3);
        if (last) {
            int d = (g.actor + 1 + (int)(rnd() % 2)) % 3;
            want[0] = want[1] = want[2] = 0;
            want[g.actor] = 2 + (int)(rnd() % (uint64_t)(k - 1));
            want[d] = 1;
            st.leader = (g.actor + 1 + (int)(rnd() % 2)) % 3;
        }
        for (int seat = 0; seat < 3; seat++) {
            int have = 0;
            for (int i = 0; i < 32 && have < want[seat]; i++)
                if (deck[i] >= 0 && deck[i] >> 3 == g.trump) {
                    st.hands[seat] |= 1u << deck[i];
                    deck[i] = -1;
                    have++;
                }
            for (int i = 0; i < 32 && have < k; i++)
                if (deck[i] >= 0 && (want[seat] < 0 || deck[i] >> 3 != g.trump)) {
                    st.hands[seat] |= 1u << deck[i];
                    deck[i] = -1;
                    have++;
                }
        }
        if (load(c, &g, &st)) {
            printf("load refused a policy position\n");
            exit(2);
        }
        c->s = c->root;
        fired += policy_last_trump(c) > 0;
        int lb, ub;
        bounds(c, BOUND_INF + 1, &lb, &ub);
        int value = minimax(c), solved = -1;
        mr_value(c, &g, &st, &solved);
        if (lb > value || ub < value || solved != value) {
            if (bad++ < 5)
                printf("bad policy: trump %d leader %d actor %d marriage %d sharp %x hands %x %x %x: "
                       "bounds %d..%d, value %d, solved %d\n", g.trump, st.leader, g.actor, g.marriage, g.sharp,
                       st.hands[0], st.hands[1], st.hands[2], lb, ub, value, solved);
        }
    }
    printf("policy positions %ld bad %ld last_trump %ld\n", n, bad, fired);
    return bad;
}

/* No trump in play and a player not on lead holding a card above every other card of each suit
 * the leader holds: nothing but such cards half the time (masters_take_all), else some random
 * cards besides (masters_of_the_leads). Two to four seats, a game
 * with or without a trump suit (none of its cards dealt), marriages, a cashing plan for the actor
 * (three seats) one time in four. His cards are the top ones of a few suits (and random ones),
 * the leader's drawn from those suits below them, the others' from what is left. The bounds must hold the value;
 * prints "masters positions N bad B fired F" (F: positions where the bound applied). */
static long masters_positions(mr_ctx *c, long n, int kmax) {
    long bad = 0, fired = 0;
    for (long it = 0; it < n; it++) {
        int r = (int)(rnd() % 10), seats = r == 0 ? 2 : r == 1 ? 4 : 3;
        int k = 1 + (int)(rnd() % kmax);
        mr_game g = random_game(seats, 3);
        if (seats == 3 && !g.team && rnd() % 4 == 0) g.policy = MR_POLICY_CASHING;
        mr_state st = {0};
        st.leader = (int)(rnd() % seats);
        int master = (st.leader + 1 + (int)(rnd() % (uint64_t)(seats - 1))) % seats;
        uint32_t free = 0xFFFFFFFFu & ~(g.trump >= 0 ? LANE(g.trump) : 0), suits = 0;
        /* his cards: the top cards of random suits (half the time some random cards besides) */
        int tops = rnd() % 2 ? k : 1 + (int)(rnd() % (uint64_t)k);
        for (int have = 0; have < tops;) {
            int suit = (int)(rnd() % 4);
            uint32_t lane = free & LANE(suit);
            if (!lane) continue;
            int card = top_bit(lane);
            st.hands[master] |= 1u << card;
            free &= ~(1u << card);
            suits |= LANE(suit);
            have++;
        }
        for (int have = tops; have < k; have++) {
            int pick = (int)(rnd() % (uint64_t)popcount(free));
            uint32_t m = free;
            while (pick--) m &= m - 1;
            st.hands[master] |= m & -m;
            free &= ~(m & -m);
        }
        /* the leader's from the suits of his top cards (below them), the others' from the rest */
        int ok = 1;
        for (int j = 0; j < seats && ok; j++) {
            if (j == master) continue;
            uint32_t pool = j == st.leader ? free & suits : free;
            for (int have = 0; have < k && ok; have++) {
                if (!pool) {
                    ok = 0;
                    break;
                }
                int pick = (int)(rnd() % (uint64_t)popcount(pool));
                uint32_t m = pool;
                while (pick--) m &= m - 1;
                uint32_t bit = m & -m;
                st.hands[j] |= bit;
                free &= ~bit;
                pool &= ~bit;
            }
        }
        if (!ok) {
            it--;
            continue;
        }
        if (g.marriage == MR_MARR_BEST) st.best_marriage = (int)(rnd() % 3) * 2;
        if (load(c, &g, &st)) {
            printf("load refused a masters position\n");
            exit(2);
        }
        c->s = c->root;
        fired += masters_take_all(c) >= 0 || masters_of_the_leads(c, popcount(held(c) & c->p.sharp) + 1, 0) >= 0;
        int lb, ub;
        bounds(c, BOUND_INF + 1, &lb, &ub);
        int value = minimax(c), solved = -1;
        mr_value(c, &g, &st, &solved);
        if (lb > value || ub < value || solved != value) {
            if (bad++ < 5)
                printf("bad masters: seats %d trump %d leader %d actor %d maximiser %d team %d marriage %d policy %d "
                       "sharp %x hands %x %x %x %x: bounds %d..%d, value %d, solved %d\n",
                       seats, g.trump, st.leader, g.actor, g.maximiser, g.team, g.marriage, g.policy, g.sharp,
                       st.hands[0], st.hands[1], st.hands[2], st.hands[3], lb, ub, value, solved);
        }
    }
    printf("masters positions %ld bad %ld fired %ld\n", n, bad, fired);
    return bad;
}

/* The card `card` moved into seat `want`'s hand (it may be undealt), swapped for his lowest card
 * outside `keep`. */
static void hand_to(uint32_t *hands, int seats, int card, int want, uint32_t keep) {
    uint32_t bit = 1u << card;
    if (hands[want] & bit) return;
    uint32_t spare = hands[want] & ~keep, give = spare & -spare;
    hands[want] = (hands[want] & ~give) | bit;
    for (int seat = 0; seat < seats; seat++)
        if (seat != want && (hands[seat] & bit)) hands[seat] = (hands[seat] & ~bit) | give;
}

/* Boolean goals, either side maximising: a seven or two sevens (one time in eight not announced;
 * one time in six one or two random goal cards, sevens mostly, that must win random tricks, any
 * trump or none), betl, durch (one time in four with its last trick free);
 * two to four seats, a partner one time in two with four. Each goal card is dealt to a random
 * seat, of the maximiser's side or not: seven-against asks a defender's seven with the defence
 * maximising, and a defender's view of it drew worlds with that seven in the actor's hand (the
 * maximiser's goal card held by the other side: goal_lost once counted its holder among the
 * players who kill it, 6 % of such positions wrong). 1 to KMAX + 1 cards a hand (KMAX with four
 * seats), a trick start; with three seats one time in four the actor plays a sure plan (any of
 * the three). The bounds, mr_value and mr_search must agree with the minimax; prints
 * "goals positions N bad B other_side O lost L" (O: positions with a goal card outside the
 * maximiser's side, L: positions where goal_lost settled the root). */
static long goal_positions(mr_ctx *c, long n, int kmax) {
    long bad = 0, other_side = 0, lost = 0;
    for (long it = 0; it < n; it++) {
        int r = (int)(rnd() % 10), seats = r == 0 ? 2 : r == 1 ? 4 : 3;
        int k = 1 + (int)(rnd() % (uint64_t)(seats == 4 ? kmax : kmax + 1));
        mr_game g = {0};
        g.nseats = seats;
        g.actor = (int)(rnd() % seats);
        g.maximiser = (int)(rnd() % 2);
        if (seats == 4 && rnd() % 2) g.team = 1 << ((g.actor + 1 + rnd() % 3) % 4);
        int deck[32];
        shuffle(deck);
        mr_state st = {0};
        st.leader = (int)(rnd() % seats);
        int kind = (int)(rnd() % 4); /* 0, 1: sevens; 2: betl; 3: durch */
        if (kind >= 2) {
            g.goal = kind == 2 ? MR_GOAL_BETL : MR_GOAL_DURCH;
            g.trump = -1;
            g.notrump_order = 1;
            g.free_tricks = kind == 3 && rnd() % 4 == 0;
        } else {
            g.goal = MR_GOAL_SEVENS;
            g.trump = (int)(rnd() % 4);
            if (rnd() % 6 == 0) { /* any cards, any tricks, any trump or none, announced or not */
                g.trump = (int)(rnd() % 5) - 1;
                g.ngoal = 1 + (int)(rnd() % 2);
                for (int i = 0; i < g.ngoal; i++) {
                    g.goal_card[i] = (int8_t)(rnd() % 4 ? 8 * (rnd() % 4) : rnd() % 32);
                    g.goal_when[i] = (int8_t)(1 + rnd() % 3);
                    if (rnd() % 2) g.announced |= 1u << g.goal_card[i];
                }
            } else {
                int side = (g.trump + 1 + (int)(rnd() % 3)) % 4;
                g.ngoal = 1 + kind;
                g.goal_card[g.ngoal - 1] = (int8_t)(8 * g.trump); /* the trump seven: the last trick */
                g.goal_when[g.ngoal - 1] = 1;
                g.goal_card[0] = (int8_t)(8 * (g.ngoal == 2 ? side : g.trump));
                g.goal_when[0] = (int8_t)g.ngoal;
                if (rnd() % 8) g.announced = 1u << g.goal_card[0] | 1u << g.goal_card[g.ngoal - 1];
            }
        }
        if (g.ngoal == 2 && k < 2) k = 2; /* room for both goal cards in one hand */
        /* the actor's sure plan (three seats, alone) one time in four: the plan's proofs */
        if (seats == 3 && rnd() % 4 == 0) g.policy = 1 + (int)(rnd() % 3);
        for (int seat = 0; seat < seats; seat++)
            for (int i = 0; i < k; i++) st.hands[seat] |= 1u << deck[seat * k + i];
        uint32_t goals = 0;
        for (int i = 0; i < g.ngoal; i++) goals |= 1u << g.goal_card[i];
        int team = g.team | 1 << g.actor, other = 0;
        for (int i = 0; i < g.ngoal; i++) {
            int want = (int)(rnd() % seats);
            hand_to(st.hands, seats, g.goal_card[i], want, goals);
            other |= ((team >> want) & 1) == g.maximiser;
        }
        other_side += other;
        if (load(c, &g, &st)) {
            printf("load refused a goal position\n");
            exit(2);
        }
        c->s = c->root;
        lost += g.goal == MR_GOAL_SEVENS && goal_lost(c);
        int lb, ub;
        bounds(c, BOUND_INF + 1, &lb, &ub);
        int value = minimax(c), solved = -1, wrong = 0;
        mr_value(c, &g, &st, &solved);
        for (int t = 0; t <= 2; t++) {
            int yes = -1;
            mr_search(c, &g, &st, t, &yes);
            wrong |= yes != (value >= t);
        }
        if (lb > value || ub < value || solved != value || wrong) {
            if (bad++ < 5)
                printf("bad goal: seats %d goal %d trump %d leader %d actor %d maximiser %d team %d policy %d goals %d@%d "
                       "%d@%d announced %x free %d hands %x %x %x %x: bounds %d..%d, value %d, solved %d\n", seats,
                       g.goal, g.trump, st.leader, g.actor, g.maximiser, g.team, g.policy, g.goal_card[0],
                       g.goal_when[0], g.goal_card[1], g.goal_when[1], g.announced, g.free_tricks,
                       st.hands[0], st.hands[1], st.hands[2], st.hands[3], lb, ub, value, solved);
        }
    }
    printf("goals positions %ld bad %ld other_side %ld lost %ld\n", n, bad, other_side, lost);
    return bad;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    long n = atol(argv[1]);
    int kmax = atoi(argv[2]);
    rs ^= (uint64_t)atol(argv[3]) * 0x9E3779B97F4A7C15ull;
    mr_ctx *c;
    if (mr_ctx_new(&c, 12)) return 2;
    long bad = 0, lb_exact = 0, ub_exact = 0;
    for (long it = 0; it < n; it++) {
        int r = (int)(rnd() % 10), seats = r == 0 ? 2 : r == 1 ? 4 : 3;
        int k = 1 + (int)(rnd() % kmax);
        mr_game g = random_game(seats, 5);
        /* the deal: a shuffled deck, or (half the time) the trumps in play all in one hand */
        int deck[32];
        shuffle(deck);
        mr_state st = {0};
        st.leader = (int)(rnd() % seats);
        int holder = -1, ntrumps = 0;
        if (g.trump >= 0 && rnd() % 2) {
            holder = (int)(rnd() % seats);
            ntrumps = 1 + (int)(rnd() % k);
        }
        int next = 0;
        for (int s = 0; s < seats; s++) {
            int want = k;
            if (s == holder)
                for (int i = 0; i < 32 && want > k - ntrumps; i++)
                    if (deck[i] >= 0 && deck[i] >> 3 == g.trump) {
                        st.hands[s] |= 1u << deck[i];
                        deck[i] = -1;
                        want--;
                    }
            for (; want > 0; next++) {
                if (deck[next] < 0 || (holder >= 0 && deck[next] >> 3 == g.trump)) continue;
                st.hands[s] |= 1u << deck[next];
                deck[next] = -1;
                want--;
            }
        }
        if (g.marriage == MR_MARR_BEST) st.best_marriage = (int)(rnd() % 3) * 2;
        if (rnd() % 4 == 0) g.announced = 1u << (8 * (rnd() % 4));
        if (!((st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]) & g.announced)) g.announced = 0;
        if (load(c, &g, &st)) {
            printf("load refused a position\n");
            return 2;
        }
        c->s = c->root;
        int lb, ub;
        bounds(c, BOUND_INF + 1, &lb, &ub); /* every bound, none cut short */
        int value = minimax(c), solved = -1;
        mr_value(c, &g, &st, &solved);
        if (lb > value || ub < value || solved != value) {
            if (bad++ < 5)
                printf("bad: seats %d trump %d leader %d actor %d maximiser %d team %d marriage %d announced %x "
                       "sharp %x hands %x %x %x %x: bounds %d..%d, value %d, solved %d\n",
                       seats, g.trump, st.leader, g.actor, g.maximiser, g.team, g.marriage, g.announced, g.sharp,
                       st.hands[0], st.hands[1], st.hands[2], st.hands[3], lb, ub, value, solved);
        }
        lb_exact += lb == value;
        ub_exact += ub == value;
    }
    long policy_bad = policy_positions(c, n < 60000 ? n : 60000, kmax + 2);
    long masters_bad = masters_positions(c, n < 20000 ? n : 20000, kmax);
    long goals_bad = goal_positions(c, n < 120000 ? n : 120000, kmax);
    printf("positions %ld bad %ld lb_exact %.1f ub_exact %.1f\n", n, bad, 100.0 * lb_exact / n, 100.0 * ub_exact / n);
    mr_ctx_free(c);
    return bad != 0 || policy_bad != 0 || masters_bad != 0 || goals_bad != 0;
}
