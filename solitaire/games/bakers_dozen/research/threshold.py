"""The threshold game: a relaxation of Baker's Dozen whose loss proves a loss.

Why: a deal like 417 (any-suit / kings=bottom) is lost, if it is, through a
capacity cycle of seats (Kings for Queens, Eights for Sevens), while most of
its real positions only shuffle low cards from one seat to another; the
real game is not exhausted at a billion nodes.  The threshold game keeps
every card of rank ``k`` or more exactly as the real game has it and lets
every lower card leave the columns as soon as it is on top, so the seats of
the high cards keep their capacity while the low cards' shuffling is gone.

The threshold game from a position P, for a threshold rank k
------------------------------------------------------------
Cards of rank < k are *low*, the others *high*.  Positions are columns of
cards and foundations, as in the real game; the moves are:

1. a low card on top of a column leaves the columns (it *vanishes*);
2. a high card x on top of a column goes onto the top card of another
   column if that card is one rank higher (and of another suit, under
   other-suit building);
3. a high card x of suit s goes home when no card of suit s of lower rank
   is left in the columns.

Won when the columns are empty.  Only kings=bottom (no card ever enters an
empty column); ``threshold_search`` refuses kings=free.

Soundness: a lost threshold game means a lost real position
----------------------------------------------------------
Follow a real line of play from P with the threshold position phi(Q): the
real position Q with every low card removed that has moved since P (gone
home or onto another card).  Each real move maps to at most one threshold
move leading to the followed position:

* a low card that had not moved yet leaves its place: it is on top in Q, so
  on top in phi(Q) (phi only removes cards): move 1.  A low card that had
  moved: not in phi(Q), and phi does not change;
* a high card x goes onto card z: x and z are top cards in Q, hence in
  phi(Q), and the build rule is the same: move 2;
* a high card goes home: every lower card of its suit is home in Q, hence
  out of phi(Q)'s columns (low ones have moved, high ones are home): move 3.

A real win puts every card home; phi of it has empty columns, a threshold
win.  So if the threshold game from P is lost, the real position P is lost.
Other-suit only takes moves away, so the argument holds for both building
rules.  The search visits every threshold position it reaches, with exact
keys (a hash collision could hide a win), so "lost" means that set holds no
win.

Reductions, and why each keeps a win when there is one
-------------------------------------------------------
Write d(Q) for the length of a shortest threshold win from Q (infinite if
lost).  Each reduction replaces a won position by won positions nearer a
win, so following them from a won root reaches a win:

* **A low card on top vanishes at once** (how the game is played, no
  switch).  If Q' is Q with some low cards
  removed from the columns, every threshold line from Q is a line from Q'
  with the moves of the removed cards left out: removing cards keeps every
  top card a top card (nothing is ever built on a low card: only lower
  cards, all low, could go there, and low cards only vanish), and home
  moves only need cards out of the columns.  The line still wins, so
  d(Q') < d(Q) (the vanishing was one of the moves).
* **Safe home moves are played at once** (switch
  ``OFF_THRESHOLD_SAFE_HOME``).  A high card x of rank r that may
  go home does so when r = k, or when every suit has all its cards of rank
  <= r - 2 out of the columns.  Replay a win W from Q after x went home:
  drop x's moves; a card w (rank r - 1) that W puts onto x goes home
  instead (every lower card of its suit is out: those up to r - 2 by the
  condition, and x's rank is higher), and w's later moves are dropped;
  nothing is ever built on such a w (every rank r - 2 card is out); for
  r = k only low cards could go on x.  Every top card W uses is still a top
  card, and home moves only get easier, so this is a win, one move shorter
  at least.
* **A column's only card stays put** (switch
  ``OFF_THRESHOLD_LONE_CARD``).  A shortest win never moves a
  column's only card onto another column: leave it where it is until the
  win next moves it.  Meanwhile no move needs the card it would have
  covered to be on top (it was covered), nothing needs the empty column
  (kings=bottom), and cards built on it sit on it just the same: the line
  is legal and one move shorter.  So a won position keeps a won child, one
  move nearer, among the others.
* **Dead ends** (``_stuck``, switch ``OFF_THRESHOLD_DEAD_END``): the
  first-move closure of ``kernel.deadends.is_dead_end`` for these moves.  Every card in the columns must
  leave them; when a card first moves, the cards now above it have moved;
  a low card needs nothing more; a high card x needs the lower cards of its
  suit now in the columns to have moved (to go home), or a card z one rank
  higher, of an allowed suit, in the columns, not below x in its column,
  with the cards now above z moved.  A card outside the least set closed
  under these conditions never moves: no win.

Encoding: each card not home in P gets a field: a low card one bit (still in
the columns), a high card three bits (0: lies where it lay in P, on a card
that is not one rank higher or on the bottom; 1 + t: lies on the card one
rank higher of suit t; 5: home).  Low cards never move and high cards
only move onto cards one rank higher, so the fields give every card's
place; two positions with the same key are the same position.  The fields
need 52 + 2 x (high cards) bits at most, under 127 for k >= 5.
"""
import numpy as np
from numba import njit

from solitaire.games.bakers_dozen.kernel.deadends import seat_in_reach
from solitaire.games.bakers_dozen.kernel.state import (C0, CAP, H0, NCOLS, OFF_THRESHOLD_DEAD_END,
                                                       OFF_THRESHOLD_LONE_CARD, OFF_THRESHOLD_SAFE_HOME,
                                                       R_KINGS_FREE, R_OTHER_SUIT, is_on)
from solitaire.games.bakers_dozen.research import keyset
from solitaire.games.bakers_dozen.research.status import BUDGET, LOST, REFUSED, WON
from solitaire.jit.cards import rank_of, suit_of

LOWEST_THRESHOLD = 5
_HOME = 5


@njit(cache=True)
def _field_offsets(in_p, high, offset, width):
    """Bit offset and width of each card's field (width 0: home in P); no
    field straddles the two words, bit 127 marks a used slot.  Returns
    False if the fields do not fit."""
    b = 0
    for c in range(52):
        width[c] = 0 if not in_p[c] else (3 if high[c] else 1)
        if width[c] == 0:
            continue
        if b < 64 and b + width[c] > 64:
            b = 64
        offset[c] = b
        b += width[c]
    return b <= 127


@njit(cache=True)
def _encode(cols, h, incol, high, offset, width):
    w = np.zeros(2, np.uint64)
    for k in range(NCOLS):
        for i in range(h[k]):
            c = cols[k, i]
            if not high[c]:
                v = 1
            elif i == 0:
                v = 0
            else:
                y = cols[k, i - 1]
                v = 1 + suit_of(y) if rank_of(y) == rank_of(c) + 1 else 0
            b = offset[c]
            w[b >> 6] |= np.uint64(v) << np.uint64(b & 63)
    for c in range(52):
        if width[c] == 3 and not incol[c]:
            b = offset[c]
            w[b >> 6] |= np.uint64(_HOME) << np.uint64(b & 63)
    return w[0], w[1] | keyset.USED


@njit(cache=True)
def _decode(w0, w1, base, bh, high, offset, width, code, cols, h, incol):
    """The position of a key: ``cols``/``h`` and ``incol`` (cards in the columns)."""
    for c in range(52):
        incol[c] = False
        if width[c] == 0:
            code[c] = -1
            continue
        b = offset[c]
        word = w0 if b < 64 else w1
        code[c] = (word >> np.uint64(b & 63)) & np.uint64((1 << width[c]) - 1)
    for k in range(NCOLS):
        n = 0
        for i in range(bh[k]):  # the cards still where they lay in P
            c = base[k, i]
            if not high[c]:
                here = code[c] == 1
            elif code[c] == _HOME:
                here = False
            elif i > 0 and rank_of(base[k, i - 1]) == rank_of(c) + 1:
                here = code[c] == 1 + suit_of(base[k, i - 1])
            else:
                here = code[c] == 0
            if not here:
                break
            cols[k, n] = c
            incol[c] = True
            n += 1
        while n > 0:  # then the cards built on them, one rank lower each
            y = cols[k, n - 1]
            nxt = -1
            if rank_of(y) > 1:
                for s in range(4):
                    x = s * 13 + rank_of(y) - 2
                    if high[x] and code[x] == 1 + suit_of(y) and not incol[x]:
                        nxt = x
                        break
            if nxt < 0:
                break
            cols[k, n] = nxt
            incol[nxt] = True
            n += 1
        h[k] = n


@njit(cache=True)
def _out(incol, out):
    """out[s]: the highest rank m with every suit-s card of rank <= m out of
    the columns."""
    for s in range(4):
        m = 0
        while m < 13 and not incol[s * 13 + m]:
            m += 1
        out[s] = m


@njit(cache=True)
def _normalize(cols, h, incol, high, thr, out, safe_home):
    """Vanish low top cards and, with ``safe_home``, play safe home moves
    until none is left."""
    changed = True
    while changed:
        changed = False
        for k in range(NCOLS):
            while h[k] > 0 and not high[cols[k, h[k] - 1]]:
                incol[cols[k, h[k] - 1]] = False
                h[k] -= 1
                changed = True
        if not safe_home:
            break
        _out(incol, out)
        least = min(min(out[0], out[1]), min(out[2], out[3]))
        for k in range(NCOLS):
            if h[k] == 0:
                continue
            x = cols[k, h[k] - 1]
            r = rank_of(x)
            if out[suit_of(x)] >= r - 1 and (r == thr or least >= r - 2):
                incol[x] = False
                h[k] -= 1
                changed = True
                break


@njit(cache=True)
def _stuck(cols, h, incol, high, other, marked):
    """True if some card in the columns can provably never move (module doc)."""
    col_of = np.full(52, -1, np.int64)
    idx_of = np.zeros(52, np.int64)
    unmarked = 0
    for c in range(52):
        marked[c] = False
    for k in range(NCOLS):
        unmarked += h[k]
        for i in range(h[k]):
            col_of[cols[k, i]] = k
            idx_of[cols[k, i]] = i
    done = np.zeros(NCOLS, np.int64)
    changed = True
    while changed and unmarked > 0:
        changed = False
        for k in range(NCOLS):
            while done[k] < h[k]:
                i = h[k] - 1 - done[k]
                x = cols[k, i]
                ok = not high[x]
                r = rank_of(x)
                s = suit_of(x)
                if not ok:
                    ok = True
                    for q in range(r - 1):
                        c = s * 13 + q
                        if incol[c] and not marked[c]:
                            ok = False
                            break
                if not ok and r < 13:
                    for t in range(4):
                        z = t * 13 + r
                        if (other and t == s) or not incol[z]:
                            continue
                        if seat_in_reach(z, k, i, col_of, idx_of, h, done):
                            ok = True
                            break
                if not ok:
                    break
                marked[x] = True
                done[k] += 1
                unmarked -= 1
                changed = True
    return unmarked > 0


@njit(cache=True)
def _start(state, thr, safe_home):
    """P's columns (``base``, ``bh``), which cards are high, the key fields,
    and the threshold position of P (``cols``, ``h``, ``incol``), normalized.
    ``ok`` is False if the fields do not fit the key."""
    base = np.zeros((NCOLS, CAP), np.int64)
    bh = np.zeros(NCOLS, np.int64)
    in_p = np.zeros(52, np.bool_)
    high = np.zeros(52, np.bool_)
    for c in range(52):
        high[c] = rank_of(c) >= thr
    cols = np.zeros((NCOLS, CAP), np.int64)
    h = np.zeros(NCOLS, np.int64)
    incol = np.zeros(52, np.bool_)
    for k in range(NCOLS):
        bh[k] = state[H0 + k]
        h[k] = bh[k]
        for i in range(bh[k]):
            c = state[C0 + CAP * k + i]
            base[k, i] = c
            cols[k, i] = c
            in_p[c] = True
            incol[c] = True
    offset = np.zeros(52, np.int64)
    width = np.zeros(52, np.int64)
    ok = _field_offsets(in_p, high, offset, width)
    _normalize(cols, h, incol, high, thr, np.zeros(4, np.int64), safe_home)
    return ok, base, bh, high, offset, width, cols, h, incol


@njit(cache=True)
def _layer(cols, h, base, bh, high):
    """Cards in the columns plus high cards that never moved (field 0 of the
    key).  No move raises it: cards never come back into the columns, and
    a card that moved never lies again where it lay, on a card that is not
    one rank higher; only a move from seat to seat keeps it."""
    n = 0
    for k in range(NCOLS):
        n += h[k]
        for i in range(min(h[k], bh[k])):
            c = cols[k, i]
            if c != base[k, i]:
                break
            if high[c] and (i == 0 or rank_of(cols[k, i - 1]) != rank_of(c) + 1):
                n += 1
    return n


@njit(cache=True)
def _expand(cols, h, incol, base, bh, high, offset, width, thr, other, safe_home, lone_stays, out, nh, nincol,
            layered, kids0, kids1, kids_layer):
    """The children of a threshold position, normalized: their keys go to
    ``kids0/kids1`` and, with ``layered``, their layers (``_layer``) to
    ``kids_layer``; returns how many (-1: a child is a win).  With
    ``lone_stays`` a column's only card stays put.  ``cols`` is left as it
    was up to each column's height."""
    _out(incol, out)
    m = 0
    for k in range(NCOLS):
        if h[k] == 0:
            continue
        x = cols[k, h[k] - 1]
        r = rank_of(x)
        s = suit_of(x)
        for j in range(-1, NCOLS):
            if j == -1:
                if out[s] < r - 1:
                    continue  # home only once every lower card of its suit is out
            elif j == k or h[j] == 0 or (lone_stays and h[k] == 1):
                continue
            else:
                z = cols[j, h[j] - 1]
                if rank_of(z) != r + 1 or (other and suit_of(z) == s):
                    continue
            nh[:] = h
            nincol[:] = incol
            nh[k] -= 1
            if j == -1:
                nincol[x] = False
            else:
                cols[j, nh[j]] = x  # above column j's top: only this child sees it
                nh[j] += 1
            _normalize(cols, nh, nincol, high, thr, out, safe_home)
            _out(incol, out)  # _normalize reused it for the child
            if nh.sum() == 0:
                return -1
            kids0[m], kids1[m] = _encode(cols, nh, nincol, high, offset, width)
            kids_layer[m] = _layer(cols, nh, base, bh, high) if layered else 0
            m += 1
    return m


@njit(cache=True)
def threshold_search(state, rules, thr, max_positions, layered=False, verbose=False):
    """Search the threshold game (threshold rank ``thr``) from ``state`` to the
    end or to ``max_positions`` positions: returns (WON / LOST / BUDGET /
    REFUSED, positions).  Exact-key sets of 16 bytes a slot, grown when 3/4
    full.

    Depth first, or with ``layered`` by layers: no move raises ``_layer``,
    so the positions of layer n can be searched together, n falling, and
    forgotten before the next layer.  Only the largest layer is then held,
    with the first positions met of the layers still to come: the way to
    exhaust games too large for memory, while depth first finds a win
    sooner.  ``verbose`` prints each layer.  The reductions of the module
    doc are switched off by the rules' ``OFF_THRESHOLD_*`` bits."""
    if rules[R_KINGS_FREE] != 0 or thr < LOWEST_THRESHOLD or thr > 13:
        return REFUSED, 0
    other = rules[R_OTHER_SUIT] != 0
    safe_home = is_on(rules, OFF_THRESHOLD_SAFE_HOME)
    lone_stays = is_on(rules, OFF_THRESHOLD_LONE_CARD)
    dead_ends = is_on(rules, OFF_THRESHOLD_DEAD_END)
    ok, base, bh, high, offset, width, cols, h, incol = _start(state, thr, safe_home)
    if not ok:
        return REFUSED, 0
    if h.sum() == 0:
        return WON, 1
    top = _layer(cols, h, base, bh, high)
    out = np.zeros(4, np.int64)
    entry = [keyset.new_table(2) for _ in range(top + 1)]  # entry[n]: first positions met of layer n
    entered = np.zeros(top + 1, np.int64)
    w0, w1 = _encode(cols, h, incol, high, offset, width)
    keyset.add(entry[top], w0, w1)
    entered[top] = 1
    count = 0
    code = np.zeros(52, np.int64)
    marked = np.zeros(52, np.bool_)
    nh = np.zeros(NCOLS, np.int64)
    nincol = np.zeros(52, np.bool_)
    kids0 = np.zeros(NCOLS * (NCOLS + 1), np.uint64)
    kids1 = np.zeros(NCOLS * (NCOLS + 1), np.uint64)
    kids_layer = np.zeros(NCOLS * (NCOLS + 1), np.int64)
    stack0 = np.empty(1 << 16, np.uint64)
    stack1 = np.empty(1 << 16, np.uint64)
    for n in range(top, 0, -1):
        if entered[n] == 0:
            continue
        starts = entry[n]
        entry[n] = keyset.new_table(0)
        layer = keyset.new_table(16)
        in_layer = 0
        sp = 0
        for i in range(starts.shape[0]):
            if starts[i, 1] == 0:
                continue
            _, layer, in_layer, stack0, stack1, sp = keyset.visit(layer, in_layer, stack0, stack1, sp,
                                                                  starts[i, 0], starts[i, 1])
            if count + in_layer >= max_positions:
                return BUDGET, count + in_layer
        starts = keyset.new_table(0)
        while sp > 0:
            sp -= 1
            _decode(stack0[sp], stack1[sp], base, bh, high, offset, width, code, cols, h, incol)
            if dead_ends and _stuck(cols, h, incol, high, other, marked):
                continue
            m = _expand(cols, h, incol, base, bh, high, offset, width, thr, other, safe_home, lone_stays, out, nh,
                        nincol, layered, kids0, kids1, kids_layer)
            if m < 0:
                return WON, count + in_layer
            for i in range(m):
                a = kids0[i]
                b = kids1[i]
                c = kids_layer[i]
                if layered and c < n:
                    if keyset.add(entry[c], a, b):
                        entered[c] += 1
                        entry[c] = keyset.grown(entry[c], entered[c])
                else:
                    new, layer, in_layer, stack0, stack1, sp = keyset.visit(layer, in_layer, stack0, stack1, sp, a, b)
                    if new and count + in_layer >= max_positions:
                        return BUDGET, count + in_layer
        count += in_layer
        if verbose:
            print("layer", n, "positions", in_layer, "total", count, "slots", layer.shape[0])
        if count >= max_positions:
            return BUDGET, count
    return LOST, count

