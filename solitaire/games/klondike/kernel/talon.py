"""The talon as the cards reachable by turning: its moves and its reach.

A talon move plays talon card ``i`` directly and carries the stock turns
(and the redeal) that bring it to the waste top (``state``'s docstring says
why this loses nothing).  The cards offered are the waste top, the cards
reached by turning on in this pass, and, if a pass remains, those reached
only after a redeal (``moves.gen_moves`` part 4); a card that would need a
pass beyond the limit is not offered.  The dead-end test needs the reach
too (``in_reach_now``, ``talon_run_end``).
"""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.safe import can_receive, safe_to_foundation
from solitaire.games.klondike.kernel.state import R_DRAW, TALON, TLEN, W2F, W2T, WCOUNT, enc, fits_foundation
from solitaire.games.klondike.kernel.targets import push, targets
from solitaire.jit.compile import kernel


@kernel(inline="always")
def card_moves(state, out, n_out, idx, turns, redeal, top_pile, empties, n_empty, dests, receivers, wait):
    """Moves of talon card ``idx`` after ``turns`` stock turns (and a redeal)
    (``gen_moves`` part 4 offers the talon cards in reach).
    ``receivers``: negative, the card goes anywhere it fits; else a bit
    mask, it goes to the tableau only if a card of the mask could be built
    on it.  ``wait``: WAIT_BIT when a play to the tableau waits, else 0."""
    c = np.int64(state[TALON + idx])
    nd = targets(c, top_pile, empties, n_empty, dests) if receivers < 0 or can_receive(receivers, c) else 0
    for j in range(nd):
        n_out = push(out, n_out, enc(W2T, idx, dests[j], turns, redeal) | wait)
    if turns > 0 and fits_foundation(state, c):
        n_out = push(out, n_out, enc(W2F, idx, 0, turns, redeal))
    return n_out


@kernel(inline="always")
def safe_talon_move(state, f2t):
    """Draw 1, unlimited passes (can it be won): every talon card can be
    reached at any time, and taking one away changes no other card's
    reach, so any talon card that fits and is safe goes up alone: that
    move, or -1."""
    length = np.int64(state[TLEN])
    w = np.int64(state[WCOUNT])
    for j in range(length):
        c = np.int64(state[TALON + j])
        if fits_foundation(state, c) and safe_to_foundation(state, c, f2t):
            if j == w - 1:  # the waste top (the waste top rule takes it first)
                return enc(W2F, j, 0, 0, 0)
            if j >= w:
                return enc(W2F, j, 0, j - w + 1, 0)
            return enc(W2F, j, 0, length - w + 2 + j, 1)  # after the rest of this pass and a redeal
    return np.int32(-1)


@kernel
def in_reach_now(state, rules):
    """Before the last pass, draw k > 1: bit j of the result is whether
    talon card j can be played with no other talon card played first.

    Those are the waste top, every k-th stock card from the waste count W
    (W + k - 1, W + 2k - 1, ...), the last talon card, and after a redeal
    (one is left before the last pass) every k-th card from the start
    (k - 1, 2k - 1, ...).  The never-moving-card test's rule for the others:
    talon card x at index j, out of reach now, first moves only after some
    talon card below it, or the talon card right above it (j + 1, never x:
    the last card is in reach), has moved.  Proof.  A talon card's index
    changes only when a card below it leaves, and the waste count only when
    a talon card is played (the search plays talon cards directly, turning
    folded in: to card i, the waste count becomes i; tableau and foundation
    moves leave the talon alone).  Suppose neither happened before x's
    first move.  Then x still has index j, and the card y at j + 1 is still
    there.  If no talon card was played, the waste count is W and x was in
    reach now.  Otherwise the last one played, z, lay above x (none below
    moved), so x is in the waste under the top, z's index less one, unless
    z lay right above x: then z is y, which did not move.  And j itself is
    not in reach after a redeal, or x was in reach now.  So x is not in
    reach: it cannot move.  (Fewer passes left later only take reach away.)
    """
    draw = np.int64(rules[R_DRAW])
    length = np.int64(state[TLEN])
    w = np.int64(state[WCOUNT])
    reach = np.int64(0)
    if w > 0:
        reach |= np.int64(1) << (w - 1)
    for j in range(w + draw - 1, length, draw):
        reach |= np.int64(1) << j
    for j in range(draw - 1, length, draw):
        reach |= np.int64(1) << j
    if length > 0:
        reach |= np.int64(1) << (length - 1)
    return reach


@kernel(inline="always")
def talon_run_end(state, rules, j):
    """For talon card x at index j: one past the last talon index that lies
    above x when x is first the waste top, in the last pass.

    Proof.  With no redeal left, cards join the waste only on top, by
    turning, and leave it only from the top.  A waste card x (index below
    the waste count W) is under the waste cards after it: they all leave
    before x does, so the run ends at W.  A stock card x is turned with its
    turn group: the stock's groups of ``draw`` cards start at W and stay
    put until the stock is turned (playing from the waste leaves the stock
    alone), and the group's later cards land on top of x, so the run ends
    with x's group.  Cards turned later land on top as well and must leave
    too; leaving them out only enlarges the never-moving-card test's set.
    """
    w = np.int64(state[WCOUNT])
    if j < w:
        return w
    draw = np.int64(rules[R_DRAW])
    group_start = j - (j - w) % draw
    return min(group_start + draw, np.int64(state[TLEN]))
