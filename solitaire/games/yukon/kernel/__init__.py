"""Yukon's numba kernels on a flat ``uint8`` position (the contract of
``solitaire.search.contract``).

* ``state``: the layout, accessors, move codes and the switch word;
* ``moves``: a position's own moves, the forced foundation move, playing;
* ``keys``: a position's own key (pile order folded);
* ``deadends``: the frozen, pinned and twin dead-end tests;
* ``bounds``: the lower bound for A*;
* ``swaps``: the swap classes that fold the solvability search (default).

The contract's ``gen_moves``, ``apply_move`` and ``state_key`` are those of
the swap classes, or, when the opt-in search option's bit
``SWAP_COMPONENTS`` is set, those of ``research.swap_components``: one
compiled engine runs both, the bit choosing at run time.
"""

from solitaire.games.yukon.kernel import bounds, deadends, keys, moves, state, swaps
from solitaire.games.yukon.kernel.bounds import lower_bound
from solitaire.games.yukon.kernel.moves import is_won, move_cost
from solitaire.games.yukon.research import swap_components as components
from solitaire.jit.compile import kernel
from solitaire.jit.modes import MODE_SOLVE

MAX_PLAIN_MOVES = max(swaps.MAX_PAIRS, components.MAX_SWAPS) + 1  # the plain moves of a search move, either kind
MAX_SEARCH_MOVES = max(swaps.MAX_CLASS_MOVES, components.MAX_CLASS_MOVES)  # a position alone has at most 127


@kernel(allocates=True)
def gen_moves(state, rules, out, mode):
    """The moves of the position's class (of the position alone when not
    folding), best first."""
    if components.folding(rules, mode):
        return components.gen_moves(state, rules, out, mode)
    return swaps.folded_moves(state, rules, out, mode)


@kernel(allocates=True)
def apply_move(state, rules, move, child):
    """Play a move of ``gen_moves``: the swaps it stands for, then its own move."""
    if components.folding(rules, MODE_SOLVE):
        components.apply_move(state, rules, move, child)
        return
    swaps.folded_apply(state, move, child)


@kernel(allocates=True)
def state_key(state, rules, mode):
    """The key of the position's class (of the position alone when not folding)."""
    if components.folding(rules, mode):
        return components.state_key(state, rules, mode)
    return swaps.folded_key(state, rules, mode)


@kernel(allocates=True)
def plain_moves(state, rules, move, out):
    """The plain moves a move of ``gen_moves`` stands for, in order (the
    swaps, then its own move); returns how many."""
    if components.folding(rules, MODE_SOLVE):
        return components.plain_moves(state, rules, move, out)
    return swaps.plain_moves(state, move, out)


__all__ = ["gen_moves", "apply_move", "move_cost", "is_won", "state_key", "lower_bound", "plain_moves",
           "MAX_PLAIN_MOVES", "MAX_SEARCH_MOVES", "bounds", "deadends", "keys", "moves", "state", "swaps"]
