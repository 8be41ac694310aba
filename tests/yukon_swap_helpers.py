"""Yukon swap classes, checked against the reference engine: the members of a
class found by playing swaps there, and the class's key and moves compared
with its members' (tests/test_yukon_swaps.py for the free-stack swap classes,
tests/test_yukon_swap_components.py for the opt-in components)."""
from __future__ import annotations

import random

import numpy as np

from solitaire import cards
from solitaire.games import get_game
from solitaire.games.yukon import kernel
from solitaire.games.yukon.kernel import moves as M
from solitaire.games.yukon.reference import YukonState
from solitaire.jit.modes import MODE_SOLVE
from test_yukon_fast import random_layout

SPEC = get_game("yukon")
C = cards.parse


def twin(card: int) -> int:
    """The other card of the same rank and colour."""
    return next(c for c in range(52) if c != card and cards.rank(c) == cards.rank(card)
                and cards.is_red(c) == cards.is_red(card))


def is_swap_text(state: YukonState, text: str, free_only: bool) -> bool:
    """A legal move carrying a stack from a face-up twin it fits onto the
    bare other twin (a swap), read off the reference position; with
    ``free_only``, only a stack holding no card whose twin is face up (the swap classes)."""
    if text.endswith(">f"):
        return False
    card, pile = cards.parse(text.split(">")[0]), int(text.split(">t")[1]) - 1
    src = next(p for p, cs in enumerate(state.piles) if card in cs)
    i = state.piles[src].index(card)
    if i == 0 or i - 1 < state.face_down[src] or not state.piles[pile]:
        return False
    below, top = state.piles[src][i - 1], state.piles[pile][-1]
    same_rank_and_colour = cards.rank(below) == cards.rank(top) and cards.is_red(below) == cards.is_red(top)
    face_up = {c for p, cs in enumerate(state.piles) for c in cs[state.face_down[p]:]}
    holds_a_twin = free_only and any(twin(c) in face_up for c in state.piles[src][i:])
    return (below != top and same_rank_and_colour and cards.rank(card) + 1 == cards.rank(below)
            and cards.is_red(card) != cards.is_red(below) and not holds_a_twin)


def members(state: YukonState, free_only: bool) -> list[YukonState]:
    """Every position reachable by swaps (a closure on the reference engine)."""
    seen = {SPEC.encode(state, {}).tobytes(): state}
    todo = [state]
    while todo:
        now = todo.pop()
        for text in now.legal_moves():
            if is_swap_text(now, text, free_only):
                after = now.copy()
                after.play(text)
                key = SPEC.encode(after, {}).tobytes()
                if key not in seen:
                    seen[key] = after
                    todo.append(after)
    return list(seen.values())


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


def crafted() -> YukonState:
    """KH bare, KD under QC: one swap (every other card home but KC)."""
    return YukonState([[C("KH")], [C("KD"), C("QC")], [C("KC")], [], [], [], []], [0] * 7, [11, 12, 12, 13])


def three_pairs() -> YukonState:
    """KH bare / KD under QC, QH bare / QD under JS, JH bare / JD under TC,
    each twin in a pile of its own (QS, JC, KC face down, TS home)."""
    return YukonState([[C("KH")], [C("JC"), C("KD"), C("QC")], [C("QH")], [C("KC"), C("QD"), C("JS")],
                       [C("KS"), C("JH")], [C("QS"), C("JD"), C("TC")], []], [0, 1, 0, 1, 1, 1, 0],
                      [9, 10, 10, 10])


def class_moves(arr: np.ndarray, rules: np.ndarray) -> list[int]:
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    n = kernel.gen_moves(arr, rules, out, MODE_SOLVE)
    return [int(m) for m in out[:n]]


def played(arr: np.ndarray, move: int, rules: np.ndarray) -> np.ndarray:
    child = np.zeros_like(arr)
    kernel.apply_move(arr, rules, move, child)
    return child


def check_key_and_moves(state: YukonState, group: list[YukonState], folded: bool, rules: np.ndarray,
                        plain: np.ndarray, joined=None) -> None:
    """Under the folding ``rules``: the members of ``group`` share one key
    when ``folded`` (other positions keep their own); the class's moves
    reach exactly the classes its members' own moves (under ``plain``)
    reach, never its own; each move's notation (swaps, then the move)
    replays on the reference engine to the very child the kernel makes.
    ``joined(child, reached)``: a class a member's move reaches that the
    class's moves do not is allowed only where it says the child is joined
    to one they reach (the components' classes too big to fold)."""
    arr = SPEC.encode(state, {})
    key = kernel.state_key(arr, rules, MODE_SOLVE)
    for other in group:
        other_arr = SPEC.encode(other, {})
        same = folded or other_arr.tobytes() == arr.tobytes()
        assert (kernel.state_key(other_arr, rules, MODE_SOLVE) == key) == same
    expected = {}  # the classes the members' own moves reach, swaps left out: key -> a child
    for other in (group if folded else [state]):
        other_arr = SPEC.encode(other, {})
        out = np.zeros(SPEC.max_moves, dtype=np.int32)
        for m in out[:M.position_moves(other_arr, plain, out, MODE_SOLVE)]:
            child = np.zeros_like(arr)
            M.play(other_arr, m, child)
            child_key = kernel.state_key(child, rules, MODE_SOLVE)
            if child_key != key or not folded:
                expected[child_key] = child
    reached = set()
    for m in class_moves(arr, rules):
        child = played(arr, m, rules)
        reached.add(kernel.state_key(child, rules, MODE_SOLVE))
        after = state.copy()
        for text in SPEC.describe_move(arr, rules, m):
            after.play(text)
        assert np.array_equal(SPEC.encode(after, {}), child)
    if folded:
        assert key not in reached  # no swap among the moves
    assert reached <= set(expected)
    for child_key in set(expected) - reached:
        assert joined is not None and joined(expected[child_key], reached)
