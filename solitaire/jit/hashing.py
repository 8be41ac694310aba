"""64-bit hash mixing for position keys (splitmix64's finaliser).

Keys are sums or xors of mixed words, so a position's key does not depend on
the order its parts are hashed in; the mixer spreads every input bit over the
whole word, which keeps the transposition table's buckets even.
"""
import numpy as np

from solitaire.jit.compile import kernel

GOLDEN = 0x9E3779B97F4A7C15  # 2^64 / golden ratio: the usual splitmix seed step
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_MASK = (1 << 64) - 1


@kernel(inline="always")
def mix64(x):
    """splitmix64's finaliser on a ``uint64``."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(_M1)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(_M2)
    return x ^ (x >> np.uint64(31))


def mix64_int(x: int) -> int:
    """``mix64`` on a Python int, for constants computed at import."""
    x = ((x ^ (x >> 30)) * _M1) & _MASK
    x = ((x ^ (x >> 27)) * _M2) & _MASK
    return x ^ (x >> 31)
