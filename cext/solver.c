/* Open-hand alpha-beta search for Mariáš: see solver.h for the interface and
 * docs/semantics.md for what the values mean. */
#define _DEFAULT_SOURCE 1 /* madvise() under -std=c11 */
#include "solver.h"

#include <assert.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#define HUGE_PAGE ((size_t)2 << 20)

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_PEXT_BUILD 1
#endif

/* Build switches (for the tests that hold each speed-up to account, never for use):
 * MR_NO_SQUEEZE keys the table on the exact cards, MR_NO_QUICK_BOUNDS drops the
 * bounds that need no search, MR_NO_COLLAPSE searches every card of a sequence.
 * MR_PARTITION (research, issue 36): entries that stand for many positions, below. */
#if defined(MR_PARTITION) && defined(MR_NO_SQUEEZE)
#error "MR_PARTITION works on squeezed keys"
#endif
#ifdef MR_PARTITION
#define PT(...) __VA_ARGS__
#else
#define PT(...)
#endif

#define LANE(s) (0xFFu << (8 * (s)))
#define FAIL (-100) /* play(): a boolean goal was lost by this card */
#define BOUND_INF 127
/* The bits of the marriage cards within a lane (games with trumps only). */
#define MR_BIT_OVER 4
#define MR_BIT_KING 5

/* Transposition table entry, probed at trick boundaries only. The key is the
 * position with ranks squeezed: in each suit, only the order of the cards
 * still held matters, with who holds each and its class (plain, sharp,
 * announced seven, marriage card). Positions that differ only in which cards
 * are gone share an entry. The goal's parameters are the game's slot. The
 * squeeze packs the bits of a set at the places of the cards held, all suits
 * in a row; the suits' counts keep it unambiguous. Under a policy the actor's
 * hand is kept as it is too: the plan compares the ranks of his cards across
 * suits (his lowest card), which the squeeze does not keep. Two entries, a
 * bucket, fill a 64-byte cache line. */
typedef struct {
    uint64_t cls;    /* the squeezed class bits (two words of 32) */
    uint32_t h[2];   /* three seats: the squeezed hands of seats 0 and 1 (seat 2 holds the rest);
                      * two or four: the two bits of each card's seat, squeezed (seat 0 holds the rest) */
    uint16_t counts; /* cards held in each suit, 4 bits each */
    uint8_t meta;    /* leader (2 bits) | extra state (2 bits) | game slot (4 bits, 0 = empty) */
    int8_t lo, hi;   /* bounds on the value of the rest of the play */
    int8_t move;     /* best card, squeezed: suit * 8 + its place among the suit's cards */
    uint16_t epoch;  /* the slot's epoch when stored: an entry of a slot given to a new game is stale */
    uint32_t mine;   /* under a policy, the actor's hand (unsqueezed); else 0 */
#ifdef MR_PARTITION
    uint16_t flo, fhi; /* per suit (4 bits), the bottom cards held whose holders lo (hi) does not depend on */
#endif
} tt_entry;
_Static_assert(sizeof(tt_entry) == 32, "a table entry is 32 bytes");

typedef struct {
    uint64_t cls;
    uint32_t h[2];
    uint16_t counts;
    uint8_t meta;
    uint16_t epoch;
    uint32_t mine;
} tt_key;

typedef struct {
    uint32_t hand[4]; /* hand[3] is 0 for three seats */
    uint32_t all;     /* every card still held: the hands' union, kept by play() */
    uint32_t played;  /* the cards of the trick under way (kept by play()) */
    int8_t trick[4];
    int8_t ntrick, leader, best;
    int8_t win; /* the trick's winning card so far: its place in trick[] (kept by play()) */
} state;

#define GAME_SLOTS 16 /* slot 0 marks an empty entry */

struct mr_ctx {
    tt_entry *tt;
    uint32_t tt_mask; /* buckets of two entries */
    uint8_t gen;      /* the slot of the game being searched */
    mr_game games[GAME_SLOTS]; /* the games whose bounds the table holds, as the caller gave them */
    uint64_t game_used[GAME_SLOTS]; /* when each slot was last used; 0 = free */
    uint16_t epoch[GAME_SLOTS];     /* bumped when a slot is given to another game */
    uint64_t clock;
    int use_pext;
    mr_game p;        /* the game being searched, in the core's rank order */
    state root, s;
    volatile const int *stop; /* a batch's stop flag, or NULL */
    jmp_buf abort;    /* where a stopped search unwinds to */
    uint8_t lane_in[256], lane_out[256]; /* betl/durch rank renumbering of one lane, and back */
    uint32_t trump_mask;
    uint32_t special; /* cards never collapsed with a neighbour */
    uint32_t class_bits[2]; /* each card's class (0 plain, 1 sharp, 2 announced or goal card, 3 marriage
                             * card) as two masks: the class's low bit, its high bit */
    int n;            /* seats: 3 or 4 */
    int8_t seat_after[4][4]; /* [seat][k]: the seat k places after it (a table: it is read at every node) */
    uint8_t team_of[4]; /* 1 for the actor and his partner */
    int partnered;      /* the actor has a partner */
    uint8_t maxside[4];
    int8_t killer[33][4], killer2[33][4]; /* by cards held and seat: the last two leads that decided a node there */
    uint32_t history[4][32]; /* by seat and card: how much deciding leads it made (cards held, squared) */
    uint64_t nodes;
    uint64_t quick; /* worlds of the last batch settled at the root (bounds or table), no search */
#ifdef MR_PARTITION
    uint32_t rel;      /* the cards the bound just returned depends on (see "Partition search") */
    uint32_t nonplain; /* class_bits[0] | class_bits[1]: cards that are never a small card */
    int pt_on;         /* the game uses the partition table (three seats, no policy) */
    struct pt_entry *pt;
    uint32_t pt_mask;  /* buckets of two entries */
    uint64_t pt_hits, pt_probes; /* for the measurements and the brute-force check */
#endif
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
    "stopped",
};

const char *mr_error_text(int code) {
    if (code > 0 || code < MR_E_STOPPED) return "unknown error";
    return error_text[-code];
}

/* The search's hot helpers, inlined into each of its two node functions (ab_lead, ab_follow),
 * where constants fold: gcc left play() and gen_moves() as calls (measured, docs/benchmarks.md,
 * "Cheaper nodes, fourth round"). */
#define HOT static inline __attribute__((always_inline))

/* Without -mpopcnt (a build for any x86-64), __builtin_popcount is a call into
 * libgcc that took a tenth of the search's time: count in registers instead. */
static inline int popcount(uint32_t x) {
#ifdef __POPCNT__
    return __builtin_popcount(x);
#else
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
#endif
}
static inline int top_bit(uint32_t x) { return 31 - __builtin_clz(x); }
static inline uint32_t above(int bit) { return ~0u << bit << 1; } /* two shifts: 0 above bit 31 */

/* The seat k places after seat (k < the number of seats). */
static inline int seat_after(const mr_ctx *c, int seat, int k) { return c->seat_after[seat][k]; }

/* Every card still held (the state keeps it: it is read at every node). */
static inline uint32_t held(const mr_ctx *c) { return c->s.all; }

/* Does card a beat card b already winning the trick? */
static inline int beats(const mr_ctx *c, int a, int b) {
    if ((a >> 3) == (b >> 3)) return a > b;
    return (a >> 3) == c->p.trump;
}

/* Legal cards of seat p (docs/rules.md §3), the announced-card restriction applied. */
HOT uint32_t legal(const mr_ctx *c, const state *s, int p) {
    uint32_t h = s->hand[p], moves = h;
    if (s->ntrick > 0) {
        /* Follow suit, above the winning card while it is of the suit led (not trumped);
         * else trump, above the winning card if it is a trump. */
        int led = s->trick[0] >> 3, win = s->trick[s->win];
        uint32_t follow = h & LANE(led), trumps = h & c->trump_mask;
        if (follow) {
            uint32_t higher = (win >> 3) == led ? follow & above(win) : 0;
            moves = higher ? higher : follow;
        } else if (trumps) {
            uint32_t higher = (win >> 3) == c->p.trump ? trumps & above(win) : 0;
            moves = higher ? higher : trumps;
        }
    }
    if ((moves & c->p.announced) && (moves & ~c->p.announced)) moves &= ~c->p.announced;
    return moves;
}

/* ---- the actor's fixed plan (enum mr_policy) -------------------------------- */

/* Within a lane, the order in which the Python layer lists cards (CardSet: natural
 * ranks from the ace down), in the core's bits: betl and durch rank the ten lower.
 * Ties are broken as strict.sure_card breaks them: the first card listed. */
static const int8_t LISTED[2][8] = {{7, 6, 5, 4, 3, 2, 1, 0}, {7, 3, 6, 5, 4, 2, 1, 0}};

static int first_listed(const mr_ctx *c, uint32_t m) {
    const int8_t *order = LISTED[c->p.notrump_order];
    for (int suit = 0; suit < 4; suit++)
        for (int i = 0; i < 8; i++)
            if ((m >> (8 * suit + order[i])) & 1) return 8 * suit + order[i];
    return -1;
}

/* The card of the lowest (highest) rank, of the first suit on a tie. */
static int lowest(uint32_t m) {
    int best = -1;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t lane = m & LANE(suit);
        if (lane && (best < 0 || (__builtin_ctz(lane) & 7) < (best & 7))) best = __builtin_ctz(lane);
    }
    return best;
}

static int highest(uint32_t m) {
    int best = -1;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t lane = m & LANE(suit);
        if (lane && (best < 0 || (top_bit(lane) & 7) > (best & 7))) best = top_bit(lane);
    }
    return best;
}

/* The policy's card for seat p (the actor), from his hand, the trick and the
 * cards the other seats hold (to him one set: the unseen cards). */
static int policy_card(const mr_ctx *c, const state *s, int p) {
    uint32_t hand = s->hand[p], moves = legal(c, s, p), unseen = 0, trumps_lane = c->trump_mask;
    for (int seat = 0; seat < c->n; seat++)
        if (seat != p) unseen |= s->hand[seat];
    if (c->p.policy == MR_POLICY_BETL) {
        if (s->ntrick == 0) {
            /* A card an unseen card of its suit beats, above all one that is not his lowest there. */
            uint32_t under = 0, risky = 0;
            for (uint32_t m = moves; m; m &= m - 1) {
                int card = __builtin_ctz(m);
                uint32_t theirs = unseen & LANE(card >> 3);
                if (!(theirs & above(card))) continue;
                under |= 1u << card;
                if (theirs & ((1u << card) - 1)) risky |= 1u << card;
            }
            return first_listed(c, risky ? risky : under ? under : moves);
        }
        int best = s->trick[s->win];
        if (!(hand & LANE(s->trick[0] >> 3))) return highest(moves);
        uint32_t under = moves & LANE(best >> 3) & ((1u << best) - 1);
        return lowest(under ? under : moves);
    }
    if (s->ntrick == 0) {
        uint32_t trumps = moves & trumps_lane & ~c->p.announced, side = moves & ~trumps_lane & ~c->p.announced;
        if (c->p.policy == MR_POLICY_CASHING && trumps && (unseen & trumps_lane)) return top_bit(trumps);
        for (int suit = 0; suit < 4; suit++) { /* a winner: his top card of a suit, above every unseen one */
            uint32_t lane = hand & LANE(suit);
            if (!lane) continue;
            int top = top_bit(lane);
            if (((side >> top) & 1) && !(unseen & LANE(suit) & above(top))) return top;
        }
        if (side) return lowest(side);
        if (trumps) return top_bit(trumps);
        uint32_t sevens = moves & ~trumps_lane;
        return first_listed(c, sevens ? sevens : moves);
    }
    /* Following: the lowest card that takes the trick, else the lowest; side cards before trumps.
     * Side-first, a defender still to play: of those, one that no unseen card beats, if any. */
    int win = s->trick[s->win];
    uint32_t beating = 0, safe = 0;
    for (uint32_t m = moves; m; m &= m - 1)
        if (beats(c, __builtin_ctz(m), win)) beating |= m & -m;
    if (c->p.policy == MR_POLICY_SIDE_FIRST && s->ntrick < c->n - 1)
        for (uint32_t m = beating; m; m &= m - 1) {
            int card = __builtin_ctz(m), beaten = 0;
            for (uint32_t u = unseen; u && !beaten; u &= u - 1) beaten = beats(c, __builtin_ctz(u), card);
            if (!beaten) safe |= m & -m;
        }
    uint32_t pool = safe ? safe : beating ? beating : moves;
    return lowest(pool & ~trumps_lane ? pool & ~trumps_lane : pool);
}

/* The cards searched for seat p: his legal cards, or the policy's one. */
static inline uint32_t choices(const mr_ctx *c, const state *s, int p) {
    if (c->p.policy && p == c->p.actor) return 1u << policy_card(c, s, p);
    return legal(c, s, p);
}

/* Under "over first": the units the maximiser gains when the side to move plays
 * card from state s (an over-knave whose king its player holds declares the pair). */
static int marriage_gain(const mr_ctx *c, const state *s, int card) {
    int p = seat_after(c, s->leader, s->ntrick);
    if (c->p.marriage == MR_MARR_NONE || (card & 7) != MR_BIT_OVER || !(s->hand[p] & (1u << (card + 1)))) return 0;
    int v = (card >> 3) == c->p.trump ? 4 : 2;
    if (c->p.marriage == MR_MARR_DIFF) return c->maxside[p] ? v / 2 : -v / 2;
    return c->maxside[p] && v > s->best ? v - s->best : 0;
}

/* Play one card for the side to move. Returns the units the maximising side
 * gains by it (a completed trick, a declared marriage), or FAIL when it loses
 * a boolean goal. */
HOT int play(mr_ctx *c, int card) {
    state *s = &c->s;
    int p = seat_after(c, s->leader, s->ntrick), gain = 0;
    uint32_t bit = 1u << card;
    assert(s->hand[p] & bit);

    if (c->p.marriage != MR_MARR_NONE && (card & 7) == MR_BIT_OVER) {
        gain = marriage_gain(c, s, card);
        if (c->p.marriage == MR_MARR_BEST && gain) s->best = (int8_t)(s->best + gain);
    }
    s->hand[p] &= ~bit;
    s->all &= ~bit;
    s->played |= bit;
    if (!s->ntrick || beats(c, card, s->trick[s->win])) s->win = s->ntrick;
    s->trick[s->ntrick++] = (int8_t)card;
    if (s->ntrick < c->n) return gain;

    int w = s->win, seat = seat_after(c, s->leader, w);
    int tricks_left = popcount(s->hand[seat]) + 1; /* this trick included */
    switch (c->p.goal) {
    case MR_GOAL_POINTS:
        if (c->maxside[seat]) gain += popcount(s->played & c->p.sharp) + (tricks_left == 1);
        break;
    case MR_GOAL_BETL:
        if (c->team_of[seat]) return FAIL;
        break;
    case MR_GOAL_DURCH:
        if (!c->team_of[seat] && tricks_left > c->p.free_tricks) return FAIL;
        break;
    case MR_GOAL_SEVENS:
        for (int g = 0; g < c->p.ngoal; g++) {
            int card_g = c->p.goal_card[g];
            int in_trick = (s->played >> card_g) & 1;
            if (tricks_left == c->p.goal_when[g] ? s->trick[w] != card_g : in_trick) return FAIL;
        }
        break;
    }
    s->leader = (int8_t)seat;
    s->ntrick = 0;
    s->played = 0;
    return gain;
}

static int terminal_value(const mr_ctx *c) { return c->p.goal == MR_GOAL_POINTS ? 0 : 1; }

/* The leader's cashing plan: he leads his trumps from the top, then each side
 * suit from the top, for as long as every lead surely wins. The i-th lead of a
 * suit (i = 0, 1, ...) wins when every other player who holds a higher card of
 * it holds at most i cards of the suit: the i leads before it, all won, took a
 * card of the suit from each player who had one (he must follow), so that
 * player's higher cards are gone. A side lead is also given up where a player
 * void in the suit may still hold a trump (an opponent would ruff, a partner
 * take the lead away). The same plan proves claims (docs/claims.md, "Sure wins").
 * ``mine`` is what he may lead at will (an announced seven waits). */
typedef struct {
    int units;  /* sharp cards of the sure tricks */
    int tricks; /* sure tricks */
    int drawn;  /* the other players have no trump left after the sure trump leads */
    int spare;  /* his trumps (of mine) beyond the most any other player holds */
    int losers; /* cards of mine in side suits that are not sure tricks */
} cash_plan;

/* How many of the leader's cards ms of one suit (lane) win in a row, led from the top.
 * His i-th card from the top falls to its lead unless another player holds a higher
 * card and more than i of the suit; one void in the suit after i leads who still has a
 * trump (ruffs[k]) ruffs it. Player k, with a_k of ms above his top card and count_k
 * of the suit, so stops the run at a_k when a_k < count_k, and a ruffer at count_k too.
 * other holds three hands, those past n_other empty. */
static inline int sure_run(uint32_t ms, uint32_t lane, const uint32_t *other, int n_other, const int *ruffs) {
    uint32_t theirs = (other[0] | other[1] | other[2]) & lane;
    if (!ms || (theirs && top_bit(theirs) > top_bit(ms))) return 0; /* commonest: his top card falls to theirs */
    int run = popcount(ms);
    for (int k = 0; k < n_other; k++) {
        uint32_t h = other[k] & lane;
        int count = popcount(h), a = h ? popcount(ms & above(top_bit(h))) : run;
        int limit = a < count ? a : ruffs[k] ? count : run;
        if (limit < run) run = limit;
    }
    return run;
}

/* The sharp cards among the top `run` cards of ms. */
static inline int top_units(const mr_ctx *c, uint32_t ms, int run) {
    uint32_t won = 0;
    for (; run > 0; run--) {
        uint32_t bit = 1u << top_bit(ms);
        won |= bit;
        ms &= ~bit;
    }
    return popcount(won & c->p.sharp);
}

static void cash(const mr_ctx *c, int leader, uint32_t mine, cash_plan *plan) {
    const state *s = &c->s;
    int trump = c->p.trump, need = 0, n_other = c->n - 1, trumps[3] = {0, 0, 0}, ruffs[3] = {0, 0, 0};
    uint32_t other[3] = {0, 0, 0};
    for (int k = 0; k < n_other; k++) {
        other[k] = s->hand[seat_after(c, leader, k + 1)];
        if (trump >= 0) trumps[k] = popcount(other[k] & c->trump_mask);
        if (trumps[k] > need) need = trumps[k];
    }
    plan->units = plan->tricks = plan->losers = 0;
    int trump_leads = 0;
    if (trump >= 0) {
        uint32_t t = mine & c->trump_mask;
        trump_leads = sure_run(t, c->trump_mask, other, n_other, ruffs); /* no one ruffs a trump */
        plan->units = top_units(c, t, trump_leads);
    }
    plan->tricks = trump_leads;
    plan->drawn = trump_leads >= need;
    plan->spare = popcount(mine & c->trump_mask) - need;
    /* a player out of a suit, with a trump left after the trump leads, ruffs it */
    for (int k = 0; k < n_other; k++) ruffs[k] = trumps[k] > trump_leads;
    for (uint32_t rest = mine & ~c->trump_mask; rest;) { /* his side suits */
        int suit = __builtin_ctz(rest) >> 3;
        uint32_t ms = rest & LANE(suit);
        rest &= ~LANE(suit);
        int run = sure_run(ms, LANE(suit), other, n_other, ruffs);
        plan->units += top_units(c, ms, run);
        plan->tricks += run;
        plan->losers += popcount(ms) - run;
    }
}

/* The cards of `mine` above every card of `theirs` in their suit (masters). */
static uint32_t masters_of(uint32_t mine, uint32_t theirs) {
    uint32_t out = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t lane = theirs & LANE(suit);
        out |= mine & LANE(suit) & (lane ? above(top_bit(lane)) : ~0u);
    }
    return out;
}

/* Sharp cards the other side must give to `tricks` tricks that a side surely wins:
 * each of its players puts a card on each, and one who holds fewer plain cards
 * than that must add sharp ones, whatever the order of play. */
static int forced_points(const mr_ctx *c, int maxside, int tricks) {
    int units = 0;
    for (int seat = 0; seat < c->n; seat++) {
        if (c->maxside[seat] == maxside) continue;
        int extra = tricks - popcount(c->s.hand[seat] & ~c->p.sharp);
        if (extra > 0) units += extra;
    }
    return units;
}

/* Points (units) the leader's side takes for sure by his cashing plan: the sharp
 * cards of its sure tricks, and the last trick when he keeps a trump back for it
 * (drawn trumps, and a spare one for every loser he may have to ruff a lead of);
 * every point left when every trick is sure. */
static int sure_points(const mr_ctx *c, int leader, int all_points) {
    const state *s = &c->s;
    uint32_t hand = s->hand[leader], held = hand & c->p.announced;
    cash_plan plan;
    cash(c, leader, hand & ~c->p.announced, &plan);
    if (plan.tricks == popcount(hand)) return all_points;
    int units = plan.units + forced_points(c, c->maxside[leader], plan.tricks);
    if (c->p.trump < 0 || !plan.drawn) return units;
    if (!held) return units + (plan.spare - 1 >= plan.losers);
    if (held == 1u << (8 * c->p.trump)) return units + (plan.spare >= plan.losers); /* the seven kept */
    return units; /* an announced side seven may not be led at will: no last trick is sure */
}

/* Are the goal cards those of an announced seven or two sevens (the trump seven in the last
 * trick, and a side seven in the one before), the only ones the proofs of a won goal know? The
 * core searches any goal cards, tricks and announced cards, and proves no other goal won (issue
 * 36: a trump seven that must win an earlier trick was proven by the last trick's proof, and two
 * sevens with only the side seven announced by a plan that leads the side seven while the
 * unannounced trump seven is the legal lead). */
static int sevens_known(const mr_ctx *c) {
    int trump_seven = 0;
    for (int g = 0; g < c->p.ngoal; g++) {
        int card = c->p.goal_card[g], when = c->p.goal_when[g];
        if (!((c->p.announced >> card) & 1)) return 0;
        if (c->p.trump >= 0 && card == 8 * c->p.trump && when == 1) trump_seven++;
        else if ((card & 7) != 0 || (card >> 3) == c->p.trump || when != 2) return 0;
    }
    return trump_seven == 1;
}

/* Boolean goals the actor, on lead at a trick boundary, surely makes. */
static int goal_won(const mr_ctx *c) {
    const state *s = &c->s;
    int actor = c->p.actor;
    if (s->leader != actor || !c->maxside[actor]) return 0;
    uint32_t hand = s->hand[actor];
    cash_plan plan;
    switch (c->p.goal) {
    case MR_GOAL_DURCH:
        cash(c, actor, hand, &plan);
        return plan.tricks >= popcount(hand) - c->p.free_tricks; /* the sure tricks come first */
    case MR_GOAL_BETL: {
        /* In every suit his cards lie below every other card of it, but for at most
         * one card, which he leads (or any card, if none) under a higher one: after
         * that he never leads again, and every lead of a suit he holds is above all
         * his cards of it. */
        if (c->partnered) return 0; /* a side of two: the plan below watches the actor's tricks only */
        uint32_t others = held(c) & ~hand, risky = 0;
        for (int suit = 0; suit < 4; suit++) {
            uint32_t theirs = others & LANE(suit);
            if (theirs) risky |= hand & LANE(suit) & above(__builtin_ctz(theirs));
        }
        if (risky & (risky - 1)) return 0;
        for (uint32_t leads = risky ? risky : hand; leads; leads &= leads - 1) {
            int card = __builtin_ctz(leads);
            if (others & LANE(card >> 3) & above(card)) return 1;
        }
        return 0;
    }
    case MR_GOAL_SEVENS: {
        uint32_t goals = 0;
        for (int g = 0; g < c->p.ngoal; g++) goals |= 1u << c->p.goal_card[g];
        if (!sevens_known(c) || (hand & goals) != goals) return 0;
        uint32_t seven = 1u << (8 * c->p.trump);
        if (c->p.ngoal == 1 && goals == seven) {
            /* Trumps drawn, and a spare trump for every side card he may have to follow
             * with: the seven is never his only legal card too early, and wins the last trick. */
            cash(c, actor, hand & ~c->p.announced, &plan);
            return plan.drawn && plan.spare >= plan.losers;
        }
        /* Two sevens: every trick sure, the side seven cashed as the last of its suit. */
        if (!(goals & seven)) return 0;
        cash(c, actor, hand & ~seven, &plan);
        return plan.drawn && plan.tricks == popcount(hand) - 1;
    }
    default:
        return 0;
    }
}

/* Boolean goals that are already lost at a trick boundary, whatever is played. */
static int goal_lost(const mr_ctx *c) {
    const state *s = &c->s;
    int actor = c->p.actor;
    uint32_t others = held(c) & ~s->hand[actor];
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
        /* A goal card still held is lost where a player holds nothing but trumps above
         * it: he plays one to its trick, and it beats the goal card (its own holder never
         * counts: the card is not above itself). Whose side he is on does not matter, nor
         * which side maximises: the test was once "an opponent of the maximiser with
         * nothing but trumps", wrong where the maximiser's goal card is held by the other
         * side (a defender's view of seven-against drew such worlds: issue 36). */
        for (int g = 0; g < c->p.ngoal; g++) {
            int card = c->p.goal_card[g];
            if (!((s->all >> card) & 1)) continue; /* played, and it won its trick */
            uint32_t beats = c->trump_mask & ((c->trump_mask >> card) & 1 ? above(card) : ~0u);
            for (int seat = 0; seat < c->n; seat++)
                if (s->hand[seat] && !(s->hand[seat] & ~beats)) return 1;
        }
        return 0;
    default:
        return 0;
    }
}

/* What the actor's sure plan surely takes from here, he to lead a fresh trick: the
 * proofs of docs/claims.md, "Sure wins" (claims._CashingPlan and _betl_sure, mirrored
 * here card for card), whose plan is the policy's (strict.sure_card). So unlike
 * cash() and goal_won(), which let the leader pick his best order of play, these hold
 * when he plays the policy. */
typedef struct {
    int units;      /* points (units) of his sure tricks, every point left when every trick is sure */
    int every;      /* every trick is his */
    int seven_kept; /* trumps drawn and a spare trump for every side loser: the trump seven wins the last trick */
} policy_plan;

static void policy_cash(const mr_ctx *c, int all_points, policy_plan *out) {
    const state *s = &c->s;
    int actor = c->p.actor, trump = c->p.trump;
    uint32_t hand = s->hand[actor], sharp = c->p.sharp;
    /* A policy is played by three seats (load): the defence is the other two. */
    uint32_t def[3] = {s->hand[seat_after(c, actor, 1)], s->hand[seat_after(c, actor, 2)], 0};
    const int no_ruffs[3] = {0, 0, 0};
    int units = 0, tricks = 0, losers = 0, spare = 0, drawn = 1, every = 1;
    if (trump >= 0) {
        /* His trumps from the top (announced sevens aside) draw the defence's while the
         * i-th wins; once drawn, every trump of his wins when played. */
        uint32_t mine = hand & c->trump_mask & ~c->p.announced;
        int need0 = popcount(def[0] & c->trump_mask), need1 = popcount(def[1] & c->trump_mask);
        int need = need0 > need1 ? need0 : need1, k = popcount(mine);
        drawn = need <= k && sure_run(mine, c->trump_mask, def, 2, no_ruffs) >= need;
        units += popcount(mine & sharp);
        tricks += k;
        spare = k - need;
    }
    /* The side suits count only once the trumps are drawn (below, units are 0 otherwise):
     * no one ruffs then. */
    for (int suit = 0; suit < 4 && drawn; suit++) {
        uint32_t mine = hand & LANE(suit);
        if (suit == trump || !mine) continue;
        int run = sure_run(mine, LANE(suit), def, 2, no_ruffs);
        units += top_units(c, mine, run);
        tricks += run;
        losers += popcount(mine) - run;
        every = every && run == popcount(mine);
    }
    if (trump < 0) drawn = 1;
    every = every && drawn;
    if (!drawn) units = 0;
    /* The defence's sharp cards beyond the tricks it may still win fall into his. */
    int left = popcount(hand) - (drawn ? tricks : 0);
    int extra1 = popcount(def[0] & sharp) - left, extra2 = popcount(def[1] & sharp) - left;
    units += (extra1 > 0 ? extra1 : 0) + (extra2 > 0 ? extra2 : 0);
    out->seven_kept = 0;
    if (trump >= 0) {
        uint32_t held = c->p.announced & hand;
        out->seven_kept = drawn && spare >= losers;
        if (!held) units += drawn && spare - 1 >= losers; /* a spare trump kept back for the last trick */
        else if (held == 1u << (8 * trump)) units += out->seven_kept;
    }
    out->every = every;
    out->units = every ? all_points : units;
}

/* The trump seven kept for the last trick, at a trick boundary, the defence out of trumps:
 * with S other trumps and L side cards, S >= L (S >= L - 1 when he leads) keeps it. The
 * policy leads no trump while he holds a side card, and the rules keep the announced seven
 * back while he has another legal card, so each trick takes a side card of his or, when he
 * is void in the suit led, a spare trump, after which he leads a side card: the seven is
 * forced early only by a lead he cannot follow with no spare left, and by induction on the
 * tricks the bound keeps a spare for every such lead. (Wider than the proofs of "Sure
 * wins", which ask for a spare for every side card that is not a sure winner, he to lead.) */
static int seven_kept_anyway(const mr_ctx *c) {
    const state *s = &c->s;
    int actor = c->p.actor, trump = c->p.trump;
    uint32_t hand = s->hand[actor], seven = 1u << (8 * trump);
    if (!(hand & seven) || (held(c) & ~hand & c->trump_mask)) return 0;
    int spare = popcount(hand & c->trump_mask) - 1, side = popcount(hand & ~c->trump_mask);
    return spare >= side - (s->leader == actor);
}

/* Points the policy surely takes at a trick start the defence leads, the defence holding
 * one trump t and he at least two, one of them above t (and no announced card): -1 where
 * this does not apply. Each of his trumps above t, and each card above every other card of
 * its suit (a master), wins its trick, but for one master that t may ruff:
 * - before he first takes the lead he spends no trump unless t is gone (only t can lead a
 *   trump, which his lowest trump above it beats, or overruff a low trump of his), so he
 *   takes the lead still holding a trump, and his highest, which is above t, is what the
 *   plan leads while t is out: t must follow to it;
 * - while he holds a trump he never throws a card away (void, he must trump), and once t
 *   is gone every ruff of his wins the lead, after which the plan cashes every master
 *   before it leads anything else; so no master is thrown away either;
 * - with t gone no card beats a master or a trump of his, and t takes one trick only.
 * Those tricks, all but the one t may take, also take the sharp cards the defence must
 * give them (forced_points). */
static int policy_last_trump(const mr_ctx *c) {
    const state *s = &c->s;
    int actor = c->p.actor;
    uint32_t hand = s->hand[actor], trumps = hand & c->trump_mask, theirs = held(c) & ~hand;
    uint32_t their_trumps = theirs & c->trump_mask;
    if (popcount(their_trumps) != 1 || popcount(trumps) < 2 || (hand & c->p.announced)) return -1;
    uint32_t wins = trumps & above(top_bit(their_trumps));
    if (!wins) return -1;
    uint32_t masters = masters_of(hand & ~c->trump_mask, theirs);
    wins |= masters;
    int lost = masters != 0;
    return popcount(wins & c->p.sharp) - ((masters & c->p.sharp) != 0) +
           forced_points(c, c->maxside[actor], popcount(wins) - lost);
}

/* Is the actor's boolean goal made by the policy from here (at a trick boundary)? */
static int policy_goal_won(const mr_ctx *c) {
    const state *s = &c->s;
    int actor = c->p.actor;
    if (!c->maxside[actor]) return 0;
    if (c->p.policy == MR_POLICY_CASHING && c->p.goal == MR_GOAL_SEVENS && c->p.ngoal == 1 && sevens_known(c) &&
        seven_kept_anyway(c)) /* the announced trump seven alone */
        return 1;
    if (s->leader != actor) return 0;
    if (c->p.policy == MR_POLICY_BETL) return c->p.goal == MR_GOAL_BETL && goal_won(c); /* _betl_sure itself */
    if (c->p.policy != MR_POLICY_CASHING) return 0; /* the proofs below are the cashing plan's */
    policy_plan plan;
    policy_cash(c, 0, &plan);
    switch (c->p.goal) {
    case MR_GOAL_DURCH:
        return plan.every;
    case MR_GOAL_SEVENS: {
        if (!sevens_known(c)) return 0;
        uint32_t seven = 1u << (8 * c->p.trump), goals = 0;
        for (int g = 0; g < c->p.ngoal; g++) goals |= 1u << c->p.goal_card[g];
        if ((s->hand[actor] & goals) != goals || !(goals & seven)) return 0;
        return plan.every || (c->p.ngoal == 1 && plan.seven_kept);
    }
    default:
        return 0;
    }
}

/* The top trumps' bounds (a game with trumps, at a trick boundary): lo and hi raised and
 * lowered by what each side's trumps above every trump of the other side surely take. */
static void trump_bounds(const mr_ctx *c, int pts, int *lo, int *hi) {
    const state *s = &c->s;
    uint32_t all = held(c);
    /* The trumps a side holds above every trump of the other side win
     * their tricks whoever leads: their sharp ones are that side's.
     * (Not mid-trick: a higher trump already in the trick may catch one.) */
    uint32_t max_trumps = 0, min_trumps = 0;
    for (int seat = 0; seat < c->n; seat++) {
        if (c->maxside[seat]) max_trumps |= s->hand[seat] & c->trump_mask;
        else min_trumps |= s->hand[seat] & c->trump_mask;
    }
    uint32_t max_top = min_trumps ? max_trumps & above(top_bit(min_trumps)) : max_trumps;
    uint32_t min_top = max_trumps ? min_trumps & above(top_bit(max_trumps)) : min_trumps;
    int sure[2] = {popcount(min_top & c->p.sharp), popcount(max_top & c->p.sharp)}; /* by maxside */
    int tricks[2] = {0, 0}, last[2] = {0, 0}, cashed[2] = {0, 0};
    for (int seat = 0; seat < c->n; seat++) {
        int side = c->maxside[seat];
        uint32_t h = s->hand[seat], top = h & (side ? max_top : min_top);
        /* Each player's top trumps win tricks of their own, which the other side feeds. */
        int k = popcount(top);
        if (k > tricks[side]) tricks[side] = k;
        /* A player left with nothing but such trumps puts one in every trick: his
         * side takes them all, the last trick too. */
        if (h && h == top) sure[side] = pts;
        if (!k || top != (side ? max_trumps : min_trumps) || (h & c->p.announced)) continue;
        /* His side's only trumps, all above the other side's, t of them with n other
         * cards: he wins every trick he trumps, so he must trump (a trump led, or
         * void in the suit led) only when another player leads: after a trick he
         * lost with one of his n others, or now. With t >= n + (not on lead) he
         * still holds a trump for the last trick. */
        if (k >= popcount(h) - k + (s->leader != seat)) last[side] = 1;
        /* And when the other side has no trump: he never throws a card away while he
         * holds one, and the first time he must trump he wins the lead and cashes his
         * cards above every other player's of their suits (as he does on lead, or when
         * he must beat with one a card led; a partner's higher card could take the
         * lead from him): each trick of his trumps and those cards is his, and fed. */
        if (side ? min_trumps : max_trumps) continue;
        uint32_t wins = top | masters_of(h, all & ~h);
        cashed[side] = popcount(wins & c->p.sharp) + forced_points(c, side, popcount(wins));
    }
    for (int side = 0; side < 2; side++) {
        if (sure[side] == pts) continue;
        sure[side] += forced_points(c, side, tricks[side]);
        /* The top trumps win their tricks whenever they are played. Cashing the winners
         * and keeping a trump for the last trick are the best play; the policy plays so
         * only while the other side has no trump (it leads no trump while he holds a
         * side card, cashes every winner once on lead, and must ruff when void). */
        if (c->p.policy && side == c->maxside[c->p.actor] && (side ? min_trumps : max_trumps)) continue;
        if (cashed[side] > sure[side]) sure[side] = cashed[side];
        sure[side] += last[side];
    }
    if (sure[1] > *lo) *lo = sure[1];
    if (pts - sure[0] < *hi) *hi = pts - sure[0];
}

/* With no trump in play, a player not on lead whose every card is above every other card of its
 * suit, and who holds each suit the leader holds, takes every trick, whatever anyone plays: the
 * first lead is of a suit he holds, and any card of his of it wins (none can be ruffed); then he
 * leads, and every card he leads wins. (On lead, the cashing plan already counts it.) His seat,
 * or -1. At a trick boundary. */
static int masters_take_all(const mr_ctx *c) {
    const state *s = &c->s;
    uint32_t all = held(c), leads = s->hand[s->leader];
    for (int k = 1; k < c->n; k++) {
        int seat = seat_after(c, s->leader, k);
        uint32_t h = s->hand[seat];
        if (masters_of(h, all & ~h) != h) continue;
        int covers = 1;
        for (int suit = 0; suit < 4; suit++)
            if ((leads & LANE(suit)) && !(h & LANE(suit))) covers = 0;
        if (covers) return seat;
    }
    return -1;
}

/* With no trump in play, what the leader's other side surely takes when one of its players
 * holds a card above every other card of each suit the leader holds: whatever is led, he wins
 * the first trick with it (nothing is ruffed), and then leads, and his cashing plan holds
 * (sure_points, with his card gone; the other hands, which lose a card each to the first
 * trick, are taken as they are: with fewer cards an opponent stops no more of his runs and
 * feeds no fewer cards to them). The least over the leader's suits; -1 where no player of that
 * side holds the masters, or the policy plays for him (it need not play them), or where it is
 * less than need (then it would not settle the node: the other leads' plans are not made). */
static int masters_of_the_leads(const mr_ctx *c, int pts, int need) {
    const state *s = &c->s;
    uint32_t all = held(c), leads = s->hand[s->leader];
    int best = -1, side = !c->maxside[s->leader];
    if (c->p.policy && c->maxside[c->p.actor] == side) return -1;
    for (int k = 1; k < c->n; k++) {
        int seat = seat_after(c, s->leader, k);
        if (c->maxside[seat] != side) continue;
        uint32_t h = s->hand[seat], tops = 0;
        int covers = 1;
        for (int suit = 0; suit < 4 && covers; suit++) {
            if (!(leads & LANE(suit))) continue;
            uint32_t mine = h & LANE(suit), theirs = all & ~h & LANE(suit);
            covers = mine && top_bit(mine) > top_bit(theirs);
            if (covers) tops |= 1u << top_bit(mine);
        }
        if (!covers) continue;
        int least = pts;
        for (uint32_t t = tops; t && least > best && least >= need; t &= t - 1) {
            uint32_t rest = h & ~(t & -t);
            cash_plan plan;
            cash(c, seat, rest & ~c->p.announced, &plan);
            int units = plan.tricks == popcount(rest) ? pts
                                                       : popcount(t & -t & c->p.sharp) + plan.units +
                                                             forced_points(c, side, plan.tricks);
            if (units < least) least = units;
        }
        if (least > best && least >= need) best = least;
    }
    return best;
}

/* What the marriages may still add to the value (MR_MARR_DIFF: the other side's lower it):
 * the trick points' bounds are widened by these. */
static void marriage_slack(const mr_ctx *c, int *down, int *up) {
    const state *s = &c->s;
    int best = s->best;
    *down = *up = 0;
    for (int seat = 0; seat < c->n; seat++)
        for (int suit = 0; suit < 4; suit++) {
            uint32_t pair = (3u << MR_BIT_OVER) << (8 * suit);
            if ((s->hand[seat] & pair) != pair) continue;
            int v = suit == c->p.trump ? 4 : 2;
            if (c->p.marriage == MR_MARR_DIFF) {
                if (c->maxside[seat]) *up += v / 2; else *down += v / 2;
            } else if (c->maxside[seat] && v > best) {
                best = v;
            }
        }
    if (c->p.marriage == MR_MARR_BEST) *up += best - s->best;
}

/* Bounds on the value of the rest of the play that need no search, cheap enough for every
 * lead node. A target above BOUND_INF asks for both as tight
 * as they come; otherwise the top trumps' are skipped where the leader's sure points
 * already settle the target (the other order costs more nodes: the search's fail-soft
 * values, and so the table's bounds, come out weaker). */
static void bounds(const mr_ctx *c, int target, int *lb, int *ub) {
    const state *s = &c->s;
    /* The quick bounds assume each side plays its best: under a policy (the actor's fixed
     * plan), only the other side's guarantees and those that hold whatever is played. */
    int max_plays_best = !c->p.policy || !c->maxside[c->p.actor];
    int min_plays_best = !c->p.policy || c->maxside[c->p.actor];
    /* In their place, the proofs of the actor's own plan (policy_cash), he to lead. */
    int plan_leads = c->p.policy && c->maxside[c->p.actor] && s->leader == c->p.actor;
    if (c->p.goal != MR_GOAL_POINTS) {
        *lb = 0;
        *ub = 1;
#ifndef MR_NO_QUICK_BOUNDS
        if (s->ntrick == 0) {
            if (min_plays_best && goal_lost(c)) *ub = 0;
            else if (max_plays_best ? goal_won(c) : c->p.policy && policy_goal_won(c)) *lb = 1;
        }
#endif
        return;
    }
    uint32_t all = held(c);
    int pts = popcount(all & c->p.sharp) + 1;
    pts += popcount(s->played & c->p.sharp);
    int lo = 0, hi = pts, down = 0, up = 0;
    if (c->p.marriage != MR_MARR_NONE && c->p.trump >= 0) marriage_slack(c, &down, &up);
#ifndef MR_NO_QUICK_BOUNDS
    if (s->ntrick == 0) {
        if (plan_leads && c->p.policy == MR_POLICY_CASHING) {
            policy_plan plan;
            policy_cash(c, pts, &plan);
            lo = plan.units;
            if (lo >= target && c->p.marriage != MR_MARR_DIFF) {
                /* Settled: the search returns here (no later bound lowers lo but the other
                 * side's marriages, MR_MARR_DIFF), and most of a plan's nodes are such. */
                *lb = lo;
                *ub = BOUND_INF;
                return;
            }
        } else if (!c->p.policy || c->maxside[s->leader] != c->maxside[c->p.actor]) {
            int sure = sure_points(c, s->leader, pts); /* the leader's side plays its best */
            if (c->maxside[s->leader]) lo = sure; else hi = pts - sure;
            if (c->p.policy == MR_POLICY_CASHING && c->maxside[c->p.actor] && c->p.trump >= 0) {
                int plan = policy_last_trump(c);
                if (plan > lo) lo = plan;
            }
        }
        int settled = target <= BOUND_INF && (target <= lo - down || target > hi + up);
        if (!settled) {
            if (all & c->trump_mask) {
                trump_bounds(c, pts, &lo, &hi);
            } else {
                /* The other side's sure points, asked for only where they settle the target. */
                int side = !c->maxside[s->leader], need = target > BOUND_INF ? 0 : side ? target : pts - target + 1;
                int seat = masters_take_all(c), sure = seat >= 0 ? pts : masters_of_the_leads(c, pts, need);
                if (seat >= 0) side = c->maxside[seat];
                if (side && sure > lo) lo = sure;
                else if (!side && sure >= 0 && pts - sure < hi) hi = pts - sure;
            }
        }
    }
#endif
    *lb = lo - down;
    *ub = hi + up;
}

/* ---- transposition table ------------------------------------------------ */

static inline int extra_state(const mr_ctx *c) { return c->p.marriage == MR_MARR_BEST ? c->s.best / 2 : 0; }

/* Where pext is missing or slow: a lane at a time, [lane of all][lane of x] giving x's bits
 * packed to all's places (a bit at a time had taken a sixth of a plan's search). Filled
 * once, when the library is loaded, before any thread can read it. */
static uint8_t squeeze_lane[256][256];

__attribute__((constructor)) static void squeeze_lane_init(void) {
    for (int all = 0; all < 256; all++)
        for (int x = 0; x < 256; x++) {
            int packed = 0, place = 0;
            for (int b = 0; b < 8; b++)
                if (all >> b & 1) packed |= (x >> b & 1) << place++;
            squeeze_lane[all][x] = (uint8_t)packed;
        }
}

static inline uint32_t squeeze_lanes(uint32_t x, uint32_t all) {
    uint32_t packed = 0;
    int shift = 0;
    for (int lane = 0; lane < 32; lane += 8) {
        uint32_t a = all >> lane & 0xFF;
        packed |= (uint32_t)squeeze_lane[a][x >> lane & 0xFF] << shift;
        shift += popcount(a);
    }
    return packed;
}

static inline uint16_t suit_counts(uint32_t all) {
    return (uint16_t)(popcount(all & 0xFF) | popcount(all & 0xFF00) << 4 | popcount(all & 0xFF0000) << 8 |
                      popcount(all & 0xFF000000) << 12);
}

/* The key squeezes each set to the places of the cards still held: positions that
 * differ only in which cards are gone share it. One body, two squeezes. */
#ifdef MR_NO_SQUEEZE
#define KEY_BODY(SQUEEZE)  /* the exact cards of the hands */ \
    (void)all;                                                   \
    k->h[0] = s->hand[0];                                        \
    k->h[1] = s->hand[1];                                        \
    k->cls = s->hand[2] | (uint64_t)s->hand[3] << 32;
#else
/* Three seats: the hands of seats 0 and 1. Four: each card's seat as two bit planes
 * (seats 1 and 3, seats 2 and 3), so that 2 words still say who holds what; two seats
 * take the same branch (the hand of seat 1, then an empty word). */
#define KEY_BODY(SQUEEZE)                                                                      \
    if (c->n == 3) {                                                                           \
        k->h[0] = SQUEEZE(s->hand[0], all);                                                    \
        k->h[1] = SQUEEZE(s->hand[1], all);                                                    \
    } else {                                                                                   \
        k->h[0] = SQUEEZE(s->hand[1] | s->hand[3], all);                                       \
        k->h[1] = SQUEEZE(s->hand[2] | s->hand[3], all);                                       \
    }                                                                                          \
    k->cls = SQUEEZE(c->class_bits[0], all) | (uint64_t)SQUEEZE(c->class_bits[1], all) << 32;
#endif

static void make_key_lanes(const mr_ctx *c, tt_key *k) {
    const state *s = &c->s;
    uint32_t all = held(c);
    KEY_BODY(squeeze_lanes)
    k->counts = suit_counts(all);
}

#ifdef HAVE_PEXT_BUILD
__attribute__((target("bmi2"))) static void make_key_pext(const mr_ctx *c, tt_key *k) {
    const state *s = &c->s;
    uint32_t all = held(c);
    KEY_BODY(_pext_u32)
    k->counts = suit_counts(all);
}
#endif

/* pext where the processor has it and does it in hardware (AMD's family 17h,
 * Zen 1 and 2, runs it in microcode, slower than the loop). */
static int pext_is_fast(void) {
#ifdef HAVE_PEXT_BUILD
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam17h");
#else
    return 0;
#endif
}

static void make_key(const mr_ctx *c, tt_key *k) {
#ifdef HAVE_PEXT_BUILD
    if (c->use_pext)
        make_key_pext(c, k);
    else
#endif
        make_key_lanes(c, k);
    k->meta = (uint8_t)(c->s.leader | extra_state(c) << 2 | c->gen << 4);
    k->epoch = c->epoch[c->gen];
    k->mine = c->p.policy ? c->s.hand[c->p.actor] : 0;
}

static inline int cards_held(uint16_t counts) {
    return (counts & 15) + (counts >> 4 & 15) + (counts >> 8 & 15) + (counts >> 12);
}

static inline uint32_t key_hash(const tt_key *k) {
    uint64_t x = (uint64_t)k->h[0] * 0x9E3779B97F4A7C15ull;
    x ^= (uint64_t)k->h[1] * 0xC2B2AE3D27D4EB4Full;
    x ^= ((uint64_t)k->counts << 8 | k->meta) * 0x165667B19E3779F9ull;
    x ^= (k->cls + 1) * 0x27D4EB2F165667C5ull;
    x ^= (uint64_t)k->mine * 0x94D049BB133111EBull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return (uint32_t)x;
}

static inline uint32_t tt_index(const mr_ctx *c, const tt_key *k) { return (key_hash(k) & c->tt_mask) * 2; }

static inline int tt_matches(const tt_entry *e, const tt_key *k) {
    return e->meta == k->meta && e->epoch == k->epoch && e->counts == k->counts && e->h[0] == k->h[0] &&
           e->h[1] == k->h[1] && e->cls == k->cls && e->mine == k->mine;
}

/* An entry is live when its slot holds a game and it was stored in the slot's current epoch. */
static inline int tt_live(const mr_ctx *c, const tt_entry *e) {
    int slot = e->meta >> 4;
    return slot && e->epoch == c->epoch[slot];
}

/* A card to and from its squeezed form: its place among its suit's cards held. */
static int squeeze_card(const mr_ctx *c, int card) {
    uint32_t all = held(c);
    return (card & ~7) + popcount(all & LANE(card >> 3) & ((1u << card) - 1));
}

static int unsqueeze_card(const mr_ctx *c, int code) {
    uint32_t lane = held(c) & LANE(code >> 3);
    for (int place = code & 7; place > 0 && lane; place--) lane &= lane - 1;
    return lane ? __builtin_ctz(lane) : -1;
}

/* The key's bucket, and its entry there (NULL: none). */
static inline tt_entry *tt_bucket(const mr_ctx *c, const tt_key *k) { return &c->tt[tt_index(c, k)]; }

static inline tt_entry *tt_find(tt_entry *b, const tt_key *k) {
    for (int i = 0; i < 2; i++)
        if (tt_matches(&b[i], k)) return &b[i];
    return NULL;
}

/* A bound found by the search, into the key's bucket b (as probed before the search below
 * the node). A new entry starts from the static bounds lb and ub, so that a later probe
 * that finds it need not compute them again. */
static void tt_store(mr_ctx *c, tt_entry *b, const tt_key *k, int bound, int lower, int move, int lb, int ub,
                     uint16_t f, uint16_t fs) {
    (void)f, (void)fs;
    tt_entry *e = tt_find(b, k);
    if (!e) {
        /* An empty entry if there is one, else the shallower one (the deeper
         * one stands for more work). */
        int d0 = tt_live(c, &b[0]) ? cards_held(b[0].counts) : -1;
        int d1 = tt_live(c, &b[1]) ? cards_held(b[1].counts) : -1;
        e = d0 <= d1 ? &b[0] : &b[1];
        e->cls = k->cls;
        memcpy(e->h, k->h, sizeof e->h);
        e->counts = k->counts;
        e->meta = k->meta;
        e->epoch = k->epoch;
        e->mine = k->mine;
        e->lo = (int8_t)lb;
        e->hi = (int8_t)ub;
        PT(e->flo = e->fhi = fs;) /* what the static bounds depend on */
    }
    if (lower) {
        if (bound > e->lo) {
            e->lo = (int8_t)bound;
            PT(e->flo = f;)
        }
    } else if (bound < e->hi) {
        e->hi = (int8_t)bound;
        PT(e->fhi = f;)
    }
    e->move = (int8_t)(move >= 0 ? squeeze_card(c, move) : -1);
}

#ifdef MR_PARTITION
/* ---- partition search (research, issue 36; built with -DMR_PARTITION) ---------------------
 *
 * A bound found by the search often holds for every position that differs from this one only
 * in who holds the small cards of a suit: the plain cards (no points, not announced, not a
 * marriage card) at its bottom that never decided anything below. Each search function leaves
 * in c->rel the cards its bound depends on, closed upwards within each suit (a card in it
 * puts every higher card in it): the small cards are those held and not in it. The rules
 * (DDS's winning ranks, with Mariáš's must-beat rule):
 *   - a card played onto a winning card of its own suit (following, above it or not; a trump
 *     onto a trump) makes the winning card matter, unless every card of that suit in the
 *     player's hand matters (each is then above every small card: the winning card's rank
 *     among the small cards changes no legal card and no trick; follow_rel);
 *   - a node cut off by one child depends on what that child depends on; a node that tried
 *     every card on the union of theirs, and, where a card stood for a run of equivalent ones
 *     (gen_moves' collapse) that the union splits, on the whole run (collapse_rel);
 *   - the static bounds on each player's top card of each suit (static_rel); an entry of the
 *     exact table, on what it was stored with;
 *   - at a lead, every card that is not plain matters, and a suit's bottom run of one
 *     player's cards never needs to (lead_rel, single_rel).
 * Two positions whose keys agree but for who holds the bottom f cards of each suit (each seat
 * holding as many of them) then have the same bound: the same tricks are won by the same
 * cards, each small card of one corresponding to one of the same seat in the other. Entries
 * that carry such an f go to a second table keyed on the position with every bottom plain
 * card's holder made canonical (each seat's count of them kept); a probe matches an entry when
 * the holders agree above the entry's f. tests/c/partition_check.c checks the rules against a
 * plain minimax. Measured (docs/benchmarks.md, "Engine research, second round"): 4-6 % fewer
 * nodes on the hra, 41 % more instructions: not shipped. */
#ifndef PT_MIN
#define PT_MIN 3 /* cards a hand at which the partition table is probed */
#endif
#ifndef PT_ERASE
#define PT_ERASE 8 /* the most bottom plain cards of a suit whose holders the partition key forgets */
#endif
#ifndef PT_LOG2_EXTRA
#define PT_LOG2_EXTRA 0 /* the partition table's size against the exact table's */
#endif
typedef struct pt_entry {
    uint64_t cls;
    uint32_t h[2];   /* the squeezed hands of seats 0 and 1 */
    uint32_t ch[2];  /* the same with the holders of each suit's bottom plain cards made canonical */
    uint16_t counts;
    uint8_t meta;
    int8_t lo, hi;
    uint16_t epoch;
    uint16_t flo, fhi; /* per suit, the bottom cards whose holders lo (hi) does not depend on */
} pt_entry;

/* Within each lane, every card at or above a card of m. */
static inline uint32_t upclose(uint32_t m) {
    m |= (m << 1) & 0xFEFEFEFEu;
    m |= (m << 2) & 0xFCFCFCFCu;
    m |= (m << 4) & 0xF0F0F0F0u;
    return m;
}

/* The bottom cards held of each suit that rel leaves out, counted (4 bits a suit), and back. */
static inline uint16_t rel_to_f(uint32_t rel, uint32_t all) { return suit_counts(all & ~rel); }

static inline uint32_t f_to_rel(uint16_t f, uint32_t all) {
    uint32_t rel = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t lane = all & LANE(suit);
        for (int k = f >> (4 * suit) & 15; k > 0 && lane; k--) lane &= lane - 1;
        rel |= lane;
    }
    return upclose(rel);
}

/* The squeezed places of the bottom f cards of each suit. */
static inline uint32_t pt_xmask(uint16_t f, uint16_t counts) {
    uint32_t m = 0;
    int off = 0;
    for (int suit = 0; suit < 4; suit++) {
        m |= ((1u << (f >> (4 * suit) & 15)) - 1) << off;
        off += counts >> (4 * suit) & 15;
    }
    return m;
}

/* The key's hands with the holders of each suit's bottom plain cards canonical: seat 0's
 * lowest, then seat 1's, then seat 2's (each seat's count of them kept). */
static inline void pt_canon(const tt_key *k, uint32_t *ch) {
    uint32_t plain = ~((uint32_t)k->cls | (uint32_t)(k->cls >> 32)), h0 = k->h[0], h1 = k->h[1];
    int off = 0;
    for (int suit = 0; suit < 4; suit++) {
        int cnt = k->counts >> (4 * suit) & 15;
        if (!cnt) continue;
        int b = __builtin_ctz(~(plain >> off)); /* the plain cards at the bottom */
        if (b > cnt) b = cnt;
        if (b > PT_ERASE) b = PT_ERASE;
        if (b) {
            uint32_t xm = ((1u << b) - 1) << off;
            int c0 = popcount(h0 & xm), c1 = popcount(h1 & xm);
            h0 = (h0 & ~xm) | ((1u << c0) - 1) << off;
            h1 = (h1 & ~xm) | ((1u << c1) - 1) << (off + c0);
        }
        off += cnt;
    }
    ch[0] = h0;
    ch[1] = h1;
}

static inline pt_entry *pt_bucket(const mr_ctx *c, const tt_key *k, const uint32_t *ch) {
    tt_key kc = *k;
    kc.h[0] = ch[0];
    kc.h[1] = ch[1];
    return &c->pt[(key_hash(&kc) & c->pt_mask) * 2];
}

static inline int pt_matches(const pt_entry *e, const tt_key *k, const uint32_t *ch) {
    return e->meta == k->meta && e->epoch == k->epoch && e->counts == k->counts && e->ch[0] == ch[0] &&
           e->ch[1] == ch[1] && e->cls == k->cls;
}

/* An entry of bucket b that decides target for key k: its bound (c->rel set), or BOUND_INF + 1. */
static int pt_probe(mr_ctx *c, const pt_entry *b, const tt_key *k, const uint32_t *ch, int target) {
    c->pt_probes++;
    for (int i = 0; i < 2; i++) {
        const pt_entry *e = &b[i];
        if (!pt_matches(e, k, ch)) continue;
        uint32_t diff = (e->h[0] ^ k->h[0]) | (e->h[1] ^ k->h[1]);
        if (e->lo >= target && !(diff & ~pt_xmask(e->flo, k->counts))) {
            c->rel = f_to_rel(e->flo, held(c));
            c->pt_hits++;
            return e->lo;
        }
        if (e->hi < target && !(diff & ~pt_xmask(e->fhi, k->counts))) {
            c->rel = f_to_rel(e->fhi, held(c));
            c->pt_hits++;
            return e->hi;
        }
    }
    return BOUND_INF + 1;
}

static void pt_store(pt_entry *b, const tt_key *k, const uint32_t *ch, int bound, int lower, uint16_t f) {
    pt_entry *e = NULL;
    for (int i = 0; i < 2 && !e; i++)
        if (pt_matches(&b[i], k, ch) && b[i].h[0] == k->h[0] && b[i].h[1] == k->h[1]) e = &b[i];
    if (!e) { /* the newer entry first */
        b[1] = b[0];
        e = &b[0];
        e->cls = k->cls;
        e->h[0] = k->h[0];
        e->h[1] = k->h[1];
        e->ch[0] = ch[0];
        e->ch[1] = ch[1];
        e->counts = k->counts;
        e->meta = k->meta;
        e->epoch = k->epoch;
        e->lo = -BOUND_INF;
        e->hi = BOUND_INF;
        e->flo = e->fhi = 0;
    }
    if (lower) {
        if (bound > e->lo) {
            e->lo = (int8_t)bound;
            e->flo = f;
        }
    } else if (bound < e->hi) {
        e->hi = (int8_t)bound;
        e->fhi = f;
    }
}

/* A node that tried every card depends on the union of what its children depend on; where
 * the union takes in a card of a run that gen_moves searched once (by its lowest card m),
 * the other cards of the run, which stand in m's place, need m's rank too. */
static uint32_t collapse_rel(const mr_ctx *c, int p, uint32_t moves, const int8_t *list, int n, uint32_t rel,
                             int at_lead) {
#ifndef MR_NO_COLLAPSE
    const state *s = &c->s;
    uint32_t others = held(c) & ~s->hand[p];
    if (!at_lead) others |= 1u << s->trick[s->win];
    int points_matter = c->p.goal == MR_GOAL_POINTS;
    for (int i = 0; i < n; i++) {
        int m = list[i], prev = m;
        if ((rel >> m) & 1) continue;
        for (uint32_t rest = moves & LANE(m >> 3) & above(m); rest; rest &= rest - 1) {
            int card = __builtin_ctz(rest);
            uint32_t between = above(prev) & ((1u << card) - 1);
            int same = !(others & between) && !((c->special >> card) & 1) && !((c->special >> prev) & 1) &&
                       (!points_matter || ((c->p.sharp >> card) & 1) == ((c->p.sharp >> prev) & 1));
            if (!same) break;
            if ((rel >> card) & 1) {
                rel |= upclose(1u << m);
                break;
            }
            prev = card;
        }
    }
#else
    (void)c, (void)p, (void)moves, (void)list, (void)n, (void)at_lead;
#endif
    return rel;
}

/* Where the bottom cards of a suit are all one player's, every position with as many of them in
 * each hand has them in the same hands: whatever a bound depends on, it holds there. So within
 * each suit only the cards from the lowest card of another player up need be kept. */
static inline uint32_t single_rel(const mr_ctx *c) {
    uint32_t all = held(c), rel = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t lane = all & LANE(suit);
        if (!lane) continue;
        int low = __builtin_ctz(lane), owner = 0;
        while (!((c->s.hand[owner] >> low) & 1)) owner++;
        uint32_t others = lane & ~c->s.hand[owner];
        if (others) rel |= others & -others;
    }
    return upclose(rel);
}

/* The cards a bound at a lead depends on: rel, the cards that are not plain, less the bottom
 * run of one player's cards of each suit (single_rel). Both sets are closed upwards within each
 * lane: their intersection takes the higher floor. */
static inline uint32_t lead_rel(const mr_ctx *c, uint32_t rel) {
    return (rel | upclose(held(c) & c->nonplain)) & single_rel(c);
}

/* What the static bounds (bounds(), at a trick start) depend on: each player's suit lengths,
 * the classes of the cards, and comparisons of cards with a player's top card of a suit (the
 * cashing plan's runs, the top trumps, the masters). So each player's top card of each suit
 * matters, and every card above it; the cards that are not plain too. Betl's sure win compares
 * with the others' lowest cards: there, every card. */
static inline uint32_t static_rel(const mr_ctx *c) {
    if (c->p.goal == MR_GOAL_BETL) return single_rel(c);
    uint32_t tops = held(c) & c->nonplain;
    for (int seat = 0; seat < c->n; seat++)
        for (int suit = 0; suit < 4; suit++) {
            uint32_t lane = c->s.hand[seat] & LANE(suit);
            if (lane) tops |= 1u << top_bit(lane);
        }
    return upclose(tops) & single_rel(c);
}

/* At a follow node, before its card: the player's cards of the winning card's suit when he must
 * play onto it (0 when not). */
static inline uint32_t follow_suit(const mr_ctx *c, int p, uint32_t moves) {
    int w = c->s.trick[c->s.win];
    return moves & LANE(w >> 3) ? c->s.hand[p] & LANE(w >> 3) : 0;
}

/* ... and after it: where one of them is a small card (not in rel, what the node's bound depends
 * on otherwise), the winning card w matters (which of them are above it decides the legal
 * cards and the trick); where all of them matter, each is above every small card, w's rank
 * among the small cards changes nothing. */
static inline uint32_t follow_rel(uint32_t rel, uint32_t mine, int w) {
    return mine & ~rel ? rel | upclose(1u << w) : rel;
}

/* The same for a trick of forced cards: event i, card[i] played onto the winning card win[i] of
 * its suit; to the least rel in which each event has its card or its winning card. */
static inline uint32_t forced_trick_rel(const int8_t *win, const int8_t *card, int n) {
    uint32_t rel = 0, before;
    do {
        before = rel;
        for (int i = 0; i < n; i++)
            if (!((rel >> card[i]) & 1)) rel |= upclose(1u << win[i]);
    } while (rel != before);
    return rel;
}
#endif

/* ---- move generation ---------------------------------------------------- */

/* Legal cards with equivalent ones collapsed (same hand, no other remaining
 * card between them, same points, nothing special about either), ordered by a
 * cheap guess of their merit, the table's move first, then the killers (-1: none);
 * at a lead, the history breaks ties and outweighs small differences of merit.
 * at_lead says which (s->ntrick == 0): a constant at the search's calls, so that
 * each inlined copy keeps only its own scoring. out has room for 10 cards. */
#ifndef PARTNER_LEAD
#define PARTNER_LEAD 65
#endif
#define HISTORY_WEIGHT 300 /* a point of merit against the history (measured: 100 to 1000 all do) */
HOT int gen_moves(const mr_ctx *c, int p, uint32_t moves, int8_t *out, int first, int killer, int killer2,
                  int at_lead) {
    const state *s = &c->s;
    uint32_t others = held(c) & ~s->hand[p];
    int points_matter = c->p.goal == MR_GOAL_POINTS;
    int win = -1, friend_wins = 0;
    if (!at_lead) {
        int w = s->win;
        win = s->trick[w];
        friend_wins = c->maxside[seat_after(c, s->leader, w)] == c->maxside[p];
        /* Of the trick's cards only the winning one can tell two of ours apart: the others
         * are beaten, and gone after the trick (and what a later player must play depends
         * only on cards above his, none of which lies between two equivalent ones). */
        others |= 1u << win;
    }
    int betl_actor = c->p.goal == MR_GOAL_BETL && p == c->p.actor;
    /* At a lead: the suits whose top card (among the other players') a partner holds. */
    uint32_t partner_tops = 0;
    if (at_lead && points_matter) {
        uint32_t partners = 0;
        for (int seat = 0; seat < c->n; seat++)
            if (seat != p && c->maxside[seat] == c->maxside[p]) partners |= s->hand[seat];
        for (uint32_t rest = partners; rest;) { /* the suits a partner holds */
            int suit = __builtin_ctz(rest) >> 3;
            rest &= ~LANE(suit);
            if (partners & (1u << top_bit(others & LANE(suit)))) partner_tops |= LANE(suit);
        }
    }
    /* Read once: the stores to the list below could otherwise alias them (int8_t is a char). */
    uint32_t special = c->special, sharps = c->p.sharp;
    const uint32_t *history = c->history[p];
    int closes = s->ntrick == c->n - 1; /* the trick's last card */
    int n = 0, score[10];
    int8_t list[10];
    for (uint32_t rest = moves; rest;) {
        int suit = __builtin_ctz(rest) >> 3, prev = -1;
        uint32_t lane = rest & LANE(suit);
        rest &= ~LANE(suit);
        while (lane) {
            int card = __builtin_ctz(lane);
            lane &= lane - 1;
#ifndef MR_NO_COLLAPSE
            if (prev >= 0) {
                uint32_t between = above(prev) & ((1u << card) - 1);
                int same = !(others & between) && !((special >> card) & 1) && !((special >> prev) & 1) &&
                           (!points_matter || ((sharps >> card) & 1) == ((sharps >> prev) & 1));
                prev = card;
                if (same) continue;
            }
#endif
            prev = card;
            int rank = card & 7, sharp = (sharps >> card) & 1, sc;
            if (at_lead) {
                int top = !(others & LANE(suit) & above(card));
                sc = top ? 60 + 5 * sharp : 20 - rank - 10 * sharp;
                /* Low to a partner's top card of the suit: his trick, with our points on it. */
                if (!top && points_matter && (partner_tops & LANE(suit))) sc = PARTNER_LEAD - rank + 10 * sharp;
                if (betl_actor) sc = 30 - rank;
            } else {
                int wins = beats(c, card, win);
                if (betl_actor) sc = wins ? 10 - rank : 40 + rank;
                else if (wins) sc = 50 + (closes ? 20 : 0) + 15 * sharp - rank;
                else if (friend_wins) sc = 40 + 20 * sharp - rank;
                else sc = 30 - rank - 20 * sharp;
            }
            if (card == killer) sc += 100;
            else if (card == killer2) sc += 50;
            if (at_lead) sc = sc * HISTORY_WEIGHT + (int)history[card];
            if (card == first) sc = 1 << 30;
            /* insertion sort, best first */
            int j = n++;
            while (j > 0 && score[j - 1] < sc) {
                score[j] = score[j - 1];
                list[j] = list[j - 1];
                j--;
            }
            score[j] = sc;
            list[j] = (int8_t)card;
        }
    }
    memcpy(out, list, sizeof list); /* a constant size: two moves, not a call (the tail is never read) */
    return n;
}

/* ---- the search ----------------------------------------------------------- */

/* The last trick, at its start: every card is forced. */
static int last_trick(mr_ctx *c) {
    state *s = &c->s;
    if (c->p.goal == MR_GOAL_POINTS) { /* its winner takes every point left (no marriage: one card a hand) */
        int winner = s->leader, win = __builtin_ctz(s->hand[winner]);
        PT(int8_t ev_win[4], ev_card[4]; int nev = 0;)
        for (int k = 1; k < c->n; k++) {
            int seat = seat_after(c, s->leader, k), card = __builtin_ctz(s->hand[seat]);
            PT(if ((card >> 3) == (win >> 3)) { ev_win[nev] = (int8_t)win; ev_card[nev++] = (int8_t)card; })
            if (beats(c, card, win)) {
                win = card;
                winner = seat;
            }
        }
        PT(c->rel = forced_trick_rel(ev_win, ev_card, nev);)
        return c->maxside[winner] ? popcount(s->all & c->p.sharp) + 1 : 0;
    }
    state saved = *s;
    int total = 0;
    PT(int8_t ev_win[4], ev_card[4]; int nev = 0;)
    for (int k = 0; k < c->n && total != FAIL; k++) {
        int card = __builtin_ctz(s->hand[seat_after(c, s->leader, s->ntrick)]);
        PT(if (k && (card >> 3) == (s->trick[s->win] >> 3)) {
            ev_win[nev] = s->trick[s->win];
            ev_card[nev++] = (int8_t)card;
        })
        int gain = play(c, card);
        total = gain == FAIL ? FAIL : total + gain;
    }
    *s = saved;
    PT(c->rel = forced_trick_rel(ev_win, ev_card, nev);)
    return total == FAIL ? 0 : total + terminal_value(c);
}

/* The last two tricks, from the start of the first: a plain fail-soft search of
 * at most 2^seats lines, with no bounds, table or move ordering (at two cards a
 * hand, each costs more than it saves). Its inner positions are not counted as nodes. */
static int last_two(mr_ctx *c, int target) {
    state *s = &c->s;
    if (s->ntrick == 0 && !(s->hand[s->leader] & (s->hand[s->leader] - 1))) return last_trick(c);
    int p = seat_after(c, s->leader, s->ntrick), maxnode = c->maxside[p];
    int best = maxnode ? -BOUND_INF : BOUND_INF;
    state saved = *s;
    uint32_t legal_here = choices(c, s, p);
    PT(uint32_t rel = 0, mine = s->ntrick ? follow_suit(c, p, legal_here) : 0; int w = s->trick[s->win];)
    for (uint32_t moves = legal_here; moves; moves &= moves - 1) {
        int gain = play(c, __builtin_ctz(moves));
        int v = gain == FAIL ? 0 : gain + last_two(c, target - gain);
        PT(uint32_t r = gain == FAIL ? 0 : c->rel;)
        *s = saved;
        if (maxnode ? v > best : v < best) best = v;
        if ((v >= target) == maxnode) {
            PT(rel = r;)
            break;
        }
        PT(rel |= r;)
    }
    PT(c->rel = follow_rel(rel, mine, w);)
    return best;
}

/* Null-window search, fail-soft: the result v answers "can the maximising
 * side reach target?" (v >= target) and is also a bound: the value of the
 * state is >= v when v >= target, and <= v otherwise. Two functions: a lead
 * (the table, the bounds, killers) and a card within a trick (none of them),
 * each the smaller for it. The caller restores the state after either. */
/* (ab_lead) in parentheses: tests/c/partition_check.c wraps every call of it in a check by
 * defining ab_lead as a macro, which the parentheses keep off the function's own name. */
static int(ab_lead)(mr_ctx *c, int target);
static int ab_follow(mr_ctx *c, int target);

static inline int ab(mr_ctx *c, int target) { return c->s.ntrick ? ab_follow(c, target) : ab_lead(c, target); }

static inline int stopped(mr_ctx *c) { return !(++c->nodes & 0xFFFF) && c->stop && *c->stop; }

static int ab_follow(mr_ctx *c, int target) {
    state *s = &c->s;
    if (stopped(c)) longjmp(c->abort, 1);
    int p = seat_after(c, s->leader, s->ntrick);
    uint32_t legal_here = choices(c, s, p);
    PT(uint32_t mine = follow_suit(c, p, legal_here); int w = s->trick[s->win];)
    if (!(legal_here & (legal_here - 1))) { /* one card (a follow forced, or the actor's plan) */
        int gain = play(c, __builtin_ctz(legal_here));
#ifdef MR_PARTITION
        c->rel = 0;
        int v = gain == FAIL ? 0 : gain + ab(c, target - gain);
        c->rel = follow_rel(c->rel, mine, w);
        return v;
#else
        return gain == FAIL ? 0 : gain + ab(c, target - gain);
#endif
    }
    int8_t moves[10];
    int n = gen_moves(c, p, legal_here, moves, -1, -1, -1, 0);
    int maxnode = c->maxside[p], best = maxnode ? -BOUND_INF : BOUND_INF;
    PT(uint32_t rel = 0; int cut = 0;)
    state saved = *s;
    for (int i = 0; i < n; i++) {
        int gain = play(c, moves[i]);
        int v = gain == FAIL ? 0 : gain + ab(c, target - gain);
        PT(uint32_t r = gain == FAIL ? 0 : c->rel;)
        *s = saved;
        if (maxnode ? v > best : v < best) best = v;
        if ((v >= target) == maxnode) {
            PT(rel = r; cut = 1;)
            break;
        }
        PT(rel |= r;)
    }
    PT(c->rel = follow_rel(cut ? rel : collapse_rel(c, p, legal_here, moves, n, rel, 0), mine, w);)
    return best;
}

static int(ab_lead)(mr_ctx *c, int target) {
    state *s = &c->s;
    if (stopped(c)) longjmp(c->abort, 1);
    int p = s->leader, first = -1;
    int lb, ub;

    /* Step 1. End of play, or its last trick: every card is forced. */
    if (s->hand[p] == 0) {
        PT(c->rel = 0;)
        return terminal_value(c);
    }
    if (!(s->hand[p] & (s->hand[p] - 1))) return last_trick(c);
    /* Step 2. The table, first: where it decides the node, the bounds below (a tenth of
     * the core's instructions) are not needed. Its entries hold the static bounds too. */
    tt_key key;
    make_key(c, &key);
    tt_entry *bucket = tt_bucket(c, &key), *e = tt_find(bucket, &key);
#ifdef MR_PARTITION
    if (e && e->lo >= target) {
        c->rel = f_to_rel(e->flo, held(c)) & single_rel(c);
        return e->lo;
    }
    if (e && e->hi < target) {
        c->rel = f_to_rel(e->fhi, held(c)) & single_rel(c);
        return e->hi;
    }
    /* The partition table: an entry of a position that differs only in small cards' holders. */
    uint32_t ch[2];
    uint16_t fs = 0; /* what the static bounds lb and ub depend on, as f */
    pt_entry *pb = NULL;
    if (c->pt_on && popcount(s->hand[p]) >= PT_MIN) {
        pt_canon(&key, ch);
        pb = pt_bucket(c, &key, ch);
        int v = pt_probe(c, pb, &key, ch, target);
        if (v <= BOUND_INF) return v;
    }
#endif
    if (e) {
        if (e->lo >= target) return e->lo;
        if (e->hi < target) return e->hi;
        lb = e->lo;
        ub = e->hi;
        first = e->move >= 0 ? unsqueeze_card(c, e->move) : -1;
    } else if (popcount(s->hand[p]) == 2) { /* played out below: the bounds cost more than they cut */
        lb = -BOUND_INF;
        ub = BOUND_INF;
    } else {
        /* Step 3. Bounds that need no search. */
        bounds(c, target, &lb, &ub);
        PT(c->rel = static_rel(c); fs = rel_to_f(c->rel, held(c));)
        if (target <= lb) return lb;
        if (target > ub) return ub;
    }
    /* The last two tricks: played out. */
    if (popcount(s->hand[p]) == 2) {
        int v = last_two(c, target);
#ifdef MR_PARTITION
        c->rel = lead_rel(c, c->rel);
        uint16_t f = rel_to_f(c->rel, held(c));
        if (pb && f) pt_store(pb, &key, ch, v, v >= target, f);
        tt_store(c, bucket, &key, v, v >= target, -1, lb, ub, f, fs);
#else
        tt_store(c, bucket, &key, v, v >= target, -1, lb, ub, 0, 0);
#endif
        return v;
    }

    /* Step 4. Try the cards, best guess first, until one decides the node. */
    int8_t moves[10];
    /* The killers: the leads that last decided a sibling (a position with as many cards
     * held, the same seat on lead) are often the ones here too. Leads only: within a
     * trick the static order does better (killers there: +15 % nodes). */
    int depth = popcount(held(c));
    uint32_t legal_here = choices(c, s, p);
    int n;
    if (!(legal_here & (legal_here - 1))) { /* one card: the actor's plan */
        moves[0] = (int8_t)__builtin_ctz(legal_here);
        n = 1;
    } else {
        n = gen_moves(c, p, legal_here, moves, first, c->killer[depth][p], c->killer2[depth][p], 1);
    }
    int maxnode = c->maxside[p], best = maxnode ? -BOUND_INF : BOUND_INF, best_move = moves[0];
    PT(uint32_t rel = 0; int cut = 0;)
    state saved = *s;
    for (int i = 0; i < n; i++) {
        int gain = play(c, moves[i]);
        int v = gain == FAIL ? 0 : gain + ab_follow(c, target - gain);
        PT(uint32_t r = gain == FAIL ? 0 : c->rel;)
        *s = saved;
        if (maxnode ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if ((v >= target) == maxnode) {
            if (c->killer[depth][p] != moves[i]) {
                c->killer2[depth][p] = c->killer[depth][p];
                c->killer[depth][p] = moves[i];
            }
            if ((c->history[p][moves[i]] += (uint32_t)(depth * depth)) > 1u << 20)
                for (int card = 0; card < 32; card++) c->history[p][card] >>= 1;
            PT(rel = r; cut = 1;)
            break;
        }
        PT(rel |= r;)
    }
    /* A bound is never looser than the static ones. (A clamp only ever weakens the bound the
     * search found: lb < target <= a cut-off's value, and a value below target is below ub.) */
    if (best < lb) best = lb;
    if (best > ub) best = ub;

    /* Step 5. Remember the bound at trick boundaries. */
#ifdef MR_PARTITION
    if (!cut) rel = collapse_rel(c, p, legal_here, moves, n, rel, 1);
    rel = lead_rel(c, rel);
    c->rel = rel;
    uint16_t f = rel_to_f(rel, held(c));
    if (pb && f) pt_store(pb, &key, ch, best, best >= target, f);
    tt_store(c, bucket, &key, best, best >= target, best_move, lb, ub, f, fs);
#else
    tt_store(c, bucket, &key, best, best >= target, best_move, lb, ub, 0, 0);
#endif
    return best;
}

/* Exact value of the current state: MTD(f), null-window searches that close
 * in on the value from a first guess. The guess is a quarter of the way up from
 * the static lower bound: values lie nearer it than the upper one (on random
 * deals, against the middle: nodes -4 %, the median -10 to -17 %). */
static int exact(mr_ctx *c) {
    state *s = &c->s;
    if (s->ntrick == 0 && held(c) == 0) return terminal_value(c);
    int lb, ub;
    bounds(c, BOUND_INF + 1, &lb, &ub);
    int guess = (3 * lb + ub) / 4;
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

/* Betl and durch rank the ten between the nine and the under-knave: within a lane,
 * the caller's rank bits 7 8 9 U O K X A become strength bits 7 8 9 X U O K A. */
static const int8_t NOTRUMP_STRENGTH[8] = {0, 1, 2, 4, 5, 6, 3, 7};

/* A table of 2 MiB or more is aligned on, and asks for, huge pages: every probe is a random
 * address, and with 4 KiB pages most of them also missed the address cache (the TLB). With
 * a table of 2^20 entries, the exact hra value's median fell by nearly a tenth. */
void *mr_table_alloc(size_t bytes) {
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    bytes = (bytes + align - 1) / align * align; /* aligned_alloc wants a multiple */
    void *t = aligned_alloc(align, bytes);
    if (!t) return NULL;
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE) (void)madvise(t, bytes, MADV_HUGEPAGE); /* advice: ignored where unsupported */
#endif
    memset(t, 0, bytes);
    return t;
}

int mr_ctx_new(mr_ctx **out, int tt_log2) {
    if (!out || tt_log2 < 4 || tt_log2 > 30) return MR_E_ARG;
    mr_ctx *c = calloc(1, sizeof *c);
    if (!c) return MR_E_NOMEM;
    c->tt_mask = (1u << (tt_log2 - 1)) - 1;
    c->tt = mr_table_alloc(((size_t)1 << tt_log2) * sizeof(tt_entry)); /* buckets on cache lines */
    if (!c->tt) {
        free(c);
        return MR_E_NOMEM;
    }
#ifdef MR_PARTITION
    c->pt_mask = ((c->tt_mask + 1) << PT_LOG2_EXTRA) - 1;
    c->pt = mr_table_alloc(((size_t)1 << (tt_log2 + PT_LOG2_EXTRA)) * sizeof(pt_entry));
    if (!c->pt) {
        free(c->tt);
        free(c);
        return MR_E_NOMEM;
    }
#endif
    for (int lane = 0; lane < 256; lane++)
        for (int r = 0; r < 8; r++)
            if (lane >> r & 1) c->lane_in[lane] |= (uint8_t)(1u << NOTRUMP_STRENGTH[r]);
    for (int lane = 0; lane < 256; lane++) c->lane_out[c->lane_in[lane]] = (uint8_t)lane;
    c->use_pext = pext_is_fast();
    *out = c; /* cleared: the context by calloc, the table by mr_table_alloc */
    return MR_OK;
}

void mr_ctx_free(mr_ctx *c) {
    if (!c) return;
    free(c->tt);
    PT(free(c->pt);)
    free(c);
}

void mr_ctx_clear(mr_ctx *c) {
    memset(c->tt, 0, ((size_t)c->tt_mask + 1) * 2 * sizeof(tt_entry));
    PT(memset(c->pt, 0, ((size_t)c->pt_mask + 1) * 2 * sizeof(pt_entry));)
    memset(c->game_used, 0, sizeof c->game_used);
    memset(c->epoch, 0, sizeof c->epoch);
    c->gen = 0;
}

int mr_ctx_use_pext(mr_ctx *c, int on) {
#ifdef HAVE_PEXT_BUILD
    __builtin_cpu_init();
    c->use_pext = on && __builtin_cpu_supports("bmi2");
#else
    (void)on;
    c->use_pext = 0;
#endif
    return c->use_pext;
}

static uint32_t mask_in(const mr_ctx *c, const mr_game *g, uint32_t mask) {
    if (!g->notrump_order) return mask;
    uint32_t out = 0;
    for (int s = 0; s < 4; s++) out |= (uint32_t)c->lane_in[mask >> (8 * s) & 0xFF] << (8 * s);
    return out;
}

static int card_in(const mr_game *g, int card) {
    return g->notrump_order ? (card & ~7) | NOTRUMP_STRENGTH[card & 7] : card;
}

static int card_out(const mr_ctx *c, const mr_game *g, int card) {
    if (!g->notrump_order) return card;
    return (card & ~7) | __builtin_ctz(c->lane_out[1u << (card & 7)]);
}

static int same_game(const mr_game *a, const mr_game *b) {
    if (a->trump != b->trump || a->notrump_order != b->notrump_order || a->actor != b->actor ||
        a->maximiser != b->maximiser || a->goal != b->goal || a->marriage != b->marriage || a->sharp != b->sharp ||
        a->announced != b->announced || a->ngoal != b->ngoal || a->nseats != b->nseats || a->team != b->team ||
        a->free_tricks != b->free_tricks || a->policy != b->policy)
        return 0;
    for (int g = 0; g < a->ngoal; g++)
        if (a->goal_card[g] != b->goal_card[g] || a->goal_when[g] != b->goal_when[g]) return 0;
    return 1;
}

/* The table keeps the bounds of up to 15 games (trump, goal, announced cards,
 * ...) side by side, each entry tagged with its game's slot and the slot's epoch,
 * so that a caller cycling through a deal's contracts, or a claim's
 * redistributions, never loses them. A 16th game takes the least recently used
 * slot and bumps its epoch: the old game's entries are stale at once, with no
 * scan of the table (but once in 65,536 reuses, when the epoch wraps). */
static void select_game(mr_ctx *c, const mr_game *g) {
    int slot = 0;
    if (c->gen && same_game(&c->games[c->gen], g)) slot = c->gen;
    for (int i = 1; i < GAME_SLOTS && !slot; i++)
        if (c->game_used[i] && same_game(&c->games[i], g)) slot = i;
    if (!slot) {
        slot = 1;
        for (int i = 2; i < GAME_SLOTS; i++)
            if (c->game_used[i] < c->game_used[slot]) slot = i;
        if (c->game_used[slot] && ++c->epoch[slot] == 0) {
            size_t n = ((size_t)c->tt_mask + 1) * 2;
            for (size_t i = 0; i < n; i++)
                if ((c->tt[i].meta >> 4) == slot) memset(&c->tt[i], 0, sizeof(tt_entry));
            PT(for (size_t i = 0; i < ((size_t)c->pt_mask + 1) * 2; i++) if ((c->pt[i].meta >> 4) == slot)
                   memset(&c->pt[i], 0, sizeof(pt_entry));)
        }
        c->games[slot] = *g;
    }
    c->game_used[slot] = ++c->clock;
    c->gen = (uint8_t)slot;
}

/* Check a game and a state and make them the search's root. Nothing of an
 * earlier call survives in the context but the table, so a refused load
 * leaves nothing half-done behind. */
static int load(mr_ctx *c, const mr_game *game, const mr_state *st) {
    /* The game as the table knows it: seats spelt out, the actor in his own team. */
    mr_game norm = *game;
    const mr_game *g = &norm;
    if (norm.nseats == 0) norm.nseats = 3;
    if (norm.nseats < 2 || norm.nseats > 4) return MR_E_ARG;
    int n = norm.nseats, seats = (1 << n) - 1;
    if (norm.actor < 0 || norm.actor >= n || (norm.team & ~seats)) return MR_E_ARG;
    norm.team |= 1 << norm.actor;
    if (norm.team == seats) return MR_E_ARG; /* nobody left to play against */
    if (st->ntrick < 0 || st->ntrick > n - 1 || st->leader < 0 || st->leader >= n ||
        g->trump < -1 || g->trump > 3 || g->goal < 0 || g->goal > MR_GOAL_SEVENS || g->marriage < 0 ||
        g->marriage > MR_MARR_BEST || (g->maximiser != 0 && g->maximiser != 1) || g->ngoal < 0 || g->ngoal > 2 ||
        st->best_marriage < 0 || st->best_marriage > 4 || (g->notrump_order != 0 && g->notrump_order != 1))
        return MR_E_ARG;
    if (g->marriage != MR_MARR_NONE && (g->trump < 0 || g->goal != MR_GOAL_POINTS || g->notrump_order))
        return MR_E_ARG;
    if (g->free_tricks < 0 || g->free_tricks > 1 || (g->free_tricks && g->goal != MR_GOAL_DURCH)) return MR_E_ARG;
    if (g->policy < MR_POLICY_NONE || g->policy > MR_POLICY_SIDE_FIRST || (g->policy && (n != 3 || norm.team != 1 << norm.actor)))
        return MR_E_ARG;

    for (int seat = n; seat < 4; seat++)
        if (st->hands[seat]) return MR_E_HANDSIZE;
    uint32_t seen = 0;
    for (int seat = 0; seat < n; seat++) {
        if (seen & st->hands[seat]) return MR_E_OVERLAP;
        seen |= st->hands[seat];
    }
    for (int i = 0; i < st->ntrick; i++) {
        if (st->trick[i] < 0 || st->trick[i] > 31) return MR_E_ARG;
        if (seen & (1u << st->trick[i])) return MR_E_OVERLAP;
        seen |= 1u << st->trick[i];
    }
    /* Those who already played to the trick hold one card fewer. */
    int to_move = (st->leader + st->ntrick) % n, size = popcount(st->hands[to_move]);
    if (size > (n == 2 ? 10 : 32 / n) || (st->ntrick > 0 && size == 0)) return MR_E_HANDSIZE;
    for (int k = 0; k < n; k++) {
        int seat = (st->leader + k) % n;
        if (popcount(st->hands[seat]) != (k < st->ntrick ? size - 1 : size)) return MR_E_HANDSIZE;
    }
    for (int i = 0; i < g->ngoal; i++)
        if (g->goal_card[i] < 0 || g->goal_card[i] > 31 || !((seen >> g->goal_card[i]) & 1) || g->goal_when[i] < 1)
            return MR_E_ARG;

    /* The game in the core's rank order. */
    mr_game p = *g;
    p.sharp = mask_in(c, g, g->sharp);
    p.announced = mask_in(c, g, g->announced);
    for (int i = 0; i < g->ngoal; i++) p.goal_card[i] = (int8_t)card_in(g, g->goal_card[i]);
    select_game(c, g);
    c->p = p;
    c->n = n;
    for (int seat = 0; seat < 4; seat++)
        for (int k = 0; k < 4; k++) c->seat_after[seat][k] = (int8_t)((seat + k) % n);
    c->partnered = g->team != 1 << g->actor;
    c->trump_mask = p.trump >= 0 ? LANE(p.trump) : 0;
    memset(c->team_of, 0, sizeof c->team_of);
    memset(c->maxside, 0, sizeof c->maxside);
    for (int seat = 0; seat < n; seat++) {
        c->team_of[seat] = (g->team >> seat) & 1;
        c->maxside[seat] = c->team_of[seat] == (p.maximiser == 0);
    }
    c->special = p.announced;
    for (int i = 0; i < p.ngoal; i++) c->special |= 1u << p.goal_card[i];
    if (p.marriage != MR_MARR_NONE) c->special |= 0x30303030u; /* kings and over-knaves */
    /* Classes: bit 0 for sharp (when points count) and marriage cards, bit 1 for
     * announced and goal cards and marriage cards. */
    uint32_t sevens = p.announced, marriage = p.marriage != MR_MARR_NONE ? 0x30303030u : 0;
    for (int i = 0; i < p.ngoal; i++) sevens |= 1u << p.goal_card[i];
    uint32_t sharp = p.goal == MR_GOAL_POINTS ? p.sharp & ~sevens & ~marriage : 0;
    c->class_bits[0] = sharp | (marriage & ~sevens);
    c->class_bits[1] = sevens | marriage;
    PT(c->nonplain = c->class_bits[0] | c->class_bits[1];)
    PT(c->pt_on = n == 3 && !p.policy;)

    /* Replay the trick so far: each card must have been legal from its hand. */
    memset(&c->root, 0, sizeof c->root);
    for (int seat = 0; seat < n; seat++) c->root.hand[seat] = mask_in(c, g, st->hands[seat]);
    c->root.leader = (int8_t)st->leader;
    c->root.best = (int8_t)st->best_marriage;
    for (int i = 0; i < st->ntrick; i++) {
        int seat = (st->leader + i) % n;
        c->root.hand[seat] |= 1u << card_in(g, st->trick[i]);
    }
    for (int seat = 0; seat < n; seat++) c->root.all |= c->root.hand[seat];
    c->s = c->root;
    for (int i = 0; i < st->ntrick; i++) {
        int seat = (st->leader + i) % n, card = card_in(g, st->trick[i]);
        if (!((legal(c, &c->s, seat) >> card) & 1)) return MR_E_TRICK;
        (void)play(c, card); /* marriages declared before the position are in the caller's score */
    }
    c->s.best = (int8_t)st->best_marriage;
    c->root = c->s;
    memset(c->killer, -1, sizeof c->killer);
    memset(c->killer2, -1, sizeof c->killer2);
    memset(c->history, 0, sizeof c->history);
    c->nodes = 0;
    return MR_OK;
}

static int at_end(const mr_ctx *c) {
    const uint32_t *h = c->root.hand;
    return c->root.ntrick == 0 && (h[0] | h[1] | h[2] | h[3]) == 0;
}

/* The loaded root's answer: yes/no to target, or the exact value (MR_EXACT). */
static int answer(mr_ctx *c, int target) {
    c->s = c->root;
    int v;
    if (target == MR_EXACT)
        v = at_end(c) ? terminal_value(c) : exact(c);
    else
        v = (at_end(c) ? terminal_value(c) : ab(c, target)) >= target;
    c->s = c->root;
    return v;
}

int mr_search(mr_ctx *c, const mr_game *g, const mr_state *st, int target, int *yes) {
    int code = load(c, g, st);
    if (code) return code;
    c->stop = NULL;
    *yes = answer(c, target);
    return MR_OK;
}

int mr_value(mr_ctx *c, const mr_game *g, const mr_state *st, int *value) {
    int code = load(c, g, st);
    if (code) return code;
    c->stop = NULL;
    *value = answer(c, MR_EXACT);
    return MR_OK;
}

int mr_move_values(mr_ctx *c, const mr_game *g, const mr_state *st, int8_t *cards, int *values, int *n) {
    int code = load(c, g, st);
    if (code) return code;
    c->stop = NULL;
    *n = 0;
    int p = seat_after(c, c->root.leader, c->root.ntrick);
    if (!c->root.hand[p]) return MR_E_TERMINAL;
    for (uint32_t moves = legal(c, &c->root, p); moves; moves &= moves - 1) {
        int card = __builtin_ctz(moves);
        c->s = c->root;
        int gain = play(c, card);
        values[*n] = gain == FAIL ? 0 : gain + exact(c);
        cards[(*n)++] = (int8_t)card_out(c, g, card);
    }
    c->s = c->root;
    return MR_OK;
}

int mr_line(mr_ctx *c, const mr_game *g, const mr_state *st, int value, int8_t *cards, int8_t *gains,
            int8_t *marriages, int *n) {
    int code = load(c, g, st);
    if (code) return code;
    c->stop = NULL;
    *n = 0;
    for (;;) {
        state *s = &c->s;
        int p = seat_after(c, s->leader, s->ntrick);
        if (!s->hand[p]) break;
        int8_t moves[10];
        int m = gen_moves(c, p, legal(c, s, p), moves, -1, -1, -1, s->ntrick == 0), chosen = -1, gain = 0;
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
        cards[*n] = (int8_t)card_out(c, g, chosen);
        marriages[*n] = (int8_t)(gain == FAIL ? 0 : marriage_gain(c, &saved, chosen));
        gains[(*n)++] = (int8_t)(gain == FAIL ? 0 : gain);
        if (gain == FAIL) break; /* the goal is decided: the rest of the play does not matter */
        value -= gain;
    }
    c->s = c->root;
    return MR_OK;
}

int mr_policy_card(mr_ctx *c, const mr_game *g, const mr_state *st, int *card) {
    int code = load(c, g, st);
    if (code) return code;
    int p = seat_after(c, c->root.leader, c->root.ntrick);
    if (!g->policy || p != g->actor || !c->root.hand[p]) return MR_E_ARG;
    *card = card_out(c, g, policy_card(c, &c->root, p));
    return MR_OK;
}

/* One world's answer to one question, unwinding here if the stop flag is raised. */
static int guarded(mr_ctx *c, int target, int16_t *out) {
    if (setjmp(c->abort)) {
        c->s = c->root;
        return MR_E_STOPPED;
    }
    *out = (int16_t)answer(c, target);
    return MR_OK;
}

int mr_batch(mr_ctx *c, const mr_question *qs, int nq, const mr_state *base, const uint32_t *hands,
             const int16_t *targets, int nworlds, int16_t *out, int stop_on_no, volatile const int *stop, int *done) {
    *done = 0;
    if (nq < 1 || nworlds < 0) return MR_E_ARG;
    uint64_t nodes = 0, quick = 0;
    int code = MR_OK;
    mr_state st = *base;
    c->stop = stop;
    for (int w = 0; w < nworlds && code == MR_OK; w++) {
        if (stop && *stop) {
            code = MR_E_STOPPED;
            break;
        }
        for (int seat = 0; seat < 4; seat++) st.hands[seat] = hands[4 * w + seat];
        int no = 0, searched = 0;
        for (int q = 0; q < nq && code == MR_OK; q++) {
            int target = targets ? targets[w * nq + q] : qs[q].target;
            code = load(c, &qs[q].game, &st);
            if (code) break;
            code = guarded(c, target, &out[w * nq + q]);
            nodes += c->nodes;
            searched |= c->nodes > 1;
            no |= target != MR_EXACT && !out[w * nq + q];
        }
        if (code == MR_OK) {
            *done = w + 1;
            quick += !searched;
        }
        if (no && stop_on_no) break;
    }
    c->stop = NULL;
    c->nodes = nodes;
    c->quick = quick;
    return code;
}

uint64_t mr_nodes(const mr_ctx *c) { return c->nodes; }

uint64_t mr_quick(const mr_ctx *c) { return c->quick; }
