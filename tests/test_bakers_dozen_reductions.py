"""Every Baker's Dozen reduction (``SPEC.reductions``) switched off, one at a time.

For each switch, on a seeded sample of positions where the reduction acts:
(a) switching it off changes no answer: the verdict of the reduced search
(``MODE_SOLVE``), the shortest win (``MODE_OPTIMAL``) for the reductions
shortest wins use, the relaxed game's verdict for a relaxed game's own
reductions, and a loss a relaxed game proves is a loss of the search;
(b) it fired on that sample: the move list, the key, the bound or the
relaxed game's position count differs with it on and off, on at least a
floor of positions.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from bakers_dozen_oracle import one_king_two_queens, random_position, seat_position
from engine_runs import UNKNOWN, UNSOLVABLE, astar_length, position_verdict, shortest_length
from solitaire.games import get_game
from solitaire.games.bakers_dozen import kernel
from solitaire.games.bakers_dozen.kernel.state import MAX_MOVES, R_OFF
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.games.bakers_dozen.research import skeleton, threshold
from solitaire.games.bakers_dozen.research.status import BUDGET, LOST, REFUSED
from solitaire.jit.modes import MODE_OPTIMAL, MODE_SOLVE
from solitaire.rules import RuleError

SPEC = get_game("bakers-dozen")
ALL_RULES = [{"build": b, "kings": k} for b in ("any-suit", "other-suit") for k in ("bottom", "free")]
BOTTOM = [r for r in ALL_RULES if r["kings"] == "bottom"]
FREE = [r for r in ALL_RULES if r["kings"] == "free"]
OUT = np.zeros(MAX_MOVES, np.int32)
TT_MB = 2


def arrays(state: BakersDozenState, off: tuple[str, ...] = ()) -> tuple[np.ndarray, np.ndarray]:
    return SPEC.encode(state, state.rules), SPEC.rules_array(state.rules, off)


def move_set(state: BakersDozenState, off: tuple[str, ...] = ()) -> set[int]:
    arr, rules_arr = arrays(state, off)
    n = kernel.gen_moves(arr, rules_arr, OUT, MODE_SOLVE)
    return set(OUT[:n].tolist())


def small(seed: int, rule_sets: list[dict], cards_left=(8, 11), columns=(13, 13)):
    """Random small positions, endlessly (``bakers_dozen_oracle.random_position``)."""
    rng = random.Random(seed)
    i = 0
    while True:
        yield random_position(rng, rng.randint(*cards_left), rule_sets[i % len(rule_sets)],
                              columns=rng.randint(*columns))
        i += 1


def scarce_kings(seed: int):
    rng = random.Random(seed)
    i = 0
    while True:
        yield seat_position(rng, BOTTOM[i % 2])
        i += 1


def where_it_fires(positions, fires, want: int, tries: int) -> list[BakersDozenState]:
    """The first ``want`` positions (of at most ``tries``) on which ``fires``."""
    found = []
    for _, state in zip(range(tries), positions):
        if fires(state):
            found.append(state)
            if len(found) == want:
                break
    return found


def same_answers(state: BakersDozenState, name: str, questions: str) -> None:
    """(a): the verdict (and the shortest win where the reduction serves it)
    with and without reduction ``name``; every search decided."""
    arr, on = arrays(state)
    off = SPEC.rules_array(state.rules, (name,))
    if "solve" in questions:
        verdict = position_verdict(SPEC, arr, on, MODE_SOLVE, max_nodes=200_000, tt_mb=TT_MB)
        assert verdict != UNKNOWN
        assert position_verdict(SPEC, arr, off, MODE_SOLVE, max_nodes=400_000, tt_mb=TT_MB) == verdict, \
            (name, state.columns, state.foundation, state.rules)
    if "optimal" in questions:
        length = shortest_length(SPEC, arr, on, MODE_OPTIMAL, max_nodes=400_000, tt_mb=TT_MB)
        assert length != -1
        assert shortest_length(SPEC, arr, off, MODE_OPTIMAL, max_nodes=800_000, tt_mb=TT_MB) == length, \
            (name, state.columns, state.foundation, state.rules)


def questions_of(name: str) -> str:
    return next(r.questions for r in SPEC.reductions if r.name == name)


# --- the declaration ---------------------------------------------------------------------
def test_every_reduction_has_a_bit_and_a_test():
    bits = [r.bit for r in SPEC.reductions]
    assert all(b > 0 and b & (b - 1) == 0 for b in bits) and len(set(bits)) == len(bits)
    assert all(r.questions in ("solve", "optimal", "solve+optimal") for r in SPEC.reductions)
    tested = set(MOVE_CASES) | set(BOUND_CASES) | {"column_order_folding", "sharper_bound"} | set(RELAXED_CASES) \
        | {"seatless_relaxation", "threshold_relaxation", "skeleton_relaxation"}
    assert tested == {r.name for r in SPEC.reductions}


def test_rules_array_switch_word():
    rules = {"build": "other-suit", "kings": "free"}
    assert SPEC.rules_array(rules).tolist() == [1, 1, 0]  # the words the kernels read, and no switch off
    both = SPEC.rules_array(rules, ("seat_deadlock", "sharper_bound"))
    assert both[:R_OFF].tolist() == [1, 1] and both[R_OFF] == sum(
        r.bit for r in SPEC.reductions if r.name in ("seat_deadlock", "sharper_bound"))
    with pytest.raises(RuleError, match="no reduction 'seat_deadlok'"):
        SPEC.rules_array(rules, ("seat_deadlok",))


# --- moves: dead ends, the forced move, dropped moves -------------------------------------
# name: (positions, how many must act, out of how many tried)
MOVE_CASES = {
    "first_move_closure": (lambda: small(1, ALL_RULES, (9, 12)), 30, 600),
    "seat_deadlock": (lambda: scarce_kings(2), 20, 1000),
    "safe_foundation_move": (lambda: small(3, ALL_RULES), 30, 200),
    "lone_cards_stay_put": (lambda: small(4, BOTTOM), 20, 600),
    "king_to_leftmost_empty": (lambda: small(5, FREE), 30, 400),
    "lone_king_stays_put": (lambda: small(6, FREE, (8, 11), (4, 8)), 30, 1000),
}


@pytest.mark.parametrize("name", list(MOVE_CASES))
def test_moves_switched_off(name):
    """(b) ``gen_moves`` gives other moves without the reduction; (a) the
    same verdict and shortest win."""
    positions, want, tries = MOVE_CASES[name]
    acting = where_it_fires(positions(), lambda s: move_set(s) != move_set(s, (name,)), want, tries)
    assert len(acting) == want, (name, len(acting))
    for state in acting:
        same_answers(state, name, questions_of(name))


# --- the key ------------------------------------------------------------------------------
def test_column_order_folding_switched_off():
    """(b) a position and its columns reversed share a key only with the
    folding; (a) the same verdicts and shortest wins without it."""
    name = "column_order_folding"
    acting = 0
    for state in where_it_fires(small(7, ALL_RULES), lambda s: True, 10, 10):
        flipped = BakersDozenState.from_position(state.columns[::-1], state.foundation, state.rules)
        keys = {}
        for off in ((), (name,)):
            keys[off] = {int(kernel.state_key(*arrays(s, off), MODE_SOLVE)) for s in (state, flipped)}
        assert len(keys[()]) == 1
        acting += len(keys[(name,)]) == 2
        same_answers(state, name, questions_of(name))
    assert acting >= 8, acting


# --- the lower bound ----------------------------------------------------------------------
BOUND_CASES = {
    "own_suit_blockers": 30,
    "four_cycle_packing": 30,
}


@pytest.mark.parametrize("name", list(BOUND_CASES))
def test_bound_parts_switched_off(name):
    """(b) a smaller ``lower_bound`` without the part; (a) the same shortest
    win by IDA* and by A*."""
    def fires(state):
        return kernel.lower_bound(*arrays(state)) > kernel.lower_bound(*arrays(state, (name,)))

    acting = where_it_fires(small(8, ALL_RULES, (9, 12), (3, 6)), fires, BOUND_CASES[name], 600)
    assert len(acting) == BOUND_CASES[name], (name, len(acting))
    for state in acting:
        same_answers(state, name, questions_of(name))
        arr, off = arrays(state, (name,))
        assert astar_length(SPEC, arr, off, partial=True, tt_mb=TT_MB)[0] == \
            astar_length(SPEC, *arrays(state), partial=True, tt_mb=TT_MB)[0]


def test_sharper_bound_switched_off():
    """(b) ``lower_bound_at_least`` raises the plain bound only with the
    switch on; off, it gives back what it was handed; (a) A* with the
    sharper bound finds the same shortest wins either way."""
    def fires(state):
        arr, on = arrays(state)
        cheap = int(kernel.lower_bound(arr, on))
        return kernel.lower_bound_at_least(arr, on, 99, cheap) > cheap

    acting = where_it_fires(small(9, ALL_RULES, (12, 16), (4, 5)), fires, 15, 600)
    assert len(acting) == 15, len(acting)
    for state in acting:
        arr, on = arrays(state)
        off = SPEC.rules_array(state.rules, ("sharper_bound",))
        cheap = int(kernel.lower_bound(arr, off))
        assert kernel.lower_bound_at_least(arr, off, 99, cheap) == cheap
        sharp = astar_length(SPEC, arr, on, partial=True, sharper=True, tt_mb=TT_MB)[0]
        assert sharp != -1
        assert astar_length(SPEC, arr, off, partial=True, sharper=True, tt_mb=TT_MB)[0] == sharp
        assert shortest_length(SPEC, arr, on, MODE_OPTIMAL, tt_mb=TT_MB) == sharp


# --- the relaxed games that prove losses ------------------------------------------------
def prove(state: BakersDozenState, off: tuple[str, ...] = ()) -> tuple[bool, int, str]:
    return SPEC.search.prove_lost(*arrays(state, off), 10**5)


@pytest.mark.parametrize("name, other_rung", [("seatless_relaxation", "threshold_relaxation"),
                                              ("threshold_relaxation", "seatless_relaxation")])
def test_ladder_rungs_switched_off(name, other_rung):
    """kings=bottom, the other kind of rung switched off: (b) the ladder
    proves losses with this kind of rung and none without; (a) each is a
    loss of the search."""
    game = name.split("_")[0]

    def fires(state):
        lost, _, proof = prove(state, (other_rung,))
        return lost and proof.startswith(game) and prove(state, (other_rung, name)) == (False, 0, "")

    positions = (s for pair in zip(scarce_kings(10), small(11, BOTTOM, (10, 14))) for s in pair)
    acting = where_it_fires(positions, fires, 15, 600)
    assert len(acting) == 15, (name, len(acting))
    for state in acting:
        assert position_verdict(SPEC, *arrays(state), MODE_SOLVE, max_nodes=400_000, tt_mb=TT_MB) == UNSOLVABLE
    crafted = one_king_two_queens()
    assert prove(crafted, (other_rung,))[2] == f"{game} relaxation at rank {5 if game == 'seatless' else 8}"


def test_skeleton_relaxation_switched_off():
    """kings=free: (b) the skeleton game proves losses, and nothing is tried
    without it; (a) each is a loss of the search."""
    def fires(state):
        return prove(state)[0] and prove(state, ("skeleton_relaxation",)) == (False, 0, "")

    acting = where_it_fires(small(12, FREE, (10, 14)), fires, 15, 1000)
    assert len(acting) == 15, len(acting)
    for state in acting:
        assert position_verdict(SPEC, *arrays(state), MODE_SOLVE, max_nodes=400_000, tt_mb=TT_MB) == UNSOLVABLE


def threshold_run(state, off, thr):
    return threshold.threshold_search(*arrays(state, off), thr, 10**6)


def skeleton_run(state, off):
    return skeleton.skeleton_search(*arrays(state, off), 10**6)


# name: (search of one position with switches ``off``, positions, how many must act)
RELAXED_CASES = {
    "threshold_safe_home": (lambda s, off: threshold_run(s, off, 5), BOTTOM, 25),
    "threshold_lone_card": (lambda s, off: threshold_run(s, off, 7), BOTTOM, 25),
    "threshold_dead_end": (lambda s, off: threshold_run(s, off, 5), BOTTOM, 25),
    "skeleton_safe_home": (skeleton_run, ALL_RULES, 25),
    "skeleton_lone_card": (skeleton_run, BOTTOM, 25),
    "skeleton_dead_end": (skeleton_run, ALL_RULES, 25),
}


@pytest.mark.parametrize("name", list(RELAXED_CASES))
def test_relaxed_games_own_reductions_switched_off(name):
    """(b) the relaxed game visits other positions without the reduction;
    (a) its verdict is the same (lost positions among them: where a relaxed
    game proves losses)."""
    run, rule_sets, want = RELAXED_CASES[name]
    verdicts = set()

    def fires(state):
        (status, positions), (status_off, positions_off) = run(state, ()), run(state, (name,))
        if status in (BUDGET, REFUSED) or status_off == BUDGET or positions == positions_off:
            return False
        assert status_off == status, (name, state.columns, state.foundation, state.rules)
        verdicts.add(int(status))
        return True

    acting = where_it_fires(small(13, rule_sets, (10, 13)), fires, want, 300)
    assert len(acting) == want and LOST in verdicts, (name, len(acting), verdicts)
