"""Pyramid's compound search moves: the search modes fold stock actions
into a removal; each such move, replayed on the reference engine step by
step, reaches the very position the kernel computes, at the cost it claims.
The single actions (MODE_ALL) against the reference engine from deals, keys
and replays are the conformance suite's (``test_conformance.py``).
"""
import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.deals import deck
from solitaire.games.pyramid import kernel as K
from solitaire.rules import parse_rules
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE

from test_pyramid_helpers import ALL, SPEC, fast_moves, rules_arr, small_position

rule_sets = st.one_of(
    st.fixed_dictionaries({"draw": st.just(1), "passes": st.sampled_from([1, 2, 3, "unlimited"]),
                           "stock_top_playable": st.booleans(), "pair_covering": st.booleans()}),
    st.fixed_dictionaries({"draw": st.just(3), "stock_top_playable": st.booleans(),
                           "pair_covering": st.booleans()}),
)


def check_compound_moves(ref, rules, arr):
    """The search modes' moves at ``ref``; the position's MODE_ALL moves, described."""
    state = SPEC.encode(ref, rules)
    child = np.empty_like(state)
    for mode in (MODE_SOLVE, MODE_OPTIMAL):
        for m in fast_moves(state, arr, mode):
            texts = SPEC.describe_move(state, arr, m)
            after = ref.copy()
            for text in texts:
                assert text in after.legal_moves(), (texts, text)
                after.play(text)
            K.apply_move(state, arr, m, child)
            assert np.array_equal(child, SPEC.encode(after, rules)), texts
            assert K.move_cost(state, arr, m) == len(texts)
    return [SPEC.describe_move(state, arr, m)[0] for m in fast_moves(state, arr, MODE_ALL)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets, st.integers(1, 10**6), st.integers(0, 2**32))
def test_compound_moves_reach_the_kernels_child_in_random_games(given_rules, deal_number, seed):
    rules = parse_rules(SPEC, given_rules)
    arr = SPEC.rules_array(rules)
    rng = random.Random(seed)
    ref = SPEC.new_reference(SPEC.layout_from_deck(deck(deal_number)), rules)
    for _ in range(80):
        described = check_compound_moves(ref, rules, arr)
        if not described:
            break
        # prefer removals so that games get deep into the pyramid
        removals = [d for d in described if d not in ("draw", "redeal")]
        ref.play(rng.choice(removals) if removals and rng.random() < 0.7 else rng.choice(described))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets, st.integers(0, 10**6))
def test_end_game_positions_agree(given_rules, seed):
    """Random end games (few cards left anywhere), which random play from
    a deal seldom reaches: the single actions too."""
    rules = parse_rules(SPEC, given_rules)
    ref = small_position(seed, rules, keep_pyramid=6, keep_other=10)
    assert sorted(check_compound_moves(ref, rules, SPEC.rules_array(rules))) == sorted(ref.legal_moves())


def test_move_buffer_bound_holds_on_busy_positions():
    """Many exposed cards and a full stock: the search modes' move list stays in MAX_MOVES."""
    for given_rules in ({"preset": "microsoft"}, {"draw": 3, "stock_top_playable": True, "pair_covering": True}):
        rules = parse_rules(SPEC, given_rules)
        arr = SPEC.rules_array(rules)
        for seed in range(40):
            ref = small_position(seed, rules, keep_pyramid=10, keep_other=24)
            n = len(fast_moves(SPEC.encode(ref, rules), rules_arr(rules, ALL), MODE_SOLVE))
            assert n <= K.MAX_MOVES
            assert len(fast_moves(SPEC.encode(ref, rules), arr, MODE_ALL)) <= 80
