"""A Yukon position's own key: the sum of mixed per-pile Zobrist hashes.

With ``FOLD_PILES`` the sum ignores the order of the piles: the rules treat
the seven piles alike (only the notation names them), so permuting them maps
legal lines to legal lines of the same length.  Foundations need no hash:
every card not in a pile is home.  The search's key (``kernel.state_key``)
is this key of a canonical member when positions are folded by swaps
(``swaps``).
"""
import numpy as np

from solitaire.games.yukon.kernel.state import CAP, CARDS, DOWN, FOLD_PILES, LEN, PILES, R_OFF
from solitaire.jit.compile import kernel
from solitaire.jit.hashing import mix64

_rng = np.random.default_rng(20240531)
ZOBRIST = _rng.integers(1, 2**63, size=(52, CAP), dtype=np.int64).astype(np.uint64)  # card at a height
ZDOWN = _rng.integers(1, 2**63, size=8, dtype=np.int64).astype(np.uint64)  # a pile's face-down count
ZPILE = _rng.integers(1, 2**63, size=PILES, dtype=np.int64).astype(np.uint64)  # a pile's place (no folding)


@kernel(inline="always")
def pile_hash(state, p, fold):
    """Zobrist hash of pile p (with its place among the piles unless ``fold``)."""
    h = ZDOWN[state[DOWN + p]]
    for i in range(state[LEN + p]):
        h ^= ZOBRIST[state[CARDS + p * CAP + i], i]
    if not fold:
        h ^= ZPILE[p]
    return h


@kernel
def position_key(state, rules, mode):
    """Sum of the mixed pile hashes: order-free with ``FOLD_PILES``."""
    fold = (rules[R_OFF] & FOLD_PILES) != 0
    key = np.uint64(0)
    for p in range(PILES):
        key += mix64(pile_hash(state, p, fold))
    return key
