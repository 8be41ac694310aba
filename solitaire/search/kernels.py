"""The per-game kernel contract, and the one dispatcher the engines call.

Every game provides, in ``solitaire/games/<game>/kernel.py``, these ``@njit``
functions on a flat ``uint8`` state and an ``int64`` rules array:

``gen_moves(state, rules, out, mode) -> n``
    write the position's moves (``int32`` codes, best first) to ``out[:n]``.
    ``mode`` is a ``config.MODE_*``: ALL lists every legal move; SOLVE and
    OPTIMAL may drop moves or return a single forced move, but only by
    reductions proved safe for that question (each proved in a comment).
    A dead position returns 0.
``apply_move(state, rules, move, child)``
    write the position after ``move`` into ``child`` (same length).
``move_cost(state, rules, move) -> int``
    how many moves of RULES.md "Moves and solution length" it counts for.
``is_won(state, rules) -> bool``
``state_key(state, rules, mode) -> uint64``
    canonical 64-bit key; symmetric positions (e.g. pile order) share a key;
    SOLVE may fold positions whose futures are the same win/lose.
``lower_bound(state, rules) -> int``
    admissible: never more than the fewest moves left to win.

Optional (a no-op for games without it):

``lower_bound_at_least(state, rules, target, known) -> int``
    admissible too, at least ``known`` (a bound already proved, at least
    ``lower_bound``), and worth more work up to ``target``: A* calls it only
    for a position it would otherwise store at the level being expanded
    (``target`` is one above that level).

``mark_dominated(state, rules, mode, keys, vals, stamps, stamp, val)``
    plain DFS only: record in the table, with value ``val``, positions whose
    every move leads where one of this position's moves leads (proved per
    game).
``class_key(state, rules, mode) -> uint64``
    plain DFS only: the key of the position's class of positions won alike
    (0: none), apart from every ``state_key``; the engine skips a position
    whose class it has proved lost (``engine``'s docstring).

Numba cannot cache a function that takes other jitted functions as
arguments, so the engines call these dispatchers, which switch on the game id
(a perfectly predicted branch).  A new game adds one branch to each.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solitaire.games.bakers_dozen import kernel as bakers_dozen
from solitaire.games.klondike import kernel as klondike
from solitaire.games.pyramid import kernel as pyramid
from solitaire.games.yukon import kernel as yukon
from solitaire.games.yukon import swaps as yukon_swaps

KLONDIKE, PYRAMID, YUKON, BAKERS_DOZEN = 0, 1, 2, 3


@njit(cache=True)
def gen_moves(game, state, rules, out, mode):
    if game == KLONDIKE:
        return klondike.gen_moves(state, rules, out, mode)
    if game == PYRAMID:
        return pyramid.gen_moves(state, rules, out, mode)
    if game == YUKON:
        return yukon_swaps.gen_moves(state, rules, out, mode)
    return bakers_dozen.gen_moves(state, rules, out, mode)


@njit(cache=True)
def apply_move(game, state, rules, move, child):
    if game == KLONDIKE:
        klondike.apply_move(state, rules, move, child)
    elif game == PYRAMID:
        pyramid.apply_move(state, rules, move, child)
    elif game == YUKON:
        yukon_swaps.apply_move(state, rules, move, child)
    else:
        bakers_dozen.apply_move(state, rules, move, child)


@njit(cache=True)
def move_cost(game, state, rules, move):
    if game == KLONDIKE:
        return klondike.move_cost(state, rules, move)
    if game == PYRAMID:
        return pyramid.move_cost(state, rules, move)
    if game == YUKON:
        return yukon.move_cost(state, rules, move)
    return bakers_dozen.move_cost(state, rules, move)


@njit(cache=True)
def is_won(game, state, rules):
    if game == KLONDIKE:
        return klondike.is_won(state, rules)
    if game == PYRAMID:
        return pyramid.is_won(state, rules)
    if game == YUKON:
        return yukon.is_won(state, rules)
    return bakers_dozen.is_won(state, rules)


@njit(cache=True)
def state_key(game, state, rules, mode):
    if game == KLONDIKE:
        return klondike.state_key(state, rules, mode)
    if game == PYRAMID:
        return pyramid.state_key(state, rules, mode)
    if game == YUKON:
        return yukon_swaps.state_key(state, rules, mode)
    return bakers_dozen.state_key(state, rules, mode)


@njit(cache=True)
def lower_bound(game, state, rules):
    if game == KLONDIKE:
        return klondike.lower_bound(state, rules)
    if game == PYRAMID:
        return pyramid.lower_bound(state, rules)
    if game == YUKON:
        return yukon.lower_bound(state, rules)
    return bakers_dozen.lower_bound(state, rules)


@njit(cache=True)
def lower_bound_at_least(game, state, rules, target, bound):
    """The game's sharper bound where it has one, else ``bound`` (a bound
    of ``state`` the caller has proved already)."""
    if game == BAKERS_DOZEN:
        return bakers_dozen.lower_bound_at_least(state, rules, target, bound)
    return bound


@njit(cache=True)
def mark_dominated(game, state, rules, mode, keys, vals, stamps, stamp, val):
    if game == KLONDIKE:
        klondike.mark_dominated(state, rules, mode, keys, vals, stamps, stamp, val)


@njit(cache=True)
def class_key(game, state, rules, mode):
    if game == KLONDIKE:
        return klondike.class_key(state, rules, mode)
    return np.uint64(0)
