"""What the searches learn of a position before moving: its usable cards,
and whether a dead-end rule or the pyramid game proves it lost.

Where the pyramid game runs (any choice is sound: these only choose where
the proof is tried): at a full pyramid (the deal's start) always, with
``rules[R_ABS_BUDGET_FULL]`` positions; elsewhere when at most ``abs_small``
pyramid cards are left (``rules[R_ABS_SMALL]`` for MODE_SOLVE's moves,
``R_ABS_SMALL_OPT`` for MODE_OPTIMAL's, ``R_ABS_SMALL_BOUND`` in the lower
bound), with ``rules[R_ABS_BUDGET]`` (bridge.py sets them).
"""

from solitaire.jit.bits import popcount as _popcount
from solitaire.games.pyramid.kernel.abstraction import _abstract_lost
from solitaire.games.pyramid.kernel.deadends import _dead, _live
from solitaire.games.pyramid.kernel.state import (DEAD_WASTE, NPYR, PCOUNT, PYRAMID_GAME, R_ABS_BUDGET,
                                                  R_ABS_BUDGET_FULL, R_OFF, SCOUNT, TOO_FEW_PARTNERS, _get,
                                                  _stock_counts)
from solitaire.jit.compile import kernel


@kernel
def _analyse(state, rules, pyr, P, T, abs_small):
    """(pyramid counts, usable outside counts, usable mask, dead?) of a position."""
    pcp = _get(state, PCOUNT, 8)
    ncp = _get(state, SCOUNT, 8)
    off = rules[R_OFF]
    live = P
    dead = False
    if not off & DEAD_WASTE:
        live = _live(state, rules, P, T, pcp)
        if live != P:
            ncp -= _stock_counts(state, P & ~live)
    if not off & TOO_FEW_PARTNERS:
        dead = _dead(state, rules, pyr, pcp, ncp)
    if not dead and not off & PYRAMID_GAME:
        n = _popcount(pyr)
        if n == NPYR:
            dead = _abstract_lost(state, rules, pyr, pcp, ncp, rules[R_ABS_BUDGET_FULL])
        elif n <= abs_small:
            dead = _abstract_lost(state, rules, pyr, pcp, ncp, rules[R_ABS_BUDGET])
    return pcp, ncp, live, dead
