"""Pyramid search: verdicts and shortest wins checked against brute force,
every reduction switched off must change nothing, crafted deals, and the CLI."""

import numpy as np
import pytest
from click.testing import CliRunner

from solitaire.cli import main
from solitaire.games.pyramid import kernel as K
from solitaire.rules import parse_rules
from solitaire.search import dfs as engine
from solitaire.jit.modes import MODE_SOLVE
from solitaire.solver import solve
from solitaire.search.tt import Table

from test_pyramid_helpers import ALL, SPEC, all_but, bfs_optimal, crafted, ida_star, rules_arr, small_position

RULE_SETS = [
    {},
    {"preset": "microsoft"},
    {"draw": 3},
    {"draw": 3, "stock_top_playable": True},
    {"passes": "unlimited", "pair_covering": True},
    {"passes": 2, "stock_top_playable": True, "pair_covering": True},
]
# switched off: none, all, all but one rule (that rule alone on), the pyramid game
OFF_SETS = [(), ALL, all_but("king_pyramid", "king_outside"), all_but("last_pair"),
            all_but("too_few_partners", "pyramid_matching", "dead_waste"), all_but("only_partner"),
            all_but("pyramid_game"), ("pyramid_game",)]


def dfs_solvable(root, arr):
    stack = engine.SearchStack(len(root), SPEC.max_depth, SPEC.max_moves)
    table = Table(4)
    stack.reset(root, 5_000_000, -1)
    status = stack.step(SPEC.handle, arr, MODE_SOLVE, False, table, np.uint32(table.new_search()), 10_000_000)
    assert status in (engine.SOLVED, engine.EXHAUSTED) and not stack.ctl[engine.CUTOFF]
    return status == engine.SOLVED


@pytest.mark.parametrize("given", RULE_SETS)
def test_shortest_win_and_verdict_match_breadth_first_search(given):
    rules = parse_rules(SPEC, given)
    solvable = 0
    for seed in range(10):
        ref = small_position(seed, rules, keep_pyramid=3, keep_other=8)
        best = bfs_optimal(ref)
        root = SPEC.encode(ref, rules)
        for off in OFF_SETS:
            arr = rules_arr(rules, off)
            assert K.lower_bound(root, arr) <= (best if best is not None else K.BIG)
            length, path = ida_star(root, arr)
            assert length == best, (seed, off)
            assert dfs_solvable(root, arr) == (best is not None)
            if path is not None:  # the path replays on the reference engine, to a win
                after = ref.copy()
                for state, move in path:
                    for text in SPEC.describe_move(state, arr, move):
                        after.play(text)
                assert after.is_won()
        solvable += best is not None
    assert 0 < solvable < 10  # the sample holds both kinds of position


def test_lower_bound_never_exceeds_the_true_distance():
    for given in RULE_SETS:
        rules = parse_rules(SPEC, given)
        arr = SPEC.rules_array(rules)
        for seed in range(100, 130):
            ref = small_position(seed, rules, keep_pyramid=4, keep_other=8)
            best = bfs_optimal(ref)
            if best is not None:
                assert K.lower_bound(SPEC.encode(ref, rules), arr) <= best


_TOP = ["3D", "TC", "TD", "TH", "TS"]
_REST = [r + s for s in "CDHS" for r in "A23456789TJQK" if r + s not in _TOP]
APEX_BLOCKED = crafted(_TOP + _REST[:23], _REST[23:])


@pytest.mark.parametrize("given", [{}, {"preset": "microsoft"}, {"draw": 3, "stock_top_playable": True},
                                   {"passes": "unlimited"}])
def test_crafted_deal_with_every_ten_above_the_apex_three_is_unsolvable(given):
    """The apex 3D can only pair with a 10, and all four lie on it."""
    r = solve(APEX_BLOCKED, given, tt_mb=4)
    assert r.verdict == "unsolvable"


def test_pair_covering_changes_the_crafted_deal():
    """With pair_covering the apex may pair with the last 10 on it: no longer proved lost."""
    r = solve(APEX_BLOCKED, {"pair_covering": True}, tt_mb=4, max_nodes=200_000)
    assert r.verdict != "unsolvable"


def run_cli(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("args, words", [
    (["solve", "pyramid", "7", "--draw", "3", "--passes", "2"], "only one pass"),
    (["solve", "pyramid", "7", "--draw", "2"], "must be 1 or 3"),
])
def test_cli_refuses_rule_combinations_in_one_line(args, words):
    r = run_cli(*args)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]
