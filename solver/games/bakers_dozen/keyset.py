"""Exact sets of two-word keys, and a growing stack of them, for the relaxed
games' exhaustive searches (``skeleton.py``, ``threshold.py``).

Why exact: a relaxed game proves a deal lost only if every position it
reaches was searched; a table that keeps hashes only could take a new
position for one already seen and hide a win.  A key is two uint64 words,
the second with its top bit (``USED``) set, so that an empty slot (zeros)
is never a key.
"""
import numpy as np
from numba import njit

USED = np.uint64(1) << np.uint64(63)
_MIX = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def insert(t0, t1, w0, w1):
    """Add the key (w0, w1) to the open-addressing set (t0, t1); True if it
    was new.  The caller keeps the set under full."""
    mask = np.uint64(t0.shape[0] - 1)
    h = (w0 ^ (w1 * _MIX)) * _MIX
    i = (h ^ (h >> np.uint64(29))) & mask
    while t1[i] != 0:
        if t1[i] == w1 and t0[i] == w0:
            return False
        i = (i + np.uint64(1)) & mask
    t0[i] = w0
    t1[i] = w1
    return True


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
