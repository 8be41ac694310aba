"""Position analysis for the search: safe foundation moves, dead ends, lower bound.

Every test here is a *proof obligation*: each function says what it proves
and why, because a wrong pruning rule silently turns solvable deals into
"unsolvable".  Tests compare verdicts and optimal lengths with and without
each rule.
"""
import numpy as np
from numba import njit

from solver.games.bakers_dozen.state import C0, CAP, F0, H0, NCOLS, R_KINGS_FREE, R_OTHER_SUIT


@njit(cache=True)
def is_safe_to_foundation(state, card):
    """Moving ``card`` (a top card that fits its foundation) there loses nothing.

    Claim: if every suit's foundation holds at least rank(card) - 2, some
    shortest win from here starts with ``card>f``.  Proof: let r = rank(card)
    and W any win.  The only cards that could ever be built on ``card`` are
    cards x of rank r-1; each such x not yet home fits its foundation now and
    stays fitting (its suit is at r-2 and x is not on it), and nothing can
    ever be built on x (every rank r-2 card is home).  Play ``card>f`` first,
    then W with every move of ``card`` dropped, every "x onto card" replaced
    by "x>f", and every later move of such an x dropped.  Each column of the
    new line equals W's minus ``card`` and those x, which only ever sit on top
    (nothing goes on them), so every top card W moves or builds on is a top
    card here, every column W finds empty is empty here, and foundations are
    never behind W's.  So the line is legal, wins, and is no longer than W
    (``card`` moved at least once in W).  Safe for solvability and for
    fewest moves.
    """
    r = card % 13 + 1
    for s in range(4):
        if state[F0 + s] + 2 < r:
            return False
    return True


@njit(cache=True)
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
    the three options holds with cards of the set", computed below by
    marking cards column by column from the top.  A card outside that set
    never moves, so the position cannot be won.
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
                r = x % 13 + 1
                s = x // 13
                ok = chain[s] >= r - 1
                if not ok and r < 13:
                    for t in range(4):
                        if other and t == s:
                            continue
                        if state[F0 + t] >= r + 1:
                            continue  # T is home
                        tc = t * 13 + r  # the card of rank r+1, suit t
                        kc = col_of[tc]
                        if kc == k and idx_of[tc] < i:
                            continue  # T lies below x
                        if idx_of[tc] + 1 >= height[kc] - done[kc]:
                            ok = True
                            break
                if not ok and r == 13 and free:
                    for k2 in range(NCOLS):
                        if k2 != k and done[k2] == height[k2]:
                            ok = True
                            break
                if not ok:
                    break
                marked[x] = True
                done[k] += 1
                unmarked -= 1
                changed = True
                while chain[s] < 13 and marked[s * 13 + chain[s]]:
                    chain[s] += 1
    return unmarked > 0


@njit(cache=True)
def lower_bound(state, rules):
    """Admissible: one move per card not home, plus one for each card that
    lies above a lower card of its own suit in its column.

    Such a card cannot go home before that lower card, which cannot move
    before the card leaves the column; so it must make a column-to-column
    move first: at least two moves.  Every move moves one card, so the sum
    never exceeds the moves left.
    """
    total = 0
    lowest = np.empty(4, np.int64)
    for k in range(NCOLS):
        h = state[H0 + k]
        total += h
        for s in range(4):
            lowest[s] = 14
        for i in range(h):
            c = state[C0 + CAP * k + i]
            r = c % 13 + 1
            s = c // 13
            if lowest[s] < r:
                total += 1
            elif r < lowest[s]:
                lowest[s] = r
    return total
