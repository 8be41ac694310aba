"""Search settings in one place: budgets and how often the engines yield."""
from __future__ import annotations

DEFAULT_MAX_NODES = 2_000_000  # expansions per deal: deterministic budget
DEFAULT_TT_MB = 256  # transposition table size
# ``solve --optimal`` when no budget is given: A* keeps every position it
# generates (about 29 bytes each, some 1.6 per expansion), so the table must
# grow with the node budget.  Klondike deals 1-200 (draw 1 / one pass and
# draw 3 / three passes) need at most 14M expansions to prove every win
# shortest; 30M in 2 GB stays under 4 GiB per deal.
OPTIMAL_MAX_NODES = 30_000_000
OPTIMAL_TT_MB = 2048
# Per-worker transposition table cap of a batch (a search's table starts at
# 1 MB and doubles as it fills, up to the cap; a smaller cap than the
# single-deal default keeps N workers' memory modest on hard deals).
DEFAULT_BATCH_TT_MB = 128
QUANTUM = 50_000  # expansions between returns to Python (timeout, Ctrl-C)
