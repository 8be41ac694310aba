"""The stock and the waste: waste tops, redeals, stock actions, the last pass."""
import numpy as np

from solitaire.games.pyramid.kernel.state import (PILE, PMASK, PRESENT, R_DRAW, R_PASSES, REDEALS, TURNED, _get,
                                                  _high, _low, _put)
from solitaire.jit.compile import kernel


@kernel
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


@kernel
def _can_redeal(state, rules, P, T):
    if rules[R_DRAW] != 1 or (P & ~T) != 0 or (P & T) == 0:
        return False
    passes = rules[R_PASSES]
    return passes == 0 or state[REDEALS] + 1 < passes


@kernel
def _final_pass(state, rules):
    passes = rules[R_PASSES]
    return rules[R_DRAW] == 3 or (passes != 0 and state[REDEALS] + 1 >= passes)


@kernel
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
