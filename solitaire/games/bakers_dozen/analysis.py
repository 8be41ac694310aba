"""Position analysis for the search: safe foundation moves, dead ends, lower bound.

Every test here is a *proof obligation*: each function says what it proves
and why, because a wrong pruning rule silently turns solvable deals into
"unsolvable".  Tests compare verdicts and optimal lengths with and without
each rule.
"""
import numpy as np
from numba import njit

from solitaire.games.bakers_dozen import feedback
from solitaire.games.bakers_dozen.state import C0, CAP, F0, H0, NCOLS, R_KINGS_FREE, R_OTHER_SUIT

ALL_SUITS = 15  # bit mask of the four suits (``first_moves``' may_park)
# Branching steps per ``lower_bound_at_least`` call (measured in
# benchmarks/README "A sharper Baker's Dozen bound").
FEEDBACK_WORK = 200


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
    the three options holds with cards of the set" (``first_moves``).  A
    card outside that set never moves, so the position cannot be won.
    """
    unmarked, _, _ = first_moves(state, rules, False, ALL_SUITS)
    return unmarked > 0


@njit(cache=True, inline="always")
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


@njit(cache=True)
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
                r = x % 13 + 1
                s = x // 13
                home_ok = True
                park_ok = r < 13
                if kings_stay and r >= 12:
                    if r == 13:
                        break  # a King goes nowhere but home
                    on_king = i > 0 and state[C0 + CAP * k + i - 1] % 13 == 12
                    home_ok = not on_king
                    park_ok = on_king or (may_park >> s) & 1 == 1
                ok = home_ok and chain[s] >= r - 1
                if not ok and park_ok:
                    for t in range(4):
                        if other and t == s:
                            continue
                        if state[F0 + t] >= r + 1:
                            continue  # T is home
                        tc = t * 13 + r  # the card of rank r+1, suit t
                        if seat_in_reach(tc, k, i, col_of, idx_of, height, done):
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
    return unmarked, chain, done


@njit(cache=True)
def _below_minima(state, alive, mb, k):
    """mb[x, s]: the lowest rank of an ``alive`` suit-s card lying below card x
    in x's column (14 when there is none), for the cards of column k."""
    m0 = 14
    m1 = 14
    m2 = 14
    m3 = 14
    for i in range(state[H0 + k]):
        c = state[C0 + CAP * k + i]
        mb[c, 0] = m0
        mb[c, 1] = m1
        mb[c, 2] = m2
        mb[c, 3] = m3
        if alive[c]:
            r = c % 13 + 1
            s = c // 13
            if s == 0 and r < m0:
                m0 = r
            elif s == 1 and r < m1:
                m1 = r
            elif s == 2 and r < m2:
                m2 = r
            elif s == 3 and r < m3:
                m3 = r


@njit(cache=True)
def lower_bound(state, rules):
    """Admissible: one move per card not home, plus one for every card that
    provably moves at least twice.

    Call a card *direct* if its only move from here on is to its foundation.
    Write u -> v when, were both direct, u must go home before v:
      (a) u lies above v in a column (v cannot move while u covers it, and
          u's only move is home);
      (b) u and v have the same suit and u is lower (foundations build up).
    For (b) the order holds whether or not the cards are direct.

    1. A card x lying above a lower card z of its own suit is never direct:
       z moves only after x leaves (a), and x goes home only after z (b); so
       x must first leave to another column: at least two moves.  These
       cards form the set F (one extra move each, as before).
    2. Every cycle of ``->`` among cards outside F holds a card that is not
       direct (if all were direct, their home moves would each precede the
       next one around the cycle, which is impossible).  So for any set of
       cycles sharing no card and avoiding F, the win makes at least one
       extra move per cycle, on top of F's.  We pack cycles of length four,
       u above v (column A), v lower than u2 in suit, u2 above v2 (column
       B, possibly A), v2 lower than u in suit: the pattern "5H over 3S in
       one column, 7S over 2H in another".  Found greedily, each cycle's four
       cards are removed before looking for the next (any packing is a valid
       bound; greedy just finds a good one fast).
    Every move moves one card, so the sum never exceeds the moves left.
    Tests check it against breadth-first search on small positions.
    """
    alive = np.zeros(52, np.bool_)  # not home and not in F
    column = np.empty(52, np.int64)  # each tableau card's column
    total = _cards_and_blockers(state, alive, column)
    return total + _pack_four_cycles(state, alive, column)


@njit(cache=True)
def lower_bound_at_least(state, rules, target, known):
    """``lower_bound``, raised towards ``target`` by the least feedback set
    (``feedback.py``) of the cards outside F where that is cheap to prove.

    Sound by ``lower_bound``'s own argument: the cards outside F that move
    twice must meet every cycle of ``->``, so there are at least as many as
    the least set that does; the 4-cycle packing is one proof of a size,
    the feedback search proves larger ones.  Only the part below
    ``target`` is worked for (A* asks "is this position's f above the
    level being expanded?"), and at most ``FEEDBACK_WORK`` branching steps
    per call.  ``known`` is a bound proved before (the climb starts there)."""
    alive = np.zeros(52, np.bool_)
    column = np.empty(52, np.int64)
    total = _cards_and_blockers(state, alive, column)
    outside_f = alive.copy()
    floor = max(_pack_four_cycles(state, alive, column), known - total)
    if total + floor >= target:
        return total + floor
    return total + feedback.least_feedback(state, outside_f, floor, target - total, FEEDBACK_WORK)


@njit(cache=True)
def _cards_and_blockers(state, alive, column):
    """Cards in the tableau plus the set F (step 1 of ``lower_bound``);
    marks the other cards in ``alive`` and records each card's column."""
    total = 0
    lowest = np.empty(4, np.int64)
    for k in range(NCOLS):
        h = state[H0 + k]
        total += h
        for s in range(4):
            lowest[s] = 14
        for i in range(h):
            c = state[C0 + CAP * k + i]
            column[c] = k
            r = c % 13 + 1
            s = c // 13
            if lowest[s] < r:
                total += 1  # in F
            else:
                alive[c] = True
                if r < lowest[s]:
                    lowest[s] = r
    return total


@njit(cache=True)
def _pack_four_cycles(state, alive, column):
    """Step 2 of ``lower_bound``: a greedy packing of four-card cycles among
    the ``alive`` cards (removed from it as they are packed); their count."""
    total = 0
    mb = np.empty((52, 4), np.int64)
    for k in range(NCOLS):
        _below_minima(state, alive, mb, k)
    # sm[t, s, r]: least mb[u2, s] over alive suit-t cards u2 of rank >= r
    sm = np.empty((4, 4, 15), np.int64)
    found = True
    first = 0  # cards u below this were tried and close no cycle
    while found:
        found = False
        for t in range(4):
            for s in range(4):
                m = 14
                sm[t, s, 14] = 14
                for r in range(13, 0, -1):
                    c = t * 13 + r - 1
                    if alive[c] and mb[c, s] < m:
                        m = mb[c, s]
                    sm[t, s, r] = m
        # Removing cards never creates a cycle, so a card u that closed none
        # before the last removal closes none now: the scan goes on from the
        # last cycle's u (the same packing as a scan from 0, faster).
        for u in range(first, 52):
            if not alive[u]:
                continue
            su = u // 13
            ru = u % 13 + 1
            for t in range(4):
                mt = mb[u, t]  # v: the lowest alive suit-t card below u
                if mt < 13 and sm[t, su, mt + 1] < ru:
                    # some alive u2 of suit t above rank mt has below it an
                    # alive v2 of u's suit below rank ru: cycle u v u2 v2.
                    # The four are distinct: u is outside F, so any card of
                    # its suit below it is higher (v2 != v, u2 != u).
                    v = t * 13 + mt - 1
                    for r2 in range(mt + 1, 14):
                        u2 = t * 13 + r2 - 1
                        if alive[u2] and mb[u2, su] < ru:
                            v2 = su * 13 + mb[u2, su] - 1
                            alive[u] = False
                            alive[v] = False
                            alive[u2] = False
                            alive[v2] = False
                            # only the columns of the removed cards change
                            _below_minima(state, alive, mb, column[u])
                            _below_minima(state, alive, mb, column[u2])
                            break
                    total += 1
                    found = True
                    first = u
                    break
            if found:
                break
    return total
