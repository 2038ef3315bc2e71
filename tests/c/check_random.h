/* The random numbers of the C checks in tests/c: xorshift64, seeded by xoring into rs. */
#ifndef CHECK_RANDOM_H
#define CHECK_RANDOM_H
#include <stdint.h>

static uint64_t rs = 88172645463325252ull;
static inline uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}

/* deck: the 32 cards in a random order. */
static inline void shuffle(int *deck) {
    for (int i = 0; i < 32; i++) deck[i] = i;
    for (int i = 31; i > 0; i--) {
        int j = (int)(rnd() % (uint64_t)(i + 1)), t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}
#endif
