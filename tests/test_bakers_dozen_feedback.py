"""The sharper Baker's Dozen bound: the least feedback set of the precedence
graph (``kernel/feedback.py``), against brute force and breadth-first search."""
from __future__ import annotations

import itertools
import random

import numpy as np
from click.testing import CliRunner

from solitaire.cli import main
from solitaire.games import get_game
from bakers_dozen_oracle import bfs_distance, random_position
from solitaire.games.bakers_dozen import kernel
from solitaire.games.bakers_dozen.kernel import bounds, feedback
from solitaire.games.bakers_dozen.reference import BakersDozenState

SPEC = get_game("bakers-dozen")
ANY_BOTTOM = {"build": "any-suit", "kings": "bottom"}
ALL_RULES = [{"build": b, "kings": k} for b in ("any-suit", "other-suit") for k in ("bottom", "free")]


def precedence(state: BakersDozenState) -> tuple[set[int], dict[int, set[int]]]:
    """Plain Python: the cards outside F and u -> v among them (u above v in
    a column, or u a lower card of v's suit)."""
    alive = set()
    for col in state.columns:
        for i, c in enumerate(col):
            if not any(b // 13 == c // 13 and b % 13 < c % 13 for b in col[:i]):
                alive.add(c)
    succ = {u: set() for u in alive}
    for col in state.columns:
        for i, u in enumerate(col):
            if u in alive:
                succ[u].update(v for v in col[:i] if v in alive)
    for u in alive:
        succ[u].update(v for v in alive if v // 13 == u // 13 and v % 13 > u % 13)
    return alive, succ


def acyclic(nodes: set[int], succ: dict[int, set[int]]) -> bool:
    left = set(nodes)
    while left:
        sinks = {u for u in left if not succ[u] & left}
        if not sinks:
            return False
        left -= sinks
    return True


def brute_force_feedback(alive: set[int], succ: dict[int, set[int]]) -> int:
    for k in range(len(alive) + 1):
        if any(acyclic(alive - set(cut), succ) for cut in itertools.combinations(sorted(alive), k)):
            return k
    raise AssertionError("unreachable")


def alive_mask(alive: set[int]) -> np.ndarray:
    mask = np.zeros(52, np.bool_)
    mask[list(alive)] = True
    return mask


def test_least_feedback_is_the_minimum_feedback_set():
    """Exact with room to work; capped by the ceiling; at most 1 with no
    room to work.  Positions with overlapping cycles (least set
    above the greedy packing) must be among those checked."""
    rng = random.Random(3)
    checked = above_packing = 0
    for _ in range(400):
        state = random_position(rng, rng.randint(14, 22), ANY_BOTTOM)
        alive, succ = precedence(state)
        if len(alive) > 18:
            continue
        truth = brute_force_feedback(alive, succ)
        arr, mask = SPEC.encode(state, ANY_BOTTOM), alive_mask(alive)
        assert feedback.least_feedback(arr, mask, 0, 52, 10**6) == truth, state.columns
        assert feedback.least_feedback(arr, mask, 0, 1, 10**6) == min(truth, 1)
        # no branching allowed: only "a cycle is left, so not 0" is proved
        assert feedback.least_feedback(arr, mask, 0, 52, 0) == min(truth, 1)
        checked += 1
        above_packing += truth > packing_of(state)
    assert checked >= 100 and above_packing >= 3, (checked, above_packing)


def packing_of(state: BakersDozenState) -> int:
    """The 4-cycle packing ``lower_bound`` adds on top of the cards and F."""
    arr = SPEC.encode(state, ANY_BOTTOM)
    mb = np.empty(52, np.int64)
    ab = np.empty(52, np.uint64)
    column = np.empty(52, np.int64)
    _, alive = bounds._cards_and_blockers(arr, True, mb, ab, column)
    return int(bounds._pack_four_cycles(arr, alive, mb, ab, column))


def test_sharper_bound_never_exceeds_breadth_first_distance():
    """Admissible on small random positions of every setting (each one the
    sharper bound raises, and every fifth of the others), never below
    ``lower_bound``, and above it on enough of them to matter."""
    rng = random.Random(17)
    checked = sharper = 0
    for i in range(600):
        state = random_position(rng, rng.choice([10, 11, 12]), ALL_RULES[i % 4], columns=rng.randint(3, 5))
        arr, rules_arr = SPEC.encode(state, state.rules), SPEC.rules_array(state.rules)
        cheap = int(kernel.lower_bound(arr, rules_arr))
        sharp = int(kernel.lower_bound_at_least(arr, rules_arr, 99, cheap))
        assert sharp >= cheap
        assert int(kernel.lower_bound_at_least(arr, rules_arr, cheap + 1, cheap)) == min(sharp, cheap + 1)
        if sharp == cheap and i % 5:
            continue
        truth = bfs_distance(state)
        if truth is None:
            continue
        assert sharp <= truth, (state.columns, state.foundation, cheap, sharp, truth)
        checked += 1
        sharper += sharp > cheap
    assert checked >= 40 and sharper >= 5, (checked, sharper)


def test_cli_sharper_bound_gives_the_same_shortest_win():
    runner = CliRunner()
    plain = runner.invoke(main, ["solve", "bakers-dozen", "27", "--optimal", "--json"])
    sharp = runner.invoke(main, ["solve", "bakers-dozen", "27", "--optimal", "--sharper-bound", "--json"])
    assert plain.exit_code == sharp.exit_code == 0
    assert '"optimal": true' in plain.output and '"optimal": true' in sharp.output
    assert plain.output.count(">") == sharp.output.count(">")
    bad = runner.invoke(main, ["solve", "bakers-dozen", "27", "--sharper-bound"])
    assert bad.exit_code == 2 and "--optimal" in bad.output and "Traceback" not in bad.output
