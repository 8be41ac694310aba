"""Dominated waste counts (draw k > 1, unlimited passes, can it be won)."""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.keys import piles_hash, rest_hash
from solitaire.games.klondike.kernel.state import (OFF_DOMINANCE_MARKS, OFF_WASTE_COUNT_FOLDING, R_DRAW, R_OFF,
                                                   R_PASSES, TLEN, WCOUNT)
from solitaire.jit.compile import kernel
from solitaire.jit.hashing import mix64
from solitaire.jit.modes import MODE_SOLVE
from solitaire.jit.table import probe_insert


@kernel
def mark_dominated(state, rules, mode, keys, vals, stamps, stamp, val):
    """Record as seen the positions this one dominates (plain DFS, can it be
    won, draw k > 1, unlimited passes): the same position with a waste count
    w' = w + k, w + 2k, ... or with a multiple of k (or the whole talon).

    Proof.  From waste count w the reachable talon indices are w - 1 (the
    top), w + k - 1, w + 2k - 1, ... and the last one in this pass, then after
    a redeal k - 1, 2k - 1, ..., the last.  For w' = w + mk this pass reaches
    w' - 1 = w + mk - 1 and everything after it that w reaches too; a
    multiple of k, or the whole talon, reaches only the redeal set.  So D
    (waste count w') is dominated by E (waste count w): taking talon card i
    gives the same position from both (the stock turns count only for
    fewest moves, and the pass count is no part of the position with
    unlimited passes), and every other move is the same in both and leads
    from D to a position dominated by where it leads from E (the waste
    counts stay as they were).  Marking D seen while E is searched loses no
    win: by induction along a winning line from D, each position on it is
    equal to or dominated by one that was searched, and a position
    dominated by a searched one is won only if that one is (same
    foundations), which the search would have seen.  ``val`` is the table
    value they get: the engine's, 0 or this position's visit number + 1
    when it records classes proved lost (they lean on it).  The waste
    counts of the redeal set share the key of waste count 0
    (``keys.folded_waste``); with ``waste_count_folding`` off each is marked
    under its own.
    """
    k = rules[R_DRAW]
    off = rules[R_OFF]
    if mode != MODE_SOLVE or rules[R_PASSES] != 0 or k == 1 or off & OFF_DOMINANCE_MARKS:
        return
    w = np.int64(state[WCOUNT])
    length = np.int64(state[TLEN])
    if w % k == 0 or w == length:
        return
    piles = piles_hash(state)
    probe_insert(keys, vals, stamps, stamp, mix64(piles ^ rest_hash(state, rules, 0)), val)
    if off & OFF_WASTE_COUNT_FOLDING:
        for other in range(k, length, k):
            probe_insert(keys, vals, stamps, stamp, mix64(piles ^ rest_hash(state, rules, other)), val)
        probe_insert(keys, vals, stamps, stamp, mix64(piles ^ rest_hash(state, rules, length)), val)
    for other in range(w + k, length, k):
        probe_insert(keys, vals, stamps, stamp, mix64(piles ^ rest_hash(state, rules, other)), val)
