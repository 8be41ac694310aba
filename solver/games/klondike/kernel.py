"""Klondike fast engine: numba kernels on a flat uint8 state.

State layout (``STATE_LEN`` = 200 bytes, 25 aligned 64-bit words)::

    [0:4]    foundation rank per suit (C, D, H, S), 0 = empty
    [4]      talon length L (waste + stock, at most 24)
    [5]      waste count W: talon[0:W] is the waste (top = talon[W-1]),
             talon[W:L] the stock (next turned = talon[W])
    [6]      passes used so far (1 in the first pass)
    [8:32]   talon cards
    [32:]    seven piles of 24 bytes: [length, face-down count, cards bottom->top]

Unused card slots are always zero, so the key can hash whole 64-bit words.

The stock is handled as "the cards reachable by turning" (as the best
Klondike solvers do): a talon move plays talon card ``i`` directly and counts
the stock turns (and redeal) needed to bring it to the waste top.  This loses
no play: turning the stock commutes with every tableau move, and reaching a
card at the earliest turn dominates reaching it later (same position, more
passes left).

Moves are int32: ``kind | a << 4 | b << 12 | c << 20 | redeal << 28``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from solver.search.config import MODE_ALL

FOUND, TLEN, WCOUNT, PASSES_USED, TALON = 0, 4, 5, 6, 8
TALON_SLOTS = 24
PILE0, PILE_STRIDE, PILES = 32, 24, 7
PILE_WORDS = PILE_STRIDE // 8
STATE_LEN = PILE0 + PILES * PILE_STRIDE
R_DRAW, R_PASSES, R_F2T = 0, 1, 2  # rules array; passes 0 = unlimited

T2F, T2T, W2F, W2T, F2T = 0, 1, 2, 3, 4  # move kinds: tableau/waste/foundation to foundation/tableau


@njit(cache=True, inline="always")
def enc(kind, a, b, c, redeal):
    return np.int32(kind | (a << 4) | (b << 12) | (c << 20) | (redeal << 28))


@njit(cache=True, inline="always")
def move_kind(m):
    return m & 15


@njit(cache=True, inline="always")
def move_a(m):
    return (m >> 4) & 255


@njit(cache=True, inline="always")
def move_b(m):
    return (m >> 12) & 255


@njit(cache=True, inline="always")
def move_c(m):
    return (m >> 20) & 255


@njit(cache=True, inline="always")
def move_redeal(m):
    return (m >> 28) & 1


@njit(cache=True, inline="always")
def rank_of(card):
    return card % 13 + 1


@njit(cache=True, inline="always")
def suit_of(card):
    return card // 13


@njit(cache=True, inline="always")
def red(card):
    s = card // 13
    return s == 1 or s == 2


@njit(cache=True, inline="always")
def pile_len(state, p):
    return np.int64(state[PILE0 + p * PILE_STRIDE])


@njit(cache=True, inline="always")
def pile_down(state, p):
    return np.int64(state[PILE0 + p * PILE_STRIDE + 1])


@njit(cache=True, inline="always")
def pile_card(state, p, i):
    return np.int64(state[PILE0 + p * PILE_STRIDE + 2 + i])


@njit(cache=True, inline="always")
def accepts(state, q, card):
    """Can ``card`` be built on pile ``q`` (alternating colours, King on empty)?"""
    n = pile_len(state, q)
    if n == 0:
        return rank_of(card) == 13
    top = pile_card(state, q, n - 1)
    return rank_of(top) == rank_of(card) + 1 and red(top) != red(card)


@njit(cache=True, inline="always")
def fits_foundation(state, card):
    return np.int64(state[FOUND + suit_of(card)]) == rank_of(card) - 1


@njit(cache=True)
def safe_to_foundation(state, card, f2t):
    """Moving ``card`` (which fits its foundation) there never loses a win.

    Proof.  In the tableau a card c of rank r serves only as a base for the
    opposite-colour cards of rank r-1; moving c off a pile to its foundation
    uncovers exactly what any other move of c would.  Ranks 1 and 2: nothing
    useful goes on an Ace, and only Aces go on a 2 (an Ace is never better
    placed on a 2 than on its foundation).  Without foundation_to_tableau: if
    both opposite-colour r-1 are on foundations they never return, so c is
    never needed as a base.  With it, pulled-back cards can form chains on c
    (r-1, r-2, ...) that hold lower tableau cards; if every foundation holds
    r-1 or more, no tableau or stock card is below r, so no such chain can
    ever carry a card that was not on a foundation: the chain is useless.
    The same exchange argument never lengthens a solution (c's other moves
    are dropped), so the reduction is also safe for fewest moves.
    """
    r = rank_of(card)
    if r <= 2:
        return True
    if f2t:
        for s in range(4):
            if np.int64(state[FOUND + s]) < r - 1:
                return False
        return True
    if red(card):
        return np.int64(state[FOUND + 0]) >= r - 1 and np.int64(state[FOUND + 3]) >= r - 1
    return np.int64(state[FOUND + 1]) >= r - 1 and np.int64(state[FOUND + 2]) >= r - 1


SCRATCH = 52 + 2 * PILES  # tail of the move buffer used as scratch by gen_moves


@njit(cache=True, inline="always")
def push(out, n, move):
    if n < out.shape[0] - SCRATCH:
        out[n] = move
    return n + 1


@njit(cache=True, inline="always")
def _targets(card, top_pile, empties, n_empty, buf):
    """Piles ``card`` may be built on, via the table of pile tops: O(1)."""
    n = 0
    r = rank_of(card)
    if r == 13:
        for i in range(n_empty):
            buf[n] = empties[i]
            n += 1
        return n
    # the two cards one rank higher of the other colour
    if red(card):
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


@njit(cache=True, inline="always")
def _talon_moves(state, out, n_out, idx, turns, redeal, top_pile, empties, n_empty, dests):
    """Moves of talon card ``idx`` after ``turns`` stock turns (and a redeal)."""
    c = np.int64(state[TALON + idx])
    nd = _targets(c, top_pile, empties, n_empty, dests)
    for j in range(nd):
        n_out = push(out, n_out, enc(W2T, idx, dests[j], turns, redeal))
    if turns > 0 and fits_foundation(state, c):
        n_out = push(out, n_out, enc(W2F, idx, 0, turns, redeal))
    return n_out


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    """Moves best-first: to foundation, uncovering, from the waste, the rest."""
    f2t = rules[R_F2T] != 0
    length = np.int64(state[TLEN])
    w = np.int64(state[WCOUNT])
    if mode != MODE_ALL:
        # A provably safe foundation move is the only move considered.
        for p in range(PILES):
            n = pile_len(state, p)
            if n > 0:
                c = pile_card(state, p, n - 1)
                if fits_foundation(state, c) and safe_to_foundation(state, c, f2t):
                    out[0] = enc(T2F, p, 0, 0, 0)
                    return 1
        # Draw 1 only: taking the waste top away never makes another talon card
        # harder to reach (the stock is untouched, the card below becomes the top).
        # With larger draws it shifts the turn groups, so it is not forced there.
        if rules[R_DRAW] == 1 and w > 0:
            c = np.int64(state[TALON + w - 1])
            if fits_foundation(state, c) and safe_to_foundation(state, c, f2t):
                out[0] = enc(W2F, w - 1, 0, 0, 0)
                return 1
    # Scratch tables live in the tail of ``out`` (SCRATCH slots, never moves):
    # allocating small arrays per call would cost more than generating moves.
    limit = out.shape[0] - SCRATCH
    top_pile = out[limit:limit + 52]  # card -> the pile it tops, or -1
    empties = out[limit + 52:limit + 52 + PILES]
    dests = out[limit + 52 + PILES:limit + 52 + 2 * PILES]
    top_pile[:] = -1
    n_empty = 0
    for p in range(PILES):
        n = pile_len(state, p)
        if n > 0:
            top_pile[pile_card(state, p, n - 1)] = p
        else:
            empties[n_empty] = p
            n_empty += 1
    n_out = 0
    # 1. tableau tops to foundations
    for p in range(PILES):
        n = pile_len(state, p)
        if n > 0 and fits_foundation(state, pile_card(state, p, n - 1)):
            n_out = push(out, n_out, enc(T2F, p, 0, 0, 0))
    # 2. the waste top to its foundation
    if w > 0 and fits_foundation(state, np.int64(state[TALON + w - 1])):
        n_out = push(out, n_out, enc(W2F, w - 1, 0, 0, 0))
    # 3. moves that turn a face-down card: the whole face-up run of a pile
    for p in range(PILES):
        n = pile_len(state, p)
        d = pile_down(state, p)
        if d > 0 and n > d:
            nd = _targets(pile_card(state, p, d), top_pile, empties, n_empty, dests)
            for j in range(nd):
                n_out = push(out, n_out, enc(T2T, p, dests[j], n - d, 0))
    # 4. talon cards: the waste top, then the cards reached by turning in
    #    this pass, then (if a pass remains) those reached after a redeal.
    #    Loops step by the draw count: no divisions in the hot path.
    k = rules[R_DRAW]
    if w > 0:
        n_out = _talon_moves(state, out, n_out, w - 1, 0, 0, top_pile, empties, n_empty, dests)
    reached = np.int64(0)  # bit i: talon card i reachable in this pass
    pos, t = w, 0
    while pos < length:
        pos = min(pos + k, length)
        t += 1
        reached |= np.int64(1) << (pos - 1)
        n_out = _talon_moves(state, out, n_out, pos - 1, t, 0, top_pile, empties, n_empty, dests)
    passes = rules[R_PASSES]
    if passes == 0 or np.int64(state[PASSES_USED]) < passes:
        if w > 0:
            reached |= np.int64(1) << (w - 1)
        pos, j = 0, 0
        while pos < length:
            pos = min(pos + k, length)
            j += 1
            if not (reached >> (pos - 1)) & 1:
                n_out = _talon_moves(state, out, n_out, pos - 1, t + 1 + j, 1, top_pile, empties, n_empty, dests)
    # 5. other tableau moves: part of a run, or a whole run from a pile with
    #    nothing face down.  A whole pile headed by a King moved to an empty
    #    pile gives the same position up to pile order: skipped when reducing.
    for p in range(PILES):
        n = pile_len(state, p)
        d = pile_down(state, p)
        start = d + 1 if d > 0 else 0
        for i in range(start, n):
            c = pile_card(state, p, i)
            if i == 0 and rank_of(c) == 13 and mode != MODE_ALL:
                continue
            nd = _targets(c, top_pile, empties, n_empty, dests)
            for j in range(nd):
                if dests[j] != p:
                    n_out = push(out, n_out, enc(T2T, p, dests[j], n - i, 0))
    # 6. foundation cards back to the tableau.  Reduction: bringing back c
    #    (rank r) helps only if some card that is not on a foundation is later
    #    built on c or on a chain of returned cards over it; such a card has a
    #    rank below r.  When every foundation holds r - 1 or more, no such card
    #    exists, so the move is never needed (and never shortens a win).
    if f2t:
        lowest = min(min(np.int64(state[0]), np.int64(state[1])), min(np.int64(state[2]), np.int64(state[3])))
        for s in range(4):
            r = np.int64(state[FOUND + s])
            if r > 0 and (mode == MODE_ALL or lowest < r - 1):
                nd = _targets(s * 13 + r - 1, top_pile, empties, n_empty, dests)
                for j in range(nd):
                    n_out = push(out, n_out, enc(F2T, s, dests[j], 0, 0))
    return min(n_out, limit)


@njit(cache=True, inline="always")
def _append(child, q, card):
    base = PILE0 + q * PILE_STRIDE
    n = child[base]
    child[base + 2 + n] = card
    child[base] = n + 1


@njit(cache=True, inline="always")
def _take_talon(child, idx):
    length = np.int64(child[TLEN])
    for i in range(idx, length - 1):
        child[TALON + i] = child[TALON + i + 1]
    child[TALON + length - 1] = 0
    child[TLEN] = length - 1
    child[WCOUNT] = idx


@njit(cache=True, inline="always")
def _cut_pile(child, p, count):
    """Remove the top ``count`` cards of pile p; turn a newly exposed card up."""
    base = PILE0 + p * PILE_STRIDE
    n = np.int64(child[base]) - count
    for i in range(n, n + count):
        child[base + 2 + i] = 0
    child[base] = n
    if n > 0 and np.int64(child[base + 1]) == n:
        child[base + 1] = n - 1


@njit(cache=True)
def apply_move(state, rules, move, child):
    src = state.view(np.uint64)  # a word loop copies far faster than child[:] = state
    dst = child.view(np.uint64)
    for i in range(STATE_LEN // 8):
        dst[i] = src[i]
    kind = move_kind(move)
    a = move_a(move)
    b = move_b(move)
    if kind == T2F:
        c = pile_card(state, a, pile_len(state, a) - 1)
        _cut_pile(child, a, 1)
        child[FOUND + suit_of(c)] += 1
    elif kind == T2T:
        count = move_c(move)
        n = pile_len(state, a)
        for i in range(n - count, n):
            _append(child, b, state[PILE0 + a * PILE_STRIDE + 2 + i])
        _cut_pile(child, a, count)
    elif kind == W2F or kind == W2T:
        c = np.int64(state[TALON + a])
        child[PASSES_USED] += move_redeal(move)
        _take_talon(child, a)
        if kind == W2F:
            child[FOUND + suit_of(c)] += 1
        else:
            _append(child, b, c)
    else:  # F2T
        r = np.int64(state[FOUND + a])
        child[FOUND + a] = r - 1
        _append(child, b, a * 13 + r - 1)


@njit(cache=True)
def move_cost(state, rules, move):
    kind = move_kind(move)
    if kind == W2F or kind == W2T:
        return 1 + move_c(move)
    return 1


@njit(cache=True)
def is_won(state, rules):
    return state[0] == 13 and state[1] == 13 and state[2] == 13 and state[3] == 13


@njit(cache=True, inline="always")
def mix64(x):
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def state_key(state, rules, mode):
    """Canonical key: piles hashed one by one and summed (pile order folded).

    In MODE_SOLVE with unlimited passes, waste counts with the same reachable
    talon cards share a key: with draw 1 every talon card is always reachable;
    with draw k a waste count that is a multiple of k (or the whole talon)
    reaches exactly the cards reachable after a redeal.
    """
    words = state.view(np.uint64)
    h = np.uint64(0)
    for p in range(PILES):
        w = PILE0 // 8 + p * PILE_WORDS
        h += mix64(words[w] ^ mix64(words[w + 1] ^ mix64(words[w + 2] + np.uint64(0x9E3779B97F4A7C15))))
    length = np.int64(state[TLEN])
    w = np.int64(state[WCOUNT])
    passes = rules[R_PASSES]
    if mode != MODE_ALL and passes == 0:
        k = rules[R_DRAW]
        if k == 1 or w % k == 0 or w == length:
            w = 0
    header = np.uint64(state[0]) | (np.uint64(state[1]) << np.uint64(8)) | (np.uint64(state[2]) << np.uint64(16)) | (
        np.uint64(state[3]) << np.uint64(24)) | (np.uint64(length) << np.uint64(32)) | (np.uint64(w) << np.uint64(40))
    if passes != 0:
        header |= np.uint64(state[PASSES_USED]) << np.uint64(48)
    t = TALON // 8
    talon = mix64(words[t] ^ mix64(words[t + 1] ^ mix64(words[t + 2] ^ mix64(header))))
    return mix64(h ^ talon)


@njit(cache=True)
def lower_bound(state, rules):
    """Admissible moves-to-win.

    * every card not on a foundation needs its own move there;
    * every stock card not yet turned needs turning: ceil(stock / draw) turns;
    * in each pile, every face-down card lying on a lower card of its own suit
      must leave the pile by a move that is not to a foundation, each by its
      own move (it is the top when it leaves); and if any face-up card lies
      on a lower card of its suit, at least one more such move is needed.
    """
    total = 52 - (np.int64(state[0]) + np.int64(state[1]) + np.int64(state[2]) + np.int64(state[3]))
    stock = np.int64(state[TLEN]) - np.int64(state[WCOUNT])
    k = rules[R_DRAW]
    total += (stock + k - 1) // k
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
