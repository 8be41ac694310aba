"""Swap components (the opt-in search option ``swap_components``, bit
``SWAP_COMPONENTS``): every class of Yukon positions joined by stack swaps,
searched as one node.

A *swap* moves a stack from a face-up twin it lies on onto the other twin
(same rank and colour, so they take the same cards), bare on top of another
pile.  A swap can always be undone by the swap back: the stack's lowest card
fits the twin it left, which is now bare, and no card turned face up.  So
the positions that swaps join (a *class*: a connected set of the graph whose
edges are swaps) reach each other, and are won alike.

The default swap classes (``kernel.swaps``) fold only swaps of *free*
stacks (no card whose twin is face up), where a class is the product of
independent pairs with a cheap canonical member.  This module drops the
condition and finds the members breadth first instead: proofs of loss take
2-5 times fewer nodes than with no classes (deal 886: 3.3 M against 11.1 M
with the swap classes and 16.3 M with none), but each node costs several
times more, since every child's class is found before the table is asked
(docs/yukon.md).  So it is asked for, not the default.

With ``SWAP_COMPONENTS`` (``MODE_SOLVE`` only: a swap costs a move) the
search runs on classes (``kernel.gen_moves``, ``kernel.apply_move`` and
``kernel.state_key`` call this module's when the bit is set):

* the members of a position's class are found breadth first from it,
  playing every swap of every member; the key of a position is the least
  key of its class's members, the same from whichever member the class is
  entered;
* the moves of a position are the moves of every member: ``(i, m)`` is
  "play the swaps that lead to the i-th member (in the breadth-first order
  from this position), then play m"; swaps themselves are left out (they
  stay in the class), and so is a move of member i that its *parent* (the
  member the breadth-first search reached it from, by one swap) has too,
  with a child one swap from i's (``_parent_has``: one class, so one child
  to key, not one per member; deal 78's proof of loss took 16.9 s against
  28.7 s without it).

Proof that the DFS stays complete and sound.  The table records classes,
so the search is a depth-first search of the graph whose nodes are classes
and whose edges are the moves of their members; a class is won iff its
members are (they reach each other), so the deal is won iff a won class is
reachable, which a complete DFS of that graph finds, since each class's
generated moves are every reduced move of every member (a member's reduced
moves keep one of its wins whenever it has one, so some member's move
reaches a won class).  Members are told apart by their 64-bit keys (the
table's, with the same odds of a clash), which fold pile order; a
swap never touches an empty pile, so two members with one key are the
same position.  A class of more than ``MAX_MEMBERS``
members is not folded: each member keeps its own key and moves, every swap
among them (the safe foundation move comes with them: alone it would hide
the other members).  Whether a class is too big does not depend on
the member it is entered from, so a key always stands for the same set of
positions.

The moves left to the parent lose nothing.  Say member i is its parent P
with the stack S (lowest card L) swapped from twin x onto twin x'.  A move
m of i that neither starts in x's pile nor lands there (x is its bare
top), nor takes L or a card under it in x''s pile, moves a card of S above
L or of a pile the swap left alone, onto a top card that P has too (the
top of S, or of a pile the swap left alone), an empty pile or a
foundation; it turns up a card only in a pile the swap left alone.  So P
has the move of the same card onto the same card (generated, or by the
same argument left to P's parent), and its child is i's child with S'
(S less what m took, or with what m put on it; its lowest card is still
L) on x instead of x', one swap apart: both in one class.  A folded class
is one node, so the search's graph is unchanged.  In a class too big to
fold the two children are two nodes, joined by swaps, which every member
that is not dead has among its moves; and a member on a winning line is
not dead (dead ends are lost, and members are won alike).  So every
winning line of the search without the pruning is still a line of the
search with it, with the swaps between the two children played after the
parent's move: the search finds a win wherever it found one before.  A win
found by the search is a line of real moves (the swaps are played), and is
replayed like any other.  The safe foundation move and the dead-end tests
are applied to the position itself, which is sound for its class (won
alike).
"""
import numpy as np
from numba import njit

from solitaire.games.yukon.kernel.keys import ZOBRIST, pile_hash, position_key
from solitaire.games.yukon.kernel.moves import dead_or_forced, legal_moves, order_key, play, position_moves
from solitaire.games.yukon.kernel.state import DOWN, FOLD_PILES, FOUNDATION_DEST, LEN, MAX_MOVES, MOVE_BITS, PILES, \
    R_OFF, STATE_LEN, SWAP_COMPONENTS, card_at, encode_move, fits_on, move_dest, move_index, move_src
from solitaire.jit.cards import twin_of
from solitaire.jit.compile import kernel
from solitaire.jit.hashing import mix64
from solitaire.jit.modes import MODE_SOLVE
from solitaire.jit.ordering import sort_best_first

MAX_MEMBERS = 32  # larger classes are searched position by position
MAX_SWAPS = MAX_MEMBERS - 1  # the most swaps a class move plays before its own move
MEMBER_SHIFT = MOVE_BITS  # the member index sits above the move code
MAX_CLASS_MOVES = MAX_MEMBERS * MAX_MOVES  # each member adds at most MAX_MOVES - 1
MAX_SWAP_MOVES = PILES  # one per pile top: the twin it takes


@njit(cache=True, inline="always")
def folding(rules, mode):
    """Only the solvability search folds (a swap costs a move), and only
    when asked (``SWAP_COMPONENTS``)."""
    return mode == MODE_SOLVE and (rules[R_OFF] & SWAP_COMPONENTS) != 0


@njit(cache=True, inline="always")
def _tops(state):
    """The pile tops, as a bit set over cards."""
    tops = np.uint64(0)
    for q in range(PILES):
        length = np.int64(state[LEN + q])
        if length > 0:
            tops |= np.uint64(1) << np.uint64(card_at(state, q, length - 1))
    return tops


@njit(cache=True, inline="always")
def _swap_dest(state, p, i, tops):
    """The pile whose top is the twin of the face-up card at (p, i), when the
    card above it fits it (then the stack from i + 1 swaps there); else -1."""
    x = card_at(state, p, i)
    t = twin_of(x)
    if (tops >> np.uint64(t)) & np.uint64(1) == 0 or not fits_on(card_at(state, p, i + 1), x):
        return -1
    for q in range(PILES):
        length = np.int64(state[LEN + q])
        if q != p and length > 0 and card_at(state, q, length - 1) == t:
            return q
    return -1  # the twin is the top of x's own pile


@njit(cache=True)
def swap_moves(state, out):
    """Writes the position's swaps to ``out``: for each face-up card x
    covered by a card that fits it, with x's twin bare on another pile,
    the move of the stack on x onto the twin.  Returns how many there are."""
    tops = _tops(state)
    n = 0
    for p in range(PILES):
        for i in range(np.int64(state[DOWN + p]), np.int64(state[LEN + p]) - 1):
            q = _swap_dest(state, p, i, tops)
            if q >= 0:
                out[n] = encode_move(p, i + 1, q)
                n += 1
    return n


@njit(cache=True)
def _has_swap(state):
    """Has the position a swap?  (``swap_moves`` without writing them.)"""
    tops = _tops(state)
    for p in range(PILES):
        for i in range(np.int64(state[DOWN + p]), np.int64(state[LEN + p]) - 1):
            if _swap_dest(state, p, i, tops) >= 0:
                return True
    return False


@njit(cache=True)
def _is_swap(state, move):
    """Does ``move`` carry a stack from a face-up card onto that card's twin?"""
    src, index, dest = move_src(move), move_index(move), move_dest(move)
    if dest == FOUNDATION_DEST or index <= np.int64(state[DOWN + src]):
        return False
    length = np.int64(state[LEN + dest])
    return length > 0 and card_at(state, dest, length - 1) == twin_of(card_at(state, src, index - 1))


@njit(cache=True, inline="always")
def _copy(source, target):
    for k in range(STATE_LEN):  # an explicit loop: numba's slice copy is slower (kernel.moves.play)
        target[k] = source[k]


@njit(cache=True)
def _room():
    """members, their keys, each one's parent and the swap from it, and
    each one's pile hashes (``members``)."""
    return (np.empty((MAX_MEMBERS, STATE_LEN), dtype=np.uint8), np.empty(MAX_MEMBERS, dtype=np.uint64),
            np.empty(MAX_MEMBERS, dtype=np.int64), np.empty(MAX_MEMBERS, dtype=np.int64),
            np.empty((MAX_MEMBERS, PILES), dtype=np.uint64))


@kernel(allocates=True)
def members(state, rules, room, upto):
    """Fill ``room`` (``_room``) with the class of ``state``, breadth first
    from it: the number of members, or -1 if there are more than
    MAX_MEMBERS.  Stops early, with a count above ``upto``, once the member
    of index ``upto`` is known (``upto`` = MAX_MEMBERS for the whole class).

    A swap changes two piles, so a swap's key is the member's key with
    those two piles' hashes updated by the cards of the stack (the key of
    ``kernel.keys.position_key``, computed without playing the swap): every
    member but the first has the swap back to its parent, and such swaps to
    known members are never played."""
    found, keys, parent, via, hashes = room
    fold = (rules[R_OFF] & FOLD_PILES) != 0
    _copy(state, found[0])
    keys[0] = np.uint64(0)
    for p in range(PILES):
        hashes[0, p] = pile_hash(state, p, fold)
        keys[0] += mix64(hashes[0, p])
    parent[0] = -1
    count, head = 1, 0
    swaps = np.empty(MAX_SWAP_MOVES, dtype=np.int64)
    while head < count:
        member = found[head]
        for j in range(swap_moves(member, swaps)):
            src, index, dest = move_src(swaps[j]), move_index(swaps[j]), move_dest(swaps[j])
            at = np.int64(member[LEN + dest]) - index
            h_src, h_dest = hashes[head, src], hashes[head, dest]
            for k in range(index, np.int64(member[LEN + src])):
                card = card_at(member, src, k)
                h_src ^= ZOBRIST[card, k]
                h_dest ^= ZOBRIST[card, at + k]
            key = (keys[head] - mix64(hashes[head, src]) - mix64(hashes[head, dest])
                   + mix64(h_src) + mix64(h_dest))
            known = False
            for q in range(count):
                if keys[q] == key:
                    known = True
                    break
            if known:
                continue
            if count == MAX_MEMBERS:
                return -1
            play(member, swaps[j], found[count])
            keys[count], parent[count], via[count] = key, head, swaps[j]
            for p in range(PILES):
                hashes[count, p] = hashes[head, p]
            hashes[count, src], hashes[count, dest] = h_src, h_dest
            count += 1
            if count > upto:
                return count
        head += 1
    return count


@njit(cache=True, inline="always")
def _parent_has(parent, swap, move):
    """Does the member ``swap`` leads to from ``parent`` have ``move`` only as
    a copy of the parent's move of the same card onto the same card, with
    children one swap apart?  True when ``move`` neither starts in the pile
    the stack left (its top is the bare twin), nor lands there, nor takes the
    twin the stack now lies on or the stack's lowest card (module docstring)."""
    src, dest = move_src(swap), move_dest(swap)
    m_src, m_dest = move_src(move), move_dest(move)
    if m_src == src or m_dest == src:
        return False
    lowest_at = np.int64(parent[LEN + dest])  # the stack's lowest card, in the member
    return m_src != dest or move_index(move) > lowest_at


@kernel(allocates=True)
def state_key(state, rules, mode):
    """The key of the position's class (its own key when not folding, or
    when the class has one member or more than MAX_MEMBERS)."""
    if not folding(rules, mode) or not _has_swap(state):
        return position_key(state, rules, mode)
    room = _room()
    count = members(state, rules, room, MAX_MEMBERS)
    if count < 0:
        return position_key(state, rules, mode)
    return room[1][:count].min()


@kernel(allocates=True)
def gen_moves(state, rules, out, mode):
    """The moves of the position's class, best first (``(i, m)`` codes,
    module docstring); the position's own moves when not folding."""
    if not folding(rules, mode) or not _has_swap(state):
        return position_moves(state, rules, out, mode)
    flags = rules[R_OFF]
    forced = dead_or_forced(state, flags, out)
    if forced == 0:
        return 0  # dead: the whole class is lost
    room = _room()
    count = members(state, rules, room, MAX_MEMBERS)
    if forced == 1:  # the safe foundation move, for the whole class (module docstring)
        if count < 0:  # too big to fold: and every swap (module docstring)
            return 1 + swap_moves(state, out[1:])
        return 1
    if count < 0:  # too big to fold: every legal move, the swaps among them (the tests run again)
        return position_moves(state, rules, out, mode)
    found, parent, via = room[0], room[2], room[3]
    order = np.empty(count * MAX_MOVES, dtype=np.int64)
    n = 0
    for i in range(count):
        end = legal_moves(found[i], flags, out, n)
        for j in range(n, end):
            m = out[j]
            if _is_swap(found[i], m):
                continue  # it stays in the class
            if i > 0 and _parent_has(found[parent[i]], via[i], m):
                continue  # the parent member's m reaches the same class (module docstring)
            code = (i << MEMBER_SHIFT) | m
            out[n] = code
            order[n] = order_key(found[i], m, code)
            n += 1
    sort_best_first(out, order, n)
    return n


@kernel(allocates=True)
def apply_move(state, rules, move, child):
    """Play ``(i, m)``: the swaps to the i-th member, then m."""
    i = move >> MEMBER_SHIFT
    if i == 0:
        play(state, move, child)
        return
    room = _room()
    members(state, rules, room, i)
    play(room[0][i], move & ((1 << MEMBER_SHIFT) - 1), child)


@kernel(allocates=True)
def plain_moves(state, rules, move, out):
    """The plain moves ``(i, m)`` stands for, in order (the swaps, then m);
    returns how many."""
    i = move >> MEMBER_SHIFT
    n = 0
    if i:
        room = _room()
        members(state, rules, room, i)
        parent, via = room[2], room[3]
        j = i
        while j > 0:  # the swaps, last first
            n += 1
            j = parent[j]
        j, k = i, n
        while j > 0:
            k -= 1
            out[k] = via[j]
            j = parent[j]
    out[n] = move & ((1 << MEMBER_SHIFT) - 1)
    return n + 1
