"""Position keys: pile order folded, waste counts folded, twin-swapped classes.

``state_key`` hashes the piles one by one and sums them, so the order of
piles does not matter; for "can it be won" with unlimited passes it also
folds waste counts that reach the same talon cards.  ``class_key`` is the
key of a position's class of twin-swapped positions, which are won alike.
"""
from __future__ import annotations

import numpy as np

from solitaire.games.klondike.kernel.state import (OFF_CLASS_FOLDING, OFF_TWIN_FOLDING, OFF_WASTE_COUNT_FOLDING,
                                                   PASSES_USED, PILE0, PILE_WORDS, PILES, R_DRAW, R_OFF, R_PASSES,
                                                   TALON, TLEN, WAITING, WCOUNT, pile_card, pile_down, pile_len)
from solitaire.jit.cards import is_red, rank_of
from solitaire.jit.compile import kernel
from solitaire.jit.hashing import GOLDEN, mix64, mix64_int
from solitaire.jit.modes import MODE_SOLVE

PILE_SEED = GOLDEN
# A pile's last word is zero up to 14 cards, its middle one up to 6 (mostly):
# their share of the pile hash is then a constant, not two more mix64 calls.
ZERO_THIRD_WORD = np.uint64(mix64_int(PILE_SEED))  # mix64(0 + PILE_SEED)
ZERO_LAST_WORDS = np.uint64(mix64_int(mix64_int(PILE_SEED)))  # mix64(0 ^ ZERO_THIRD_WORD)
CLASS_TAG = 0x5BD1E9955BD1E995  # class keys (``class_key``) apart from position keys


@kernel
def state_key(state, rules, mode):
    """Canonical key: pile order folded, waste counts folded (``folded_waste``)."""
    w = folded_waste(state, rules, mode, np.int64(state[WCOUNT]))
    return mix64(piles_hash(state) ^ rest_hash(state, rules, w))


@kernel
def class_key(state, rules, mode):
    """The key of the position's class of twin-swapped positions (MODE_SOLVE,
    not while the position waits; else 0: no class), for the search's
    record of classes proved lost (``solitaire.search.dfs``).  The stacks on
    twins are put in a fixed order (``_twin_folded_piles_hash``); a tag
    keeps class keys apart from position keys in the one table.  With
    ``class_folding`` off there is no class (0); with ``twin_folding`` off
    each position is a class of its own."""
    off = rules[R_OFF]
    if mode != MODE_SOLVE or state[WAITING] != 0 or off & OFF_CLASS_FOLDING:
        return np.uint64(0)
    w = folded_waste(state, rules, mode, np.int64(state[WCOUNT]))
    piles = piles_hash(state) if off & OFF_TWIN_FOLDING else _twin_folded_piles_hash(state)
    return mix64(piles ^ rest_hash(state, rules, w) ^ np.uint64(CLASS_TAG))


@kernel(inline="always")
def folded_waste(state, rules, mode, w):
    """The waste count the key uses.  In MODE_SOLVE with unlimited passes,
    waste counts with the same reachable talon cards share a key: with draw
    1 every talon card is always reachable; with draw k a waste count that
    is a multiple of k (or the whole talon) reaches exactly the cards
    reachable after a redeal.  Not for fewest moves: the stock turns to a
    card differ with the waste count.  (The reduction ``waste_count_folding``.)"""
    if mode == MODE_SOLVE and rules[R_PASSES] == 0 and not rules[R_OFF] & OFF_WASTE_COUNT_FOLDING:
        k = rules[R_DRAW]
        if k == 1 or w % k == 0 or w == np.int64(state[TLEN]):
            return 0
    return w


@kernel(inline="always")
def rest_hash(state, rules, w):
    """Foundations, talon and the given waste count (already folded)."""
    header = np.uint64(state[0]) | (np.uint64(state[1]) << np.uint64(8)) | (np.uint64(state[2]) << np.uint64(16)) | (
        np.uint64(state[3]) << np.uint64(24)) | (np.uint64(state[TLEN]) << np.uint64(32)) | (np.uint64(w) << np.uint64(40)) | (
        np.uint64(state[WAITING]) << np.uint64(56))
    if rules[R_PASSES] != 0:
        header |= np.uint64(state[PASSES_USED]) << np.uint64(48)
    t = TALON // 8
    return mix64(_word(state, t) ^ mix64(_word(state, t + 1) ^ mix64(_word(state, t + 2) ^ mix64(header))))


@kernel(inline="always")
def _word(state, i):
    """The state's 64-bit word i (little-endian).  The compiler merges the
    byte loads into one load; ``state.view(np.uint64)`` would build a new
    array object per call, about 25 ns."""
    b = 8 * i
    return (np.uint64(state[b]) | (np.uint64(state[b + 1]) << np.uint64(8))
            | (np.uint64(state[b + 2]) << np.uint64(16)) | (np.uint64(state[b + 3]) << np.uint64(24))
            | (np.uint64(state[b + 4]) << np.uint64(32)) | (np.uint64(state[b + 5]) << np.uint64(40))
            | (np.uint64(state[b + 6]) << np.uint64(48)) | (np.uint64(state[b + 7]) << np.uint64(56)))


@kernel(inline="always")
def _pile_hash(first, second, third):
    """One pile's share of ``piles_hash``, from its three words:
    mix64(w0 ^ mix64(w1 ^ mix64(w2 + PILE_SEED))); zero last words take the
    precomputed values (the same hash, faster)."""
    if third != 0:
        inner = mix64(second ^ mix64(third + np.uint64(PILE_SEED)))
    elif second != 0:
        inner = mix64(second ^ ZERO_THIRD_WORD)
    else:
        inner = ZERO_LAST_WORDS
    return mix64(first ^ inner)


@kernel(inline="always")
def piles_hash(state):
    """The piles hashed one by one and summed: pile order folded."""
    h = np.uint64(0)
    for p in range(PILES):
        w = PILE0 // 8 + p * PILE_WORDS
        h += _pile_hash(_word(state, w), _word(state, w + 1), _word(state, w + 2))
    return h


@kernel
def _twin_folded_piles_hash(state):
    """``piles_hash`` of the position with the stacks on twins put in a
    fixed order (``class_key``): for twins e and e' (same rank and colour,
    e the club or diamond) both face up in the tableau, the stack on e
    starts with no card or with a lower card than the stack on e' (a club
    or diamond before a spade or heart).

    Proof that this folds only positions won alike.  Exchanging the stacks
    on e and on e' gives a twin-swapped position (``moves.gen_moves`` part
    5): every line of one is mirrored card for card by the other (a card put
    on e or e' as a bare top goes on whichever of the two is bare there;
    the cards are otherwise where the line had them), except playing e or
    e' to its foundation while the other lies under a stack: there the
    mirror first moves that stack across (legal: its lowest card fits
    either twin), after which the positions are equal.  Nothing else can
    break the mirror: twins are never in one pile (a pile's face-up cards
    differ in rank), and neither twin, nor a card under it, can ever go on
    the other stack (they rank above every card of it).  So both are won
    or both lost, whatever pile each stack is in; the fold applies such
    exchanges, so a position and its folded form share their verdict.  Not
    for fewest moves (the mirror's extra move), nor while a position waits
    (the move it waits for builds on one card in particular).  Won alike
    is not reached alike: the search skips a position only once its class
    is proved lost, never for a class merely seen (``solitaire.search.dfs``).

    Each face-up card's child (the card on it) is one of the two cards of
    the next rank down and the other colour: "lo" (club or diamond) or "hi"
    (spade or heart).  Pairs are put in order by exchanging their children,
    which carry their stacks along; one exchange changes no other card's
    child, so the pairs are independent.  Only the piles whose run changes
    are rebuilt.
    """
    faceup = np.int64(0)
    lo = np.int64(0)  # bit per face-up card whose child is a club or diamond
    hi = np.int64(0)  # ... a spade or heart
    for p in range(PILES):
        n = pile_len(state, p)
        if n == 0:
            continue
        below = pile_card(state, p, pile_down(state, p))
        faceup |= np.int64(1) << below
        for i in range(pile_down(state, p) + 1, n):
            x = pile_card(state, p, i)
            faceup |= np.int64(1) << x
            if x < 26:
                lo |= np.int64(1) << below
            else:
                hi |= np.int64(1) << below
            below = x
    has = lo | hi
    # pairs clubs/spades (e at bit 0, e' at 39) and diamonds/hearts (13, 26), on 13 bits
    swap_black = _pairs_to_swap(faceup, has, lo, hi, 0, 39)
    swap_red = _pairs_to_swap(faceup, has, lo, hi, 13, 26)
    if swap_black == 0 and swap_red == 0:
        return piles_hash(state)
    moved = (swap_black << 0) | (swap_black << 39) | (swap_red << 13) | (swap_red << 26)  # cards whose child changes
    lo = _exchange(_exchange(lo, swap_black, 0, 39), swap_red, 13, 26)
    hi = _exchange(_exchange(hi, swap_black, 0, 39), swap_red, 13, 26)
    h = np.uint64(0)
    for p in range(PILES):
        w = PILE0 // 8 + p * PILE_WORDS
        n = pile_len(state, p)
        changed = False
        for i in range(pile_down(state, p), n):
            if (moved >> pile_card(state, p, i)) & 1:
                changed = True
                break
        if changed:
            h += _rebuilt_pile_hash(state, p, lo, hi)
        else:
            h += _pile_hash(_word(state, w), _word(state, w + 1), _word(state, w + 2))
    return h


@kernel
def _rebuilt_pile_hash(state, p, lo, hi):
    """``_pile_hash`` of pile p with its face-up run rebuilt from its lowest
    face-up card by the children in ``lo`` / ``hi`` (the bytes written in
    order into three words: length, face-down count, cards)."""
    d = pile_down(state, p)
    w0 = w1 = np.uint64(0)
    acc = np.uint64(d) << np.uint64(8)
    shift = 16
    filled = 0  # words completed
    length = 0
    x = pile_card(state, p, 0)
    i = 0
    while True:
        acc |= np.uint64(x) << np.uint64(shift)
        shift += 8
        length += 1
        if shift == 64:
            if filled == 0:
                w0 = acc
            else:
                w1 = acc
            filled += 1
            acc = np.uint64(0)
            shift = 0
        i += 1
        if i <= d:
            x = pile_card(state, p, i)
            continue
        r = rank_of(x)
        if (lo >> x) & 1:
            x = r - 2 if is_red(x) else 13 + r - 2
        elif (hi >> x) & 1:
            x = 39 + r - 2 if is_red(x) else 26 + r - 2
        else:
            break
    if filled == 0:
        w0 = acc
    elif filled == 1:
        w1 = acc
    w2 = acc if filled == 2 else np.uint64(0)
    return _pile_hash(w0 | np.uint64(length), w1, w2)


@kernel(inline="always")
def _pairs_to_swap(faceup, has, lo, hi, e_at, twin_at):
    """Twin pairs (bit r - 1 for rank r) both face up whose stacks are out
    of order: a child on e but none on e', or a hi child on e and a lo one
    on e'."""
    suit = np.int64((1 << 13) - 1)
    both = (faceup >> e_at) & (faceup >> twin_at) & suit
    has_e, has_twin = (has >> e_at) & suit, (has >> twin_at) & suit
    return both & ((has_e & ~has_twin) | ((hi >> e_at) & (lo >> twin_at) & suit))


@kernel(inline="always")
def _exchange(mask, pairs, e_at, twin_at):
    """``mask`` with the bits of e and e' exchanged for each pair in ``pairs``."""
    moved = (pairs << e_at) | (pairs << twin_at)
    from_e = (mask >> e_at) & pairs
    from_twin = (mask >> twin_at) & pairs
    return (mask & ~moved) | (from_twin << e_at) | (from_e << twin_at)
