"""The kernels' position: a flat ``uint8`` array, its accessors, the rules
array and its switch word, move codes, and the pyramid's geometry.

State layout (``STATE_LEN`` bytes)::

    [CARDS + i]      pyramid card at place i (0..27, row by row), then the
                     24 stock cards in their original turning order (28..51)
    [PYR..PYR+3]     28-bit mask: pyramid places still holding their card
    [PRESENT..+2]    24-bit mask: stock cards not yet removed ("P")
    [TURNED..+2]     24-bit mask: present cards now on a waste pile ("T");
                     the stock is P & ~T.  Within a pass cards are turned in
                     order, so the waste is a prefix of the turning order.
    [REDEALS]        redeals made (kept 0 when passes are unlimited)
    [PILE + i]       waste pile (0..2) of stock card i while it is turned
    [RMASK + 4r..]   28-bit mask of the pyramid places dealt a card of rank r
                     (constant for a deal: spares the kernels a scan)
    [PCOUNT..+7]     per rank (4 bits each, rank r at bit 4r), the cards of
                     the pyramid still there; [SCOUNT..+7] the same for the
                     present stock and waste cards (P)
    [PMASK + 3k..]   24-bit mask of the cards on waste pile k (three piles;
                     pile 0 is the whole waste under draw 1)
    (the last three fields are caches, kept up to date move by move: the
    property tests compare every kernel child with the reference position
    encoded afresh, so a stale cache fails them)

A card's *location* is its index in CARDS: 0..27 pyramid, 28..51 stock.
A move is ``loc_a | loc_b << 6 | kind << 12 | t << 16``: ``kind`` 0 removes
the cards at ``loc_a`` (and ``loc_b``; 63 = none, a King), 1 is ``draw``,
2 is ``redeal``.  A removal with ``t > 0`` is *compound*: it first makes
``t`` stock actions (each is ``draw`` if the stock has cards, else
``redeal``: the only stock action then legal) and then removes
(``compound.py``).  MODE_ALL lists single actions only (t = 0), as the
reference engine does.

Hot paths allocate nothing: counts per rank are packed 4 bits a rank into
one int64 (a rank has only 4 cards), and the deal's mask of pyramid places
holding each rank is stored in the state (RMASK).
"""
import numpy as np

from solitaire.jit.bits import popcount as _popcount
from solitaire.jit.cards import rank_of
from solitaire.jit.compile import kernel

# --- state layout ---------------------------------------------------------------
NPYR = 28
NSTOCK = 24
CARDS = 0
PYR = 52
PRESENT = 56
TURNED = 59
REDEALS = 62
PILE = 64
RMASK = PILE + NSTOCK  # 14 x 4 bytes, constant for a deal
PCOUNT = RMASK + 14 * 4
SCOUNT = PCOUNT + 8
PMASK = SCOUNT + 8
STATE_LEN = PMASK + 3 * 3 + 7  # padded to whole 64-bit words: apply_move copies words

# --- rules array ------------------------------------------------------------------
# R_ABS_*: where the pyramid game (abstraction.py) is tried (at most this many
# pyramid cards left: in gen_moves for MODE_SOLVE, in gen_moves for
# MODE_OPTIMAL, in lower_bound; a full pyramid always) and its budgets.
# R_OFF: the reductions switched off, one bit each (below); 0 in every
# search that gives users' verdicts.
(R_DRAW, R_PASSES, R_STOCK_TOP, R_COVER, R_ABS_SMALL, R_ABS_SMALL_OPT, R_ABS_SMALL_BOUND, R_ABS_BUDGET,
 R_ABS_BUDGET_FULL, R_OFF) = range(10)
RULES_LEN = 10

# --- the reductions' switches (bits of rules[R_OFF]; spec.py names them) -------------
KING_PYRAMID = 1 << 0  # forced.py: an exposed pyramid King removed at once
KING_OUTSIDE = 1 << 1  # forced.py: a waste-top or stock-top King removed at once
LAST_PAIR = 1 << 2  # forced.py: the last pair of two ranks removed at once
ONLY_PARTNER = 1 << 3  # forced.py: a pyramid card with one possible partner
TOO_FEW_PARTNERS = 1 << 4  # deadends.py: too few partners for the pyramid's cards
PYRAMID_MATCHING = 1 << 5  # deadends.py: covering cones limit the pyramid-only pairs
DEAD_WASTE = 1 << 6  # deadends.py: waste cards that can never move, left out
PYRAMID_GAME = 1 << 7  # abstraction.py: the pyramid game lost
NEW_CARDS_ONLY = 1 << 8  # compound.py: after stock actions, only removals using a new card
ONE_STOCK_CYCLE = 1 << 9  # compound.py: at most one cycle of stock actions per move
BOUND_DRAWS = 1 << 10  # bounds.py: the cost of exposing the outside partners
BOUND_COUPLING = 1 << 11  # bounds.py: the coupling bound (draw 1, stock top playable)

# --- moves -----------------------------------------------------------------------
NONE = 63
K_REMOVE, K_DRAW, K_REDEAL = 0, 1, 2
DRAW_MOVE = K_DRAW << 12
REDEAL_MOVE = K_REDEAL << 12
# Buffer bound: at most 7 exposed pyramid cards (the exposed cards form an
# antichain of the covering order, and the 7 diagonals are chains) plus 3
# waste tops plus the stock top = 11 cards: <= 55 pairs + 11 Kings + 14
# covering pairs (2 per exposed coverer) = 80 removals after any number t of
# stock actions, and t <= 2 * 24 + 1 (compound.py, ``one_stock_cycle`` off).
MAX_MOVES = 80 + 49 * 80 + 8
BIG = 10000  # lower bound of a dead position

# --- geometry ------------------------------------------------------------------------


def _geometry():
    cover = np.zeros(NPYR, dtype=np.int64)
    for r in range(6):
        for c in range(r + 1):
            i = r * (r + 1) // 2 + c
            j = (r + 1) * (r + 2) // 2 + c
            cover[i] = (1 << j) | (1 << (j + 1))
    cone = np.zeros(NPYR, dtype=np.int64)
    for i in range(NPYR - 1, -1, -1):
        m = cover[i]
        for j in range(NPYR):
            if (cover[i] >> j) & 1:
                m |= cone[j]
        cone[i] = m
    under = np.zeros(NPYR, dtype=np.int64)  # places that i lies above (in their cone)
    covered_by = np.zeros(NPYR, dtype=np.int64)
    for i in range(NPYR):
        for j in range(NPYR):
            if (cone[j] >> i) & 1:
                under[i] |= 1 << j
            if (cover[j] >> i) & 1:
                covered_by[i] |= 1 << j
    block = cone | under
    block_cover = block & ~(cover | covered_by)
    return cover, block, block_cover


# COVER[i]: the two places lying directly on place i.  BLOCKS[cov, i]: the
# places that cannot pair with place i, as one lies in the other's covering
# cone (cov = pair_covering: a card lying directly on the other may).
COVER, BLOCK, BLOCK_COVER = _geometry()
BLOCKS = np.stack([BLOCK, BLOCK_COVER])


@kernel
def _exposed_pyramid(pyr):
    e = np.int64(0)
    for i in range(NPYR):
        if (pyr >> i) & 1 and (pyr & COVER[i]) == 0:
            e |= np.int64(1) << i
    return e


@kernel(inline="always")
def _covering_mate(pyr, i):
    """``pair_covering``: the one card still lying on place i when it is
    exposed (and i is present), else -1."""
    left = pyr & COVER[i]
    if (pyr >> i) & 1 and left != 0 and (left & (left - 1)) == 0:
        j = _low(left)
        if (pyr & COVER[j]) == 0:
            return j
    return -1


# --- accessors and bit helpers ---------------------------------------------------------

@kernel(inline="always")
def _get(state, off, n):
    v = np.int64(0)
    for k in range(n):
        v |= np.int64(state[off + k]) << (8 * k)
    return v


@kernel(inline="always")
def _put(state, off, n, v):
    for k in range(n):
        state[off + k] = (v >> (8 * k)) & 0xFF


@kernel(inline="always")
def _low(x):
    """Index of the lowest set bit (x != 0)."""
    return _popcount((x & -x) - 1)


@kernel(inline="always")
def _high(x):
    """Index of the highest set bit, -1 for 0."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return _popcount(x) - 1


@kernel(inline="always")
def _nth_low(mask, k):
    """Index of the k-th (1-based) lowest set bit of mask, -1 if fewer."""
    while mask:
        i = _low(mask)
        k -= 1
        if k == 0:
            return i
        mask &= mask - 1
    return -1


@kernel
def _card_rank(state, loc):
    return rank_of(state[CARDS + loc])


@kernel(inline="always")
def _cnt(packed, r):
    return (packed >> (4 * r)) & 15


@kernel(inline="always")
def _one(r):
    return np.int64(1) << (4 * r)


@kernel(inline="always")
def _rmask(state, r):
    """Pyramid places (all 28, removed or not) holding a card of rank r."""
    return _get(state, RMASK + 4 * r, 4)


@kernel
def _stock_counts(state, mask):
    """Packed per-rank counts of the stock cards in ``mask``."""
    out = np.int64(0)
    while mask:
        i = _low(mask)
        mask &= mask - 1
        out += _one(rank_of(state[CARDS + NPYR + i]))
    return out


# --- move codes ------------------------------------------------------------------------

@kernel(inline="always")
def make_move(a, b, t):
    return a | (b << 6) | (t << 16)


@kernel(inline="always")
def move_kind(move):
    return (move >> 12) & 3


@kernel(inline="always")
def move_a(move):
    return move & 63


@kernel(inline="always")
def move_b(move):
    return (move >> 6) & 63


@kernel(inline="always")
def move_t(move):
    return (move >> 16) & 255
