"""Yukon kernels on a flat ``uint8`` state (contract: solitaire.search.kernels).

State layout (``STATE_LEN`` bytes)::

    [LEN + p]              cards in pile p (p = 0..6)
    [DOWN + p]             how many of them, from the bottom, are face down
    [FOUND + s]            highest rank on foundation s (C D H S), 0 = empty
    [CARDS + p*CAP + i]    card i of pile p, bottom first

A move is ``(src * CAP + index) * 8 + dest``: the card at ``index`` of pile
``src`` with everything on it goes to pile ``dest`` (0..6), or, when
``dest == FOUNDATION_DEST``, the top card goes to its foundation.

``rules[0]`` is a bit mask of the search reductions (all on by default; the
tests switch them off one by one to check that no verdict changes), and of
``CUT_SETS``, which only sharpens ``lower_bound``.  In ``MODE_ALL`` no
reduction is ever applied.  R7 ``SWAP_CLASSES`` (``MODE_SOLVE`` searches
positions one stack swap apart as one) lives in ``swaps.py``, and its
opt-in generalisation ``SWAP_COMPONENTS`` in ``swap_components.py``; their
``gen_moves``, ``apply_move`` and ``state_key`` the search calls; these
here are a single position's.

Reductions (used in MODE_SOLVE and MODE_OPTIMAL; each is proved below)
----------------------------------------------------------------------
R1 ``SAFE_FOUNDATION``: a top card c of rank r whose two opposite-colour
   cards of rank r-1 are both on their foundations (always, for an Ace) is
   played to its foundation as the only move.  Proof: call S the position
   and S' = S after c>f.  Nothing can ever be put on c: only an opposite-
   colour r-1 card may go on it, and those sit on foundations, which cards
   never leave in Yukon.  So in any winning line from S, c stays a top card
   until it moves alone (to a pile or to its foundation), and every other
   move carries c only as the top of a group.  Replay that line from S'
   skipping c's own moves and dropping c from the groups that carried it:
   each remaining move is legal in S' (its base card and destination top
   card are the same as in S, a pile whose top in S is c never receives a
   card, a pile S empties is empty in S' too, a card under c is face up in
   S' no later than in S, and a foundation move of c's suit above r comes
   after c>f in S).  It reaches a won position, in at most (length - 1)
   moves.  Hence S wins iff S' wins, and optimal(S) = 1 + optimal(S'):
   safe for both solvability and fewest moves.
R2 ``FOLD_PILES``: the key ignores the order of the piles.  The rules treat
   the seven piles alike (only the notation names them), so permuting them
   maps legal lines to legal lines of the same length.
R3 ``ONE_EMPTY``: a group with a King at its base goes only to the first
   empty pile, and a King lying at the bottom of its pile with nothing face
   down under it is never moved to an empty pile.  Proof: the first rule
   picks one of several children that are equal up to pile order (R2); the
   second move's child is the parent itself up to pile order, so it can
   neither make a lost position won nor be part of a shortest win (cutting
   it out gives a shorter legal line).

R4 ``DEAD_END``: a position with a card that can never move again has no
   moves (it is lost: every card must finally move to its foundation).  The
   kernel finds the greatest set F of tableau cards such that every x in F
   satisfies all of
     A. every card under x in its pile is in F;
     B. a lower card of x's suit is in F, or a card above x in its pile is;
     C. x is face down and a card above it is in F; or x is a King at the
        bottom of its pile; or x is a King, no pile is empty and every pile's
        bottom card is in F; or x is not a King and each of its two targets
        t (rank + 1, other colour) is on its foundation, or is in F and lies
        under a card of F, or is in F and lies above x in x's pile.
   Proof that no card of a non-empty such F ever moves, in any winning line
   that is as short as possible (so the position is lost): a shortest line
   never moves a King from the bottom of its pile to an empty pile (the
   child equals the parent up to pile order, so cutting the move out and
   renaming piles gives a shorter line).  Suppose some move of the line
   moves a card of F, and take the first one; until it, every card of F is
   where it was, and cards are only ever added on top of piles, so the
   relations "under", "above", "bottom of its pile" among cards of F still
   hold.  The move has a base card b and carries the cards above b; some x
   in F is b or above b, and by A, b is in F.  If the move is b>f: b must
   be a top card with every lower card of its suit on the foundation, but
   by B a lower card of its suit is still in the tableau, or a card of F is
   still on b.  If it is a tableau move, b is face up, so (C) either b is a
   King going to an empty pile: not at the bottom of its pile (shortest
   line), and no pile is empty, each still holding its frozen bottom card;
   or b goes onto a target t that is the top of another pile, but t is on
   its foundation, or still has a card of F on it, or is still above b in
   b's own pile.  Each case contradicts the move.
   The conditions only get weaker as F grows, so removing from F = "every
   tableau card", until none breaks a condition, yields the greatest such
   set.  It catches a card buried under lower cards of its suit with its
   targets gone, and cycles across piles (5C on 3H here, 4H on 4C there,
   none of them able to move: each waits for another).  With F empty it
   says nothing.  1.2% of deals 1..1000 were lost at the deal by the first
   version of this rule (a card at the bottom of the face-up part); the
   fixpoint finds more (e.g. 158, 205, 354, 448, 464).

R5 ``PINNED``: R4 without its condition A.  A card may be carried around
   by moves based under it and still never reach its foundation, e.g. 5H
   above 3H in a pile with nothing between them ever able to be the base of
   a tableau move: 5H waits for 3H, 3H for 5H to leave it.  The kernel finds
   the greatest pair of sets ST ("never the base of a tableau move") and SU
   ("never goes to its foundation") of tableau cards such that, writing
   NT(x) ("x is never the top of its pile") for: some card a above x in its
   pile has every card of (x, a] (the cards from just above x up to a) in
   ST, and a in SU,
     z in SU satisfies one of
       U1. a lower card of z's suit is in SU;
       U2. z is in ST and a lower card y of z's suit lies under z in its
           pile with every card of (y, z] in ST;
       U3. NT(z);
     z in ST satisfies one of
       T0. z is face down and NT(z);
       T1. z is a King at the bottom of its pile;
       T2. z is a King and every pile's bottom card is in ST and in SU;
       T3. z is not a King and each of its two targets t (rank + 1, other
           colour) is on its foundation, or NT(t), or lies above z in z's
           pile with every card of (z, t] in ST, or lies under z in z's pile
           with every card strictly between t and z in ST.
   If SU is not empty the position is lost (every card must go up).
   Proof.  Take a shortest winning line (so, as in R4, it never moves a
   King from the bottom of its pile to an empty pile) and its first move m
   that breaks a claim: the base z of a tableau move with z in ST, or the
   foundation move of a z in SU.  Before m every claim held.  Then, just
   before m:
   (a) if (x, a] is in ST, the cards of (x, a] still lie above x in one
       pile, in order, unless a card of (x, a] has gone to its foundation
       (cards are only added on top; only a tableau move based in (x, a]
       splits them, and only the top one, a first, can leave by foundation).
       So NT(x) with a in SU (not gone up) means a still lies above x: x is
       not a top card.
   (b) U1: that lower card is still in the tableau, so z cannot go up.
       U2: by (a) with x = y, a = z: y still lies under z (z is still in
       the tableau: m is its first foundation move or a move based at z),
       so y has not gone up and z cannot.  U3: z is not a top card.
   So m is not the foundation move of a card of SU.  If m is a tableau move
   with base z in ST: T0: z was never a top card (by (a)), so it is still
   face down and cannot move.  T1: z is still at the bottom of its pile (a
   move carrying z has base z), so m moves a bottom King to an empty pile,
   which a shortest line never does.  T2: every pile still holds its
   bottom card (it never moved), so no pile is empty.  T3: m puts z on a
   target t that is the top of another pile; but t is on its foundation,
   or not a top card (a), or still above z in z's pile (a), or still under
   z in z's pile (only a tableau move based strictly between t and z, or at
   z, which m is the first to be, separates them; the cards between leave
   by foundation only after z has gone).  Each case contradicts m.
   The conditions only get weaker as ST and SU grow, so removing cards from
   ST = SU = "every tableau card" until none breaks its condition yields
   the greatest pair.  R4's F satisfies every condition (F in both sets:
   A and B give U1 or U3, C gives T0..T3), so R5 finds every position R4
   finds; the kernel computes R5 alone when both bits are on.  A dead
   position has no win at all, so R5 is safe for fewest moves too.
   On deals 1..200 at 10^6 nodes it decides 67, 151 and 166 at the deal
   and 28 and 136 within 10^5 nodes (all unknown before at 10^6).

R6 ``TWINS``: one more way for a card to join R5's set ST (used only with
   PINNED; all other conditions as in R5; T6 below extends it).  Call the twin of a card the
   other card of its rank and colour (5C and 5S): the two have the same two
   targets.  Call a target t of z "ruled out" when it is on its
   foundation, or NT(t), or it lies under z in z's pile with every card
   strictly between them in ST (T3's conditions but "above z").
     T4. z is not a King, z is face down, exactly one target t* of z is not
         ruled out, and z's twin x lies above z in z's pile with x in SU
         and every card strictly between z and x face down or in ST.
   E.g. JH face down under JD, QC under JH, QS elsewhere: JH can only go
   onto QS, and before JH can move JD must leave it, and JD can only go
   onto QS as well (QC stays under JH), where it then stays: QS is never
   free for JH.
   Proof (inside R5's proof: m is the first move of a shortest winning
   line that breaks a claim, every claim held before m).  Say m is a
   tableau move with base z, z in ST by T4.  z was face down at the start,
   so before m it was the top card of its pile at some moment; x was above
   z at the start, and the cards of (z, x] stay above z in one pile until
   a tableau move based in (z, x] (a move based at or under z carries them
   all) or the foundation move of x (x is in SU).  Only x can be that base:
   the face-up cards of (z, x) are in ST, and a face-down card of (z, x)
   stays face down, so cannot be a base, as long as x lies above it.  So
   some tableau move before m had base x; let m' be the last one.  x is
   not a King, so m' put x onto a top card that is one of x's targets,
   which are z's targets.  A ruled-out target is never a top
   card before m (R5's proof: a card on a foundation stays there; NT(t) by
   (a); t under z stays under z until a move based in (t, z], which is in
   ST or is m itself).  So m' put x onto t*.
   After m' no move before m has base x or sends x to its foundation, and
   a move based at or under t* carries x along with t*, so x still lies on
   t* just before m: t* is not a top card.  m puts z onto a top card that
   is one of its targets: not t*, not a ruled-out one.  Contradiction.
   T4 only gets weaker as ST and SU grow, so the greatest pair is still
   reached by removing cards; the sets only grow with T4, so R6 finds every
   position R5 finds.  (A first version asked every card between z and x
   to be in ST; face-down ones need not be: deal 644 reaches positions
   with 5S face down under JD face down under 5C, where 5C must leave
   first, onto 5S's only target 6D.)

T6 ``TWIN_WINDOW``: T4 with a waiting window (one more way into ST; used
   with PINNED, and with TWINS in the kernel's default rules).  T4 says z
   cannot be uncovered before its twin x has moved because x lies on z;
   T6 asks the same of any x, through a second fixpoint.  For a card x, the
   window sets (ST_x, SU_x) are the greatest pair of sets of tableau cards
   holding ST + {x} and SU such that every other card of ST_x (of SU_x)
   meets one of T0..T4 (of U1..U3) read with ST_x, SU_x in place of ST, SU
   (no T6 inside a window); NT_x is NT read with them.
     T6. z is not a King, z is face down, exactly one target t* of z is not
         ruled out (as in T4), z's twin x is in SU, and NT_x(z).
   E.g. pile 1 JD TH QD JH (all face down but JH), pile 2 QC QH, KC alone,
   KS and QS on their foundations, TH's lower hearts up, JD's lower
   diamonds up.  QD's one target is KC, QH's too.  JH can only go onto QC,
   so only once QH has left QC, and QH can only go onto KC, where it stays
   (it never goes up: TH lies under QD, which never goes up before JD, under
   it): QD's one target stays covered, and QD can never move.  With x = QH kept in ST_x, NT_x(QC), so JH's targets are
   ruled out (T3 in the window) and NT_x(QD).  T4 sees nothing (QH does
   not lie on QD).
   Proof (inside R5's proof: m is the first move of a shortest winning
   line that breaks a claim, every claim held before m).  Say m is a
   tableau move with base z, z in ST by T6.  Let W be the moves of the line
   before m and before the first tableau move based at x.
   (i) No move of W breaks a window claim (a card of ST_x the base of a
   tableau move, a card of SU_x sent to its foundation).  Take the first
   one, m_W.  Its card is not in ST or SU, whose claims hold before m, nor
   the base x, which no tableau move of W has; so that card meets one of
   T0..T4 or U1..U3 read with the window sets, while every window claim
   held before m_W: R5's and R6's proofs, word for word with m_W for m and
   the window sets for ST and SU, show m_W cannot be made.
   (ii) So by (a) for the window sets, z is not a top card at any moment
   up to the last move of W.  A face-down card turns up only when it is a
   top card, so if W is every move before m, z is still face down at m,
   which cannot then move it.  So some tableau move before m has base x.
   (iii) As in R6's proof: the last such move m' put x (not a King) onto a
   top card that is one of x's targets, which are z's; a ruled-out target
   is never a top card before m, so m' put x onto t*; after m' no tableau
   move before m has base x and x does not go up (x in SU), so x still lies
   on t* at m, and m puts z onto neither t* nor a ruled-out target: it
   cannot be made.  Contradiction.
   T6 only gets weaker as ST and SU grow (the window sets grow with them:
   the union of a window pair and larger kept sets is a window pair of
   those), so the greatest pair is still reached by removing cards, and
   the sets only grow with T6.  Cost: one fixpoint per card tried, so the
   kernel tries T6 only for cards that would otherwise leave ST, only once
   a sweep has removed nothing else, only when x is in SU and no longer in
   ST (while x is in ST the window equals the sets, see _window_fails), and
   stops a window as soon as NT_x(z) fails.

Move ordering (best first) only changes speed, never a verdict.
"""
import numpy as np
from numba import njit

from solitaire.jit.modes import MODE_ALL
from solitaire.jit.ordering import sort_best_first

PILES = 7
CAP = 52
LEN = 0
DOWN = LEN + PILES
FOUND = DOWN + PILES
CARDS = FOUND + 4
STATE_LEN = CARDS + PILES * CAP
FOUNDATION_DEST = 7
MOVE_BITS = 12  # every move code is below (6 * CAP + 51) * 8 + 8 < 2**12
KING = 13

SAFE_FOUNDATION = 1
FOLD_PILES = 2
ONE_EMPTY = 4
DEAD_END = 8
PINNED = 16
TWINS = 32
TWIN_WINDOW = 64
CUT_SETS = 128  # not a reduction: lower_bound's cut sets skip face-down cards (off: whole intervals)
SWAP_CLASSES = 256  # MODE_SOLVE searches positions one free-stack swap apart as one (solitaire.games.yukon.swaps)
# opt-in, not in ALL_REDUCTIONS: every class joined by stack swaps as one (solitaire.games.yukon.swap_components);
# 2-5 times fewer nodes than no classes, but each node costs several times more (docs/yukon.md)
SWAP_COMPONENTS = 512
ALL_REDUCTIONS = (SAFE_FOUNDATION | FOLD_PILES | ONE_EMPTY | DEAD_END | PINNED | TWINS | TWIN_WINDOW | CUT_SETS
                  | SWAP_CLASSES)
NO_RULES = np.zeros(1, dtype=np.int64)  # for apply_move, which reads no rule (the swap classes play swaps with it)

YUKON_MAX_DEPTH = 1000  # longest search path (deeper paths give 'unknown')
MAX_MOVES = 128  # 48 non-Kings x 2 targets + 4 Kings x 6 empty piles + 7 foundation moves = 127

_rng = np.random.default_rng(20240531)
ZOBRIST = _rng.integers(1, 2**63, size=(52, CAP), dtype=np.int64).astype(np.uint64)
ZDOWN = _rng.integers(1, 2**63, size=8, dtype=np.int64).astype(np.uint64)
ZPILE = _rng.integers(1, 2**63, size=PILES, dtype=np.int64).astype(np.uint64)


@njit(cache=True, inline="always")
def encode_move(src, index, dest):
    return (src * CAP + index) * 8 + dest


@njit(cache=True, inline="always")
def move_src(move):
    return move // 8 // CAP


@njit(cache=True, inline="always")
def move_index(move):
    return move // 8 % CAP


@njit(cache=True, inline="always")
def move_dest(move):
    return move % 8


@njit(cache=True, inline="always")
def rank_of(card):
    return card % 13 + 1


@njit(cache=True, inline="always")
def red(card):
    s = card // 13
    return s == 1 or s == 2


@njit(cache=True, inline="always")
def card_at(state, pile, index):
    return np.int64(state[CARDS + pile * CAP + index])


@njit(cache=True, inline="always")
def fits_on(card, target):
    return rank_of(card) + 1 == rank_of(target) and red(card) != red(target)


@njit(cache=True)
def safe_to_foundation(state, card):
    """R1's condition: both opposite-colour cards one rank lower are up."""
    need = rank_of(card) - 1
    if red(card):
        return state[FOUND + 0] >= need and state[FOUND + 3] >= need
    return state[FOUND + 1] >= need and state[FOUND + 2] >= need


@njit(cache=True)
def _pile_masks(state):
    """Bit sets of card codes for the fixpoints below: for each tableau card
    the cards under it and over it in its pile, then the face-down cards and
    all tableau cards."""
    one = np.uint64(1)
    below = np.zeros(52, dtype=np.uint64)
    above = np.zeros(52, dtype=np.uint64)
    down = np.uint64(0)
    tableau = np.uint64(0)
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        under = np.uint64(0)
        for i in range(length):
            x = card_at(state, p, i)
            below[x] = under
            under |= one << np.uint64(x)
            if i < state[DOWN + p]:
                down |= one << np.uint64(x)
        for i in range(length):
            x = card_at(state, p, i)
            above[x] = under & ~below[x] & ~(one << np.uint64(x))
        tableau |= under
    return below, above, down, tableau


@njit(cache=True)
def frozen_cards(state):
    """R4: the greatest set F of tableau cards none of which can ever move
    again (proof in the module docstring), as a bit set of card codes.

    Computed from F = every tableau card by removing, until nothing changes,
    each card of F that breaks a condition (A, B or C).  The conditions only
    get easier as F grows, so this reaches the greatest such set.
    """
    one = np.uint64(1)
    below, above, down, frozen = _pile_masks(state)
    changed = True
    while changed and frozen != 0:
        changed = False
        # C for a King above other cards: it can go only to an empty pile, and
        # none can appear while every pile has a frozen bottom card
        no_empty = True
        for p in range(PILES):
            if state[LEN + p] == 0 or (frozen >> np.uint64(card_at(state, p, 0))) & one == 0:
                no_empty = False
        for x in range(52):
            bit = one << np.uint64(x)
            if frozen & bit == 0:
                continue
            ok = (below[x] & ~frozen) == 0  # A
            if ok:  # B: never reaches its foundation
                s = x // 13
                r = x % 13 + 1
                lower_of_suit = ((one << np.uint64(r - 1)) - one) << np.uint64(s * 13)
                ok = (frozen & lower_of_suit) != 0 or (frozen & above[x]) != 0
            if ok:  # C: never the base of a tableau move
                r = x % 13 + 1
                if down & bit and frozen & above[x]:
                    ok = True
                elif r == KING:
                    ok = below[x] == 0 or no_empty
                else:
                    for o in range(4):
                        if red(o * 13) != red(x):
                            t = o * 13 + r  # the rank r + 1 card of suit o
                            if state[FOUND + o] <= r:  # t is in the tableau
                                tbit = one << np.uint64(t)
                                if frozen & tbit == 0 or (frozen & above[t] == 0 and above[x] & tbit == 0):
                                    ok = False  # t may become the top of another pile
            if not ok:
                frozen &= ~bit
                changed = True
    return frozen


@njit(cache=True, inline="always")
def twin_of(card):
    """The other card of the same rank and colour (C <-> S, D <-> H)."""
    return (3 - card // 13) * 13 + card % 13


@njit(cache=True, inline="always")
def _mark_never_top(state, st, su, nt):
    """Set nt[x] = NT(x) for every tableau card from the current sets;
    return whether every pile keeps its bottom card for ever (T2)."""
    one = np.uint64(1)
    no_empty = True
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        if length == 0:
            no_empty = False
            continue
        b = one << np.uint64(card_at(state, p, 0))
        if st & b == 0 or su & b == 0:
            no_empty = False
        nt[card_at(state, p, length - 1)] = False
        for i in range(length - 2, -1, -1):  # NT: a card a above x, (x, a] in ST, a in SU
            a = card_at(state, p, i + 1)
            abit = one << np.uint64(a)
            nt[card_at(state, p, i)] = (st & abit) != 0 and ((su & abit) != 0 or nt[a])
    return no_empty


@njit(cache=True, inline="always")
def _never_top_at(state, p, i, st, su):
    """NT of the card at index i of pile p, read directly from the sets."""
    one = np.uint64(1)
    for k in range(i + 1, np.int64(state[LEN + p])):
        abit = one << np.uint64(card_at(state, p, k))
        if st & abit == 0:
            return False
        if su & abit:
            return True
    return False


@njit(cache=True, inline="always")
def _free_targets(state, z, st, nt, below, above):
    """How many targets of z T3 cannot rule out, and how many T4 cannot
    (T4 does not count T3's "above z with (z, t] in ST")."""
    one = np.uint64(1)
    r = z % 13 + 1
    free = 0
    free4 = 0
    for o in range(4):
        if red(o * 13) != red(z) and state[FOUND + o] <= r:
            t = o * 13 + r  # the rank r + 1 card of suit o, in the tableau
            tbit = one << np.uint64(t)
            if nt[t]:
                continue
            if above[z] & tbit:  # above z: (z, t] in ST
                free4 += 1
                if (above[z] & ~above[t] & ~st) == 0:
                    continue
            elif below[z] & tbit:  # under z: (t, z) in ST
                if (above[t] & below[z] & ~st) == 0:
                    continue
                free4 += 1
            else:
                free4 += 1
            free += 1
    return free, free4


@njit(cache=True, inline="always")
def _twin_above(state, p, i, st, su):
    """T4's twin: z's twin x above z, x in SU, each card of (z, x) face
    down or in ST."""
    one = np.uint64(1)
    z = card_at(state, p, i)
    down = np.int64(state[DOWN + p])
    for j in range(i + 1, np.int64(state[LEN + p])):
        x = card_at(state, p, j)
        xbit = one << np.uint64(x)
        if x == twin_of(z) and su & xbit != 0:
            return True
        if j >= down and st & xbit == 0:
            return False
    return False


@njit(cache=True, inline="always")
def _sweep(state, below, above, st, su, keep_st, keep_su, twins, defer, nt):
    """One pass over every tableau card, removing those (but the kept ones)
    that break their condition.  Returns the new sets, whether anything was
    removed, and, with ``defer``, the cards left in ST only because T6 has
    not been tried yet (without ``defer`` they are removed)."""
    one = np.uint64(1)
    no_empty = _mark_never_top(state, st, su, nt)
    changed = False
    waiting = np.uint64(0)
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p])
        for i in range(length):
            z = card_at(state, p, i)
            zbit = one << np.uint64(z)
            s = z // 13
            r = z % 13 + 1
            if su & zbit != 0 and keep_su & zbit == 0:
                ok = nt[z]  # U3
                if not ok:  # U1: a lower card of its suit never goes up
                    lower_of_suit = ((one << np.uint64(r - 1)) - one) << np.uint64(s * 13)
                    ok = (su & lower_of_suit) != 0
                if not ok and st & zbit != 0:  # U2: a lower card of its suit under it, (y, z] in ST
                    for j in range(i - 1, -1, -1):
                        y = card_at(state, p, j)
                        if y // 13 == s and y < z:
                            ok = True
                            break
                        if st & (one << np.uint64(y)) == 0:
                            break
                if not ok:
                    su &= ~zbit
                    changed = True
            if st & zbit != 0 and keep_st & zbit == 0:
                if i < down and nt[z]:
                    ok = True  # T0: stays face down
                elif r == KING:
                    ok = i == 0 or no_empty  # T1, T2
                else:
                    free, free4 = _free_targets(state, z, st, nt, below, above)
                    ok = free == 0  # T3
                    if not ok and free4 == 1 and i < down:
                        if twins and _twin_above(state, p, i, st, su):
                            ok = True  # T4 (R6)
                        elif defer:
                            ok = True
                            waiting |= zbit  # T6 is tried once the other conditions settle
                if not ok:
                    st &= ~zbit
                    changed = True
    return st, su, changed, waiting


@njit(cache=True)
def _window_never_top(state, below, above, tableau, st, su, p, i, twins, nt):
    """T6's last condition for the card z at index i of pile p: NT(z) in the
    window sets, the greatest pair (R5's conditions, T4 with ``twins``, no
    T6) that holds ST + {x} and SU without conditions (x = z's twin).  The
    window's NT only gets false as its sets shrink, so stop once it is."""
    keep_st = st | (np.uint64(1) << np.uint64(twin_of(card_at(state, p, i))))
    wst = tableau
    wsu = tableau
    changed = True
    while changed:
        if not _never_top_at(state, p, i, wst, wsu):
            return False
        wst, wsu, changed, _ = _sweep(state, below, above, wst, wsu, keep_st, su, twins, False, nt)
    return _never_top_at(state, p, i, wst, wsu)


@njit(cache=True)
def _window_fails(state, below, above, tableau, st, su, waiting, twins, nt):
    """The cards of ``waiting`` that T6 does not keep in ST: the twin x is
    not in SU, or z may be a top card before x's first tableau move.

    Called once a sweep has removed nothing, so every card of the sets but
    those of ``waiting`` meets its R5 / T4 condition.  If x is still in ST
    the window is then the sets themselves (every card removed so far broke
    its condition for sets holding the window, which cannot hold it), where
    z (not T0) may be a top card: no window is computed for such a z."""
    one = np.uint64(1)
    fails = np.uint64(0)
    for p in range(PILES):
        for i in range(np.int64(state[LEN + p])):
            z = card_at(state, p, i)
            zbit = one << np.uint64(z)
            if waiting & zbit == 0:
                continue
            xbit = one << np.uint64(twin_of(z))
            x_moves = su & xbit != 0 and st & xbit == 0  # in SU, and may be the base of a tableau move
            if not (x_moves and _window_never_top(state, below, above, tableau, st, su, p, i, twins, nt)):
                fails |= zbit
    return fails


@njit(cache=True)
def pinned_cards(state, twins=False, windows=False):
    """R5: the set SU of the greatest pair (ST, SU) of R5 (proof in the module
    docstring), as a bit set of card codes: cards that can never reach their
    foundation.  With ``twins``, ST may also gain cards by T4 (R6), with
    ``windows`` by T6.

    Computed from ST = SU = every tableau card by removing, until a whole
    sweep changes nothing, each card that breaks its condition.  NT (never
    the top) is recomputed at the start of every sweep, so in the last sweep
    every test reads the final sets.  T6 needs a fixpoint of its own per
    card, so it is tried only once a sweep has removed nothing, and only for
    the cards that would otherwise leave ST.  The conditions only get easier
    as the sets grow, so this reaches the greatest pair.
    """
    below, above, _, tableau = _pile_masks(state)
    nt = np.zeros(52, dtype=np.bool_)  # x is never the top of its pile
    st = tableau  # never the base of a tableau move
    su = tableau  # never goes to its foundation
    zero = np.uint64(0)
    while su != 0:
        st, su, changed, waiting = _sweep(state, below, above, st, su, zero, zero, twins, windows, nt)
        if not changed and waiting != 0:
            fails = _window_fails(state, below, above, tableau, st, su, waiting, twins, nt)
            st &= ~fails
            changed = fails != 0
        if not changed:
            break
    return su


@njit(cache=True)
def is_dead(state, flags=DEAD_END):
    """R4 (or R5, which finds every position R4 finds, when ``flags`` has
    PINNED; with T4 too when it also has TWINS: R6; with T6 too when it has
    TWIN_WINDOW): some card never reaches its foundation."""
    if flags & PINNED:
        return pinned_cards(state, (flags & TWINS) != 0, (flags & TWIN_WINDOW) != 0) != 0
    return frozen_cards(state) != 0


@njit(cache=True)
def _score(state, src, index, dest):
    """Move-ordering heuristic (higher first).

    A tableau move loses 20 per face-down card in its destination pile
    (burying face-down cards deeper makes them harder to reach): on the 26
    deals of 1..1000 left unknown at 10^6 nodes by R5 it won 2 (9 among
    them) where no penalty won none, and on deals 1..200 it won 182 deals
    against 181.
    """
    down = np.int64(state[DOWN + src])
    if dest == FOUNDATION_DEST:
        return 1000
    if index == down and down > 0:
        return 500 + 10 * down  # turns a face-down card up
    if index == 0:
        return 300  # empties a pile
    below = card_at(state, src, index - 1)  # face up: the move exposes it
    score = 100
    if fits_on(card_at(state, src, index), below):
        score = 0  # only swaps the group between two equal targets
    if state[FOUND + below // 13] == rank_of(below) - 1:
        score += 150  # the exposed card can go up next
    if state[LEN + dest] == 0:
        score += 60 if down > 0 else 30  # a King to an empty pile
    return score - 20 * np.int64(state[DOWN + dest])


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    """The moves of ``state``, best first.  With the reductions, a dead
    position (R4..R6, T6) has none, and is tested before R1's forced move: a
    dead position is lost whatever R1 would play, and testing R1 first
    made each dead position with a safe foundation move spend one node
    per card R1 then played (a third of the nodes of deals 64, 274, 531
    and 988, sampled)."""
    reduce = mode != MODE_ALL
    flags = rules[0] if reduce else 0
    forced = dead_or_forced(state, flags, out)
    if forced >= 0:
        return forced
    n = legal_moves(state, flags, out, 0)
    if reduce:
        order = np.empty(n, dtype=np.int64)
        for k in range(n):
            order[k] = order_key(state, out[k], out[k])
        sort_best_first(out, order, n)
    return n


@njit(cache=True)
def dead_or_forced(state, flags, out):
    """0 if the position is dead (R4..R6, T6), 1 with R1's move in
    ``out[0]`` if it has one, else -1 (the search looks at every move)."""
    if flags & (DEAD_END | PINNED) and is_dead(state, flags):
        return 0
    if flags & SAFE_FOUNDATION:
        for p in range(PILES):
            length = np.int64(state[LEN + p])
            if length > 0:
                card = card_at(state, p, length - 1)
                if state[FOUND + card // 13] == rank_of(card) - 1 and safe_to_foundation(state, card):
                    out[0] = encode_move(p, length - 1, FOUNDATION_DEST)
                    return 1
    return -1


@njit(cache=True)
def legal_moves(state, flags, out, n):
    """Append the legal moves to ``out[n:]`` (R3 with ``ONE_EMPTY``);
    returns the new count."""
    first_empty = -1
    tops = np.uint64(0)  # the pile top cards, as a bit set
    for q in range(PILES):
        lq = np.int64(state[LEN + q])
        if lq == 0:
            if first_empty < 0:
                first_empty = q
        else:
            tops |= np.uint64(1) << np.uint64(card_at(state, q, lq - 1))
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p])
        for i in range(down, length):
            card = card_at(state, p, i)
            r = rank_of(card)
            if i == length - 1 and state[FOUND + card // 13] == r - 1:
                out[n] = encode_move(p, i, FOUNDATION_DEST)
                n += 1
            if r == KING:
                if flags & ONE_EMPTY:
                    if first_empty >= 0 and i > 0:  # i == 0 means nothing is under it
                        out[n] = encode_move(p, i, first_empty)
                        n += 1
                else:
                    for q in range(PILES):
                        if q != p and state[LEN + q] == 0:
                            out[n] = encode_move(p, i, q)
                            n += 1
            else:
                for o in range(4):  # the two targets: rank r + 1 of the other colour
                    if red(o * 13) != red(card) and (tops >> np.uint64(o * 13 + r)) & np.uint64(1):
                        target = o * 13 + r
                        for q in range(PILES):
                            lq = np.int64(state[LEN + q])
                            if q != p and lq > 0 and card_at(state, q, lq - 1) == target:
                                out[n] = encode_move(p, i, q)
                                n += 1
    return n


@njit(cache=True, inline="always")
def order_key(state, move, code):
    """The sort key of ``move`` of ``state``: its score (``_score``, at
    least 0), ties broken by the higher ``code`` (the code it is stored as)."""
    score = max(_score(state, move_src(move), move_index(move), move_dest(move)), 0)
    return (np.int64(score) << 32) | np.int64(code)


@njit(cache=True)
def apply_move(state, rules, move, child):
    for k in range(STATE_LEN):  # an explicit loop: numba's child[:] = state is ten times slower
        child[k] = state[k]
    src = move_src(move)
    index = move_index(move)
    dest = move_dest(move)
    length = np.int64(state[LEN + src])
    if dest == FOUNDATION_DEST:
        card = card_at(state, src, index)
        child[FOUND + card // 13] += 1
    else:
        at = np.int64(state[LEN + dest])
        for k in range(index, length):
            child[CARDS + dest * CAP + at + k - index] = state[CARDS + src * CAP + k]
        child[LEN + dest] = at + length - index
    for k in range(index, length):
        child[CARDS + src * CAP + k] = 0  # vacated slots read 0, so equal positions are equal arrays
    child[LEN + src] = index
    if index > 0 and child[DOWN + src] == index:
        child[DOWN + src] = index - 1  # the new top card turns face up


@njit(cache=True)
def move_cost(state, rules, move):
    return 1


@njit(cache=True)
def is_won(state, rules):
    return state[FOUND] == KING and state[FOUND + 1] == KING and state[FOUND + 2] == KING and state[FOUND + 3] == KING


@njit(cache=True, inline="always")
def mix(x):
    """splitmix64 finaliser: makes pile hashes independent before summing."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True, inline="always")
def pile_hash(state, p, fold):
    """Zobrist hash of pile p (with its place among the piles unless ``fold``)."""
    h = ZDOWN[state[DOWN + p]]
    for i in range(state[LEN + p]):
        h ^= ZOBRIST[state[CARDS + p * CAP + i], i]
    if not fold:
        h ^= ZPILE[p]
    return h


@njit(cache=True)
def state_key(state, rules, mode):
    """Sum of mixed per-pile Zobrist hashes (``pile_hash``): with R2 the sum
    is order-free.

    Foundations need no hash: every card not in a pile is on its foundation.
    """
    fold = (rules[0] & FOLD_PILES) != 0
    key = np.uint64(0)
    for p in range(PILES):
        key += mix(pile_hash(state, p, fold))
    return key


CYCLE_SPAN = 4  # most face-up cards in one cut set tried for the cycles of two intervals


@njit(cache=True)
def lower_bound(state, rules):
    """Admissible: one foundation move per card not on a foundation, plus one
    tableau move per cycle in a set of "waiting cycles" with disjoint cut sets.

    Order constraints.  Say a lies above c in a pile.  Until some tableau
    move has its base among the cards from just above c up to a (call that
    set the interval (c, a]), those cards stay together and in order in one
    pile: cards are only ever added on top, a move based above a leaves them
    all, and a move based at or under c carries all of them and c.  So while
    (c, a] is uncut, a leaves the pile before c does, hence a goes to its
    foundation before c does ("a before c").  Also, within a suit, a lower
    card goes up before a higher one.
    Cut sets.  The first move based in (c, a] is made while the interval is
    still whole, so its base is face up then.  A card of (c, a] face down
    now, other than a, still has a above it at that moment, so it is still
    face down (a card turns face up only as the top of its pile): the base
    is a face-up card of (c, a], or a itself.  Call those cards the cut set
    of (c, a]: when a is face down it is {a} alone, however deep c lies.
    A cycle of "before" relations (pile relations and suit relations)
    cannot all hold, so some tableau move has its base in the union of the
    cut sets of the cycle's intervals.  For cycles whose unions of cut sets
    are pairwise disjoint these moves are distinct (a move has one base
    card), so the number of such cycles is a lower bound on the tableau
    moves of any win; every card not on a foundation adds its own
    foundation move.
    Without the ``CUT_SETS`` bit every card of an interval counts as face up
    here (cut set = the whole interval, the first version's weaker bound),
    for weighted A*, whose wins were measured with it (``YukonSpec``).
    The kernel packs, greedily (any disjoint set gives a valid bound):
    1. one-interval cycles: x above a lower card y of its own suit (x before
       y by the pile, y before x by the suit).  A face-down x counts alone
       (its cut set is {x}, which no other cut set holds: the others hold
       face-up cards and other face-down tops).  On the face-up part of each
       pile, the cut sets are intervals of cards; with y the nearest such
       card under x, they are taken by their top end from the bottom up,
       each disjoint from the last one taken: the classic greedy, which
       packs the most disjoint intervals;
    2. two-interval cycles among the cards not yet used: a above c and b
       above d (any piles, the two cut sets disjoint) with c and b of one
       suit, c lower, and d and a of one suit, d lower: a before c before b
       before d before a.  Cut sets of up to CYCLE_SPAN cards are tried.
    """
    bound = 52 - (np.int64(state[FOUND]) + state[FOUND + 1] + state[FOUND + 2] + state[FOUND + 3])
    cut_sets = (rules[0] & CUT_SETS) != 0
    one = np.uint64(1)
    used = np.uint64(0)  # cards in the cut sets of the cycles taken
    in_tableau = np.uint64(0)
    where = np.empty(52, dtype=np.int64)  # pile * CAP + index of each tableau card
    # below[x]: the cards under x in its pile.  Only a speed-up of step 2: a
    # partner b with no card of the wanted suit and rank under it cannot
    # close a cycle, whatever is used.
    below = np.zeros(52, dtype=np.uint64)
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p]) if cut_sets else 0
        hit = -1  # top index of the last face-up cut interval taken in this pile
        under = np.uint64(0)
        for j in range(length):
            x = card_at(state, p, j)
            in_tableau |= one << np.uint64(x)
            where[x] = p * CAP + j
            below[x] = under
            under |= one << np.uint64(x)
            # the nearest lower card y of x's suit: anywhere under a face-down
            # x, else where x's cut interval misses the last one taken
            lowest = 0 if j < down or hit < down else hit
            for i in range(j - 1, lowest - 1, -1):
                y = card_at(state, p, i)
                if y // 13 == x // 13 and y < x:
                    bound += 1
                    if j < down:
                        used |= one << np.uint64(x)
                    else:
                        hit = j
                        for k in range(max(i + 1, down), j + 1):
                            used |= one << np.uint64(card_at(state, p, k))
                    break
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p]) if cut_sets else 0
        for j in range(length):
            a = card_at(state, p, j)
            if (used >> np.uint64(a)) & one:
                continue
            lower_a = (one << np.uint64(a)) - (one << np.uint64((a // 13) * 13))  # d: a's suit, below a
            cut = one << np.uint64(a)  # the cut set of (c, a]
            size = 1
            done = False
            for i in range(j - 1, -1, -1):
                if i + 1 < j and i + 1 >= down:  # card i + 1 is face up: it joins the cut set
                    z = card_at(state, p, i + 1)
                    if (used >> np.uint64(z)) & one or size == CYCLE_SPAN:
                        break
                    cut |= one << np.uint64(z)
                    size += 1
                c = card_at(state, p, i)
                # a partner b above d: b of c's suit and higher, d of a's suit and lower than a
                partners = ((one << np.uint64((c // 13) * 13 + 13)) - (one << np.uint64(c + 1))) & in_tableau & ~used & ~cut
                for b in range(c + 1, (c // 13) * 13 + 13):
                    if (partners >> np.uint64(b)) & one == 0 or below[b] & lower_a == 0:
                        continue
                    q = where[b] // CAP
                    jb = where[b] % CAP
                    down_q = np.int64(state[DOWN + q]) if cut_sets else 0
                    cut2 = one << np.uint64(b)
                    size2 = 1
                    for k in range(jb - 1, -1, -1):
                        if k + 1 < jb and k + 1 >= down_q:
                            z = card_at(state, q, k + 1)
                            if (used >> np.uint64(z)) & one or (cut >> np.uint64(z)) & one or size2 == CYCLE_SPAN:
                                break
                            cut2 |= one << np.uint64(z)
                            size2 += 1
                        d = card_at(state, q, k)
                        if d // 13 == a // 13 and d < a:
                            used |= cut | cut2
                            bound += 1
                            done = True
                            break
                    if done:
                        break
                if done:
                    break
    return bound
