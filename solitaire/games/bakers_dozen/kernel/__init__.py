"""Baker's Dozen kernels (the contract of ``solitaire.search.contract``) on
the flat state of ``state.py``: moves and their reductions (``moves``), dead
ends (``deadends``, ``seats``), the key (``keys``), the lower bounds
(``bounds``, ``feedback``)."""
from solitaire.games.bakers_dozen.kernel.bounds import lower_bound, lower_bound_at_least
from solitaire.games.bakers_dozen.kernel.keys import state_key
from solitaire.games.bakers_dozen.kernel.moves import apply_move, gen_moves, is_won, move_cost

__all__ = ["gen_moves", "apply_move", "move_cost", "is_won", "state_key", "lower_bound", "lower_bound_at_least"]
