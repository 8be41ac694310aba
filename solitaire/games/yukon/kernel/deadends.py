"""Yukon's dead-end tests: cards that can never reach their foundation.

A position in which some card can never go home is lost, and has no moves
in the reduced modes.  Three tests of growing strength find such cards,
each the greatest set (or pair of sets) meeting its conditions, computed by
starting from every tableau card and removing cards that break a condition
until none does: every condition only gets weaker as the sets grow, so this
reaches the greatest ones.  Each proof takes a winning line that is as short
as possible and its first move that breaks a claim, and shows that move
impossible.  A shortest line never moves a King from the bottom of its pile
to an empty pile (the child is the parent up to pile order: cutting the
move out and renaming piles gives a shorter line).  Cards are only ever
added on top of piles, so the relations "under", "above" and "at the
bottom" among cards that have not moved still hold.  A dead position has no
win at all, so every test is safe for fewest moves too.

Frozen cards (``DEAD_END``)
---------------------------
The greatest set F of tableau cards such that every x in F has
  (a) every card under it in its pile in F;
  (b) a lower card of its suit in F, or a card of F above it;
  (c) no way to be the base of a tableau move: x is face down with a card of
      F above it; or a King at the bottom of its pile; or a King while no
      pile is empty and every pile's bottom card is in F; or a non-King each
      of whose two targets t (rank + 1, other colour) is home, or in F under
      a card of F, or in F above x in x's pile.
If F is not empty the position is lost.  Proof: take the first move of a
shortest winning line that moves a card of F; its base b is in F (by a).
If the move is b>f, b has every lower card of its suit home and nothing on
it, against (b).  If it is a tableau move, b is face up (so not under a
card of F, which has not moved), and by (c) it is a King going to an empty
pile, not from the bottom of its pile (shortest
line), while every pile still holds its frozen bottom card; or it goes onto
a target t that is home, or still has a card of F on it, or still lies above
b in b's own pile.  Each case contradicts the move.  This catches cycles
across piles: 5C on 3H here, 4H on 4C there, each waiting for another.

Pinned cards (``PINNED``)
-------------------------
A card may be carried around by moves based under it and still never go
home: 5H above 3H, nothing between them ever able to be a base.  The kernel
finds the greatest pair of sets ST ("never the base of a tableau move") and
SU ("never goes home") of tableau cards meeting the conditions below.
Write NT(x), "x is never the top of its pile", for: some card a above x has
every card of (x, a] (from just above x up to a) in ST, and a in SU.
  A card z of SU meets one of
    [suit]     a lower card of z's suit is in SU;
    [under]    z is in ST, and a lower card y of its suit lies under z with
               every card of (y, z] in ST;
    [covered]  NT(z).
  A card z of ST meets one of
    [down]     z is face down and NT(z);
    [bottom King]   z is a King at the bottom of its pile;
    [no empty pile] z is a King and every pile's bottom card is in ST and SU;
    [targets]  z is not a King and each of its two targets t is home, or
               NT(t), or above z with every card of (z, t] in ST, or under z
               with every card strictly between t and z in ST;
    [twin above], [twin window]  (the two switches below).
If SU is not empty the position is lost.  Proof: take a shortest winning
line and its first move m that breaks a claim (the base of a tableau move in
ST, or the foundation move of a card of SU).  Just before m every claim
holds, and
  (i) if (x, a] is in ST, its cards still lie above x in one pile, in order,
      unless one has gone home (only a tableau move based in (x, a] splits
      them, and only the top one, a, can go home first).  So with a in SU,
      a still lies above x: NT(x) means x is not a top card.
  (ii) [suit]: that lower card is still in the tableau.  [under]: by (i)
      y still lies under z, so it has not gone home, and z cannot.
      [covered]: z is not a top card.  So m sends no card of SU home.
  (iii) If m is a tableau move based at z in ST: [down]: z was never a top
      card (i), so it is still face down.  [bottom King]: z is still at the
      bottom of its pile, so m moves a bottom King to an empty pile.  [no
      empty pile]: every pile still holds its bottom card.  [targets]: m
      puts z on a target t that is a pile top, but t is home, or not a top
      card (i), or still above z (i), or still under z (only a move based
      strictly between t and z, in ST, or at z, which m is the first to be,
      separates them, and the cards between go home only after z).
Each case contradicts m.  F meets every condition (F in both sets: (a) and
(b) give [suit] or [covered], (c) gives [down] .. [targets]), so this test
finds every position the frozen test finds; with both on, the kernel
computes this one alone.  On deals 1-200 it decides 67, 151 and 166 at the
deal and 28 and 136 within 10^5 nodes, all unknown to the frozen test at
10^6 nodes.

A face-down card under its twin (``TWINS``, with ``PINNED``)
------------------------------------------------------------
The twin of a card (same rank and colour: 5C and 5S) has the same two
targets.  Call a target t of z *ruled out* when it is home, or NT(t), or it
lies under z with every card strictly between them in ST.  One more way
into ST:
    [twin above]  z is a face-down non-King, exactly one target t* of z is
               not ruled out, and z's twin x lies above z with x in SU and
               every card strictly between z and x face down or in ST.
E.g. JH face down under JD, QC under JH, QS elsewhere: JD can only go onto
QS, where it stays, so QS is never free for JH.  Proof (inside the pinned
proof, m based at z): z was face down, so before m it was a top card at
some moment, so the cards of (z, x] left it.  Only a tableau move based at
x can do that: a move based at or under z carries them all, x never goes
home, the face-up cards between are in ST, and a face-down card between
stays face down while x lies above it.  The last tableau move m' based at x
before m put x (not a King) onto a pile top that is one of its targets,
which are z's; a ruled-out target is never a top before m (a home card
stays home; NT by (i); a card under z stays under it until a move based in
(t, z], which is in ST or is m), so m' put x onto t*.  After m' x neither
moves nor goes home, and a move based at or under t* carries x along, so
x still lies on t* at m: z has no free target.  The condition only gets
weaker as the sets grow, so the greatest pair is still reached by removing
cards.  Face-down cards between the twins need not be in ST: deal 644
reaches 5S face down under JD face down under 5C, where 5C must leave first,
onto 5S's only target 6D.  With it deals 185 and 693 are proved lost at
4.5M and 3.6M nodes, unknown without it at 10^7.

A twin that must move first (``TWIN_WINDOW``, with ``PINNED``)
-------------------------------------------------------------
[twin above] asks the twin x to lie on z; this asks the same of any x,
through a second fixpoint.  For a card x, the *window sets* (ST_x, SU_x)
are the greatest pair of sets of tableau cards holding ST + {x} and SU in
which every other card meets the conditions above (but [twin window]) read
with ST_x, SU_x; NT_x is NT read with them.
    [twin window]  z is a face-down non-King, exactly one target t* of z is
               not ruled out, z's twin x is in SU, and NT_x(z).
E.g. pile 1 JD TH QD JH (all face down but JH), pile 2 QC QH, KC alone; KS,
QS, the hearts below TH and the diamonds below JD home: QD's one target is
KC.  JH can only go onto QC, so only once QH has left it, and QH can only go
onto KC, where it stays (it never goes home: TH lies under QD, which cannot
go home before JD, under it): KC is never free for QD.  Proof
(inside the pinned proof, m based at z): let W be the moves before m and
before the first tableau move based at x.  No move of W breaks a window
claim: the first one would have its card outside ST and SU (whose claims
hold before m) and not be x, so it meets a condition read with the window
sets, and the proofs above, word for word with the window sets, forbid it.
So by (i) z is never a top card during W; if W were every move before m, z
would still be face down at m.  So a tableau move based at x comes before
m, and, as for [twin above], the last one put x on t* for good.  The window
sets grow with ST and SU, so the condition only gets weaker as they grow.
It costs one fixpoint per card tried: the kernel tries it only for cards
that would otherwise leave ST, only once a sweep has removed nothing else,
only while x is in SU but no longer in ST (while x is in ST the window is
the sets themselves, see ``_window_fails``), and stops a window as soon as
NT_x(z) fails; a dead-end check costs 15-25% more than without it.
"""
import numpy as np

from solitaire.games.yukon.kernel.state import CAP, DEAD_END, DOWN, FOUND, KING, LEN, PILES, PINNED, TWIN_WINDOW, \
    TWINS, card_at
from solitaire.jit.cards import is_red, twin_of
from solitaire.jit.compile import kernel


@kernel(allocates=True)
def _pile_masks(state):
    """Bit sets of card codes for the fixpoints below: for each tableau card
    the cards under it and over it in its pile, then the face-down cards and
    all tableau cards; and each tableau card's place, pile * CAP + index."""
    one = np.uint64(1)
    below = np.zeros(52, dtype=np.uint64)
    above = np.zeros(52, dtype=np.uint64)
    where = np.empty(52, dtype=np.int64)
    down = np.uint64(0)
    tableau = np.uint64(0)
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        under = np.uint64(0)
        for i in range(length):
            x = card_at(state, p, i)
            below[x] = under
            under |= one << np.uint64(x)
            where[x] = p * CAP + i
            if i < state[DOWN + p]:
                down |= one << np.uint64(x)
        for i in range(length):
            x = card_at(state, p, i)
            above[x] = under & ~below[x] & ~(one << np.uint64(x))
        tableau |= under
    return below, above, down, tableau, where


@kernel(allocates=True)
def frozen_cards(state):
    """The frozen cards: the greatest set F of tableau cards none of which
    can ever move again (module docstring), as a bit set of card codes.

    Computed from F = every tableau card by removing, until nothing changes,
    each card of F that breaks a condition ((a), (b) or (c)).  The conditions only
    get easier as F grows, so this reaches the greatest such set.
    """
    one = np.uint64(1)
    below, above, down, frozen, _ = _pile_masks(state)
    changed = True
    while changed and frozen != 0:
        changed = False
        # (c) for a King above other cards: it can go only to an empty pile, and
        # none can appear while every pile has a frozen bottom card
        no_empty = True
        for p in range(PILES):
            if state[LEN + p] == 0 or (frozen >> np.uint64(card_at(state, p, 0))) & one == 0:
                no_empty = False
        for x in range(52):
            bit = one << np.uint64(x)
            if frozen & bit == 0:
                continue
            ok = (below[x] & ~frozen) == 0  # (a)
            if ok:  # (b): never reaches its foundation
                s = x // 13
                r = x % 13 + 1
                lower_of_suit = ((one << np.uint64(r - 1)) - one) << np.uint64(s * 13)
                ok = (frozen & lower_of_suit) != 0 or (frozen & above[x]) != 0
            if ok:  # (c): never the base of a tableau move
                r = x % 13 + 1
                if down & bit and frozen & above[x]:
                    ok = True
                elif r == KING:
                    ok = below[x] == 0 or no_empty
                else:
                    for o in range(4):
                        if is_red(o * 13) != is_red(x):
                            t = o * 13 + r  # the rank r + 1 card of suit o
                            if state[FOUND + o] <= r:  # t is in the tableau
                                tbit = one << np.uint64(t)
                                if frozen & tbit == 0 or (frozen & above[t] == 0 and above[x] & tbit == 0):
                                    ok = False  # t may become the top of another pile
            if not ok:
                frozen &= ~bit
                changed = True
    return frozen


@kernel(inline="always")
def _mark_never_top(state, st, su, nt, piles=np.int64(-1)):
    """Set nt[x] = NT(x) from the current sets for every card of the piles
    whose bit is set in ``piles`` (default: every pile)."""
    for p in range(PILES):
        if (piles >> p) & 1:
            length = np.int64(state[LEN + p])
            for i in range(length - 1, -1, -1):
                _mark_at(state, p, i, length, st, su, nt)


@kernel(inline="always")
def _mark_at(state, p, i, length, st, su, nt):
    """nt[z] = NT(z) for the card z at index i of pile p, from the sets and
    the NT of the card above it: that card a is in ST, and in SU or NT(a)."""
    z = card_at(state, p, i)
    if i == length - 1:
        nt[z] = False
    else:
        a = card_at(state, p, i + 1)
        abit = np.uint64(1) << np.uint64(a)
        nt[z] = (st & abit) != 0 and ((su & abit) != 0 or nt[a])
    return z


@kernel(inline="always")
def _bottoms_stay(state, st, su):
    """Whether every pile keeps its bottom card for ever ([no empty pile]):
    no pile is empty and every bottom card is in ST and SU."""
    for p in range(PILES):
        if state[LEN + p] == 0:
            return False
        b = np.uint64(1) << np.uint64(card_at(state, p, 0))
        if st & b == 0 or su & b == 0:
            return False
    return True


@kernel(inline="always")
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


@kernel(inline="always")
def _free_targets(state, z, st, nt, below, above):
    """How many targets of z [targets] cannot rule out, and how many the
    twin conditions cannot (they do not count "above z with (z, t] in ST")."""
    one = np.uint64(1)
    r = z % 13 + 1
    free = 0
    free4 = 0
    for o in range(4):
        if is_red(o * 13) != is_red(z) and state[FOUND + o] <= r:
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


@kernel(inline="always")
def _under(state, p, i, z, st):
    """[under] for z (in ST) at index i of pile p: a lower card y of its
    suit lies under it with every card of (y, z] in ST."""
    for j in range(i - 1, -1, -1):
        y = card_at(state, p, j)
        if y // 13 == z // 13 and y < z:
            return True
        if st & (np.uint64(1) << np.uint64(y)) == 0:
            return False
    return False


@kernel(inline="always")
def _twin_above(state, p, i, st, su):
    """[twin above]: z's twin x above z, x in SU, each card of (z, x) face
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


@kernel(inline="always")
def _sweep(state, below, above, st, su, keep_st, keep_su, twins, defer, nt):
    """One pass over every tableau card, removing those (but the kept ones)
    that break their condition.  Returns the new sets, whether anything was
    removed, and, with ``defer``, the cards left in ST only because [twin window] has
    not been tried yet (without ``defer`` they are removed).

    ``nt`` must hold NT read with sets holding the current ones (``_mark_never_top``
    once before the first sweep, and again after any removal outside a sweep).
    Each pile is read from the top down, setting NT of a card just before
    its tests: NT(x) depends only on the cards above x, whose removals in
    this pass are already made, so a removal near the top of a pile reaches
    the cards under it in the same pass, not one pass per card.  A value
    read from a pile not yet passed is the one from the last pass, read with
    larger sets: conditions only get easier as the sets grow, so a card it
    removes is removed rightly, and after a pass that removes nothing every
    value read was current.  The same greatest pair comes out, in fewer
    passes (with ``_suit_pass`` after each, about 6 instead of 20 on
    positions of random games of deal 510)."""
    one = np.uint64(1)
    no_empty = _bottoms_stay(state, st, su)
    changed = False
    waiting = np.uint64(0)
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p])
        for i in range(length - 1, -1, -1):
            z = _mark_at(state, p, i, length, st, su, nt)
            zbit = one << np.uint64(z)
            s = z // 13
            r = z % 13 + 1
            if su & zbit != 0 and keep_su & zbit == 0:
                ok = nt[z]  # [covered]
                if not ok:  # [suit]: a lower card of its suit never goes home
                    lower_of_suit = ((one << np.uint64(r - 1)) - one) << np.uint64(s * 13)
                    ok = (su & lower_of_suit) != 0
                if not ok and st & zbit != 0:
                    ok = _under(state, p, i, z, st)
                if not ok:
                    su &= ~zbit
                    changed = True
            if st & zbit != 0 and keep_st & zbit == 0:
                if i < down and nt[z]:
                    ok = True  # [down]: stays face down
                elif r == KING:
                    ok = i == 0 or no_empty  # [bottom King], [no empty pile]
                else:
                    free, free4 = _free_targets(state, z, st, nt, below, above)
                    ok = free == 0  # [targets]
                    if not ok and free4 == 1 and i < down:
                        if twins and _twin_above(state, p, i, st, su):
                            ok = True  # [twin above]
                        elif defer:
                            ok = True
                            waiting |= zbit  # [twin window] is tried once the other conditions settle
                if not ok:
                    st &= ~zbit
                    changed = True
    return st, su, changed, waiting


@kernel(inline="always")
def _suit_pass(state, where, st, su, keep_su, nt):
    """Remove from SU, suit by suit from the lowest rank up, each card (but
    the kept ones) that breaks its condition; returns SU.  Only the lowest
    card of a suit still in SU can break [suit], so a suit's cards leave in
    one pass here, not one sweep per rank.  Run after a sweep that removed
    something: a removal reads the current sets and NT read with sets
    holding them (``_sweep``), so it is right; the piles that lost a card
    get their NT read again, so ``_sweep``'s argument still holds."""
    one = np.uint64(1)
    touched = np.int64(0)  # bit per pile that lost a card from SU
    for s in range(4):
        for r in range(np.int64(state[FOUND + s]) + 1, 14):  # cards above the foundation are in the tableau
            z = s * 13 + r - 1
            zbit = one << np.uint64(z)
            if su & zbit == 0:
                continue  # gone from SU: the next card up may be the lowest
            if keep_su & zbit or nt[z]:
                break  # kept, or [covered]: by [suit] it keeps every higher card of its suit
            p = where[z] // CAP
            i = where[z] % CAP
            if st & zbit and _under(state, p, i, z, st):  # [under]
                break
            su &= ~zbit
            touched |= np.int64(1) << p
    _mark_never_top(state, st, su, nt, touched)
    return su


@kernel
def _window_never_top(state, below, above, where, tableau, st, su, p, i, twins, nt):
    """[twin window]'s last condition for the card z at index i of pile p:
    NT(z) in the window sets, the greatest pair (the pinned conditions,
    [twin above] with ``twins``, not [twin window]) that holds ST + {x} and
    SU without conditions (x = z's twin).  The
    window's NT only gets false as its sets shrink, so stop once it is."""
    keep_st = st | (np.uint64(1) << np.uint64(twin_of(card_at(state, p, i))))
    wst = tableau
    wsu = tableau
    _mark_never_top(state, wst, wsu, nt)
    changed = True
    while changed:
        if not _never_top_at(state, p, i, wst, wsu):
            return False
        wst, wsu, changed, _ = _sweep(state, below, above, wst, wsu, keep_st, su, twins, False, nt)
        if changed:
            wsu = _suit_pass(state, where, wst, wsu, su, nt)
    return _never_top_at(state, p, i, wst, wsu)


@kernel
def _window_fails(state, below, above, where, tableau, st, su, waiting, twins, nt):
    """The cards of ``waiting`` that [twin window] does not keep in ST: the twin x is
    not in SU, or z may be a top card before x's first tableau move.

    Called once a sweep has removed nothing, so every card of the sets but
    those of ``waiting`` meets its condition.  If x is still in ST
    the window is then the sets themselves (every card removed so far broke
    its condition for sets holding the window, which cannot hold it), where
    z (not [down]) may be a top card: no window is computed for such a z."""
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
            if not (x_moves and _window_never_top(state, below, above, where, tableau, st, su, p, i, twins, nt)):
                fails |= zbit
    return fails


@kernel(allocates=True)
def pinned_cards(state, twins=False, windows=False):
    """The pinned cards: the set SU of the greatest pair (ST, SU) (module
    docstring), as a bit set of card codes: cards that can never reach their
    foundation.  With ``twins``, ST may also gain cards by [twin above],
    with ``windows`` by [twin window].

    Computed from ST = SU = every tableau card by removing, until a whole
    sweep changes nothing, each card that breaks its condition.  NT (never
    the top) is kept current as the sweeps go (``_sweep``), so in the last
    sweep every test reads the final sets.  [twin window] needs a fixpoint of its own per
    card, so it is tried only once a sweep has removed nothing, and only for
    the cards that would otherwise leave ST.  The conditions only get easier
    as the sets grow, so this reaches the greatest pair.
    """
    below, above, _, tableau, where = _pile_masks(state)
    nt = np.zeros(52, dtype=np.bool_)  # x is never the top of its pile
    st = tableau  # never the base of a tableau move
    su = tableau  # never goes to its foundation
    zero = np.uint64(0)
    _mark_never_top(state, st, su, nt)
    while su != 0:
        st, su, changed, waiting = _sweep(state, below, above, st, su, zero, zero, twins, windows, nt)
        if changed:
            su = _suit_pass(state, where, st, su, zero, nt)
        if not changed and waiting != 0:
            fails = _window_fails(state, below, above, where, tableau, st, su, waiting, twins, nt)
            st &= ~fails
            changed = fails != 0
            _mark_never_top(state, st, su, nt)  # the windows used nt; and ST lost cards outside a sweep
        if not changed:
            break
    return su


@kernel
def is_dead(state, flags=DEAD_END):
    """Some card never reaches its foundation, by the strongest test of
    ``flags`` (a switch word): the pinned cards with ``PINNED`` (they hold
    every frozen card), with [twin above] if ``TWINS`` and [twin window] if
    ``TWIN_WINDOW``; else the frozen cards (the caller asks only when
    ``DEAD_END`` or ``PINNED`` is on)."""
    if flags & PINNED:
        return pinned_cards(state, (flags & TWINS) != 0, (flags & TWIN_WINDOW) != 0) != 0
    return frozen_cards(state) != 0

