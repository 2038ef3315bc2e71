/* The plain minimax of the C checks in tests/c (included after solver.c): every legal card of
 * the side to move (or the policy's card), no bound, table, ordering or collapse; play() scores
 * the cards and says when a boolean goal is lost (FAIL: value 0), a played-out boolean goal is
 * made (terminal_value: 1). The value of c->s from the side to move on, c->s left as it was. */
#ifndef CHECK_MINIMAX_H
#define CHECK_MINIMAX_H

static int minimax(mr_ctx *c) {
    state *s = &c->s;
    int p = seat_after(c, s->leader, s->ntrick);
    if (s->ntrick == 0 && !s->hand[p]) return terminal_value(c);
    int maxnode = c->maxside[p], best = maxnode ? -1000 : 1000;
    state saved = *s;
    for (uint32_t m = choices(c, s, p); m; m &= m - 1) {
        int gain = play(c, __builtin_ctz(m));
        int v = gain == FAIL ? 0 : gain + minimax(c);
        *s = saved;
        if (maxnode ? v > best : v < best) best = v;
    }
    return best;
}
#endif
