"""Dead ends: positions no line can win, cut by the search (no moves).

Sound for fewest moves too: a lost position has no shortest win.
"""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.never_moves import never_moves
from solitaire.games.klondike.kernel.state import (FOUND, OFF_BLOCKED_CARDS, OFF_NEVER_MOVING_CARDS, PILES, R_F2T,
                                                   R_OFF, R_PASSES, in_last_pass, pile_card, pile_down, pile_len)
from solitaire.jit.cards import is_red, rank_of, suit_of, twin_of
from solitaire.jit.compile import kernel


@kernel
def dead_end(state, rules, loc):
    """A position no line can win, by patterns of cards that can never move.

    A card X that is face down, or the lowest face-up card, with a lower card
    of its own suit under it in its pile ("blocked") can only leave the pile
    as the base of a move to the tableau (not a King: empty piles take Kings
    only), onto one of its two parents (next rank up, other colour).  A
    parent lying face down under X, or (without foundation_to_tableau) on its
    foundation, can never receive it.
    A parent in another pile under a card Z that cannot leave its pile
    before X leaves (``_stuck_until``) is out of reach as well.
    A. a blocked X with both parents out of reach: X never leaves, lost.
    B. blocked twins X above X' in one pile, both with only the same parent P
       left (the other lies under X' or is gone), and a lower card of X's suit
       under X': X must go onto P first and cannot leave it (not to its
       foundation, not to its other parent) before X' leaves, and X' needs P.
    M. some card can never move at all (``never_moves``); in the last pass
       through the stock this takes in the talon order, so it also sees a
       waste card with a lower card of its suit and both parents under it.
       With unlimited passes and draw k > 1 it knows which talon cards are
       in reach.  Under a pass limit it runs only in the last pass: before
       that it did not pay, even knowing the reach (draw 3 / three passes,
       deals 1-200: the same verdicts, 5% fewer nodes, 1.3 to 1.7 times the
       time).  Skipping a dead-end test is always safe.

    Patterns A and B are the reduction ``blocked_cards``, M is
    ``never_moving_cards``.  ``loc`` is scratch: card -> pile * 32 + index,
    -1 off the tableau, filled only once a blocked card is found (patterns
    A and B need it).
    """
    off = rules[R_OFF]
    if not off & OFF_BLOCKED_CARDS:  # patterns A and B (one loop here: as a helper it cost 4%)
        f2t = rules[R_F2T] != 0
        loc_filled = False
        for p in range(PILES):
            n = pile_len(state, p)
            top = min(pile_down(state, p), n - 1)  # face-down cards and the lowest face-up one
            below = np.int64(0)  # bit per card under index i: "blocked" in O(1), not a scan
            for i in range(1, top + 1):
                below |= np.int64(1) << pile_card(state, p, i - 1)
                x = pile_card(state, p, i)
                r = rank_of(x)
                if r == 13 or not _lower_of_suit_in(below, x):
                    continue
                if not loc_filled:
                    _fill_loc(state, loc)
                    loc_filled = True
                if is_red(x):
                    p1, p2 = r, 39 + r  # clubs and spades of rank r + 1
                else:
                    p1, p2 = 13 + r, 26 + r
                gone1 = _parent_gone(state, loc, p1, p, i, f2t)
                gone2 = _parent_gone(state, loc, p2, p, i, f2t)
                if (gone1 or _locked(state, loc, p1, p, i, f2t)) and (gone2 or _locked(state, loc, p2, p, i, f2t)):
                    return True  # pattern A
                if not (gone1 or gone2):
                    continue
                other = p2 if gone2 else p1  # the gone parent
                twin = twin_of(x)
                where = loc[twin]
                if where < 0 or where // 32 != p or where % 32 >= i:
                    continue
                i2 = where % 32
                if (_parent_gone(state, loc, other, p, i2, f2t) and _lower_of_suit_below(state, p, i2 - 1, twin)
                        and _lower_of_suit_below(state, p, i2 - 1, x)):
                    return True  # pattern B
    if off & OFF_NEVER_MOVING_CARDS:
        return False
    if rules[R_PASSES] != 0 and not in_last_pass(state, rules):
        return False
    return never_moves(state, rules)


@kernel(inline="always")
def _parent_gone(state, loc, parent, p, i, f2t):
    """Can ``parent`` never be a pile top before the card at index i of pile p
    leaves?  (It lies face down under that card, or it is on its foundation
    for good.)"""
    where = loc[parent]
    if where >= 0:
        return where // 32 == p and where % 32 < i
    return not f2t and np.int64(state[FOUND + suit_of(parent)]) >= rank_of(parent)


@kernel(inline="always")
def _lower_of_suit_below(state, p, i, card):
    """Is a lower card of ``card``'s suit at index i or below in pile p?"""
    for j in range(i + 1):
        c = pile_card(state, p, j)
        if suit_of(c) == suit_of(card) and c < card:
            return True
    return False


@kernel(inline="always")
def _lower_of_suit_in(cards, card):
    """Does the bit mask ``cards`` hold a lower card of ``card``'s suit?"""
    return cards & ((np.int64(1) << card) - (np.int64(1) << (suit_of(card) * 13))) != 0


@kernel(inline="always")
def _under(loc, card, p, i, q, k):
    """Does ``card`` lie under index i of pile p or under index k of pile q?"""
    where = loc[card]
    return where >= 0 and ((where // 32 == p and where % 32 < i) or (where // 32 == q and where % 32 < k))


@kernel
def _stuck_until(state, loc, z, q, k, p, i, f2t):
    """Can card z, at index k of pile q (face down or the lowest face-up
    card), not leave q before the card at index i of pile p has left p?

    z leaves q only as the base of a move: to its foundation, closed while a
    lower card of its suit lies under z or under that card; onto a parent,
    closed while both lie there too or are gone for good; or to an empty pile,
    if it is a King."""
    if rank_of(z) == 13:
        return False
    s = suit_of(z)
    closed = False
    for r in range(np.int64(state[FOUND + s]) + 1, rank_of(z)):
        if _under(loc, s * 13 + r - 1, p, i, q, k):
            closed = True
            break
    if not closed:
        return False
    r = rank_of(z)
    first = r if is_red(z) else 13 + r
    for parent in (first, first + (39 if is_red(z) else 13)):
        if _under(loc, parent, p, i, q, k):
            continue
        if loc[parent] >= 0 or f2t or np.int64(state[FOUND + suit_of(parent)]) < rank_of(parent):
            return False
    return True


@kernel
def _locked(state, loc, parent, p, i, f2t):
    """Is ``parent`` in another pile under a card that cannot leave before
    the card at index i of pile p does?  Then it is no top until then."""
    where = loc[parent]
    if where < 0 or where // 32 == p:
        return False
    q, j = where // 32, where % 32
    for k in range(j + 1, min(pile_down(state, q), pile_len(state, q) - 1) + 1):
        if _stuck_until(state, loc, pile_card(state, q, k), q, k, p, i, f2t):
            return True
    return False


@kernel(inline="always")
def _fill_loc(state, loc):
    """loc[card] = pile * 32 + index for tableau cards, -1 for the others."""
    loc[:] = -1
    for p in range(PILES):
        for i in range(pile_len(state, p)):
            loc[pile_card(state, p, i)] = p * 32 + i
