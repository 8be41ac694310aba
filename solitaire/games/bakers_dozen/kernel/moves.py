"""Moves: ``gen_moves``, ``apply_move``, ``move_cost``, ``is_won`` (contract: solitaire.search.contract).

MODE_ALL lists every legal move.  MODE_SOLVE and MODE_OPTIMAL share the same
reductions, each proved safe for *fewest moves* (hence also for
solvability), each with a switch (``state.OFF_*``):

1. dead ends (``deadends.is_dead_end``, the first-move closure, and under
   kings=bottom ``seats.is_seat_deadlock``): no move at all;
2. a safe foundation move (``is_safe_to_foundation``) is played alone;
3. under kings=bottom, a column's only card never moves to another column
   (``_lone_cards_stay_put``);
4. under kings=free, a King enters only the leftmost empty column, and a
   lone King never changes columns (positions equal up to column order).

Then the moves are ordered, best first (``_score``: ordering only).
"""
import numpy as np

from solitaire.games.bakers_dozen.kernel import deadends, seats
from solitaire.games.bakers_dozen.kernel.state import (C0, CAP, F0, H0, MOVE_BASE, NCOLS, OFF_FIRST_MOVE_CLOSURE,
                                                       OFF_KING_TO_LEFTMOST_EMPTY, OFF_LONE_CARDS_STAY_PUT,
                                                       OFF_LONE_KING_STAYS_PUT, OFF_SAFE_FOUNDATION_MOVE,
                                                       OFF_SEAT_DEADLOCK, R_KINGS_FREE, R_OTHER_SUIT, TO_F, is_on,
                                                       top)
from solitaire.jit.cards import rank_of, suit_of
from solitaire.jit.compile import kernel
from solitaire.jit.modes import MODE_ALL
from solitaire.jit.ordering import sort_best_first


@kernel
def is_safe_to_foundation(state, card):
    """Moving ``card`` (a top card that fits its foundation) there loses nothing.

    Claim: if every suit's foundation holds at least rank(card) - 2, some
    shortest win from here starts with ``card>f``.  Proof: let r = rank(card)
    and W any win.  The only cards that could ever be built on ``card`` are
    cards x of rank r-1; each such x not yet home fits its foundation now and
    stays fitting (its suit is at r-2 and x is not on it), and nothing can
    ever be built on x (every rank r-2 card is home).  Play ``card>f`` first,
    then W with every move of ``card`` dropped, every "x onto card" replaced
    by "x>f", and every later move of such an x dropped.  Each column of the
    new line equals W's minus ``card`` and those x, which only ever sit on top
    (nothing goes on them), so every top card W moves or builds on is a top
    card here, every column W finds empty is empty here, and foundations are
    never behind W's.  So the line is legal, wins, and is no longer than W
    (``card`` moved at least once in W).  Safe for solvability and for
    fewest moves.
    """
    r = rank_of(card)
    for s in range(4):
        if state[F0 + s] + 2 < r:
            return False
    return True


@kernel
def _lone_cards_stay_put(rules):
    """Under kings=bottom, moving a column's only card onto another column
    is dropped (switch ``OFF_LONE_CARDS_STAY_PUT``).

    Proof that some shortest win never does it: take a win W that moves the
    lone card c from column A onto T.  Drop that move and let c (with whatever
    W builds on it) stay in A until W next moves c; until then the two
    positions differ only in that c's pile sits on A instead of on T, so W's
    moves (which never touch T, covered by c) stay legal; from then on the
    positions are equal (A empty in both, since under kings=bottom nothing
    ever enters an empty column).  The new line is one move shorter.
    """
    return rules[R_KINGS_FREE] == 0 and is_on(rules, OFF_LONE_CARDS_STAY_PUT)


@kernel(inline="always")
def _dead_end(state, rules):
    """No win from here, by the dead-end rules switched on."""
    if is_on(rules, OFF_FIRST_MOVE_CLOSURE) and deadends.is_dead_end(state, rules):
        return True
    return is_on(rules, OFF_SEAT_DEADLOCK) and seats.is_seat_deadlock(state, rules)


@kernel(inline="always")
def _safe_foundation_source(state, rules):
    """The first column whose top card is a safe foundation move, or -1."""
    if not is_on(rules, OFF_SAFE_FOUNDATION_MOVE):
        return -1
    for src in range(NCOLS):
        if state[H0 + src] > 0:
            c = top(state, src)
            if state[F0 + suit_of(c)] == rank_of(c) - 1 and is_safe_to_foundation(state, c):
                return src
    return -1


@kernel(inline="always")
def _legal_moves(state, rules, out, reduce):
    """The legal moves, less the dropped ones (3 and 4 of the module doc)
    when ``reduce``, in column order; how many."""
    other = rules[R_OTHER_SUIT] != 0
    free = rules[R_KINGS_FREE] != 0
    lone_cards_stay = reduce and _lone_cards_stay_put(rules)
    leftmost_only = reduce and is_on(rules, OFF_KING_TO_LEFTMOST_EMPTY)
    lone_king_stays = reduce and is_on(rules, OFF_LONE_KING_STAYS_PUT)
    first_empty = -1
    for k in range(NCOLS):
        if state[H0 + k] == 0:
            first_empty = k
            break
    n = 0
    for src in range(NCOLS):
        h = state[H0 + src]
        if h == 0:
            continue
        c = top(state, src)
        s = suit_of(c)
        r = rank_of(c)
        if state[F0 + s] == r - 1:
            out[n] = src * MOVE_BASE + TO_F
            n += 1
        if h == 1 and lone_cards_stay:
            continue
        for dst in range(NCOLS):
            if dst == src:
                continue
            hd = state[H0 + dst]
            if hd == 0:
                if not (free and r == 13):
                    continue
                if (lone_king_stays and h == 1) or (leftmost_only and dst != first_empty):
                    continue  # equal positions up to column order
            else:
                d = top(state, dst)
                if rank_of(d) != r + 1 or (other and suit_of(d) == s):
                    continue
            out[n] = src * MOVE_BASE + dst
            n += 1
    return n


@kernel
def _score(state, src, dst, rules):
    """Move ordering only (never pruning): higher is tried first.

    Dig toward the cards the foundations need soonest, and avoid burying
    them: a card's urgency is how far it is from going home (rank minus its
    foundation's rank, 1 = next).
    """
    if dst == TO_F:
        return 100000
    h = state[H0 + src]
    base = C0 + CAP * src
    c = state[base + h - 1]
    urg_src = 14
    depth = 0
    blocker = 0
    for i in range(h - 2, -1, -1):
        x = state[base + i]
        u = rank_of(x) - state[F0 + suit_of(x)]
        if u < urg_src:
            urg_src = u
            depth = h - 2 - i
        if suit_of(x) == suit_of(c) and x % 13 < c % 13:
            blocker = 1
    urg_dst = 14
    if dst < NCOLS:
        bd = C0 + CAP * dst
        for i in range(state[H0 + dst]):
            x = state[bd + i]
            u = rank_of(x) - state[F0 + suit_of(x)]
            if u < urg_dst:
                urg_dst = u
    return 8 * (14 - urg_src) - 4 * depth + 6 * urg_dst + 20 * blocker


@kernel(allocates=True)
def _order(state, rules, out, n):
    """Sort ``out[:n]`` best first by ``_score``."""
    scores = np.empty(n, np.int64)
    for i in range(n):
        scores[i] = _score(state, out[i] // MOVE_BASE, out[i] % MOVE_BASE, rules)
    sort_best_first(out, scores, n)


@kernel
def gen_moves(state, rules, out, mode):
    reduce = mode != MODE_ALL
    if reduce:
        if _dead_end(state, rules):
            return 0
        src = _safe_foundation_source(state, rules)
        if src >= 0:
            out[0] = src * MOVE_BASE + TO_F
            return 1
    n = _legal_moves(state, rules, out, reduce)
    if reduce and n > 1:
        _order(state, rules, out, n)
    return n


@kernel
def apply_move(state, rules, move, child):
    for i in range(state.shape[0]):  # a byte loop: a block copy, without numba's array assignment
        child[i] = state[i]
    src = move // MOVE_BASE
    dst = move % MOVE_BASE
    h = state[H0 + src]
    c = state[C0 + CAP * src + h - 1]
    child[H0 + src] = h - 1
    child[C0 + CAP * src + h - 1] = 0
    if dst == TO_F:
        child[F0 + suit_of(c)] += 1
    else:
        hd = state[H0 + dst]
        child[C0 + CAP * dst + hd] = c
        child[H0 + dst] = hd + 1


@kernel
def move_cost(state, rules, move):
    return 1


@kernel
def is_won(state, rules):
    total = 0
    for s in range(4):
        total += state[F0 + s]
    return total == 52
