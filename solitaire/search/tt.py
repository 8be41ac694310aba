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

from solitaire.jit.table import BUCKET, SLOT_BYTES


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
