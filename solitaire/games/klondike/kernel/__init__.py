"""Klondike's fast engine: numba kernels on a flat uint8 state.

The kernel contract (``solitaire.search.contract``) and what the bridge,
the spec and the tests use, from the modules by concern:

* ``state``: the position's layout, the rules array (with ``R_OFF``, the
  word whose ``OFF_*`` bits switch reductions off), move codes, accessors;
* ``moves``: ``gen_moves`` with its reductions, ``apply_move``,
  ``move_cost``, ``is_won``;
* ``talon``: the talon as the cards reachable by turning, and their reach;
* ``targets``: where a card can be built, and the move buffer's scratch;
* ``safe``: safe foundation moves and the cards worth building on;
* ``deadends`` and ``never_moves``: positions no line can win;
* ``keys``: ``state_key`` (pile order and waste counts folded) and
  ``class_key`` (twin-swapped positions);
* ``dominance``: ``mark_dominated`` (dominated waste counts);
* ``bounds``: ``lower_bound``.
"""
from solitaire.games.klondike.kernel.bounds import lower_bound
from solitaire.games.klondike.kernel.deadends import dead_end
from solitaire.games.klondike.kernel.dominance import mark_dominated
from solitaire.games.klondike.kernel.keys import class_key, state_key
from solitaire.games.klondike.kernel.moves import apply_move, gen_moves, is_won, move_cost
from solitaire.games.klondike.kernel.safe import safe_to_foundation, useful_builders
from solitaire.games.klondike.kernel.state import (F2T, FOUND, PASSES_USED, PILE0, PILE_STRIDE, PILES, R_DRAW, R_F2T,
                                                   R_OFF, R_PASSES, RULES_LEN, STATE_LEN, T2F, T2T, TALON,
                                                   TALON_SLOTS, TLEN, W2F, W2T, WAIT_BIT, WAIT_KING, WAITING, WCOUNT,
                                                   move_a, move_b, move_c, move_kind, move_redeal, pile_card,
                                                   pile_down, pile_len)
from solitaire.games.klondike.kernel.targets import SCRATCH

__all__ = [
    "gen_moves", "apply_move", "move_cost", "is_won", "state_key", "class_key", "mark_dominated", "lower_bound",
    "dead_end", "safe_to_foundation", "useful_builders",
    "F2T", "FOUND", "PASSES_USED", "PILE0", "PILE_STRIDE", "PILES", "R_DRAW", "R_F2T", "R_OFF", "R_PASSES",
    "RULES_LEN", "SCRATCH", "STATE_LEN", "T2F", "T2T", "TALON", "TALON_SLOTS", "TLEN", "W2F", "W2T", "WAIT_BIT",
    "WAIT_KING", "WAITING", "WCOUNT", "move_a", "move_b", "move_c", "move_kind", "move_redeal", "pile_card",
    "pile_down", "pile_len",
]
