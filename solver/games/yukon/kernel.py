"""Yukon kernels on a flat ``uint8`` state (contract: solver.search.kernels).

State layout (``STATE_LEN`` bytes)::

    [LEN + p]              cards in pile p (p = 0..6)
    [DOWN + p]             how many of them, from the bottom, are face down
    [FOUND + s]            highest rank on foundation s (C D H S), 0 = empty
    [CARDS + p*CAP + i]    card i of pile p, bottom first

A move is ``(src * CAP + index) * 8 + dest``: the card at ``index`` of pile
``src`` with everything on it goes to pile ``dest`` (0..6), or, when
``dest == FOUNDATION_DEST``, the top card goes to its foundation.

``rules[0]`` is a bit mask of the search reductions (all on by default; the
tests switch them off one by one to check that no verdict changes).  In
``MODE_ALL`` no reduction is ever applied.

Reductions (used in MODE_SOLVE and MODE_OPTIMAL; each is proved below)
----------------------------------------------------------------------
R1 ``SAFE_FOUNDATION``: a top card c of rank r whose two opposite-colour
   cards of rank r-1 are both on their foundations (always, for an Ace) is
   played to its foundation as the only move.  Proof: call S the position
   and S' = S after c>f.  Nothing can ever be put on c: only an opposite-
   colour r-1 card may go on it, and those sit on foundations, which cards
   never leave in Yukon.  So in any winning line from S, c stays a top card
   until it moves alone (to a pile or to its foundation), and every other
   move carries c only as the top of a group.  Replay that line from S'
   skipping c's own moves and dropping c from the groups that carried it:
   each remaining move is legal in S' (its base card and destination top
   card are the same as in S, a pile whose top in S is c never receives a
   card, a pile S empties is empty in S' too, a card under c is face up in
   S' no later than in S, and a foundation move of c's suit above r comes
   after c>f in S).  It reaches a won position, in at most (length - 1)
   moves.  Hence S wins iff S' wins, and optimal(S) = 1 + optimal(S'):
   safe for both solvability and fewest moves.
R2 ``FOLD_PILES``: the key ignores the order of the piles.  The rules treat
   the seven piles alike (only the notation names them), so permuting them
   maps legal lines to legal lines of the same length.
R3 ``ONE_EMPTY``: a group with a King at its base goes only to the first
   empty pile, and a King lying at the bottom of its pile with nothing face
   down under it is never moved to an empty pile.  Proof: the first rule
   picks one of several children that are equal up to pile order (R2); the
   second move's child is the parent itself up to pile order, so it can
   neither make a lost position won nor be part of a shortest win (cutting
   it out gives a shorter legal line).

R4 ``DEAD_END``: a position with a card that can never leave its pile has
   no moves (it is lost).  Such a card x lies at or below the lowest face-up
   card of its pile (so every card under it is face down), is not a King,
   each of the two cards x may be built on (rank + 1, other colour) is on its
   foundation or under x, and a lower card of x's suit is under x.  Proof:
   the cards under x are face down, so none of them can move (or carry x)
   before x leaves; x cannot go to its foundation before that lower card of
   its suit, which is under x; x can leave as the base of a move only onto a
   top card of another pile, and its two possible targets are on foundations
   (which cards never leave) or frozen under x.  So x never reaches its
   foundation and the game cannot be won from here: pruning the position
   loses no win, short or long.

Move ordering (best first) only changes speed, never a verdict.
"""
import numpy as np
from numba import njit

from solver.search.config import MODE_ALL

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

SAFE_FOUNDATION = 1
FOLD_PILES = 2
ONE_EMPTY = 4
DEAD_END = 8
ALL_REDUCTIONS = SAFE_FOUNDATION | FOLD_PILES | ONE_EMPTY | DEAD_END

YUKON_MAX_DEPTH = 1000  # longest search path (deeper paths give 'unknown')
MAX_MOVES = 128  # 48 non-Kings x 2 targets + 4 Kings x 6 empty piles + 7 foundation moves = 127

_rng = np.random.default_rng(20240531)
ZOBRIST = _rng.integers(1, 2**63, size=(52, CAP), dtype=np.int64).astype(np.uint64)
ZDOWN = _rng.integers(1, 2**63, size=8, dtype=np.int64).astype(np.uint64)
ZPILE = _rng.integers(1, 2**63, size=PILES, dtype=np.int64).astype(np.uint64)


@njit(cache=True, inline="always")
def encode_move(src, index, dest):
    return (src * CAP + index) * 8 + dest


@njit(cache=True, inline="always")
def move_src(move):
    return move // 8 // CAP


@njit(cache=True, inline="always")
def move_index(move):
    return move // 8 % CAP


@njit(cache=True, inline="always")
def move_dest(move):
    return move % 8


@njit(cache=True, inline="always")
def rank_of(card):
    return card % 13 + 1


@njit(cache=True, inline="always")
def red(card):
    s = card // 13
    return s == 1 or s == 2


@njit(cache=True, inline="always")
def card_at(state, pile, index):
    return np.int64(state[CARDS + pile * CAP + index])


@njit(cache=True, inline="always")
def fits_on(card, target):
    return rank_of(card) + 1 == rank_of(target) and red(card) != red(target)


@njit(cache=True)
def safe_to_foundation(state, card):
    """R1's condition: both opposite-colour cards one rank lower are up."""
    need = rank_of(card) - 1
    if red(card):
        return state[FOUND + 0] >= need and state[FOUND + 3] >= need
    return state[FOUND + 1] >= need and state[FOUND + 2] >= need


@njit(cache=True)
def is_dead(state):
    """R4: some pile holds a card that can never leave it (see the proof above)."""
    one = np.uint64(1)
    for p in range(PILES):
        below = np.uint64(0)  # the cards under index i, as a bit set
        last = min(np.int64(state[DOWN + p]), np.int64(state[LEN + p]) - 1)
        for i in range(last + 1):
            x = card_at(state, p, i)
            r = rank_of(x)
            s = x // 13
            if r < KING:
                lower_of_suit = (below >> np.uint64(s * 13)) & ((one << np.uint64(r - 1)) - one)
                if lower_of_suit != 0:
                    blocked = True
                    for o in range(4):
                        if red(o * 13) != red(x):
                            t = o * 13 + r  # the rank r + 1 card of suit o
                            if state[FOUND + o] <= r and (below >> np.uint64(t)) & one == 0:
                                blocked = False
                    if blocked:
                        return True
            below |= one << np.uint64(x)
    return False


@njit(cache=True)
def _score(state, src, index, dest):
    """Move-ordering heuristic (higher first)."""
    down = np.int64(state[DOWN + src])
    if dest == FOUNDATION_DEST:
        return 1000
    if index == down and down > 0:
        return 500 + 10 * down  # turns a face-down card up
    if index == 0:
        return 300  # empties a pile
    below = card_at(state, src, index - 1)  # face up: the move exposes it
    score = 100
    if fits_on(card_at(state, src, index), below):
        score = 0  # only swaps the group between two equal targets
    if state[FOUND + below // 13] == rank_of(below) - 1:
        score += 150  # the exposed card can go up next
    if state[LEN + dest] == 0:
        score += 60 if down > 0 else 30  # a King to an empty pile
    return score


@njit(cache=True)
def gen_moves(state, rules, out, mode):
    reduce = mode != MODE_ALL
    flags = rules[0] if reduce else 0
    n = 0
    if flags & SAFE_FOUNDATION:
        for p in range(PILES):
            length = np.int64(state[LEN + p])
            if length > 0:
                card = card_at(state, p, length - 1)
                if state[FOUND + card // 13] == rank_of(card) - 1 and safe_to_foundation(state, card):
                    out[0] = encode_move(p, length - 1, FOUNDATION_DEST)
                    return 1
    if flags & DEAD_END and is_dead(state):
        return 0
    first_empty = -1
    tops = np.uint64(0)  # the pile top cards, as a bit set
    for q in range(PILES):
        lq = np.int64(state[LEN + q])
        if lq == 0:
            if first_empty < 0:
                first_empty = q
        else:
            tops |= np.uint64(1) << np.uint64(card_at(state, q, lq - 1))
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p])
        for i in range(down, length):
            card = card_at(state, p, i)
            r = rank_of(card)
            if i == length - 1 and state[FOUND + card // 13] == r - 1:
                out[n] = encode_move(p, i, FOUNDATION_DEST)
                n += 1
            if r == KING:
                if flags & ONE_EMPTY:
                    if first_empty >= 0 and i > 0:  # i == 0 means nothing is under it
                        out[n] = encode_move(p, i, first_empty)
                        n += 1
                else:
                    for q in range(PILES):
                        if q != p and state[LEN + q] == 0:
                            out[n] = encode_move(p, i, q)
                            n += 1
            else:
                for o in range(4):  # the two targets: rank r + 1 of the other colour
                    if red(o * 13) != red(card) and (tops >> np.uint64(o * 13 + r)) & np.uint64(1):
                        target = o * 13 + r
                        for q in range(PILES):
                            lq = np.int64(state[LEN + q])
                            if q != p and lq > 0 and card_at(state, q, lq - 1) == target:
                                out[n] = encode_move(p, i, q)
                                n += 1
    if reduce:
        # sort best first: pack the score above the move code (< 2**MOVE_BITS)
        for k in range(n):
            m = out[k]
            out[k] = (_score(state, move_src(m), move_index(m), move_dest(m)) << MOVE_BITS) | m
        for k in range(1, n):
            m = out[k]
            j = k - 1
            while j >= 0 and out[j] < m:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = m
        for k in range(n):
            out[k] &= (1 << MOVE_BITS) - 1
    return n


@njit(cache=True)
def apply_move(state, rules, move, child):
    for k in range(STATE_LEN):  # an explicit loop: numba's child[:] = state is ten times slower
        child[k] = state[k]
    src = move_src(move)
    index = move_index(move)
    dest = move_dest(move)
    length = np.int64(state[LEN + src])
    if dest == FOUNDATION_DEST:
        card = card_at(state, src, index)
        child[FOUND + card // 13] += 1
    else:
        at = np.int64(state[LEN + dest])
        for k in range(index, length):
            child[CARDS + dest * CAP + at + k - index] = state[CARDS + src * CAP + k]
        child[LEN + dest] = at + length - index
    for k in range(index, length):
        child[CARDS + src * CAP + k] = 0  # vacated slots read 0, so equal positions are equal arrays
    child[LEN + src] = index
    if index > 0 and child[DOWN + src] == index:
        child[DOWN + src] = index - 1  # the new top card turns face up


@njit(cache=True)
def move_cost(state, rules, move):
    return 1


@njit(cache=True)
def is_won(state, rules):
    return state[FOUND] == KING and state[FOUND + 1] == KING and state[FOUND + 2] == KING and state[FOUND + 3] == KING


@njit(cache=True, inline="always")
def _mix(x):
    """splitmix64 finaliser: makes pile hashes independent before summing."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def state_key(state, rules, mode):
    """Sum of mixed per-pile Zobrist hashes: with R2 the sum is order-free.

    Foundations need no hash: every card not in a pile is on its foundation.
    """
    fold = (rules[0] & FOLD_PILES) != 0
    key = np.uint64(0)
    for p in range(PILES):
        h = ZDOWN[state[DOWN + p]]
        for i in range(state[LEN + p]):
            h ^= ZOBRIST[state[CARDS + p * CAP + i], i]
        if not fold:
            h ^= ZPILE[p]
        key += _mix(h)
    return key


@njit(cache=True)
def lower_bound(state, rules):
    """Admissible: one foundation move per card not on a foundation, plus the
    tableau moves that separations force.

    If x lies above y in a pile, same suit, y lower, then y cannot go up
    while x is on it, and x cannot go up first: some tableau move must take
    x off y, and its base is one of the cards from just above y up to x.
    Until that move, those cards stay together and in order in one pile
    (cards are only ever added on top; none of them can leave without
    carrying x or being carried with y).  So each such interval of cards
    needs the base of a distinct move inside it, and the number of tableau
    moves is at least the least number of cards that hit every interval: on
    each pile, the classic greedy (take the top end of the lowest-ending
    interval not yet hit) computes it exactly.  For each x only the nearest
    such y below matters (its interval lies inside the others).
    """
    bound = 52 - (np.int64(state[FOUND]) + state[FOUND + 1] + state[FOUND + 2] + state[FOUND + 3])
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        hit = -1  # highest card index chosen so far in this pile
        for j in range(length):
            x = card_at(state, p, j)
            left = -1
            for i in range(j - 1, max(hit, 0) - 1, -1):  # nearest lower card of x's suit, down to the last hit
                y = card_at(state, p, i)
                if y // 13 == x // 13 and y < x:
                    left = i
                    break
            if left >= 0:  # interval (left, j] not hit yet: hit it at j
                bound += 1
                hit = j
    return bound
