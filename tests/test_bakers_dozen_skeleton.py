"""The skeleton relaxation (solitaire.games.bakers_dozen.research.skeleton): it may call
a position lost only when it is lost."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bakers_dozen_helpers import after_random_moves, exact
from bakers_dozen_oracle import bfs_distance, one_king_two_queens, random_position
from solitaire.jit import modes
from solitaire.games import get_game
from solitaire.games.bakers_dozen.kernel import deadends, seats
from solitaire.games.bakers_dozen.research import skeleton
from solitaire.games.bakers_dozen.research.status import LOST, WON
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.search import dfs as engine

SPEC = get_game("bakers-dozen")
ALL_RULES = [{"build": b, "kings": k} for b in ("any-suit", "other-suit") for k in ("bottom", "free")]


def skeleton_verdict(state: BakersDozenState, max_positions: int = 2_000_000) -> int:
    arr = SPEC.encode(state, state.rules)
    status, _ = skeleton.skeleton_search(arr, SPEC.rules_array(state.rules), max_positions)
    return int(status)


@pytest.mark.parametrize("part", range(4))
def test_never_loses_a_won_small_position(part):
    """On random small positions of all four settings: skeleton LOST implies
    breadth-first search finds no win; and the sample holds both verdicts.
    300 positions in four parts of 75, so that the test workers share them."""
    rng = random.Random(5 + 1000 * part)
    lost = won = 0
    for i in range(75):
        state = random_position(rng, 10, ALL_RULES[i % 4])
        verdict = skeleton_verdict(state)
        assert verdict in (WON, LOST)
        truth = bfs_distance(state)
        if verdict == LOST:
            lost += 1
            assert truth is None, (state.columns, state.foundation, state.rules)
        else:
            won += truth is not None
    assert lost >= 5 and won >= 5, (lost, won)


def test_sees_some_losses_the_dead_end_tests_miss():
    """Stronger than the kernel's dead-end tests on some lost positions (else
    it would add nothing), and every such loss is real (exhaustive search)."""
    rng = random.Random(6)
    beyond = 0
    for i in range(400):
        state = random_position(rng, 14, ALL_RULES[i % 4])
        arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
        if deadends.is_dead_end(arr, rules_arr) or seats.is_seat_deadlock(arr, rules_arr):
            continue
        if skeleton_verdict(state) == LOST:
            beyond += 1
            assert exact(state) == engine.EXHAUSTED, (state.columns, state.foundation, state.rules)
    assert beyond >= 1, beyond  # 1 of these 400 (seed 6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 10**6), rules=st.sampled_from(ALL_RULES), moves=st.integers(20, 60),
       choices=st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_never_loses_a_won_position_of_a_real_game(deal, rules, moves, choices):
    """Random lines from real deals: where the skeleton says lost, the exact
    search (MODE_SOLVE, its reductions proved) finds no win."""
    state = after_random_moves(deal, rules, choices[:moves])
    verdict = skeleton_verdict(state, 300_000)
    if verdict == LOST:
        assert exact(state, modes.MODE_SOLVE, 3_000_000) != engine.SOLVED, (deal, rules, state.columns)


def test_a_crafted_loss():
    state = one_king_two_queens()
    assert bfs_distance(state) is None
    assert skeleton_verdict(state) == LOST
    apart = state.copy()
    apart.columns[1] = [apart.columns[0].pop()]  # KS in a column of its own: two seats, won
    assert bfs_distance(apart) is not None
    assert skeleton_verdict(apart) == WON
