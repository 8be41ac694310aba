"""Kings as seats for Queens (kings=bottom): a capacity-aware dead-end test.

Under kings=bottom a Queen's only moves are home or onto a King, Kings never
change columns, and a King holds one Queen at a time.  So a few Kings are
the only parking places of four Queens, and a deal can be lost long before
any single card is stuck: Queens over Aces while the Kings are taken.
``deadends.is_dead_end`` cannot see this, since it lets any number of Queens
use the same King.
"""
import numpy as np

from solitaire.games.bakers_dozen.kernel.deadends import first_moves
from solitaire.games.bakers_dozen.kernel.state import C0, CAP, F0, H0, NCOLS, R_KINGS_FREE
from solitaire.jit.bits import popcount
from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel

QUEEN = 12


@kernel(allocates=True)
def is_seat_deadlock(state, rules):
    """True if no King can ever go home (so the position is lost).

    Call a King *taken* when a Queen or a King lies directly on it, *free*
    otherwise; let f be the number of free Kings not home.  Let H be the first
    time a King goes home or a Queen goes home from a King.  A win has an H
    (every King goes home).  Before H:
      * no King moves (a King's only move is home, under kings=bottom);
      * a Queen on a King leaves it only for another King (home is H), which
        was a top card, hence free, and becomes taken: taken Kings stay taken;
      * so the number of taken Kings never falls, and each Queen not now on
        a King that is put onto one makes it rise by one: at most f such
        Queens, a set P.
    Every card that moves before H therefore lies in the first-move closure
    of ``deadends.first_moves`` restricted as there (``kings_stay``), with
    only P's Queens allowed to park; letting more Queens park only enlarges
    the closure, so any P' containing P will do.  H itself is, for some suit
    s whose King is not home, either
      (a) its King going home: its Queen home before (chain[s] >= Queen) and
          every card now above the King moved before (in the closure); or
      (b) its Queen going home from a King: every card of s up to the Jack
          home before (chain[s] >= Jack), and the Queen on a King then:
          either it lies on one now and every card now above it moved before,
          or it is in P and moved before (onto a King).
    If no P' of f parking Queens allows (a) or (b), H never comes and the
    position is lost.  A dead end: safe for solvability and fewest moves.

    The test runs only when the free Kings are fewer than the Queens lying
    over a lower card of their own suit (each must go onto a King before it
    can go home).  Skipping it is always safe; it costs a closure per choice
    of P', and with a King for every such Queen it rarely fires.
    """
    if rules[R_KINGS_FREE] != 0:
        return False
    free_kings = 0
    kings_left = 0
    candidates = 0  # suit bits of Queens not home and not on a King
    seated = 0  # suit bits of Queens lying directly on a King
    must_park = 0  # candidates lying over a lower card of their own suit
    where = np.full(8, -1, np.int64)  # Queens then Kings by suit: column * CAP + index
    for k in range(NCOLS):
        base = C0 + CAP * k
        h = state[H0 + k]
        for i in range(h):
            c = state[base + i]
            r = rank_of(c)
            if r < QUEEN:
                continue
            where[(r - QUEEN) * 4 + suit_of(c)] = k * CAP + i
            if r == 13:
                kings_left += 1
                if i + 1 == h or rank_of(state[base + i + 1]) < QUEEN:
                    free_kings += 1
            elif i > 0 and rank_of(state[base + i - 1]) == 13:
                seated |= 1 << suit_of(c)
            else:
                candidates |= 1 << suit_of(c)
                must_park += _over_own_suit(state, base, i)
    if kings_left == 0 or free_kings >= must_park:
        return False  # a King for every Queen that surely needs one: not worth the closures
    for park in range(16):
        if park & candidates == park and popcount(park) == free_kings and _h_may_come(state, rules, park, seated, where):
            return False
    return True


@kernel(allocates=True)
def _h_may_come(state, rules, park, seated, where):
    """(a) or (b) of ``is_seat_deadlock`` in the restricted closure where the
    Queens of suits ``park`` may park.  It keeps reference counts: the
    closure's arrays come back from ``first_moves`` and must be freed here."""
    _, chain, done = first_moves(state, rules, True, park)
    for s in range(4):
        if state[F0 + s] == 13:
            continue
        if chain[s] >= QUEEN and _all_above_moved(state, done, where[4 + s]):
            return True  # (a)
        if chain[s] >= QUEEN - 1 and where[s] >= 0:
            if (seated >> s) & 1 and _all_above_moved(state, done, where[s]):
                return True  # (b), seated Queen
            if (park >> s) & 1 and _moved(state, done, where[s]):
                return True  # (b), the Queen itself moved
    return False


@kernel(inline="always")
def _over_own_suit(state, base, i):
    """1 if the Queen at index i of the column at ``base`` lies over a lower
    card of its own suit."""
    s = suit_of(state[base + i])
    for j in range(i):
        x = state[base + j]
        if suit_of(x) == s and rank_of(x) < QUEEN:
            return 1
    return 0


@kernel(inline="always")
def _all_above_moved(state, done, spot):
    """Every card above slot ``spot`` (column * CAP + index) is in the closure."""
    k = spot // CAP
    return done[k] >= state[H0 + k] - 1 - spot % CAP


@kernel(inline="always")
def _moved(state, done, spot):
    """The card in slot ``spot`` is in the closure."""
    k = spot // CAP
    return done[k] >= state[H0 + k] - spot % CAP

