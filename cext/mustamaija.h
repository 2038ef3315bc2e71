/* Mustamaija's exact solver in C: the graph of the states reachable from a position and,
 * on it, each seat's "can he avoid losing whatever the others do" (an attractor).
 *
 * The rules are those of analyzer/mustamaija/rules.py (the Python reference of this code);
 * which card beats which is passed in (Rules.beaters, one table per trump), so the two can
 * never disagree on it. Cards are bits 0-52 of a uint64_t (52: the joker). A state is
 * the seats' hands, the attack on the table, and a word holding the attacker (-1: the
 * game is over), how many talon cards have been drawn and the trump (-1: none yet, the
 * wedding variant). Knows nothing of Python objects.
 */
#ifndef MUSTAMAIJA_H
#define MUSTAMAIJA_H

#include <stddef.h>
#include <stdint.h>

#define MM_MAX_PLAYERS 6
#define MM_CARDS 53

enum { MM_OK = 0, MM_TIME = 1, MM_STATES = 2, MM_MEMORY = 3 };

typedef struct mm_graph mm_graph;

/* beaters[t + 1][card]: the cards that beat ``card`` when the trump is t (-1 to 3). wedding:
 * while no trump is set, the mover may declare a K+Q he holds (not spades) before his move. */
mm_graph *mm_new(int players, int hand_size, int maria, int wedding, const uint64_t beaters[5][MM_CARDS],
                 const int8_t *talon, int talon_len);
void mm_free(mm_graph *g);

/* Builds the graph from the root (state 0), breadth first; stops with MM_TIME or MM_STATES
 * past either limit (seconds <= 0: none). */
int mm_build(mm_graph *g, const uint64_t *hands, uint64_t table, int attacker, int drawn, int trump,
             size_t max_states, double seconds);

/* Each seat's safe set: loss_rule 0, endless play a draw (safe = outside the others'
 * attractor to "he loses"); 1, he must force an end in which someone else loses. */
int mm_solve(mm_graph *g, int loss_rule);

size_t mm_count(const mm_graph *g);
/* The index of a state, -1 if it is not in the graph. */
int64_t mm_find(const mm_graph *g, const uint64_t *hands, uint64_t table, int attacker, int drawn, int trump);
int mm_safe(const mm_graph *g, int seat, size_t index);
/* A state's fields (hands: players words). */
void mm_state(const mm_graph *g, size_t index, uint64_t *hands, uint64_t *table, int *attacker, int *drawn,
              int *trump);
size_t mm_degree(const mm_graph *g, size_t index);
size_t mm_successor(const mm_graph *g, size_t index, size_t k);

#endif
