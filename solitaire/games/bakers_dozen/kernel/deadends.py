"""Dead ends: positions with no win, by the first-move closure.

Every test here is a *proof obligation*: it says what it proves and why,
because a wrong rule silently turns solvable deals into "unsolvable".
``seats.py`` sharpens the closure with the capacity of Kings as seats for
Queens; the relaxed games of ``research/`` build closures of their own on
``seat_in_reach``, ``seat_ahead`` and ``column_to_empty``.
"""
import numpy as np

from solitaire.games.bakers_dozen.kernel.state import C0, CAP, F0, H0, NCOLS, R_KINGS_FREE, R_OTHER_SUIT
from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel

ALL_SUITS = 15  # bit mask of the four suits (``first_moves``' may_park)


@kernel(allocates=True)
def is_dead_end(state, rules):
    """True if some card not yet home can provably never move again (no win).

    Every card must move at least once to reach its foundation.  Consider the
    *first* move of each card in any continuation.  When card x (rank r,
    suit s) first moves:
      * every card now above x in its column has moved before;
      * if it goes to its foundation, every lower card of suit s that is not
        home now has moved before;
      * if it goes onto a card T (rank r+1, a suit the build rule allows), T
        is not home now, T is not below x in x's column (it could not be
        exposed while x is still there), and every card now above T has moved
        before (whether or not T itself moved);
      * if it is a King entering an empty column (kings=free), every card now
        in some other column has moved before.
    So the set of cards that ever move is contained in the least set closed
    under "x may be added when the cards above it are in the set and one of
    the three options holds with cards of the set" (``first_moves``).  A
    card outside that set never moves, so the position cannot be won.
    """
    unmarked, _, _ = first_moves(state, rules, False, ALL_SUITS)
    return unmarked > 0


@kernel(inline="always")
def seat_in_reach(z, k, i, col_of, idx_of, height, done):
    """In a first-move closure: may the card at index i of column k first
    move onto card z?  Only if z is not below it (z could not be on top
    while the card still covers it) and every card now above z is in the
    closure (the top ``done[c]`` cards of column c; ``height``: the
    column heights the closure works on)."""
    kz = col_of[z]
    if kz == k and idx_of[z] < i:
        return False
    return idx_of[z] + 1 >= height[kz] - done[kz]


# ``seat_ahead`` and ``column_to_empty`` are plain njit functions (LLVM
# inlines them): numba's own inlining (inline="always") of these early-return
# loops made ``gen_moves`` twice as slow.
@kernel
def seat_ahead(r, s, k, i, other, home, h0, col_of, idx_of, height, done):
    """In a first-move closure: may the card of rank r and suit s at index i
    of column k first move onto a card T one rank higher?  T of a suit the
    build rule allows (``other``: not s), not home (``home[h0 + t]``: suit
    t's foundation rank), and either out of the columns while not home (it
    moved already and may serve whenever needed; never so in a real
    position, where a card not home lies in a column) or in reach
    (``seat_in_reach``)."""
    for t in range(4):
        if (other and t == s) or home[h0 + t] >= r + 1:
            continue
        tc = t * 13 + r  # the card of rank r+1, suit t
        kc = col_of[tc]
        if kc < 0 or idx_of[tc] >= height[kc] or seat_in_reach(tc, k, i, col_of, idx_of, height, done):
            return True
    return False


@kernel
def column_to_empty(k, height, done):
    """In a first-move closure (kings=free): may a King of column k first
    move into an empty column?  Only if every card of some other column is
    in the closure (the top ``done[c]`` of the ``height[c]`` cards of
    column c)."""
    for k2 in range(NCOLS):
        if k2 != k and done[k2] == height[k2]:
            return True
    return False


@kernel(allocates=True)
def first_moves(state, rules, kings_stay, may_park):
    """The least set of cards closed under the first-move conditions of
    ``is_dead_end``; returns (cards outside it, chain, done) where chain[s] is
    the highest rank r such that every suit-s card up to r is home or in the
    set, and the set holds the top done[k] cards of column k.

    With ``kings_stay`` (the King-seat argument of ``seats.py``, kings=bottom
    only) the set is restricted to moves made before any King goes home and
    before any Queen leaves a King for its foundation: Kings never enter the
    set; a Queen lying directly on a King may only move onto a King; any
    other Queen may go home, and onto a King only if its suit's bit is set
    in ``may_park``.  The closure is computed column by column from the top.
    """
    other = rules[R_OTHER_SUIT] != 0
    free = rules[R_KINGS_FREE] != 0
    col_of = np.full(52, -1, np.int64)
    idx_of = np.zeros(52, np.int64)
    marked = np.zeros(52, np.bool_)
    done = np.zeros(NCOLS, np.int64)  # how many top cards of each column are marked
    height = np.zeros(NCOLS, np.int64)
    chain = np.zeros(4, np.int64)  # suit s: all ranks <= chain[s] are home or marked
    for s in range(4):
        chain[s] = state[F0 + s]
    unmarked = 0
    for k in range(NCOLS):
        h = state[H0 + k]
        height[k] = h
        unmarked += h
        for i in range(h):
            c = state[C0 + CAP * k + i]
            col_of[c] = k
            idx_of[c] = i
    changed = True
    while changed and unmarked > 0:
        changed = False
        for k in range(NCOLS):
            while done[k] < height[k]:
                i = height[k] - 1 - done[k]
                x = state[C0 + CAP * k + i]
                r = rank_of(x)
                s = suit_of(x)
                home_ok = True
                park_ok = r < 13
                if kings_stay and r >= 12:
                    if r == 13:
                        break  # a King goes nowhere but home
                    on_king = i > 0 and rank_of(state[C0 + CAP * k + i - 1]) == 13
                    home_ok = not on_king
                    park_ok = on_king or (may_park >> s) & 1 == 1
                ok = home_ok and chain[s] >= r - 1
                if not ok and park_ok:
                    ok = seat_ahead(r, s, k, i, other, state, F0, col_of, idx_of, height, done)
                if not ok and r == 13 and free:
                    ok = column_to_empty(k, height, done)
                if not ok:
                    break
                marked[x] = True
                done[k] += 1
                unmarked -= 1
                changed = True
                while chain[s] < 13 and marked[s * 13 + chain[s]]:
                    chain[s] += 1
    return unmarked, chain, done
