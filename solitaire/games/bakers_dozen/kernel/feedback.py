"""The least number of cards that must leave the "direct" order: a minimum
feedback vertex set of the precedence graph of ``bounds.lower_bound``.

Why: ``lower_bound`` charges one extra move per card of a *packing* of
disjoint cycles of u -> v ("u must go home before v, were both direct").
What the argument really proves is more: the cards outside F that move
only home (direct) must carry no cycle of ``->``, so the cards that move
twice include a set meeting every cycle, and the smallest such set (a
minimum feedback vertex set) is what a win must pay at least.  A packing
of k disjoint cycles only shows it is at least k; when cycles overlap the
least hitting set is larger (three cycles pairwise sharing a card but no
card on all three need two).  On the 40 first proved deals of
``results/optimal`` the packing's root bound is 5.4 moves below the
shortest win on average, the feedback set's 4.4.

The graph has at most 52 vertices, so sets are 64-bit masks.  The search
is the textbook branching: strip cards that lie on no cycle (no successor
or no predecessor left), take a short cycle (the shortest through the card
with the fewest successors: a search from every card cost too much), and
try each of its cards in the set; "no set of size k" is proved when a
greedy packing of disjoint cycles already needs more than k.  Each size
from the caller's proved floor up is tried in turn; a work cap ends the
climb early, returning the last size proved impossible plus one (still a
lower bound).  The whole search costs tens of microseconds where
``lower_bound`` costs a few, so A* asks for it only where it can keep a
position out of the level being expanded (``solitaire.search.astar``).
"""
import numpy as np

from solitaire.games.bakers_dozen.kernel.state import C0, CAP, H0, NCOLS
from solitaire.jit.bits import lowest_bit, popcount
from solitaire.jit.compile import kernel

ONE = np.uint64(1)
ZERO = np.uint64(0)


@kernel
def precedence_graph(state, alive, succ, pred):
    """succ[u] / pred[u]: the alive cards v with u -> v / v -> u, where
    u -> v when u lies above v in a column or u is a lower card of v's suit
    (``bounds.lower_bound``'s relation).  Returns the mask of alive cards."""
    for c in range(52):
        succ[c] = ZERO
        pred[c] = ZERO
    every = ZERO
    for k in range(NCOLS):
        below = ZERO
        for i in range(state[H0 + k]):
            c = state[C0 + CAP * k + i]
            if alive[c]:
                succ[c] |= below
                below |= ONE << np.uint64(c)
        every |= below
    for s in range(4):
        higher = ZERO
        for r in range(12, -1, -1):
            c = s * 13 + r
            if alive[c]:
                succ[c] |= higher
                higher |= ONE << np.uint64(c)
    for u in range(52):
        m = succ[u]
        while m != ZERO:
            v = lowest_bit(m)
            m &= m - ONE
            pred[v] |= ONE << np.uint64(u)
    return every


@kernel
def _on_cycles_only(succ, pred, live):
    """``live`` without the cards that lie on no cycle inside it, stripped
    until every card left has a successor and a predecessor left."""
    changed = True
    while changed:
        changed = False
        m = live
        while m != ZERO:
            v = lowest_bit(m)
            m &= m - ONE
            if succ[v] & live == ZERO or pred[v] & live == ZERO:
                live &= ~(ONE << np.uint64(v))
                changed = True
    return live


@kernel
def _cycle_through(succ, live, v, cycle, frontier):
    """A shortest cycle through card v inside ``live``, written to ``cycle``
    (v first); its length, or 0 when v lies on none.  Breadth-first, levels
    in ``frontier``."""
    bit = ONE << np.uint64(v)
    frontier[0] = bit
    seen = bit
    level = 0
    while True:
        nxt = ZERO
        m = frontier[level]
        while m != ZERO:
            x = lowest_bit(m)
            m &= m - ONE
            nxt |= succ[x]
        nxt &= live
        if nxt & bit != ZERO:  # v is reached again: a cycle of level + 1 cards
            want = v
            for j in range(level, 0, -1):  # walk back: a predecessor of want one level nearer v
                m = frontier[j]
                x = 0
                while m != ZERO:
                    x = lowest_bit(m)
                    m &= m - ONE
                    if succ[x] >> np.uint64(want) & ONE != ZERO:
                        break
                cycle[j] = x
                want = x
            cycle[0] = v
            return level + 1
        nxt &= ~seen
        if nxt == ZERO:
            return 0
        seen |= nxt
        level += 1
        frontier[level] = nxt


@kernel
def _some_cycle(succ, pred, live, cycle, frontier):
    """(a short cycle's length, ``live`` without cards found on no cycle):
    the cycle through the card with the fewest successors, preferring short
    branching over the shortest cycle of all (which costs a search from
    every card).  Length 0 when no cycle is left."""
    while True:
        live = _on_cycles_only(succ, pred, live)
        if live == ZERO:
            return 0, live
        best = 0
        fewest = 99
        m = live
        while m != ZERO:
            x = lowest_bit(m)
            m &= m - ONE
            d = popcount(np.int64(succ[x] & live))  # at most 52 bits: fits an int64
            if d < fewest:
                fewest = d
                best = x
        n = _cycle_through(succ, live, best, cycle, frontier)
        if n > 0:
            return n, live
        live &= ~(ONE << np.uint64(best))


@kernel
def _packing(succ, pred, live, cycle, frontier):
    """Disjoint cycles found greedily: a lower bound on the least feedback
    set of ``live``."""
    count = 0
    while True:
        n, live = _some_cycle(succ, pred, live, cycle, frontier)
        if n == 0:
            return count
        for j in range(n):
            live &= ~(ONE << np.uint64(cycle[j]))
        count += 1


@kernel
def _hit_all(succ, pred, live, k, work, cycles, frontier):
    """Whether some k cards of ``live`` meet every cycle in it, or the work
    cap (``work[0]`` steps left) ran out (then True: nothing proved)."""
    n, live = _some_cycle(succ, pred, live, cycles[k], frontier)
    if n == 0:
        return True
    if k == 0:
        return False
    work[0] -= 1
    if work[0] < 0:
        return True
    rest = live  # the packing's first cycle would be this one again: count it and pack the rest
    for j in range(n):
        rest &= ~(ONE << np.uint64(cycles[k, j]))
    if 1 + _packing(succ, pred, rest, cycles[k - 1], frontier) > k:
        return False
    for j in range(n):
        if _hit_all(succ, pred, live & ~(ONE << np.uint64(cycles[k, j])), k - 1, work, cycles, frontier):
            return True
    return False


@kernel(allocates=True)
def least_feedback(state, alive, floor, ceiling, max_work):
    """A lower bound on the least feedback vertex set of the alive cards'
    precedence graph, between ``floor`` (a size already proved needed, as
    by a packing) and ``ceiling`` (no need to prove more): the exact size,
    capped at ``ceiling``, unless ``max_work`` branching steps run out."""
    succ = np.empty(52, np.uint64)
    pred = np.empty(52, np.uint64)
    live = precedence_graph(state, alive, succ, pred)
    frontier = np.empty(53, np.uint64)
    cycles = np.empty((53, 53), np.int64)
    work = np.array([max_work], np.int64)
    k = floor
    while k < ceiling and not _hit_all(succ, pred, live, k, work, cycles, frontier):
        k += 1
    return k
