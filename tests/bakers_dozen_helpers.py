"""Shared by the Baker's Dozen relaxation tests: the exact verdict they are
judged against."""
from __future__ import annotations

from solitaire.jit import modes

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.search import dfs as engine
from engine_runs import search_position

SPEC = get_game("bakers-dozen")


def exact(state: BakersDozenState, mode: int = modes.MODE_ALL, max_nodes: int = 2_000_000) -> int:
    """SOLVED, EXHAUSTED (lost) or BUDGET, by the engine's DFS (``MODE_ALL``:
    every legal move; ``MODE_SOLVE``: with its proved reductions)."""
    root = SPEC.encode(state, state.rules)
    status, stack = search_position(SPEC, root, SPEC.rules_array(state.rules), mode, bound=-1,
                                    max_nodes=max_nodes, tt_mb=16)
    if status == engine.EXHAUSTED and stack.ctl[engine.CUTOFF]:
        return engine.BUDGET
    return status


def after_random_moves(deal: int, rules: dict, choices: list[int]) -> BakersDozenState:
    """Deal ``deal`` under ``rules`` after one legal move per choice (the
    choice modulo the number of legal moves), or fewer if play stops."""
    state = SPEC.new_reference(make_deal("bakers-dozen", deal).layout, rules)
    for choice in choices:
        legal = sorted(state.legal_moves())
        if not legal:
            break
        state.play(legal[choice % len(legal)])
    return state
