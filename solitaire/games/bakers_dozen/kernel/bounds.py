"""The lower bound A* and IDA* prune with: ``lower_bound`` and the sharper
``lower_bound_at_least`` (the least feedback set of ``feedback.py``).

Each part of the bound has a switch (``state.OFF_*``): the cards lying above
a lower card of their own suit, the four-card cycles, the feedback set.
Switching a part off leaves a smaller bound, still admissible.
"""
import numpy as np

from solitaire.games.bakers_dozen.kernel import feedback
from solitaire.games.bakers_dozen.kernel.state import (C0, CAP, H0, NCOLS, OFF_FOUR_CYCLE_PACKING,
                                                       OFF_OWN_SUIT_BLOCKERS, OFF_SHARPER_BOUND, is_on)
from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel

# Branching steps per ``lower_bound_at_least`` call (docs/bakers_dozen.md,
# "--sharper-bound").
FEEDBACK_WORK = 200


@kernel
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
            r = rank_of(c)
            s = suit_of(c)
            if s == 0 and r < m0:
                m0 = r
            elif s == 1 and r < m1:
                m1 = r
            elif s == 2 and r < m2:
                m2 = r
            elif s == 3 and r < m3:
                m3 = r


@kernel(allocates=True)
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
       cards form the set F (one extra move each; switch
       ``OFF_OWN_SUIT_BLOCKERS``).
    2. Every cycle of ``->`` among cards outside F holds a card that is not
       direct (if all were direct, their home moves would each precede the
       next one around the cycle, which is impossible).  So for any set of
       cycles sharing no card and avoiding F, the win makes at least one
       extra move per cycle, on top of F's.  We pack cycles of length four,
       u above v (column A), v lower than u2 in suit, u2 above v2 (column
       B, possibly A), v2 lower than u in suit: the pattern "5H over 3S in
       one column, 7S over 2H in another".  Found greedily, each cycle's four
       cards are removed before looking for the next (any packing is a valid
       bound; greedy just finds a good one fast; switch
       ``OFF_FOUR_CYCLE_PACKING``).
    Every move moves one card, so the sum never exceeds the moves left.
    Tests check it against breadth-first search on small positions.
    """
    alive = np.zeros(52, np.bool_)  # not home and not in F
    column = np.empty(52, np.int64)  # each tableau card's column
    total = _cards_and_blockers(state, alive, column, is_on(rules, OFF_OWN_SUIT_BLOCKERS))
    if is_on(rules, OFF_FOUR_CYCLE_PACKING):
        total += _pack_four_cycles(state, alive, column)
    return total


@kernel(allocates=True)
def lower_bound_at_least(state, rules, target, known):
    """``lower_bound``, raised towards ``target`` by the least feedback set
    (``feedback.py``) of the cards outside F where that is cheap to prove.

    Sound by ``lower_bound``'s own argument: the cards outside F that move
    twice must meet every cycle of ``->``, so there are at least as many as
    the least set that does; the 4-cycle packing is one proof of a size,
    the feedback search proves larger ones.  Only the part below
    ``target`` is worked for (A* asks "is this position's f above the
    level being expanded?"), and at most ``FEEDBACK_WORK`` branching steps
    per call.  ``known`` is a bound proved before (the climb starts there).
    Switch ``OFF_SHARPER_BOUND``: ``known`` itself (A* then keeps the plain
    bound)."""
    if not is_on(rules, OFF_SHARPER_BOUND):
        return known
    alive = np.zeros(52, np.bool_)
    column = np.empty(52, np.int64)
    total = _cards_and_blockers(state, alive, column, is_on(rules, OFF_OWN_SUIT_BLOCKERS))
    outside_f = alive.copy()
    packed = _pack_four_cycles(state, alive, column) if is_on(rules, OFF_FOUR_CYCLE_PACKING) else 0
    floor = max(packed, known - total)
    if total + floor >= target:
        return total + floor
    return total + feedback.least_feedback(state, outside_f, floor, target - total, FEEDBACK_WORK)


@kernel(allocates=True)
def _cards_and_blockers(state, alive, column, count_f):
    """Cards in the tableau plus, with ``count_f``, the set F (step 1 of
    ``lower_bound``); marks the other cards in ``alive`` and records each
    card's column."""
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
            r = rank_of(c)
            s = suit_of(c)
            if lowest[s] < r:
                total += count_f  # in F
            else:
                alive[c] = True
                if r < lowest[s]:
                    lowest[s] = r
    return total


@kernel(allocates=True)
def _pack_four_cycles(state, alive, column):
    """Step 2 of ``lower_bound``: a greedy packing of four-card cycles among
    the ``alive`` cards (removed from it as they are packed); their count."""
    total = 0
    mb = np.empty((52, 4), np.int64)
    for k in range(NCOLS):
        _below_minima(state, alive, mb, k)
    found = True
    first = 0  # cards u below this were tried and close no cycle
    while found:
        found = False
        # Removing cards never creates a cycle, so a card u that closed none
        # before the last removal closes none now: the scan goes on from the
        # last cycle's u (the same packing as a scan from 0, faster).
        for u in range(first, 52):
            if not alive[u]:
                continue
            su = suit_of(u)
            ru = rank_of(u)
            for t in range(4):
                mt = mb[u, t]  # v: the lowest alive suit-t card below u
                # an alive u2 of suit t above rank mt with an alive v2 of u's
                # suit below rank ru under it closes the cycle u v u2 v2.  The
                # four are distinct: u is outside F, so any card of its suit
                # below it is higher (v2 != v, u2 != u).
                for r2 in range(mt + 1, 14):
                    u2 = t * 13 + r2 - 1
                    if alive[u2] and mb[u2, su] < ru:
                        v = t * 13 + mt - 1
                        v2 = su * 13 + mb[u2, su] - 1
                        alive[u] = False
                        alive[v] = False
                        alive[u2] = False
                        alive[v2] = False
                        # only the columns of the removed cards change
                        _below_minima(state, alive, mb, column[u])
                        _below_minima(state, alive, mb, column[u2])
                        total += 1
                        found = True
                        first = u
                        break
                if found:
                    break
            if found:
                break
    return total
