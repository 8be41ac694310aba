"""Yukon's fast position: layout constants, accessors, move codes, switches.

State layout (``STATE_LEN`` bytes)::

    [LEN + p]              cards in pile p (p = 0..6)
    [DOWN + p]             how many of them, from the bottom, are face down
    [FOUND + s]            highest rank on foundation s (C D H S), 0 = empty
    [CARDS + p*CAP + i]    card i of pile p, bottom first; vacated slots read 0,
                           so equal positions are equal arrays

A move is ``(src * CAP + index) * 8 + dest``: the card at ``index`` of pile
``src`` with everything on it goes to pile ``dest`` (0..6), or, when
``dest == FOUNDATION_DEST``, the top card goes to its foundation.  A move of
a swap class (``swaps``) or of a swap component (``research``) carries more
bits above ``MOVE_BITS``.

The rules array.  Yukon has no rule options, so the array is one word,
``rules[R_OFF]``: the bit set of the search reductions that are on (each a
named switch, ``YukonSpec.reductions``; all on by default) and of the
opt-in search option ``SWAP_COMPONENTS``.  ``MODE_ALL`` applies no
reduction whatever the word says, but the pile folding of the key.
"""
import numpy as np

from solitaire.jit.cards import is_red, rank_of
from solitaire.jit.compile import kernel

PILES = 7
CAP = 52
LEN = 0
DOWN = LEN + PILES
FOUND = DOWN + PILES
CARDS = FOUND + 4
STATE_LEN = CARDS + PILES * CAP
FOUNDATION_DEST = 7
MOVE_BITS = 12  # every move code is below (6 * CAP + 51) * 8 + 8 < 2**12
KING = 13
MAX_MOVES = 128  # 48 non-Kings x 2 targets + 4 Kings x 6 empty piles + 7 foundation moves = 127
YUKON_MAX_DEPTH = 1000  # longest search path (deeper paths give 'unknown')

# The switch word and its bits (docs/yukon.md says why each reduction is sound).
R_OFF = 0
SAFE_FOUNDATION = 1  # a top card nothing can ever cover goes home as the only move (moves.dead_or_forced)
FOLD_PILES = 2  # the key ignores the order of the piles (keys.position_key)
ONE_EMPTY = 4  # a King's group to the first empty pile only, never a bottom King (moves.legal_moves)
DEAD_END = 8  # frozen cards: no moves where some card never moves again (deadends.frozen_cards)
PINNED = 16  # pinned cards, which hold every frozen one (deadends.pinned_cards)
TWINS = 32  # with PINNED: a face-down card under its twin (deadends._twin_above)
TWIN_WINDOW = 64  # with PINNED: a face-down card whose twin must move first (deadends._window_fails)
CUT_SETS = 128  # lower_bound: a face-down card's cut set is itself alone (off: its whole interval)
SWAP_CLASSES = 256  # MODE_SOLVE: positions joined by free-stack swaps are one node (swaps)
# The opt-in search option, not a reduction: every class joined by stack
# swaps is one node (research.swap_components).
SWAP_COMPONENTS = 512
ALL_REDUCTIONS = (SAFE_FOUNDATION | FOLD_PILES | ONE_EMPTY | DEAD_END | PINNED | TWINS | TWIN_WINDOW | CUT_SETS
                  | SWAP_CLASSES)


@kernel(inline="always")
def encode_move(src, index, dest):
    return (src * CAP + index) * 8 + dest


@kernel(inline="always")
def move_src(move):
    return move // 8 // CAP


@kernel(inline="always")
def move_index(move):
    return move // 8 % CAP


@kernel(inline="always")
def move_dest(move):
    return move % 8


@kernel(inline="always")
def card_at(state, pile, index):
    return np.int64(state[CARDS + pile * CAP + index])


@kernel(inline="always")
def fits_on(card, target):
    """Yukon building: one rank lower and the other colour."""
    return rank_of(card) + 1 == rank_of(target) and is_red(card) != is_red(target)
