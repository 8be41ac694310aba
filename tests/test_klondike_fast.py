"""Klondike's fast engine where it is particular to the game: positions its
reductions leave without moves, the stock turns a talon play implies, and
lines of play described.  The engine against the reference engine, keys and
replays are the conformance suite's (``test_conformance.py``).
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.klondike import kernel as k
from solitaire.notation import DRAW, REDEAL
from solitaire.rules import parse_rules
from solitaire.jit.modes import MODE_ALL, MODE_SOLVE
from engine_runs import SOLVED, position_verdict
from klondike_helpers import brute_force_from

SPEC = get_game("klondike")

rule_sets = st.fixed_dictionaries({
    "draw": st.sampled_from([1, 2, 3, 4]),
    "passes": st.sampled_from([1, 2, 3, "unlimited"]),
    "foundation_to_tableau": st.booleans(),
})


def fast_moves(state, rules_arr, mode=MODE_ALL):
    out = np.zeros(SPEC.max_moves, dtype=np.int32)
    n = k.gen_moves(state, rules_arr, out, mode)
    assert n < SPEC.max_moves
    return [int(m) for m in out[:n]]


def unreduced_verdict(ref, rules) -> str:
    """Search with every legal move (no reductions) from ``ref``."""
    return position_verdict(SPEC, SPEC.encode(ref, rules), SPEC.rules_array(rules), MODE_ALL,
                            max_nodes=300_000, tt_mb=32)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 10**6), rules=rule_sets, choices=st.lists(st.integers(0, 10**6), max_size=40))
def test_a_position_left_without_reduced_moves_is_not_won_by_every_move(deal, rules, choices):
    rules = parse_rules(SPEC, rules)
    ref = SPEC.new_reference(make_deal("klondike", deal).layout, rules)
    for choice in choices:
        arr, rules_arr = SPEC.encode(ref, rules), SPEC.rules_array(rules)
        all_moves = fast_moves(arr, rules_arr)
        if all_moves and not fast_moves(arr, rules_arr, MODE_SOLVE):
            # only provably useless moves were pruned, or a dead end was seen:
            # the search with every legal move must find no win (and proves the
            # loss when the position is small; dead ends are checked against
            # exhaustive search in test_klondike_reductions.py and against the
            # independent oracle in test_oracle_klondike.py).  Whole deals are
            # mostly too large to decide here: this only says "not won".
            assert unreduced_verdict(ref, rules) != SOLVED
        if not all_moves:
            break
        for step in SPEC.describe_move(arr, rules_arr, all_moves[choice % len(all_moves)]):
            ref.play(step)


def test_pruned_foundation_returns_leave_a_lost_position_without_moves():
    """Deal 176, draw 3, one pass: after four moves only aces could go back
    from the foundations onto 2S.  That can never help, so the solver sees no
    moves, and the position is indeed lost (found by a hypothesis run in CI)."""
    rules = parse_rules(SPEC, {"draw": 3, "passes": 1, "foundation_to_tableau": True})
    ref = SPEC.new_reference(make_deal("klondike", 176).layout, rules)
    for step in ["AH>f", "AD>f", "draw", "draw", "KD>t1"]:
        ref.play(step)
    arr, rules_arr = SPEC.encode(ref, rules), SPEC.rules_array(rules)
    assert [SPEC.describe_move(arr, rules_arr, m) for m in fast_moves(arr, rules_arr)] == [["AD>t6"], ["AH>t6"]]
    assert fast_moves(arr, rules_arr, MODE_SOLVE) == []
    assert brute_force_from(ref.copy(), limit=20_000) is False


def test_a_deal_lost_at_once_gets_no_reduced_moves():
    """Deal 404117: JC tops pile 7 over 4C, and both red Queens lie under it
    in the same pile, so JC can never leave and 4C never goes up.  The legal
    moves elsewhere do not matter: the solver sees the dead end at the deal."""
    rules = parse_rules(SPEC, {"draw": 1, "passes": 2})
    ref = SPEC.new_reference(make_deal("klondike", 404117).layout, rules)
    arr, rules_arr = SPEC.encode(ref, rules), SPEC.rules_array(rules)
    assert len(fast_moves(arr, rules_arr)) == 11 and fast_moves(arr, rules_arr, MODE_SOLVE) == []
    # Regression pin: the proof is the argument above; the every-move search
    # does not decide the deal (unknown at 5M nodes), so this only checks it
    # finds no win within its budget.
    assert unreduced_verdict(ref, rules) != SOLVED


def test_stock_turns_are_the_turns_that_reach_the_card():
    """``_stock_turns`` (counted, not stepped) against turning one step at a
    time: every talon size, waste size, draw count and target card."""
    from solitaire.games.klondike.bridge import _stock_turns

    def stepped(length, waste, draw, target):
        turns = []
        while waste - 1 != target:
            if len(turns) > 2 * length + 2:
                return None
            if waste < length:
                turns.append(DRAW)
                waste = min(waste + draw, length)
            else:
                turns.append(REDEAL)
                waste = 0
        return turns

    for length in range(1, k.TALON_SLOTS + 1):
        for draw in (1, 2, 3, 4):
            for waste in range(length + 1):
                for target in range(length):
                    expected = stepped(length, waste, draw, target)
                    if expected is None:
                        with pytest.raises(AssertionError):
                            _stock_turns(length, waste, draw, target)
                    else:
                        assert _stock_turns(length, waste, draw, target) == expected, (length, waste, draw, target)


def test_describe_line_describes_each_position_of_a_won_line():
    from solitaire import solver as S
    from solitaire.search.config import DEFAULT_TT_MB

    for draw in (1, 3):
        rules = parse_rules(SPEC, {"draw": draw, "passes": "unlimited", "foundation_to_tableau": True})
        start = SPEC.new_reference(make_deal("klondike", 3).layout, rules)
        search = S._Search(SPEC, start, "klondike deal 3", rules, DEFAULT_TT_MB, None, None)
        assert S._decide(search, 300_000) == S.dfs.SOLVED
        states, moves = search.stack.line()
        each = [text for state, move in search.stack.path() for text in SPEC.describe_move(state, search.rules_arr, move)]
        assert SPEC.describe_line(states, search.rules_arr, moves) == each
        assert len(each) > len(moves)  # stock turns included
