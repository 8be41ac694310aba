"""Forced moves: positions where one removal is searched as the only move.

All of them rest on the **exposure lemma**: removing a card only exposes
more (a pyramid card is exposed once its coverers are gone, and the single
waste pile keeps its order when a card leaves it), so if position A' is A
with some cards removed, every move of a line from A that does not use
those cards is legal in A' in turn; a ``draw`` of a removed card is
skipped, and a ``redeal`` whose waste would be empty in A' is skipped (the
stock stays A's minus those cards, in order).  Under three waste piles this
holds only while the cards removed never were in the stock: taking a stock
card shifts which pile later cards are dealt to.

``king_pyramid``: an exposed pyramid King is removed as the only move (both
questions).  Any win from A removes that King; by the lemma the line with
that move dropped (and draws of it skipped) wins from A' = A minus the
King, with at least one move fewer: safe for fewest moves.

``king_outside``: for "can it be won" (MODE_SOLVE) a waste-top King, or
(one waste pile) a stock-top King, is removed as the only move: by the
lemma A' wins whenever A does (length is not the question there).

``last_pair``: two exposed cards X + Y are removed as the only move when no
other card of either rank remains anywhere, neither is the stock top under
three waste piles, and (MODE_OPTIMAL) at least one of them is in the
pyramid.  Any other move pairing X or Y would need another card of these
ranks; so every line that removes one of them removes X + Y in one move,
and a win must (MODE_OPTIMAL: a pyramid card has to go).  By the lemma,
doing it first never lengthens a win.

``only_partner``: an exposed pyramid card X whose one possible partner Y
is exposed too is removed with it as the only move (three piles: Y not the
stock top).  "Possible": a pyramid card outside X's covering cone
(``pyramid_matching``; off, any pyramid card of the rank), or a usable
outside card (not dead waste).  Every win removes X, and only together
with Y; by the lemma, doing it first never lengthens the win (both
questions).
"""

from solitaire.jit.bits import popcount as _popcount
from solitaire.jit.compile import kernel
from solitaire.jit.modes import MODE_OPTIMAL
from solitaire.games.pyramid.kernel.state import (BLOCKS, KING_OUTSIDE, KING_PYRAMID, LAST_PAIR, NONE, NPYR,
                                                  ONLY_PARTNER, PYRAMID_MATCHING, R_COVER, R_DRAW, R_OFF,
                                                  R_STOCK_TOP, _card_rank, _cnt, _low, _rmask, make_move)


@kernel
def _forced(state, rules, mode, pyr, P, T, locs, m, pcp, ncp):
    """The one move to make among the exposed cards ``locs[:m]``, or -1."""
    off = rules[R_OFF]
    three = rules[R_DRAW] == 3
    stock = P & ~T
    stock_top = NPYR + _low(stock) if (rules[R_STOCK_TOP] and stock != 0) else -1
    cov = 1 if rules[R_COVER] else 0
    cones = not off & PYRAMID_MATCHING
    for x in range(m):
        a = locs[x]
        ra = _card_rank(state, a)
        if ra == 13:
            if a < NPYR:
                if not off & KING_PYRAMID:
                    return make_move(a, NONE, 0)
            elif mode != MODE_OPTIMAL and not (three and a == stock_top) and not off & KING_OUTSIDE:
                return make_move(a, NONE, 0)
            continue
        s = 13 - ra
        if a < NPYR and not off & ONLY_PARTNER:
            mates = pyr & _rmask(state, s)
            if cones:
                mates &= ~BLOCKS[cov, a]
            b = _only_partner(state, locs, m, mates, _cnt(ncp, s), s, three, stock_top)
            if b >= 0:
                return make_move(a, b, 0)
        if off & LAST_PAIR or _cnt(pcp, ra) + _cnt(ncp, ra) != 1 or _cnt(pcp, s) + _cnt(ncp, s) != 1:
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


@kernel(inline="always")
def _only_partner(state, locs, m, mates, outside, s, three, stock_top):
    """The location of the one possible partner (of rank ``s``) of a pyramid
    card when it is exposed, else -1; ``mates``: its possible pyramid
    partners, ``outside``: the usable outside cards of rank s."""
    if outside + _popcount(mates) != 1:
        return -1
    for y in range(m):
        b = locs[y]
        if b < NPYR and mates != 0 and b == _low(mates):
            return b
        if b >= NPYR and mates == 0 and _card_rank(state, b) == s and not (three and b == stock_top):
            return b
    return -1
