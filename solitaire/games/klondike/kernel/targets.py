"""Where a card can be built, and the move buffer's scratch tail.

``gen_moves`` keeps a table of pile tops (card -> pile) and the empty
piles in the tail of the move buffer (``SCRATCH`` slots): allocating small
arrays per call would cost more than generating the moves.
"""
from __future__ import annotations

from solitaire.games.klondike.kernel.state import PILES
from solitaire.jit.cards import is_red, rank_of
from solitaire.jit.compile import kernel

SCRATCH = 2 * 52 + 2 * PILES  # tail of the move buffer used as scratch by gen_moves


@kernel(inline="always")
def push(out, n, move):
    if n < out.shape[0] - SCRATCH:
        out[n] = move
    return n + 1


@kernel(inline="always")
def targets(card, top_pile, empties, n_empty, buf):
    """Piles ``card`` may be built on, via the table of pile tops: O(1)."""
    n = 0
    r = rank_of(card)
    if r == 13:
        for i in range(n_empty):
            buf[n] = empties[i]
            n += 1
        return n
    # the two cards one rank higher of the other colour
    if is_red(card):
        s1, s2 = 0, 3
    else:
        s1, s2 = 1, 2
    p = top_pile[s1 * 13 + r]
    if p >= 0:
        buf[n] = p
        n += 1
    p = top_pile[s2 * 13 + r]
    if p >= 0:
        buf[n] = p
        n += 1
    return n
