"""Baker's Dozen fast engine: agreement with the reference engine from random
mid-game positions (from deals, keys and replays: the conformance suite,
``test_conformance.py``), and every search reduction checked against plain
breadth-first search."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.jit import modes

from solitaire import cards
from solitaire.games import get_game
from bakers_dozen_oracle import bfs_distance, random_position, seat_position
from solitaire.games.bakers_dozen import kernel
from solitaire.games.bakers_dozen.kernel import deadends, seats
from solitaire.games.bakers_dozen.kernel.state import C0, CAP, H0, MAX_MOVES, MOVE_BASE, TO_F
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.search import dfs as engine
from engine_runs import search_position

SPEC = get_game("bakers-dozen")
ALL_RULES = [{"build": b, "kings": k} for b in ("any-suit", "other-suit") for k in ("bottom", "free")]
OUT = np.zeros(MAX_MOVES, dtype=np.int32)


def fast_moves(state: BakersDozenState, mode: int = modes.MODE_ALL) -> tuple[np.ndarray, np.ndarray, list[int]]:
    arr = SPEC.encode(state, state.rules)
    rules_arr = SPEC.rules_array(state.rules)
    n = kernel.gen_moves(arr, rules_arr, OUT, mode)
    return arr, rules_arr, [int(m) for m in OUT[:n]]


def child_of(arr, rules_arr, move) -> np.ndarray:
    child = np.empty_like(arr)
    kernel.apply_move(arr, rules_arr, move, child)
    return child


def run_engine(state: BakersDozenState, mode: int, bound: int, max_nodes: int) -> tuple[int, np.ndarray]:
    """The shared engine (plain DFS or IDA*) on a mid-game position, to its end."""
    root = SPEC.encode(state, state.rules)
    status, stack = search_position(SPEC, root, SPEC.rules_array(state.rules), mode, bound=bound,
                                    max_nodes=max_nodes, tt_mb=8)
    return status, stack.ctl


def search(state: BakersDozenState, mode: int) -> int:
    """Plain DFS: SOLVED or EXHAUSTED (never cut by the depth limit here)."""
    status, ctl = run_engine(state, mode, -1, 2_000_000)
    assert not ctl[engine.CUTOFF]
    return status


def shortest(state: BakersDozenState) -> int | None:
    """IDA* with the game's lower bound and MODE_OPTIMAL reductions."""
    bound = int(kernel.lower_bound(SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)))
    while True:
        status, ctl = run_engine(state, modes.MODE_OPTIMAL, bound, 5_000_000)
        if status == engine.SOLVED:
            return int(ctl[engine.DEPTH])
        assert status == engine.EXHAUSTED
        if ctl[engine.NEXT_BOUND] == engine.NO_BOUND:
            return None
        bound = int(ctl[engine.NEXT_BOUND])


def small_positions(count: int, cards_left: int, seed: int):
    rng = random.Random(seed)
    for i in range(count):
        yield random_position(rng, cards_left, ALL_RULES[i % 4])


# --- conformance: fast engine == reference engine ------------------------------------
def check_same(state: BakersDozenState) -> list[int]:
    arr, rules_arr, moves = fast_moves(state)
    described = [m for move in moves for m in SPEC.describe_move(arr, rules_arr, move)]
    assert len(described) == len(set(described))
    assert sorted(described) == sorted(state.legal_moves())
    assert bool(kernel.is_won(arr, rules_arr)) == state.is_won()
    return moves


def play_randomly(state: BakersDozenState, choices: list[int]) -> None:
    for choice in choices:
        moves = check_same(state)
        if not moves:
            break
        move = moves[choice % len(moves)]
        arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
        text = SPEC.describe_move(arr, rules_arr, move)[0]
        child = child_of(arr, rules_arr, move)
        before = sorted(map(tuple, state.columns))
        state.play(text)
        assert np.array_equal(child, SPEC.encode(state, state.rules)), text
        same_key = kernel.state_key(child, rules_arr, modes.MODE_SOLVE) == kernel.state_key(
            arr, rules_arr, modes.MODE_SOLVE)
        assert same_key == (sorted(map(tuple, state.columns)) == before)  # only a lone King changing columns


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), cards_left=st.integers(1, 30), rules=st.sampled_from(ALL_RULES),
       choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_random_games_agree_from_random_positions(seed, cards_left, rules, choices):
    play_randomly(random_position(random.Random(seed), cards_left, rules), choices)


def test_move_codes_and_description():
    state = BakersDozenState.from_position([[], [39 + 9, 39 + 8]] + [[] for _ in range(11)], [13, 13, 13, 8],
                                           {"build": "any-suit", "kings": "bottom"})
    arr, rules_arr, moves = fast_moves(state)
    assert moves == [1 * MOVE_BASE + TO_F]
    assert SPEC.describe_move(arr, rules_arr, moves[0]) == ["9S>f"]
    with pytest.raises(ValueError, match="not a move"):
        SPEC.describe_move(arr, rules_arr, 0)


def test_columns_never_outgrow_the_state():
    """CAP = 16: four dealt cards plus twelve built down onto a King."""
    col = [int(c) for c in range(39 + 9, 39 + 13)][::-1]  # 9S..KS, King on top
    built = [s * 13 + r for r in range(11, -1, -1) for s in (0,) ][:12]  # QC..AC
    state = BakersDozenState.from_position([col[::-1] + built] + [[] for _ in range(12)], [0, 13, 13, 8],
                                           {"build": "any-suit", "kings": "free"})
    arr = SPEC.encode(state, state.rules)
    assert arr[H0] == CAP and arr[C0 + CAP - 1] == 0  # AC on top
    with pytest.raises(ValueError, match="more than any position can"):
        SPEC.encode(BakersDozenState.from_position([list(range(17))] + [[]] * 12, [0] * 4, state.rules),
                    state.rules)


# --- reductions and the lower bound, against breadth-first search ----------------------
@pytest.mark.parametrize("cards_left, seed, count", [
    (6, 1, 40), (8, 2, 30), (10, 3, 10),
    pytest.param(12, 3, 40, marks=pytest.mark.slow),
])
def test_verdicts_and_lengths_match_breadth_first_search(cards_left, seed, count):
    """MODE_ALL DFS, MODE_SOLVE DFS (all reductions) and IDA* (MODE_OPTIMAL)
    against plain BFS on the reference engine."""
    wins = losses = 0
    for state in small_positions(count, cards_left, seed):
        truth = bfs_distance(state)
        solvable = truth is not None
        wins, losses = wins + solvable, losses + (not solvable)
        for mode in (modes.MODE_ALL, modes.MODE_SOLVE):
            status = search(state, mode)
            assert status == (engine.SOLVED if solvable else engine.EXHAUSTED), (mode, state.columns)
        assert shortest(state) == truth, state.columns
        assert kernel.lower_bound(SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)) <= (truth or 99)
    assert wins and losses, "the sample must hold both verdicts to test anything"


def test_dead_end_rule_never_fires_on_a_winnable_position():
    fired = 0
    for state in small_positions(300, 9, 4):
        arr = SPEC.encode(state, state.rules)
        if deadends.is_dead_end(arr, SPEC.rules_array(state.rules)):
            fired += 1
            assert bfs_distance(state) is None, state.columns
    assert fired >= 10


def test_safe_foundation_move_keeps_a_shortest_win():
    forced = 0
    for state in small_positions(120, 7, 5):
        arr, rules_arr, moves = fast_moves(state, modes.MODE_OPTIMAL)
        if len(moves) == 1 and moves[0] % MOVE_BASE == TO_F:
            after = state.copy()
            after.play(SPEC.describe_move(arr, rules_arr, moves[0])[0])
            truth = bfs_distance(state)
            assert (truth is None) == (bfs_distance(after) is None)
            if truth is not None:
                forced += 1
                assert bfs_distance(after) == truth - 1, state.columns
    assert forced >= 10


def test_lone_card_moves_are_dropped_only_under_kings_bottom():
    cols = [[39 + 6], [26 + 7, 26 + 8], [13 + 7, 13 + 9]] + [[] for _ in range(10)]  # 7S alone; 8H, 8D under 9s
    cols[1], cols[2] = [26 + 8, 26 + 7], [13 + 8, 13 + 7]  # 8H on 9H, 8D on 9D: both take 7S
    for kings in ("bottom", "free"):
        state = BakersDozenState.from_position(cols, [13, 6, 6, 5], {"build": "any-suit", "kings": kings})
        every = {SPEC.describe_move(*fast_moves(state)[:2], m)[0] for m in fast_moves(state)[2]}
        arr, rules_arr, moves = fast_moves(state, modes.MODE_SOLVE)
        reduced = {SPEC.describe_move(arr, rules_arr, m)[0] for m in moves}
        assert {"7S>t2", "7S>t3"} <= every
        assert ("7S>t2" in reduced) == (kings == "free")


# --- Kings as seats for Queens (kernel/seats.py) --------------------------------------------------
def _queens_fighting_for_one_king(kings_apart: bool) -> BakersDozenState:
    """QS over 7S and QC over 7C in one column: both Queens must move before
    their suits go on.  With KS lying on KC only KS can take a Queen; once QC
    sits there QS has nowhere to go (lost), though every card on its own can
    still move.  With the Kings in separate columns there are two seats."""
    kings = [[cards.parse("KC")], [cards.parse("KS")]] if kings_apart else [[cards.parse("KC"), cards.parse("KS")], []]
    cols = kings + [[cards.parse(c) for c in col.split()] for col in ("7S 7C QS QC", "9C", "JS", "TS", "8S", "TC",
                                                                         "JC 9S", "8C")]
    return BakersDozenState.from_position(cols + [[] for _ in range(13 - len(cols))], [6, 13, 13, 6],
                                          {"build": "any-suit", "kings": "bottom"})


@pytest.mark.parametrize("kings_apart", [False, True])
def test_seat_deadlock_sees_two_queens_needing_one_king(kings_apart):
    state = _queens_fighting_for_one_king(kings_apart)
    arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
    assert not deadends.is_dead_end(arr, rules_arr)  # the first-move relaxation lets both Queens use KS
    assert bool(seats.is_seat_deadlock(arr, rules_arr)) == (not kings_apart)
    if kings_apart:
        assert search(state, modes.MODE_ALL) == engine.SOLVED
    else:
        assert bfs_distance(state) is None
    free = state.copy()
    free.rules = {"build": "any-suit", "kings": "free"}
    assert not seats.is_seat_deadlock(SPEC.encode(free, free.rules), SPEC.rules_array(free.rules))


def test_seat_deadlock_fires_only_on_lost_positions():
    """Every position the seat test calls lost is lost by exhaustive search
    with every legal move (MODE_ALL); it must fire on a fair share."""
    rng = random.Random(21)
    fired = beyond_first_moves = 0
    for i in range(400):
        state = seat_position(rng, ALL_RULES[2 * (i % 2)])  # any-suit / bottom, other-suit / bottom
        arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
        if seats.is_seat_deadlock(arr, rules_arr):
            fired += 1
            beyond_first_moves += not deadends.is_dead_end(arr, rules_arr)
            status, ctl = run_engine(state, modes.MODE_ALL, -1, 2_000_000)
            assert status == engine.EXHAUSTED and not ctl[engine.CUTOFF], (state.columns, state.foundation)
    assert fired >= 40 and beyond_first_moves >= 8, (fired, beyond_first_moves)


def test_seat_positions_keep_their_verdicts():
    """MODE_SOLVE (seat test at every node) finds a win exactly when the
    search with every legal move does, on positions built to make Kings scarce."""
    rng = random.Random(22)
    wins = losses = 0
    for i in range(40):
        state = seat_position(rng, ALL_RULES[2 * (i % 2)])
        every, reduced = search(state, modes.MODE_ALL), search(state, modes.MODE_SOLVE)
        assert every == reduced, (state.columns, state.foundation)
        wins, losses = wins + (every == engine.SOLVED), losses + (every != engine.SOLVED)
    assert wins >= 10 and losses >= 10, (wins, losses)


def test_lower_bound_counts_cards_and_same_suit_blockers():
    rules = {"build": "any-suit", "kings": "free"}
    js, qs, ks = 39 + 10, 39 + 11, 39 + 12
    run = BakersDozenState.from_position([[ks, qs, js]] + [[] for _ in range(12)], [13, 13, 13, 10], rules)
    blocked = BakersDozenState.from_position([[js, ks], [qs]] + [[] for _ in range(11)], [13, 13, 13, 10], rules)
    for state, bound in ((run, 3), (blocked, 4)):  # KS over JS must first step into an empty column
        assert kernel.lower_bound(SPEC.encode(state, rules), SPEC.rules_array(rules)) == bound
        assert bfs_distance(state) == bound


def _cards_plus_same_suit_blockers(state: BakersDozenState) -> int:
    """The bound before cycle packing: cards left, plus one per card above a
    lower card of its own suit in its column (plain Python, for comparison)."""
    total = 0
    for col in state.columns:
        total += len(col)
        for i, c in enumerate(col):
            total += any(b // 13 == c // 13 and b % 13 < c % 13 for b in col[:i])
    return total


def test_lower_bound_counts_a_cycle_between_two_columns():
    """KH over QS, KS over QH: were all four direct, KH < QS < KS < QH < KH in
    home order; one of them must step aside (here KH into an empty column)."""
    qh, kh, qs, ks = 26 + 11, 26 + 12, 39 + 11, 39 + 12
    for kings, truth in (("free", 5), ("bottom", None)):
        rules = {"build": "any-suit", "kings": kings}
        state = BakersDozenState.from_position([[qs, kh], [qh, ks]] + [[] for _ in range(11)], [13, 13, 11, 11], rules)
        arr, rules_arr = SPEC.encode(state, rules), SPEC.rules_array(rules)
        assert _cards_plus_same_suit_blockers(state) == 4
        assert kernel.lower_bound(arr, rules_arr) == 5
        assert bfs_distance(state) == truth
        # kings=bottom: KH can never move (no home, no target, no empty column to enter)
        assert bool(deadends.is_dead_end(arr, rules_arr)) == (truth is None)


def test_lower_bound_never_exceeds_breadth_first_distance():
    """Admissibility on random small positions of every rule setting; the
    cycle term must fire on a fair share of them to be tested at all."""
    checked = stronger = 0
    rng = random.Random(11)
    for i in range(260):
        state = random_position(rng, rng.choice([6, 7, 8, 9]), ALL_RULES[i % 4])
        truth = bfs_distance(state)
        if truth is None:
            continue
        bound = int(kernel.lower_bound(SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)))
        assert bound >= _cards_plus_same_suit_blockers(state)
        assert bound <= truth, (state.columns, state.foundation, bound, truth)
        checked += 1
        stronger += bound > _cards_plus_same_suit_blockers(state)
    assert checked >= 100 and stronger >= 5, (checked, stronger)
