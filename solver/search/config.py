"""Kernel settings in one place (search modes, budgets, table sizes)."""
from __future__ import annotations

# Search modes passed to every game's gen_moves/state_key kernels.
MODE_ALL = 0  # every legal move, no reductions (conformance tests)
MODE_SOLVE = 1  # reductions proved safe for "can this deal be won?"
MODE_OPTIMAL = 2  # only reductions proved safe for "fewest moves"

DEFAULT_MAX_NODES = 2_000_000  # expansions per deal: deterministic budget
DEFAULT_TT_MB = 256  # transposition table size
QUANTUM = 50_000  # expansions between returns to Python (timeout, Ctrl-C)
