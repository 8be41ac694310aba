"""Removals, alone or after stock actions: the search modes' compound moves.

A search move is "t stock actions, then one removal", costing t + 1 moves
(state.py's move code).  Two reductions shape the list:

``new_cards_only``: a removal is offered after t actions only if it uses a
card those t actions newly exposed.  Proof: a stock action never changes
the pyramid, and removing cards that are already exposed before the action
leaves the stock and waste as they were, except in the cases below; so
"action, removal of cards exposed before it" reaches the same position as
"removal, action" in as many moves.  Moving every action as late as
possible turns any winning line into blocks of (actions, removal) where
each removal uses a newly exposed card, without lengthening it (a line
never ends with actions: the last move wins, and only a removal can win).
Cases checked: (a) draw 1 with ``stock_top_playable``: the card drawn at
action t was the stock top just before, so "draw Y, remove Y" reaches
exactly the position "remove Y from the stock top" reaches, one move
cheaper; Y is therefore treated as not new, unless its partner is newly
exposed too; (b) three waste piles: a turn deals the stock top onto pile 1,
and removing the stock top before the turn would change which pile every
later card goes to, so a card turned onto a pile is always new.  Off: every
removal among the cards exposed after the t actions.

``one_stock_cycle``: t <= stock + waste (draw 1).  After stock + 1 + waste
actions the stock and waste are as before with one pass fewer left (or the
very same position, passes unlimited): a longer block reaches a position
the shorter one also reaches, with fewer moves and at least as many passes
left; more passes left never loses a win (``redeal`` is only ever an
option).  Off: t <= 2 * (stock + waste) + 1, one more cycle.
"""
import numpy as np

from solitaire.jit.bits import popcount as _popcount
from solitaire.games.pyramid.kernel.state import (NEW_CARDS_ONLY, NONE, NPYR, ONE_STOCK_CYCLE, PRESENT, PYR,
                                                  R_COVER, R_DRAW, R_OFF, R_PASSES, R_STOCK_TOP, REDEALS, TURNED,
                                                  _card_rank, _covering_mate, _exposed_pyramid, _get, _low,
                                                  make_move)
from solitaire.games.pyramid.kernel.stock import _can_redeal, _stock_actions, _waste_tops
from solitaire.jit.compile import kernel


@kernel(inline="always")
def _emit(out, n, move):
    if n >= out.shape[0]:
        raise IndexError("pyramid: move buffer too small")
    out[n] = move
    return n + 1


@kernel
def _removals(state, rules, out, n, locs, m, t):
    """Every removal among the exposed cards ``locs[:m]``, plus covering
    pairs, each after ``t`` stock actions."""
    for x in range(m):
        a = locs[x]
        ra = _card_rank(state, a)
        if ra == 13:
            n = _emit(out, n, make_move(a, NONE, t))
            continue
        for y in range(x + 1, m):
            b = locs[y]
            if ra + _card_rank(state, b) == 13:
                n = _emit(out, n, make_move(a, b, t))
    if rules[R_COVER]:
        pyr = _get(state, PYR, 4)
        for i in range(NPYR):
            j = _covering_mate(pyr, i)
            if j >= 0 and _card_rank(state, i) + _card_rank(state, j) == 13:
                n = _emit(out, n, make_move(i, j, t))
    return n


@kernel(allocates=True)
def _gen_later(state, rules, out, n, locs, m, tops):
    """Removals after t = 1, 2, ... stock actions (the module's docstring);
    ``locs[:m]``: the cards exposed now, pyramid first; ``tops``: the waste
    tops now (updated as the actions go).  One function on purpose: with the
    action step and the pairing as helpers (inlined or not) numba's code for
    it ran 3 to 5 times slower."""
    npyr = 0
    while npyr < m and locs[npyr] < NPYR:
        npyr += 1
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    off = rules[R_OFF]
    three = rules[R_DRAW] == 3
    stp = rules[R_STOCK_TOP] != 0
    passes = rules[R_PASSES]
    redeals = np.int64(state[REDEALS])
    limit = _popcount(P)  # one_stock_cycle: t <= stock + waste
    if off & ONE_STOCK_CYCLE:
        limit = 2 * limit + 1
    if off & NEW_CARDS_ONLY:
        return _every_removal_later(state, rules, out, n, limit)
    pyr_ranks = 0  # ranks of the exposed pyramid cards, one bit each
    for y in range(npyr):
        pyr_ranks |= 1 << _card_rank(state, locs[y])
    scratch = np.empty(8, dtype=np.int64)
    new = scratch[0:4]
    old = scratch[4:8]
    for t in range(1, limit + 1):
        stock = P & ~T
        nn = 0
        no = 0
        if stock == 0:
            if three or (P & T) == 0 or not (passes == 0 or redeals + 1 < passes):
                break
            T = np.int64(0)  # redeal
            redeals += 1
            tops[0] = -1
        elif not three:
            i = _low(stock)
            T |= np.int64(1) << i
            if stp:
                old[no] = NPYR + i  # case (a): was the stock top just before
                no += 1
            else:
                new[nn] = NPYR + i
                nn += 1
            tops[0] = i
        else:
            for k in range(3):
                if stock == 0:
                    if tops[k] >= 0:  # a short last turn leaves this pile's top as it was
                        old[no] = NPYR + tops[k]
                        no += 1
                    continue
                i = _low(stock)
                stock &= stock - 1
                T |= np.int64(1) << i
                tops[k] = i
                new[nn] = NPYR + i  # case (b)
                nn += 1
        stock = P & ~T
        if stp and stock != 0:
            new[nn] = NPYR + _low(stock)
            nn += 1
        # each new card with the pyramid's exposed cards, with the old exposed
        # stock cards, with the later new cards
        for x in range(nn):
            a = new[x]
            ra = _card_rank(state, a)
            if ra == 13:
                n = _emit(out, n, make_move(a, NONE, t))
                continue
            if (pyr_ranks >> (13 - ra)) & 1:
                for y in range(npyr):
                    if ra + _card_rank(state, locs[y]) == 13:
                        n = _emit(out, n, make_move(a, locs[y], t))
            for y in range(no):
                if ra + _card_rank(state, old[y]) == 13:
                    n = _emit(out, n, make_move(a, old[y], t))
            for y in range(x + 1, nn):
                if ra + _card_rank(state, new[y]) == 13:
                    n = _emit(out, n, make_move(a, new[y], t))
    return n


@kernel(allocates=True)
def _every_removal_later(state, rules, out, n, limit):
    """``new_cards_only`` off: every removal after t = 1 .. ``limit`` stock
    actions, the actions made one by one on a copy of the position."""
    child = state.copy()
    locs = np.empty(12, dtype=np.int64)
    tops = np.empty(3, dtype=np.int64)
    for t in range(1, limit + 1):
        P = _get(child, PRESENT, 3)
        T = _get(child, TURNED, 3)
        if (P & ~T) == 0 and not _can_redeal(child, rules, P, T):
            break
        _stock_actions(child, rules, 1)
        T = _get(child, TURNED, 3)
        m = _exposed_locs(child, rules, _get(child, PYR, 4), P, T, locs, tops)
        n = _removals(child, rules, out, n, locs, m, t)
    return n


@kernel
def _exposed_locs(state, rules, pyr, P, T, locs, tops):
    """Exposed cards' locations (pyramid first) -> count; also the waste tops."""
    m = 0
    e = _exposed_pyramid(pyr)
    while e:
        locs[m] = _low(e)
        e &= e - 1
        m += 1
    _waste_tops(state, rules, P, T, tops)
    for k in range(3):
        if tops[k] >= 0:
            locs[m] = NPYR + tops[k]
            m += 1
    stock = P & ~T
    if rules[R_STOCK_TOP] and stock != 0:
        locs[m] = NPYR + _low(stock)
        m += 1
    return m
