/* Open-hand alpha-beta search for Mariáš: see solver.h for the interface and
 * docs/semantics.md for what the values mean. */
#include "solver.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define LANE(s) (0xFFu << (8 * (s)))
#define FAIL (-100) /* play(): a boolean goal was lost by this card */
#define BOUND_INF 127

/* Transposition table entry, probed at trick boundaries only. The key is the
 * position with ranks squeezed: in each suit, only the order of the cards
 * still held matters, with who holds each and its class (plain, sharp,
 * announced seven, marriage card). Positions that differ only in which cards
 * are gone share an entry. The goal's parameters are the game's slot. The
 * squeeze packs the bits of a set at the places of the cards held, all suits
 * in a row; the suits' counts keep it unambiguous. */
typedef struct {
    uint64_t cls;    /* the squeezed class bits (two words of 32) */
    uint32_t h[2];   /* the squeezed hands of seats 0 and 1 (seat 2 holds the rest) */
    uint16_t counts; /* cards held in each suit, 4 bits each */
    uint8_t meta;    /* leader (2 bits) | extra state (2 bits) | game slot (4 bits, 0 = empty) */
    int8_t lo, hi;   /* bounds on the value of the rest of the play */
    int8_t move;     /* best card, squeezed: suit * 8 + its place among the suit's cards */
} tt_entry;
_Static_assert(sizeof(tt_entry) == 24, "a table entry is 24 bytes");

typedef struct {
    uint64_t cls;
    uint32_t h[2];
    uint16_t counts;
    uint8_t meta;
} tt_key;

typedef struct {
    uint32_t hand[3];
    int8_t trick[3];
    int8_t ntrick, leader, best;
} state;

#define GAME_SLOTS 16 /* slot 0 marks an empty entry */

struct mr_ctx {
    tt_entry *tt;
    uint32_t tt_mask; /* buckets of two entries */
    uint8_t gen;      /* the slot of the game being searched */
    mr_position games[GAME_SLOTS]; /* the games whose bounds the table holds */
    uint64_t game_used[GAME_SLOTS]; /* when each slot was last loaded; 0 = free */
    uint64_t clock;
    int loaded;
    mr_position p;    /* the game's parameters as loaded */
    state root, s;
    uint32_t trump_mask;
    uint32_t special; /* cards never collapsed with a neighbour */
    uint32_t class_bits[2]; /* each card's class (0 plain, 1 sharp, 2 announced or goal card, 3 marriage
                             * card) as two masks: the class's low bit, its high bit */
    uint8_t maxside[3];
    uint64_t nodes;
};

static const char *const error_text[] = {
    "ok",
    "out of memory",
    "hand sizes do not agree with the trick in progress",
    "a card is in two places",
    "the trick in progress could not have been played",
    "argument out of range",
    "that card is not legal here",
    "no cards left to play",
};

const char *mr_error_text(int code) {
    if (code > 0 || code < MR_E_TERMINAL) return "unknown error";
    return error_text[-code];
}

static inline int popcount(uint32_t x) { return __builtin_popcount(x); }
static inline int top_bit(uint32_t x) { return 31 - __builtin_clz(x); }
static inline uint32_t above(int bit) { return bit >= 31 ? 0 : ~((2u << bit) - 1); }

/* Does card a beat card b already winning the trick? */
static inline int beats(const mr_ctx *c, int a, int b) {
    if ((a >> 3) == (b >> 3)) return a > b;
    return (a >> 3) == c->p.trump;
}

static int trick_winner(const mr_ctx *c, const int8_t *trick, int n) {
    int w = 0;
    for (int i = 1; i < n; i++)
        if (beats(c, trick[i], trick[w])) w = i;
    return w;
}

/* Legal cards of seat p (RULES.md §3), the announced-card restriction applied. */
static uint32_t legal(const mr_ctx *c, const state *s, int p) {
    uint32_t h = s->hand[p], moves = h;
    if (s->ntrick > 0) {
        int led = s->trick[0] >> 3, hi_led = -1, hi_trump = -1;
        for (int i = 0; i < s->ntrick; i++) {
            int card = s->trick[i];
            if ((card >> 3) == led && card > hi_led) hi_led = card;
            if ((card >> 3) == c->p.trump && card > hi_trump) hi_trump = card;
        }
        uint32_t follow = h & LANE(led), trumps = h & c->trump_mask;
        int trumped = led != c->p.trump && hi_trump >= 0;
        if (follow) {
            uint32_t higher = follow & above(hi_led);
            moves = (!trumped && higher) ? higher : follow;
        } else if (trumps) {
            uint32_t higher = hi_trump >= 0 ? trumps & above(hi_trump) : 0;
            moves = higher ? higher : trumps;
        }
    }
    if ((moves & c->p.announced) && (moves & ~c->p.announced)) moves &= ~c->p.announced;
    return moves;
}

/* Play one card for the side to move. Returns the units the maximising side
 * gains by it (a completed trick, a declared marriage), or FAIL when it loses
 * a boolean goal. */
static int play(mr_ctx *c, int card) {
    state *s = &c->s;
    int p = (s->leader + s->ntrick) % 3, gain = 0;
    uint32_t bit = 1u << card;
    assert(s->hand[p] & bit);

    if (c->p.marriage != MR_MARR_NONE && (card & 7) == MR_BIT_OVER && (s->hand[p] & (bit << 1))) {
        int v = (card >> 3) == c->p.trump ? 4 : 2;
        if (c->p.marriage == MR_MARR_DIFF) {
            gain += c->maxside[p] ? v / 2 : -v / 2;
        } else if (c->maxside[p] && v > s->best) {
            gain += v - s->best;
            s->best = (int8_t)v;
        }
    }
    s->hand[p] &= ~bit;
    s->trick[s->ntrick++] = (int8_t)card;
    if (s->ntrick < 3) return gain;

    int w = trick_winner(c, s->trick, 3), seat = (s->leader + w) % 3;
    int tricks_left = popcount(s->hand[seat]) + 1; /* this trick included */
    switch (c->p.goal) {
    case MR_GOAL_POINTS:
        if (c->maxside[seat]) {
            uint32_t cards = (1u << s->trick[0]) | (1u << s->trick[1]) | (1u << s->trick[2]);
            gain += popcount(cards & c->p.sharp) + (tricks_left == 1);
        }
        break;
    case MR_GOAL_BETL:
        if (seat == c->p.actor) return FAIL;
        break;
    case MR_GOAL_DURCH:
        if (seat != c->p.actor) return FAIL;
        break;
    case MR_GOAL_SEVENS:
        for (int g = 0; g < c->p.ngoal; g++) {
            int card_g = c->p.goal_card[g];
            int in_trick = s->trick[0] == card_g || s->trick[1] == card_g || s->trick[2] == card_g;
            if (tricks_left == c->p.goal_when[g] ? s->trick[w] != card_g : in_trick) return FAIL;
        }
        break;
    }
    s->leader = (int8_t)seat;
    s->ntrick = 0;
    return gain;
}

static int terminal_value(const mr_ctx *c) { return c->p.goal == MR_GOAL_POINTS ? 0 : 1; }

/* Points (units) the leader's side takes for sure by cashing: first the
 * leader's trumps above every other trump, then in each side suit his cards
 * above every other card of the suit, for as long as no one who could ruff
 * (an opponent, or a partner who would take the lead away) is void in it.
 * Only the leader's own sharp cards are counted, unless every remaining
 * trick is sure. */
static int sure_points(const mr_ctx *c, int leader, int all_points) {
    const state *s = &c->s;
    uint32_t mine = s->hand[leader] & ~c->p.announced, others = 0;
    for (int seat = 0; seat < 3; seat++)
        if (seat != leader) others |= s->hand[seat];
    int pts = 0, tricks = 0, trump_leads = 0;
    if (c->p.trump >= 0) {
        uint32_t t = mine & c->trump_mask, other_trumps = others & c->trump_mask;
        while (t && !(other_trumps & above(top_bit(t)))) {
            int top = top_bit(t);
            pts += (c->p.sharp >> top) & 1;
            t &= ~(1u << top);
            trump_leads++;
        }
    }
    tricks = trump_leads;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == c->p.trump) continue;
        uint32_t ms = mine & LANE(suit), os = others & LANE(suit);
        for (int j = 1; ms && !(os & above(top_bit(ms))); j++) {
            int safe = 1;
            for (int seat = 0; seat < 3 && safe; seat++) {
                if (seat == leader) continue;
                int length = popcount(s->hand[seat] & LANE(suit));
                int trumps_left = popcount(s->hand[seat] & c->trump_mask) - trump_leads;
                if (length < j && trumps_left > 0) safe = 0;
            }
            if (!safe) break;
            int top = top_bit(ms);
            pts += (c->p.sharp >> top) & 1;
            ms &= ~(1u << top);
            tricks++;
        }
    }
    return tricks == popcount(s->hand[leader]) ? all_points : pts;
}

/* Boolean goals that are already lost at a trick boundary, whatever is played. */
static int goal_lost(const mr_ctx *c) {
    const state *s = &c->s;
    int actor = c->p.actor;
    uint32_t others = s->hand[(actor + 1) % 3] | s->hand[(actor + 2) % 3];
    switch (c->p.goal) {
    case MR_GOAL_BETL:
        /* The actor leads and every card he holds tops its suit: he wins this trick. */
        if (s->leader == actor) {
            for (uint32_t h = s->hand[actor]; h; h &= h - 1) {
                int card = __builtin_ctz(h);
                if (others & LANE(card >> 3) & above(card)) return 0;
            }
            return 1;
        }
        return 0;
    case MR_GOAL_SEVENS:
        /* An opponent of the seven's side with nothing but trumps plays one in the
         * last trick, and the seven cannot beat it. */
        for (int seat = 0; seat < 3; seat++) {
            uint32_t h = s->hand[seat];
            if (!c->maxside[seat] && h && !(h & ~c->trump_mask)) return 1;
        }
        return 0;
    default:
        return 0;
    }
}

/* Bounds on the value of the rest of the play, cheap enough for every node. */
static void bounds(const mr_ctx *c, int *lb, int *ub) {
    const state *s = &c->s;
    if (c->p.goal != MR_GOAL_POINTS) {
        *lb = 0;
        *ub = s->ntrick == 0 && goal_lost(c) ? 0 : 1;
        return;
    }
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    int pts = popcount(all & c->p.sharp) + 1;
    for (int i = 0; i < s->ntrick; i++) pts += (c->p.sharp >> s->trick[i]) & 1;
    int lo = 0, hi = pts, best = s->best;
    if (s->ntrick == 0) {
        int sure = sure_points(c, s->leader, pts);
        if (c->maxside[s->leader]) lo = sure; else hi = pts - sure;
    }
    if (c->p.trump >= 0 && s->ntrick == 0) {
        /* The trumps a side holds above every trump of the other side win
         * their tricks whoever leads: their sharp ones are that side's.
         * (Not mid-trick: a higher trump already in the trick may catch one.) */
        uint32_t max_trumps = 0, min_trumps = 0;
        for (int seat = 0; seat < 3; seat++) {
            if (c->maxside[seat]) max_trumps |= s->hand[seat] & c->trump_mask;
            else min_trumps |= s->hand[seat] & c->trump_mask;
        }
        uint32_t max_top = min_trumps ? max_trumps & above(top_bit(min_trumps)) : max_trumps;
        uint32_t min_top = max_trumps ? min_trumps & above(top_bit(max_trumps)) : min_trumps;
        int max_sure = popcount(max_top & c->p.sharp), min_sure = popcount(min_top & c->p.sharp);
        if (max_sure > lo) lo = max_sure;
        if (pts - min_sure < hi) hi = pts - min_sure;
    }
    if (c->p.marriage != MR_MARR_NONE && c->p.trump >= 0) {
        for (int seat = 0; seat < 3; seat++)
            for (int suit = 0; suit < 4; suit++) {
                uint32_t pair = (3u << MR_BIT_OVER) << (8 * suit);
                if ((s->hand[seat] & pair) != pair) continue;
                int v = suit == c->p.trump ? 4 : 2;
                if (c->p.marriage == MR_MARR_DIFF) {
                    if (c->maxside[seat]) hi += v / 2; else lo -= v / 2;
                } else if (c->maxside[seat] && v > best) {
                    best = v;
                }
            }
        if (c->p.marriage == MR_MARR_BEST) hi += best - s->best;
    }
    *lb = lo;
    *ub = hi;
}

/* ---- transposition table ------------------------------------------------ */

static inline int extra_state(const mr_ctx *c) { return c->p.marriage == MR_MARR_BEST ? c->s.best / 2 : 0; }

#if defined(__BMI2__)
#include <immintrin.h>
static inline uint32_t squeeze(uint32_t x, uint32_t all) { return _pext_u32(x, all); }
#else
static inline uint32_t squeeze(uint32_t x, uint32_t all) {
    uint32_t packed = 0;
    for (uint32_t bit = 1; all; all &= all - 1, bit <<= 1)
        if (x & all & -all) packed |= bit;
    return packed;
}
#endif

static void make_key(const mr_ctx *c, tt_key *k) {
    const state *s = &c->s;
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    k->h[0] = squeeze(s->hand[0], all);
    k->h[1] = squeeze(s->hand[1], all);
    k->cls = squeeze(c->class_bits[0], all) | (uint64_t)squeeze(c->class_bits[1], all) << 32;
    k->counts = (uint16_t)(popcount(all & 0xFF) | popcount(all & 0xFF00) << 4 | popcount(all & 0xFF0000) << 8 |
                           popcount(all & 0xFF000000) << 12);
    k->meta = (uint8_t)(s->leader | extra_state(c) << 2 | c->gen << 4);
}

static inline int cards_held(uint16_t counts) {
    return (counts & 15) + (counts >> 4 & 15) + (counts >> 8 & 15) + (counts >> 12);
}

static inline uint32_t tt_index(const mr_ctx *c, const tt_key *k) {
    uint64_t x = (uint64_t)k->h[0] * 0x9E3779B97F4A7C15ull;
    x ^= (uint64_t)k->h[1] * 0xC2B2AE3D27D4EB4Full;
    x ^= ((uint64_t)k->counts << 8 | k->meta) * 0x165667B19E3779F9ull;
    x ^= (k->cls + 1) * 0x27D4EB2F165667C5ull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return ((uint32_t)x & c->tt_mask) * 2;
}

static inline int tt_matches(const tt_entry *e, const tt_key *k) {
    return e->meta == k->meta && e->counts == k->counts && e->h[0] == k->h[0] && e->h[1] == k->h[1] &&
           e->cls == k->cls;
}

/* A card to and from its squeezed form: its place among its suit's cards held. */
static int squeeze_card(const mr_ctx *c, int card) {
    const state *s = &c->s;
    uint32_t all = s->hand[0] | s->hand[1] | s->hand[2];
    return (card & ~7) + popcount(all & LANE(card >> 3) & ((1u << card) - 1));
}

static int unsqueeze_card(const mr_ctx *c, int code) {
    const state *s = &c->s;
    uint32_t lane = (s->hand[0] | s->hand[1] | s->hand[2]) & LANE(code >> 3);
    for (int place = code & 7; place > 0 && lane; place--) lane &= lane - 1;
    return lane ? __builtin_ctz(lane) : -1;
}

static tt_entry *tt_probe(mr_ctx *c, const tt_key *k) {
    tt_entry *b = &c->tt[tt_index(c, k)];
    for (int i = 0; i < 2; i++)
        if (tt_matches(&b[i], k)) return &b[i];
    return NULL;
}

static void tt_store(mr_ctx *c, const tt_key *k, int bound, int lower, int move) {
    tt_entry *b = &c->tt[tt_index(c, k)], *e = NULL;
    for (int i = 0; i < 2 && !e; i++)
        if (tt_matches(&b[i], k)) e = &b[i];
    if (!e) {
        /* An empty entry if there is one, else the shallower one (the deeper
         * one stands for more work). */
        int d0 = (b[0].meta >> 4) ? cards_held(b[0].counts) : -1;
        int d1 = (b[1].meta >> 4) ? cards_held(b[1].counts) : -1;
        e = d0 <= d1 ? &b[0] : &b[1];
        e->cls = k->cls;
        memcpy(e->h, k->h, sizeof e->h);
        e->counts = k->counts;
        e->meta = k->meta;
        e->lo = -BOUND_INF;
        e->hi = BOUND_INF;
    }
    if (lower) {
        if (bound > e->lo) e->lo = (int8_t)bound;
    } else if (bound < e->hi) {
        e->hi = (int8_t)bound;
    }
    e->move = (int8_t)squeeze_card(c, move);
}

/* ---- move generation ---------------------------------------------------- */

/* Legal cards with equivalent ones collapsed (same hand, no other remaining
 * card between them, same points, nothing special about either), ordered by a
 * cheap guess of their merit, the table's move first. */
static int gen_moves(const mr_ctx *c, int p, uint32_t moves, int8_t *out, int first) {
    const state *s = &c->s;
    uint32_t others = 0;
    for (int seat = 0; seat < 3; seat++)
        if (seat != p) others |= s->hand[seat];
    for (int i = 0; i < s->ntrick; i++) others |= 1u << s->trick[i];
    int points_matter = c->p.goal == MR_GOAL_POINTS;
    int win = -1, friend_wins = 0;
    if (s->ntrick > 0) {
        int w = trick_winner(c, s->trick, s->ntrick);
        win = s->trick[w];
        friend_wins = c->maxside[(s->leader + w) % 3] == c->maxside[p];
    }
    int betl_actor = c->p.goal == MR_GOAL_BETL && p == c->p.actor;
    int n = 0, score[10];
    for (int suit = 0; suit < 4; suit++) {
        int prev = -1;
        uint32_t lane = moves & LANE(suit);
        while (lane) {
            int card = __builtin_ctz(lane);
            lane &= lane - 1;
            if (prev >= 0) {
                uint32_t between = above(prev) & ((1u << card) - 1);
                int same = !(others & between) && !((c->special >> card) & 1) && !((c->special >> prev) & 1) &&
                           (!points_matter || ((c->p.sharp >> card) & 1) == ((c->p.sharp >> prev) & 1));
                prev = card;
                if (same) continue;
            }
            prev = card;
            int rank = card & 7, sharp = (c->p.sharp >> card) & 1, sc;
            if (win < 0) {
                int top = !(others & LANE(suit) & above(card));
                sc = top ? 60 + 5 * sharp : 20 - rank - 10 * sharp;
                if (betl_actor) sc = 30 - rank;
            } else {
                int wins = beats(c, card, win);
                if (betl_actor) sc = wins ? 10 - rank : 40 + rank;
                else if (wins) sc = 50 + (s->ntrick == 2 ? 20 : 0) + 15 * sharp - rank;
                else if (friend_wins) sc = 40 + 20 * sharp - rank;
                else sc = 30 - rank - 20 * sharp;
            }
            if (card == first) sc = 1000;
            /* insertion sort, best first */
            int j = n++;
            while (j > 0 && score[j - 1] < sc) {
                score[j] = score[j - 1];
                out[j] = out[j - 1];
                j--;
            }
            score[j] = sc;
            out[j] = (int8_t)card;
        }
    }
    return n;
}

/* ---- the search ----------------------------------------------------------- */

/* Null-window search, fail-soft: the result v answers "can the maximising
 * side reach target?" (v >= target) and is also a bound: the value of the
 * state is >= v when v >= target, and <= v otherwise. */
static int ab(mr_ctx *c, int target) {
    state *s = &c->s;
    c->nodes++;
    int p = (s->leader + s->ntrick) % 3, first = -1;
    int lb = -BOUND_INF, ub = BOUND_INF;
    tt_key key = {0, {0, 0}, 0, 0};

    if (s->ntrick == 0) {
        /* Step 1. End of play, or its last trick: every card is forced. */
        if (s->hand[p] == 0) return terminal_value(c);
        if (!(s->hand[p] & (s->hand[p] - 1))) {
            state saved = *s;
            int total = 0;
            for (int k = 0; k < 3 && total != FAIL; k++) {
                int gain = play(c, __builtin_ctz(s->hand[(s->leader + s->ntrick) % 3]));
                total = gain == FAIL ? FAIL : total + gain;
            }
            *s = saved;
            return total == FAIL ? 0 : total + terminal_value(c);
        }
        /* Step 2. Bounds that need no search. */
        bounds(c, &lb, &ub);
        if (target <= lb) return lb;
        if (target > ub) return ub;
        /* Step 3. The table. */
        make_key(c, &key);
        tt_entry *e = tt_probe(c, &key);
        if (e) {
            if (e->lo >= target) return e->lo;
            if (e->hi < target) return e->hi;
            if (e->lo > lb) lb = e->lo;
            if (e->hi < ub) ub = e->hi;
            first = unsqueeze_card(c, e->move);
        }
    }

    /* Step 4. Try the cards, best guess first, until one decides the node. */
    int8_t moves[10];
    int n = gen_moves(c, p, legal(c, s, p), moves, first);
    int maxnode = c->maxside[p], best = maxnode ? -BOUND_INF : BOUND_INF, best_move = moves[0];
    state saved = *s;
    for (int i = 0; i < n; i++) {
        int gain = play(c, moves[i]);
        int v = gain == FAIL ? 0 : gain + ab(c, target - gain);
        *s = saved;
        if (maxnode ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if ((v >= target) == maxnode) break;
    }
    /* A bound is never looser than the static ones. */
    if (best < lb) best = lb;
    if (best > ub) best = ub;

    /* Step 5. Remember the bound at trick boundaries. */
    if (s->ntrick == 0) tt_store(c, &key, best, best >= target, best_move);
    return best;
}

/* Exact value of the current state: MTD(f), null-window searches that close
 * in on the value from a first guess. */
static int exact(mr_ctx *c) {
    state *s = &c->s;
    if (s->ntrick == 0 && (s->hand[0] | s->hand[1] | s->hand[2]) == 0) return terminal_value(c);
    int lb, ub;
    bounds(c, &lb, &ub);
    int guess = (lb + ub) / 2;
    state saved = *s;
    while (lb < ub) {
        int target = guess > lb ? guess : lb + 1;
        guess = ab(c, target);
        *s = saved;
        if (guess >= target) lb = guess; else ub = guess;
    }
    return lb;
}

/* ---- entry points ----------------------------------------------------------- */

int mr_ctx_new(mr_ctx **out, int tt_log2) {
    if (!out || tt_log2 < 4 || tt_log2 > 30) return MR_E_ARG;
    mr_ctx *c = calloc(1, sizeof *c);
    if (!c) return MR_E_NOMEM;
    c->tt_mask = (1u << (tt_log2 - 1)) - 1;
    c->tt = calloc((size_t)1 << tt_log2, sizeof(tt_entry));
    if (!c->tt) {
        free(c);
        return MR_E_NOMEM;
    }
    mr_ctx_clear(c);
    *out = c;
    return MR_OK;
}

void mr_ctx_free(mr_ctx *c) {
    if (!c) return;
    free(c->tt);
    free(c);
}

void mr_ctx_clear(mr_ctx *c) {
    memset(c->tt, 0, ((size_t)c->tt_mask + 1) * 2 * sizeof(tt_entry));
    memset(c->game_used, 0, sizeof c->game_used);
    c->gen = 0;
}

static int same_parameters(const mr_position *a, const mr_position *b);

/* The table keeps the bounds of up to 15 games (trump, goal, announced cards,
 * ...) side by side, each entry tagged with its game's slot, so that a caller
 * cycling through a deal's contracts, or a claim's redistributions, never
 * loses them. A 16th game takes the least recently used slot, whose entries
 * are wiped first. */
static void select_game(mr_ctx *c, const mr_position *pos) {
    int slot = 0;
    for (int i = 1; i < GAME_SLOTS && !slot; i++)
        if (c->game_used[i] && same_parameters(&c->games[i], pos)) slot = i;
    if (!slot) {
        slot = 1;
        for (int i = 2; i < GAME_SLOTS; i++)
            if (c->game_used[i] < c->game_used[slot]) slot = i;
        if (c->game_used[slot]) {
            size_t n = ((size_t)c->tt_mask + 1) * 2;
            for (size_t i = 0; i < n; i++)
                if ((c->tt[i].meta >> 4) == slot) memset(&c->tt[i], 0, sizeof(tt_entry));
        }
        c->games[slot] = *pos;
    }
    c->game_used[slot] = ++c->clock;
    c->gen = (uint8_t)slot;
}

static int same_parameters(const mr_position *a, const mr_position *b) {
    if (a->trump != b->trump || a->actor != b->actor || a->maximiser != b->maximiser || a->goal != b->goal ||
        a->marriage != b->marriage || a->sharp != b->sharp || a->announced != b->announced || a->ngoal != b->ngoal)
        return 0;
    for (int g = 0; g < a->ngoal; g++)
        if (a->goal_card[g] != b->goal_card[g] || a->goal_when[g] != b->goal_when[g]) return 0;
    return 1;
}

int mr_set_position(mr_ctx *c, const mr_position *pos) {
    if (pos->ntrick < 0 || pos->ntrick > 2 || pos->leader < 0 || pos->leader > 2 || pos->actor < 0 ||
        pos->actor > 2 || pos->trump < -1 || pos->trump > 3 || pos->goal < 0 || pos->goal > MR_GOAL_SEVENS ||
        pos->marriage < 0 || pos->marriage > MR_MARR_BEST || (pos->maximiser != 0 && pos->maximiser != 1) ||
        pos->ngoal < 0 || pos->ngoal > 2 || pos->best_marriage < 0 || pos->best_marriage > 4)
        return MR_E_ARG;
    if (pos->marriage != MR_MARR_NONE && (pos->trump < 0 || pos->goal != MR_GOAL_POINTS)) return MR_E_ARG;

    uint32_t seen = 0;
    for (int seat = 0; seat < 3; seat++) {
        if (seen & pos->hands[seat]) return MR_E_OVERLAP;
        seen |= pos->hands[seat];
    }
    for (int i = 0; i < pos->ntrick; i++) {
        if (pos->trick[i] < 0 || pos->trick[i] > 31) return MR_E_ARG;
        if (seen & (1u << pos->trick[i])) return MR_E_OVERLAP;
        seen |= 1u << pos->trick[i];
    }
    /* Those who already played to the trick hold one card fewer. */
    int to_move = (pos->leader + pos->ntrick) % 3, size = popcount(pos->hands[to_move]);
    if (size > 10 || (pos->ntrick > 0 && size == 0)) return MR_E_HANDSIZE;
    for (int k = 0; k < 3; k++) {
        int seat = (pos->leader + k) % 3;
        if (popcount(pos->hands[seat]) != (k < pos->ntrick ? size - 1 : size)) return MR_E_HANDSIZE;
    }
    for (int g = 0; g < pos->ngoal; g++)
        if (pos->goal_card[g] < 0 || pos->goal_card[g] > 31 || !((seen >> pos->goal_card[g]) & 1) ||
            pos->goal_when[g] < 1)
            return MR_E_ARG;

    select_game(c, pos);
    c->p = *pos;
    c->loaded = 1;
    c->trump_mask = pos->trump >= 0 ? LANE(pos->trump) : 0;
    for (int seat = 0; seat < 3; seat++) c->maxside[seat] = (seat == pos->actor) == (pos->maximiser == 0);
    c->special = pos->announced;
    for (int g = 0; g < pos->ngoal; g++) c->special |= 1u << pos->goal_card[g];
    if (pos->marriage != MR_MARR_NONE) c->special |= 0x30303030u; /* kings and over-knaves */
    /* Classes: bit 0 for sharp (when points count) and marriage cards, bit 1 for
     * announced and goal cards and marriage cards. */
    uint32_t sevens = pos->announced, marriage = pos->marriage != MR_MARR_NONE ? 0x30303030u : 0;
    for (int g = 0; g < pos->ngoal; g++) sevens |= 1u << pos->goal_card[g];
    uint32_t sharp = pos->goal == MR_GOAL_POINTS ? pos->sharp & ~sevens & ~marriage : 0;
    c->class_bits[0] = sharp | (marriage & ~sevens);
    c->class_bits[1] = sevens | marriage;

    /* Replay the trick so far: each card must have been legal from its hand. */
    memset(&c->root, 0, sizeof c->root);
    for (int seat = 0; seat < 3; seat++) c->root.hand[seat] = pos->hands[seat];
    c->root.leader = (int8_t)pos->leader;
    c->root.best = (int8_t)pos->best_marriage;
    for (int i = 0; i < pos->ntrick; i++) {
        int seat = (pos->leader + i) % 3;
        c->root.hand[seat] |= 1u << pos->trick[i];
    }
    c->s = c->root;
    for (int i = 0; i < pos->ntrick; i++) {
        int seat = (pos->leader + i) % 3;
        if (!((legal(c, &c->s, seat) >> pos->trick[i]) & 1)) {
            c->loaded = 0;
            return MR_E_TRICK;
        }
        int gain = play(c, pos->trick[i]);
        (void)gain; /* marriages declared before the position are in the caller's score */
    }
    c->s.best = (int8_t)pos->best_marriage;
    c->root = c->s;
    c->nodes = 0;
    return MR_OK;
}

int mr_search(mr_ctx *c, int target, int *yes) {
    if (!c->loaded) return MR_E_ARG;
    c->s = c->root;
    if (c->s.ntrick == 0 && (c->s.hand[0] | c->s.hand[1] | c->s.hand[2]) == 0)
        *yes = terminal_value(c) >= target;
    else
        *yes = ab(c, target) >= target;
    c->s = c->root;
    return MR_OK;
}

int mr_value(mr_ctx *c, int *value) {
    if (!c->loaded) return MR_E_ARG;
    c->s = c->root;
    *value = exact(c);
    c->s = c->root;
    return MR_OK;
}

int mr_root_moves(mr_ctx *c, int8_t *cards, int *n) {
    if (!c->loaded) return MR_E_ARG;
    const state *s = &c->root;
    int p = (s->leader + s->ntrick) % 3;
    uint32_t moves = s->hand[p] ? legal(c, s, p) : 0;
    *n = 0;
    while (moves) {
        cards[(*n)++] = (int8_t)__builtin_ctz(moves);
        moves &= moves - 1;
    }
    return MR_OK;
}

int mr_move_value(mr_ctx *c, int card, int *value) {
    if (!c->loaded) return MR_E_ARG;
    if (card < 0 || card > 31) return MR_E_ARG;
    c->s = c->root;
    int p = (c->s.leader + c->s.ntrick) % 3;
    if (!c->s.hand[p]) return MR_E_TERMINAL;
    if (!((legal(c, &c->s, p) >> card) & 1)) return MR_E_ILLEGAL;
    int gain = play(c, card);
    *value = gain == FAIL ? 0 : gain + exact(c);
    c->s = c->root;
    return MR_OK;
}

int mr_line(mr_ctx *c, int value, int8_t *cards, int8_t *gains, int *n) {
    if (!c->loaded) return MR_E_ARG;
    c->s = c->root;
    *n = 0;
    for (;;) {
        state *s = &c->s;
        int p = (s->leader + s->ntrick) % 3;
        if (!s->hand[p]) break;
        int8_t moves[10];
        int m = gen_moves(c, p, legal(c, s, p), moves, -1), chosen = -1, gain = 0;
        state saved = *s;
        for (int i = 0; i < m && chosen < 0; i++) {
            gain = play(c, moves[i]);
            int child_ok;
            if (gain == FAIL) {
                child_ok = c->maxside[p] ? value <= 0 : 1;
            } else {
                state after = *s;
                int need = value - gain;
                child_ok = c->maxside[p] ? ab(c, need) >= need : ab(c, need + 1) <= need;
                *s = after;
            }
            if (child_ok) chosen = moves[i];
            else *s = saved;
        }
        if (chosen < 0) {
            c->s = c->root;
            return MR_E_ARG; /* value was not the position's exact value */
        }
        cards[*n] = (int8_t)chosen;
        gains[(*n)++] = (int8_t)(gain == FAIL ? 0 : gain);
        if (gain == FAIL) break; /* the goal is decided: the rest of the play does not matter */
        value -= gain;
    }
    c->s = c->root;
    return MR_OK;
}

uint64_t mr_nodes(const mr_ctx *c) { return c->nodes; }
