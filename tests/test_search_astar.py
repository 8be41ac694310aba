"""The shared A* (solitaire.search.astar): shortest lengths against breadth-first
search on two games, the memory budget, the table it borrows, and the
``--optimal`` contract of ``solve`` (proved or best-so-far plus a lower bound,
timeout, Ctrl-C)."""
import random

import numpy as np
import pytest

from solitaire.jit import modes

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.replaying import verify_win
from solitaire.rules import parse_rules
from solitaire.search import astar, config
from solitaire.search import dfs as engine
from engine_runs import astar_length, position_verdict, shortest_length, weighted_search
from solitaire.solver import solve
from solitaire.search.tt import Table

from test_pyramid_helpers import ALL, SPEC, bfs_optimal, rules_arr, small_position
from test_yukon_solve import bfs_shortest as yukon_bfs
from test_yukon_solve import small_position as yukon_position

PYRAMID_RULES = [{}, {"preset": "microsoft"}, {"draw": 3}, {"passes": "unlimited", "pair_covering": True}]


@pytest.mark.parametrize("partial", [False, True], ids=["plain", "partial"])
@pytest.mark.parametrize("given", PYRAMID_RULES)
def test_pyramid_astar_length_equals_breadth_first_search(given, partial):
    """With every reduction and with none, with and without partial
    expansion; a position with no win gives None."""
    rules = parse_rules(SPEC, given)
    lost = won = 0
    for seed in range(8):
        ref = small_position(300 + seed, rules, keep_pyramid=4, keep_other=8)
        best = bfs_optimal(ref)
        root = SPEC.encode(ref, rules)
        for off in ((), ALL):
            arr = rules_arr(rules, off)
            length, path = astar_length(SPEC, root, arr, partial=partial)
            assert length == best, (seed, off)
            if path:  # the path replays on the reference engine, to a win, at that length
                after = ref.copy()
                texts = [t for state, move in path for t in SPEC.describe_move(state, arr, move)]
                for text in texts:
                    after.play(text)
                assert after.is_won() and len(texts) == best
        won += best is not None
        lost += best is None
    assert won > 0


@pytest.mark.parametrize("partial", [False, True], ids=["plain", "partial"])
def test_yukon_astar_length_equals_breadth_first_search(partial):
    """The engine is game-independent: Yukon's kernels give BFS's length too."""
    yukon = get_game("yukon")
    arr = yukon.rules_array({})
    checked = 0
    for seed in range(6):
        state = yukon_position(random.Random(seed), 6)
        best = yukon_bfs(state)
        length, _ = astar_length(yukon, yukon.encode(state, {}), arr, partial=partial)
        assert length == best, seed
        checked += best is not None
    assert checked > 0


@pytest.mark.parametrize("sharper", [False, True])
def test_partial_expansion_gives_breadth_first_search_length_in_bakers_dozen(sharper):
    """Partial expansion (and with it the sharper bound) on small random
    positions of all four rule settings: the shortest length of plain BFS on
    the reference engine, or None where there is no win, and each path
    replays to a win."""
    from bakers_dozen_oracle import bfs_distance
    from test_bakers_dozen_fast import small_positions
    bakers = get_game("bakers-dozen")
    won = lost = 0
    for state in small_positions(24, 9, 21):
        best = bfs_distance(state)
        arr = bakers.rules_array(state.rules)
        length, path = astar_length(bakers, bakers.encode(state, state.rules), arr, partial=True, sharper=sharper)
        assert length == best, state.columns
        if path:
            after = state.copy()
            for text in (t for position, move in path for t in bakers.describe_move(position, arr, move)):
                after.play(text)
            assert after.is_won()
        won += best is not None
        lost += best is None
    assert won >= 5 and lost >= 1, (won, lost)


def test_partial_expansion_gives_the_shortest_klondike_length():
    """Klondike late positions (draw 3, three passes: stock turns make f
    jump by many moves): the length of the search with every legal move."""
    from klondike_helpers import random_endgame
    klondike = get_game("klondike")
    rules = parse_rules(klondike, {"draw": 3})
    arr = klondike.rules_array(rules)
    rng = random.Random(5)
    compared = 0
    for _ in range(40):
        root = klondike.encode(random_endgame(rng, rules, max_left=12), rules)
        every = shortest_length(klondike, root, arr, modes.MODE_ALL, max_nodes=400_000, tt_mb=16)
        if every in (None, -1):
            continue
        assert astar_length(klondike, root, arr, tt_mb=16, partial=True)[0] == every
        compared += 1
    assert compared >= 10


def test_partial_expansion_stores_fewer_positions_for_the_same_proof():
    """Baker's Dozen deal 1 from its DFS win: both searches prove the same
    shortest length; partial expansion stores under half the positions
    (what it is for).  (It expands no more either here: plain A* expands
    again the positions it later reaches more cheaply, and partial
    expansion has not stored most of those yet.)"""
    bakers = get_game("bakers-dozen")
    rules = parse_rules(bakers, {})
    arr = bakers.rules_array(rules)
    deal = make_deal("bakers-dozen", 1)
    root = bakers.encode(bakers.new_reference(deal.layout, rules), rules)
    upper = len(solve(deal, rules).moves)
    runs = {}
    for partial in (False, True):
        arena = astar.Arena(Table(64).scratch(), root, upper, bakers.max_depth)
        arena.reset(5_000_000, partial=partial)
        movebuf = np.zeros(bakers.max_moves, dtype=np.int32)
        status = engine.RUNNING
        while status == engine.RUNNING:
            status = astar.step(bakers.handle, arr, modes.MODE_OPTIMAL, arena, movebuf, config.QUANTUM)
        assert status in (engine.SOLVED, engine.EXHAUSTED)
        best = int(arena.ctl[astar.BEST_G]) if status == engine.SOLVED else upper
        runs[partial] = (best, int(arena.ctl[astar.USED]), int(arena.ctl[astar.NODES]))
    assert runs[True][0] == runs[False][0]
    assert runs[True][1] < runs[False][1] / 2, runs


def test_partial_expansion_remembers_the_bounds_it_computed():
    """A repeated expansion takes its children's bounds from what the
    first one computed: after a search of Baker's Dozen deal 1, every
    remembered bound of a child of a position on the shortest line is that
    child's ``lower_bound``, and over a third of those children are remembered."""
    bakers = get_game("bakers-dozen")
    rules = parse_rules(bakers, {})
    arr = bakers.rules_array(rules)
    deal = make_deal("bakers-dozen", 1)
    root = bakers.encode(bakers.new_reference(deal.layout, rules), rules)
    arena = astar.Arena(Table(64).scratch(), root, len(solve(deal, rules).moves), bakers.max_depth)
    arena.reset(5_000_000, partial=True)
    movebuf = np.zeros(bakers.max_moves, dtype=np.int32)
    status = engine.RUNNING
    while status == engine.RUNNING:
        status = astar.step(bakers.handle, arr, modes.MODE_OPTIMAL, arena, movebuf, config.QUANTUM)
    assert status == engine.SOLVED
    kernel = bakers.kernel
    children = remembered = 0
    child = np.empty_like(root)
    for state, _ in arena.path(bakers.handle, arr):
        for move in movebuf[:kernel.gen_moves(state, arr, movebuf, modes.MODE_OPTIMAL)]:
            kernel.apply_move(state, arr, np.int32(move), child)
            key = np.uint64(kernel.state_key(child, arr, modes.MODE_OPTIMAL))
            slot = astar.bound_slot(key, arena.bounds.shape[0])
            children += 1
            if arena.bound_keys[slot] == key:
                remembered += 1
                assert arena.bounds[slot] == kernel.lower_bound(child, arr)
    assert remembered > children / 3, (remembered, children)


def test_arena_capacity_fills_its_buffer_at_least_as_well_as_rounding_down():
    """The slot count chosen is the better of the two powers of two around
    the balance point: never fewer positions than rounding down (the old
    rule), 1.8 times as many for a 3,500 MB table, and the arrays fit."""
    for megabytes in (1, 3, 16, 100, 256, 1000, 2048, 3500, 4096, 6000):
        nbytes = int(megabytes * 2**20) * 3 // 4 - 16  # what Table.scratch lends, less the alignment
        capacity, slots = astar.arena_capacity(nbytes)
        below = 1 << (nbytes // 22).bit_length() - 1
        assert capacity >= min((nbytes - 4 * below) // 24, below * 3 // 4)
        assert slots & (slots - 1) == 0 and capacity <= slots * 3 // 4
        assert capacity * 24 + slots * 4 <= nbytes
    nbytes = 3500 * 2**20 * 3 // 4 - 16
    below = 1 << (nbytes // 22).bit_length() - 1
    assert astar.arena_capacity(nbytes)[0] > 1.8 * (below * 3 // 4)


def test_a_full_arena_stops_with_full_and_a_sound_bound():
    rules = parse_rules(SPEC, {"preset": "microsoft"})
    arr = SPEC.rules_array(rules)
    root = SPEC.encode(SPEC.new_reference(make_deal("pyramid", 2).layout, rules), rules)
    arena = astar.Arena(np.zeros(4096, dtype=np.uint8), root, 60, SPEC.max_depth)
    arena.reset(10**6)
    movebuf = np.zeros(SPEC.max_moves, dtype=np.int32)
    assert astar.step(SPEC.handle, arr, modes.MODE_OPTIMAL, arena, movebuf, 10**6) == astar.FULL
    assert arena.ctl[astar.USED] == arena.capacity
    best = solve(make_deal("pyramid", 2), rules, optimal=True, tt_mb=16)
    assert best.optimal and arena.ctl[astar.LOWER] <= len(best.moves)


def test_a_table_lent_to_astar_still_gives_the_same_dfs():
    """The DFS after an A* run on the table's bytes sees an empty table."""
    rules = parse_rules(SPEC, {"draw": 3})
    arr = SPEC.rules_array(rules)
    root = SPEC.encode(SPEC.new_reference(make_deal("pyramid", 5).layout, rules), rules)
    fresh = position_verdict(SPEC, root, arr, tt_mb=2), _dfs_nodes(root, arr, Table(2))
    table = Table(2)
    arena = astar.Arena(table.scratch(), root, 80, SPEC.max_depth)
    arena.reset(3000)
    movebuf = np.zeros(SPEC.max_moves, dtype=np.int32)
    while astar.step(SPEC.handle, arr, modes.MODE_OPTIMAL, arena, movebuf, 1000) == engine.RUNNING:
        pass
    assert arena.ctl[astar.USED] > 1000  # the bytes were written over
    assert (position_verdict(SPEC, root, arr, tt_mb=2), _dfs_nodes(root, arr, table)) == fresh


def _dfs_nodes(root, arr, table):
    stack = engine.SearchStack(len(root), SPEC.max_depth, SPEC.max_moves)
    stack.reset(root, 10**6, -1, SPEC.search.class_folding)
    stack.step(SPEC.handle, arr, modes.MODE_SOLVE, False, table, np.uint32(table.new_search()), 10**7)
    return int(stack.ctl[engine.NODES])


def test_optimal_solve_by_astar_matches_ida_star():
    """Pyramid's --optimal (A*) proves the length the shared IDA* proves."""
    rules = parse_rules(SPEC, {"preset": "microsoft"})
    for number in (4, 9):
        deal = make_deal("pyramid", number)
        best = solve(deal, rules, optimal=True, tt_mb=16)
        assert best.optimal and best.lower_bound == len(best.moves)
        verify_win(SPEC, deal.layout, rules, best.moves)
        root = SPEC.encode(SPEC.new_reference(deal.layout, rules), rules)
        assert shortest_length(SPEC, root, SPEC.rules_array(rules), max_nodes=10**7, tt_mb=16) == len(best.moves)


def test_budget_exhaustion_keeps_the_best_win_and_a_proved_bound():
    """Too few nodes, or Ctrl-C from the progress callback: a replayed win,
    not claimed optimal, with a lower bound no greater than the shortest."""
    rules = parse_rules(SPEC, {"preset": "microsoft"})
    deal = make_deal("pyramid", 2)
    best = solve(deal, rules, optimal=True, tt_mb=16)
    plain = solve(deal, rules, tt_mb=16)
    cut = solve(deal, rules, optimal=True, tt_mb=16, max_nodes=plain.nodes + 50)
    assert cut.verdict == "solved" and not cut.optimal and cut.reason == "node budget"
    assert cut.lower_bound <= len(best.moves) <= len(cut.moves)
    verify_win(SPEC, deal.layout, rules, cut.moves)
    seen = []

    def interrupt(info):
        seen.append(info)
        if info["nodes"] > plain.nodes:
            raise KeyboardInterrupt

    stopped = solve(deal, rules, optimal=True, tt_mb=16, progress=interrupt)
    assert not stopped.optimal and stopped.reason == "interrupted"
    assert stopped.lower_bound <= len(best.moves) <= len(stopped.moves)
    assert all(info["bound"] <= len(best.moves) for info in seen)


@pytest.mark.parametrize("deal,decided", [(11, "solved"), (2, "unsolvable")])
def test_ctrl_c_after_the_last_weighted_quantum_is_not_lost(monkeypatch, deal, decided):
    """A Ctrl-C that lands while the quantum ending the weighted A* phase
    runs is raised just after it returns.  The solve must report it
    (unknown, "interrupted": a batch then stops), not the arena's verdict,
    which would swallow the key press (seen as a flaky batch Ctrl-C test).
    Klondike deals 11 and 2 at 3,000 nodes are decided by that phase."""
    from solitaire import solver as solve_module
    rules = {"draw": 1}
    plain = solve(make_deal("klondike", deal), rules, max_nodes=3000, tt_mb=8)
    assert plain.verdict == decided
    real_step = astar.step

    def step_then_ctrl_c(*args):
        status = real_step(*args)
        if status != engine.RUNNING:
            raise KeyboardInterrupt
        return status

    monkeypatch.setattr(solve_module.astar, "step", step_then_ctrl_c)
    stopped = solve(make_deal("klondike", deal), rules, max_nodes=3000, tt_mb=8)
    assert (stopped.verdict, stopped.reason) == ("unknown", "interrupted")


def test_memory_budget_reports_not_optimal():
    """A one-megabyte table: the A* arena fills up on a hard deal."""
    rules = parse_rules(SPEC, {"preset": "microsoft"})
    deal = make_deal("pyramid", 2)
    small = solve(deal, rules, optimal=True, tt_mb=1)
    best = solve(deal, rules, optimal=True, tt_mb=16)
    assert best.optimal and not small.optimal and small.reason == "memory (--tt-mb)"
    assert small.lower_bound <= len(best.moves) <= len(small.moves)


def test_weighted_astar_wins_exactly_where_exhaustive_search_does():
    """Weighted A* (the solvability search's second phase) on random late
    Klondike positions: a win whose moves replay to a won position wherever
    the search with every legal move finds one, and 'unsolvable' (every
    position expanded) wherever that search proves the position lost."""
    from klondike_helpers import random_endgame
    klondike = get_game("klondike")
    rng = random.Random(13)
    won = lost = 0
    for given in ({"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}, {"draw": 1}, {"draw": 3}):
        rules = parse_rules(klondike, given)
        arr = klondike.rules_array(rules)
        for _ in range(40):
            ref = random_endgame(rng, rules, max_left=20)
            root = klondike.encode(ref, rules)
            truth = position_verdict(klondike, root, arr, modes.MODE_ALL, max_nodes=400_000, tt_mb=16)
            if truth == "unknown":
                continue
            found, path = weighted_search(klondike, root, arr, max_nodes=400_000, tt_mb=16)
            assert found == truth, (given, ref.render())
            if path:
                after = ref.copy()
                for text in (t for state, move in path for t in klondike.describe_move(state, arr, move)):
                    after.play(text)
                assert after.is_won()
            won += found == "solved"
            lost += found == "unsolvable"
    assert won >= 20 and lost >= 20, (won, lost)


def test_weighted_phase_finds_a_win_the_depth_first_order_reaches_late(monkeypatch):
    """Draw 3 / unlimited / f2t deal 748: weighted A* wins it in about
    100,000 nodes; without that phase 400,000 nodes leave it unknown (the
    DFS of an earlier solver needed 62.8 million)."""
    rules = {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}
    deal = make_deal("klondike", 748)
    klondike = type(get_game("klondike").search)  # the tuning's class, patched as elsewhere
    monkeypatch.setattr(klondike, "relaxation_factor", 0.0)
    r = solve(deal, rules, max_nodes=400_000)
    assert r.verdict == "solved" and r.nodes < 200_000
    verify_win(get_game("klondike"), deal.layout, parse_rules(get_game("klondike"), rules), r.moves)
    monkeypatch.setattr(klondike, "weighted_share", 0.0)
    assert solve(deal, rules, max_nodes=400_000).verdict == "unknown"
