"""Dead ends: too few partners for the pyramid's cards, the pyramid matching
behind that count, and the waste cards that can never move again.

**Too few partners** (``too_few_partners``).  Two pyramid cards can pair
only if neither lies in the other's covering cone (one must be gone before
the other is exposed; with ``pair_covering`` a card lying directly on the
other is allowed).  If M is the largest set of disjoint such pyramid pairs
of ranks r and 13 - r (the *pyramid matching*, ``pyramid_matching``; off,
M is the plain min(pyramid cards of rank r, of rank 13 - r), any two
assumed to pair), at least (rank-r pyramid cards - M) of them need a
rank-(13 - r) card from outside the pyramid, and the other way round;
fewer such usable cards left means no win.  The position is dropped (no
moves, lower bound ``BIG``).

**Dead waste** (``dead_waste``).  In the last pass, a waste card that can
never be taken is left out, with every card under it on its pile: out of
the key, of the partner counts above and of the lower bound.  A card on a
waste pile is exposed again only when every card above it on that pile has
been removed, and each of those (Kings aside) needs its own partner of the
complementary rank: a pyramid card, a stock card (one pile: only under
``stock_top_playable``) or a card of another pile (three piles).  Going
down a pile from its top, once the cards needing rank s outnumber the
rank-s partners left, the card reached and all under it can never move:
they take part in no move (a dead top has no partner), so positions that
differ only in them have the same moves and futures, and they can partner
nobody.
"""
import numpy as np

from solitaire.jit.bits import popcount as _popcount
from solitaire.jit.cards import rank_of
from solitaire.games.pyramid.kernel.state import (BLOCKS, CARDS, NPYR, PMASK, PYRAMID_MATCHING, R_COVER, R_DRAW,
                                                  R_OFF, R_STOCK_TOP, SCOUNT, _cnt, _get, _high, _low,
                                                  _one, _rmask, _stock_counts)
from solitaire.games.pyramid.kernel.stock import _final_pass
from solitaire.jit.compile import kernel


@kernel
def _live(state, rules, P, T, pcp):
    """P without the dead waste cards (the module's "Dead waste")."""
    W = P & T
    if W == 0 or not _final_pass(state, rules):
        return P
    three = rules[R_DRAW] == 3
    dead = np.int64(0)
    Wc = _stock_counts(state, W)
    base = pcp
    if three or rules[R_STOCK_TOP]:
        base += _get(state, SCOUNT, 8) - Wc  # the stock's cards
    for k in range(3 if three else 1):
        if three:
            pile_k = _get(state, PMASK + 3 * k, 3)
            supply = base + Wc - _stock_counts(state, pile_k)  # plus the other piles' cards
        else:
            pile_k = W
            supply = base
        demand = np.int64(0)
        x = pile_k
        while x:
            i = _high(x)
            x &= ~(np.int64(1) << i)
            r = rank_of(state[CARDS + NPYR + i])
            if r == 13:
                continue
            demand += _one(13 - r)
            if _cnt(demand, 13 - r) > _cnt(supply, 13 - r):
                dead |= pile_k & ((np.int64(1) << (i + 1)) - 1)  # this card and all under it
                break
    return P & ~dead


@kernel
def _pyramid_matching(rules, state, pyr, r):
    """Most disjoint pairs (rank r, rank 13-r) that pyramid cards alone can make.

    With at most four cards a side, the maximum matching is found by
    Hall/Koenig: |R| minus the largest deficiency |A| - |N(A)| over subsets A.
    """
    a = pyr & _rmask(state, r)
    b = pyr & _rmask(state, 13 - r)
    if a == 0 or b == 0:
        return 0
    if rules[R_OFF] & PYRAMID_MATCHING:
        return min(_popcount(a), _popcount(b))
    cov = 1 if rules[R_COVER] else 0
    adj0 = adj1 = adj2 = adj3 = np.int64(0)
    nr = 0
    while a:
        i = _low(a)
        a &= a - 1
        m = b & ~BLOCKS[cov, i]
        if nr == 0:
            adj0 = m
        elif nr == 1:
            adj1 = m
        elif nr == 2:
            adj2 = m
        else:
            adj3 = m
        nr += 1
    worst = 0
    for sub in range(1, 1 << nr):
        union = np.int64(0)
        if sub & 1:
            union |= adj0
        if sub & 2:
            union |= adj1
        if sub & 4:
            union |= adj2
        if sub & 8:
            union |= adj3
        d = _popcount(sub) - _popcount(union)
        if d > worst:
            worst = d
    return nr - worst


@kernel
def _dead(state, rules, pyr, pcp, ncp):
    """Some pyramid card can never be removed: too few partners (``pcp``
    pyramid counts, ``ncp`` usable outside counts, packed)."""
    for r in range(1, 7):
        s = 13 - r
        pr, ps, nr_, ns = _cnt(pcp, r), _cnt(pcp, s), _cnt(ncp, r), _cnt(ncp, s)
        if pr > ps + ns or ps > pr + nr_:
            return True
        if pr > 0 and (pr > ns or ps > nr_):
            m = _pyramid_matching(rules, state, pyr, r)
            if pr - m > ns or ps - m > nr_:
                return True
    return False
