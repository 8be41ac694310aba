"""Each reduction of the Pyramid search switched off on its own
(``SPEC.rules_array(rules, off=(name,))``: a bit of the rules array's
switch word, kernel/state.py).

The sample: positions along winning lines of real deals, and positions a
few random moves off those lines (mostly lost), under four rule sets.  For
each reduction, at the positions where it acts (with it off, the search
modes' moves, the key or the lower bound differ), the search without it
must give the same verdict (MODE_SOLVE) and, for the reductions the
shortest-win search uses, the same shortest length (MODE_OPTIMAL, IDA*),
never below the lower bound; and it must act on at least a floor of
positions; and it must not act in a search it is not declared for.  A
bound refinement may only raise the bound.
"""
import functools
import random
from pathlib import Path

import pytest

from solitaire.dealing import make_deal
from solitaire.games.pyramid import kernel as K
from solitaire.games.pyramid.kernel import state as KS
from solitaire.jit.modes import MODE_OPTIMAL, MODE_SOLVE
from solitaire.rules import RuleError, parse_rules
from solitaire.solver import solve
from engine_runs import position_verdict, shortest_length

from test_pyramid_helpers import SPEC, fast_moves, rules_arr

# label: (rules, deals whose winning lines are sampled)
RULE_SETS = {
    "seed": ({}, (39, 62, 83, 99)),
    "microsoft": ({"preset": "microsoft"}, range(1, 25)),
    "three piles": ({"draw": 3}, range(1, 25)),
    "two passes, pair covering": ({"passes": 2, "pair_covering": True}, range(1, 9)),
}
# the least number of sample positions each reduction acts on (about half
# of what the sample gives)
FLOORS = {"king_pyramid": 65, "king_outside": 40, "last_pair": 5, "only_partner": 60, "too_few_partners": 50,
          "pyramid_matching": 650, "dead_waste": 200, "pyramid_game": 8, "new_cards_only": 1000,
          "one_stock_cycle": 600, "bound_draws": 680, "bound_coupling": 270}
# reductions that only ever raise the lower bound
RAISE_THE_BOUND = ("too_few_partners", "pyramid_matching", "pyramid_game", "bound_draws", "bound_coupling")
MAX_NODES = 300_000
SHORTEST_MAX_CARDS = 24  # shortest lengths only where at most this many cards are left


def cards_left(state) -> int:
    return sum(c is not None for c in state.pyramid) + len(state.stock) + sum(map(len, state.waste))


@functools.cache
def sample(label: str):
    """(rules, [(cards left, encoded position)]) for a rule set of RULE_SETS."""
    given, deals = RULE_SETS[label]
    rules = parse_rules(SPEC, given)
    rng = random.Random(label)
    out = []
    for number in deals:
        deal = make_deal("pyramid", number)
        result = solve(deal, given, tt_mb=16, max_nodes=MAX_NODES)
        state = SPEC.new_reference(deal.layout, rules)
        for move in result.moves if result.verdict == "solved" else []:
            out.append(state.copy())
            if rng.random() < 0.5:  # off the line: a few random moves
                other = state.copy()
                for _ in range(rng.randint(1, 8)):
                    moves = other.legal_moves()
                    if other.is_won() or not moves:
                        break
                    other.play(rng.choice(moves))
                if not other.is_won():
                    out.append(other)
            state.play(move)
    return rules, [(cards_left(s), SPEC.encode(s, rules)) for s in out]


def acts(root, on, off) -> bool:
    """Does switching the reduction off change the moves, the key or the bound at ``root``?"""
    if any(fast_moves(root, on, mode) != fast_moves(root, off, mode) for mode in (MODE_SOLVE, MODE_OPTIMAL)):
        return True
    return K.state_key(root, on, MODE_SOLVE) != K.state_key(root, off, MODE_SOLVE) or \
        K.lower_bound(root, on) != K.lower_bound(root, off)


@pytest.mark.parametrize("reduction", SPEC.reductions, ids=lambda r: r.name)
def test_a_reduction_off_keeps_verdicts_and_shortest_lengths_where_it_acts(reduction):
    acted = 0
    for label in RULE_SETS:
        rules, roots = sample(label)
        # the pyramid game at every position: the solver's setting tries it at few
        everywhere = reduction.name == "pyramid_game"
        on = rules_arr(rules, (), abstract_everywhere=everywhere)
        off = rules_arr(rules, (reduction.name,), abstract_everywhere=everywhere)
        found = [(n, root) for n, root in roots if acts(root, on, off)]
        acted += len(found)
        if "solve" in reduction.questions:
            for _, root in found[:40]:
                verdict = position_verdict(SPEC, root, on, max_nodes=MAX_NODES, tt_mb=16)
                assert verdict != "unknown"
                assert position_verdict(SPEC, root, off, max_nodes=MAX_NODES, tt_mb=16) == verdict, label
        if "optimal" in reduction.questions:
            for _, root in [(n, root) for n, root in found if n <= SHORTEST_MAX_CARDS][:15]:
                length = shortest_length(SPEC, root, on, max_nodes=MAX_NODES, tt_mb=16)
                assert length != -1
                assert shortest_length(SPEC, root, off, max_nodes=MAX_NODES, tt_mb=16) == length, label
                assert length is None or K.lower_bound(root, on) <= length, label  # admissible
        for question, mode in (("solve", MODE_SOLVE), ("optimal", MODE_OPTIMAL)):
            if question not in reduction.questions:  # it must not act in the other search
                assert all(fast_moves(root, on, mode) == fast_moves(root, off, mode) for _, root in found), label
        if reduction.name in RAISE_THE_BOUND:
            assert all(K.lower_bound(root, on) >= K.lower_bound(root, off) for _, root in found), label
    assert acted >= FLOORS[reduction.name], acted


def test_the_switches_are_declared_once_and_named_in_the_docs():
    names = [r.name for r in SPEC.reductions]
    bits = [r.bit for r in SPEC.reductions]
    assert set(names) == set(FLOORS) and len(set(names)) == len(names)
    assert all(b > 0 and b & (b - 1) == 0 for b in bits) and len(set(bits)) == len(bits)
    assert all(r.questions in ("solve", "optimal", "solve+optimal") for r in SPEC.reductions)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "pyramid.md").read_text()
    assert all(f"`{name}`" in doc for name in names)


def test_no_switch_off_leaves_the_word_zero_and_an_unknown_name_is_refused():
    rules = parse_rules(SPEC, {"preset": "microsoft"})
    plain = SPEC.rules_array(rules)
    assert plain[KS.R_OFF] == 0
    every = SPEC.rules_array(rules, off=tuple(r.name for r in SPEC.reductions))
    assert every[KS.R_OFF] == sum(r.bit for r in SPEC.reductions)
    assert (every[:KS.R_OFF] == plain[:KS.R_OFF]).all()  # the rule words stay as they are
    with pytest.raises(RuleError, match="no reduction 'kings'"):
        SPEC.rules_array(rules, off=("kings",))
