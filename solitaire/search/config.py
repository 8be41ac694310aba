"""Kernel settings in one place (search modes, budgets, table sizes)."""
from __future__ import annotations

# Search modes passed to every game's gen_moves/state_key kernels.
MODE_ALL = 0  # every legal move, no reductions (conformance tests)
MODE_SOLVE = 1  # reductions proved safe for "can this deal be won?"
MODE_OPTIMAL = 2  # only reductions proved safe for "fewest moves"

DEFAULT_MAX_NODES = 2_000_000  # expansions per deal: deterministic budget
DEFAULT_TT_MB = 256  # transposition table size
# ``solve --optimal`` when no budget is given: A* keeps every position it
# generates (about 29 bytes each, some 1.6 per expansion), so the table must
# grow with the node budget.  Klondike deals 1-200 (draw 1 / one pass and
# draw 3 / three passes) need at most 14M expansions to prove every win
# shortest; 30M in 2 GB stays under the 4 GiB per deal.
OPTIMAL_MAX_NODES = 30_000_000
OPTIMAL_TT_MB = 2048
QUANTUM = 50_000  # expansions between returns to Python (timeout, Ctrl-C)
