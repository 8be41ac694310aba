"""Klondike verdicts: crafted deals, an independent brute force, replays."""
import numpy as np
import pytest

from klondike_helpers import blocked_deal, brute_force, shuffled_deal, sorted_deal
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.replaying import ReplayError, verify_win
from solitaire.rules import parse_rules
from solitaire.solver import solve

SPEC = get_game("klondike")
ALL_RULES = [
    {"draw": 1}, {"draw": 3}, {"draw": 1, "passes": 2}, {"draw": 3, "passes": 1},
    {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True},
    {"draw": 3, "passes": "unlimited"}, {"draw": 2, "passes": 2, "foundation_to_tableau": True},
]


@pytest.mark.parametrize("rules", ALL_RULES)
def test_blocked_deal_is_unsolvable_under_every_option(rules):
    r = solve(blocked_deal(), rules, max_nodes=100_000)
    assert r.verdict == "unsolvable" and r.moves == []


def test_sorted_deal_wins_in_76_moves_proved_optimal():
    r = solve(sorted_deal(), {"draw": 1}, optimal=True, max_nodes=100_000)
    assert r.verdict == "solved" and r.optimal and len(r.moves) == 76 and r.lower_bound == 76
    verify_win(SPEC, sorted_deal().layout, parse_rules(SPEC, {"draw": 1}), r.moves)


def test_verdicts_agree_with_an_independent_brute_force():
    """Nearly sorted deals under many rule sets: the fast solver (macro stock
    moves, safe reductions, folded keys) and a plain exhaustive search on
    the reference engine must give the same verdict."""
    decided = {True: 0, False: 0}
    for seed in range(10):
        for base, swaps in ((sorted_deal(), 3), (blocked_deal(), 4)):
            deal = shuffled_deal(base, seed, swaps)
            for rules in ALL_RULES[:4]:
                truth = brute_force(deal, rules, limit=4_000)
                if truth is None:
                    continue
                r = solve(deal, rules, max_nodes=200_000)
                assert r.verdict == ("solved" if truth else "unsolvable"), (seed, rules)
                decided[truth] += 1
    assert decided[True] >= 5 and decided[False] >= 5, decided


def test_pass_limit_is_honoured_in_solutions():
    r = solve(make_deal("klondike", 3), {"draw": 3}, max_nodes=500_000)
    assert r.verdict == "solved"
    assert r.moves.count("redeal") <= 2


def test_a_tampered_solution_fails_replay():
    r = solve(sorted_deal(), {"draw": 1}, max_nodes=10_000)
    bad = list(r.moves)
    bad[0], bad[1] = bad[1], bad[0]  # a foundation move before its lower card
    with pytest.raises(ReplayError, match="move 1"):
        verify_win(SPEC, sorted_deal().layout, r.rules, bad)
    with pytest.raises(ReplayError, match="do not win"):
        verify_win(SPEC, sorted_deal().layout, r.rules, r.moves[:-1])


def test_budget_gives_unknown_never_a_wrong_verdict():
    r = solve(make_deal("klondike", 24), {"draw": 1}, max_nodes=50)  # and at most 75 relaxed positions
    assert r.verdict == "unknown" and r.reason == "node budget" and r.nodes <= 50 * (1 + SPEC.search.relaxation_factor)


def test_discrepancy_search_stops_at_its_node_cap(monkeypatch):
    """The discrepancy phase never goes past the game's lds_max_nodes; the
    depth-first phase gets the rest."""
    spec = get_game("klondike")
    monkeypatch.setattr(type(spec.search), "lds_max_nodes", 3000)
    monkeypatch.setattr(type(spec.search), "relaxation_factor", 0.0)  # deal 36 is lost under draw 1 in 5k positions
    events = []
    r = solve(make_deal("klondike", 36), {"draw": 3, "passes": "unlimited"}, max_nodes=120_000,
              progress=events.append)
    assert r.verdict == "unknown" and r.nodes == 120_000
    lds = [e["nodes"] for e in events if e["phase"] == "discrepancy"]
    assert lds and max(lds) <= 3000
    assert any(e["phase"] == "dfs" for e in events)


def test_progress_says_which_bound_it_reports():
    """Only the shortest-win phase reports a proved lower bound (the CLI
    prints it as such); the discrepancy phase's bound counts deviations."""
    events = []
    r = solve(make_deal("klondike", 3), {"draw": 1}, optimal=True, max_nodes=300_000, progress=events.append)
    phases = {e["phase"] for e in events}
    assert "optimal" in phases and phases <= {"discrepancy", "dfs", "optimal"}
    assert all(e["bound"] <= r.lower_bound for e in events if e["phase"] == "optimal")


def _phases(events):
    """The search phases in the order they ran."""
    order = []
    for e in events:
        if not order or order[-1] != e["phase"]:
            order.append(e["phase"])
    return order


@pytest.mark.parametrize("number, rules", [
    (72, {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}),
    (330, {"draw": 3}),  # a pass limit: draw 1 / unlimited plays its games too
])
def test_a_deal_lost_under_draw_one_is_decided_before_the_draw_three_search(monkeypatch, number, rules):
    """Draw 1 with unlimited passes plays every game of the same f2t
    (relations.py: draw 1 for draw k, more passes for fewer), so its loss is
    a loss here.  It runs right after the discrepancy phase: deal 72 takes
    3.45M draw 3 nodes and 80k draw 1 positions, deal 330 (three passes)
    2.19M and 46k."""
    deal = make_deal("klondike", number)
    events = []
    r = solve(deal, rules, max_nodes=200_000, progress=events.append)
    assert r.verdict == "unsolvable" and r.proof.startswith("draw 1 / unlimited passes") and r.nodes < 200_000
    assert _phases(events) == ["discrepancy", "relaxation"]
    monkeypatch.setattr(type(SPEC.search), "relaxation_factor", 0.0)
    r = solve(deal, rules, max_nodes=200_000)
    assert r.verdict == "unknown" and r.nodes == 200_000 and not r.proof


def test_the_relaxation_runs_inside_the_discrepancy_phase(monkeypatch):
    """Once the discrepancy phase has spent 20,000 nodes (at the end of a
    round of it) the relaxation has its try: draw 3 / unlimited / f2t deal
    575, lost under draw 1 in under 1,000 positions, no longer waits for the
    phase's whole 100,000 nodes, which cannot win it."""
    deal = make_deal("klondike", 575)
    rules = {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}
    events = []
    r = solve(deal, rules, progress=events.append)
    assert r.verdict == "unsolvable" and r.proof.startswith("draw 1 / unlimited passes") and r.nodes < 60_000
    assert _phases(events) == ["discrepancy", "relaxation"]
    monkeypatch.setattr(type(SPEC.search), "relaxation_after_nodes", None)
    r = solve(deal, rules)
    assert r.verdict == "unsolvable" and r.proof.startswith("draw 1 / unlimited passes") and r.nodes > 100_000


def test_the_relaxation_is_extra_to_the_node_budget():
    """Draw 3 / unlimited / f2t deal 54 is lost under draw 1 in 2.53M
    positions: the relaxation spends its 1.5 times the budget, and the draw
    3 phases after it still get the whole budget between them."""
    events = []
    r = solve(make_deal("klondike", 54), {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True},
              max_nodes=300_000, progress=events.append)
    assert r.verdict == "unknown" and r.reason == "node budget" and r.nodes == 300_000 + 450_000
    assert _phases(events) == ["discrepancy", "relaxation", "discrepancy", "weighted", "dfs"]


def test_under_draw_one_the_relaxation_waits_for_an_unknown_deal():
    """Draw 1 with a pass limit loses mostly deals that unlimited passes
    win, so there the relaxation runs only after the three phases, and
    still within 1.5 times the budget more."""
    events = []
    r = solve(make_deal("klondike", 844), {"draw": 1}, max_nodes=20_000, progress=events.append)
    assert r.verdict == "unknown" and 20_000 < r.nodes <= 50_000
    assert _phases(events) == ["discrepancy", "weighted", "dfs", "relaxation"]
    assert not SPEC.search.relaxation_early_for(parse_rules(SPEC, {"draw": 1, "passes": 2}))
    assert SPEC.search.relaxation_early_for(parse_rules(SPEC, {"draw": 2, "passes": 2}))


def test_draw_one_proves_nothing_for_a_won_deal(monkeypatch):
    """A deal won under draw 1 is never reported lost by it (deal 24, left
    unknown by a 20-node draw 3 search, is won under draw 1 within the
    relaxation's 100k positions).  Every rule set relaxes to draw 1 with
    unlimited passes and its own f2t, but that one itself."""
    monkeypatch.setattr(type(SPEC.search), "relaxation_factor", 5000.0)
    r = solve(make_deal("klondike", 24), {"draw": 3, "passes": "unlimited"}, max_nodes=20)
    assert r.verdict == "unknown" and not r.proof and 20 < r.nodes < 100_020, (r.verdict, r.nodes)

    for f2t in (False, True):
        relaxed = parse_rules(SPEC, {"draw": 1, "passes": "unlimited", "foundation_to_tableau": f2t})
        draw_one = SPEC.rules_array(relaxed)
        for rules in ({"draw": 3, "passes": "unlimited"}, {"draw": 3}, {"draw": 1}, {"draw": 2, "passes": 5}):
            given = parse_rules(SPEC, {**rules, "foundation_to_tableau": f2t})
            assert np.array_equal(SPEC.search.relaxed_rules(SPEC.rules_array(given)), draw_one)
            assert SPEC.simulates(relaxed, given)  # so a relaxed loss is a loss
        assert SPEC.search.relaxed_rules(draw_one) is None
