"""The inner solves of a searching policy: one world, thoughtfully, on a small budget.

A searching policy solves hundreds of sampled worlds per game and needs of
each only whether it is won and, for some, the first moves of the win.  So
``solve_world`` runs the solver's own phases (``solitaire.solver``: limited
discrepancy search, the game's relaxation where it runs early, weighted A*,
the DFS) on the game's fast engine, but leaves out what ``solve_position``
adds for a reported verdict: the relaxation tried after an unknown (it can
only prove a loss, and a loss and an unknown count alike here), the
description of the whole line, and its replay on the reference engine.
The line is described lazily, move after move (``WorldVerdict.line``); the
policy replays what it uses of it on the reference engine itself, and a
blind game's result is always the true game's.

Its table is the solver's per-process table of ``tt_mb`` MB, reused from
solve to solve, so a blind game's memory is bounded by that table whatever
its length.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from solitaire.games.base import ReferenceState


@dataclass
class WorldVerdict:
    won: bool  # a win was found (``unknown`` and ``unsolvable`` both count as not won)
    nodes: int
    _line: Callable[[], Iterator[str]] | None = field(default=None, repr=False)

    def line(self) -> Iterator[str]:
        """The notation moves of the win, from the position solved, described one fast move at a time."""
        return self._line() if self._line is not None else iter(())


def solve_world(game: str, world: ReferenceState, rules: dict[str, Any], max_nodes: int,
                tt_mb: float) -> WorldVerdict:
    """Decide ``world`` (a completed position, ``rules`` complete) within ``max_nodes`` expansions."""
    from solitaire import solver
    from solitaire.games import get_game
    from solitaire.search import dfs

    spec = get_game(game)
    search = solver._Search(spec, world, f"{spec.name} world", rules, tt_mb, None, None)
    status = solver._decide(search, int(max_nodes))
    if search.reason == "interrupted":  # Ctrl-C stopped the solve: stop the game, do not play on a guess
        raise KeyboardInterrupt
    if status != dfs.SOLVED:
        return WorldVerdict(False, search.nodes)
    if search.win_path is not None:
        path, rules_arr = search.win_path, search.rules_arr
    else:
        states, taken = search.stack.line()
        path, rules_arr = list(zip(states, taken)), search.line_rules

    def line() -> Iterator[str]:
        for state, move in path:
            yield from spec.describe_move(state, rules_arr, move)

    return WorldVerdict(True, search.nodes, line)
