"""Searches on a raw Yukon position with chosen reductions, for checking them.

``solver.search.solve`` always runs with every reduction on; the tests (and
the benchmark) use these to compare verdicts and shortest lengths with a
reduction switched off, on the very same shared engine.
"""
from __future__ import annotations

import numpy as np

from solver.games.yukon.kernel import MAX_MOVES, YUKON_MAX_DEPTH
from solver.search import config, engine
from solver.search.kernels import YUKON
from solver.search.tt import Table


_TABLES: dict[float, Table] = {}


def _table(tt_mb: float) -> Table:
    """One table per size, reused (a new stamp empties it at no cost)."""
    if tt_mb not in _TABLES:
        _TABLES.clear()
        _TABLES[tt_mb] = Table(tt_mb)
    return _TABLES[tt_mb]


def run(root: np.ndarray, rules_arr: np.ndarray, mode: int, max_nodes: int, bound: int = -1,
        tt_mb: float = 64, max_depth: int = YUKON_MAX_DEPTH) -> tuple[int, engine.SearchStack]:
    """One complete engine search; returns (status, stack)."""
    stack = engine.SearchStack(len(root), max_depth, MAX_MOVES)
    table = _table(tt_mb)
    stamp = np.uint32(table.new_search())
    stack.reset(root, max_nodes, bound)
    status = engine.RUNNING
    while status == engine.RUNNING:
        status = engine.run(YUKON, rules_arr, mode, False, stack.states, stack.moves, stack.nmoves, stack.midx,
                            stack.gcost, stack.ctl, table.keys, table.vals, table.stamps, stamp, config.QUANTUM)
    return status, stack


def verdict(root: np.ndarray, rules_arr: np.ndarray, mode: int = config.MODE_SOLVE,
            max_nodes: int = 10**6) -> str:
    """'solved', 'unsolvable' or 'unknown' (budget or depth limit)."""
    status, stack = run(root, rules_arr, mode, max_nodes)
    if status == engine.SOLVED:
        return "solved"
    if status == engine.EXHAUSTED and not stack.ctl[engine.CUTOFF]:
        return "unsolvable"
    return "unknown"


def shortest(root: np.ndarray, rules_arr: np.ndarray, max_nodes: int = 10**6) -> int | None:
    """Fewest moves to win by IDA* (MODE_OPTIMAL); None if no win; -1 if the budget ran out."""
    from solver.games.yukon.kernel import lower_bound

    bound = int(lower_bound(root, rules_arr))
    used = 0
    while True:
        status, stack = run(root, rules_arr, config.MODE_OPTIMAL, max_nodes - used, bound)
        used += int(stack.ctl[engine.NODES])
        if status == engine.SOLVED:
            return int(stack.ctl[engine.DEPTH])
        if status != engine.EXHAUSTED or stack.ctl[engine.CUTOFF]:
            return -1
        bound = int(stack.ctl[engine.NEXT_BOUND])
        if bound == engine.NO_BOUND:
            return None
