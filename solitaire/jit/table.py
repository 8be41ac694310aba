"""Probes of the transposition table's slot arrays, for engines and kernels.

A table is three parallel arrays (keys, values, stamps; ``solitaire.search.tt``
allocates them) in buckets of four slots; a full bucket replaces one slot
chosen by the key's top bits.  A slot counts only if its stamp is the current
search's.  Kernels use these too: Klondike records positions it proves
dominated straight into the table.
"""
import numpy as np

from solitaire.jit.compile import kernel

BUCKET = 4
SLOT_BYTES = 8 + 4 + 4  # key, value, stamp


@kernel(inline="always")
def _bucket(keys, key):
    """The first slot of ``key``'s bucket."""
    return np.int64(key & (np.uint64(keys.shape[0] - 1) & ~np.uint64(BUCKET - 1)))


@kernel(inline="always")
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


@kernel(inline="always")
def probe_insert(keys, vals, stamps, stamp, key, g):
    """True if ``key`` is known at cost <= g (prune); else record it, False."""
    slot = find_or_insert(keys, vals, stamps, stamp, key, g)
    if slot >= 0:
        return False
    if vals[-slot - 1] <= g:
        return True
    vals[-slot - 1] = g
    return False


@kernel
def store(keys, vals, stamps, stamp, key, val):
    """Record ``key`` with ``val``, overwriting the value it had."""
    slot = find_or_insert(keys, vals, stamps, stamp, key, val)
    if slot < 0:
        vals[-slot - 1] = val


@kernel
def value_of(keys, vals, stamps, stamp, key):
    """The value recorded for ``key``, or -1 if it is not known."""
    base = _bucket(keys, key)
    for i in range(BUCKET):
        slot = base + i
        if stamps[slot] == stamp and keys[slot] == key:
            return np.int64(vals[slot])
    return np.int64(-1)


@kernel
def occupancy(stamps, stamp, samples):
    """The share of ``samples`` slots spread evenly over ``stamps`` that hold
    an entry of search ``stamp``: an estimate of the table's load."""
    n = stamps.shape[0]
    step = max(n // samples, 1)
    seen = 0
    held = 0
    for slot in range(0, n, step):
        seen += 1
        if stamps[slot] == stamp:
            held += 1
    return held / seen


@kernel
def split(keys, vals, stamps, size, stamp):
    """Double a table of ``size`` slots in place: an entry of bucket b stays,
    or moves to the same place of bucket b + size / BUCKET, where the bit
    ``size`` of its key now sends it (only bucket b's entries go there, so
    nothing is lost).  The slots from ``size`` up must hold no entry of
    ``stamp`` (they were not in use)."""
    top = np.uint64(size)
    for slot in range(size):
        if stamps[slot] == stamp and keys[slot] & top:
            keys[slot + size] = keys[slot]
            vals[slot + size] = vals[slot]
            stamps[slot + size] = stamp
            stamps[slot] = 0
