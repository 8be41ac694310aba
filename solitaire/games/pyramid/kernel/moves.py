"""Move generation and application (the kernel contract's gen_moves,
apply_move, move_cost, is_won).

MODE_ALL lists every legal single move, as the reference engine does.  The
search modes (MODE_SOLVE, MODE_OPTIMAL) first ask analysis.py whether the
position is lost (no moves then), then forced.py for a forced move, and
otherwise list the removals now and after stock actions (compound.py).
"""
import numpy as np

from solitaire.jit.cards import rank_of
from solitaire.jit.compile import kernel
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL
from solitaire.games.pyramid.kernel.analysis import _analyse
from solitaire.games.pyramid.kernel.compound import _emit, _exposed_locs, _gen_later, _removals
from solitaire.games.pyramid.kernel.forced import _forced
from solitaire.games.pyramid.kernel.state import (CARDS, DRAW_MOVE, K_DRAW, K_REDEAL, K_REMOVE, NONE, NPYR,
                                                  PCOUNT, PILE, PMASK, PRESENT, PYR, R_ABS_SMALL, R_ABS_SMALL_OPT,
                                                  REDEAL_MOVE, SCOUNT, STATE_LEN, TURNED, _get, _put, move_a, move_b,
                                                  move_kind, move_t)
from solitaire.games.pyramid.kernel.stock import _can_redeal, _stock_actions


@kernel(allocates=True)
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
    n = _removals(state, rules, out, 0, locs, m, 0)
    return _gen_later(state, rules, out, n, locs, m, tops)


@kernel(allocates=True)
def _gen_all(state, rules, out, pyr, P, T):
    locs = np.empty(12, dtype=np.int64)
    tops = np.empty(3, dtype=np.int64)
    m = _exposed_locs(state, rules, pyr, P, T, locs, tops)
    n = _removals(state, rules, out, 0, locs, m, 0)
    if (P & ~T) != 0:
        n = _emit(out, n, DRAW_MOVE)
    if _can_redeal(state, rules, P, T):
        n = _emit(out, n, REDEAL_MOVE)
    return n


@kernel
def _take(state, loc):
    one = np.int64(1) << (4 * rank_of(state[CARDS + loc]))
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


@kernel
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


@kernel
def move_cost(state, rules, move):
    if move_kind(move) != K_REMOVE:
        return 1
    return move_t(move) + 1


@kernel
def is_won(state, rules):
    return _get(state, PYR, 4) == 0
