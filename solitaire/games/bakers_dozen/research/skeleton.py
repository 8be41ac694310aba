"""The skeleton game: a relaxation of Baker's Dozen whose loss proves a loss.

Why: some deals (417 under any-suit / kings=bottom) are lost for reasons
no local dead-end test sees (a capacity cycle through several ranks of
seats), and their real game trees are far too large to search to the end.
The skeleton game forgets which *moved* card lies where and keeps only the
ranks of the piles built on the columns, which merges a great many real
positions into one, while it keeps exactly what blocks the cards that
never moved and how many seats of each rank there are.

The skeleton position, for a chosen start position P (the root)
--------------------------------------------------------------------
Call the cards in P's columns the *base*: column k's base is its cards in
P, bottom first.  A skeleton position is

* ``F[s]``: the highest rank on suit s's foundation;
* ``d[k]``: how many of column k's base cards (from the bottom) have not
  moved since P;
* ``m[k]``: how many cards lie on top of those (the *pile* of column k).

A card is *parked* when it is not home and is not among the unmoved base
cards (F and d say which cards these are).  Nothing says which parked card
lies where.  The pile of column k is a run of ranks counting down by one
from the rank of its top unmoved base card (14 for an empty column under
kings=free, where only a King may enter; under kings=bottom an empty
column takes nothing, rank 0), so its top rank is ``that rank - m[k]``.

Skeleton moves (any column k that is not empty):

1. the top is an unmoved base card x (``m[k]`` = 0): x goes home if its
   foundation is at rank(x) - 1 (``d[k]``, F change), or onto a column j
   whose top rank is rank(x) + 1 (``d[k]`` - 1, ``m[j]`` + 1);
2. the top is a pile card of rank t (``m[k]`` > 0): it may stand for any
   parked card of rank t.  It goes home as suit s if some parked card of
   suit s and rank t fits (F[s] = t - 1), or onto a column j whose top
   rank is t + 1 (``m[k]`` - 1, ``m[j]`` + 1).
3. Under other-suit building a move onto a column is refused only when no
   choice of the two cards (each known when it is an unmoved base card,
   else any parked card of its rank) has different suits.

Won when every foundation holds its King.

Soundness: a lost skeleton game means a lost real position
----------------------------------------------------------
Take any real line of play from P.  Follow it with the skeleton position
where ``d[k]`` counts column k's base cards that have not yet moved in the
line, ``m[k]`` the cards above them, and F the foundations.  Invariant: the
real column k is its first ``d[k]`` base cards followed by ``m[k]`` cards
that have each moved since P (they came onto the column by moves; a card
once moved is no unmoved base card, whichever column it left, and it is
not home while it lies in a column), and those counting down by one from
the top base card, because every real move onto a column puts a card on
a card one rank higher (or, kings=free, a King into an empty column).  So
the real top card of each column has the skeleton's top rank, and it is
the unmoved base card x exactly when ``m[k]`` = 0.  Now each real move is
a skeleton move leading to the followed position:

* a top card goes home: if it is the base card x, move 1; else it is a
  parked card of rank t that fits its foundation, so move 2 allows "home
  as its suit";
* a top card goes onto column j: the real top of j is one rank higher
  (or j is empty and the card a King, kings=free), which is the skeleton
  top rank of j; move 1 or 2 again; under other-suit the two real cards
  have different suits and each is one of the choices of rule 3.

In each case the skeleton position after the move is the followed one (F,
d and m change as the real move changes them).  A real win puts every card
home, which is a skeleton win.  So if no skeleton line from P wins, no real
line from P wins.  The skeleton game only *adds* moves to the real game
(the search's reductions are not used here at all), and other-suit only
removes moves from any-suit, so the argument holds for all four rule
settings.  The search below visits every skeleton position reachable from
P (exact keys, no hashing shortcut: a key collision could hide a win), so
"lost" means that set holds no win.

Reductions, and why the argument survives them
----------------------------------------------
The search does not try every skeleton move; it follows only the images of
real lines of a particular kind, and some such line exists whenever the
real position is won.  Build it one move at a time from a won real
position Q (its skeleton position S followed as above):

* if S shows a *visibly safe* foundation move (switch
  ``OFF_SKELETON_SAFE_HOME``), the real line plays it: a column k whose
  top is the base card x that fits its foundation, or a pile whose top
  rank t is such that every parked card of rank t fits (then the real top
  card, parked and of rank t, fits), with every foundation at least t - 2.  ``kernel.moves.is_safe_to_foundation`` proves
  that some shortest win of Q starts with that card going home, so the
  next position is won and one move nearer a win.  The search then tries
  only that column's move home, for each suit the card may have: the
  real move is one of them;
* otherwise the real line plays the first move of a shortest win of Q.
  Under kings=bottom it never moves a column's only card onto another
  column (``kernel.moves._lone_cards_stay_put``: a win doing so has a
  shorter one), so the search drops such moves (a column whose only card
  is its last base card, ``d[k]`` = 1 and ``m[k]`` = 0; switch
  ``OFF_SKELETON_LONE_CARD``).

Each step brings the real line one move nearer a win, so it ends in a
won position, and its image is a skeleton line that the search follows.
And a skeleton position is dropped when ``_stuck`` (switch
``OFF_SKELETON_DEAD_END``) proves that no real
position it stands for is won (its docstring), so the image of a won real
line never passes through one.  Hence: if the search visits every
position it reaches and none is won, the real position P is lost.

Encoding: ``w0`` = F (4 x 4 bits) and ``m[0..11]`` (4 bits each; a pile
has at most 13 cards); ``w1`` = d in mixed radix (product of (base height
+ 1) <= 5^13 < 2^31, as the heights sum to at most 52), then ``m[12]``
and a bit marking the slot used.  Two positions with the same key are
the same skeleton position.
"""
import numpy as np
from numba import njit

from solitaire.games.bakers_dozen.kernel.deadends import column_to_empty, seat_ahead
from solitaire.games.bakers_dozen.kernel.state import (C0, CAP, F0, H0, NCOLS, OFF_SKELETON_DEAD_END,
                                                       OFF_SKELETON_LONE_CARD, OFF_SKELETON_SAFE_HOME, R_KINGS_FREE,
                                                       R_OTHER_SUIT, is_on)
from solitaire.games.bakers_dozen.research import keyset
from solitaire.games.bakers_dozen.research.status import BUDGET, LOST, WON
from solitaire.jit.cards import rank_of, suit_of


@njit(cache=True, inline="always")
def _encode(f, d, m, radix):
    w0 = np.uint64(0)
    for s in range(4):
        w0 |= np.uint64(f[s]) << np.uint64(4 * s)
    for k in range(12):
        w0 |= np.uint64(m[k]) << np.uint64(16 + 4 * k)
    w1 = np.uint64(0)
    for k in range(NCOLS - 1, -1, -1):
        w1 = w1 * np.uint64(radix[k]) + np.uint64(d[k])
    w1 |= np.uint64(m[12]) << np.uint64(31)
    return w0, w1 | keyset.USED


@njit(cache=True, inline="always")
def _decode(w0, w1, f, d, m, radix):
    for s in range(4):
        f[s] = (w0 >> np.uint64(4 * s)) & np.uint64(15)
    for k in range(12):
        m[k] = (w0 >> np.uint64(16 + 4 * k)) & np.uint64(15)
    m[12] = (w1 >> np.uint64(31)) & np.uint64(15)
    x = w1 & np.uint64((1 << 31) - 1)
    for k in range(NCOLS):
        d[k] = x % np.uint64(radix[k])
        x //= np.uint64(radix[k])


@njit(cache=True, inline="always")
def _parked(c, f, d, col_of, idx_of):
    if f[suit_of(c)] >= rank_of(c):
        return False  # home
    k = col_of[c]
    return k < 0 or idx_of[c] >= d[k]


@njit(cache=True)
def _suits(r, f, d, col_of, idx_of):
    """Bit mask of the suits of the parked cards of rank r (1..13)."""
    mask = 0
    for s in range(4):
        if _parked(s * 13 + r - 1, f, d, col_of, idx_of):
            mask |= 1 << s
    return mask


@njit(cache=True, inline="always")
def _without_top(f, d, m, k, nf, nd, nm):
    """Copy (f, d, m) into (nf, nd, nm) with column k's top card taken off:
    a moved card if the column has any, else its top unmoved card."""
    for s in range(4):
        nf[s] = f[s]
    for q in range(NCOLS):
        nd[q] = d[q]
        nm[q] = m[q]
    if m[k] > 0:
        nm[k] -= 1
    else:
        nd[k] -= 1


@njit(cache=True)
def _stuck(f, d, base, col_of, idx_of, other, free, marked):
    """True if some unmoved base card can provably never move (no win).

    The first-move closure of ``kernel.deadends.is_dead_end`` with every parked
    card taken as able to move whenever needed (to go home, or to serve as
    a seat), and piles taken as able to leave: more cards get marked than
    the real closure marks in any real position this skeleton position
    stands for (by induction on the real closure's order, each base card
    it marks satisfies these weaker conditions).  So an unmarked base card
    is unmarked in the real closure too, and that real position is lost.
    """
    unmarked = 0
    for c in range(52):
        marked[c] = False
    for k in range(NCOLS):
        unmarked += d[k]
    for c in range(52):
        if f[suit_of(c)] < rank_of(c) and (col_of[c] < 0 or idx_of[c] >= d[col_of[c]]):
            marked[c] = True  # parked
    done = np.zeros(NCOLS, np.int64)
    changed = True
    while changed and unmarked > 0:
        changed = False
        for k in range(NCOLS):
            while done[k] < d[k]:
                i = d[k] - 1 - done[k]
                x = base[k, i]
                r = rank_of(x)
                s = suit_of(x)
                ok = True
                for q in range(f[s] + 1, r):
                    if not marked[s * 13 + q - 1]:
                        ok = False
                        break
                if not ok and r < 13:
                    ok = seat_ahead(r, s, k, i, other, f, 0, col_of, idx_of, d, done)  # a parked T is ready
                if not ok and r == 13 and free:
                    ok = column_to_empty(k, d, done)
                if not ok:
                    break
                marked[x] = True
                done[k] += 1
                unmarked -= 1
                changed = True
    return unmarked > 0


@njit(cache=True)
def _root(state):
    """The root's base columns (``base``, ``col_of``/``idx_of`` of each
    card), the key's radix and the root's skeleton position (f, d)."""
    base = np.zeros((NCOLS, CAP), np.int64)
    radix = np.zeros(NCOLS, np.int64)
    col_of = np.full(52, -1, np.int64)
    idx_of = np.zeros(52, np.int64)
    f = np.zeros(4, np.int64)
    d = np.zeros(NCOLS, np.int64)
    for s in range(4):
        f[s] = state[F0 + s]
    for k in range(NCOLS):
        h = state[H0 + k]
        radix[k] = h + 1
        d[k] = h
        for i in range(h):
            c = state[C0 + CAP * k + i]
            base[k, i] = c
            col_of[c] = k
            idx_of[c] = i
    return base, radix, col_of, idx_of, f, d


@njit(cache=True)
def _tops(f, d, m, base, col_of, idx_of, free, top, tsuit):
    """Each column's top rank (``top``, 0: takes nothing) and the suit mask
    of the cards its top may be (``tsuit``, 0: empty)."""
    for k in range(NCOLS):
        br = rank_of(base[k, d[k] - 1]) if d[k] > 0 else (14 if free else 0)
        top[k] = br - m[k]
        if d[k] == 0 and m[k] == 0:
            tsuit[k] = 0
        elif m[k] == 0:
            tsuit[k] = 1 << suit_of(base[k, d[k] - 1])
        else:
            tsuit[k] = _suits(top[k], f, d, col_of, idx_of)


@njit(cache=True)
def _safe_column(f, top, tsuit):
    """The first column with a visibly safe foundation move (module doc), or -1."""
    minf = min(min(f[0], f[1]), min(f[2], f[3]))
    for k in range(NCOLS):
        if tsuit[k] != 0 and minf >= top[k] - 2:
            fits = True
            for s in range(4):
                if (tsuit[k] >> s) & 1 == 1 and f[s] != top[k] - 1:
                    fits = False
            if fits:
                return k
    return -1


@njit(cache=True, inline="always")
def _record(nf, nd, nm, radix, succ0, succ1, is_home, ns, home):
    """Child ``ns`` is the position (nf, nd, nm), a home move if ``home``."""
    succ0[ns], succ1[ns] = _encode(nf, nd, nm, radix)
    is_home[ns] = home


@njit(cache=True)
def _successors(f, d, m, radix, top, tsuit, safe, other, lone_stays, nf, nd, nm, succ0, succ1, is_home):
    """The keys of the children (only column ``safe``'s home moves when
    ``safe`` >= 0; a column's only unmoved card stays put with
    ``lone_stays``) in ``succ0/succ1``, ``is_home`` marking home moves;
    how many."""
    ns = 0
    for k in range(NCOLS):
        if tsuit[k] == 0 or (safe >= 0 and k != safe):
            continue
        t = top[k]
        src = tsuit[k]
        # onto another column
        for j in range(NCOLS):
            if safe >= 0 or j == k or top[j] != t + 1:
                continue
            if lone_stays and d[k] == 1 and m[k] == 0:
                break
            if other and tsuit[j] != 0:
                # some allowed pair of suits must differ
                if src == tsuit[j] and (src & (src - 1)) == 0:
                    continue
            _without_top(f, d, m, k, nf, nd, nm)
            nm[j] += 1
            _record(nf, nd, nm, radix, succ0, succ1, is_home, ns, False)
            ns += 1
        # home, as each suit it may be
        for s in range(4):
            if (src >> s) & 1 == 1 and f[s] == t - 1:
                _without_top(f, d, m, k, nf, nd, nm)
                nf[s] += 1
                _record(nf, nd, nm, radix, succ0, succ1, is_home, ns, True)
                ns += 1
    return ns


@njit(cache=True)
def skeleton_search(state, rules, max_positions):
    """Search the skeleton game from ``state`` to the end or to
    ``max_positions`` positions: returns (WON / LOST / BUDGET, positions).
    The exact-key set has 16 bytes a slot and grows when 3/4 full.  The
    reductions of the module doc are switched off by the rules'
    ``OFF_SKELETON_*`` bits."""
    other = rules[R_OTHER_SUIT] != 0
    free = rules[R_KINGS_FREE] != 0
    safe_home = is_on(rules, OFF_SKELETON_SAFE_HOME)
    lone_stays = not free and is_on(rules, OFF_SKELETON_LONE_CARD)
    dead_ends = is_on(rules, OFF_SKELETON_DEAD_END)
    base, radix, col_of, idx_of, f, d = _root(state)
    m = np.zeros(NCOLS, np.int64)
    w0, w1 = _encode(f, d, m, radix)
    table, count, stack0, stack1, sp = keyset.start(w0, w1)
    top = np.zeros(NCOLS, np.int64)
    tsuit = np.zeros(NCOLS, np.int64)
    nf = np.zeros(4, np.int64)
    marked = np.zeros(52, np.bool_)
    nd = np.zeros(NCOLS, np.int64)
    nm = np.zeros(NCOLS, np.int64)
    # successors of one position, pushed home moves last (popped first)
    succ0 = np.empty(4 * NCOLS * NCOLS + 64, np.uint64)
    succ1 = np.empty(4 * NCOLS * NCOLS + 64, np.uint64)
    is_home = np.zeros(4 * NCOLS * NCOLS + 64, np.bool_)
    while sp > 0:
        sp -= 1
        _decode(stack0[sp], stack1[sp], f, d, m, radix)
        if f[0] + f[1] + f[2] + f[3] == 52:
            return WON, count
        if dead_ends and _stuck(f, d, base, col_of, idx_of, other, free, marked):
            continue
        _tops(f, d, m, base, col_of, idx_of, free, top, tsuit)
        safe = _safe_column(f, top, tsuit) if safe_home else -1
        ns = _successors(f, d, m, radix, top, tsuit, safe, other, lone_stays, nf, nd, nm, succ0, succ1, is_home)
        # column moves first onto the stack, then home moves (popped first)
        for i in range(2 * ns):
            if is_home[i % ns] != (i >= ns):
                continue
            new, table, count, stack0, stack1, sp = keyset.visit(table, count, stack0, stack1, sp,
                                                                 succ0[i % ns], succ1[i % ns])
            if new and count >= max_positions:
                return BUDGET, count
    return LOST, count
