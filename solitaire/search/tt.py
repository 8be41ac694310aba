"""Transposition table: a bounded, lossy hash set of 64-bit keys.

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

from solitaire.jit.table import BUCKET, SLOT_BYTES, occupancy, split


FIRST_SLOTS = 1 << 16  # a search starts with a 1 MB table and doubles it as it fills
GROW_LOAD = 1 / 8  # doubled once this share of the slots holds the search's positions
LOAD_SAMPLES = 1024  # slots read to estimate the share


class Table:
    """The three slot arrays and the stamp of the current search.

    The arrays are views of one buffer of ``megabytes``, but a search uses
    only their first ``size`` slots, doubling ``size`` (``grow``) while the
    slots are more than ``GROW_LOAD`` full, up to the buffer: a small
    search touches, and pays for, a small table; a large one gets the whole
    cap, whose replacement policy then bounds memory as before.  Doubling
    splits each bucket in place (``solitaire.jit.table.split``): no entry is
    lost, so growing never costs a re-search.
    """

    def __init__(self, megabytes: float):
        n = table_slots(megabytes)
        self.capacity = n
        # np.zeros maps untouched pages lazily: memory grows only as slots are used.
        self.raw = np.zeros(n * SLOT_BYTES, dtype=np.uint8)
        self._keys = self.raw[:8 * n].view(np.uint64)
        self._vals = self.raw[8 * n:12 * n].view(np.int32)
        self._stamps = self.raw[12 * n:].view(np.uint32)
        self.stamp = 0
        self._resize(min(FIRST_SLOTS, n))

    def _resize(self, size: int) -> None:
        self.size = size
        self.keys, self.vals, self.stamps = self._keys[:size], self._vals[:size], self._stamps[:size]

    def new_search(self) -> int:
        """A fresh stamp, and the first slots only: every slot of earlier
        searches now reads as empty."""
        self.stamp += 1
        if self.stamp >= 2**32 - 1:
            self._stamps.fill(0)
            self.stamp = 1
        self._resize(min(FIRST_SLOTS, self.capacity))
        return self.stamp

    def quantum(self, most: int) -> int:
        """Expansions to run before ``grow`` looks again: few enough that the
        load cannot run far past ``GROW_LOAD`` (a position stores one slot,
        and a game's dominance marks a few more)."""
        return most if self.size == self.capacity else max(256, min(most, self.size // 32))

    def grow(self) -> None:
        """Double the slots in use while the search's positions fill more
        than ``GROW_LOAD`` of them (up to the buffer)."""
        stamp = np.uint32(self.stamp)
        while self.size < self.capacity and occupancy(self.stamps, stamp, LOAD_SAMPLES) > GROW_LOAD:
            split(self._keys, self._vals, self._stamps, self.size, stamp)
            self._resize(2 * self.size)

    def scratch(self) -> np.ndarray:
        """The key and value bytes (3/4 of the buffer) for another search to use.

        Safe because a slot counts only when its stamp is the current
        search's, and the stamps are left alone: taking a new stamp here
        makes every slot, whatever its key and value bytes now hold, read as
        empty to every later table search.
        """
        self.new_search()
        return self.raw[:12 * self.capacity]


def table_slots(megabytes: float) -> int:
    """Largest power-of-two slot count that fits in ``megabytes``."""
    slots = max(BUCKET, int(megabytes * 2**20) // SLOT_BYTES)
    return 1 << (slots.bit_length() - 1)
