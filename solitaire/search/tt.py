"""Transposition table: a preallocated, lossy hash set of 64-bit keys.

Buckets of four slots; a full bucket replaces one slot chosen by the key's
high bits.  Losing an entry only costs re-exploring a position, never a wrong
verdict: a position is pruned only when it (a) was fully explored before
without a win, (b) is on the current path, or (c) is dominated by such a
position (its moves lead nowhere the other's do not: ``mark_dominated``).
Each slot also stores a small value (the cost ``g`` at which IDA* reached
it; pruned when not improved) and the stamp of the search that wrote it: a
new search takes a new stamp instead of clearing the table, so reusing a
large table costs nothing per deal.

The three arrays are views of one byte buffer, so that a search of another
kind (A*, ``solitaire.search.astar``) can borrow the key and value bytes
between table searches: see ``Table.scratch``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

BUCKET = 4
SLOT_BYTES = 8 + 4 + 4


class Table:
    """The three slot arrays and the stamp of the current search."""

    def __init__(self, megabytes: float):
        n = table_slots(megabytes)
        # np.zeros maps untouched pages lazily: memory grows only as slots are used.
        self.raw = np.zeros(n * SLOT_BYTES, dtype=np.uint8)
        self.keys = self.raw[:8 * n].view(np.uint64)
        self.vals = self.raw[8 * n:12 * n].view(np.int32)
        self.stamps = self.raw[12 * n:].view(np.uint32)
        self.stamp = 0

    def new_search(self) -> int:
        """A fresh stamp: every slot of earlier searches now reads as empty."""
        self.stamp += 1
        if self.stamp >= 2**32 - 1:
            self.stamps.fill(0)
            self.stamp = 1
        return self.stamp

    def scratch(self) -> np.ndarray:
        """The key and value bytes (3/4 of the table) for another search to use.

        Safe because a slot counts only when its stamp is the current
        search's, and the stamps are left alone: taking a new stamp here
        makes every slot, whatever its key and value bytes now hold, read as
        empty to every later table search.
        """
        self.new_search()
        return self.raw[:12 * self.keys.shape[0]]


def table_slots(megabytes: float) -> int:
    """Largest power-of-two slot count that fits in ``megabytes``."""
    slots = max(BUCKET, int(megabytes * 2**20) // SLOT_BYTES)
    return 1 << (slots.bit_length() - 1)


@njit(cache=True, inline="always")
def _bucket(keys, key):
    """The first slot of ``key``'s bucket."""
    return np.int64(key & (np.uint64(keys.shape[0] - 1) & ~np.uint64(BUCKET - 1)))


@njit(cache=True, inline="always")
def find_or_insert(keys, vals, stamps, stamp, key, val):
    """-(slot + 1) if ``key`` is known (its value is in that slot), else the
    slot where it was just recorded with ``val``: a free slot of its bucket,
    or one chosen by the key's top bits."""
    base = _bucket(keys, key)
    free = -1
    for i in range(BUCKET):
        slot = base + i
        if stamps[slot] != stamp:
            if free < 0:
                free = slot
            continue
        if keys[slot] == key:
            return -slot - 1
    if free < 0:
        free = base + np.int64((key >> np.uint64(62)) & np.uint64(BUCKET - 1))
    keys[free] = key
    vals[free] = val
    stamps[free] = stamp
    return free


@njit(cache=True, inline="always")
def probe_insert(keys, vals, stamps, stamp, key, g):
    """True if ``key`` is known at cost <= g (prune); else record it, False."""
    slot = find_or_insert(keys, vals, stamps, stamp, key, g)
    if slot >= 0:
        return False
    if vals[-slot - 1] <= g:
        return True
    vals[-slot - 1] = g
    return False


@njit(cache=True)
def store(keys, vals, stamps, stamp, key, val):
    """Record ``key`` with ``val``, overwriting the value it had."""
    slot = find_or_insert(keys, vals, stamps, stamp, key, val)
    if slot < 0:
        vals[-slot - 1] = val


@njit(cache=True)
def value_of(keys, vals, stamps, stamp, key):
    """The value recorded for ``key``, or -1 if it is not known."""
    base = _bucket(keys, key)
    for i in range(BUCKET):
        slot = base + i
        if stamps[slot] == stamp and keys[slot] == key:
            return np.int64(vals[slot])
    return np.int64(-1)
