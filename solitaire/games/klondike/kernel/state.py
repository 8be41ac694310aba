"""The Klondike fast engine's position, rules array and move codes.

State layout (``STATE_LEN`` = 200 bytes, 25 aligned 64-bit words)::

    [0:4]    foundation rank per suit (C, D, H, S), 0 = empty
    [4]      talon length L (waste + stock, at most 24)
    [5]      waste count W: talon[0:W] is the waste (top = talon[W-1]),
             talon[W:L] the stock (next turned = talon[W])
    [6]      passes used so far (1 in the first pass)
    [7]      what the next move must serve (MODE_SOLVE only, ``moves``):
             0 nothing, card + 1, or WAIT_KING + 1
    [8:32]   talon cards
    [32:]    seven piles of 24 bytes: [length, face-down count, cards bottom->top]

Unused card slots are always zero, so the key can hash whole 64-bit words.

The stock is the search's representation of "the cards reachable by
turning" (``talon``): a talon move plays talon card ``i`` directly and
counts the stock turns (and redeal) needed to bring it to the waste top.
This loses no play: turning the stock commutes with every tableau move,
and reaching a card at the earliest turn gives the same position as
reaching it later, with no more moves and at least as many passes left.

Moves are int32: ``kind | a << 4 | b << 12 | c << 20 | redeal << 28``, and
``WAIT_BIT`` when the position the move leads to waits.

The rules array: draw, passes (0 = unlimited), foundation_to_tableau, and
``R_OFF``, a word whose bits switch reductions off (``OFF_*``; the names
are declared in ``spec.REDUCTIONS``).  0, every reduction on, is what the
solver runs; the switches are for checking each reduction against the
search without it.
"""
from __future__ import annotations

import numpy as np

from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel

FOUND, TLEN, WCOUNT, PASSES_USED, WAITING, TALON = 0, 4, 5, 6, 7, 8
WAIT_KING = 52  # state[WAITING] - 1: the card the next move must build on, or an emptied pile's King
WAIT_BIT = 1 << 29  # on a move: the position it leads to waits (``moves.gen_moves``, part 0)
TALON_SLOTS = 24
PILE0, PILE_STRIDE, PILES = 32, 24, 7
PILE_WORDS = PILE_STRIDE // 8
STATE_LEN = PILE0 + PILES * PILE_STRIDE

R_DRAW, R_PASSES, R_F2T, R_OFF = 0, 1, 2, 3  # rules array; passes 0 = unlimited
RULES_LEN = 4

# Reductions, each a bit of rules[R_OFF] that switches it off.  Names,
# summaries and the questions they serve: ``spec.REDUCTIONS``; proofs where
# each acts.
OFF_SAFE_TABLEAU_TO_FOUNDATION = 1 << 0  # a safe tableau top goes up as the only move (safe.py)
OFF_SAFE_WASTE_TO_FOUNDATION = 1 << 1  # draw 1: the same for the waste top
OFF_SAFE_TALON_TO_FOUNDATION = 1 << 2  # draw 1, unlimited passes: the same for any talon card
OFF_ONE_EMPTY_PILE = 1 << 3  # one empty pile stands for all as a target
OFF_NO_KING_PILE_TO_EMPTY = 1 << 4  # a whole pile headed by a King never goes to an empty pile
OFF_PARTIAL_RUNS_FOR_FOUNDATION = 1 << 5  # part of a run moves only to uncover a card that fits its foundation
OFF_ONE_TWIN_TARGET = 1 << 6  # of two twin pile tops, a card is offered one
OFF_WHOLE_PILE_FOR_KING = 1 << 7  # a pile with nothing face down moves only when a King could use it
OFF_TALON_PLAY_FOR_BUILDER = 1 << 8  # draw 1, unlimited: a talon card to the tableau only for a builder
OFF_WAITING_POSITIONS = 1 << 9  # after such a play or a pile emptied, only the moves serving it
OFF_RETURN_ABOVE_LOWEST = 1 << 10  # a foundation card comes back only two ranks above the lowest foundation
OFF_RETURN_WHEN_USEFUL = 1 << 11  # ... and only when a card off the foundations could use it
OFF_BLOCKED_CARDS = 1 << 12  # dead ends: blocked cards whose parents are out of reach (patterns A, B)
OFF_NEVER_MOVING_CARDS = 1 << 13  # dead ends: a card that can never move (pattern M)
OFF_WASTE_COUNT_FOLDING = 1 << 14  # unlimited passes: waste counts reaching the same cards share a key
OFF_DOMINANCE_MARKS = 1 << 15  # draw k > 1, unlimited: dominated waste counts marked seen
OFF_CLASS_FOLDING = 1 << 16  # the plain DFS skips positions whose class was proved lost
OFF_TWIN_FOLDING = 1 << 17  # a class holds the twin-swapped positions (else each position alone)
OFF_DRAW_ONE_RELAXATION = 1 << 18  # a loss under draw 1 / unlimited passes is a loss (spec.py)
OFF_BOUND_PILE_BLOCKERS = 1 << 19  # lower bound: the pile blockers term
OFF_BOUND_WASTE_BLOCKERS = 1 << 20  # lower bound: the waste blockers term (last pass)
OFF_TALON_BUILDER_CHAINS = 1 << 21  # a talon card is a builder only with a builder of its own (safe.py)
OFF_NO_ACE_OR_TWO_BUILDERS = 1 << 22  # an Ace, or a 2 whose Ace is home, is no builder (safe.py)

T2F, T2T, W2F, W2T, F2T = 0, 1, 2, 3, 4  # move kinds: tableau/waste/foundation to foundation/tableau


@kernel(inline="always")
def enc(kind, a, b, c, redeal):
    return np.int32(kind | (a << 4) | (b << 12) | (c << 20) | (redeal << 28))


@kernel(inline="always")
def move_kind(m):
    return m & 15


@kernel(inline="always")
def move_a(m):
    return (m >> 4) & 255


@kernel(inline="always")
def move_b(m):
    return (m >> 12) & 255


@kernel(inline="always")
def move_c(m):
    return (m >> 20) & 255


@kernel(inline="always")
def move_redeal(m):
    return (m >> 28) & 1


@kernel(inline="always")
def in_last_pass(state, rules):
    """A pass limit, and every pass used: no redeal is left."""
    passes = rules[R_PASSES]
    return passes != 0 and np.int64(state[PASSES_USED]) >= passes


@kernel(inline="always")
def draw_one_unlimited(rules):
    """Draw 1 with unlimited passes: every talon card is in reach at any time."""
    return rules[R_DRAW] == 1 and rules[R_PASSES] == 0


@kernel(inline="always")
def pile_len(state, p):
    return np.int64(state[PILE0 + p * PILE_STRIDE])


@kernel(inline="always")
def pile_down(state, p):
    return np.int64(state[PILE0 + p * PILE_STRIDE + 1])


@kernel(inline="always")
def pile_card(state, p, i):
    return np.int64(state[PILE0 + p * PILE_STRIDE + 2 + i])


@kernel(inline="always")
def fits_foundation(state, card):
    return np.int64(state[FOUND + suit_of(card)]) == rank_of(card) - 1
