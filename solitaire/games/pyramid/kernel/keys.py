"""The transposition table's key (``state_key``).

An exact 62-bit packing of the position (pyramid mask, the stock and waste
cards present, where the stock starts, redeals), passed through splitmix64's
finaliser: a bijection of 64-bit words, so the key stays exact, and its low
bits (the table's bucket index) depend on every field.  Unmixed, the bucket
was the pyramid mask alone: four slots for all positions sharing a pyramid,
and almost every transposition missed.  With three waste piles and
``stock_top_playable`` the pile of each waste card is hashed in too (the
only case where it does not follow from the card's place in the turning
order).  The searches leave out dead waste cards (``dead_waste``,
deadends.py): positions that differ only in them have the same futures.
"""
import numpy as np

from solitaire.jit.compile import kernel
from solitaire.jit.hashing import GOLDEN, mix64
from solitaire.jit.modes import MODE_ALL
from solitaire.games.pyramid.kernel.deadends import _live
from solitaire.games.pyramid.kernel.state import (DEAD_WASTE, NSTOCK, PCOUNT, PILE, PRESENT, PYR, R_DRAW, R_OFF,
                                                  R_STOCK_TOP, REDEALS, TURNED, _get, _low)


@kernel
def state_key(state, rules, mode):
    pyr = _get(state, PYR, 4)
    P = _get(state, PRESENT, 3)
    T = _get(state, TURNED, 3)
    stock = P & ~T
    boundary = _low(stock) if stock != 0 else NSTOCK  # the waste is P below it
    if mode != MODE_ALL and not rules[R_OFF] & DEAD_WASTE:
        P = _live(state, rules, P, T, _get(state, PCOUNT, 8))
    W = P & T
    base = np.uint64(pyr | (P << 28) | (np.int64(boundary) << 52) | (np.int64(state[REDEALS]) << 57))
    if rules[R_DRAW] == 1 or not rules[R_STOCK_TOP]:
        return mix64(base)
    sig = np.uint64(0)
    while W:
        i = _low(W)
        W &= W - 1
        sig |= np.uint64(state[PILE + i] + 1) << np.uint64(2 * i)
    return mix64(base ^ mix64(sig + np.uint64(GOLDEN))) | np.uint64(0x8000000000000000)
