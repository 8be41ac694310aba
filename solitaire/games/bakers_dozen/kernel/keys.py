"""The transposition-table key of a position (``state_key``)."""
import numpy as np

from solitaire.games.bakers_dozen.kernel.state import C0, CAP, H0, NCOLS, OFF_COLUMN_ORDER_FOLDING, is_on
from solitaire.jit import hashing
from solitaire.jit.compile import kernel

_GOLDEN = np.uint64(hashing.GOLDEN)
_M1 = np.uint64(hashing._M1)  # splitmix64's multipliers, in a mix of this key's own
_M2 = np.uint64(hashing._M2)


@kernel
def state_key(state, rules, mode):
    """Sum of per-column hashes: column order folded (the rules treat all
    columns alike, so positions equal up to column order have the same
    future; switch ``OFF_COLUMN_ORDER_FOLDING`` mixes each column's index
    into its hash).  Foundations follow from the cards left in the columns."""
    fold = is_on(rules, OFF_COLUMN_ORDER_FOLDING)
    key = np.uint64(0)
    for k in range(NCOLS):
        h = np.uint64(state[H0 + k] + 1) * _GOLDEN
        base = C0 + CAP * k
        for i in range(state[H0 + k]):
            h = (h ^ np.uint64(state[base + i] + 1)) * _M1
            h ^= h >> np.uint64(29)
        h = (h ^ (h >> np.uint64(31))) * _M2
        h ^= h >> np.uint64(32)
        if not fold:
            h = hashing.mix64(h + np.uint64(k))
        key += h
    return key
