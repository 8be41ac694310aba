"""Transposition table: a preallocated, lossy hash set of 64-bit keys.

Buckets of four slots; a full bucket replaces one slot chosen by the key's
high bits.  Losing an entry only costs re-exploring a position, never a wrong
verdict: a position is pruned only when it (a) was fully explored before
without a win, or (b) is on the current path.  Each slot also stores a small
value (the cost ``g`` at which IDA* reached it; pruned when not improved).
Key 0 marks an empty slot, so key 0 is stored as 1.
"""
from __future__ import annotations

import numpy as np
from numba import njit

BUCKET = 4
SLOT_BYTES = 8 + 4


def table_slots(megabytes: float) -> int:
    """Largest power-of-two slot count that fits in ``megabytes``."""
    slots = max(BUCKET, int(megabytes * 2**20) // SLOT_BYTES)
    return 1 << (slots.bit_length() - 1)


def new_table(megabytes: float) -> tuple[np.ndarray, np.ndarray]:
    n = table_slots(megabytes)
    return np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.int32)


@njit(cache=True, inline="always")
def probe_insert(keys, vals, key, g):
    """True if ``key`` is known at cost <= g (prune); else record it, False."""
    if key == 0:
        key = np.uint64(1)
    mask = np.uint64(keys.shape[0] - 1) & ~np.uint64(BUCKET - 1)
    base = int(key & mask)
    for i in range(BUCKET):
        k = keys[base + i]
        if k == key:
            if vals[base + i] <= g:
                return True
            vals[base + i] = g
            return False
        if k == 0:
            keys[base + i] = key
            vals[base + i] = g
            return False
    victim = base + int((key >> np.uint64(62)) & np.uint64(BUCKET - 1))
    keys[victim] = key
    vals[victim] = g
    return False
