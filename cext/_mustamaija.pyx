# cython: language_level=3
"""analyzer.mustamaija._mustamaija: Mustamaija's state graph and attractor in C (cext/mustamaija.c).

A thin wrapper: a Graph is built from the rules' numbers and a root state, then asked about
states by their fields. analyzer/mustamaija/solver.py turns its answers into a SolveResult.
"""
from libc.stdint cimport int8_t, int64_t, uint64_t


cdef extern from "mustamaija.h":
    ctypedef struct mm_graph:
        pass
    int MM_OK, MM_TIME, MM_STATES, MM_MEMORY
    mm_graph *mm_new(int players, int hand_size, int maria, int wedding, const uint64_t beaters[5][53],
                     const int8_t *talon, int talon_len)
    void mm_free(mm_graph *g)
    int mm_build(mm_graph *g, const uint64_t *hands, uint64_t table, int attacker, int drawn, int trump,
                 size_t max_states, double seconds) nogil
    int mm_solve(mm_graph *g, int loss_rule) nogil
    size_t mm_count(const mm_graph *g)
    int64_t mm_find(const mm_graph *g, const uint64_t *hands, uint64_t table, int attacker, int drawn, int trump)
    int mm_safe(const mm_graph *g, int seat, size_t index)
    size_t mm_degree(const mm_graph *g, size_t index)
    size_t mm_successor(const mm_graph *g, size_t index, size_t k)

OK, TIME, STATES, MEMORY = MM_OK, MM_TIME, MM_STATES, MM_MEMORY


cdef class Graph:
    """The states reachable from one root. ``beaters``: five rows of 53 masks, the cards that
    beat each card when the trump is none, h, d, s, c. ``talon``: the root's talon, top first."""

    cdef mm_graph *g
    cdef int players
    cdef int talon_len
    cdef int solved

    def __cinit__(self, int players, int hand_size, int maria, bint wedding, beaters, talon):
        cdef uint64_t table[5][53]
        cdef int8_t cards[53]
        if len(beaters) != 5 or any(len(row) != 53 for row in beaters):
            raise ValueError("beaters: five rows of 53 masks")
        if len(talon) > 53:
            raise ValueError("a talon of at most 53 cards")
        for t in range(5):
            for c in range(53):
                table[t][c] = beaters[t][c]
        for i, c in enumerate(talon):
            cards[i] = c
        self.players = players
        self.talon_len = len(talon)
        self.solved = 0
        self.g = mm_new(players, hand_size, maria, wedding, table, cards, len(talon))
        if self.g is NULL:
            raise ValueError("bad graph parameters")

    def __dealloc__(self):
        mm_free(self.g)

    def build(self, hands, uint64_t table, int attacker, int drawn, int trump, size_t max_states, double seconds):
        """Builds the graph from the root; OK, TIME, STATES or MEMORY."""
        cdef uint64_t h[6]
        cdef int rc
        if len(hands) != self.players:
            raise ValueError("one hand a seat")
        for i, x in enumerate(hands):
            h[i] = x
        with nogil:
            rc = mm_build(self.g, h, table, attacker, drawn, trump, max_states, seconds)
        self.solved = 0
        return rc

    def solve(self, bint loss_rule):
        """Every seat's safe set; OK or MEMORY."""
        cdef int rc
        with nogil:
            rc = mm_solve(self.g, loss_rule)
        self.solved = rc == MM_OK
        return rc

    @property
    def count(self):
        return mm_count(self.g)

    def find(self, hands, uint64_t table, int attacker, int drawn, int trump):
        """The index of a state, -1 when it is not in the graph."""
        cdef uint64_t h[6]
        for i, x in enumerate(hands):
            h[i] = x
        return mm_find(self.g, h, table, attacker, drawn, trump)

    def safe(self, int seat, size_t index):
        if not self.solved or index >= mm_count(self.g) or not 0 <= seat < self.players:
            raise IndexError("no such state or seat, or not solved")
        return bool(mm_safe(self.g, seat, index))

    def successors(self, size_t index):
        if index >= mm_count(self.g):
            raise IndexError("no such state")
        return [mm_successor(self.g, index, k) for k in range(mm_degree(self.g, index))]
