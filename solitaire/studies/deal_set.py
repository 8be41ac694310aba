"""Sets of deal numbers as sorted, disjoint, inclusive intervals.

Why not a list: a batch of 10^6 deals must not hold 10^6 numbers in memory
(nor does the record of which deals are done: finished deals arrive nearly in
order, so they compress to a handful of intervals).  The text form is the one
users type (``24``, ``1-200``, ``1-10,15,20-25``), as ``solitaire.deal_ranges``.
"""
from __future__ import annotations

import bisect
from typing import Iterable, Iterator

from solitaire.deal_ranges import parse_intervals
from solitaire.deals import DealError

# The store keeps deal numbers as int64 (Parquet); PySolFC numbers above this
# exist but cannot be batched.
MAX_BATCH_DEAL = 2**63 - 1


class DealSet:
    """An immutable-looking set of deal numbers kept as intervals ``[lo, hi]``."""

    def __init__(self, intervals: Iterable[tuple[int, int]] = ()):
        self._los: list[int] = []
        self._his: list[int] = []
        for lo, hi in intervals:
            self.add_interval(lo, hi)

    # --- building ------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "DealSet":
        """Parse a deal range such as ``1-10000`` or ``1-10,15,20-25``."""
        out = cls()
        for lo, hi in parse_intervals(text):
            if hi > MAX_BATCH_DEAL:
                raise DealError(f"deal {hi} is too large for a batch (at most {MAX_BATCH_DEAL})")
            out.add_interval(lo, hi)
        return out

    def add_interval(self, lo: int, hi: int) -> None:
        """Insert ``[lo, hi]``, merging with touching or overlapping intervals."""
        lo, hi = int(lo), int(hi)
        if hi < lo:
            raise ValueError(f"empty interval {lo}-{hi}")
        i = bisect.bisect_left(self._his, lo - 1)  # first interval that may touch
        j = i
        while j < len(self._los) and self._los[j] <= hi + 1:
            lo = min(lo, self._los[j])
            hi = max(hi, self._his[j])
            j += 1
        self._los[i:j] = [lo]
        self._his[i:j] = [hi]

    def add(self, number: int) -> None:
        self.add_interval(number, number)

    def add_sorted_numbers(self, numbers) -> None:
        """Add many numbers (any order, duplicates allowed; e.g. a numpy column)."""
        import numpy as np

        arr = np.unique(np.asarray(numbers, dtype=np.int64))
        if arr.size == 0:
            return
        breaks = np.flatnonzero(np.diff(arr) != 1)
        starts = np.concatenate(([0], breaks + 1))
        ends = np.concatenate((breaks, [arr.size - 1]))
        for s, e in zip(starts, ends):
            self.add_interval(int(arr[s]), int(arr[e]))

    # --- queries ---------------------------------------------------------------
    def intervals(self) -> list[tuple[int, int]]:
        return list(zip(self._los, self._his))

    def __len__(self) -> int:
        return sum(hi - lo + 1 for lo, hi in zip(self._los, self._his))

    def __iter__(self) -> Iterator[int]:
        for lo, hi in zip(self._los, self._his):
            yield from range(lo, hi + 1)

    def __contains__(self, number: int) -> bool:
        i = bisect.bisect_right(self._los, number) - 1
        return i >= 0 and number <= self._his[i]

    def mask(self, numbers):
        """Boolean numpy array: which of ``numbers`` are in the set (vectorised)."""
        import numpy as np

        arr = np.asarray(numbers, dtype=np.int64)
        if not self._los:
            return np.zeros(arr.shape, dtype=bool)
        i = np.searchsorted(np.asarray(self._los, dtype=np.int64), arr, side="right") - 1
        his = np.asarray(self._his, dtype=np.int64)
        return (i >= 0) & (arr <= his[np.maximum(i, 0)])

    def __eq__(self, other) -> bool:
        return isinstance(other, DealSet) and self.intervals() == other.intervals()

    def __repr__(self) -> str:
        return f"DealSet({self.text()!r})"

    def minus(self, other: "DealSet") -> "DealSet":
        """The deals of ``self`` not in ``other`` (interval arithmetic)."""
        out = DealSet()
        cuts = other.intervals()
        k = 0
        for lo, hi in self.intervals():
            while k < len(cuts) and cuts[k][1] < lo:
                k += 1
            j, start = k, lo
            while j < len(cuts) and cuts[j][0] <= hi:
                if cuts[j][0] > start:
                    out.add_interval(start, cuts[j][0] - 1)
                start = max(start, cuts[j][1] + 1)
                j += 1
            if start <= hi:
                out.add_interval(start, hi)
        return out

    def union(self, other: "DealSet") -> "DealSet":
        out = DealSet(self.intervals())
        for lo, hi in other.intervals():
            out.add_interval(lo, hi)
        return out

    def text(self, max_parts: int | None = None) -> str:
        """The canonical range text (``1-200,250``); ``max_parts`` shortens it."""
        parts = [str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in self.intervals()]
        if max_parts is not None and len(parts) > max_parts:
            return ",".join(parts[:max_parts]) + f" (+{len(parts) - max_parts} more ranges)"
        return ",".join(parts)
