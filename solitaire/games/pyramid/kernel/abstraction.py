"""The pyramid game (``pyramid_game``): a relaxation whose loss proves a
position lost.

The pyramid game keeps the pyramid as it is and replaces the stock and
waste by a pool: for each rank, as many cards as the position has usable
(not dead waste, deadends.py) stock and waste cards of that rank, any of
them playable at any time.  Its moves: an exposed pyramid King alone; two
exposed pyramid cards totalling 13 (``pair_covering``: also a card with the
one exposed card still lying on it); an exposed pyramid card X with a pool
card of rank 13 - rank(X) (the pool count drops by one).  It is won when
the pyramid is empty.

Proof that a real win gives a pyramid-game win: map every real move that
removes a pyramid card to the same pyramid-game move, the pyramid card with
an outside card Y to "X with a pool card of rank(Y)", and drop the other
moves (draws, redeals, Kings and pairs taken from the stock and waste
alone).  The pyramids of the two games stay equal move by move, so exposure
agrees; and before each pyramid+Y move the pool still holds a card of Y's
rank: it started with the usable outside cards of that rank (Y is one: a
dead waste card never moves again), and it lost one only for each earlier
pyramid+outside removal of that rank, each of which took one such card out
of the real game too.  The real win empties the pyramid, so the mapped line
wins the pyramid game.  Hence "pyramid game lost" means "no win" (for both
questions: a position without a win has no shortest win either).

The pyramid game is solved exactly by a DFS with a table of the positions
met (its pyramid mask strictly shrinks, so a position met again is lost);
inside it, an exposed King is removed at once (by the exposure lemma on the
pyramid alone, which holds there: the pool does not change) and the partner
count of deadends.py is applied (its proof is about partner counts, and
holds for the pool too).  It runs with a budget of its own positions; if
the budget runs out the real position is kept ("not proved lost").
"""
import numpy as np

from solitaire.jit.compile import kernel
from solitaire.jit.hashing import GOLDEN
from solitaire.games.pyramid.kernel.deadends import _dead
from solitaire.games.pyramid.kernel.state import (NONE, NPYR, R_COVER, _card_rank, _cnt, _covering_mate,
                                                  _exposed_pyramid, _low, _one)


@kernel
def _abs_moves(state, rules, m, pool, pcp, out):
    """The pyramid game's moves from pyramid ``m`` with ``pool`` (packed
    counts), written to ``out`` as ``a | b << 6`` (b = NONE: a King alone, or
    a with a pool card); -1 if the partner count already says lost."""
    if _dead(state, rules, m, pcp, pool):
        return -1
    e = _exposed_pyramid(m)
    x = e
    while x:
        i = _low(x)
        x &= x - 1
        if _card_rank(state, i) == 13:
            out[0] = i | (NONE << 6)  # forced: see the module's docstring
            return 1
    n = 0
    x = e
    while x:
        i = _low(x)
        x &= x - 1
        ri = _card_rank(state, i)
        y = x
        while y:
            j = _low(y)
            y &= y - 1
            if ri + _card_rank(state, j) == 13:
                out[n] = i | (j << 6)
                n += 1
    if rules[R_COVER]:
        for i in range(NPYR):
            j = _covering_mate(m, i)
            if j >= 0 and _card_rank(state, i) + _card_rank(state, j) == 13:
                out[n] = i | (j << 6)
                n += 1
    x = e
    while x:
        i = _low(x)
        x &= x - 1
        if _cnt(pool, 13 - _card_rank(state, i)) > 0:
            out[n] = i | (NONE << 6)
            n += 1
    return n


@kernel(inline="always")
def _abs_key(m, pool):
    """Exact 64-bit packing: pyramid mask, then 3 bits per rank 1..12 of the pool."""
    k = np.uint64(m)
    for r in range(1, 13):
        k |= np.uint64(min(_cnt(pool, r), 7)) << np.uint64(28 + 3 * (r - 1))
    return k


@kernel(inline="always")
def _abs_seen(table, bits, key):
    """True if ``key`` is in the table; else store it (linear probing; if 16
    slots in a row are taken the key is not stored: it is only met again)."""
    size = np.uint64(table.shape[0])
    h = (key * np.uint64(GOLDEN)) >> np.uint64(64 - bits)
    for probe in range(16):
        slot = (h + np.uint64(probe)) & (size - np.uint64(1))
        if table[slot] == key:
            return True
        if table[slot] == 0:
            table[slot] = key
            return False
    return False


@kernel(allocates=True)
def _abstract_lost(state, rules, pyr, pcp, pool, budget):
    """True if the pyramid game from (pyr, pool) is lost; False if won or
    if more than ``budget`` of its positions would be needed to tell."""
    if pyr == 0 or budget <= 0:
        return False
    # table of the positions met, 0 = empty (a key's pyramid is never 0); it
    # starts small and doubles when half full (most calls meet few positions,
    # and zeroing a table sized for the whole budget cost more than the search)
    bits = 8
    size = 1 << bits
    table = np.zeros(size, dtype=np.uint64)
    stored = 0
    ms = np.empty(NPYR + 1, dtype=np.int64)
    pools = np.empty(NPYR + 1, dtype=np.int64)
    pcps = np.empty(NPYR + 1, dtype=np.int64)
    nm = np.empty(NPYR + 1, dtype=np.int64)
    idx = np.empty(NPYR + 1, dtype=np.int64)
    mv = np.empty((NPYR + 1, 48), dtype=np.int64)
    n = _abs_moves(state, rules, pyr, pool, pcp, mv[0])
    if n <= 0:
        return True
    ms[0], pools[0], pcps[0], nm[0], idx[0] = pyr, pool, pcp, n, 0
    d = 0
    nodes = 0
    while True:
        if idx[d] >= nm[d]:
            if d == 0:
                return True  # every line explored: lost
            d -= 1
            continue
        move = mv[d, idx[d]]
        idx[d] += 1
        a = move & 63
        b = (move >> 6) & 63
        ra = _card_rank(state, a)
        m2 = ms[d] & ~(np.int64(1) << a)
        pcp2 = pcps[d] - _one(ra)
        pool2 = pools[d]
        if b != NONE:
            m2 &= ~(np.int64(1) << b)
            pcp2 -= _one(_card_rank(state, b))
        elif ra != 13:
            pool2 -= _one(13 - ra)
        if m2 == 0:
            return False  # a win
        key = _abs_key(m2, pool2)
        if _abs_seen(table, bits, key):
            continue  # met before, and not won from there
        stored += 1
        if 2 * stored > size and bits < 20:
            bits += 1
            size = 1 << bits
            bigger = np.zeros(size, dtype=np.uint64)
            for k in range(table.shape[0]):
                if table[k] != 0:
                    _abs_seen(bigger, bits, table[k])
            table = bigger
        nodes += 1
        if nodes > budget:
            return False  # not proved
        n = _abs_moves(state, rules, m2, pool2, pcp2, mv[d + 1])
        if n <= 0:
            continue
        d += 1
        ms[d], pools[d], pcps[d], nm[d], idx[d] = m2, pool2, pcp2, n, 0
