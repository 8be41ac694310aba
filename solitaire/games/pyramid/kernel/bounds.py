"""The lower bound A* and IDA* search shortest wins with (admissible).

**The basic bound** (any rules): ``removals + draws``.  removals = pyramid
Kings + for each rank pair its pyramid cards minus M (the pyramid
matching, deadends.py): every pyramid card must be removed, a move takes at
most one card of each rank of its pair, and at most M moves take two
pyramid cards of that pair.  draws (``bound_draws``): if the pyramid holds
e = (cards of rank r - M) > 0, e cards of rank 13-r from outside the
pyramid are needed, so the e-th cheapest of them must become exposed.  A
waste card costs 0; a stock card with j cards before it costs j+1 draws
(three piles: turns of three), and under ``stock_top_playable`` it costs
one move for every card before it that cannot leave the stock by pairing
with a pyramid card (a King, or no pyramid card of the complementary
rank): such a card leaves only by a draw or by a move that removes no
pyramid card.  These draws and moves remove no pyramid card, so they add to
the removals; the largest such cost over the rank pairs is added.

**Under draw 1 with** ``stock_top_playable`` the bound is the larger of the
reach bound and the coupling bound, both built on this split: every move
either removes a pyramid card (at least ``removals`` such moves) or removes
none (a draw, a redeal, a King or a pair taken from the stock and waste
alone).  For rank r, *slots*: at most (pyramid cards of rank 13-r) outside
cards of rank r can ever leave together with a pyramid card, since each
pyramid card is removed once.

The reach bound (``bound_draws``): a card of the waste that is not its top
is exposed only (i) after every card above it has been removed (each from
the waste top: with a pyramid card, or by a move that removes none), or
(ii) after a redeal, which needs every stock card out of the stock (drawn
or removed) and then, in the new pass, every waste card below it out of the
stock again.  A stock card is exposed (in this pass: a redeal needs an
empty stock) only after every stock card before it has left the stock, by
a draw or by a removal as the stock top.  So with ``excess(X)`` = Kings in
X + sum over r of max(0, X's rank-r cards - slots of r), reaching a card
costs at least excess(cards above it) (stock card, or waste path i) or
excess(stock + waste cards below it) + 1 (path ii, if a pass is left), in
moves that remove no pyramid card.  If the pyramid needs ``need`` outside
cards of rank s (as above), the need-th cheapest must be reached: the
bound is removals + the largest such cost.

The coupling bound (``bound_coupling``): with x the pyramid-only pairs of a
rank pair (x <= M), that pair costs pr + ps - x pyramid-removing moves, and
exactly ps - x outside rank-r cards leave with a pyramid card.  The waste
holding w usable rank-s cards, a side needing ``need`` > w outside cards
must reach the (need - w)-th rank-s card of the stock, so every stock card
before the deepest such card D must leave the stock; the bound = Kings
(pyramid and above D) + sum over rank pairs of min over x of
[pr + ps - x + max(0, a_r - (ps - x)) + max(0, a_s - (pr - x))], a_r
counting the rank-r stock cards above D.

With ``too_few_partners`` on, a position whose pyramid needs more outside
partners than are left gets ``BIG``; off, the need is capped at what is
left (any value is admissible at a position without a win).
"""
import numpy as np

from solitaire.jit.bits import popcount as _popcount
from solitaire.jit.cards import rank_of
from solitaire.games.pyramid.kernel.analysis import _analyse
from solitaire.games.pyramid.kernel.deadends import _pyramid_matching
from solitaire.games.pyramid.kernel.state import (BIG, BOUND_COUPLING, BOUND_DRAWS, CARDS, NPYR, NSTOCK, PRESENT,
                                                  PYR, R_ABS_SMALL_BOUND, R_DRAW, R_OFF, R_PASSES, R_STOCK_TOP,
                                                  REDEALS, TOO_FEW_PARTNERS, TURNED, _cnt, _get, _high, _low,
                                                  _nth_low, _one, _stock_counts)
from solitaire.jit.compile import kernel


@kernel
def lower_bound(state, rules):
    pyr = _get(state, PYR, 4)
    if pyr == 0:
        return 0
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    pcp, ncp, live, dead = _analyse(state, rules, pyr, P, T, rules[R_ABS_SMALL_BOUND])
    if dead:
        return BIG
    return _bound(state, rules, pyr, live, T, pcp, ncp)


@kernel(inline="always")
def _need(pcp, ncp, mine, other, m, off):
    """Outside cards of rank ``other`` the pyramid's rank-``mine`` cards need;
    -1: more than are left (the position is lost), with ``too_few_partners`` on."""
    need = _cnt(pcp, mine) - m
    if need > _cnt(ncp, other):
        if not off & TOO_FEW_PARTNERS:
            return -1
        need = _cnt(ncp, other)
    return need


@kernel
def _bound(state, rules, pyr, P, T, pcp, ncp):
    if rules[R_DRAW] == 1 and rules[R_STOCK_TOP]:
        return _bound_top(state, rules, pyr, P, T, pcp, ncp)
    off = rules[R_OFF]
    removals = _cnt(pcp, 13)
    bad = np.int64(0)
    if rules[R_STOCK_TOP]:
        x = P & ~T
        while x:
            i = _low(x)
            x &= x - 1
            r = rank_of(state[CARDS + NPYR + i])
            if r == 13 or _cnt(pcp, 13 - r) == 0:
                bad |= np.int64(1) << i
    draws = 0
    for r in range(1, 7):
        s = 13 - r
        pr, ps = _cnt(pcp, r), _cnt(pcp, s)
        m = _pyramid_matching(rules, state, pyr, r) if pr > 0 and ps > 0 else 0
        removals += pr + ps - m
        for x in range(2):
            mine, other = (r, s) if x == 0 else (s, r)
            need = _need(pcp, ncp, mine, other, m, off)
            if need < 0:
                return BIG
            if need > 0 and not off & BOUND_DRAWS:
                c = _nth_cost(state, rules, P, T, bad, other, need)
                if c > draws:
                    draws = c
    return removals + draws


@kernel
def _stock_cost(rules, P, T, bad, i):
    """Least moves that remove no pyramid card before stock card i can be
    exposed (the basic bound); ``bad``: stock cards with no pyramid partner."""
    if (T >> i) & 1:
        return 0
    above = P & ~T & ((np.int64(1) << i) - 1)
    three = rules[R_DRAW] == 3
    if rules[R_STOCK_TOP]:
        n = _popcount(above & bad)
        return (n + 2) // 3 if three else n
    n = _popcount(above)
    return n // 3 + 1 if three else n + 1


@kernel(inline="always")
def _four_smallest(c, c0, c1, c2, c3):
    """Insert c into the four smallest values so far, c0 <= c1 <= c2 <= c3."""
    if c < c0:
        return c, c0, c1, c2
    if c < c1:
        return c0, c, c1, c2
    if c < c2:
        return c0, c1, c, c2
    if c < c3:
        return c0, c1, c2, c
    return c0, c1, c2, c3


@kernel(inline="always")
def _nth_of_four(c0, c1, c2, c3, need):
    """The need-th (1..4) of the four smallest values c0 <= c1 <= c2 <= c3."""
    if need == 1:
        return c0
    if need == 2:
        return c1
    if need == 3:
        return c2
    return c3


@kernel
def _nth_cost(state, rules, P, T, bad, rank, need):
    """The need-th smallest cost among cards of ``rank`` in P (BIG if too few)."""
    c0 = c1 = c2 = c3 = BIG
    x = P
    while x:
        i = _low(x)
        x &= x - 1
        if rank_of(state[CARDS + NPYR + i]) != rank:
            continue
        c = _stock_cost(rules, P, T, bad, i)
        c0, c1, c2, c3 = _four_smallest(c, c0, c1, c2, c3)
    return _nth_of_four(c0, c1, c2, c3, need)


# nibble masks for _excess: ranks 1..12 (bits 4..51) of a packed count
_NIB_HIGH = np.int64(0x0008888888888880)
_NIB_LOW = np.int64(0x0007777777777770)


@kernel(inline="always")
def _excess(packed, slots):
    """Moves that remove no pyramid card needed to take the cards counted in
    ``packed`` (per rank, <= 4 each) out of the way: each King costs one, and
    of the rank-r cards at most ``slots`` of rank r (the pyramid cards of rank
    13-r) leave together with a pyramid card.  Branch-free: per nibble,
    (a | 8) - s keeps bit 3 exactly when a >= s, and never borrows from the
    next nibble (a <= 4, s <= 4)."""
    d = (packed | _NIB_HIGH) - slots
    keep = ((d & _NIB_HIGH) >> 3) * 15
    e = d & _NIB_LOW & keep
    # add the nibbles: pairs into bytes, then the bytes
    e = (e & 0x0F0F0F0F0F0F0F0F) + ((e >> 4) & 0x0F0F0F0F0F0F0F0F)
    return ((e * 0x0101010101010101) >> 56) + _cnt(packed, 13)


@kernel(inline="always")
def _reach_costs(state, rules, P, stock, W, pcp, ncp, rm, costs):
    """The reach bound's cost of each usable outside card (``costs``, by
    stock index), and the per-rank masks of those cards (``rm``)."""
    Wc = _stock_counts(state, W)
    Sc = ncp - Wc
    slots = np.int64(0)
    for r in range(1, 13):
        slots |= _cnt(pcp, 13 - r) << (4 * r)
    top = _high(W)
    passes = rules[R_PASSES]
    redeal_ok = passes == 0 or state[REDEALS] + 1 < passes
    pre = np.int64(0)  # the cards before the one reached, in turning order
    x = P
    while x:
        i = _low(x)
        x &= x - 1
        r = rank_of(state[CARDS + NPYR + i])
        rm[r] |= np.int64(1) << i
        one = _one(r)
        if (stock >> i) & 1:
            c = _excess(pre - Wc, slots)
        elif i == top:
            c = 0
        else:
            c = _excess(Wc - pre - one, slots)
            if redeal_ok:
                c = min(c, _excess(Sc + pre, slots) + 1)
        costs[i] = c
        pre += one


@kernel(inline="always")
def _coupling(state, pcp, stock, deepest, mpack):
    """The coupling bound, ``deepest`` the deepest stock card to be reached
    and ``mpack`` the pyramid matchings (packed per rank r of 1..6)."""
    above = _stock_counts(state, stock & ((np.int64(1) << deepest) - 1))
    b2 = _cnt(pcp, 13) + _cnt(above, 13)
    for r in range(1, 7):
        s = 13 - r
        pr, ps = _cnt(pcp, r), _cnt(pcp, s)
        ar, as_ = _cnt(above, r), _cnt(above, s)
        best = BIG
        for x_ in range(_cnt(mpack, r) + 1):
            c = pr + ps - x_ + max(0, ar - (ps - x_)) + max(0, as_ - (pr - x_))
            if c < best:
                best = c
        b2 += best
    return b2


@kernel(allocates=True)
def _bound_top(state, rules, pyr, P, T, pcp, ncp):
    """The bound under draw 1 with ``stock_top_playable``: the larger of the
    reach bound and the coupling bound (the module's docstring)."""
    off = rules[R_OFF]
    stock = P & ~T
    W = P & T
    rm = np.zeros(14, dtype=np.int64)
    costs = np.empty(NSTOCK, dtype=np.int64)
    _reach_costs(state, rules, P, stock, W, pcp, ncp, rm, costs)
    deepest = -1
    reach = 0
    mpack = np.int64(0)
    removals = _cnt(pcp, 13)
    for r in range(1, 7):
        s = 13 - r
        pr, ps = _cnt(pcp, r), _cnt(pcp, s)
        m = _pyramid_matching(rules, state, pyr, r) if pr > 0 and ps > 0 else 0
        mpack |= np.int64(m) << (4 * r)
        removals += pr + ps - m
        for side in range(2):
            mine, other = (r, s) if side == 0 else (s, r)
            need = _need(pcp, ncp, mine, other, m, off)
            if need < 0:
                return BIG
            if need == 0:
                continue
            # the coupling bound: the deepest stock card that must be reached
            from_stock = need - _popcount(rm[other] & W)
            if from_stock > 0:
                i = _nth_low(rm[other] & stock, from_stock)
                if i < 0:
                    return BIG
                if i > deepest:
                    deepest = i
            # the reach bound: the need-th cheapest card to reach
            if not off & BOUND_DRAWS:
                c0 = c1 = c2 = c3 = BIG
                y = rm[other]
                while y:
                    i = _low(y)
                    y &= y - 1
                    c0, c1, c2, c3 = _four_smallest(costs[i], c0, c1, c2, c3)
                c = _nth_of_four(c0, c1, c2, c3, need)
                if c > reach:
                    reach = c
    total = removals + reach
    if deepest > 0 and not off & BOUND_COUPLING:
        b2 = _coupling(state, pcp, stock, deepest, mpack)
        if b2 > total:
            total = b2
    return total
