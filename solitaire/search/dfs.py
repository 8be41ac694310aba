"""The search kernel, written once for every game: DFS and IDA*.

One resumable depth-first search serves both questions:

* ``MODE_SOLVE`` (bound < 0): plain DFS with a transposition table; the first
  won position ends the search ("solved"); an exhausted tree means
  "unsolvable" only if no path was cut by the depth limit.
* IDA* (bound >= 0, normally with ``MODE_OPTIMAL``): the same DFS pruned at
  ``g + lower_bound > bound``; the table stores the least ``g`` at which a
  position was reached in this iteration.  The caller raises the bound to
  ``ctl[NEXT_BOUND]`` between iterations.
* Limited discrepancy search (``discrepancies`` true, bound >= 0): the same
  bounded DFS where ``g`` counts the moves taken that were not their
  position's first (best-ordered) move.  It finds wins that plain DFS misses
  when an early wrong turn hides them under a huge subtree.  It never proves
  anything unsolvable: only a complete plain DFS does.

All search state lives in arrays owned by Python (``SearchStack``), so the
kernel runs ``quantum`` expansions, returns, and resumes exactly where it
stopped: Python checks the clock and Ctrl-C in between.

Classes proved lost (``classes``: plain DFS in MODE_SOLVE, for a game whose
kernel has a ``class_key``, Klondike's twin-swapped positions).  A game may
know positions that are won alike without being the same (a class); the
table may then skip a position whose class is *proved lost*, but not one
whose class is merely *seen*: a class member being searched (an ancestor)
may need a line through another member, e.g. Klondike's exchange of the
stacks on twins right before one of them goes home, and skipping that
member lost real wins (draw 3 deals 6, 15 and 37 came out "unsolvable").
So the search proves subtrees lost as it goes, Tarjan-style:

* every expanded position gets a visit number v (the node count), and its
  table value is v + 1; a position skipped because its class was proved
  lost gets 0 ("proved lost"); ``low[d]`` is the oldest visit number the
  subtree of the position at depth d has leaned on;
* a child already in the table with value u + 1 leans on visit u (the
  position, or the one it was marked dominated by, is u); unless u is
  marked proved, ``low`` takes u;
* a position whose subtree leaned on nothing older than itself when its
  moves run out is proved lost: its visits [v, now] are marked proved (a
  bit per visit), and its class key goes into the table with value 0.
  Otherwise its ``low`` passes to its parent.

Proof that a recorded subtree S (root R, visit r) is lost.  Every move of
every position in S led to a win (none was found), a position of S, a
position proved lost before, a position whose class was proved lost
(lost too: members of a class are won alike), or a position in the table
that leans on a visit u >= r not marked proved: u was visited while
R was being searched, so it lies in S, and what u's subtree leaned on
reached R through the tree (each finished position passes its ``low`` to
its parent), so it is >= r too.  (A position marked dominated by E leans on
E: it is won only if E is, in no more moves.)  Now suppose some position
of S is won, and take one with the shortest winning line of searched
moves; its next position on that line is won with a shorter line, so by
the cases above it lies in S (or is dominated by a position of S with a
line no longer): a contradiction.  So S is lost, and its root's class with
it.  A line cut by the depth limit leans on visit -1: nothing above it is
recorded.  Values only ever describe what was searched, so a value lost
from the table (overwritten) costs a re-search, never a wrong verdict.
"""
from __future__ import annotations

import numpy as np

from solitaire.jit.compile import kernel
from solitaire.search import contract as K
from solitaire.jit.modes import MODE_SOLVE
from solitaire.jit.table import find_or_insert, probe_insert, store, value_of

# ctl slots
DEPTH, NODES, STATUS, CUTOFF, MAX_NODES, NEXT_BOUND, STARTED, BOUND = range(8)
CTL_SIZE = 8
# status values
RUNNING, SOLVED, EXHAUSTED, BUDGET = 0, 1, 2, 3
NO_BOUND = np.iinfo(np.int64).max
CLASS_NODE_LIMIT = 2**31 - 2  # classes proved lost: visit numbers + 1 are int32 table values


class SearchStack:
    """The arrays one search runs on; reusable for the next search."""

    def __init__(self, state_len: int, max_depth: int, max_moves: int):
        self.states = np.zeros((max_depth + 1, state_len), dtype=np.uint8)
        self.moves = np.zeros((max_depth + 1, max_moves), dtype=np.int32)
        self.nmoves = np.zeros(max_depth + 1, dtype=np.int64)
        self.midx = np.zeros(max_depth + 1, dtype=np.int64)
        self.gcost = np.zeros(max_depth + 1, dtype=np.int64)
        self.ctl = np.zeros(CTL_SIZE, dtype=np.int64)
        # classes proved lost (module docstring): per depth the visit
        # number, the oldest visit leaned on and the class key; a bit per
        # visit proved lost (sized by ``reset`` when classes are recorded)
        self.visit = np.zeros(max_depth + 1, dtype=np.int64)
        self.low = np.zeros(max_depth + 1, dtype=np.int64)
        self.class_keys = np.zeros(max_depth + 1, dtype=np.uint64)
        self.proved = np.zeros(1, dtype=np.uint64)
        self.classes = False

    def reset(self, root: np.ndarray, max_nodes: int, bound: int, classes: bool = False) -> None:
        """Start a search from ``root``; ``classes``: record and use classes
        proved lost, if it is a plain DFS (bound < 0) of fewer than
        CLASS_NODE_LIMIT nodes (table values are int32): a bit per visit."""
        self.states[0, :] = root
        self.ctl[:] = 0
        self.ctl[MAX_NODES] = max_nodes
        self.ctl[BOUND] = bound
        self.ctl[NEXT_BOUND] = NO_BOUND
        self.classes = classes and bound < 0 and max_nodes < CLASS_NODE_LIMIT
        if self.classes:
            words = max_nodes // 64 + 2
            if self.proved.shape[0] < words:
                self.proved = np.zeros(words, dtype=np.uint64)
            else:
                self.proved[:words] = 0

    def step(self, game: K.Game, rules_arr: np.ndarray, mode: int, discrepancies: bool, table,
             stamp: np.uint32, quantum: int) -> int:
        """One call of ``run`` on these arrays and ``table``'s (a ``tt.Table``),
        with classes if ``reset`` asked for them: at most ``quantum``
        expansions, fewer while the table is small, which then grows as it fills."""
        status = run(game, rules_arr, mode, discrepancies, self.states, self.moves, self.nmoves, self.midx,
                     self.gcost, self.ctl, table.keys, table.vals, table.stamps, stamp, table.quantum(quantum),
                     self.visit, self.low, self.class_keys, self.proved, self.classes)
        table.grow()
        return status

    def line(self) -> tuple[np.ndarray, list[int]]:
        """The line from the root to the won position: its positions (one
        row each, a copy: the next search may reuse the stack) and the move
        played in each."""
        depth = int(self.ctl[DEPTH])
        taken = self.moves[np.arange(depth), self.midx[:depth] - 1]  # each level's move is the one before midx
        return self.states[:depth].copy(), taken.tolist()

    def path(self) -> list[tuple[np.ndarray, int]]:
        """(position, move) pairs from the root to the won position."""
        return list(zip(*self.line()))


@kernel
def run(game, rules, mode, discrepancies, states, moves, nmoves, midx, gcost, ctl, tt_keys, tt_vals, tt_stamps,
        stamp, quantum, visit, low, class_keys, proved, classes):
    """Advance the search by up to ``quantum`` expansions; returns status.
    ``visit``, ``low``, ``class_keys`` and ``proved`` are ``SearchStack``'s;
    ``classes``: record and use classes proved lost (module docstring; the
    stack was reset with ``classes`` too)."""
    bound = ctl[BOUND]
    ida = bound >= 0
    folding = classes and not ida and not discrepancies and mode == MODE_SOLVE
    max_depth = states.shape[0] - 1
    if ctl[STARTED] == 0:
        ctl[STARTED] = 1
        root = states[0]
        if K.is_won(game, root, rules):
            ctl[STATUS] = SOLVED
            return SOLVED
        if ida and not discrepancies:
            f = K.lower_bound(game, root, rules)
            if f > bound:
                ctl[NEXT_BOUND] = f
                ctl[STATUS] = EXHAUSTED
                return EXHAUSTED
        probe_insert(tt_keys, tt_vals, tt_stamps, stamp, K.state_key(game, root, rules, mode),
                     np.int32(1 if folding else 0))  # folding: visit 0, value 1
        visit[0] = 0
        low[0] = 0
        ctl[NODES] += 1
        nmoves[0] = K.gen_moves(game, root, rules, moves[0], mode)
        midx[0] = 0
        gcost[0] = 0
        ctl[DEPTH] = 0
    depth = ctl[DEPTH]
    nodes = ctl[NODES]
    max_nodes = ctl[MAX_NODES]
    status = RUNNING
    steps = 0
    while steps < quantum:
        if nodes >= max_nodes:
            status = BUDGET
            break
        if midx[depth] >= nmoves[depth]:
            if depth == 0:
                status = EXHAUSTED
                break
            if folding:
                _finish(nmoves[depth] > 0, visit, low, class_keys, proved, depth, nodes, tt_keys, tt_vals, tt_stamps,
                        stamp)
            depth -= 1
            continue
        move = moves[depth, midx[depth]]
        midx[depth] += 1
        parent = states[depth]
        child = states[depth + 1]
        K.apply_move(game, parent, rules, move, child)
        g = gcost[depth]
        if discrepancies:
            if midx[depth] > 1:
                g += 1
            if g > bound:
                if g < ctl[NEXT_BOUND]:
                    ctl[NEXT_BOUND] = g
                continue
        elif ida:
            g += K.move_cost(game, parent, rules, move)
            f = g + K.lower_bound(game, child, rules)
            if f > bound:
                if f < ctl[NEXT_BOUND]:
                    ctl[NEXT_BOUND] = f
                continue
        if K.is_won(game, child, rules):
            depth += 1
            status = SOLVED
            break
        if folding:
            if depth + 1 >= max_depth:
                ctl[CUTOFF] = 1
                low[depth] = -1  # an unsearched line: nothing above it is proved
                continue
            slot = find_or_insert(tt_keys, tt_vals, tt_stamps, stamp, K.state_key(game, child, rules, mode),
                                  np.int32(nodes + 1))  # the visit number it gets, + 1
            if slot < 0:  # known: it leans on the visit its value names
                known = np.int64(tt_vals[-slot - 1])
                if known > 0 and known - 1 < low[depth] and not _is_marked(proved, known - 1):
                    low[depth] = known - 1
                continue
            cls = K.class_key(game, child, rules, mode)
            if cls != 0 and value_of(tt_keys, tt_vals, tt_stamps, stamp, cls) == 0:
                tt_vals[slot] = 0  # lost: its class is
                continue
            class_keys[depth + 1] = cls
        else:
            if probe_insert(tt_keys, tt_vals, tt_stamps, stamp, K.state_key(game, child, rules, mode), np.int32(g)):
                continue
            if depth + 1 >= max_depth:
                ctl[CUTOFF] = 1
                continue
        n = K.gen_moves(game, child, rules, moves[depth + 1], mode)
        if not ida and n > 0:  # a dead end marks nothing: what it dominates is lost too, and the marks cost time
            K.mark_dominated(game, child, rules, mode, tt_keys, tt_vals, tt_stamps, stamp,
                             np.int32(nodes + 1 if folding else 0))
        nodes += 1
        steps += 1
        depth += 1
        if folding:
            visit[depth] = nodes - 1
            low[depth] = nodes - 1
        nmoves[depth] = n
        midx[depth] = 0
        gcost[depth] = g
    ctl[DEPTH] = depth
    ctl[NODES] = nodes
    ctl[STATUS] = status
    return status


@kernel
def _finish(expanded, visit, low, class_keys, proved, depth, nodes, tt_keys, tt_vals, tt_stamps, stamp):
    """The position at ``depth`` has no move left: mark its subtree proved
    lost if it leaned on nothing older than itself (and record its class,
    unless it had no move at all: its class-mates are as cheap to test
    themselves), else pass what it leaned on to its parent."""
    if low[depth] >= visit[depth]:
        if expanded and class_keys[depth] != 0:
            store(tt_keys, tt_vals, tt_stamps, stamp, class_keys[depth], np.int32(0))
        _mark(proved, visit[depth], nodes - 1)
    elif low[depth] < low[depth - 1]:
        low[depth - 1] = low[depth]


@kernel
def _mark(bits, first, last):
    """Set the bits of visits first..last."""
    for word in range(first >> 6, (last >> 6) + 1):
        lo = first - (word << 6) if word == first >> 6 else 0
        hi = last - (word << 6) if word == last >> 6 else 63
        bits[word] |= (np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(63 - hi + lo)) << np.uint64(lo)


@kernel(inline="always")
def _is_marked(bits, v):
    return (bits[v >> 6] >> np.uint64(v & 63)) & np.uint64(1) != 0
