"""Yukon's admissible lower bound for A*: one move per card not home, plus
one tableau move per *waiting cycle*, for cycles with disjoint cut sets.

Order constraints.  Say a lies above c in a pile.  Until some tableau move
has its base among the cards from just above c up to a (the interval
(c, a]), those cards stay together and in order in one pile: cards are only
ever added on top, a move based above a leaves them all, and a move based at
or under c carries all of them and c.  So while (c, a] is uncut, a leaves
the pile before c does, hence a goes home before c ("a before c").  Within a
suit, a lower card goes home before a higher one.

Cut sets.  The first move based in (c, a] is made while the interval is
still whole, so its base is face up then.  A card of (c, a] face down now,
other than a, still has a above it at that moment, so it is still face down
(a card turns face up only as the top of its pile): the base is a face-up
card of (c, a], or a itself.  Those cards are the *cut set* of (c, a]: when
a is face down it is {a} alone, however deep c lies.  A cycle of "before"
relations cannot all hold, so some tableau move has its base in the union of
the cut sets of the cycle's intervals.  For cycles whose unions of cut sets
are pairwise disjoint these moves are distinct (a move has one base), so the
number of such cycles is a lower bound on the tableau moves of any win.

``CUT_SETS`` (a switch): without it every card of an interval counts as face
up here (the cut set is the whole interval), a weaker bound.  It adds 2.9
moves at the deal on average (deals 1-200) and raises the wins of deals
1-200 proved shortest at 10^7 nodes from 142 to 169 of 183.  Weighted A* is
guided by the bound without it (``YukonSearch.weighted_rules``).

The kernel packs greedily (any disjoint set gives a valid bound):
1. one-interval cycles: x above a lower card y of its own suit (x before y
   by the pile, y before x by the suit).  A face-down x counts alone (its
   cut set is {x}, which no other cut set holds: the others hold face-up
   cards and other face-down tops).  On the face-up part of each pile the
   cut sets are intervals of cards; with y the nearest such card under x,
   they are taken by their top end from the bottom up, each disjoint from
   the last one taken: the classic greedy, which packs the most disjoint
   intervals;
2. two-interval cycles among the cards not yet used: a above c and b above d
   (any piles, the two cut sets disjoint) with c and b of one suit, c lower,
   and d and a of one suit, d lower: a before c before b before d before a
   (KC on QH and KH on QC).  Cut sets of up to CYCLE_SPAN cards are tried.
"""
import numpy as np

from solitaire.games.yukon.kernel.state import CAP, CUT_SETS, DOWN, FOUND, LEN, PILES, R_OFF, card_at
from solitaire.jit.bits import lowest_bit
from solitaire.jit.compile import kernel

CYCLE_SPAN = 4  # most face-up cards in one cut set tried for the cycles of two intervals
NONE_UNDER = 0xDDDD  # no card of any suit under: 13 in each suit's 4-bit field


@kernel(allocates=True)
def lower_bound(state, rules):
    """Admissible: one foundation move per card not home, plus one tableau
    move per waiting cycle taken (module docstring)."""
    cut_sets = (rules[R_OFF] & CUT_SETS) != 0
    where = np.empty(52, dtype=np.int64)  # pile * CAP + index of each tableau card
    # closing[s, r]: the tableau cards with a card of suit s and rank below
    # r + 1 under them.  Only a speed-up of step 2: a partner b with no card
    # of the wanted suit and rank under it cannot close a cycle.
    closing = np.zeros((4, 14), dtype=np.uint64)
    cycles, used = _one_interval_cycles(state, cut_sets, where, closing)
    cycles += _two_interval_cycles(state, cut_sets, used, where, closing)
    home = np.int64(state[FOUND]) + state[FOUND + 1] + state[FOUND + 2] + state[FOUND + 3]
    return 52 - home + cycles


@kernel(inline="always")
def _one_interval_cycles(state, cut_sets, where, closing):
    """Step 1: the one-interval cycles taken and the cards of their cut sets
    (a bit set); fills ``where`` and ``closing``."""
    one = np.uint64(1)
    cycles = 0
    used = np.uint64(0)  # cards in the cut sets of the cycles taken
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p]) if cut_sets else 0
        hit = -1  # top index of the last face-up cut interval taken in this pile
        under = np.uint64(0)  # the cards under x
        from_hit = np.uint64(0)  # the cards under x from index ``hit`` up
        lows = NONE_UNDER  # the rank - 1 of each suit's lowest card under x, 4 bits per suit
        for j in range(length):
            x = card_at(state, p, j)
            bit = one << np.uint64(x)
            where[x] = p * CAP + j
            for t in range(4):
                closing[t, (lows >> (4 * t)) & 15] |= bit
            suit = x // 13
            low = (lows >> (4 * suit)) & 15
            if x % 13 < low:
                lows -= (low - x % 13) << (4 * suit)
            # the lower cards y of x's suit anywhere under a face-down x, else
            # where x's cut interval misses the last one taken
            lower = (under if j < down or hit < down else from_hit) & (bit - (one << np.uint64(suit * 13)))
            if lower != 0:
                cycles += 1
                if j < down:
                    used |= bit
                else:
                    i = 0  # the index of the nearest one
                    while lower != 0:
                        i = max(i, where[lowest_bit(lower)] % CAP)
                        lower &= lower - one
                    hit = j
                    from_hit = np.uint64(0)
                    for k in range(max(i + 1, down), j + 1):
                        used |= one << np.uint64(card_at(state, p, k))
            under |= bit
            from_hit |= bit
    for t in range(4):  # from "lowest under is rank r + 1" to "some card under is below rank r + 1"
        lower = np.uint64(0)
        for r in range(14):
            at = closing[t, r]
            closing[t, r] = lower
            lower |= at
    return cycles, used


@kernel(inline="always")
def _closing_cut(state, b, a, cut, used, where, cut_sets):
    """The cut set of an interval (d, b], d a card of a's suit lower than a
    under b, disjoint from ``cut`` and ``used`` and of at most CYCLE_SPAN
    cards, the nearest d first; 0 if there is none."""
    one = np.uint64(1)
    q = where[b] // CAP
    jb = where[b] % CAP
    down_q = np.int64(state[DOWN + q]) if cut_sets else 0
    cut2 = one << np.uint64(b)
    size2 = 1
    for k in range(jb - 1, -1, -1):
        if k + 1 < jb and k + 1 >= down_q:  # card k + 1 is face up: it joins the cut set
            z = card_at(state, q, k + 1)
            if (used >> np.uint64(z)) & one or (cut >> np.uint64(z)) & one or size2 == CYCLE_SPAN:
                break
            cut2 |= one << np.uint64(z)
            size2 += 1
        d = card_at(state, q, k)
        if d // 13 == a // 13 and d < a:
            return cut2
    return np.uint64(0)


@kernel(inline="always")
def _two_interval_cycles(state, cut_sets, used, where, closing):
    """Step 2: the two-interval cycles taken among the cards not ``used``."""
    one = np.uint64(1)
    cycles = 0
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p]) if cut_sets else 0
        for j in range(length):
            a = card_at(state, p, j)
            if (used >> np.uint64(a)) & one:
                continue
            over_lower_a = closing[a // 13, a % 13] & ~used  # the cards with a lower card d of a's suit under them
            if over_lower_a == 0:
                continue  # no partner b for any c
            cut = one << np.uint64(a)  # the cut set of (c, a]
            size = 1
            for i in range(j - 1, -1, -1):
                if i + 1 < j and i + 1 >= down:  # card i + 1 is face up: it joins the cut set
                    z = card_at(state, p, i + 1)
                    if (used >> np.uint64(z)) & one or size == CYCLE_SPAN:
                        break
                    cut |= one << np.uint64(z)
                    size += 1
                c = card_at(state, p, i)
                # a partner b above d: b of c's suit and higher, d of a's suit and lower than a
                higher_c = (one << np.uint64((c // 13) * 13 + 13)) - (one << np.uint64(c + 1))
                partners = higher_c & ~cut & over_lower_a
                cut2 = np.uint64(0)
                while partners != 0:
                    b = lowest_bit(partners)
                    partners &= partners - one
                    cut2 = _closing_cut(state, b, a, cut, used, where, cut_sets)
                    if cut2 != 0:
                        break
                if cut2 != 0:
                    used |= cut | cut2
                    cycles += 1
                    break
    return cycles
