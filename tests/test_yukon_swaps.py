"""Yukon swap classes (solitaire/games/yukon/swaps.py): the key, the moves and
their notation, checked against members enumerated independently
(tests/yukon_swap_helpers.py)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.games.yukon import bridge, kernel
from solitaire.games.yukon.kernel import keys
from solitaire.games.yukon.kernel import state as S
from solitaire.games.yukon.kernel import swaps
from solitaire.games.yukon.reference import YukonState
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE
from yukon_swap_helpers import C, SPEC, check_key_and_moves, class_moves, crafted, members, \
    positions_along_random_games, three_pairs

ALL = bridge.rules_array()
# the reductions that act on the position alone (dead ends, the safe foundation move) are off, so
# that a class's moves can be compared with its members' moves
PLAIN = bridge.switch_array(S.FOLD_PILES | S.ONE_EMPTY)
FOLDED = bridge.switch_array(S.FOLD_PILES | S.ONE_EMPTY | S.SWAP_CLASSES)


def swap_pairs(arr: np.ndarray) -> tuple[int, list[int], list[int]]:
    """(k, covered twins, bare twins) of the kernel's swap pairs."""
    covered, bare = np.zeros(24, dtype=np.int64), np.zeros(24, dtype=np.int64)
    k = swaps.swap_pairs(arr, covered, bare, np.zeros(24, dtype=np.uint64))
    return k, covered[:k].tolist(), bare[:k].tolist()


def check_class(state: YukonState) -> int:
    """Key, moves and notation of one position's class; returns its number of
    members."""
    k, _, _ = swap_pairs(SPEC.encode(state, {}))
    group = members(state, free_only=True)
    assert k <= swaps.MAX_PAIRS == 3  # one pile per twin of a pair (swaps.py's docstring)
    assert len(group) == 2**k  # one member per choice of twin, for each pair
    check_key_and_moves(state, group, k > 0, FOLDED, PLAIN)
    return len(group)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(20, 90))
def test_a_class_key_and_moves_match_its_members(seed, steps):
    """Along random games: the class has 2**k members (k swap pairs); they
    share one key, other positions keep their own; the class's moves reach
    exactly the classes its members' moves reach (no fewer: the DFS stays
    complete; no more: only legal lines), never its own class; each move's
    notation (swaps, then the move) replays on the reference engine to the
    very child the kernel makes."""
    for state in positions_along_random_games(seed, steps):
        check_class(state)


def test_classes_with_swap_pairs_are_met_and_checked():
    """The property above is not vacuous: random games from fixed seeds
    reach hundreds of classes of 2 members and dozens of 4, each checked in
    full."""
    sizes = Counter()
    for seed in range(12):
        for state in positions_along_random_games(seed, 80):
            sizes[check_class(state)] += 1
    assert sizes[2] >= 100 and sizes[4] >= 20


def test_crafted_swap_pair_and_the_moves_only_a_member_has():
    """The class's moves include KD to its foundation (only the member with
    QC on KH has it bare), played as the swap QC>t1 and then KD>f, and
    moving QC across alone is no move of the class."""
    arr = SPEC.encode(crafted(), {})
    assert swap_pairs(arr) == (1, [C("KD")], [C("KH")])
    texts = [SPEC.describe_move(arr, ALL, m) for m in class_moves(arr, FOLDED)]
    assert ["QC>t1", "KD>f"] in texts and ["KH>f"] in texts and ["QC>f"] in texts
    assert ["QC>t1"] not in texts
    plain_texts = [SPEC.describe_move(arr, ALL, m) for m in class_moves(arr, PLAIN)]
    assert ["QC>t1"] in plain_texts and ["QC>t1", "KD>f"] not in plain_texts


def test_three_swap_pairs_the_most_seven_piles_hold_make_a_class_of_eight():
    """KH bare / KD under QC, QH bare / QD under JS, JH bare / JD under TC,
    each twin in a pile of its own (QS, JC, KC face down, TS home): the
    class has 2**3 members, one key, and the moves of all eight."""
    state = three_pairs()
    assert swap_pairs(SPEC.encode(state, {}))[0] == swaps.MAX_PAIRS
    assert check_class(state) == 8


@pytest.mark.parametrize("folding", [S.SWAP_CLASSES, S.SWAP_COMPONENTS])
def test_only_the_solvability_search_folds(folding):
    """Fewest moves counts the swaps, and MODE_ALL is the rules: both keep
    the position's own moves and key (with the swap classes and with the components)."""
    rules = bridge.switch_array(S.FOLD_PILES | S.ONE_EMPTY | folding)
    arr = SPEC.encode(crafted(), {})
    for mode in (MODE_ALL, MODE_OPTIMAL):
        out = np.zeros(SPEC.max_moves, dtype=np.int32)
        n = kernel.gen_moves(arr, rules, out, mode)
        assert n > 0 and all(m >> S.MOVE_BITS == 0 for m in out[:n])
        assert kernel.state_key(arr, rules, mode) == keys.position_key(arr, rules, mode)
    swapped = SPEC.encode(YukonState([[C("KH"), C("QC")], [C("KD")], [C("KC")], [], [], [], []], [0] * 7,
                                     [11, 12, 12, 13]), {})
    assert keys.position_key(swapped, rules, MODE_SOLVE) != keys.position_key(arr, rules, MODE_SOLVE)
    assert kernel.state_key(swapped, rules, MODE_SOLVE) == kernel.state_key(arr, rules, MODE_SOLVE)
