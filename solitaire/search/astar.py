"""A* for shortest wins, written once for every game (kernel contract of
``solitaire.search.contract``).

Why: IDA* keeps no memory of earlier iterations, so each raise of the bound
searches every shallower position again; on Pyramid's microsoft preset that
is 10 to 15 iterations per deal.  A* expands each position once (unless it
is later reached more cheaply) in order of ``f = g + lower_bound``.

Correctness, for an admissible bound h (never above the fewest moves left):

* Optimality.  Let C* be the length of a shortest win.  While no win of
  length C* has been recorded, the first position P of a shortest line
  whose stored cost is not yet its optimal cost g*(P) (or that is not yet
  expanded) is in the open list with f = g*(P) + h(P) <= C*, because its
  predecessor on the line was expanded at its optimal cost and generated it
  (a position reached more cheaply than before is stored again and pushed
  again: no consistency of h is assumed).  The open list is taken in order
  of f, so every popped f is <= C*; and the search stops only when every
  open f is >= the best win recorded, which is then C*.
* The proved lower bound is the largest f popped so far (each is <= C*).
* Positions with f >= the incumbent (the best win known: the DFS solution
  passed in as ``upper``, or a shorter one found on the way) are not
  stored: they cannot lead to a strictly shorter win.  So "exhausted" means
  no win shorter than ``upper`` exists.
* Won positions are recorded when generated (h = 0, f = g): the incumbent
  shrinks, and the stop test above still pops every f below it first.
* With ``sharper``, a child that would be stored at the level being
  expanded gets the game's ``lower_bound_at_least`` instead: admissible as
  well, so every argument above holds (none needs one bound throughout).
* The moves are the game's MODE_OPTIMAL moves and positions are told apart
  by its MODE_OPTIMAL key: the kernel contract lets both drop only what is
  proved not to lengthen a shortest win (the same premise as IDA*'s).

Memory is bounded: the arena (keys, costs, parent links and moves, the
open list and a hash set keyed by the game's 64-bit position key) is carved
out of one byte buffer given by the caller; when it is full the search
stops with ``FULL`` and the caller reports "unknown" (or the best win and
the proved bound).  The open list is a bucket queue: one LIFO list per f
(an f never exceeds ``upper``), so a push and a pop cost O(1) and ties go
to the most recently generated, deepest position.  Like the DFS engine, the
kernel runs ``quantum`` expansions and returns; all its state is in arrays,
so it resumes exactly where it stopped.
"""
from __future__ import annotations

import numpy as np

from solitaire.jit.compile import kernel
from solitaire.search import calls
from solitaire.search import contract as K
from solitaire.search.dfs import BUDGET, EXHAUSTED, RUNNING, SOLVED

FULL = 4  # status: the arena ran out of room (memory budget), or a line too deep

# ctl slots
(NODES, STATUS, USED, CUR_F, BEST_G, BEST_NODE, BEST_MOVE, LOWER, MAX_NODES, UPPER, STARTED, PATH_LEN, WEIGHT,
 FIRST_WIN, PARTIAL, SHARPER, HASH) = range(17)
CTL_SIZE = 17
FIRST_HASH = 1 << 14  # hash slots a search starts with; doubled while more than 3/4 full
SHARP_SLOTS = 1 << 20
BOUND_BITS = 16
BOUND_SLOTS = 1 << BOUND_BITS  # partial expansion: lower bounds remembered for the re-expansions

# A stored position is its key, cost, parent and move (and its link in the
# open list): 24 bytes, with 4 per hash slot at a load of at most 3/4.  The
# position itself is rebuilt by replaying the moves from the root when it is
# expanded (sharing the prefix with the previous expansion's line), since
# storing it would take 176 bytes for Pyramid and 6 times fewer positions.
_NODE_BYTES = 8 + 4 * 4
_SLOT_BYTES = 4


def arena_capacity(nbytes: int) -> tuple[int, int]:
    """(positions, hash slots) of an arena of ``nbytes``: the slots are a
    power of two, at least 4/3 of the positions (load at most 3/4).  Of the
    two powers of two around the balance point (slots = nbytes / 22) the
    one that stores more positions is taken: rounding down alone left up to
    45% of a 3,500 MB table unused (50M positions where 92M fit)."""
    below = 1 << max(2, (nbytes // (_SLOT_BYTES + _NODE_BYTES * 3 // 4)).bit_length() - 1)
    return max((min((nbytes - slots * _SLOT_BYTES) // _NODE_BYTES, slots * 3 // 4), slots)
               for slots in (below, 2 * below))


class Arena:
    """The A* arrays, carved out of ``buffer`` (a uint8 array the caller owns)."""

    def __init__(self, buffer: np.ndarray, root: np.ndarray, upper: int, max_depth: int):
        nbytes = buffer.shape[0] - 16  # room to align the first array
        capacity, slots = arena_capacity(nbytes)
        if capacity < 1:
            raise ValueError("A* arena: buffer too small")
        start = (-buffer.ctypes.data) % 8
        views = []
        for count, dtype in ((capacity, np.uint64), (slots, np.int32), (capacity, np.int32), (capacity, np.int32),
                             (capacity, np.int32), (capacity, np.int32)):
            size = count * np.dtype(dtype).itemsize
            views.append(buffer[start:start + size].view(dtype))
            start += size
        self.keys, self.slots, self.g, self.parent, self.move, self.next = views
        self.capacity = capacity
        self.heads = np.zeros(max(upper, 1), dtype=np.int32)
        self.ctl = np.zeros(CTL_SIZE, dtype=np.int64)
        self.line_states = np.zeros((max_depth + 1, len(root)), dtype=np.uint8)  # the line being expanded
        self.line_states[0] = root
        self.line_nodes = np.full(max_depth + 1, -1, dtype=np.int32)
        self.child = np.zeros(len(root), dtype=np.uint8)
        # sharper bounds already proved, by position key (direct-mapped; a
        # partial expansion regenerates the children it left out each time);
        # one slot unless ``reset`` asks for the sharper bound
        self.sharp_keys = np.zeros(1, dtype=np.uint64)
        self.sharp_bounds = np.zeros(1, dtype=np.int32)
        # partial expansion: the bounds of the children an expansion left
        # out, by position key (direct-mapped), for when it is repeated
        self.bound_keys = np.zeros(1, dtype=np.uint64)
        self.bounds = np.zeros(1, dtype=np.int16)
        self.root = root.copy()
        self.ctl[UPPER] = upper
        self.ctl[BEST_G] = upper
        self.ctl[BEST_NODE] = -1

    def reset(self, max_nodes: int, weight: int = 1, partial: bool = False, sharper: bool = False) -> None:
        """``weight`` 1: A*, shortest wins.  ``weight`` w > 1: weighted A*
        (order by g + w * h, stop at the first win), which finds wins fast
        but proves nothing: see ``run``.  ``partial`` (A* only): partial
        expansion, which stores a fraction of the positions for some
        re-expansions (see ``run``).  ``sharper`` (A* only): the game's
        ``lower_bound_at_least`` for the positions to be stored at the
        level being expanded (fewer positions, more time per position)."""
        first = min(FIRST_HASH, self.slots.shape[0])
        self.slots[:first] = 0  # the rest is cleared as the hash grows into it (``_grow``)
        self.ctl[HASH] = first
        if sharper and weight == 1:
            self.sharp_keys = np.zeros(SHARP_SLOTS, dtype=np.uint64)
            self.sharp_bounds = np.zeros(SHARP_SLOTS, dtype=np.int32)
        if partial and weight == 1:
            self.bound_keys = np.zeros(BOUND_SLOTS, dtype=np.uint64)
            self.bounds = np.zeros(BOUND_SLOTS, dtype=np.int16)
        self.ctl[MAX_NODES] = max_nodes
        self.ctl[WEIGHT] = weight
        self.ctl[FIRST_WIN] = weight > 1
        self.ctl[PARTIAL] = partial and weight == 1
        self.ctl[SHARPER] = sharper and weight == 1

    def path(self, game: K.Game, rules_arr: np.ndarray) -> list[tuple[np.ndarray, int]]:
        """(position, move) pairs from the root to the best win found."""
        node = int(self.ctl[BEST_NODE])
        moves = [int(self.ctl[BEST_MOVE])]
        while self.parent[node] >= 0:
            moves.append(int(self.move[node]))
            node = int(self.parent[node])
        out, state = [], self.root.copy()
        for move in reversed(moves):
            out.append((state, move))
            child = np.empty_like(state)
            calls.apply_move(game, state, rules_arr, np.int32(move), child)
            state = child
        return out


@kernel(inline="always")
def _slot_of(keys, slots, key):
    """The hash slot holding ``key``, or the empty slot where it would go."""
    mask = np.uint64(slots.shape[0] - 1)
    h = key ^ (key >> np.uint64(29))
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(32)
    pos = np.int64(h & mask)
    while slots[pos] != 0 and keys[slots[pos] - 1] != key:
        pos = (pos + 1) & np.int64(mask)
    return pos


@kernel(inline="always")
def bound_slot(key, size):
    """The slot of ``key`` in the remembered bounds (``size`` a power of two
    up to ``BOUND_SLOTS``)."""
    return ((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - BOUND_BITS)) & np.uint64(size - 1)


@kernel
def _grow(keys, slots, used, size):
    """Clear the first ``2 * size`` hash slots and hash nodes 0..used-1
    into them (the later of two nodes with one key, stored again at a lower
    cost, keeps the slot, as when they were stored); returns 2 * size."""
    hashed = slots[:2 * size]
    hashed[:] = 0
    for node in range(used):
        hashed[_slot_of(keys, hashed, keys[node])] = node + 1
    return 2 * size


@kernel
def _rebuild(game, rules, node, parents, pmoves, line_states, line_nodes, ctl):
    """Put the position of ``node`` in line_states[depth]; returns depth (-1: too deep).

    line_states[0..PATH_LEN] hold the line of the previous expansion: only
    the part below the last node both lines share is replayed."""
    depth = 0
    x = node
    while parents[x] >= 0:
        depth += 1
        x = parents[x]
    if depth >= line_states.shape[0] - 1:
        return -1
    x = node
    d = depth
    while d > 0 and not (d <= ctl[PATH_LEN] and line_nodes[d] == x):
        x = parents[x]
        d -= 1
    # line_nodes[0..d] are the shared prefix; rebuild d+1..depth going down
    first = d + 1
    x = node
    for k in range(depth, first - 1, -1):
        line_nodes[k] = x
        x = parents[x]
    for k in range(first, depth + 1):
        K.apply_move(game, line_states[k - 1], rules, pmoves[line_nodes[k]], line_states[k])
    ctl[PATH_LEN] = depth
    return depth


@kernel
def _sharper(game, child, rules, target, h, key, sharp_keys, sharp_bounds):
    """The game's sharper bound of ``child`` (key ``key``, cheap bound
    ``h``) towards ``target``, starting from what an earlier call proved."""
    slot = key & np.uint64(sharp_keys.shape[0] - 1)
    if sharp_keys[slot] == key and sharp_bounds[slot] > h:
        h = sharp_bounds[slot]
    if h < target:
        h = K.lower_bound_at_least(game, child, rules, target, h)
        sharp_keys[slot] = key
        sharp_bounds[slot] = h
    return h


@kernel
def run(game, rules, mode, keys, gs, parents, pmoves, nxt, slots, heads, ctl, line_states, line_nodes, movebuf,
        child, sharp_keys, sharp_bounds, bound_keys, bounds, quantum):
    """Advance A* by up to ``quantum`` expansions; returns the status.

    SOLVED: a win shorter than ``upper`` is proved shortest (BEST_G, and the
    path through BEST_NODE / BEST_MOVE); EXHAUSTED: no win shorter than
    ``upper``; BUDGET: node budget spent; FULL: arena full.  LOWER holds the
    proved lower bound.  line_states[0] is the root.

    Partial expansion (ctl[PARTIAL], A* only): an expansion at f = F stores
    only the children with f <= F, and puts the position back in the open
    list at the least f of the children it left out (if any), to be
    expanded again there.  Positions a level above the one being expanded
    are the bulk of plain A*'s memory (the levels grow about threefold in
    Baker's Dozen and Yukon, and most children are one level up), and most
    are never expanded.  It keeps A*'s proof: while a shortest win is not
    recorded, take the first position P of a shortest line not stored at
    its least cost; its predecessor Q is (at its least cost, so never
    stale), and Q is open at its own f or at the least f it left out,
    which is at most f(P) <= C*.  So every f popped is still <= C*, and
    the stop test is A*'s.  Each expansion counts against the node budget,
    the repeated ones too.

    Weighted (ctl[WEIGHT] = w > 1, ctl[FIRST_WIN] set): positions are taken
    in order of g + w * h, the f of a position beyond the last bucket is
    put in the last bucket, nothing is pruned but positions reached before
    at no greater cost, and the first win found ends the search (SOLVED; it
    need not be shortest, and LOWER means nothing).  EXHAUSTED then means
    every position the moves of ``mode`` reach was expanded without a win:
    the position is lost, as when a complete DFS runs out of moves.
    """
    capacity = min(keys.shape[0], slots.shape[0] * 3 // 4)
    all_slots = slots
    slots = all_slots[:ctl[HASH]]  # the slots in use; more as the arena fills
    weight = ctl[WEIGHT]
    first_win = ctl[FIRST_WIN] != 0
    partial = ctl[PARTIAL] != 0
    sharper = ctl[SHARPER] != 0
    if ctl[STARTED] == 0:
        ctl[STARTED] = 1
        root = line_states[0]
        f = weight * K.lower_bound(game, root, rules)
        if sharper:
            f = K.lower_bound_at_least(game, root, rules, ctl[BEST_G], f)
        if first_win:
            f = min(f, heads.shape[0] - 1)
        elif f >= ctl[BEST_G]:
            ctl[LOWER] = ctl[BEST_G]
            ctl[STATUS] = EXHAUSTED
            return EXHAUSTED
        key = K.state_key(game, root, rules, mode)
        keys[0] = key
        slots[_slot_of(keys, slots, key)] = 1
        gs[0] = 0
        parents[0] = -1
        pmoves[0] = 0
        nxt[0] = 0
        heads[f] = 1
        line_nodes[0] = 0
        ctl[PATH_LEN] = 0
        ctl[CUR_F] = f
        ctl[LOWER] = f
        ctl[USED] = 1
    nodes = ctl[NODES]
    used = ctl[USED]
    cur_f = ctl[CUR_F]
    best_g = ctl[BEST_G]
    lower = ctl[LOWER]
    limit = heads.shape[0] if first_win else best_g  # taken in order of f below this
    status = RUNNING
    steps = 0
    while steps < quantum:
        while cur_f < limit and heads[cur_f] == 0:
            cur_f += 1
        if cur_f >= limit:  # every open f is >= the best win: it is shortest (or, weighted: no position is open)
            lower = best_g
            status = SOLVED if ctl[BEST_NODE] >= 0 else EXHAUSTED
            break
        if nodes >= ctl[MAX_NODES]:
            status = BUDGET
            break
        node = heads[cur_f] - 1
        heads[cur_f] = nxt[node]
        if slots[_slot_of(keys, slots, keys[node])] != node + 1:
            continue  # stale: this position was stored again at a lower cost
        depth = _rebuild(game, rules, node, parents, pmoves, line_states, line_nodes, ctl)
        if depth < 0:
            status = FULL
            break
        if cur_f > lower:
            lower = cur_f
        nodes += 1
        steps += 1
        parent = line_states[depth]
        g = gs[node]
        n = K.gen_moves(game, parent, rules, movebuf, mode)
        left_out = limit  # partial expansion: the least f above cur_f of a child not stored
        for k in range(n):
            move = movebuf[k]
            cg = g + K.move_cost(game, parent, rules, move)
            if cg >= best_g and not first_win:
                continue
            K.apply_move(game, parent, rules, move, child)
            if K.is_won(game, child, rules):
                best_g = cg
                ctl[BEST_NODE] = node
                ctl[BEST_MOVE] = move
                if first_win:
                    status = SOLVED
                    break
                limit = best_g
                continue
            key = K.state_key(game, child, rules, mode)
            pos = _slot_of(keys, slots, key)
            if slots[pos] != 0 and gs[slots[pos] - 1] <= cg:
                continue  # reached before at no greater cost
            if partial:  # a repeated expansion meets the children it left out again
                slot = bound_slot(key, bounds.shape[0])
                if bound_keys[slot] == key:
                    h = np.int64(bounds[slot])
                else:
                    h = K.lower_bound(game, child, rules)
                    bound_keys[slot] = key
                    bounds[slot] = h
            else:
                h = K.lower_bound(game, child, rules)
            f = cg + weight * h
            if first_win:
                f = min(f, limit - 1)
            else:
                if f <= cur_f and sharper:  # to be stored at this level: worth a sharper bound
                    f = cg + _sharper(game, child, rules, cur_f + 1 - cg, h, key, sharp_keys, sharp_bounds)
                if f >= best_g:
                    continue
            if partial and f > cur_f:
                left_out = min(left_out, f)
                continue
            if used >= capacity:
                status = FULL
                break
            if used >= slots.shape[0] * 3 // 4:
                slots = all_slots[:_grow(keys, all_slots, used, slots.shape[0])]
                ctl[HASH] = slots.shape[0]
                pos = _slot_of(keys, slots, key)
            keys[used] = key
            gs[used] = cg
            parents[used] = node
            pmoves[used] = move
            slots[pos] = used + 1
            nxt[used] = heads[f]
            heads[f] = used + 1
            used += 1
            if f < cur_f:  # an inconsistent bound may lower f along a line
                cur_f = f
        if status == FULL or status == SOLVED:
            break
        if left_out < limit:  # open again where the children left out begin
            nxt[node] = heads[left_out]
            heads[left_out] = node + 1
    ctl[NODES] = nodes
    ctl[USED] = used
    ctl[CUR_F] = cur_f
    ctl[BEST_G] = best_g
    ctl[LOWER] = lower
    ctl[STATUS] = status
    return status


def step(game: K.Game, rules_arr: np.ndarray, mode: int, arena: Arena, movebuf: np.ndarray, quantum: int) -> int:
    """One call of the kernel on ``arena``'s arrays."""
    a = arena
    return run(game, rules_arr, mode, a.keys, a.g, a.parent, a.move, a.next, a.slots, a.heads, a.ctl,
               a.line_states, a.line_nodes, movebuf, a.child, a.sharp_keys, a.sharp_bounds,
               a.bound_keys, a.bounds, quantum)
