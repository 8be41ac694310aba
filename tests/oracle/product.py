"""The one adapter between the oracle tests and the product's fast engine.

Every call the oracle tests make into the fast engine (solver phases,
kernels, relaxations) goes through this module, so a restructured core is
re-pointed here alone.  Verdicts use the oracle's words (``search.WON``,
``search.LOST``) and ``UNKNOWN`` for a budget or depth cut.
"""
from __future__ import annotations

from typing import Any

import numpy as np

import engine_runs as P
from solitaire.games import get_game
from solitaire.games.base import IllegalMove, ReferenceState
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE  # noqa: F401  (re-exported to the tests)
from solitaire.search import astar, calls, config, dfs
from solitaire.solver import plain_verdict, solve_position
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE

from oracle.search import LOST, WON

_WORDS = {SOLVED: WON, UNSOLVABLE: LOST, UNKNOWN: UNKNOWN}


def spec(game: str):
    return get_game(game)


def encode(game: str, state: ReferenceState, rules: dict[str, Any],
           off: tuple[str, ...] = ()) -> tuple[np.ndarray, np.ndarray]:
    """(fast state, rules array) of a reference position; ``off``: the
    reductions (``spec.reductions`` by name) switched off in the array."""
    sp = get_game(game)
    return sp.encode(state, rules), sp.rules_array(rules, off=tuple(off))


class ProductWinFails(AssertionError):
    """The product's winning line is not a win of the reference engine."""


def replay_win(start: ReferenceState, moves: list[str]) -> None:
    state = start.copy()
    for i, move in enumerate(moves):
        if state.is_won():
            raise ProductWinFails(f"move {i + 1} '{move}' after the game is won")
        try:
            state.play(move)
        except (IllegalMove, ValueError) as exc:
            raise ProductWinFails(f"move {i + 1} '{move}' is illegal: {exc}") from None
    if not state.is_won():
        raise ProductWinFails(f"the product's {len(moves)} moves do not win")


def product_verdict(game: str, state: ReferenceState, rules: dict[str, Any], *, optimal: bool = False,
                    max_nodes: int = 200_000, tt_mb: float = 16, off: tuple[str, ...] = (),
                    sharper_bound: bool = False) -> tuple[str, int | None, int]:
    """(verdict, length, nodes) of the product with every phase on, as
    ``solitaire.solver.solve`` runs a deal: discrepancy search, the
    early and late relaxations, weighted A*, the deciding DFS, and with
    ``optimal`` the shortest-win search.  ``length``: the moves of the win
    (replayed on ``state``); with ``optimal`` None unless proved shortest.
    ``off``: reductions switched off (every phase and the relaxations read
    the same switch word)."""
    arr = get_game(game).rules_array(get_game(game).complete_rules(rules), off=tuple(off))
    result = solve_position(game, state, rules, max_nodes=max_nodes, tt_mb=tt_mb, optimal=optimal, rules_arr=arr,
                            sharper_bound=sharper_bound)
    length = None
    if result.verdict == SOLVED:
        replay_win(state, result.moves)  # ``solve_position`` replays it too: this checks that it did
        length = len(result.moves) if not optimal or result.optimal else None
    return _WORDS[result.verdict], length, result.nodes


def root_moves(game: str, state: ReferenceState, rules: dict[str, Any], mode: int = MODE_SOLVE) -> int:
    """How many moves the kernel offers at the root in ``mode`` (0 in
    MODE_SOLVE: a root dead-end rule rejects the position)."""
    return len(root_move_list(game, state, rules, mode))


def root_move_list(game: str, state: ReferenceState, rules: dict[str, Any], mode: int = MODE_SOLVE,
                   off: tuple[str, ...] = ()) -> list[int]:
    """The kernel's moves at the root in ``mode``, ``off`` switched off."""
    sp = get_game(game)
    root, rules_arr = encode(game, state, rules, off)
    out = np.zeros(sp.max_moves, dtype=np.int32)
    return [int(m) for m in out[:int(calls.gen_moves(sp.handle, root, rules_arr, out, mode))]]


def root_dead(game: str, state: ReferenceState, rules: dict[str, Any]) -> bool:
    """Does the product reject the position at its root (no search moves)?"""
    return not state.is_won() and root_moves(game, state, rules) == 0


_STACKS: dict = {}


def _dfs(sp, root: np.ndarray, rules_arr: np.ndarray, mode: int, max_nodes: int) -> tuple[str, int]:
    """``solitaire.solver.plain_verdict`` with its search arrays kept per game."""
    key = (sp.name, len(root))
    if key not in _STACKS:
        _STACKS[key] = dfs.SearchStack(len(root), sp.max_depth, sp.max_moves)
    verdict, nodes = plain_verdict(sp, root, rules_arr, mode, max_nodes=max_nodes, table=P._table(16),
                                   stack=_STACKS[key])
    return _WORDS[verdict], nodes


def dfs_verdict(game: str, state: ReferenceState, rules: dict[str, Any], mode: int = MODE_SOLVE,
                max_nodes: int = 200_000, rules_arr: np.ndarray | None = None,
                off: tuple[str, ...] = ()) -> tuple[str, int]:
    """(verdict, nodes) of one plain DFS of the fast engine in ``mode``
    (MODE_ALL: every legal move, no reduction), ``off`` switched off."""
    sp = get_game(game)
    root, arr = encode(game, state, rules, off)
    return _dfs(sp, root, arr if rules_arr is None else rules_arr, mode, max_nodes)


def weighted_verdict(game: str, state: ReferenceState, rules: dict[str, Any],
                     max_nodes: int = 200_000) -> str:
    """Weighted A* on the solvability moves: it proves a loss by running out of positions."""
    sp = get_game(game)
    root, arr = encode(game, state, rules)
    verdict, _ = P.weighted_search(sp, root, sp.search.weighted_rules(arr), sp.search.weighted_weight, max_nodes=max_nodes,
                                   tt_mb=16)
    return _WORDS[verdict]


def astar_length(game: str, state: ReferenceState, rules: dict[str, Any], max_nodes: int = 200_000,
                 upper: int = 400) -> int | None | str:
    """Fewest moves by the product's A* (MODE_OPTIMAL); None: no win; UNKNOWN: budget."""
    sp = get_game(game)
    root, arr = encode(game, state, rules)
    length, _ = P.astar_length(sp, root, arr, upper=upper, max_nodes=max_nodes, tt_mb=16,
                               partial=sp.search.astar_partial)
    return UNKNOWN if length == -1 else length


def ida_length(game: str, state: ReferenceState, rules: dict[str, Any], max_nodes: int = 200_000) -> int | None | str:
    """Fewest moves by the product's IDA* (MODE_OPTIMAL); None: no win; UNKNOWN: budget."""
    sp = get_game(game)
    root, arr = encode(game, state, rules)
    length = P.shortest_length(sp, root, arr, max_nodes=max_nodes, tt_mb=16)
    return UNKNOWN if length == -1 else length


def lower_bound(game: str, state: ReferenceState, rules: dict[str, Any], off: tuple[str, ...] = ()) -> int:
    sp = get_game(game)
    root, arr = encode(game, state, rules, off)
    return int(calls.lower_bound(sp.handle, root, arr))


def keys(game: str, state: ReferenceState, rules: dict[str, Any], off: tuple[str, ...] = ()) -> tuple:
    """The root's keys, ``off`` switched off: the state key in MODE_SOLVE
    and MODE_OPTIMAL, the class key (games whose DFS folds classes), and
    how many waste counts ``mark_dominated`` records (games that mark them)."""
    sp = get_game(game)
    root, arr = encode(game, state, rules, off)
    out = [int(calls.state_key(sp.handle, root, arr, MODE_SOLVE)), int(calls.state_key(sp.handle, root, arr,
                                                                                        MODE_OPTIMAL))]
    if hasattr(sp.kernel, "class_key"):
        out.append(int(sp.kernel.class_key(root, arr, MODE_SOLVE)))
    if hasattr(sp.kernel, "mark_dominated"):
        marks = np.zeros(256, np.uint64), np.zeros(256, np.int32), np.zeros(256, np.uint32)
        sp.kernel.mark_dominated(root, arr, MODE_SOLVE, *marks, np.uint32(1), np.int32(0))
        out.append(int((marks[2] == 1).sum()))
    return tuple(out)


def astar_run(game: str, state: ReferenceState, rules: dict[str, Any], max_nodes: int = 200_000,
              off: tuple[str, ...] = (), sharper: bool = False, upper: int = 400) -> tuple[int | None | str, int]:
    """(fewest moves, nodes) of the product's A* (MODE_OPTIMAL, the game's
    partial expansion), ``off`` switched off, with the sharper bound if
    ``sharper``; None: no win; UNKNOWN: budget or memory."""
    sp = get_game(game)
    root, arr = encode(game, state, rules, off)
    arena = astar.Arena(P._table(16).scratch(), root, upper, sp.max_depth)
    arena.reset(max_nodes, partial=sp.search.astar_partial, sharper=sharper)
    movebuf = np.zeros(sp.max_moves, dtype=np.int32)
    status = dfs.RUNNING
    while status == dfs.RUNNING:
        status = astar.step(sp.handle, arr, MODE_OPTIMAL, arena, movebuf, config.QUANTUM)
    nodes = int(arena.ctl[astar.NODES])
    if status == dfs.SOLVED:
        return int(arena.ctl[astar.BEST_G]), nodes
    return (None if status == dfs.EXHAUSTED else UNKNOWN), nodes


def relaxed_run(game: str, state: ReferenceState, rules: dict[str, Any], max_positions: int = 200_000,
                off: tuple[str, ...] = ()) -> tuple[str, int] | None:
    """The game's relaxation as ``solve`` runs it (``relaxed_rules`` with
    the DFS, else ``prove_lost``), ``off`` switched off: (LOST or UNKNOWN,
    relaxed positions); None where the game has no relaxation under these
    rules (or it is switched off).  Baker's Dozen: ``_bakers_relaxed_runs``."""
    sp = get_game(game)
    root, arr = encode(game, state, rules, off)
    if game == "bakers-dozen":
        return _bakers_relaxed_runs(root, arr, max_positions)
    relaxed = sp.search.relaxed_rules(arr)
    if relaxed is not None:
        verdict, nodes = _dfs(sp, root, relaxed, MODE_SOLVE, max_positions)
        return (LOST if verdict == LOST else UNKNOWN), nodes
    if not sp.search.relaxation:
        return None
    lost, positions, _ = sp.search.prove_lost(root, arr, max_positions)
    if not lost and not positions:
        return None  # nothing tried: every relaxed game switched off (or none under these rules)
    return (LOST if lost else UNKNOWN), int(positions)


def relaxation_verdict(game: str, state: ReferenceState, rules: dict[str, Any],
                       max_positions: int = 200_000) -> tuple[str, str]:
    """The game's relaxation alone (what ``solve`` tries on an undecided
    deal): (LOST, proof name) if it proves the position lost, else
    (UNKNOWN, "") (a relaxed win proves nothing)."""
    sp = get_game(game)
    root, arr = encode(game, state, rules)
    relaxed = sp.search.relaxed_rules(arr)
    if relaxed is not None:
        verdict, _ = dfs_verdict(game, state, rules, MODE_SOLVE, max_positions, rules_arr=relaxed)
        return (LOST, sp.search.relaxation) if verdict == LOST else (UNKNOWN, "")
    if not sp.search.relaxation:
        return UNKNOWN, ""
    lost, _, name = sp.search.prove_lost(root, arr, max_positions)
    return (LOST, name or sp.search.relaxation) if lost else (UNKNOWN, "")


# --- Baker's Dozen relaxations, each on its own ------------------------------------------------
def _bakers_relaxed_runs(root: np.ndarray, arr: np.ndarray, max_positions: int) -> tuple[str, int] | None:
    """Baker's Dozen's relaxations as ``solve`` runs them (``prove_lost``:
    the ladder under kings=bottom, the skeleton game under kings=free), and
    besides each relaxed game on its own under the same switches (the
    threshold game at ranks 5-8 under kings=bottom, the skeleton game under
    both): (LOST if any proves the position lost, else UNKNOWN, the
    positions they visited in all); None if none runs."""
    from solitaire.games.bakers_dozen.kernel import state as st
    from solitaire.games.bakers_dozen.research import skeleton, status as codes, threshold

    sp = get_game("bakers-dozen")
    lost, positions, _ = sp.search.prove_lost(root, arr, max_positions)
    ran = bool(lost or positions)
    if arr[st.R_KINGS_FREE] == 0 and not arr[st.R_OFF] & st.OFF_THRESHOLD_RELAXATION:
        for rank in (5, 6, 7, 8):
            status, seen = threshold.threshold_search(root, arr, rank, max_positions)
            lost, positions, ran = lost or int(status) == codes.LOST, positions + int(seen), True
    if not arr[st.R_OFF] & st.OFF_SKELETON_RELAXATION:
        status, seen = skeleton.skeleton_search(root, arr, max_positions)
        lost, positions, ran = lost or int(status) == codes.LOST, positions + int(seen), True
    return ((LOST if lost else UNKNOWN), int(positions)) if ran else None


def bakers_relaxed(kind: str, state: ReferenceState, rules: dict[str, Any], rank: int = 0,
                   max_positions: int = 200_000) -> str:
    """One relaxed game of Baker's Dozen from ``state``: "threshold",
    "seatless" (at threshold ``rank``), "skeleton" or "ladder": LOST, WON
    (the relaxed game is won: says nothing of the real one), UNKNOWN
    (budget), or "refused"."""
    from solitaire.games.bakers_dozen.research import ladder, seatless, skeleton, status as codes_of, threshold

    root, arr = encode("bakers-dozen", state, rules)
    if kind == "ladder":
        lost, _, _ = ladder.prove_lost(root, arr, max_positions)
        return LOST if lost else UNKNOWN
    if kind == "threshold":
        status, _ = threshold.threshold_search(root, arr, rank, max_positions)
    elif kind == "seatless":
        status, _ = seatless.seatless_search(root, arr, rank, max_positions)
    else:
        status, _ = skeleton.skeleton_search(root, arr, max_positions)
    codes = {codes_of.WON: WON, codes_of.LOST: LOST, codes_of.BUDGET: UNKNOWN, codes_of.REFUSED: "refused"}
    return codes[int(status)]


def bakers_root_dead(state: ReferenceState, rules: dict[str, Any]) -> bool:
    """Baker's Dozen's root dead-end checks (``deadends.is_dead_end``,
    ``seats.is_seat_deadlock`` under kings=bottom)."""
    from solitaire.games.bakers_dozen.kernel import deadends, seats

    root, arr = encode("bakers-dozen", state, rules)
    return bool(deadends.is_dead_end(root, arr)) or bool(seats.is_seat_deadlock(root, arr))
