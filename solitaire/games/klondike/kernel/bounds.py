"""The admissible lower bound A* and IDA* search shortest wins with."""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.state import (OFF_BOUND_PILE_BLOCKERS, OFF_BOUND_WASTE_BLOCKERS, PILES, R_DRAW,
                                                   R_OFF, TALON, TLEN, WCOUNT, in_last_pass, pile_card, pile_down,
                                                   pile_len)
from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel


@kernel
def lower_bound(state, rules):
    """Admissible moves-to-win.

    * every card not on a foundation needs its own move there;
    * every stock card not yet turned needs turning: ceil(stock / draw) turns;
    * (``bound_pile_blockers``) in each pile, every face-down card lying on a
      lower card of its own suit must leave the pile by a move that is not
      to a foundation, each by its own move (it is the top when it leaves);
      and if any face-up card lies on a lower card of its suit, at least one
      more such move is needed;
    * (``bound_waste_blockers``) in the last pass, every waste card lying on
      a lower card of its own suit in the waste leaves the waste before that
      card (the waste is then a pile nothing is built on) and so not to a
      foundation: one more move each (``waste_blockers``).
    """
    total = 52 - (np.int64(state[0]) + np.int64(state[1]) + np.int64(state[2]) + np.int64(state[3]))
    stock = np.int64(state[TLEN]) - np.int64(state[WCOUNT])
    k = rules[R_DRAW]
    total += (stock + k - 1) // k
    off = rules[R_OFF]
    if not off & OFF_BOUND_PILE_BLOCKERS:
        total += _pile_blockers(state)
    if not off & OFF_BOUND_WASTE_BLOCKERS and in_last_pass(state, rules):
        total += waste_blockers(state)
    return total


@kernel(inline="always")
def _pile_blockers(state):
    """Per pile: its face-down cards lying on a lower card of their suit,
    and one more if a face-up card does."""
    total = 0
    for p in range(PILES):
        n = pile_len(state, p)
        d = pile_down(state, p)
        face_up_blocker = False
        for i in range(1, n):
            c = pile_card(state, p, i)
            blocks = False
            for j in range(i):
                below = pile_card(state, p, j)
                if suit_of(below) == suit_of(c) and below < c:
                    blocks = True
                    break
            if blocks:
                if i < d:
                    total += 1
                else:
                    face_up_blocker = True
        if face_up_blocker:
            total += 1
    return total


@kernel
def waste_blockers(state):
    """Waste cards lying on a lower card of their own suit in the waste."""
    count = 0
    lowest = np.int64(0xEEEE)  # per suit, 4 bits each: lowest rank seen so far, bottom up (14: none)
    for j in range(np.int64(state[WCOUNT])):
        c = np.int64(state[TALON + j])
        shift = 4 * suit_of(c)
        r = rank_of(c)
        low = (lowest >> shift) & 15
        if low < r:
            count += 1
        elif r < low:
            lowest += (r - low) << shift
    return count
