"""Deal-number ranges as users type them: ``24``, ``1-200``, ``1-10,15,20-25``."""
from __future__ import annotations

from solitaire.deals import DealError, check_deal_number


def parse_intervals(text: str) -> list[tuple[int, int]]:
    """The ``(low, high)`` intervals a range names, checked, in the order given.

    >>> parse_intervals("3,1-2")
    [(3, 3), (1, 2)]
    """
    if not isinstance(text, str) or not text.strip():
        raise DealError("empty deal range")
    intervals = []
    for part in text.replace(" ", "").split(","):
        lo_text, sep, hi_text = part.partition("-")
        try:
            lo = int(lo_text)
            hi = int(hi_text) if sep else lo
        except ValueError:
            raise DealError(f"malformed deal range {text!r} (expected e.g. 24, 1-200, 1-10,15)") from None
        check_deal_number(lo)
        check_deal_number(hi)
        if hi < lo:
            raise DealError(f"malformed deal range {part!r}: {hi} is below {lo}")
        intervals.append((lo, hi))
    return intervals


def parse_deal_range(text: str) -> list[int]:
    """Deal numbers in the order given, each once.

    >>> parse_deal_range("3,1-2,3")
    [3, 1, 2]
    """
    numbers: list[int] = []
    seen: set[int] = set()
    for lo, hi in parse_intervals(text):
        if hi - lo >= 100_000_000:
            raise DealError(f"deal range {lo}-{hi} is too large (at most 10^8 deals per range)")
        for n in range(lo, hi + 1):
            if n not in seen:
                seen.add(n)
                numbers.append(n)
    return numbers


