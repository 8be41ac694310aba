"""The kernel contract called from Python: one compiled wrapper per function.

The contract's stubs (``search.contract``) run only inside compiled code;
these wrappers let Python code (the solve loop, replaying an A* line, tests)
call a game's kernels through its handle, like the engines do.
"""

from solitaire.jit.compile import kernel
from solitaire.search import contract as K


@kernel
def gen_moves(game, state, rules, out, mode):
    return K.gen_moves(game, state, rules, out, mode)


@kernel
def apply_move(game, state, rules, move, child):
    K.apply_move(game, state, rules, move, child)


@kernel
def move_cost(game, state, rules, move):
    return K.move_cost(game, state, rules, move)


@kernel
def is_won(game, state, rules):
    return K.is_won(game, state, rules)


@kernel
def state_key(game, state, rules, mode):
    return K.state_key(game, state, rules, mode)


@kernel
def lower_bound(game, state, rules):
    return K.lower_bound(game, state, rules)
