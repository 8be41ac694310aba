"""Bit tricks shared by the kernels that keep card sets as 64-bit masks."""
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from solitaire.jit.compile import kernel


@kernel(inline="always")
def popcount(x):
    """Set bits of a non-negative int64 (SWAR: constant time)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@kernel(inline="always")
def lowest_bit(m):
    """Index of the lowest set bit of a non-zero mask."""
    return np.int64(trailing_zeros(m))
