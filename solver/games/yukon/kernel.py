"""PLACEHOLDER kernels (the game's issue replaces this file): valid numba
signatures so the dispatcher compiles before the game exists."""
import numpy as np
from numba import njit


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    return 0


@njit(cache=True)
def apply_move(state, rules, move, child):
    child[:] = state


@njit(cache=True)
def move_cost(state, rules, move):
    return 1


@njit(cache=True)
def is_won(state, rules):
    return False


@njit(cache=True)
def state_key(state, rules, mode):
    return np.uint64(0)


@njit(cache=True)
def lower_bound(state, rules):
    return 0
