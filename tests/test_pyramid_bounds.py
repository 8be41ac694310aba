"""The lower bound and the search reductions against exact distances.

For small end-game positions every position reachable from them is
enumerated on the reference engine and its exact distance to a win computed
backwards (unit cost per move, as RULES.md counts).  At every such position
the kernel's lower bound must not exceed the distance (a lost position may
have any bound), and on a sample of them IDA* (MODE_OPTIMAL) must find
exactly that distance and DFS (MODE_SOLVE) the same verdict.
"""
from collections import deque

import pytest

from solitaire.games.pyramid import kernel as K
from solitaire.rules import parse_rules

from test_pyramid_helpers import ALL, SPEC, ida_star, rules_arr, small_position
from test_pyramid_solve import dfs_solvable

RULE_SETS = [
    {},
    {"preset": "microsoft"},
    {"passes": 2},
    {"passes": "unlimited", "stock_top_playable": True},
    {"preset": "microsoft", "pair_covering": True},
    {"draw": 3},
    {"draw": 3, "stock_top_playable": True},
]


def _key(s):
    redeals = s.redeals if s.rules["passes"] != "unlimited" else 0
    return (tuple(s.pyramid), tuple(s.stock), tuple(tuple(p) for p in s.waste), redeals)


def exact_distances(root, limit=60_000):
    """{key: (state, distance or None)} for every position reachable from ``root``."""
    states, succ = {}, {}
    todo = deque([root])
    states[_key(root)] = root
    while todo:
        s = todo.popleft()
        k = _key(s)
        succ[k] = []
        if s.is_won():
            continue
        for m in s.legal_moves():
            c = s.copy()
            c.play(m)
            ck = _key(c)
            succ[k].append(ck)
            if ck not in states:
                states[ck] = c
                assert len(states) < limit, "position too big for the oracle"
                todo.append(c)
    pred = {k: [] for k in states}
    for k, children in succ.items():
        for c in children:
            pred[c].append(k)
    dist = {k: 0 for k, s in states.items() if s.is_won()}
    todo = deque(dist)
    while todo:
        k = todo.popleft()
        for p in pred[k]:
            if p not in dist:
                dist[p] = dist[k] + 1
                todo.append(p)
    return {k: (s, dist.get(k)) for k, s in states.items()}


@pytest.mark.parametrize("given", RULE_SETS)
def test_bound_is_admissible_at_every_reachable_position(given):
    rules = parse_rules(SPEC, given)
    arr = SPEC.rules_array(rules)
    checked = won = 0
    for seed in range(12):
        ref = small_position(1000 + seed, rules, keep_pyramid=5, keep_other=9)
        for state, d in exact_distances(ref).values():
            if d is None:
                continue
            lb = int(K.lower_bound(SPEC.encode(state, rules), arr))
            assert lb <= d, (seed, lb, d, state.render())
            checked += 1
            won += d == 0
    assert checked > 40 and won > 0


@pytest.mark.parametrize("given", RULE_SETS)
def test_search_matches_exact_distance_on_reachable_positions(given):
    """IDA* length and DFS verdict equal the exact ones, with all reductions on and all off."""
    rules = parse_rules(SPEC, given)
    for seed in range(3):
        ref = small_position(2000 + seed, rules, keep_pyramid=5, keep_other=8)
        table = exact_distances(ref)
        sample = sorted(table.items(), key=lambda kv: repr(kv[0]))[::max(1, len(table) // 12)]
        for _, (state, d) in sample:
            root = SPEC.encode(state, rules)
            for off in ((), ALL):
                arr = rules_arr(rules, off)
                if d == 0:
                    continue
                length, _ = ida_star(root, arr)
                assert length == d, (seed, off, state.render())
                assert dfs_solvable(root, arr) == (d is not None)
