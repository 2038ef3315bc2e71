/* The core alone on a fixed list of positions (benchmarks/core_time.py writes the list and
 * runs this program): one context, its table kept across the positions as a batch keeps it,
 * each position asked with mr_value (target -1000) or mr_search. Prints the seconds of the
 * whole list (the best of `reps` passes, each from an empty table) and the nodes of one pass.
 *
 *     gcc -O3 -std=c11 -mpopcnt -DNDEBUG -I cext benchmarks/core_time.c cext/solver.c -o core_time
 *     ./core_time positions.txt 16 5
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "solver.h"

typedef struct {
    mr_game game;
    mr_state state;
    int target;
} item;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One line a position: trump order actor maximiser goal marriage sharp announced nseats team
 * free policy ngoal (card when)*ngoal h0 h1 h2 h3 ntrick trick*ntrick leader best target. */
static int read_item(FILE *f, item *it) {
    mr_game *g = &it->game;
    mr_state *s = &it->state;
    unsigned sharp, announced, h[4];
    if (fscanf(f, "%d %d %d %d %d %d %u %u %d %d %d %d %d", &g->trump, &g->notrump_order, &g->actor, &g->maximiser,
               &g->goal, &g->marriage, &sharp, &announced, &g->nseats, &g->team, &g->free_tricks, &g->policy,
               &g->ngoal) != 13)
        return 0;
    g->sharp = sharp;
    g->announced = announced;
    for (int i = 0; i < g->ngoal; i++) {
        int card, when;
        if (fscanf(f, "%d %d", &card, &when) != 2) return 0;
        g->goal_card[i] = (int8_t)card;
        g->goal_when[i] = (int8_t)when;
    }
    if (fscanf(f, "%u %u %u %u %d", &h[0], &h[1], &h[2], &h[3], &s->ntrick) != 5) return 0;
    for (int i = 0; i < 4; i++) s->hands[i] = h[i];
    for (int i = 0; i < s->ntrick; i++) {
        int card;
        if (fscanf(f, "%d", &card) != 1) return 0;
        s->trick[i] = (int8_t)card;
    }
    return fscanf(f, "%d %d %d", &s->leader, &s->best_marriage, &it->target) == 3;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: core_time POSITIONS TT_LOG2 REPS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "core_time: cannot read %s\n", argv[1]);
        return 2;
    }
    int cap = 1024, n = 0;
    item *items = malloc(sizeof *items * (size_t)cap);
    while (items && read_item(f, &items[n])) {
        if (++n == cap) items = realloc(items, sizeof *items * (size_t)(cap *= 2));
    }
    fclose(f);
    mr_ctx *ctx;
    if (!items || mr_ctx_new(&ctx, atoi(argv[2])) != MR_OK) return 1;
    double best = 1e30;
    unsigned long long nodes = 0;
    long checksum = 0;
    for (int rep = 0; rep < atoi(argv[3]); rep++) {
        mr_ctx_clear(ctx);
        nodes = 0;
        checksum = 0;
        double start = now();
        for (int i = 0; i < n; i++) {
            int v, rc = items[i].target == MR_EXACT
                            ? mr_value(ctx, &items[i].game, &items[i].state, &v)
                            : mr_search(ctx, &items[i].game, &items[i].state, items[i].target, &v);
            if (rc != MR_OK) {
                fprintf(stderr, "core_time: position %d: %s\n", i, mr_error_text(rc));
                return 1;
            }
            nodes += mr_nodes(ctx);
            checksum = checksum * 31 + v;
        }
        double t = now() - start;
        if (t < best) best = t;
    }
    printf("positions %d seconds %.6f nodes %llu answers %ld\n", n, best, nodes, checksum);
    mr_ctx_free(ctx);
    return 0;
}
