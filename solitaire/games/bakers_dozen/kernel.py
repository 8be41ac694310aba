"""Baker's Dozen kernels on the flat state of ``state.py`` (contract: solitaire.search.kernels).

MODE_ALL lists every legal move.  MODE_SOLVE and MODE_OPTIMAL share the same
reductions, each proved safe for *fewest moves* (hence also for
solvability):

1. dead ends (``analysis.is_dead_end``, and under kings=bottom
   ``seats.is_seat_deadlock``): no move at all;
2. a safe foundation move (``analysis.is_safe_to_foundation``) is played
   alone;
3. under kings=bottom, a column's last card never moves to another column
   (``_pointless_lone_move``);
4. under kings=free, a King enters only the leftmost empty column, and a
   lone King never changes columns (positions equal up to column order).
"""
import numpy as np
from numba import njit

from solitaire.games.bakers_dozen import analysis, seats
from solitaire.games.bakers_dozen.state import C0, CAP, F0, H0, MOVE_BASE, NCOLS, R_KINGS_FREE, R_OTHER_SUIT, TO_F
from solitaire.jit.modes import MODE_ALL
from solitaire.jit.ordering import sort_best_first

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLD = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def _top(state, k):
    return state[C0 + CAP * k + state[H0 + k] - 1]


@njit(cache=True)
def _pointless_lone_move(rules):
    """Under kings=bottom, moving a column's only card onto another column.

    Proof that some shortest win never does it: take a win W that moves the
    lone card c from column A onto T.  Drop that move and let c (with whatever
    W builds on it) stay in A until W next moves c; until then the two
    positions differ only in that c's pile sits on A instead of on T, so W's
    moves (which never touch T, covered by c) stay legal; from then on the
    positions are equal (A empty in both, since under kings=bottom nothing
    ever enters an empty column).  The new line is one move shorter.
    """
    return rules[R_KINGS_FREE] == 0


@njit(cache=True)
def _score(state, src, dst, rules):
    """Move ordering only (never pruning): higher is tried first.

    Dig toward the cards the foundations need soonest, and avoid burying
    them: a card's urgency is how far it is from going home (rank minus its
    foundation's rank, 1 = next).
    """
    if dst == TO_F:
        return 100000
    h = state[H0 + src]
    base = C0 + CAP * src
    c = state[base + h - 1]
    urg_src = 14
    depth = 0
    blocker = 0
    for i in range(h - 2, -1, -1):
        x = state[base + i]
        u = x % 13 + 1 - state[F0 + x // 13]
        if u < urg_src:
            urg_src = u
            depth = h - 2 - i
        if x // 13 == c // 13 and x % 13 < c % 13:
            blocker = 1
    urg_dst = 14
    if dst < NCOLS:
        bd = C0 + CAP * dst
        for i in range(state[H0 + dst]):
            x = state[bd + i]
            u = x % 13 + 1 - state[F0 + x // 13]
            if u < urg_dst:
                urg_dst = u
    return 8 * (14 - urg_src) - 4 * depth + 6 * urg_dst + 20 * blocker


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    other = rules[R_OTHER_SUIT] != 0
    free = rules[R_KINGS_FREE] != 0
    reduce = mode != MODE_ALL
    if reduce:
        if analysis.is_dead_end(state, rules) or seats.is_seat_deadlock(state, rules):
            return 0
        for src in range(NCOLS):
            if state[H0 + src] > 0:
                c = _top(state, src)
                if state[F0 + c // 13] == c % 13 and analysis.is_safe_to_foundation(state, c):
                    out[0] = src * MOVE_BASE + TO_F
                    return 1
    first_empty = -1
    for k in range(NCOLS):
        if state[H0 + k] == 0:
            first_empty = k
            break
    n = 0
    for src in range(NCOLS):
        h = state[H0 + src]
        if h == 0:
            continue
        c = _top(state, src)
        s = c // 13
        r = c % 13 + 1
        if state[F0 + s] == r - 1:
            out[n] = src * MOVE_BASE + TO_F
            n += 1
        if reduce and h == 1 and _pointless_lone_move(rules):
            continue
        for dst in range(NCOLS):
            if dst == src:
                continue
            hd = state[H0 + dst]
            if hd == 0:
                if not (free and r == 13):
                    continue
                if reduce and (h == 1 or dst != first_empty):
                    continue  # equal positions up to column order
            else:
                d = _top(state, dst)
                if d % 13 + 1 != r + 1 or (other and d // 13 == s):
                    continue
            out[n] = src * MOVE_BASE + dst
            n += 1
    if reduce and n > 1:
        scores = np.empty(n, np.int64)
        for i in range(n):
            scores[i] = _score(state, out[i] // MOVE_BASE, out[i] % MOVE_BASE, rules)
        sort_best_first(out, scores, n)
    return n


@njit(cache=True)
def apply_move(state, rules, move, child):
    child[:] = state
    src = move // MOVE_BASE
    dst = move % MOVE_BASE
    h = state[H0 + src]
    c = state[C0 + CAP * src + h - 1]
    child[H0 + src] = h - 1
    child[C0 + CAP * src + h - 1] = 0
    if dst == TO_F:
        child[F0 + c // 13] += 1
    else:
        hd = state[H0 + dst]
        child[C0 + CAP * dst + hd] = c
        child[H0 + dst] = hd + 1


@njit(cache=True)
def move_cost(state, rules, move):
    return 1


@njit(cache=True)
def is_won(state, rules):
    total = 0
    for s in range(4):
        total += state[F0 + s]
    return total == 52


@njit(cache=True)
def state_key(state, rules, mode):
    """Sum of per-column hashes: column order folded (the rules treat all
    columns alike, so positions equal up to column order have the same
    future).  Foundations follow from the cards left in the columns."""
    key = np.uint64(0)
    for k in range(NCOLS):
        h = np.uint64(state[H0 + k] + 1) * _GOLD
        base = C0 + CAP * k
        for i in range(state[H0 + k]):
            h = (h ^ np.uint64(state[base + i] + 1)) * _M1
            h ^= h >> np.uint64(29)
        h = (h ^ (h >> np.uint64(31))) * _M2
        h ^= h >> np.uint64(32)
        key += h
    return key


@njit(cache=True)
def lower_bound(state, rules):
    return analysis.lower_bound(state, rules)


@njit(cache=True)
def lower_bound_at_least(state, rules, target, known):
    return analysis.lower_bound_at_least(state, rules, target, known)
