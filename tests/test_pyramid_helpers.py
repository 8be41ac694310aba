"""Shared helpers for the Pyramid tests (no tests of its own): crafted deals, small positions, a
breadth-first oracle on the reference engine, and IDA* from any position."""
from __future__ import annotations

import random
from collections import deque

import numpy as np

from solitaire import cards
from solitaire.deals import Deal, Layout, check_full_deck, deck
from solitaire.games import get_game
from solitaire.games.pyramid import kernel as K
from solitaire.games.pyramid.kernel import state as KS
from solitaire.games.pyramid import layout as geo
from solitaire.search import dfs as engine
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL
from engine_runs import search_position

SPEC = get_game("pyramid")
ALL = tuple(r.name for r in SPEC.reductions)  # every reduction switched off


def all_but(*kept: str) -> tuple[str, ...]:
    """Every reduction switched off but ``kept``."""
    assert set(kept) <= set(ALL)
    return tuple(name for name in ALL if name not in kept)


def crafted(pyramid: list[str], stock: list[str]) -> Deal:
    """A deal from 28 pyramid card names (row by row) and 24 stock names."""
    rows, k = [], 0
    for size in geo.ROW_SIZES:
        rows.append([cards.parse(c) for c in pyramid[k:k + size]])
        k += size
    layout = Layout(rows, [cards.parse(c) for c in stock])
    check_full_deck(layout)
    SPEC.validate_layout(layout)
    return Deal("pyramid", layout)


def small_position(seed: int, rules: dict, keep_pyramid: int = 5, keep_other: int = 7):
    """A random legal end-game position: a few pyramid cards near the apex
    (every card under a kept card kept too) and a few stock/waste cards."""
    rng = random.Random(seed)
    layout = SPEC.layout_from_deck(deck(rng.randint(1, 10**6)))
    state = SPEC.new_reference(layout, rules)
    keep: set[int] = set()
    while len(keep) < keep_pyramid:
        i = rng.randrange(geo.PYRAMID_SIZE)
        closure = {i} | {j for j in range(geo.PYRAMID_SIZE) if i in geo.cone(j)}
        if len(keep | closure) <= keep_pyramid + 2:
            keep |= closure
    for i in range(geo.PYRAMID_SIZE):
        if i not in keep:
            state.pyramid[i] = None
    # partners for most kept pyramid cards, so that many positions can be won
    wanted = [13 - cards.rank(state.pyramid[i]) for i in sorted(keep) if rng.random() < 0.85]
    chosen = [i for i, c in enumerate(state.stock) if cards.rank(c) in wanted]
    rng.shuffle(chosen)
    others = set(chosen[:keep_other])
    while len(others) < keep_other:
        others.add(rng.randrange(geo.STOCK_SIZE))
    others = sorted(others)
    kept = [state.stock[i] for i in others]
    turned = rng.randint(0, min(2, len(kept)))
    state.stock = kept[turned:]
    if rules["draw"] == 1:
        state.waste = [kept[:turned]]
    else:  # deal the turned cards onto the three piles in order
        state.waste = [[], [], []]
        for j, c in enumerate(kept[:turned]):
            state.waste[j % 3].append(c)
    return state


def bfs_optimal(state, limit: int = 400_000):
    """Fewest moves to a win (None: no win), by breadth-first search on the reference engine."""
    if state.is_won():
        return 0
    seen = {_ref_key(state)}
    todo = deque([(state, 0)])
    while todo:
        s, d = todo.popleft()
        for m in s.legal_moves():
            c = s.copy()
            c.play(m)
            if c.is_won():
                return d + 1
            key = _ref_key(c)
            if key not in seen:
                seen.add(key)
                assert len(seen) < limit, "position too big for the oracle"
                todo.append((c, d + 1))
    return None


def _ref_key(s):
    redeals = s.redeals if s.rules["passes"] != "unlimited" else 0  # the count does not matter then
    return (tuple(s.pyramid), tuple(s.stock), tuple(tuple(p) for p in s.waste), redeals)


def ida_star(root: np.ndarray, rules_arr: np.ndarray, max_nodes: int = 2_000_000):
    """(length, path) of a shortest win from ``root`` with the engine's IDA*, or (None, None)."""
    bound = int(K.lower_bound(root, rules_arr))
    while bound < K.BIG:
        status, stack = search_position(SPEC, root, rules_arr, MODE_OPTIMAL, bound=bound, max_nodes=max_nodes, tt_mb=4)
        assert status != engine.BUDGET
        if status == engine.SOLVED:
            path = stack.path()
            return sum(int(K.move_cost(s, rules_arr, m)) for s, m in path), path
        if stack.ctl[engine.NEXT_BOUND] == engine.NO_BOUND:
            return None, None
        bound = int(stack.ctl[engine.NEXT_BOUND])
    return None, None


def fast_moves(state: np.ndarray, rules_arr: np.ndarray, mode: int = MODE_ALL) -> list[int]:
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    n = K.gen_moves(state, rules_arr, out, mode)
    return [int(m) for m in out[:n]]


def rules_arr(rules: dict, off: tuple[str, ...] = (), abstract_everywhere: bool = True,
              abstract_budget: int | None = None) -> np.ndarray:
    """The kernels' rules array with the reductions ``off`` switched off; by
    default the pyramid game is tried at every position, not only where the
    solver's setting tries it, so that the tests on small positions exercise it."""
    arr = SPEC.rules_array(rules, off)
    if abstract_everywhere:
        arr[KS.R_ABS_SMALL] = arr[KS.R_ABS_SMALL_OPT] = arr[KS.R_ABS_SMALL_BOUND] = KS.NPYR
    if abstract_budget is not None:
        arr[KS.R_ABS_BUDGET] = arr[KS.R_ABS_BUDGET_FULL] = abstract_budget
    return arr
