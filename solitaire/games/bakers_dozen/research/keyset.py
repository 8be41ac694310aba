"""Exact sets of two-word keys, grown as they fill, and a growing stack of
keys, for the relaxed games' exhaustive searches (``skeleton.py``,
``threshold.py``, ``seatless.py``).

Why exact: a relaxed game proves a deal lost only if every position it
reaches was searched; a table that keeps hashes only could take a new
position for one already seen and hide a win.  A key is two uint64 words,
the second with its top bit (``USED``) set, so that an empty slot (zeros)
is never a key.
"""
import numpy as np
from numba import njit

from solitaire.jit import hashing

USED = np.uint64(1) << np.uint64(63)
_MIX = np.uint64(hashing.GOLDEN)


@njit(cache=True)
def push(stack0, stack1, sp, w0, w1):
    """Put the key at ``sp``, doubling the stack when it is full; returns
    the stack (a new one after doubling)."""
    if sp == stack0.shape[0]:
        g0 = np.empty(2 * sp, np.uint64)
        g1 = np.empty(2 * sp, np.uint64)
        g0[:sp] = stack0
        g1[:sp] = stack1
        stack0 = g0
        stack1 = g1
    stack0[sp] = w0
    stack1[sp] = w1
    return stack0, stack1


@njit(cache=True)
def new_table(log2):
    """An empty growable set: 2**log2 slots of one key (two words) each,
    side by side so that a probe reads one cache line."""
    return np.zeros((1 << log2, 2), np.uint64)


@njit(cache=True, inline="always")
def add(table, w0, w1):
    """Add the key (w0, w1) to ``table``; True if it was new.  The caller
    keeps the table under full (``grown``)."""
    mask = np.uint64(table.shape[0] - 1)
    h = (w0 ^ (w1 * _MIX)) * _MIX
    i = (h ^ (h >> np.uint64(29))) & mask
    while table[i, 1] != 0:
        if table[i, 1] == w1 and table[i, 0] == w0:
            return False
        i = (i + np.uint64(1)) & mask
    table[i, 0] = w0
    table[i, 1] = w1
    return True


@njit(cache=True)
def grown(table, count):
    """``table`` itself while ``count`` keys fill at most 3/4 of it, else a
    table twice as large holding the same keys."""
    if 4 * count <= 3 * table.shape[0]:
        return table
    bigger = np.zeros((2 * table.shape[0], 2), np.uint64)
    for i in range(table.shape[0]):
        if table[i, 1] != 0:
            add(bigger, table[i, 0], table[i, 1])
    return bigger


@njit(cache=True)
def start(w0, w1):
    """A search's set and stack holding only its root's key (w0, w1):
    (table, count, stack0, stack1, sp) as ``visit`` takes and returns them."""
    table = new_table(16)
    stack0 = np.empty(1 << 16, np.uint64)
    stack1 = np.empty(1 << 16, np.uint64)
    add(table, w0, w1)
    stack0[0] = w0
    stack1[0] = w1
    return table, 1, stack0, stack1, 1


@njit(cache=True)
def visit(table, count, stack0, stack1, sp, w0, w1):
    """A search meeting a key: if it is new, add it to ``table`` (grown when
    due; ``count`` keys so far) and push it.  Returns (new, table, count,
    stack0, stack1, sp)."""
    if not add(table, w0, w1):
        return False, table, count, stack0, stack1, sp
    count += 1
    table = grown(table, count)
    stack0, stack1 = push(stack0, stack1, sp, w0, w1)
    return True, table, count, stack0, stack1, sp + 1
