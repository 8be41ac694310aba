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
from solitaire.jit.bits import lowest_bit
from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel

# Branching steps per ``lower_bound_at_least`` call (docs/bakers_dozen.md,
# "--sharper-bound").
FEEDBACK_WORK = 200

ONE = np.uint64(1)
ZERO = np.uint64(0)
# The lowest rank of each suit below a card, 4 bits per suit (suit s at bit
# 4 * s), 14 where there is none: a card's ``mb`` value.
NONE_BELOW = 0xEEEE


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
    mb = np.empty(52, np.int64)  # per tableau card, see ``_cards_and_blockers``
    ab = np.empty(52, np.uint64)
    column = np.empty(52, np.int64)
    total, alive = _cards_and_blockers(state, is_on(rules, OFF_OWN_SUIT_BLOCKERS), mb, ab, column)
    if is_on(rules, OFF_FOUR_CYCLE_PACKING):
        total += _pack_four_cycles(state, alive, mb, ab, column)
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
    mb = np.empty(52, np.int64)
    ab = np.empty(52, np.uint64)
    column = np.empty(52, np.int64)
    total, alive = _cards_and_blockers(state, is_on(rules, OFF_OWN_SUIT_BLOCKERS), mb, ab, column)
    packed = _pack_four_cycles(state, alive, mb, ab, column) if is_on(rules, OFF_FOUR_CYCLE_PACKING) else 0
    floor = max(packed, known - total)
    if total + floor >= target:
        return total + floor
    outside_f = np.zeros(52, np.bool_)
    for c in range(52):
        outside_f[c] = (alive >> np.uint64(c)) & ONE != ZERO
    return total + feedback.least_feedback(state, outside_f, floor, target - total, FEEDBACK_WORK)


@kernel(inline="always")
def _above(r, s):
    """The cards of suit s above rank r, as a mask."""
    return ((ONE << np.uint64(13 - r)) - ONE) << np.uint64(13 * s + r)


@kernel(inline="always")
def _joined(m, above, r, s):
    """``mb`` and ``ab`` for the card above one of rank r and suit s (alive,
    and lower than any card of its suit below it), from the card's own."""
    return m - ((((m >> (4 * s)) & 15) - r) << (4 * s)), (above & ~_above(0, s)) | _above(r, s)


@kernel
def _cards_and_blockers(state, count_f, mb, ab, column):
    """Step 1 of ``lower_bound``: (cards in the tableau plus, with
    ``count_f``, the set F; the mask of the other cards, "alive").  Records
    each tableau card's column and, from the cards below it, in ``mb`` the
    lowest rank of each suit and in ``ab`` the cards above those (each
    card of a suit above its lowest rank below).  A card of F never lowers
    a suit's lowest (it lies above a lower card of its suit), so these
    count the alive cards only."""
    total = 0
    alive = ZERO
    for k in range(NCOLS):
        h = state[H0 + k]
        total += h
        m = NONE_BELOW
        above = ZERO
        for i in range(h):
            c = state[C0 + CAP * k + i]
            column[c] = k
            mb[c] = m
            ab[c] = above
            r = rank_of(c)
            s = suit_of(c)
            if (m >> (4 * s)) & 15 < r:
                total += count_f  # in F
            else:
                alive |= ONE << np.uint64(c)
                m, above = _joined(m, above, r, s)
    return total, alive


@kernel
def _column_minima(state, alive, mb, ab, closing, k):
    """``mb`` and ``ab`` again for the cards of column k, from its
    ``alive`` cards only, and ``closing`` (``_closing_sets``) for the cards
    whose ``mb`` rose."""
    m = NONE_BELOW
    above = ZERO
    for i in range(state[H0 + k]):
        c = state[C0 + CAP * k + i]
        if mb[c] != m:
            bit = ONE << np.uint64(c)
            for s in range(4):
                for x in range(((mb[c] >> (4 * s)) & 15) + 1, ((m >> (4 * s)) & 15) + 1):
                    closing[s, x] &= ~bit
        mb[c] = m
        ab[c] = above
        if (alive >> np.uint64(c)) & ONE != ZERO:
            r = rank_of(c)
            s = suit_of(c)
            if r < (m >> (4 * s)) & 15:
                m, above = _joined(m, above, r, s)


@kernel
def _closing_sets(alive, mb, closing):
    """closing[s, x]: the alive cards with an alive suit-s card of rank
    below x under them."""
    for s in range(4):
        for x in range(15):
            closing[s, x] = ZERO
    rest = alive
    while rest != ZERO:
        c = lowest_bit(rest)
        rest &= rest - ONE
        m = mb[c]
        bit = ONE << np.uint64(c)
        for s in range(4):
            closing[s, (m >> (4 * s)) & 15] |= bit
    for s in range(4):
        below = ZERO
        for x in range(15):
            at = closing[s, x]
            closing[s, x] = below
            below |= at


@kernel(allocates=True)
def _pack_four_cycles(state, alive, mb, ab, column):
    """Step 2 of ``lower_bound``: a greedy packing of four-card cycles among
    the ``alive`` cards (a mask: the packed cards leave it); their count.

    The greedy order is the least u, then the least suit of v, then the
    least u2: the lowest card of one mask (see the loop)."""
    total = 0
    closing = np.empty((4, 15), np.uint64)
    _closing_sets(alive, mb, closing)
    found = True
    first = 0  # cards u below this were tried and close no cycle
    while found:
        found = False
        # Removing cards never creates a cycle, so a card u that closed none
        # before the last removal closes none now: the scan goes on from the
        # last cycle's u (the same packing as a scan from 0, faster).
        rest = alive & ~((ONE << np.uint64(first)) - ONE)
        while rest != ZERO:
            u = lowest_bit(rest)
            rest &= rest - ONE
            su = suit_of(u)
            # v: the lowest alive card of some suit t below u; an alive u2
            # of suit t above v (in ab[u]) with an alive v2 of u's suit
            # below u under it (closing) closes the cycle u v u2 v2.  The
            # four are distinct: u is outside F, so any card of its suit
            # below it is higher (v2 != v, u2 != u).
            u2s = ab[u] & closing[su, rank_of(u)]
            if u2s == ZERO:
                continue
            u2 = lowest_bit(u2s)
            t = suit_of(u2)
            v = 13 * t + ((mb[u] >> (4 * t)) & 15) - 1
            v2 = 13 * su + ((mb[u2] >> (4 * su)) & 15) - 1
            gone = ZERO
            for c in (u, v, u2, v2):
                gone |= ONE << np.uint64(c)
            alive &= ~gone
            for s in range(4):
                for x in range(15):
                    closing[s, x] &= ~gone
            # only the columns of the removed cards change
            _column_minima(state, alive, mb, ab, closing, column[u])
            _column_minima(state, alive, mb, ab, closing, column[u2])
            total += 1
            found = True
            first = u
            break
    return total
