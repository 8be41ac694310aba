"""Pyramid kernels on a flat ``uint8`` state (contract: solitaire.search.kernels).

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
``redeal``: the only stock action then legal) and then removes.  MODE_ALL
lists single actions only (t = 0), as the reference engine does.

Search moves (MODE_SOLVE, MODE_OPTIMAL)
---------------------------------------
C1 Stock actions are folded into the removal that follows them, and a
   removal is offered after ``t`` actions only if it uses a card that those
   ``t`` actions newly exposed.  Proof: a stock action never changes the
   pyramid, and removing cards that are already exposed before the action
   leaves the stock and waste as they were, except in one case handled
   below; so "action, removal of cards exposed before it" reaches the same
   position as "removal, action" with the same number of moves.  Moving
   every action as late as possible turns any winning line into blocks of
   (actions, removal) where each removal uses a newly exposed card, without
   lengthening it (a line never ends with actions: the last move wins, and
   only a removal can win).  Exceptions checked: (a) draw 1 with
   ``stock_top_playable``: the card drawn at action t was the stock top just
   before, so "draw Y, remove Y" reaches exactly the position "remove Y
   from the stock top" reaches, one move cheaper; Y is therefore treated as
   not new, unless its partner is newly exposed too; (b) three waste piles:
   a turn deals the stock top onto pile 1, and removing the stock top before
   the turn would change which pile every later card goes to, so a card
   turned onto a pile is always new.
C2 At most one full cycle of stock actions: ``t <= stock + waste`` (draw
   1).  After ``stock + 1 + waste`` actions the stock and waste are as before
   with one pass fewer left (or the very same position, passes unlimited):
   a longer block reaches a position the shorter one also reaches, with
   fewer moves and at least as many passes left; more passes left never
   loses a win (``redeal`` is only ever an option).

Reductions (rules[R_REDUCE] bit mask; tests switch them off one by one)
-----------------------------------------------------------------------
The exposure lemma behind them: removing a card only exposes more (a
pyramid card is exposed once its coverers are gone, and the single waste
pile keeps its order when a card leaves it), so if position A' is A with
some cards removed, every move of a line from A that does not use those
cards is legal in A' in turn; a ``draw`` of a removed card is skipped, and
a ``redeal`` whose waste would be empty in A' is skipped (the stock stays
A's minus those cards, in order).  Draw 3 is covered only while the cards
removed never were in the stock: taking a stock card shifts which pile
later cards are dealt to.
R1 ``KING``: an exposed pyramid King is removed as the only move (both
   modes).  Any win from A removes that King; by the lemma the line with
   that move dropped (and draws of it skipped) wins from A' = A minus the
   King, with at least one move fewer: safe for fewest moves.  In
   MODE_SOLVE also a waste-top King, or (draw 1) a stock-top King, is
   forced: by the lemma A' wins whenever A does (length is not the
   question there).
R2 ``LAST_PAIR``: two exposed cards X+Y are removed as the only move when
   no other card of either rank remains anywhere, neither is the stock top
   under three waste piles, and (MODE_OPTIMAL) at least one of them is in
   the pyramid.  Any other move pairing X or Y would need another card of
   these ranks; so every line that removes one of them removes X+Y in one
   move, and a win must (MODE_OPTIMAL: a pyramid card has to go).  By the
   lemma, doing it first never lengthens a win.
R3 ``DEAD``: a position is dropped (no moves, lower bound "infinite") when
   the pyramid cards of ranks r and 13-r cannot all find partners.  Two
   pyramid cards can pair only if neither lies in the other's covering cone
   (one must be gone before the other is exposed; with ``pair_covering`` a
   card lying directly on the other is allowed).  If M is the largest set of
   disjoint such pyramid pairs, at least (rank-r pyramid cards - M) of them
   need a rank-(13-r) card from outside the pyramid, and the other way
   round; fewer such cards left (R4: usable ones) means no win.
R5 ``ONLY_PARTNER``: an exposed pyramid card X whose one possible partner Y
   (same compatibility as R3, non-pyramid cards counted if usable) is
   exposed too is removed with it as the only move (draw 3: Y not the stock
   top).  Every win removes X, and only together with Y; by the lemma,
   doing it first never lengthens the win (both modes).

R4 ``DEAD`` also: in the last pass, a waste card that can never be taken is
   ignored with every card under it on its pile (left out of the key, of
   the partner counts of R3 and of the lower bound).  A card on a waste pile
   is exposed again only when every card above it on that pile has been
   removed, and each of those (Kings aside) needs its own partner of the
   complementary rank: a pyramid card, a stock card (one pile:
   only under ``stock_top_playable``) or a card of another pile (three
   piles).  Going down a pile from its top, once the cards needing rank s
   outnumber the rank-s partners left, the card reached and all under it
   can never move: they take part in no move (a dead top has no partner), so
   positions that differ only in them have the same moves and futures, and
   they can partner nobody.

R6 ``ABSTRACT``: a position is dropped when the *pyramid game* from it is
   lost.  The pyramid game keeps the pyramid as it is and replaces the stock
   and waste by a pool: for each rank, as many cards as the position has
   usable (R4) stock and waste cards of that rank, any of them playable at
   any time.  Its moves: an exposed pyramid King alone; two exposed pyramid
   cards totalling 13 (``pair_covering``: also a card with the one exposed
   card still lying on it); an exposed pyramid card X with a pool card of
   rank 13-rank(X) (the pool count drops by one).  It is won when the
   pyramid is empty.  Proof that a real win gives a pyramid-game win: map
   every real move that removes a pyramid card to the same pyramid-game
   move, the pyramid with an outside card Y to "X with a pool card of
   rank(Y)", and drop the other moves (draws, redeals, Kings and pairs taken
   from the stock and waste alone).  The pyramids of the two games stay
   equal move by move, so exposure agrees; and before each pyramid+Y move
   the pool still holds a card of Y's rank: it started with the usable
   outside cards of that rank (Y is one: by R4 a card that is not usable
   never moves again), and it lost one only for each earlier pyramid+outside
   removal of that rank, each of which took one such card out of the real
   game too.  The real win empties the pyramid, so the mapped line wins the
   pyramid game.  Hence "pyramid game lost" means "no win" (both modes: a
   position without a win has no shortest win either).  The pyramid game is
   solved exactly by a DFS with a table of lost positions (its pyramid mask
   strictly shrinks, so a position met again is lost); inside it, an
   exposed King is removed at once (by the exposure lemma on the pyramid
   alone, which holds there: the pool does not change) and R3's count is
   applied (R3's proof is about partner counts, and holds for the pool
   too).  It runs with a budget of its own positions; if the budget runs
   out the real position is kept ("not proved lost").  It runs where it is
   cheap or pays: when the pyramid is full (the deal's start) and when at
   most ``rules[R_ABS_SMALL]`` pyramid cards are left (``R_ABS_SMALL_OPT``
   for MODE_OPTIMAL's moves, ``R_ABS_SMALL_BOUND`` in the lower bound).

Lower bound (admissible, used by IDA*)
--------------------------------------
B1 (any rules): ``removals + draws``.  removals = pyramid Kings + for each rank pair its
pyramid cards minus M (R3): every pyramid card must be removed, a move takes
at most one card of each rank of its pair, and at most M moves take two
pyramid cards of that pair.  draws: if the pyramid holds e = (cards of rank
r - M) > 0, e cards of rank 13-r from outside the pyramid are needed, so the e-th cheapest of them must become exposed.  A
waste card costs 0; a stock card with j cards before it costs j+1 draws (3
piles: turns of three), and under ``stock_top_playable`` it costs one move
for every card before it that cannot leave the stock by pairing with a
pyramid card (a King, or no pyramid card of the complementary rank): such a
card leaves only by a draw or by a move that removes no pyramid card.
These draws and moves remove no pyramid card, so they add to the removals
count; the largest such cost over the rank pairs is added.

Under draw 1 with ``stock_top_playable`` the bound is the larger of B2 and
B3, both built on this split: every move either removes a pyramid card
(at least ``removals`` such moves) or removes none (a draw, a redeal, a King
or a pair taken from the stock and waste alone).  For rank r, *slots*: at
most (pyramid cards of rank 13-r) outside cards of rank r can ever leave
together with a pyramid card, since each pyramid card is removed once.
B3: a card of the waste that is not its top is exposed only (i) after every
card above it has been removed (each from the waste top: with a pyramid
card, or by a move that removes none), or (ii) after a redeal, which needs
every stock card out of the stock (drawn or removed) and then, in the new
pass, every waste card below it out of the stock again.  A stock card is
exposed (in this pass: a redeal needs an empty stock) only after every
stock card before it has left the stock, by a draw or by a removal as the
stock top.  So with ``excess(X)`` = Kings in X + sum over r of
max(0, X's rank-r cards - slots of r), reaching a card costs at least
excess(cards above it) (stock card, or waste path i) or
excess(stock + waste cards below it) + 1 (path ii, if a pass is left),
in moves that remove no pyramid card.  If the pyramid needs ``need`` outside
cards of rank s (as above), the need-th cheapest must be reached: B3 =
removals + the largest such cost.  B2 couples the two parts: with x the
pyramid-only pairs of a rank pair (x <= M), that pair costs pr + ps - x
pyramid-removing moves, and exactly ps - x outside rank-r cards leave with
a pyramid card.  The waste holding w usable rank-s cards, a side needing
``need`` > w outside cards must reach the (need - w)-th rank-s card of the
stock, so every stock card before the deepest such card D must leave the
stock; B2 = Kings (pyramid and above D) + sum over rank pairs of
min over x of [pr + ps - x + max(0, a_r - (ps - x)) + max(0, a_s - (pr - x))],
a_r counting the rank-r stock cards above D.
"""
import numpy as np
from numba import njit

from solitaire.jit.bits import popcount as _popcount
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL

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
# R_ABS_*: where R6 runs (at most this many pyramid cards left: in gen_moves
# for MODE_SOLVE, in gen_moves for MODE_OPTIMAL, in lower_bound) and its budgets
(R_DRAW, R_PASSES, R_STOCK_TOP, R_COVER, R_REDUCE, R_ABS_SMALL, R_ABS_SMALL_OPT, R_ABS_SMALL_BOUND, R_ABS_BUDGET,
 R_ABS_BUDGET_FULL) = range(10)
RULES_LEN = 10
KING_FORCED = 1
LAST_PAIR = 2
DEAD = 4
ONLY_PARTNER = 8
ABSTRACT = 16
ALL_REDUCTIONS = KING_FORCED | LAST_PAIR | DEAD | ONLY_PARTNER | ABSTRACT

# --- moves -----------------------------------------------------------------------
NONE = 63
K_REMOVE, K_DRAW, K_REDEAL = 0, 1, 2
DRAW_MOVE = K_DRAW << 12
REDEAL_MOVE = K_REDEAL << 12
# Buffer bound: at most 7 exposed pyramid cards (the exposed cards form an
# antichain of the covering order, and the 7 diagonals are chains) plus 3
# waste tops plus the stock top = 11 cards: <= 55 pairs + 11 Kings + 14
# covering pairs (2 per exposed coverer) at t = 0; each later t adds pairs of
# its <= 4 new cards with <= 10 others plus 4 Kings, for t <= 24.
MAX_MOVES = 80 + 24 * 44 + 8
BIG = 10000  # lower bound of a dead position

# --- geometry constants ------------------------------------------------------------


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


COVER, BLOCK, BLOCK_COVER = _geometry()
BLOCKS = np.stack([BLOCK, BLOCK_COVER])  # [pair_covering, place]


# --- small helpers ----------------------------------------------------------------

@njit(cache=True, inline="always")
def _get(state, off, n):
    v = np.int64(0)
    for k in range(n):
        v |= np.int64(state[off + k]) << (8 * k)
    return v


@njit(cache=True, inline="always")
def _put(state, off, n, v):
    for k in range(n):
        state[off + k] = (v >> (8 * k)) & 0xFF


_RANK = np.array([c % 13 + 1 for c in range(52)], dtype=np.int64)


@njit(cache=True, inline="always")
def _rank(card):
    return _RANK[card]


@njit(cache=True, inline="always")
def _low(x):
    """Index of the lowest set bit (x != 0)."""
    return _popcount((x & -x) - 1)


@njit(cache=True, inline="always")
def _high(x):
    """Index of the highest set bit, -1 for 0."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return _popcount(x) - 1


@njit(cache=True, inline="always")
def make_move(a, b, t):
    return a | (b << 6) | (t << 16)


@njit(cache=True, inline="always")
def move_kind(move):
    return (move >> 12) & 3


@njit(cache=True, inline="always")
def move_a(move):
    return move & 63


@njit(cache=True, inline="always")
def move_b(move):
    return (move >> 6) & 63


@njit(cache=True, inline="always")
def move_t(move):
    return (move >> 16) & 255


@njit(cache=True)
def _exposed_pyramid(pyr):
    e = np.int64(0)
    for i in range(NPYR):
        if (pyr >> i) & 1 and (pyr & COVER[i]) == 0:
            e |= np.int64(1) << i
    return e


@njit(cache=True)
def _waste_tops(state, rules, P, T, tops):
    """Fill tops[0..2] with the stock index of each waste pile's top (-1: empty)."""
    tops[0] = -1
    tops[1] = -1
    tops[2] = -1
    if rules[R_DRAW] == 1:
        tops[0] = _high(P & T)
        return
    for k in range(3):
        tops[k] = _high(_get(state, PMASK + 3 * k, 3))  # later turned = higher index = on top


@njit(cache=True)
def _can_redeal(state, rules, P, T):
    if rules[R_DRAW] != 1 or (P & ~T) != 0 or (P & T) == 0:
        return False
    passes = rules[R_PASSES]
    return passes == 0 or state[REDEALS] + 1 < passes


@njit(cache=True)
def _stock_actions(state, rules, t):
    """``t`` stock actions in place, each one ``draw`` (stock not empty) or
    else ``redeal``; the masks are read once and written once."""
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    three = rules[R_DRAW] == 3
    p0 = _get(state, PMASK, 3)
    p1 = _get(state, PMASK + 3, 3)
    p2 = _get(state, PMASK + 6, 3)
    redeals = np.int64(state[REDEALS])
    for _ in range(t):
        stock = P & ~T
        if stock == 0:
            T = np.int64(0)
            p0 = p1 = p2 = np.int64(0)
            if rules[R_PASSES] != 0:
                redeals += 1
            continue
        if not three:
            low = stock & -stock
            T |= low
            p0 |= low
            continue
        for k in range(3):
            if stock == 0:
                break
            low = stock & -stock
            stock &= stock - 1
            T |= low
            state[PILE + _low(low)] = k
            if k == 0:
                p0 |= low
            elif k == 1:
                p1 |= low
            else:
                p2 |= low
    _put(state, TURNED, 3, T)
    _put(state, PMASK, 3, p0)
    _put(state, PMASK + 3, 3, p1)
    _put(state, PMASK + 6, 3, p2)
    state[REDEALS] = redeals


@njit(cache=True)
def _take(state, loc):
    one = np.int64(1) << (4 * _rank(state[CARDS + loc]))
    if loc < NPYR:
        _put(state, PYR, 4, _get(state, PYR, 4) & ~(np.int64(1) << loc))
        _put(state, PCOUNT, 8, _get(state, PCOUNT, 8) - one)
        return
    i = loc - NPYR
    bit = np.int64(1) << i
    _put(state, PRESENT, 3, _get(state, PRESENT, 3) & ~bit)
    _put(state, TURNED, 3, _get(state, TURNED, 3) & ~bit)
    _put(state, SCOUNT, 8, _get(state, SCOUNT, 8) - one)
    for k in range(3):
        _put(state, PMASK + 3 * k, 3, _get(state, PMASK + 3 * k, 3) & ~bit)
    state[PILE + i] = 0


# --- rank bookkeeping, dead positions, lower bound -----------------------------------
# Hot paths allocate nothing: counts per rank are packed 4 bits a rank into
# one int64 (a rank has only 4 cards), and the deal's mask of pyramid places
# holding each rank is stored in the state (RMASK, constant for a deal).

@njit(cache=True, inline="always")
def _cnt(packed, r):
    return (packed >> (4 * r)) & 15


@njit(cache=True, inline="always")
def _one(r):
    return np.int64(1) << (4 * r)


@njit(cache=True, inline="always")
def _rmask(state, r):
    """Pyramid places (all 28, removed or not) holding a card of rank r."""
    return _get(state, RMASK + 4 * r, 4)


@njit(cache=True)
def _stock_counts(state, mask):
    out = np.int64(0)
    while mask:
        i = _low(mask)
        mask &= mask - 1
        out += _one(_rank(state[CARDS + NPYR + i]))
    return out


@njit(cache=True)
def _final_pass(state, rules):
    passes = rules[R_PASSES]
    return rules[R_DRAW] == 3 or (passes != 0 and state[REDEALS] + 1 >= passes)


@njit(cache=True)
def _live(state, rules, P, T, pcp):
    """R4: P without the waste cards that can never be used again (see above)."""
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
            r = _rank(state[CARDS + NPYR + i])
            if r == 13:
                continue
            demand += _one(13 - r)
            if _cnt(demand, 13 - r) > _cnt(supply, 13 - r):
                dead |= pile_k & ((np.int64(1) << (i + 1)) - 1)  # this card and all under it
                break
    return P & ~dead


@njit(cache=True)
def _pyramid_matching(rules, state, pyr, r):
    """Most disjoint pairs (rank r, rank 13-r) that pyramid cards alone can make.

    Two pyramid cards can be removed together only if neither lies in the
    other's covering cone (``pair_covering``: or one lies directly on the
    other).  With at most four cards a side, the maximum matching is found by
    Hall/Koenig: |R| minus the largest deficiency |A| - |N(A)| over subsets A.
    """
    cov = 1 if rules[R_COVER] else 0
    a = pyr & _rmask(state, r)
    b = pyr & _rmask(state, 13 - r)
    if a == 0 or b == 0:
        return 0
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


@njit(cache=True)
def _dead(state, rules, pyr, pcp, ncp):
    """R3: some pyramid card can never be removed (not enough partners)."""
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


@njit(cache=True)
def _stock_cost(rules, P, T, bad, i):
    """Least moves that remove no pyramid card before stock card i can be
    exposed (see "Lower bound"); ``bad``: stock cards with no pyramid partner."""
    if (T >> i) & 1:
        return 0
    above = P & ~T & ((np.int64(1) << i) - 1)
    three = rules[R_DRAW] == 3
    if rules[R_STOCK_TOP]:
        n = _popcount(above & bad)
        return (n + 2) // 3 if three else n
    n = _popcount(above)
    return n // 3 + 1 if three else n + 1


@njit(cache=True, inline="always")
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


@njit(cache=True)
def _nth_cost(state, rules, P, T, bad, rank, need):
    """The need-th smallest cost among cards of ``rank`` in P (BIG if too few)."""
    c0 = c1 = c2 = c3 = BIG
    x = P
    while x:
        i = _low(x)
        x &= x - 1
        if _rank(state[CARDS + NPYR + i]) != rank:
            continue
        c = _stock_cost(rules, P, T, bad, i)
        c0, c1, c2, c3 = _four_smallest(c, c0, c1, c2, c3)
    if need == 1:
        return c0
    if need == 2:
        return c1
    if need == 3:
        return c2
    return c3


# nibble masks for _excess: ranks 1..12 (bits 4..51) of a packed count
_NIB_HIGH = np.int64(0x0008888888888880)
_NIB_LOW = np.int64(0x0007777777777770)


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def _nth_low(mask, k):
    """Index of the k-th (1-based) lowest set bit of mask, -1 if fewer."""
    while mask:
        i = _low(mask)
        k -= 1
        if k == 0:
            return i
        mask &= mask - 1
    return -1


@njit(cache=True)
def _bound_top(state, rules, pyr, P, T, pcp, ncp):
    """B2 and B3, the bound under draw 1 with ``stock_top_playable`` (see "Lower bound")."""
    stock = P & ~T
    W = P & T
    # per-rank masks and counts of the usable outside cards, in one pass;
    # B3's reach cost of each card on the way (pre: cards before it in turning order)
    rm = np.zeros(14, dtype=np.int64)
    costs = np.empty(NSTOCK, dtype=np.int64)
    Wc = _stock_counts(state, W)
    Sc = ncp - Wc
    slots = np.int64(0)
    for r in range(1, 13):
        slots |= _cnt(pcp, 13 - r) << (4 * r)
    top = _high(W)
    passes = rules[R_PASSES]
    redeal_ok = passes == 0 or state[REDEALS] + 1 < passes
    pre = np.int64(0)
    x = P
    while x:
        i = _low(x)
        x &= x - 1
        r = _rank(state[CARDS + NPYR + i])
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
            need = _cnt(pcp, mine) - m
            if need <= 0:
                continue
            if need > _cnt(ncp, other):
                return BIG
            # B2: the deepest stock card that must be reached
            from_stock = need - _popcount(rm[other] & W)
            if from_stock > 0:
                i = _nth_low(rm[other] & stock, from_stock)
                if i < 0:
                    return BIG
                if i > deepest:
                    deepest = i
            # B3: the need-th cheapest card to reach
            c0 = c1 = c2 = c3 = BIG
            y = rm[other]
            while y:
                i = _low(y)
                y &= y - 1
                c = costs[i]
                c0, c1, c2, c3 = _four_smallest(c, c0, c1, c2, c3)
            c = c0 if need == 1 else c1 if need == 2 else c2 if need == 3 else c3
            if c > reach:
                reach = c
    total = removals + reach
    if deepest > 0:
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
        if b2 > total:
            total = b2
    return total


@njit(cache=True)
def _bound(state, rules, pyr, P, T, pcp, ncp):
    if rules[R_DRAW] == 1 and rules[R_STOCK_TOP]:
        return _bound_top(state, rules, pyr, P, T, pcp, ncp)
    removals = _cnt(pcp, 13)
    bad = np.int64(0)
    if rules[R_STOCK_TOP]:
        x = P & ~T
        while x:
            i = _low(x)
            x &= x - 1
            r = _rank(state[CARDS + NPYR + i])
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
            need = _cnt(pcp, mine) - m
            if need > 0:
                if need > _cnt(ncp, other):
                    return BIG
                c = _nth_cost(state, rules, P, T, bad, other, need)
                if c > draws:
                    draws = c
    return removals + draws


@njit(cache=True)
def _abs_moves(state, rules, m, pool, pcp, out):
    """R6: the pyramid game's moves from pyramid ``m`` with ``pool`` (packed
    counts), written to ``out`` as ``a | b << 6`` (b = NONE: a King alone, or
    a with a pool card); -1 if R3's count already says lost."""
    if _dead(state, rules, m, pcp, pool):
        return -1
    e = _exposed_pyramid(m)
    x = e
    while x:
        i = _low(x)
        x &= x - 1
        if _card_rank(state, i) == 13:
            out[0] = i | (NONE << 6)  # forced: see R6
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
            left = m & COVER[i]
            if (m >> i) & 1 and left != 0 and (left & (left - 1)) == 0:
                j = _low(left)
                if (m & COVER[j]) == 0 and _card_rank(state, i) + _card_rank(state, j) == 13:
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


@njit(cache=True, inline="always")
def _abs_key(m, pool):
    """Exact 64-bit packing: pyramid mask, then 3 bits per rank 1..12 of the pool."""
    k = np.uint64(m)
    for r in range(1, 13):
        k |= np.uint64(min(_cnt(pool, r), 7)) << np.uint64(28 + 3 * (r - 1))
    return k


@njit(cache=True, inline="always")
def _abs_seen(table, bits, key):
    """True if ``key`` is in the table; else store it (linear probing; if 16
    slots in a row are taken the key is not stored: it is only met again)."""
    size = np.uint64(table.shape[0])
    h = (key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits)
    for probe in range(16):
        slot = (h + np.uint64(probe)) & (size - np.uint64(1))
        if table[slot] == key:
            return True
        if table[slot] == 0:
            table[slot] = key
            return False
    return False


@njit(cache=True)
def _abstract_lost(state, rules, pyr, pcp, pool, budget):
    """R6: True if the pyramid game from (pyr, pool) is lost; False if won or
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


@njit(cache=True)
def _analyse(state, rules, pyr, P, T, abs_small):
    """(pyramid counts, usable non-pyramid counts, usable mask, dead?) of a position."""
    pcp = _get(state, PCOUNT, 8)
    ncp = _get(state, SCOUNT, 8)
    reduce = rules[R_REDUCE]
    live = P
    dead = False
    if reduce & DEAD:
        live = _live(state, rules, P, T, pcp)
        if live != P:
            ncp -= _stock_counts(state, P & ~live)
        dead = _dead(state, rules, pyr, pcp, ncp)
    if not dead and reduce & ABSTRACT:
        n = _popcount(pyr)
        if n == NPYR:
            dead = _abstract_lost(state, rules, pyr, pcp, ncp, rules[R_ABS_BUDGET_FULL])
        elif n <= abs_small:
            dead = _abstract_lost(state, rules, pyr, pcp, ncp, rules[R_ABS_BUDGET])
    return pcp, ncp, live, dead


@njit(cache=True)
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


# --- move generation -------------------------------------------------------------------

@njit(cache=True, inline="always")
def _emit(out, n, move):
    if n >= out.shape[0]:
        raise IndexError("pyramid: move buffer too small")
    out[n] = move
    return n + 1


@njit(cache=True)
def _card_rank(state, loc):
    return _rank(state[CARDS + loc])


@njit(cache=True)
def _removals_now(state, rules, out, n, locs, m):
    """Every removal among the exposed cards ``locs[:m]`` (t = 0), plus covering pairs."""
    for x in range(m):
        a = locs[x]
        ra = _card_rank(state, a)
        if ra == 13:
            n = _emit(out, n, make_move(a, NONE, 0))
            continue
        for y in range(x + 1, m):
            b = locs[y]
            if ra + _card_rank(state, b) == 13:
                n = _emit(out, n, make_move(a, b, 0))
    if rules[R_COVER]:
        pyr = _get(state, PYR, 4)
        for i in range(NPYR):
            left = pyr & COVER[i]
            if (pyr >> i) & 1 and left != 0 and (left & (left - 1)) == 0:
                j = _low(left)
                if (pyr & COVER[j]) == 0 and _card_rank(state, i) + _card_rank(state, j) == 13:
                    n = _emit(out, n, make_move(i, j, 0))
    return n


@njit(cache=True)
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


@njit(cache=True)
def _forced(state, rules, mode, pyr, P, T, locs, m, pcp, ncp):
    """R1/R2/R5: the one move to make, or -1."""
    reduce = rules[R_REDUCE]
    three = rules[R_DRAW] == 3
    stock = P & ~T
    stock_top = NPYR + _low(stock) if (rules[R_STOCK_TOP] and stock != 0) else -1
    cov = 1 if rules[R_COVER] else 0
    for x in range(m):
        a = locs[x]
        ra = _card_rank(state, a)
        if ra == 13 and reduce & KING_FORCED:
            if a < NPYR or (mode != MODE_OPTIMAL and not (three and a == stock_top)):
                return make_move(a, NONE, 0)
        if ra == 13:
            continue
        s = 13 - ra
        if a < NPYR and reduce & ONLY_PARTNER:
            mates = pyr & _rmask(state, s) & ~BLOCKS[cov, a]
            if _cnt(ncp, s) + _popcount(mates) == 1:
                for y in range(m):
                    b = locs[y]
                    if b < NPYR and mates != 0 and b == _low(mates):
                        return make_move(a, b, 0)
                    if b >= NPYR and mates == 0 and _card_rank(state, b) == s and not (three and b == stock_top):
                        return make_move(a, b, 0)
        if not reduce & LAST_PAIR or _cnt(pcp, ra) + _cnt(ncp, ra) != 1 or _cnt(pcp, s) + _cnt(ncp, s) != 1:
            continue
        for y in range(x + 1, m):
            b = locs[y]
            if ra + _card_rank(state, b) != 13:
                continue
            if three and (a == stock_top or b == stock_top):
                continue
            if mode == MODE_OPTIMAL and a >= NPYR and b >= NPYR:
                continue
            return make_move(a, b, 0)
    return -1


@njit(cache=True)
def _gen_all(state, rules, out, pyr, P, T):
    locs = np.empty(12, dtype=np.int64)
    tops = np.empty(3, dtype=np.int64)
    m = _exposed_locs(state, rules, pyr, P, T, locs, tops)
    n = _removals_now(state, rules, out, 0, locs, m)
    if (P & ~T) != 0:
        n = _emit(out, n, DRAW_MOVE)
    if _can_redeal(state, rules, P, T):
        n = _emit(out, n, REDEAL_MOVE)
    return n


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    pyr = _get(state, PYR, 4)
    if pyr == 0:
        return 0
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    if mode == MODE_ALL:
        return _gen_all(state, rules, out, pyr, P, T)
    pcp, ncp, live, dead = _analyse(state, rules, pyr, P, T,
                                    rules[R_ABS_SMALL_OPT] if mode == MODE_OPTIMAL else rules[R_ABS_SMALL])
    if dead:
        return 0
    scratch = np.empty(24, dtype=np.int64)
    locs = scratch[0:12]
    tops = scratch[12:15]
    m = _exposed_locs(state, rules, pyr, P, T, locs, tops)
    f = _forced(state, rules, mode, pyr, P, T, locs, m, pcp, ncp)
    if f >= 0:
        out[0] = f
        return 1
    n = _removals_now(state, rules, out, 0, locs, m)
    return _gen_later(state, rules, out, n, locs, m, tops)


@njit(cache=True)
def _gen_later(state, rules, out, n, locs, m, tops):
    """C1/C2: removals after t = 1, 2, ... stock actions, each using a newly exposed card."""
    npyr = 0
    while npyr < m and locs[npyr] < NPYR:
        npyr += 1
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    three = rules[R_DRAW] == 3
    stp = rules[R_STOCK_TOP] != 0
    passes = rules[R_PASSES]
    redeals = np.int64(state[REDEALS])
    limit = _popcount(P)  # C2: t <= stock + waste
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
        prev_top = NPYR + _low(stock) if (stp and stock != 0) else -1
        if stock == 0:
            if three or (P & T) == 0 or not (passes == 0 or redeals + 1 < passes):
                break
            T = np.int64(0)  # redeal
            redeals += 1
            tops[0] = -1
        elif not three:
            i = _low(stock)
            T |= np.int64(1) << i
            if NPYR + i == prev_top:
                old[no] = NPYR + i  # C1 (a): was the stock top just before
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
                new[nn] = NPYR + i  # C1 (b)
                nn += 1
        stock = P & ~T
        if stp and stock != 0:
            new[nn] = NPYR + _low(stock)
            nn += 1
        # pairs: each new card with pyramid cards, with older exposed stock cards, with later new cards
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


# --- applying moves ------------------------------------------------------------------

@njit(cache=True)
def apply_move(state, rules, move, child):
    src = state.view(np.uint64)  # a word loop copies far faster than child[:] = state
    dst = child.view(np.uint64)
    for k in range(STATE_LEN // 8):
        dst[k] = src[k]
    kind = move_kind(move)
    if kind == K_DRAW or kind == K_REDEAL:
        _stock_actions(child, rules, 1)
        return
    t = move_t(move)
    if t > 0:
        _stock_actions(child, rules, t)
    _take(child, move_a(move))
    b = move_b(move)
    if b != NONE:
        _take(child, b)


@njit(cache=True)
def move_cost(state, rules, move):
    if move_kind(move) != K_REMOVE:
        return 1
    return move_t(move) + 1


@njit(cache=True)
def is_won(state, rules):
    return _get(state, PYR, 4) == 0


# --- keys --------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def _mix(x):
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return x


@njit(cache=True)
def state_key(state, rules, mode):
    """Exact 62-bit packing of (pyramid, stock and waste cards, where the stock
    starts, redeals); with three piles and ``stock_top_playable`` the pile of
    each waste card is hashed in (the only case where it is not fixed by the
    card's index).  Searches leave out R4's dead waste cards."""
    pyr = _get(state, PYR, 4)
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    stock = P & ~T
    boundary = _low(stock) if stock != 0 else NSTOCK  # the waste is P below it
    if mode != MODE_ALL and rules[R_REDUCE] & DEAD:
        P = _live(state, rules, P, T, _get(state, PCOUNT, 8))
    W = P & T
    base = np.uint64(pyr | (P << 28) | (np.int64(boundary) << 52) | (np.int64(state[REDEALS]) << 57))
    if rules[R_DRAW] == 1 or not rules[R_STOCK_TOP]:
        # _mix is a bijection of 64-bit words: the key stays exact, and its
        # low bits (the table's bucket index) now depend on every field.
        # Unmixed, the bucket was the pyramid mask alone: four slots for all
        # positions sharing a pyramid, and almost every transposition missed.
        return _mix(base)
    sig = np.uint64(0)
    while W:
        i = _low(W)
        W &= W - 1
        sig |= np.uint64(state[PILE + i] + 1) << np.uint64(2 * i)
    return _mix(base ^ _mix(sig + np.uint64(0x9E3779B97F4A7C15))) | np.uint64(0x8000000000000000)
