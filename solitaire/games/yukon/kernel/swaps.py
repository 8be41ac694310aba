"""Swap classes (``SWAP_CLASSES``): Yukon positions one stack swap apart,
searched as one node.

A *swap pair* of a position is a pair of twins e, e' (same rank and colour,
so they take the same cards) both face up in different piles, one of them
bare (a pile top) and the other covered by a stack whose lowest card fits
them and which is *free*: it holds no card whose twin is face up.  Moving
that stack onto the bare twin (a *swap*) is a legal move, and so is moving
it back: the two positions reach each other, so they are won alike.

A swap of one pair leaves every other pair as it was.  It moves only the
cards of a free stack, none of which is a twin of a face-up card, so every
other pair's twins stay in their piles, bare or covered as they were, under
the same lowest card; no card turns face up; and another pair's stack
either holds e or e' (then it is not free, before and after: their twins
are face up) or does not change.  So the positions that swaps join (a
*class*) are the 2**k choices of which twin carries the stack, for the k
swap pairs.  (Without freedom they are not: a stack on 2C holding 2H, with
2D under 2C in the same pile, makes 2D and 2H a new pair once it is swapped
onto 2S.)  The first 10^5 live positions of deal 886's plain DFS fall into
55% as many classes.

With ``SWAP_CLASSES`` (``MODE_SOLVE`` only: a swap costs a move) the search
runs on classes (``kernel.state_key``, ``kernel.gen_moves`` and
``kernel.apply_move`` call this module's ``folded_*`` functions):

* the key of a position is the key of its class's *canonical member*, the
  one where every stack lies on the lower-coded twin of its pair;
* the moves of a position are the moves of every member: ``(F, m)`` is
  "swap the pairs of F (a bit set over the position's swap pairs, in order
  of their lower card), then play m"; swaps themselves are left out (they
  stay in the class).

Proof that the DFS stays complete and sound.  The table records classes,
so the search is a depth-first search of the graph whose nodes are classes
and whose edges are the moves of their members; a class is won iff its
members are (they are mutually reachable), so the deal is won iff a won
class is reachable, which a complete DFS of that graph finds, provided each
class's generated moves reach every class that a move of any member
reaches.  They do.  Say a move m (a card, with what lies on it, onto a top
card or its foundation) *touches* a pair if it moves a twin of the pair,
lands on a twin or on a card of the pair's stack, or turns up a card whose
twin is in that stack; which pairs m touches does not depend on the member
it is played in (the stacks hold the same cards in every member, and the
card under m's lowest card is a twin in every member or in none).  Let m be
a move of member M_F (the position with the pairs of F swapped) and T the
pairs it touches.  For a pair of F - T, m moves neither twin, leaves the
bare one bare, turns up no twin of a stack card, and adds nothing to the
stack; what it takes off the stack leaves a free stack (a free stack holds
no two twins) or, if m takes it all, the two twins bare and the two
positions equal.  So that pair is still a swap pair after m, m is legal in
M_(F & T) too (it lands on no twin of F - T, the only top cards the members
do not share) and leads there to the class that m reaches from M_F.  The
generator keeps the moves of each M_F that touch every pair of F, so
``(F & T, m)`` is among them.  A win found by the search is a line of real
moves (the swaps are played), and is replayed like any other.  The safe
foundation move and the dead-end tests are applied to the position itself,
which is sound for its class (won alike).

A position has at most three swap pairs, so a class at most 8 members:
each pile holds at most one twin of a swap pair.  A bare twin is its pile's
top, so any other pair's twin in that pile lies under it, covered by a
stack that holds the bare twin, whose twin is face up: not free.  Above a
covered twin lies only its free stack, which holds no twin of a pair (their
twins are face up); under it, a covered twin's stack would hold it: not
free.  Seven piles, two per pair: k <= 3.
"""
import numpy as np

from solitaire.games.yukon.kernel.keys import position_key
from solitaire.games.yukon.kernel.moves import dead_or_forced, legal_moves, order_key, play, position_moves
from solitaire.games.yukon.kernel.state import CAP, DOWN, FOUNDATION_DEST, LEN, MAX_MOVES, MOVE_BITS, PILES, \
    R_OFF, STATE_LEN, SWAP_CLASSES, card_at, encode_move, fits_on, move_dest, move_index, move_src
from solitaire.jit.cards import rank_of, twin_of
from solitaire.jit.compile import kernel
from solitaire.jit.modes import MODE_SOLVE
from solitaire.jit.ordering import sort_best_first

MAX_PAIRS = PILES // 2  # one pile per twin (module docstring): classes of at most 8 members
PAIR_SHIFT = MOVE_BITS  # the swapped pairs F sit above the move code
MAX_CLASS_MOVES = 2**MAX_PAIRS * MAX_MOVES  # each member adds at most MAX_MOVES - 1


@kernel(inline="always")
def folding(rules, mode):
    """Only the solvability search folds (a swap costs a move)."""
    return mode == MODE_SOLVE and (rules[R_OFF] & SWAP_CLASSES) != 0


@kernel(allocates=True)
def swap_pairs(state, covered, bare, stacks):
    """Writes each swap pair's covered and bare twin and the cards of its
    stack (a bit set), in order of the pair's lower card; returns how many
    there are.  A swap pair's stack holds no card whose twin is face up
    (module docstring: so that swaps of one pair leave every other pair as
    it was)."""
    pile = np.full(52, -1, dtype=np.int64)  # face-up cards: their pile and index
    index = np.zeros(52, dtype=np.int64)
    for p in range(PILES):
        for i in range(np.int64(state[DOWN + p]), np.int64(state[LEN + p])):
            c = card_at(state, p, i)
            pile[c] = p
            index[c] = i
    k = 0
    for c in range(52):
        t = twin_of(c)
        if t < c or rank_of(c) == 1 or pile[c] < 0 or pile[t] < 0 or pile[c] == pile[t]:
            continue  # nothing fits an Ace; twins in one pile cannot swap
        c_bare = index[c] == np.int64(state[LEN + pile[c]]) - 1
        t_bare = index[t] == np.int64(state[LEN + pile[t]]) - 1
        if c_bare == t_bare:
            continue
        low = t if c_bare else c
        if not fits_on(card_at(state, pile[low], index[low] + 1), low):
            continue
        free = True  # no card of the stack has its twin face up
        stack = np.uint64(0)
        for i in range(index[low] + 1, np.int64(state[LEN + pile[low]])):
            card = card_at(state, pile[low], i)
            stack |= np.uint64(1) << np.uint64(card)
            if pile[twin_of(card)] >= 0:
                free = False
                break
        if free:
            covered[k] = low
            bare[k] = c if c_bare else t
            stacks[k] = stack
            k += 1
    return k


@kernel(allocates=True, inline="always")
def _pair_arrays():
    """Room for the swap pairs (24 pairs of twins at most)."""
    return np.empty(24, dtype=np.int64), np.empty(24, dtype=np.int64), np.empty(24, dtype=np.uint64)


@kernel
def _find(state, card):
    """pile * CAP + index of a card in the tableau (-1 if absent)."""
    for p in range(PILES):
        for i in range(np.int64(state[LEN + p])):
            if card_at(state, p, i) == card:
                return p * CAP + i
    return -1


@kernel
def swap_move(state, a, b):
    """The move that carries the stack on whichever of twins a, b is covered
    onto the other (a swap pair of ``state``)."""
    wa, wb = _find(state, a), _find(state, b)
    pa, ia, pb, ib = wa // CAP, wa % CAP, wb // CAP, wb % CAP
    if ia == np.int64(state[LEN + pa]) - 1:
        return encode_move(pb, ib + 1, pa)
    return encode_move(pa, ia + 1, pb)


@kernel
def _play(state, move, scratch):
    """Play a plain move in place (``scratch``: a spare state)."""
    play(state, move, scratch)
    for k in range(STATE_LEN):
        state[k] = scratch[k]


@kernel
def _member(state, flips, covered, bare, k, out, scratch):
    """``out`` = ``state`` with the swap pairs in the bit set ``flips`` swapped."""
    for j in range(STATE_LEN):
        out[j] = state[j]
    for j in range(k):
        if (flips >> j) & 1:
            _play(out, swap_move(out, covered[j], bare[j]), scratch)


@kernel(allocates=True, inline="always")
def folded_key(state, rules, mode):
    """The key of the position's class (its own key when not folding)."""
    if not folding(rules, mode):
        return position_key(state, rules, mode)
    covered, bare, stacks = _pair_arrays()
    k = swap_pairs(state, covered, bare, stacks)
    if k == 0:
        return position_key(state, rules, mode)
    flips = 0
    for j in range(k):
        if covered[j] > bare[j]:  # canonical: every stack on the lower-coded twin
            flips |= 1 << j
    if flips == 0:
        return position_key(state, rules, mode)
    canonical = np.empty_like(state)
    _member(state, flips, covered, bare, k, canonical, np.empty_like(state))
    return position_key(canonical, rules, mode)


@kernel
def _is_swap(state, move, covered, bare, k):
    """Does ``move`` carry the stack of a swap pair from one twin onto the other?"""
    src, index, dest = move_src(move), move_index(move), move_dest(move)
    if dest == FOUNDATION_DEST or index <= np.int64(state[DOWN + src]):
        return False
    below = card_at(state, src, index - 1)
    for j in range(k):
        if below == covered[j] or below == bare[j]:  # in a member, either twin may carry the stack
            length = np.int64(state[LEN + dest])
            return length > 0 and card_at(state, dest, length - 1) == twin_of(below)
    return False


@kernel
def _touches_all(state, move, flips, covered, bare, stacks, k):
    """Does ``move`` of ``state`` touch every pair in ``flips``: move a twin of
    the pair, land on a twin or on a card of its stack, or turn up a card
    whose twin is in its stack (the moves that may leave the pair no swap
    pair, or the two members' children no swap apart)?"""
    src, index, dest = move_src(move), move_index(move), move_dest(move)
    top = -1
    if dest != FOUNDATION_DEST:
        length = np.int64(state[LEN + dest])
        if length > 0:
            top = card_at(state, dest, length - 1)
    turned = -1
    if index > 0 and index == np.int64(state[DOWN + src]):
        turned = twin_of(card_at(state, src, index - 1))
    for j in range(k):
        if (flips >> j) & 1 == 0:
            continue
        touched = top == covered[j] or top == bare[j]
        if top >= 0 and (stacks[j] >> np.uint64(top)) & np.uint64(1):
            touched = True
        if turned >= 0 and (stacks[j] >> np.uint64(turned)) & np.uint64(1):
            touched = True
        for i in range(index, np.int64(state[LEN + src])):
            c = card_at(state, src, i)
            if c == covered[j] or c == bare[j]:
                touched = True
                break
        if not touched:
            return False
    return True


@kernel(allocates=True, inline="always")
def folded_moves(state, rules, out, mode):
    """The moves of the position's class, best first (``(F, m)`` codes,
    module docstring); the position's own moves when not folding."""
    if not folding(rules, mode):
        return position_moves(state, rules, out, mode)
    covered, bare, stacks = _pair_arrays()
    k = swap_pairs(state, covered, bare, stacks)
    if k == 0:
        return position_moves(state, rules, out, mode)
    if k > MAX_PAIRS:  # cannot happen (module docstring); out has room for 2**MAX_PAIRS members
        raise ValueError("more swap pairs than piles allow")
    flags = rules[R_OFF]
    forced = dead_or_forced(state, flags, out)
    if forced >= 0:
        return forced
    member = np.empty_like(state)
    scratch = np.empty_like(state)
    order = np.empty((1 << k) * MAX_MOVES, dtype=np.int64)  # each member adds fewer than MAX_MOVES
    n = 0
    for flips in range(1 << k):
        _member(state, flips, covered, bare, k, member, scratch)
        end = legal_moves(member, flags, out, n)
        for j in range(n, end):
            m = out[j]
            if _is_swap(member, m, covered, bare, k):
                continue  # it stays in the class
            if flips and not _touches_all(member, m, flips, covered, bare, stacks, k):
                continue  # a member with fewer swaps has it (module docstring)
            code = (flips << PAIR_SHIFT) | m
            out[n] = code
            order[n] = order_key(member, m, code)
            n += 1
    sort_best_first(out, order, n)
    return n


@kernel(allocates=True, inline="always")
def folded_apply(state, move, child):
    """Play ``(F, m)``: the swaps of F, then m."""
    flips = move >> PAIR_SHIFT
    if flips == 0:
        play(state, move, child)
        return
    covered, bare, stacks = _pair_arrays()
    k = swap_pairs(state, covered, bare, stacks)
    member = np.empty_like(state)
    _member(state, flips, covered, bare, k, member, child)
    play(member, move & ((1 << PAIR_SHIFT) - 1), child)


@kernel(allocates=True)
def plain_moves(state, move, out):
    """The plain moves ``(F, m)`` stands for, in order (the swaps, then m);
    returns how many."""
    flips = move >> PAIR_SHIFT
    covered, bare, stacks = _pair_arrays()
    k = swap_pairs(state, covered, bare, stacks) if flips else 0
    member = state.copy()
    scratch = np.empty_like(state)
    n = 0
    for j in range(k):
        if (flips >> j) & 1:
            out[n] = swap_move(member, covered[j], bare[j])
            _play(member, out[n], scratch)
            n += 1
    out[n] = move & ((1 << PAIR_SHIFT) - 1)
    return n + 1
