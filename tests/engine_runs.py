"""Single engine runs from an encoded position, for checking reductions and bounds.

``solitaire.solver`` decides deals and positions with its budget phases and
the replay of every win.  Tests also need one engine on any position, with
a chosen mode: every legal move (``MODE_ALL``) against the reductions
(``MODE_SOLVE``, ``MODE_OPTIMAL``), IDA*, A*, weighted A*.
"""
from __future__ import annotations

import numpy as np

from solitaire.games.base import GameSpec
from solitaire.jit.modes import MODE_OPTIMAL, MODE_SOLVE
from solitaire.search import astar, calls, config
from solitaire.search import dfs as engine
from solitaire.search.tt import Table
from solitaire.solver import plain_verdict
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE

_TABLES: dict[float, Table] = {}


def _table(tt_mb: float) -> Table:
    """One table per size, reused (a new stamp empties it at no cost)."""
    if tt_mb not in _TABLES:
        _TABLES.clear()
        _TABLES[tt_mb] = Table(tt_mb)
    return _TABLES[tt_mb]


def search_position(spec: GameSpec, root: np.ndarray, rules_arr: np.ndarray, mode: int, *, bound: int = -1,
                    max_nodes: int = config.DEFAULT_MAX_NODES, tt_mb: float = 64) -> tuple[int, engine.SearchStack]:
    """One complete plain search (bound < 0) or one IDA* iteration: the
    engine status and the search arrays."""
    stack, table = engine.SearchStack(len(root), spec.max_depth, spec.max_moves), _table(tt_mb)
    stack.reset(root, max_nodes, bound, spec.search.class_folding)
    stamp = np.uint32(table.new_search())
    status = engine.RUNNING
    while status == engine.RUNNING:
        status = stack.step(spec.handle, rules_arr, mode, False, table, stamp, config.QUANTUM)
    return status, stack


def position_verdict(spec: GameSpec, root: np.ndarray, rules_arr: np.ndarray, mode: int = MODE_SOLVE,
                     max_nodes: int = 10**6, tt_mb: float = 64) -> str:
    """'solved', 'unsolvable' or 'unknown' (budget or depth limit) of one plain DFS."""
    return plain_verdict(spec, root, rules_arr, mode, max_nodes=max_nodes, tt_mb=tt_mb)[0]


def shortest_length(spec: GameSpec, root: np.ndarray, rules_arr: np.ndarray, mode: int = MODE_OPTIMAL,
                    max_nodes: int = 10**6, tt_mb: float = 64) -> int | None:
    """Fewest moves to win (move costs as the game counts them) by IDA*
    from the game's lower bound; None if there is no win, -1 if the budget
    or the depth limit ran out first."""
    bound = int(calls.lower_bound(spec.handle, root, rules_arr))
    used = 0
    while True:
        status, stack = search_position(spec, root, rules_arr, mode, bound=bound, max_nodes=max(max_nodes - used, 1),
                                        tt_mb=tt_mb)
        used += int(stack.ctl[engine.NODES])
        if status == engine.SOLVED:  # the won position is never expanded: add up the path's moves
            return sum(int(calls.move_cost(spec.handle, state, rules_arr, move)) for state, move in stack.path())
        if status != engine.EXHAUSTED or stack.ctl[engine.CUTOFF]:
            return -1
        bound = int(stack.ctl[engine.NEXT_BOUND])
        if bound == engine.NO_BOUND:
            return None


def astar_length(spec: GameSpec, root: np.ndarray, rules_arr: np.ndarray, upper: int = 200,
                 max_nodes: int = 10**6, tt_mb: float = 64,
                 partial: bool = False, sharper: bool = False) -> tuple[int | None, list[tuple[np.ndarray, int]]]:
    """(fewest moves to win, path) by A* (with partial expansion if
    ``partial``; with the game's sharper bound if ``sharper``) looking for
    wins shorter than ``upper``; (None, []) if
    there is none; (-1, []) if the budget or the memory ran out first."""
    arena = astar.Arena(_table(tt_mb).scratch(), root, upper, spec.max_depth)
    arena.reset(max_nodes, partial=partial, sharper=sharper)
    movebuf = np.zeros(spec.max_moves, dtype=np.int32)
    status = engine.RUNNING
    while status == engine.RUNNING:
        status = astar.step(spec.handle, rules_arr, MODE_OPTIMAL, arena, movebuf, config.QUANTUM)
    if status == engine.SOLVED:
        return int(arena.ctl[astar.BEST_G]), arena.path(spec.handle, rules_arr)
    if status == engine.EXHAUSTED:
        return None, []
    return -1, []


def weighted_search(spec: GameSpec, root: np.ndarray, rules_arr: np.ndarray, weight: int = 2,
                    max_nodes: int = 10**6, tt_mb: float = 64) -> tuple[str, list[tuple[np.ndarray, int]]]:
    """Weighted A* on the solvability moves (``MODE_SOLVE``): ('solved', path
    to the first win found), ('unsolvable', []) when every reachable position
    was expanded without one, or ('unknown', []) when the budget or the
    memory ran out first."""
    arena = astar.Arena(_table(tt_mb).scratch(), root, spec.max_depth + 256 * weight, spec.max_depth)
    arena.reset(max_nodes, weight)
    movebuf = np.zeros(spec.max_moves, dtype=np.int32)
    status = engine.RUNNING
    while status == engine.RUNNING:
        status = astar.step(spec.handle, rules_arr, MODE_SOLVE, arena, movebuf, config.QUANTUM)
    if status == engine.SOLVED:
        return SOLVED, arena.path(spec.handle, rules_arr)
    return (UNSOLVABLE if status == engine.EXHAUSTED else UNKNOWN), []
