"""Each Yukon reduction switched off by name (``SPEC.rules_array({}, off=(name,))``).

For every switch, on a seeded sample of small positions: the switch acts on
at least a floor of them (it changes the moves, the key or the lower bound),
and where it acts, the verdict of the reduced search (a plain DFS in
``MODE_SOLVE``) is the same with it off, and so is the shortest win (IDA* in
``MODE_OPTIMAL``) for the switches that fewest-moves searches use.

Some switches act only beside others, so each is measured in a *context* of
switches off on both sides: the frozen cards (``dead_end``) with ``pinned``
off (the pinned cards hold every frozen one), ``pinned`` with its two twin
extensions off, and ``twins`` with ``twin_window`` off (the window test
finds nearly every position the twin test finds).  The verdicts are also
compared with only the switch itself off.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from engine_runs import position_verdict, shortest_length
from solitaire.games import get_game
from solitaire.games.yukon import bridge, kernel
from solitaire.games.yukon.kernel import state as S
from solitaire.games.yukon.reference import YukonState
from solitaire.jit.modes import MODE_OPTIMAL, MODE_SOLVE
from solitaire.rules import RuleError
from test_yukon_solve import small_position, twin_position, window_pattern_position

SPEC = get_game("yukon")
MAX_NODES = 200_000


def _window(rng: random.Random) -> YukonState:
    while True:
        state = window_pattern_position(rng, rng.randint(6, 11))
        if state is not None:
            return state


GENERATORS = {
    "small": lambda rng: small_position(rng, rng.randint(6, 12)),  # 6-12 cards in play
    "large": lambda rng: small_position(rng, rng.randint(12, 18)),
    "twin": lambda rng: twin_position(rng, rng.randint(6, 11)),  # a face-down card under its twin
    "window": _window,  # a face-down card whose twin must move first
}


def rules(*off: str) -> np.ndarray:
    return SPEC.rules_array({}, off=off)


def moves(arr: np.ndarray, rules_arr: np.ndarray) -> list[int]:
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    return [int(m) for m in out[:kernel.gen_moves(arr, rules_arr, out, MODE_SOLVE)]]


def moves_differ(arr: np.ndarray, on: np.ndarray, off: np.ndarray) -> bool:
    return moves(arr, on) != moves(arr, off)


def dead_only_with(arr: np.ndarray, on: np.ndarray, off: np.ndarray) -> bool:
    """A dead-end test: no moves with it, some without."""
    return moves(arr, on) == [] and moves(arr, off) != []


def fold_acts(arr: np.ndarray, on: np.ndarray, off: np.ndarray) -> bool:
    """The piles in reverse order: one key with the folding, two without."""
    reverse = arr.copy()
    for p in range(S.PILES):
        q = S.PILES - 1 - p
        reverse[S.LEN + p], reverse[S.DOWN + p] = arr[S.LEN + q], arr[S.DOWN + q]
        reverse[S.CARDS + p * S.CAP:S.CARDS + (p + 1) * S.CAP] = arr[S.CARDS + q * S.CAP:S.CARDS + (q + 1) * S.CAP]
    if np.array_equal(reverse, arr):
        return False
    return (kernel.state_key(arr, on, MODE_SOLVE) == kernel.state_key(reverse, on, MODE_SOLVE)
            and kernel.state_key(arr, off, MODE_SOLVE) != kernel.state_key(reverse, off, MODE_SOLVE))


def bound_differs(arr: np.ndarray, on: np.ndarray, off: np.ndarray) -> bool:
    return kernel.lower_bound(arr, on) != kernel.lower_bound(arr, off)


# name: (generator, seeds, context switched off on both sides, how it acts, floor of positions acted on).
# Where a switch acts rarely, the seeds are the first twenty of 0..5999 where it acts.
SAMPLES = {
    "safe_foundation": ("small", range(30), (), moves_differ, 15),
    "fold_piles": ("small", range(15), (), fold_acts, 12),
    "one_empty": ("small", range(60), (), moves_differ, 15),
    "dead_end": ("twin", range(100), ("pinned",), dead_only_with, 12),
    "pinned": ("large", (11, 149, 218, 222, 225, 248, 288, 342, 402, 426, 452, 546, 603, 605, 794, 869, 1002, 1054,
                         1113, 1141), ("twins", "twin_window"), dead_only_with, 20),
    "twins": ("twin", (38, 101, 103, 193, 211, 230, 310, 322, 554, 665, 843, 848, 1074, 1143, 1197, 1241, 1454,
                       1560, 1629, 1647), ("twin_window",), dead_only_with, 20),
    "twin_window": ("window", range(30), (), dead_only_with, 15),
    "swap_classes": ("large", (29, 70, 122, 202, 213, 229, 608, 677, 748, 756, 807, 871, 976, 1018, 1030, 1198,
                               1199, 1256, 1283, 1345), (), moves_differ, 20),
    "cut_sets": ("small", (5, 111, 134, 152, 228, 240, 268, 285, 361, 387, 407, 447, 464, 492, 517, 563, 573, 607,
                           637, 674), (), bound_differs, 20),
}


def test_every_reduction_is_declared_once_with_a_bit_of_the_switch_word():
    names = [r.name for r in SPEC.reductions]
    assert sorted(names) == sorted(SAMPLES) and len(set(names)) == len(names)
    bits = [r.bit for r in SPEC.reductions]
    assert all(b & (b - 1) == 0 for b in bits) and len(set(bits)) == len(bits)
    assert sum(bits) == S.ALL_REDUCTIONS and not S.ALL_REDUCTIONS & S.SWAP_COMPONENTS
    assert {r.questions for r in SPEC.reductions} <= {"solve", "optimal", "solve+optimal"}
    # with no switch off the word is the one the kernels always read
    assert rules().tolist() == bridge.rules_array().tolist() == [S.ALL_REDUCTIONS]
    assert rules(*names).tolist() == [0]
    assert rules("pinned", "cut_sets")[S.R_OFF] == S.ALL_REDUCTIONS & ~S.PINNED & ~S.CUT_SETS
    with pytest.raises(RuleError, match="no reduction 'frozen'"):
        rules("frozen")


def test_weighted_phase_clears_the_cut_sets_of_any_switch_word():
    for off in ((), ("pinned",), ("cut_sets",)):
        assert SPEC.search.weighted_rules(rules(*off))[S.R_OFF] == rules(*off)[S.R_OFF] & ~S.CUT_SETS


def verdict(arr: np.ndarray, rules_arr: np.ndarray, mode: int = MODE_SOLVE) -> str:
    return position_verdict(SPEC, arr, rules_arr, mode, max_nodes=MAX_NODES)


def shortest(arr: np.ndarray, rules_arr: np.ndarray) -> int | None:
    return shortest_length(SPEC, arr, rules_arr, MODE_OPTIMAL, max_nodes=MAX_NODES)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_switching_a_reduction_off_keeps_the_verdicts_where_it_acts(name):
    generator, seeds, context, acts, floor = SAMPLES[name]
    reduction = next(r for r in SPEC.reductions if r.name == name)
    on, off = rules(*context), rules(*context, name)
    acted = won = 0
    for seed in seeds:
        state = GENERATORS[generator](random.Random(seed))
        if state is None:  # the twin pattern needs cards the seed did not put in play
            continue
        arr = SPEC.encode(state, {})
        if not acts(arr, on, off):
            continue
        acted += 1
        if "solve" in reduction.questions:
            expected = verdict(arr, on)
            assert expected != "unknown", seed
            assert verdict(arr, off) == expected, seed
            if context:
                assert verdict(arr, rules(name)) == verdict(arr, rules()) == expected, seed
        if "optimal" in reduction.questions:  # lost: the same verdict; won: the same shortest length
            if verdict(arr, on, MODE_OPTIMAL) == "unsolvable":
                assert verdict(arr, off, MODE_OPTIMAL) == "unsolvable", seed
            else:
                length = shortest(arr, on)
                assert length is not None and length >= 0, seed
                assert shortest(arr, off) == length, seed
                won += 1
    assert acted >= floor
    if "optimal" in reduction.questions and acts is not dead_only_with:  # dead ends act on lost positions only
        assert won >= floor // 2  # shortest wins compared, not only losses
