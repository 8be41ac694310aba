"""The search kernel, written once for every game: DFS and IDA*.

One resumable depth-first search serves both questions:

* ``MODE_SOLVE`` (bound < 0): plain DFS with a transposition table; the first
  won position ends the search ("solved"); an exhausted tree means
  "unsolvable" only if no path was cut by the depth limit.
* IDA* (bound >= 0, normally with ``MODE_OPTIMAL``): the same DFS pruned at
  ``g + lower_bound > bound``; the table stores the least ``g`` at which a
  position was reached in this iteration.  The caller raises the bound to
  ``ctl[NEXT_BOUND]`` between iterations.
* Limited discrepancy search (``discrepancies`` true, bound >= 0): the same
  bounded DFS where ``g`` counts the moves taken that were not their
  position's first (best-ordered) move.  It finds wins that plain DFS misses
  when an early wrong turn hides them under a huge subtree.  It never proves
  anything unsolvable: only a complete plain DFS does.

All search state lives in arrays owned by Python (``SearchStack``), so the
kernel runs ``quantum`` expansions, returns, and resumes exactly where it
stopped: Python checks the clock and Ctrl-C in between.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.search import kernels as K
from solver.search.tt import probe_insert

# ctl slots
DEPTH, NODES, STATUS, CUTOFF, MAX_NODES, NEXT_BOUND, STARTED, BOUND = range(8)
CTL_SIZE = 8
# status values
RUNNING, SOLVED, EXHAUSTED, BUDGET = 0, 1, 2, 3
NO_BOUND = np.iinfo(np.int64).max


class SearchStack:
    """The arrays one search runs on; reusable for the next search."""

    def __init__(self, state_len: int, max_depth: int, max_moves: int):
        self.states = np.zeros((max_depth + 1, state_len), dtype=np.uint8)
        self.moves = np.zeros((max_depth + 1, max_moves), dtype=np.int32)
        self.nmoves = np.zeros(max_depth + 1, dtype=np.int64)
        self.midx = np.zeros(max_depth + 1, dtype=np.int64)
        self.gcost = np.zeros(max_depth + 1, dtype=np.int64)
        self.ctl = np.zeros(CTL_SIZE, dtype=np.int64)

    def reset(self, root: np.ndarray, max_nodes: int, bound: int) -> None:
        self.states[0, :] = root
        self.ctl[:] = 0
        self.ctl[MAX_NODES] = max_nodes
        self.ctl[BOUND] = bound
        self.ctl[NEXT_BOUND] = NO_BOUND

    def line(self) -> tuple[np.ndarray, list[int]]:
        """The line from the root to the won position: its positions (one
        row each, a copy: the next search may reuse the stack) and the move
        played in each."""
        depth = int(self.ctl[DEPTH])
        taken = self.moves[np.arange(depth), self.midx[:depth] - 1]  # each level's move is the one before midx
        return self.states[:depth].copy(), taken.tolist()

    def path(self) -> list[tuple[np.ndarray, int]]:
        """(position, move) pairs from the root to the won position."""
        return list(zip(*self.line()))


@njit(cache=True)
def run(game, rules, mode, discrepancies, states, moves, nmoves, midx, gcost, ctl, tt_keys, tt_vals, tt_stamps,
        stamp, quantum):
    """Advance the search by up to ``quantum`` expansions; returns status."""
    bound = ctl[BOUND]
    ida = bound >= 0
    max_depth = states.shape[0] - 1
    if ctl[STARTED] == 0:
        ctl[STARTED] = 1
        root = states[0]
        if K.is_won(game, root, rules):
            ctl[STATUS] = SOLVED
            return SOLVED
        if ida and not discrepancies:
            f = K.lower_bound(game, root, rules)
            if f > bound:
                ctl[NEXT_BOUND] = f
                ctl[STATUS] = EXHAUSTED
                return EXHAUSTED
        probe_insert(tt_keys, tt_vals, tt_stamps, stamp, K.state_key(game, root, rules, mode), 0)
        ctl[NODES] += 1
        nmoves[0] = K.gen_moves(game, root, rules, moves[0], mode)
        midx[0] = 0
        gcost[0] = 0
        ctl[DEPTH] = 0
    depth = ctl[DEPTH]
    nodes = ctl[NODES]
    max_nodes = ctl[MAX_NODES]
    status = RUNNING
    steps = 0
    while steps < quantum:
        if nodes >= max_nodes:
            status = BUDGET
            break
        if midx[depth] >= nmoves[depth]:
            if depth == 0:
                status = EXHAUSTED
                break
            depth -= 1
            continue
        move = moves[depth, midx[depth]]
        midx[depth] += 1
        parent = states[depth]
        child = states[depth + 1]
        K.apply_move(game, parent, rules, move, child)
        g = gcost[depth]
        if discrepancies:
            if midx[depth] > 1:
                g += 1
            if g > bound:
                if g < ctl[NEXT_BOUND]:
                    ctl[NEXT_BOUND] = g
                continue
        elif ida:
            g += K.move_cost(game, parent, rules, move)
            f = g + K.lower_bound(game, child, rules)
            if f > bound:
                if f < ctl[NEXT_BOUND]:
                    ctl[NEXT_BOUND] = f
                continue
        if K.is_won(game, child, rules):
            depth += 1
            status = SOLVED
            break
        if probe_insert(tt_keys, tt_vals, tt_stamps, stamp, K.state_key(game, child, rules, mode), np.int32(g)):
            continue
        if depth + 1 >= max_depth:
            ctl[CUTOFF] = 1
            continue
        if not ida:
            K.mark_dominated(game, child, rules, mode, tt_keys, tt_vals, tt_stamps, stamp)
        nodes += 1
        steps += 1
        depth += 1
        nmoves[depth] = K.gen_moves(game, child, rules, moves[depth], mode)
        midx[depth] = 0
        gcost[depth] = g
    ctl[DEPTH] = depth
    ctl[NODES] = nodes
    ctl[STATUS] = status
    return status
