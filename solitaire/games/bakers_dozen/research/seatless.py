"""The seatless game: the threshold game with the seats forgotten.

Why: the threshold game (``threshold.py``) of deal 417 (any-suit /
kings=bottom) at rank 5 holds billions of positions, almost all of them the
same cards sitting on other seats (docs/bakers_dozen.md).  Which seat a card
sits on hardly matters; that the seats are *enough* does: a King holds one
Queen, an Eight one Seven.  The seatless game keeps only that.  Its
positions are the cards that never moved and the set of cards *parked*
(moved, not home), with no record of where each one sits: 922,727
positions prove 417 lost.

The seatless game from a position P, for a threshold rank k
-----------------------------------------------------------
Cards of rank < k are *low*, the others *high*.  A position is, for each
column, how many of P's cards at its bottom have never moved (the
*prefix*), and the set S of parked high cards; every other card is out of
the columns.  A low card on top of a prefix leaves it at once (it
vanishes).  A high card y is a *seat* when y is in S or on top of its
prefix.  The position is *seatable* at rank r when the cards of S of rank
r can be given distinct seats of rank r + 1 (of another suit under
other-suit building).  The moves, for a high card x of rank r:

1. x on top of its prefix leaves it, when the cards of S of rank r - 1 can
   be seated without x (nothing need lie on x), and either
   (a) goes home, when no lower card of its suit is in the columns, or
   (b) joins S, when the new position is seatable at rank r;
2. x in S goes home, on the same two conditions as 1 and 1(a).

Won when every card is out.  Only kings=bottom (no card enters an empty
column); ``seatless_search`` refuses kings=free.

Soundness: a lost seatless game means a lost real position
---------------------------------------------------------
Follow a real line of play from P with psi(Q): each column's prefix of
cards that have not moved since P, less the low cards on its top, and S the
high cards that have moved and are not home.  Every real psi(Q) is
seatable at every rank: a moved high card w (rank r) lies on a card y of
rank r + 1 (of another suit under other-suit), y is high, each card holds
one card, and y has moved (y in S) or has not, in which case every card
that lay above y has moved (w is on y), so y is on top of its prefix, and
high, so it is not stripped.  Each real move maps to at most one seatless
move leading to psi of the new position:

* a low card moves: if it had not moved, it was on top of its column's
  prefix, which the stripping had removed it from already; psi is the same;
* a high card moves from seat to seat: psi is the same;
* a high card x moves for the first time, onto a card or home: it is on top
  of its column, so on top of its prefix in psi(Q), and no moved high card
  lies on it, so the real seats of S's rank r - 1 cards avoid x; if home,
  every lower card of its suit is home, so out in psi(Q) (home cards have
  moved and are not in S; a low card in a prefix is a card in the real
  columns); if onto a card, psi of the new position is seatable: move 1;
* a moved high card goes home: move 2, the same way.

A real win puts every card home: psi of it has every card out, a seatless
win.  So if the seatless game from P is lost, P is lost.  The search visits
every seatless position it reaches, with exact keys (13 prefix lengths of 5
bits and the 52-bit set S), so "lost" means that set holds no win.

The threshold game at the same rank k keeps the seats; forgetting them maps
each of its lines to a seatless line, so the seatless game is the weaker
of the two (lost less often) and far smaller.  Lower k keeps more cards
as they are: the game is larger and loses more often.
"""
import numpy as np
from numba import njit

from solitaire.games.bakers_dozen.kernel.state import C0, CAP, H0, NCOLS, R_KINGS_FREE, R_OTHER_SUIT
from solitaire.games.bakers_dozen.research import keyset
from solitaire.games.bakers_dozen.research.status import BUDGET, LOST, REFUSED, WON
from solitaire.jit.cards import rank_of, suit_of

_MASK5 = np.uint64(31)


@njit(cache=True, inline="always")
def _bit(c):
    return np.uint64(1) << np.uint64(c)


@njit(cache=True, inline="always")
def _in_columns(c, prefix, parked, col_of, idx_of):
    return (parked & _bit(c)) != 0 or (col_of[c] >= 0 and idx_of[c] < prefix[col_of[c]])


@njit(cache=True, inline="always")
def _is_seat(y, prefix, parked, col_of, idx_of, high):
    if not high[y]:
        return False
    return (parked & _bit(y)) != 0 or (col_of[y] >= 0 and idx_of[y] == prefix[col_of[y]] - 1)


@njit(cache=True)
def _seatable(r, prefix, parked, col_of, idx_of, high, other, extra, avoid):
    """The parked cards of rank r, and ``extra`` (-1: none), can be given
    distinct seats of rank r + 1 other than ``avoid``: a matching of at most
    four cards to four seats, by the set of seat masks each prefix of the
    cards can use."""
    if r < 1:
        return True  # nothing is lower than an Ace
    reach = np.uint32(1)  # bit m: the cards so far can use exactly seat mask m
    for s in range(5):
        if s < 4:
            x = s * 13 + r - 1
            if (parked & _bit(x)) == 0:
                continue
        elif extra >= 0:
            x = extra
        else:
            break
        if r == 13:
            return False  # a King has no seat
        nxt = np.uint32(0)
        for t in range(4):
            y = t * 13 + r
            if y == avoid or (other and t == suit_of(x)) or not _is_seat(y, prefix, parked, col_of, idx_of, high):
                continue
            for m in range(16):
                if (reach >> np.uint32(m)) & np.uint32(1) and not (m >> t) & 1:
                    nxt |= np.uint32(1) << np.uint32(m | (1 << t))
        reach = nxt
        if reach == 0:
            return False
    return True


@njit(cache=True, inline="always")
def _lower_out(x, prefix, parked, col_of, idx_of):
    s = suit_of(x)
    for q in range(rank_of(x) - 1):
        if _in_columns(s * 13 + q, prefix, parked, col_of, idx_of):
            return False
    return True


@njit(cache=True)
def _strip(prefix, base, high):
    """Low cards on top of a prefix vanish."""
    for k in range(NCOLS):
        while prefix[k] > 0 and not high[base[k, prefix[k] - 1]]:
            prefix[k] -= 1


@njit(cache=True)
def _encode(prefix, parked):
    w1 = keyset.USED
    for k in range(NCOLS):
        if k < 2:
            parked |= np.uint64(prefix[k]) << np.uint64(52 + 5 * k)
        else:
            w1 |= np.uint64(prefix[k]) << np.uint64(5 * (k - 2))
    return parked, w1


@njit(cache=True)
def _decode(w0, w1, prefix):
    for k in range(NCOLS):
        if k < 2:
            prefix[k] = (w0 >> np.uint64(52 + 5 * k)) & _MASK5
        else:
            prefix[k] = (w1 >> np.uint64(5 * (k - 2))) & _MASK5
    return w0 & ((np.uint64(1) << np.uint64(52)) - np.uint64(1))


@njit(cache=True)
def seatless_search(state, rules, thr, max_positions):
    """Search the seatless game (threshold rank ``thr``, 1..13) from
    ``state`` to the end or to ``max_positions`` positions: returns (WON /
    LOST / BUDGET / REFUSED, positions)."""
    if rules[R_KINGS_FREE] != 0 or thr < 1 or thr > 13:
        return REFUSED, 0
    other = rules[R_OTHER_SUIT] != 0
    base = np.zeros((NCOLS, CAP), np.int64)
    col_of = np.full(52, -1, np.int64)
    idx_of = np.zeros(52, np.int64)
    high = np.zeros(52, np.bool_)
    for c in range(52):
        high[c] = rank_of(c) >= thr
    prefix = np.zeros(NCOLS, np.int64)
    for k in range(NCOLS):
        prefix[k] = state[H0 + k]
        for i in range(prefix[k]):
            c = state[C0 + CAP * k + i]
            base[k, i] = c
            col_of[c] = k
            idx_of[c] = i
    _strip(prefix, base, high)
    if prefix.sum() == 0:
        return WON, 1
    w0, w1 = _encode(prefix, np.uint64(0))
    table, count, stack0, stack1, sp = keyset.start(w0, w1)
    nprefix = np.zeros(NCOLS, np.int64)
    # children: at most two per column with a prefix (c of them) and one per
    # parked card (at most 52 - c, a prefix holding a card not parked)
    kid_prefix = np.zeros((NCOLS + 52, NCOLS), np.int64)
    kid_parked = np.zeros(NCOLS + 52, np.uint64)
    while sp > 0:
        sp -= 1
        parked = _decode(stack0[sp], stack1[sp], prefix)
        m = 0
        for k in range(NCOLS):  # move 1: the top card of a prefix
            if prefix[k] == 0:
                continue
            x = base[k, prefix[k] - 1]
            r = rank_of(x)
            if not _seatable(r - 1, prefix, parked, col_of, idx_of, high, other, -1, x):
                continue  # something must lie on x
            nprefix[:] = prefix
            nprefix[k] -= 1
            _strip(nprefix, base, high)
            if _lower_out(x, prefix, parked, col_of, idx_of):
                kid_prefix[m] = nprefix
                kid_parked[m] = parked
                m += 1
            if _seatable(r, nprefix, parked, col_of, idx_of, high, other, x, -1):
                kid_prefix[m] = nprefix
                kid_parked[m] = parked | _bit(x)
                m += 1
        for x in range(52):  # move 2: a parked card goes home
            if (parked & _bit(x)) == 0 or not _lower_out(x, prefix, parked, col_of, idx_of):
                continue
            if _seatable(rank_of(x) - 1, prefix, parked, col_of, idx_of, high, other, -1, x):
                kid_prefix[m] = prefix
                kid_parked[m] = parked & ~_bit(x)
                m += 1
        for i in range(m):
            if kid_parked[i] == 0 and kid_prefix[i].sum() == 0:
                return WON, count
            a, b = _encode(kid_prefix[i], kid_parked[i])
            new, table, count, stack0, stack1, sp = keyset.visit(table, count, stack0, stack1, sp, a, b)
            if new and count >= max_positions:
                return BUDGET, count
    return LOST, count
