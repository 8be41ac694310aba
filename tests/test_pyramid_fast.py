"""The fast Pyramid engine agrees with the reference engine move for move.

Random play in both engines (hypothesis): at every position the fast
engine's full move list (MODE_ALL), described in notation, is exactly what
the reference engine allows, and every fast child equals the encoded
reference position after that move.  The search modes' compound moves
(stock actions folded into a removal) are replayed on the reference engine
and must reach the very position the kernel computes, at the cost it claims.
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


def check_position(ref, rules, arr):
    state = SPEC.encode(ref, rules)
    moves = fast_moves(state, arr, MODE_ALL)
    described = [SPEC.describe_move(state, arr, m) for m in moves]
    assert all(len(d) == 1 for d in described)
    assert sorted(d[0] for d in described) == sorted(ref.legal_moves())
    child = np.empty_like(state)
    for m, (text,) in zip(moves, described):
        K.apply_move(state, arr, m, child)
        after = ref.copy()
        after.play(text)
        assert np.array_equal(child, SPEC.encode(after, rules)), text
        assert K.is_won(child, arr) == after.is_won()
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
    return moves, described


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets, st.integers(1, 10**6), st.integers(0, 2**32))
def test_random_games_agree(given_rules, deal_number, seed):
    rules = parse_rules(SPEC, given_rules)
    arr = SPEC.rules_array(rules)
    rng = random.Random(seed)
    ref = SPEC.new_reference(SPEC.layout_from_deck(deck(deal_number)), rules)
    for _ in range(80):
        moves, described = check_position(ref, rules, arr)
        if not moves:
            break
        # prefer removals so that games get deep into the pyramid
        removals = [d[0] for d in described if d[0] not in ("draw", "redeal")]
        ref.play(rng.choice(removals) if removals and rng.random() < 0.7 else rng.choice(described)[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets, st.integers(0, 10**6))
def test_end_game_positions_agree(given_rules, seed):
    rules = parse_rules(SPEC, given_rules)
    ref = small_position(seed, rules, keep_pyramid=6, keep_other=10)
    check_position(ref, rules, SPEC.rules_array(rules))


def test_full_key_never_merges_two_positions():
    rules = parse_rules(SPEC, {})
    arr = SPEC.rules_array(rules)
    seen = {}
    for seed in range(300):
        ref = small_position(seed, rules, keep_pyramid=5, keep_other=6)
        state = SPEC.encode(ref, rules)
        key = int(K.state_key(state, arr, MODE_ALL))
        raw = state.tobytes()
        assert seen.setdefault(key, raw) == raw  # MODE_ALL keys never merge two positions
    state = SPEC.encode(small_position(1, rules), rules)
    assert K.state_key(state, arr, MODE_ALL) != 0


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
