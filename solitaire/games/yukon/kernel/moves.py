"""A Yukon position's own moves: the legal ones, the forced foundation move,
the ordering, and playing a move.

The search's moves (``kernel.gen_moves``) are these, or a swap class's
(``swaps``), which are built from them.

Safe foundation move (``SAFE_FOUNDATION``, in ``dead_or_forced``).  A top
card c of rank r whose two opposite-colour cards of rank r - 1 are both
home (always, for an Ace) goes home as the only move.  Proof: call S the
position and S' = S after c>f.  Nothing can ever be put on c: only those two
cards fit it, and cards never leave their foundations in Yukon.  So in any
winning line from S, c stays a top card until it moves alone (to a pile or
home), and every other move carries c only as the top of a group.  Replay
the line from S' skipping c's own moves and dropping c from the groups that
carried it: every move stays legal (the same base card and destination top;
a pile whose top is c never receives a card; a pile S empties is empty in
S' too; a card under c is face up in S' no later than in S; a foundation
move of c's suit above r comes after c>f in S).  It wins in at most
(length - 1) moves.  So S wins iff S' does, and the fewest moves from S are
one more than from S': safe for both questions.

One empty pile (``ONE_EMPTY``, in ``legal_moves``).  A group with a King at
its base goes only to the first empty pile, and a King at the bottom of its
pile never moves to an empty pile.  Proof: the first rule keeps one of
several children equal up to pile order; the second move's child is the
parent up to pile order, so it can neither make a lost position won nor be
part of a shortest win.

Order.  The dead-end tests (``deadends``) run before the safe foundation
move: a dead position is lost whatever that move plays, and testing it
first saves a node per card the forced moves would play (a third of the
nodes of deals 64, 274, 531 and 988, sampled).  Move ordering (best first)
only changes speed, never a verdict.
"""
import numpy as np

from solitaire.games.yukon.kernel.deadends import is_dead
from solitaire.games.yukon.kernel.state import CAP, CARDS, DEAD_END, DOWN, FOUND, FOUNDATION_DEST, KING, LEN, \
    ONE_EMPTY, PILES, PINNED, R_OFF, SAFE_FOUNDATION, STATE_LEN, card_at, encode_move, fits_on, move_dest, move_index, \
    move_src
from solitaire.jit.cards import is_red, rank_of
from solitaire.jit.compile import kernel
from solitaire.jit.modes import MODE_ALL
from solitaire.jit.ordering import sort_best_first


@kernel
def safe_to_foundation(state, card):
    """Both opposite-colour cards one rank lower are home."""
    need = rank_of(card) - 1
    if is_red(card):
        return state[FOUND + 0] >= need and state[FOUND + 3] >= need
    return state[FOUND + 1] >= need and state[FOUND + 2] >= need


@kernel
def _score(state, src, index, dest):
    """Move-ordering heuristic (higher first).

    A tableau move loses 20 per face-down card in its destination pile
    (burying face-down cards deeper makes them harder to reach): on the 26
    deals of 1..1000 unknown at 10^6 nodes without it, it wins 2 (9 among
    them) where no penalty wins none, and on deals 1..200 it wins 182 deals
    against 181.
    """
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
    return score - 20 * np.int64(state[DOWN + dest])


@kernel(inline="always")
def order_key(state, move, code):
    """The sort key of ``move`` of ``state``: its score (``_score``, at
    least 0), ties broken by the higher ``code`` (the code it is stored as)."""
    score = max(_score(state, move_src(move), move_index(move), move_dest(move)), 0)
    return (np.int64(score) << 32) | np.int64(code)


@kernel(allocates=True)
def position_moves(state, rules, out, mode):
    """The moves of ``state`` alone, best first.  With the reductions
    (``mode`` not ``MODE_ALL``), a dead position has none, and a safe
    foundation move is the only one."""
    reduce = mode != MODE_ALL
    flags = rules[R_OFF] if reduce else 0
    forced = dead_or_forced(state, flags, out)
    if forced >= 0:
        return forced
    n = legal_moves(state, flags, out, 0)
    if reduce:
        order = np.empty(n, dtype=np.int64)
        for k in range(n):
            order[k] = order_key(state, out[k], out[k])
        sort_best_first(out, order, n)
    return n


@kernel
def dead_or_forced(state, flags, out):
    """0 if the position is dead (``deadends``, by the tests ``flags`` has),
    1 with the safe foundation move in ``out[0]`` if it has one (and
    ``flags`` has ``SAFE_FOUNDATION``), else -1 (the search looks at every
    move).  ``flags``: the switch word."""
    if flags & (DEAD_END | PINNED) and is_dead(state, flags):
        return 0
    if flags & SAFE_FOUNDATION:
        for p in range(PILES):
            length = np.int64(state[LEN + p])
            if length > 0:
                card = card_at(state, p, length - 1)
                if state[FOUND + card // 13] == rank_of(card) - 1 and safe_to_foundation(state, card):
                    out[0] = encode_move(p, length - 1, FOUNDATION_DEST)
                    return 1
    return -1


@kernel(inline="always")
def _tops(state):
    """The first empty pile (-1: none) and the pile tops, as a bit set."""
    first_empty = -1
    tops = np.uint64(0)
    for q in range(PILES):
        lq = np.int64(state[LEN + q])
        if lq == 0:
            if first_empty < 0:
                first_empty = q
        else:
            tops |= np.uint64(1) << np.uint64(card_at(state, q, lq - 1))
    return first_empty, tops


@kernel(inline="always")
def _king_moves(state, p, i, one_empty, first_empty, out, n):
    """Append the moves of the King at (p, i) to empty piles (``ONE_EMPTY``:
    to the first one only, and none for a King with nothing under it)."""
    if one_empty:
        if first_empty >= 0 and i > 0:  # i == 0 means nothing is under it
            out[n] = encode_move(p, i, first_empty)
            n += 1
    else:
        for q in range(PILES):
            if q != p and state[LEN + q] == 0:
                out[n] = encode_move(p, i, q)
                n += 1
    return n


@kernel(inline="always")
def _target_moves(state, p, i, card, tops, out, n):
    """Append the moves of the non-King ``card`` at (p, i) onto the pile tops
    it fits (rank + 1, the other colour)."""
    r = rank_of(card)
    for o in range(4):
        if is_red(o * 13) != is_red(card) and (tops >> np.uint64(o * 13 + r)) & np.uint64(1):
            target = o * 13 + r
            for q in range(PILES):
                lq = np.int64(state[LEN + q])
                if q != p and lq > 0 and card_at(state, q, lq - 1) == target:
                    out[n] = encode_move(p, i, q)
                    n += 1
    return n


@kernel
def legal_moves(state, flags, out, n):
    """Append the legal moves to ``out[n:]`` (one empty pile with
    ``ONE_EMPTY`` in the switch word ``flags``); returns the new count."""
    first_empty, tops = _tops(state)
    one_empty = (flags & ONE_EMPTY) != 0
    for p in range(PILES):
        length = np.int64(state[LEN + p])
        down = np.int64(state[DOWN + p])
        for i in range(down, length):
            card = card_at(state, p, i)
            if i == length - 1 and state[FOUND + card // 13] == rank_of(card) - 1:
                out[n] = encode_move(p, i, FOUNDATION_DEST)
                n += 1
            if rank_of(card) == KING:
                n = _king_moves(state, p, i, one_empty, first_empty, out, n)
            else:
                n = _target_moves(state, p, i, card, tops, out, n)
    return n


@kernel
def play(state, move, child):
    """Write the position after the plain ``move`` into ``child``."""
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


@kernel
def move_cost(state, rules, move):
    return 1


@kernel
def is_won(state, rules):
    return state[FOUND] == KING and state[FOUND + 1] == KING and state[FOUND + 2] == KING and state[FOUND + 3] == KING
