"""The inner solves of a searching policy: one world, thoughtfully, on a small budget.

``solve_world`` runs the project's solver (``solitaire.solver.solve_position``:
the game's fast engine from any reference position, every win replayed on
the reference engine) on one sampled world.  Its table is the solver's
per-process table of ``tt_mb`` MB, reused from solve to solve, so a blind
game's memory is bounded by that table whatever its length.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solitaire.games.base import ReferenceState
from solitaire.verdicts import SOLVED


@dataclass(frozen=True)
class WorldVerdict:
    won: bool  # a win was found (``unknown`` and ``unsolvable`` both count as not won)
    moves: tuple[str, ...]  # the win, from the position solved
    nodes: int


def solve_world(game: str, world: ReferenceState, rules: dict[str, Any], max_nodes: int,
                tt_mb: float) -> WorldVerdict:
    """Decide ``world`` (a completed position) within ``max_nodes`` expansions."""
    from solitaire.solver import solve_position

    result = solve_position(game, world, rules, max_nodes=max_nodes, tt_mb=tt_mb)
    won = result.verdict == SOLVED
    return WorldVerdict(won, tuple(result.moves) if won else (), int(result.nodes))
