/* Mustamaija's state graph and attractor (mustamaija.h). The port of
 * analyzer/mustamaija/rules.py and solver.py (Solver.graph, safe_sets); the tests compare the
 * two, and both with tests/mustamaija_reference.py. Iterative throughout: the graph is
 * built breadth first and settled by a queue, so no depth of play can overflow a stack. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include "mustamaija.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUIT_MASK(s) (((uint64_t)0x1FFF) << (13 * (s)))
#define SPADES 2

struct mm_graph {
    int n, hand_size, maria, wedding, talon_len, words; /* words: per state, n hands + table + meta */
    uint64_t beaters[5][MM_CARDS];
    int8_t talon[MM_CARDS];
    uint64_t *states;
    size_t count, cap;
    uint32_t *slots; /* open addressing: index + 1, 0 empty */
    size_t slot_mask;
    uint64_t *row; /* edges of state i: succ[row[i] .. row[i + 1]) */
    uint32_t *succ;
    size_t edges, edge_cap;
    uint8_t *safe; /* safe[seat * count + i] */
    /* scratch for one state's moves */
    uint64_t *pairs, *pairs2;
    size_t pair_cap;
    uint64_t *kids;
    size_t kid_cap, kid_count;
};

/* ------------------------------------------------------------------ a state's word */
static inline uint64_t meta_of(int attacker, int drawn, int trump) {
    return (uint64_t)(uint8_t)(int8_t)attacker | (uint64_t)(uint8_t)drawn << 8 | (uint64_t)(uint8_t)(int8_t)trump << 16;
}
static inline int meta_attacker(uint64_t m) { return (int8_t)(m & 0xFF); }
static inline int meta_drawn(uint64_t m) { return (int)(m >> 8 & 0xFF); }
static inline int meta_trump(uint64_t m) { return (int8_t)(m >> 16 & 0xFF); }

static inline int pop(uint64_t x) { return __builtin_popcountll(x); }

/* ------------------------------------------------------------------ the rules (rules.py) */
typedef struct {
    uint64_t hands[MM_MAX_PLAYERS];
    uint64_t table;
    int attacker, drawn, trump;
} st;

static inline int in_game(const mm_graph *g, const st *s, int seat) {
    return s->hands[seat] != 0 || s->drawn < g->talon_len;
}

static int next_in_game(const mm_graph *g, const st *s, int seat) {
    for (int step = 1; step < g->n; step++) {
        int other = (seat + step) % g->n;
        if (in_game(g, s, other)) return other;
    }
    return -1;
}

static int mover_of(const mm_graph *g, const st *s) {
    if (s->attacker < 0) return -1;
    return s->table ? next_in_game(g, s, s->attacker) : s->attacker;
}

static uint64_t draw(const mm_graph *g, uint64_t hand, int *drawn) {
    int need = g->hand_size - pop(hand);
    while (need-- > 0 && *drawn < g->talon_len) hand |= (uint64_t)1 << g->talon[(*drawn)++];
    return hand;
}

/* The attack phase with ``attacker`` to play, or the next seat in if he is out; over once one
 * seat or none holds cards (rules.settle). */
static void settle(const mm_graph *g, st *s, int attacker) {
    s->table = 0;
    if (s->drawn >= g->talon_len) {
        int holders = 0;
        for (int i = 0; i < g->n; i++) holders += s->hands[i] != 0;
        if (holders <= 1) {
            s->attacker = -1;
            return;
        }
    }
    s->attacker = attacker;
    if (!in_game(g, s, attacker)) s->attacker = next_in_game(g, s, attacker);
}

/* ------------------------------------------------------------------ the table of states */
static uint64_t hash_words(const uint64_t *w, int k) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < k; i++) {
        h ^= w[i] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return h;
}

/* Once the talon is empty only the order of the cards still in play matters (who beats whom:
 * a higher card of the suit, a trump; the Maria apart), not which cards left the game: each
 * suit's cards in play are moved down to its lowest ranks, keeping their order, so endings
 * that differ only in the cards gone are one state. Monotone within a suit, it keeps the
 * canonical order of moves too. Not while a wedding can still name the trump (a K and a Q
 * must stay themselves), nor while cards are to be drawn (the talon names its cards). */
/* Whether suit a's cards come before suit b's: compared seat by seat, then on the table. */
static int suit_less(const mm_graph *g, const uint64_t *w, int a, int b) {
    for (int i = 0; i <= g->n; i++) {
        uint64_t x = w[i] >> (13 * a) & 0x1FFF, y = w[i] >> (13 * b) & 0x1FFF;
        if (x != y) return x < y;
    }
    return 0;
}

static void compress(const mm_graph *g, uint64_t *w) {
    if (meta_drawn(w[g->n + 1]) < g->talon_len) return;
    if (g->wedding && meta_trump(w[g->n + 1]) < 0) return;
    uint64_t present = w[g->n];
    for (int i = 0; i < g->n; i++) present |= w[i];
    uint64_t keep = (uint64_t)1 << g->maria | (uint64_t)1 << (MM_CARDS - 1);
    uint8_t map[MM_CARDS];
    for (int suit = 0; suit < 4; suit++) {
        uint64_t cards = present & SUIT_MASK(suit) & ~keep;
        int slot = 13 * suit;
        for (; cards; cards &= cards - 1) {
            while (keep >> slot & 1) slot++; /* the Maria's place is hers alone */
            map[__builtin_ctzll(cards)] = (uint8_t)slot++;
        }
    }
    for (int i = 0; i <= g->n; i++) {
        uint64_t out = w[i] & keep;
        for (uint64_t c = w[i] & ~keep; c; c &= c - 1) out |= (uint64_t)1 << map[__builtin_ctzll(c)];
        w[i] = out;
    }
    /* The suits that are neither trumps nor the Maria's are interchangeable: renaming them
     * changes no seat's safety (only the canonical order of moves, which the C engine does
     * not use: the tie rule's line is played in Python on the real cards). They are put in
     * the order of their cards (seat by seat, the table last), so a position and its suits
     * renamed are one state. */
    int suits[4], k = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == meta_trump(w[g->n + 1]) || (SUIT_MASK(suit) >> g->maria & 1)) continue;
        suits[k++] = suit;
    }
    int order[4];
    for (int i = 0; i < k; i++) order[i] = suits[i];
    for (int i = 1; i < k; i++) { /* insertion sort of at most four suits by their slices */
        int s = order[i], j = i;
        while (j > 0 && suit_less(g, w, s, order[j - 1])) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = s;
    }
    int moved = 0;
    for (int i = 0; i < k; i++) moved |= order[i] != suits[i];
    if (!moved) return;
    uint64_t all = 0;
    for (int i = 0; i < k; i++) all |= SUIT_MASK(suits[i]);
    for (int i = 0; i <= g->n; i++) {
        uint64_t out = w[i] & ~all;
        for (int j = 0; j < k; j++) out |= (w[i] >> (13 * order[j]) & 0x1FFF) << (13 * suits[j]);
        w[i] = out;
    }
}

static void pack(const mm_graph *g, const st *s, uint64_t *w) {
    memcpy(w, s->hands, sizeof(uint64_t) * (size_t)g->n);
    w[g->n] = s->table;
    w[g->n + 1] = meta_of(s->attacker, s->drawn, s->trump);
    compress(g, w);
}

static void unpack(const mm_graph *g, const uint64_t *w, st *s) {
    memset(s, 0, sizeof *s);
    memcpy(s->hands, w, sizeof(uint64_t) * (size_t)g->n);
    s->table = w[g->n];
    s->attacker = meta_attacker(w[g->n + 1]);
    s->drawn = meta_drawn(w[g->n + 1]);
    s->trump = meta_trump(w[g->n + 1]);
}

static int64_t lookup(const mm_graph *g, const uint64_t *w, size_t *slot_out) {
    size_t k = (size_t)g->words;
    size_t slot = hash_words(w, g->words) & g->slot_mask;
    for (;;) {
        uint32_t at = g->slots[slot];
        if (!at) {
            if (slot_out) *slot_out = slot;
            return -1;
        }
        if (!memcmp(g->states + (size_t)(at - 1) * k, w, k * sizeof(uint64_t))) return at - 1;
        slot = (slot + 1) & g->slot_mask;
    }
}

static int grow_slots(mm_graph *g) {
    size_t size = (g->slot_mask + 1) * 2;
    uint32_t *slots = calloc(size, sizeof(uint32_t));
    if (!slots) return MM_MEMORY;
    free(g->slots);
    g->slots = slots;
    g->slot_mask = size - 1;
    for (size_t i = 0; i < g->count; i++) {
        size_t slot = hash_words(g->states + i * (size_t)g->words, g->words) & g->slot_mask;
        while (g->slots[slot]) slot = (slot + 1) & g->slot_mask;
        g->slots[slot] = (uint32_t)(i + 1);
    }
    return MM_OK;
}

/* The index of a state, added if new; -1 when memory runs out. */
static int64_t intern(mm_graph *g, const uint64_t *w) {
    size_t slot;
    int64_t at = lookup(g, w, &slot);
    if (at >= 0) return at;
    if (g->count == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 1024;
        uint64_t *states = realloc(g->states, cap * (size_t)g->words * sizeof(uint64_t));
        if (!states) return -1;
        g->states = states;
        g->cap = cap;
    }
    memcpy(g->states + g->count * (size_t)g->words, w, (size_t)g->words * sizeof(uint64_t));
    g->slots[slot] = (uint32_t)(g->count + 1);
    g->count++;
    if (g->count * 2 > g->slot_mask + 1 && grow_slots(g) != MM_OK) return -1;
    return (int64_t)g->count - 1;
}

/* ------------------------------------------------------------------ one state's moves */
static int push_kid(mm_graph *g, const st *s) {
    if (g->kid_count == g->kid_cap) {
        size_t cap = g->kid_cap ? g->kid_cap * 2 : 256;
        uint64_t *kids = realloc(g->kids, cap * (size_t)g->words * sizeof(uint64_t));
        if (!kids) return MM_MEMORY;
        g->kids = kids;
        g->kid_cap = cap;
    }
    pack(g, s, g->kids + g->kid_count * (size_t)g->words);
    g->kid_count++;
    return MM_OK;
}

static int attacks(mm_graph *g, const st *s, int trump) {
    int a = s->attacker;
    uint64_t hand = s->hands[a];
    int limit = s->drawn < g->talon_len ? 64 : pop(s->hands[next_in_game(g, s, a)]);
    uint64_t maria = (uint64_t)1 << g->maria;
    for (int suit = -1; suit < 4; suit++) {
        uint64_t cards = suit < 0 ? hand & maria : hand & SUIT_MASK(suit) & ~maria;
        for (uint64_t sub = cards; sub; sub = (sub - 1) & cards) {
            if (pop(sub) > limit) continue;
            st k = *s;
            k.trump = trump;
            k.hands[a] = hand & ~sub;
            k.hands[a] = draw(g, k.hands[a], &k.drawn);
            k.table = sub;
            if (push_kid(g, &k) != MM_OK) return MM_MEMORY;
        }
    }
    return MM_OK;
}

static int cmp_pair(const void *x, const void *y) {
    const uint64_t *a = x, *b = y;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    if (a[1] != b[1]) return a[1] < b[1] ? -1 : 1;
    return 0;
}

static int reserve_pairs(mm_graph *g, size_t need) {
    if (need <= g->pair_cap) return MM_OK;
    size_t cap = g->pair_cap ? g->pair_cap : 256;
    while (cap < need) cap *= 2;
    uint64_t *p = realloc(g->pairs, cap * 2 * sizeof(uint64_t));
    if (!p) return MM_MEMORY;
    g->pairs = p;
    uint64_t *q = realloc(g->pairs2, cap * 2 * sizeof(uint64_t));
    if (!q) return MM_MEMORY;
    g->pairs2 = q;
    g->pair_cap = cap;
    return MM_OK;
}

/* Every distinct (beaten, used) answer: the attack cards one by one, each left or beaten by
 * a free beater, the pairs made unique after each card (rules.defences). */
static int defences(mm_graph *g, const st *s, int trump) {
    int d = next_in_game(g, s, s->attacker);
    uint64_t hand = s->hands[d];
    const uint64_t *beaters = g->beaters[trump + 1];
    if (reserve_pairs(g, 1) != MM_OK) return MM_MEMORY;
    size_t m = 1;
    g->pairs[0] = g->pairs[1] = 0;
    for (uint64_t rest = s->table; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        uint64_t options = beaters[card] & hand;
        size_t most = m * (size_t)(1 + pop(options));
        if (reserve_pairs(g, most) != MM_OK) return MM_MEMORY;
        size_t k = 0;
        for (size_t i = 0; i < m; i++) {
            uint64_t beaten = g->pairs[2 * i], used = g->pairs[2 * i + 1];
            g->pairs2[2 * k] = beaten;
            g->pairs2[2 * k + 1] = used;
            k++;
            for (uint64_t free = options & ~used; free; free &= free - 1) {
                g->pairs2[2 * k] = beaten | (uint64_t)1 << card;
                g->pairs2[2 * k + 1] = used | (free & -free);
                k++;
            }
        }
        qsort(g->pairs2, k, 2 * sizeof(uint64_t), cmp_pair);
        m = 0;
        for (size_t i = 0; i < k; i++) {
            if (m && g->pairs[2 * (m - 1)] == g->pairs2[2 * i] && g->pairs[2 * (m - 1) + 1] == g->pairs2[2 * i + 1])
                continue;
            g->pairs[2 * m] = g->pairs2[2 * i];
            g->pairs[2 * m + 1] = g->pairs2[2 * i + 1];
            m++;
        }
    }
    for (size_t i = 0; i < m; i++) {
        uint64_t beaten = g->pairs[2 * i], used = g->pairs[2 * i + 1];
        st k = *s;
        k.trump = trump;
        k.hands[d] = draw(g, (hand & ~used) | (s->table & ~beaten), &k.drawn);
        if (beaten == s->table) {
            settle(g, &k, d);
        } else {
            st probe = k;
            probe.attacker = d;
            int left = next_in_game(g, &probe, d);
            settle(g, &k, left >= 0 ? left : d);
        }
        if (push_kid(g, &k) != MM_OK) return MM_MEMORY;
    }
    return MM_OK;
}

/* The children of a state, for each trump the mover may set (the wedding) and then each move. */
static int children(mm_graph *g, const st *s) {
    g->kid_count = 0;
    if (s->attacker < 0) return MM_OK;
    int me = mover_of(g, s);
    for (int t = -1; t < 4; t++) {
        int trump = s->trump;
        if (t >= 0) { /* a wedding declared: K and Q of suit t, while no trump is set */
            if (!g->wedding || s->trump >= 0 || (t == SPADES && g->maria != MM_CARDS - 1)) continue;
            uint64_t pair = (uint64_t)3 << (13 * t + 10); /* Q (rank 10) and K (rank 11) */
            if ((s->hands[me] & pair) != pair) continue;
            trump = t;
        }
        int rc = s->table ? defences(g, s, trump) : attacks(g, s, trump);
        if (rc != MM_OK) return rc;
    }
    return MM_OK;
}

/* ------------------------------------------------------------------ the interface */
mm_graph *mm_new(int players, int hand_size, int maria, int wedding, const uint64_t beaters[5][MM_CARDS],
                 const int8_t *talon, int talon_len) {
    if (players < 2 || players > MM_MAX_PLAYERS || talon_len < 0 || talon_len > MM_CARDS) return NULL;
    mm_graph *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->n = players;
    g->hand_size = hand_size;
    g->maria = maria;
    g->wedding = wedding;
    g->talon_len = talon_len;
    g->words = players + 2;
    memcpy(g->beaters, beaters, sizeof g->beaters);
    if (talon_len) memcpy(g->talon, talon, (size_t)talon_len);
    return g;
}

void mm_free(mm_graph *g) {
    if (!g) return;
    free(g->states);
    free(g->slots);
    free(g->row);
    free(g->succ);
    free(g->safe);
    free(g->pairs);
    free(g->pairs2);
    free(g->kids);
    free(g);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int mm_build(mm_graph *g, const uint64_t *hands, uint64_t table, int attacker, int drawn, int trump,
             size_t max_states, double seconds) {
    double deadline = seconds > 0 ? now() + seconds : 0;
    g->count = g->edges = 0;
    free(g->slots);
    g->slot_mask = 1023;
    g->slots = calloc(g->slot_mask + 1, sizeof(uint32_t));
    if (!g->slots) return MM_MEMORY;
    if (max_states > UINT32_MAX - 1) max_states = UINT32_MAX - 1;
    st root;
    memset(&root, 0, sizeof root);
    memcpy(root.hands, hands, sizeof(uint64_t) * (size_t)g->n);
    root.table = table;
    root.attacker = attacker;
    root.drawn = drawn;
    root.trump = trump;
    uint64_t w[MM_MAX_PLAYERS + 2];
    pack(g, &root, w);
    if (intern(g, w) < 0) return MM_MEMORY;
    size_t row_cap = 0;
    for (size_t i = 0; i < g->count; i++) {
        if ((i & 1023) == 0 && deadline > 0 && now() > deadline) return MM_TIME;
        if (g->count > max_states) return MM_STATES;
        if (i + 2 > row_cap) {
            row_cap = row_cap ? row_cap * 2 : 1024;
            uint64_t *row = realloc(g->row, row_cap * sizeof(uint64_t));
            if (!row) return MM_MEMORY;
            g->row = row;
        }
        g->row[i] = g->edges;
        st s;
        unpack(g, g->states + i * (size_t)g->words, &s);
        if (children(g, &s) != MM_OK) return MM_MEMORY;
        if (g->edges + g->kid_count > g->edge_cap) {
            size_t cap = g->edge_cap ? g->edge_cap : 4096;
            while (cap < g->edges + g->kid_count) cap *= 2;
            uint32_t *succ = realloc(g->succ, cap * sizeof(uint32_t));
            if (!succ) return MM_MEMORY;
            g->succ = succ;
            g->edge_cap = cap;
        }
        for (size_t k = 0; k < g->kid_count; k++) {
            int64_t at = intern(g, g->kids + k * (size_t)g->words);
            if (at < 0) return MM_MEMORY;
            g->succ[g->edges++] = (uint32_t)at;
        }
    }
    g->row[g->count] = g->edges;
    return g->count > max_states ? MM_STATES : MM_OK;
}

/* The states from which the side moving at ``chooser`` states can force a ``target`` state
 * (solver._attractor): a counter of the successors not yet inside, per state. */
static void attractor(const mm_graph *g, const uint64_t *prow, const uint32_t *pred, const uint8_t *chooser,
                      uint8_t *inside, uint32_t *left, uint32_t *queue) {
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < g->count; i++) {
        left[i] = (uint32_t)(g->row[i + 1] - g->row[i]);
        if (inside[i]) queue[tail++] = (uint32_t)i;
    }
    while (head < tail) {
        uint32_t j = queue[head++];
        for (uint64_t e = prow[j]; e < prow[j + 1]; e++) {
            uint32_t i = pred[e];
            if (inside[i]) continue;
            if (chooser[i] || --left[i] == 0) {
                inside[i] = 1;
                queue[tail++] = i;
            }
        }
    }
}

int mm_solve(mm_graph *g, int loss_rule) {
    size_t n = g->count;
    int rc = MM_MEMORY;
    uint64_t *prow = calloc(n + 1, sizeof(uint64_t));
    uint32_t *pred = malloc((g->edges ? g->edges : 1) * sizeof(uint32_t));
    uint32_t *left = malloc(n * sizeof(uint32_t));
    uint32_t *queue = malloc(n * sizeof(uint32_t));
    int8_t *movers = malloc(n), *losers = malloc(n);
    uint8_t *chooser = malloc(n);
    free(g->safe);
    g->safe = malloc(n * (size_t)g->n);
    if (!prow || !pred || !left || !queue || !movers || !losers || !chooser || !g->safe) goto done;
    /* two moves may lead to one state once cards are compressed (compress): the row then holds
     * it twice, its predecessors list the state twice, and the attractor's counter, the row's
     * length, counts it twice: consistent */
    for (size_t e = 0; e < g->edges; e++) prow[g->succ[e] + 1]++;
    for (size_t i = 0; i < n; i++) prow[i + 1] += prow[i];
    for (size_t i = 0; i < n; i++) {
        for (uint64_t e = g->row[i]; e < g->row[i + 1]; e++) pred[prow[g->succ[e]]++] = (uint32_t)i;
    }
    for (size_t i = n; i > 0; i--) prow[i] = prow[i - 1];
    prow[0] = 0;
    for (size_t i = 0; i < n; i++) {
        st s;
        unpack(g, g->states + i * (size_t)g->words, &s);
        movers[i] = (int8_t)mover_of(g, &s);
        losers[i] = -1;
        if (s.attacker < 0) {
            for (int seat = 0; seat < g->n; seat++) {
                if (s.hands[seat]) {
                    losers[i] = (int8_t)seat;
                    break;
                }
            }
        }
    }
    for (int seat = 0; seat < g->n; seat++) {
        uint8_t *inside = g->safe + (size_t)seat * n;
        for (size_t i = 0; i < n; i++) {
            if (!loss_rule) {
                inside[i] = losers[i] == seat;
                chooser[i] = movers[i] >= 0 && movers[i] != seat;
            } else {
                inside[i] = losers[i] >= 0 && losers[i] != seat;
                chooser[i] = movers[i] == seat;
            }
        }
        attractor(g, prow, pred, chooser, inside, left, queue);
        if (!loss_rule) {
            for (size_t i = 0; i < n; i++) inside[i] = !inside[i];
        }
    }
    rc = MM_OK;
done:
    free(prow);
    free(pred);
    free(left);
    free(queue);
    free(movers);
    free(losers);
    free(chooser);
    if (rc != MM_OK) {
        free(g->safe);
        g->safe = NULL;
    }
    return rc;
}

size_t mm_count(const mm_graph *g) { return g->count; }

int64_t mm_find(const mm_graph *g, const uint64_t *hands, uint64_t table, int attacker, int drawn, int trump) {
    if (!g->slots) return -1;
    st s;
    memset(&s, 0, sizeof s);
    memcpy(s.hands, hands, sizeof(uint64_t) * (size_t)g->n);
    s.table = table;
    s.attacker = attacker;
    s.drawn = drawn;
    s.trump = trump;
    uint64_t w[MM_MAX_PLAYERS + 2];
    pack(g, &s, w);
    return lookup(g, w, NULL);
}

int mm_safe(const mm_graph *g, int seat, size_t index) { return g->safe[(size_t)seat * g->count + index]; }

void mm_state(const mm_graph *g, size_t index, uint64_t *hands, uint64_t *table, int *attacker, int *drawn,
              int *trump) {
    st s;
    unpack(g, g->states + index * (size_t)g->words, &s);
    memcpy(hands, s.hands, sizeof(uint64_t) * (size_t)g->n);
    *table = s.table;
    *attacker = s.attacker;
    *drawn = s.drawn;
    *trump = s.trump;
}

size_t mm_degree(const mm_graph *g, size_t index) { return (size_t)(g->row[index + 1] - g->row[index]); }

size_t mm_successor(const mm_graph *g, size_t index, size_t k) { return g->succ[g->row[index] + k]; }
