"""Every Klondike reduction and dead-end pattern against exhaustive search.

The solver's MODE_SOLVE search prunes moves (proofs in kernel.py) and stops
at dead ends.  On random late positions, small enough for an exhaustive
search with every legal move (MODE_ALL, itself checked move for move
against the reference engine), both searches must give the same verdict,
and a position the dead-end test rejects must be lost.  Shortest wins
(MODE_OPTIMAL) must have the same length as with every move.
"""
import random

import numpy as np
import pytest

from klondike_helpers import random_endgame
from solver.deals import make_deal
from solver.games import get_game
from solver.games.klondike import kernel as k
from solver.rules import parse_rules
from solver.search.config import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE
from solver.search.position import SOLVED, UNKNOWN, astar_length, position_verdict, shortest_length
from solver.search.solve import solve

SPEC = get_game("klondike")
RULE_SETS = [
    {"draw": 1}, {"draw": 3}, {"draw": 1, "passes": 2}, {"draw": 1, "passes": "unlimited"},
    {"draw": 3, "passes": "unlimited"}, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True},
    {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}, {"draw": 2, "passes": 2, "foundation_to_tableau": True},
]


def verdict(state, rules, mode):
    """True (won), False (lost) or None (undecided within the budget)."""
    found = position_verdict(SPEC, state, SPEC.rules_array(rules), mode, max_nodes=400_000, tt_mb=16)
    return None if found == UNKNOWN else found == SOLVED


def is_dead_end(state, rules):
    return k.dead_end(state, SPEC.rules_array(rules), np.zeros(52, dtype=np.int32))


def test_reduced_search_agrees_with_every_move_search_on_random_endgames():
    rng = random.Random(7)
    dead_ends = 0
    for rules in RULE_SETS:
        rules = parse_rules(SPEC, rules)
        counts = {True: 0, False: 0}
        for _ in range(100):
            state = SPEC.encode(random_endgame(rng, rules), rules)
            truth = verdict(state, rules, MODE_ALL)
            if truth is None:
                continue
            assert verdict(state, rules, MODE_SOLVE) == truth, rules
            counts[truth] += 1
            if is_dead_end(state, rules):
                assert truth is False, "a dead end must be lost"
                dead_ends += 1
        assert counts[True] >= 10 and counts[False] >= 5, (rules, counts)
    assert dead_ends >= 10


def shortest(state, rules, mode):
    length = shortest_length(SPEC, state, SPEC.rules_array(rules), mode, max_nodes=400_000, tt_mb=16)
    return None if length in (None, -1) else length


@pytest.mark.parametrize("rules", [{"draw": 1}, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}])
def test_optimal_reductions_keep_the_shortest_length(rules):
    rules = parse_rules(SPEC, rules)
    rng = random.Random(11)
    compared = 0
    for _ in range(60):
        state = SPEC.encode(random_endgame(rng, rules, max_left=12), rules)
        every = shortest(state, rules, MODE_ALL)
        if every is None:
            continue
        assert shortest(state, rules, MODE_OPTIMAL) == every
        assert astar_length(SPEC, state, SPEC.rules_array(rules), tt_mb=16)[0] == every  # what --optimal runs
        compared += 1
    assert compared >= 15


def test_twin_queens_needing_one_king_are_a_dead_end_at_the_deal():
    """Deal 12, pile 6 is <5H> <AD> <KS> <QD> <QH> 8H.  QH (above 5H) and QD
    (above AD) cannot reach their foundations first, so both must move onto a
    black King; KS lies under them, so both need KC, and QH, moved there
    first, can never leave it (5H and KS stay buried under QD).  Lost under
    every rule set, which the solver now sees at once."""
    for rules in RULE_SETS:
        rules = parse_rules(SPEC, rules)
        deal = make_deal("klondike", 12)
        root = SPEC.encode(SPEC.new_reference(deal.layout, rules), rules)
        assert is_dead_end(root, rules)
        r = solve(deal, rules, max_nodes=1000)
        assert r.result == "unsolvable" and r.nodes < 10


def test_a_parent_under_a_card_that_waits_for_the_blocked_one_is_out_of_reach():
    """Deal 29: QH lies on 6H in pile 7, so it must move to a black King; KS
    is under it, and KC is in pile 5 under QD.  QD cannot leave first: 8D
    (needed before QD goes up) is under QH, and its Kings are under itself
    (KC) or under QH (KS).  So QH never leaves pile 7: lost (the plain search
    needed about 35 million nodes to show it)."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True})
    deal = make_deal("klondike", 29)
    assert is_dead_end(SPEC.encode(SPEC.new_reference(deal.layout, rules), rules), rules)
    assert solve(deal, rules, max_nodes=1000).result == "unsolvable"


def with_waste(state, w):
    other = state.copy()
    other[k.WCOUNT] = w
    return other


def dominated(state):
    """The same position with the waste counts ``mark_dominated`` records as
    dominated (draw 3, unlimited passes): w + 3, w + 6, ... and 0."""
    w, length = int(state[k.WCOUNT]), int(state[k.TLEN])
    if w % 3 == 0 or w == length:
        return []
    return [with_waste(state, other) for other in [0] + list(range(w + 3, length, 3))]


def children(state, rules_arr):
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    for move in out[:k.gen_moves(state, rules_arr, out, MODE_SOLVE)]:
        child = np.zeros_like(state)
        k.apply_move(state, rules_arr, move, child)
        yield child


@pytest.mark.parametrize("f2t", [False, True])
def test_a_dominated_waste_count_leads_nowhere_new(f2t):
    """mark_dominated's claim, draw 3 with unlimited passes: every move of
    the position with waste count w + 3m (or a multiple of 3) leads to a
    position that a move of the one with waste count w leads to, or to one
    dominated by such a position."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": f2t})
    rules_arr = SPEC.rules_array(rules)

    def key(state):
        return int(k.state_key(state, rules_arr, MODE_SOLVE))

    rng = random.Random(5)
    checked = 0
    while checked < 150:
        state = SPEC.encode(random_endgame(rng, rules, max_left=26), rules)
        for w in range(1, int(state[k.TLEN])):
            strong = with_waste(state, w)
            reach = set()
            for child in children(strong, rules_arr):
                reach |= {key(child)} | {key(d) for d in dominated(child)}
            for weak in dominated(strong):
                assert {key(child) for child in children(weak, rules_arr)} <= reach, (w, int(weak[k.WCOUNT]))
                checked += 1


def test_a_blocked_waste_card_in_the_last_pass_is_a_dead_end():
    """Pattern W: every random late position it rejects is lost by the search
    with every legal move; and it fires only in the last pass."""
    rng = random.Random(13)
    hits = 0
    for rules in ({"draw": 1}, {"draw": 3}, {"draw": 2, "passes": 2}):
        rules = parse_rules(SPEC, rules)
        rules_arr = SPEC.rules_array(rules)
        for _ in range(300):
            state = SPEC.encode(random_endgame(rng, rules, max_left=22), rules)
            if not k._waste_blocked(state, rules_arr, rules["foundation_to_tableau"]):
                continue
            assert int(state[k.PASSES_USED]) == rules["passes"]
            truth = verdict(state, rules, MODE_ALL)
            assert truth is not True, "a blocked waste card must mean a lost position"
            hits += truth is False
    assert hits >= 10


def test_fewest_moves_keys_tell_waste_counts_apart():
    """Under unlimited passes the solvability key folds waste counts that
    reach the same talon cards; the key for fewest moves must not, since the
    stock turns to a card differ."""
    for draw in (1, 3):
        rules = parse_rules(SPEC, {"draw": draw, "passes": "unlimited"})
        rules_arr = SPEC.rules_array(rules)
        state = SPEC.encode(SPEC.new_reference(make_deal("klondike", 24).layout, rules), rules)
        folded = with_waste(state, 3 * draw)  # a multiple of the draw count: reaches the redeal set
        assert k.state_key(state, rules_arr, MODE_SOLVE) == k.state_key(folded, rules_arr, MODE_SOLVE)
        assert k.state_key(state, rules_arr, MODE_OPTIMAL) != k.state_key(folded, rules_arr, MODE_OPTIMAL)
