"""Pyramid kernels on a flat ``uint8`` state (contract: solitaire.search.contract).

state.py (the position, the rules array and its switch word, move codes,
geometry), stock.py (stock actions), moves.py (gen_moves, apply_move,
move_cost, is_won), compound.py (removals after stock actions), forced.py
(forced moves), deadends.py (partner counts, the pyramid matching, dead
waste), abstraction.py (the pyramid game), analysis.py (the dead-end rules
and the pyramid game at a position), bounds.py (lower_bound), keys.py
(state_key).
"""
from solitaire.games.pyramid.kernel.bounds import lower_bound
from solitaire.games.pyramid.kernel.keys import state_key
from solitaire.games.pyramid.kernel.moves import apply_move, gen_moves, is_won, move_cost
from solitaire.games.pyramid.kernel.state import BIG, MAX_MOVES, STATE_LEN

__all__ = ["gen_moves", "apply_move", "move_cost", "is_won", "state_key", "lower_bound", "BIG", "MAX_MOVES",
           "STATE_LEN"]
