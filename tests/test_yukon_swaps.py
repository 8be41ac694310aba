"""Yukon swap classes (solver/games/yukon/swaps.py): the key, the moves and
their notation, checked against members enumerated independently."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import cards
from solver.games import get_game
from solver.games.yukon import fast, swaps
from solver.games.yukon import kernel as K
from solver.games.yukon.reference import YukonState
from solver.search.config import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE
from test_yukon_fast import random_layout

SPEC = get_game("yukon")
ALL = fast.rules_array()
# the reductions that act on the position alone (dead ends, R1) are off, so
# that a class's moves can be compared with its members' moves
PLAIN = fast.rules_array(K.FOLD_PILES | K.ONE_EMPTY)
FOLDED = fast.rules_array(K.FOLD_PILES | K.ONE_EMPTY | K.SWAP_CLASSES)
C = cards.parse


def is_swap_text(state: YukonState, text: str) -> bool:
    """A legal move carrying a stack from a face-up twin it fits onto the
    bare other twin, the stack holding no card whose twin is face up (a
    swap, swaps.py), read off the reference position."""
    if text.endswith(">f"):
        return False
    card, pile = cards.parse(text.split(">")[0]), int(text.split(">t")[1]) - 1
    src = next(p for p, cs in enumerate(state.piles) if card in cs)
    i = state.piles[src].index(card)
    if i == 0 or i - 1 < state.face_down[src]:
        return False
    if not state.piles[pile]:
        return False
    below, top = state.piles[src][i - 1], state.piles[pile][-1]
    same_rank_and_colour = cards.rank(below) == cards.rank(top) and cards.is_red(below) == cards.is_red(top)
    face_up = {c for p, cs in enumerate(state.piles) for c in cs[state.face_down[p]:]}
    holds_a_twin = any(twin(c) in face_up for c in state.piles[src][i:])
    return (below != top and same_rank_and_colour and cards.rank(card) + 1 == cards.rank(below)
            and cards.is_red(card) != cards.is_red(below) and not holds_a_twin)


def twin(card: int) -> int:
    """The other card of the same rank and colour."""
    return next(c for c in range(52) if c != card and cards.rank(c) == cards.rank(card)
                and cards.is_red(c) == cards.is_red(card))


def members(state: YukonState) -> list[YukonState]:
    """Every position reachable by swaps (a closure on the reference engine)."""
    seen = {SPEC.encode(state, {}).tobytes(): state}
    todo = [state]
    while todo:
        now = todo.pop()
        for text in now.legal_moves():
            if is_swap_text(now, text):
                after = now.copy()
                after.play(text)
                key = SPEC.encode(after, {}).tobytes()
                if key not in seen:
                    seen[key] = after
                    todo.append(after)
    return list(seen.values())


def swap_pairs(arr: np.ndarray) -> tuple[int, list[int], list[int]]:
    """(k, covered twins, bare twins) of the kernel's swap pairs."""
    covered, bare = np.zeros(24, dtype=np.int64), np.zeros(24, dtype=np.int64)
    k = swaps.swap_pairs(arr, covered, bare, np.zeros(24, dtype=np.uint64))
    return k, covered[:k].tolist(), bare[:k].tolist()


def class_moves(arr: np.ndarray, rules=FOLDED) -> list[int]:
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    n = swaps.gen_moves(arr, rules, out, MODE_SOLVE)
    return [int(m) for m in out[:n]]


def played(arr: np.ndarray, move: int) -> np.ndarray:
    child = np.zeros_like(arr)
    swaps.apply_move(arr, FOLDED, move, child)
    return child


def positions_along_random_games(seed: int, steps: int):
    rng = random.Random(seed)
    state = SPEC.new_reference(random_layout(rng), {})
    for _ in range(steps):
        yield state
        moves = state.legal_moves()
        if not moves:
            return
        ups = [m for m in moves if m.endswith(">f")]
        state.play(rng.choice(ups) if ups and rng.random() < 0.3 else rng.choice(moves))


def check_class(state: YukonState) -> int:
    """Key, moves and notation of one position's class; returns its number of
    members."""
    arr = SPEC.encode(state, {})
    k, _, _ = swap_pairs(arr)
    group = members(state)
    folded = k > 0
    assert k <= swaps.MAX_PAIRS == 3  # one pile per twin of a pair (swaps.py's docstring)
    assert len(group) == 2**k  # one member per choice of twin, for each pair
    key = swaps.state_key(arr, FOLDED, MODE_SOLVE)
    for other in group:  # one key for the class, the plain key otherwise
        other_arr = SPEC.encode(other, {})
        same = folded or other_arr.tobytes() == arr.tobytes()
        assert (swaps.state_key(other_arr, FOLDED, MODE_SOLVE) == key) == same
    expected = set()  # the classes the members' own moves reach, swaps left out
    for other in (group if folded else [state]):
        other_arr = SPEC.encode(other, {})
        out = np.zeros(SPEC.max_moves, dtype=np.int32)
        for m in out[:K.gen_moves(other_arr, PLAIN, out, MODE_SOLVE)]:
            child = np.zeros_like(arr)
            K.apply_move(other_arr, PLAIN, m, child)
            child_key = swaps.state_key(child, FOLDED, MODE_SOLVE)
            if child_key != key or not folded:
                expected.add(child_key)
    moves = class_moves(arr)
    reached = set()
    for m in moves:
        child = played(arr, m)
        reached.add(swaps.state_key(child, FOLDED, MODE_SOLVE))
        after = state.copy()  # the notation plays the swaps, then the move
        for text in SPEC.describe_move(arr, ALL, m):
            after.play(text)
        assert np.array_equal(SPEC.encode(after, {}), child)
    if folded:
        assert key not in reached  # no swap among the moves
    assert reached == expected
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


def crafted() -> YukonState:
    """KH bare, KD under QC: one swap pair (every other card home but KC)."""
    return YukonState([[C("KH")], [C("KD"), C("QC")], [C("KC")], [], [], [], []], [0] * 7, [11, 12, 12, 13])


def test_crafted_swap_pair_and_the_moves_only_a_member_has():
    """The class's moves include KD to its foundation (only the member with
    QC on KH has it bare), played as the swap QC>t1 and then KD>f, and
    moving QC across alone is no move of the class."""
    arr = SPEC.encode(crafted(), {})
    assert swap_pairs(arr) == (1, [C("KD")], [C("KH")])
    texts = [SPEC.describe_move(arr, ALL, m) for m in class_moves(arr)]
    assert ["QC>t1", "KD>f"] in texts and ["KH>f"] in texts and ["QC>f"] in texts
    assert ["QC>t1"] not in texts
    plain_texts = [SPEC.describe_move(arr, ALL, m) for m in class_moves(arr, PLAIN)]
    assert ["QC>t1"] in plain_texts and ["QC>t1", "KD>f"] not in plain_texts


def test_three_swap_pairs_the_most_seven_piles_hold_make_a_class_of_eight():
    """KH bare / KD under QC, QH bare / QD under JS, JH bare / JD under TC,
    each twin in a pile of its own (QS, JC, KC face down, TS home): the
    class has 2**3 members, one key, and the moves of all eight."""
    state = YukonState([[C("KH")], [C("JC"), C("KD"), C("QC")], [C("QH")], [C("KC"), C("QD"), C("JS")],
                        [C("KS"), C("JH")], [C("QS"), C("JD"), C("TC")], []], [0, 1, 0, 1, 1, 1, 0],
                       [9, 10, 10, 10])
    assert swap_pairs(SPEC.encode(state, {}))[0] == swaps.MAX_PAIRS
    assert check_class(state) == 8


def test_only_the_solvability_search_folds():
    """Fewest moves counts the swaps, and MODE_ALL is the rules: both keep
    the position's own moves and key."""
    arr = SPEC.encode(crafted(), {})
    for mode in (MODE_ALL, MODE_OPTIMAL):
        out = np.zeros(SPEC.max_moves, dtype=np.int32)
        n = swaps.gen_moves(arr, FOLDED, out, mode)
        assert n > 0 and all(m >> swaps.PAIR_SHIFT == 0 for m in out[:n])
        assert swaps.state_key(arr, FOLDED, mode) == K.state_key(arr, FOLDED, mode)
    swapped = SPEC.encode(YukonState([[C("KH"), C("QC")], [C("KD")], [C("KC")], [], [], [], []], [0] * 7,
                                     [11, 12, 12, 13]), {})
    assert K.state_key(swapped, FOLDED, MODE_SOLVE) != K.state_key(arr, FOLDED, MODE_SOLVE)
    assert swaps.state_key(swapped, FOLDED, MODE_SOLVE) == swaps.state_key(arr, FOLDED, MODE_SOLVE)
