"""Deciding a deal or a position: validate, search in quanta, replay-verify, report.

``solve`` takes a deal, ``solve_position`` any reference position (a game
part-played, a position of a blind player's sampled world).  Both run the
same phases (``_decide``) on the game's fast engine and replay every win on
the reference engine before calling it solved.

>>> from solitaire.dealing import make_deal
>>> r = solve(make_deal("klondike", 24), {"draw": 3})
>>> r.verdict, len(r.moves)
('solved', 107)
"""
from __future__ import annotations

import time
from typing import Any, Callable

import numpy as np

from solitaire.deals import Deal
from solitaire.games.base import ReferenceState
from solitaire.games import get_game
from solitaire.games.base import GameSpec
from solitaire.jit.modes import MODE_OPTIMAL, MODE_SOLVE
from solitaire.replaying import ReplayError, verify_win_from
from solitaire.rules import parse_rules
from solitaire.search import astar, calls, config, dfs
from solitaire.search.tt import Table
from solitaire.solution import SolveResult
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE


class SolverBug(RuntimeError):
    """The fast engine claimed a win the reference engine rejects."""


class BudgetError(ValueError):
    """A budget option out of range."""


def check_budgets(max_nodes: int, timeout: float | None, tt_mb: float) -> None:
    if max_nodes is None or int(max_nodes) < 1:
        raise BudgetError(f"max-nodes must be at least 1, got {max_nodes}")
    if timeout is not None and timeout <= 0:
        raise BudgetError(f"timeout must be a positive number of seconds, got {timeout}")
    if not 1 <= tt_mb <= 64 * 1024:
        raise BudgetError(f"transposition table size must be 1..65536 MB, got {tt_mb}")


# The weighted A* phase filled its arena before its node share was spent,
# and the DFS after it then ran out of nodes: a larger --tt-mb, not only a
# larger --max-nodes, may decide the deal (Yukon at 10^7 nodes needs 1024 MB).
FILLED_THEN_BUDGET = "node budget (after weighted A* filled --tt-mb)"

_BUFFERS: dict = {}


def _buffers(spec: GameSpec, state_len: int, tt_mb: float) -> tuple[dfs.SearchStack, Table]:
    """Search arrays and table, kept per process: batches reuse them deal after deal."""
    key = (spec.name, state_len, tt_mb)
    if key not in _BUFFERS:
        _BUFFERS.clear()  # one table at a time bounds memory
        _BUFFERS[key] = (dfs.SearchStack(state_len, spec.max_depth, spec.max_moves), Table(tt_mb))
    return _BUFFERS[key]


class _Search:
    """One search's state (a deal or a position): arrays reused by every phase."""

    def __init__(self, spec: GameSpec, start: ReferenceState, label: str, rules: dict, tt_mb: float,
                 timeout: float | None, progress: Callable[[dict], None] | None, sharper_bound: bool = False,
                 rules_arr: np.ndarray | None = None, lds_rules_arr: np.ndarray | None = None):
        self.spec, self.start_state, self.label, self.rules = spec, start, label, rules
        self.root = spec.encode(start, rules)
        self.rules_arr = spec.rules_array(rules) if rules_arr is None else rules_arr
        self.lds_rules_arr = self.rules_arr if lds_rules_arr is None else lds_rules_arr  # the discrepancy phase's
        self.line_rules = self.rules_arr  # what the DFS stack's line was searched with
        self.stack, self.table = _buffers(spec, len(self.root), tt_mb)
        self.start = time.perf_counter()
        self.deadline = None if timeout is None else self.start + timeout
        self.progress = progress
        self.nodes = 0
        self.reason = ""
        self.win_path: list[tuple[np.ndarray, int]] | None = None  # a win found by weighted A* (else the DFS stack's)
        self.depth_cut = False  # the last complete search left paths cut by the depth limit
        self.sharper_bound = sharper_bound  # A* for shortest wins with the game's sharper bound
        self.relaxation_run = False  # the game's relaxation has had its try (once per deal)
        self.relaxed_nodes = 0  # of ``nodes``, those of the relaxed game (extra to the node budget)
        self.proof = ""  # how a loss was proved, when not by this game's own search

    def run(self, mode: int, bound: int, max_nodes: int, discrepancies: bool = False,
            relaxed: np.ndarray | None = None) -> int:
        """Run one DFS / IDA* iteration to its end; returns the engine status.
        ``relaxed``: a plain DFS under the game's ``relaxed_rules`` instead."""
        stamp = np.uint32(self.table.new_search())
        s, t = self.stack, self.table
        s.reset(self.root, max_nodes, bound, self.spec.search.class_folding)
        rules_arr = relaxed if relaxed is not None else self.lds_rules_arr if discrepancies else self.rules_arr
        self.line_rules = rules_arr

        def step() -> int:
            return s.step(self.spec.handle, rules_arr, mode, discrepancies, t, stamp, config.QUANTUM)

        phase = ("relaxation" if relaxed is not None else "discrepancy" if discrepancies
                 else "dfs" if bound < 0 else "optimal")
        status = self._drive(step, lambda: int(s.ctl[dfs.NODES]), lambda: bound, phase)
        self.depth_cut = bool(s.ctl[dfs.CUTOFF])
        return status

    def run_astar(self, upper: int, max_nodes: int, weight: int = 1) -> tuple[astar.Arena, int]:
        """A* for a win shorter than ``upper``, in memory borrowed from the table:
        the arena and SOLVED, EXHAUSTED or BUDGET.

        With ``weight`` > 1, weighted A* for any win (``upper`` is then only
        the number of f buckets), on the solvability moves.  The status is
        ``_drive``'s, not the arena's: a Ctrl-C raised just after the quantum
        that ended the search gives BUDGET ("interrupted"), so the caller
        stops instead of carrying on as if nothing had been pressed."""
        arena = astar.Arena(self.table.scratch(), self.root, upper, self.spec.max_depth)
        arena.reset(max_nodes, weight, partial=self.spec.search.astar_partial, sharper=self.sharper_bound)
        movebuf = np.zeros(self.spec.max_moves, dtype=np.int32)
        mode = MODE_OPTIMAL if weight == 1 else MODE_SOLVE
        rules_arr = self.rules_arr if weight == 1 else self.spec.search.weighted_rules(self.rules_arr)

        def step() -> int:
            return astar.step(self.spec.handle, rules_arr, mode, arena, movebuf, config.QUANTUM)

        phase = "optimal" if weight == 1 else "weighted"
        status = self._drive(step, lambda: int(arena.ctl[astar.NODES]), lambda: int(arena.ctl[astar.LOWER]), phase)
        return arena, status

    def run_weighted(self, max_nodes: int) -> int:
        """Weighted A* from the root: SOLVED (``win_path`` set), EXHAUSTED
        (every position reached, no win: lost), or BUDGET."""
        weight = self.spec.search.weighted_weight
        arena, status = self.run_astar(self.spec.max_depth + 256 * weight, max_nodes, weight)
        if status == dfs.SOLVED:
            self.win_path = arena.path(self.spec.handle, self.rules_arr)
        self.depth_cut = False
        return status

    def _drive(self, step: Callable[[], int], nodes: Callable[[], int], bound: Callable[[], int], phase: str) -> int:
        """Call ``step`` (one quantum) until the search ends, the clock runs
        out or Ctrl-C; report progress; count the nodes.  ``phase`` says what
        ``bound`` is: the proved lower bound ("optimal"), the allowed
        discrepancies ("discrepancy"), or nothing ("dfs", -1)."""
        status = dfs.RUNNING
        try:
            while status == dfs.RUNNING:
                status = step()
                if status == dfs.RUNNING and self.deadline and time.perf_counter() > self.deadline:
                    status, self.reason = dfs.BUDGET, "timeout"
                if self.progress is not None:
                    self.progress({"nodes": self.nodes + nodes(), "bound": bound(), "phase": phase})
        except KeyboardInterrupt:
            status, self.reason = dfs.BUDGET, "interrupted"
        if status == astar.FULL:
            status, self.reason = dfs.BUDGET, "memory (--tt-mb)"
        if status == dfs.BUDGET and not self.reason:
            self.reason = "node budget"
        self.nodes += nodes()
        return status

    def solution(self, path: list[tuple[np.ndarray, int]] | None = None) -> list[str]:
        """The notation moves of ``path`` (default: the DFS stack's line), replay-verified."""
        if path is None:
            states, taken = self.stack.line()
            moves = self.spec.describe_line(states, self.line_rules, taken)
        else:
            moves = [text for state, move in path for text in self.spec.describe_move(state, self.rules_arr, move)]
        try:
            verify_win_from(self.start_state, moves)
        except ReplayError as exc:
            raise SolverBug(f"{self.label}: fast engine's solution fails replay: {exc}") from None
        return moves

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def spent(self) -> int:
        """Nodes counted against the node budget: all but the relaxed game's."""
        return self.nodes - self.relaxed_nodes


def budgets(max_nodes: int | None = None, tt_mb: float | None = None, optimal: bool = False) -> tuple[int, float]:
    """The node budget and table size a search gets when not given: the
    defaults, or for ``optimal`` the larger ones A* needs (it stores every
    position it generates)."""
    if max_nodes is None:
        max_nodes = config.OPTIMAL_MAX_NODES if optimal else config.DEFAULT_MAX_NODES
    if tt_mb is None:
        tt_mb = config.OPTIMAL_TT_MB if optimal else config.DEFAULT_TT_MB
    return max_nodes, tt_mb


def solve(deal: Deal, rules: dict[str, Any] | None = None, *, max_nodes: int | None = None,
          timeout: float | None = None, tt_mb: float | None = None, optimal: bool = False,
          sharper_bound: bool = False, search_options: tuple[str, ...] = (),
          progress: Callable[[dict], None] | None = None, rules_arr: np.ndarray | None = None) -> SolveResult:
    """Decide one deal: ``solved`` (replay-verified moves), ``unsolvable`` or ``unknown``.

    ``rules``: the game's rule options (missing ones take their defaults).
    Budgets left out take ``budgets()``'s defaults (larger with ``optimal``).
    With ``optimal=True`` the solution has the fewest moves when
    ``result.optimal`` is True; otherwise it is the best found and
    ``result.lower_bound`` is the proved least length of any win.
    ``sharper_bound``: A* uses the game's ``lower_bound_at_least`` where it
    would store a position: fewer positions, more time.
    ``search_options``: names of the game's search options (``GameSpec.search_options``,
    e.g. Yukon's ``swap_components``), switched on in the phases that prove
    losses, weighted A* and the DFS, and noted in the result.  The
    discrepancy phase keeps the game's own rules array: it finds wins by
    following the move order, which such options may blur.
    ``rules_arr``: the kernels' rules array to search with instead of the
    game's own for ``rules`` (research runs with a reduction switched on or
    off); wins are still replayed under ``rules``.
    """
    spec = get_game(deal.game)
    rules = parse_rules(spec, rules or {})
    start = spec.new_reference(deal.layout, rules)
    result = _solve(spec, start, deal.label(), rules, max_nodes, timeout, tt_mb, optimal, sharper_bound,
                    search_options, progress, rules_arr)
    result.deal = deal
    return result


def solve_position(game: str, position: ReferenceState, rules: dict[str, Any] | None = None, *,
                   max_nodes: int | None = None, timeout: float | None = None, tt_mb: float | None = None,
                   optimal: bool = False, sharper_bound: bool = False, search_options: tuple[str, ...] = (),
                   progress: Callable[[dict], None] | None = None,
                   rules_arr: np.ndarray | None = None) -> SolveResult:
    """``solve`` from any reference position of ``game`` (played on or made
    by hand) under ``rules``; the result's moves start there and are
    replayed from a copy of it.  ``result.deal`` is None."""
    spec = get_game(game)
    rules = parse_rules(spec, rules or {})
    return _solve(spec, position.copy(), f"{spec.name} position", rules, max_nodes, timeout, tt_mb, optimal,
                  sharper_bound, search_options, progress, rules_arr)


def plain_verdict(spec: GameSpec, root: np.ndarray, rules_arr: np.ndarray, mode: int, *, max_nodes: int,
                  tt_mb: float = 64, max_depth: int | None = None, table: Table | None = None,
                  stack: dfs.SearchStack | None = None) -> tuple[str, int]:
    """One plain DFS from an encoded position with the kernels in ``mode``,
    no phases and no relaxation: (verdict, nodes).  With ``MODE_ALL`` (every
    legal move, no reduction) it re-proves a loss the reductions found; the
    verdict is ``unknown`` if the budget or the depth limit (``max_depth``,
    default the game's) cut the search.  Wins are not replayed here (the
    caller has no move list to show).  ``table`` and ``stack``: ones to
    reuse from call to call (else new ones, of ``tt_mb`` and ``max_depth``);
    on small positions allocating them is most of the cost."""
    check_budgets(max_nodes, None, tt_mb)
    stack = stack or dfs.SearchStack(len(root), max_depth or spec.max_depth, spec.max_moves)
    table = table or Table(tt_mb)
    stack.reset(root, max_nodes, -1, spec.search.class_folding)
    stamp = np.uint32(table.new_search())
    status = dfs.RUNNING
    while status == dfs.RUNNING:
        status = stack.step(spec.handle, rules_arr, mode, False, table, stamp, config.QUANTUM)
    nodes = int(stack.ctl[dfs.NODES])
    if status == dfs.SOLVED:
        return SOLVED, nodes
    if status == dfs.EXHAUSTED and not stack.ctl[dfs.CUTOFF]:
        return UNSOLVABLE, nodes
    return UNKNOWN, nodes


def _solve(spec: GameSpec, start: ReferenceState, label: str, rules: dict[str, Any], max_nodes: int | None,
           timeout: float | None, tt_mb: float | None, optimal: bool, sharper_bound: bool,
           search_options: tuple[str, ...], progress: Callable[[dict], None] | None,
           rules_arr: np.ndarray | None) -> SolveResult:
    max_nodes, tt_mb = budgets(max_nodes, tt_mb, optimal)
    check_budgets(max_nodes, timeout, tt_mb)
    options = tuple(spec.search_option(name) for name in search_options)
    lds_rules_arr = None
    if options:
        lds_rules_arr = spec.rules_array(rules) if rules_arr is None else rules_arr
        rules_arr = lds_rules_arr
        for option in options:
            rules_arr = option.apply(rules_arr)
    _load_code(spec, start, rules, tt_mb)
    search = _Search(spec, start, label, rules, tt_mb, timeout, progress, sharper_bound, rules_arr, lds_rules_arr)
    status = _decide(search, int(max_nodes))
    result = SolveResult(None, rules, UNKNOWN, game=spec.name, start=start,
                         search_options=tuple(option.name for option in options))
    if status == dfs.SOLVED:
        result.verdict, result.moves = SOLVED, search.solution(search.win_path)
    elif status == dfs.EXHAUSTED:
        if search.depth_cut:
            search.reason = "depth limit"
        else:
            result.verdict = UNSOLVABLE
    if (result.verdict == UNKNOWN and _relaxation_left(search)
            and (search.reason.startswith("node budget") or search.reason == "depth limit")):
        if _relaxed(search, int(max_nodes)):
            result.verdict = UNSOLVABLE
    result.proof = search.proof
    if optimal and result.verdict == SOLVED:
        _shortest(search, result, int(max_nodes))
    result.nodes, result.seconds, result.reason = search.nodes, search.elapsed(), search.reason
    if result.verdict != UNKNOWN and not (optimal and not result.optimal):
        result.reason = ""
    return result


_LOADED: set[str] = set()  # games whose compiled search code this process has loaded


def _load_code(spec: GameSpec, start: ReferenceState, rules: dict[str, Any], tt_mb: float) -> None:
    """Load a game's compiled search code once per process, before any
    clock starts: numba loads a cached function at its first call (tenths of
    a second), which would otherwise count as the solve time of whichever
    deal first needs it.  Every engine runs one node on ``start``."""
    if spec.name in _LOADED:
        return
    _LOADED.add(spec.name)
    warm = _Search(spec, start, "", rules, tt_mb, None, None)
    warm.run(MODE_SOLVE, 0, 1, discrepancies=True)
    warm.run_astar(spec.max_depth, 1)
    calls.lower_bound(spec.handle, warm.root, warm.rules_arr)
    moves = np.zeros(spec.max_moves, dtype=np.int32)
    if calls.gen_moves(spec.handle, warm.root, warm.rules_arr, moves, MODE_SOLVE) > 0:  # as an A* line is rebuilt
        calls.apply_move(spec.handle, warm.root, warm.rules_arr, np.int32(moves[0]), np.empty_like(warm.root))
        spec.describe_move(warm.root, warm.rules_arr, int(moves[0]))  # as a win is spelled out
    if spec.search.relaxation and spec.search.relaxed_rules(warm.rules_arr) is None:
        spec.search.prove_lost(warm.root, warm.rules_arr, 1)


def _decide(search: _Search, max_nodes: int) -> int:
    """Find a win or prove there is none, within ``max_nodes`` expansions.

    Three phases, each given what the ones before left of the budget:

    1. limited discrepancy search with a growing number of allowed
       deviations from the move ordering (the game's ``lds_share_for`` the
       rules of the budget, at most its ``lds_max_nodes``): wins a few
       wrong turns away from the ordering;
    2. weighted A* (``weighted_share``, at most ``weighted_max_nodes``;
       none for most games): wins the depth-first order reaches late;
    3. a plain DFS with the rest.

    Phases 1 and 2 prove nothing lost, but for phase 2 running out of
    positions (every one reachable expanded, as a complete DFS does).
    Phase 2 is skipped when phase 1 saw the whole tree (nothing deviated):
    the DFS then decides at once.

    Where the game's ``relaxation_early_for`` the rules, it tries its
    relaxation between phases 1 and 2, or inside phase 1 once that has
    spent the game's ``relaxation_after_nodes`` (``_relaxed``: it can only
    prove the deal lost, and its positions are extra to the budget, which
    the phases still get in full); else it is tried only on a deal the three
    phases leave unknown (``solve``).
    """
    spec = search.spec
    lds_budget = int(max_nodes * spec.search.lds_share_for(search.rules))
    if spec.search.lds_max_nodes is not None:
        lds_budget = min(lds_budget, spec.search.lds_max_nodes)
    bound, whole_tree = 0, False
    early = spec.search.relaxation_early_for(search.rules)
    relax_at = spec.search.relaxation_after_nodes if early else None  # inside phase 1, from this spend on
    while lds_budget > 0 and search.spent() < lds_budget and not search.reason:
        status = search.run(MODE_SOLVE, bound, lds_budget - search.spent(), discrepancies=True)
        if status == dfs.SOLVED:
            return status
        if search.reason in ("timeout", "interrupted"):
            return dfs.BUDGET
        search.reason = ""
        whole_tree = status == dfs.EXHAUSTED and search.stack.ctl[dfs.NEXT_BOUND] == dfs.NO_BOUND
        if status != dfs.EXHAUSTED or whole_tree:
            break  # share spent, or nothing deviates: the plain DFS below decides
        bound = int(search.stack.ctl[dfs.NEXT_BOUND])
        if relax_at is not None and search.spent() >= relax_at:
            status = _relaxed_early(search, max_nodes)
            if status != dfs.RUNNING:
                return status
    if early and not whole_tree and not search.reason:
        status = _relaxed_early(search, max_nodes)
        if status != dfs.RUNNING:
            return status
    arena_filled = False  # weighted A* stopped on its memory (--tt-mb), not on its node share
    weighted_budget = int(max_nodes * spec.search.weighted_share_for(search.rules))
    if spec.search.weighted_max_nodes is not None:
        weighted_budget = min(weighted_budget, spec.search.weighted_max_nodes)
    if weighted_budget > 0 and not whole_tree and not search.reason:
        status = search.run_weighted(weighted_budget)
        if status in (dfs.SOLVED, dfs.EXHAUSTED):
            return status
        if search.reason in ("timeout", "interrupted"):
            return dfs.BUDGET
        arena_filled = search.reason == "memory (--tt-mb)"
        search.reason = ""
    status = search.run(MODE_SOLVE, -1, max(max_nodes - search.spent(), 1))
    if arena_filled and search.reason == "node budget":
        search.reason = FILLED_THEN_BUDGET
    return status


def _relaxed_early(search: _Search, max_nodes: int) -> int:
    """The relaxation before the deal's own phases end (``_decide``), if not
    tried yet: EXHAUSTED if it proves the deal lost, BUDGET if the clock or
    Ctrl-C stopped it, else RUNNING (go on)."""
    if not _relaxation_left(search):
        return dfs.RUNNING
    if _relaxed(search, max_nodes):
        return dfs.EXHAUSTED
    if search.reason in ("timeout", "interrupted"):
        return dfs.BUDGET
    search.reason = ""
    return dfs.RUNNING


def _relaxation_left(search: _Search) -> bool:
    """Does the game have a relaxation this search has not run yet?"""
    spec = search.spec
    return bool(spec.search.relaxation) and spec.search.relaxation_factor > 0 and not search.relaxation_run


def _relaxed(search: _Search, max_nodes: int) -> bool:
    """The game's relaxed game on a deal the search has not decided: at
    most ``relaxation_factor`` x ``max_nodes`` relaxed positions, counted in
    the search's nodes.  Relaxed rules of the same game (``relaxed_rules``)
    are searched like the DFS phase, in the same table and on the same
    clock; else the game's own ``prove_lost``.  True if the relaxed game is
    lost, which proves the deal lost (``search.proof`` says how)."""
    spec = search.spec
    search.relaxation_run = True
    budget = max(int(max_nodes * spec.search.relaxation_factor), 1)
    relaxed = spec.search.relaxed_rules(search.rules_arr)
    name = ""
    if relaxed is None:
        if search.progress is not None:  # prove_lost reports no progress of its own (search.run does)
            search.progress({"nodes": search.nodes, "bound": -1, "phase": "relaxation"})
        lost, positions, name = spec.search.prove_lost(search.root, search.rules_arr, budget)
        search.nodes += positions
    else:
        before = search.nodes
        lost = search.run(MODE_SOLVE, -1, budget, relaxed=relaxed) == dfs.EXHAUSTED and not search.depth_cut
        positions = search.nodes - before
        search.depth_cut = False  # the relaxed game's depth limit says nothing of this one
    search.relaxed_nodes += positions
    if lost:
        search.reason = ""  # decided: the budget no longer explains the verdict
        search.proof = f"{name or spec.search.relaxation} ({positions} positions, none won)"
    return lost


def _shortest(search: _Search, result: SolveResult, max_nodes: int) -> None:
    """Shortest win, by the game's choice of A* or IDA*; the DFS solution is
    the incumbent upper bound.  ``result.optimal`` only when proved; else
    ``result.lower_bound`` is the proved least length of any win."""
    if search.spec.search.optimal_search == "astar":
        _shortest_astar(search, result, max_nodes)
    else:
        _shortest_ida(search, result, max_nodes)


def _shortest_astar(search: _Search, result: SolveResult, max_nodes: int) -> None:
    upper = len(result.moves)
    result.lower_bound = min(upper, int(calls.lower_bound(search.spec.handle, search.root, search.rules_arr)))
    if result.lower_bound >= upper:
        result.optimal = True
        return
    if search.spent() >= max_nodes:
        search.reason = "node budget"
        return
    arena, status = search.run_astar(upper, max(max_nodes - search.spent(), 1))
    if arena.ctl[astar.BEST_NODE] >= 0:  # a win shorter than the DFS one: proved shortest if SOLVED
        result.moves = search.solution(arena.path(search.spec.handle, search.rules_arr))
    result.optimal = status in (dfs.SOLVED, dfs.EXHAUSTED)
    result.lower_bound = len(result.moves) if result.optimal else min(upper, int(arena.ctl[astar.LOWER]))


def _shortest_ida(search: _Search, result: SolveResult, max_nodes: int) -> None:
    """IDA* from the root."""
    spec, upper = search.spec, len(result.moves)

    bound = int(calls.lower_bound(spec.handle, search.root, search.rules_arr))
    result.lower_bound = bound
    while bound < upper and search.spent() < max_nodes and not search.reason:
        status = search.run(MODE_OPTIMAL, bound, max_nodes - search.spent())
        if status == dfs.SOLVED:
            result.moves = search.solution()
            result.optimal, result.lower_bound = True, len(result.moves)
            return
        if status != dfs.EXHAUSTED or search.stack.ctl[dfs.CUTOFF]:
            return
        bound = int(search.stack.ctl[dfs.NEXT_BOUND])
        if bound == dfs.NO_BOUND:  # no win at all: cannot happen after a DFS win
            raise SolverBug(f"{search.label}: IDA* found no win although DFS did")
        result.lower_bound = min(bound, upper)
    if bound >= upper:
        result.optimal, result.lower_bound = True, upper
