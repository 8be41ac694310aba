"""Thoughtful Klondike solvability against Blake & Gent's published figures
(10^6 deals, unlimited passes).  The interval from solved/n to
(solved + unknown)/n, each end with its Wilson 95% bound, must contain the
published share.  The default run is small but real; ``pytest -m slow``
runs the issue's full check (2,000 deals per setting, < 0.5% unknown)."""
import pytest

from solver.deals import make_deal
from solver.search.solve import solve
from solver.study.stats import solvability

PUBLISHED = {  # percent, from Blake & Gent
    "draw 3, f2t": ({"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}, 81.945),
    "draw 3": ({"draw": 3, "passes": "unlimited"}, 81.524),
    "draw 1, f2t": ({"draw": 1, "passes": "unlimited", "foundation_to_tableau": True}, 90.480),
    "draw 1": ({"draw": 1, "passes": "unlimited"}, 90.204),
}


def measure(rules, deals, max_nodes):
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    for n in deals:
        counts[solve(make_deal("klondike", n), rules, max_nodes=max_nodes, tt_mb=64).result] += 1
    return solvability(counts["solved"], counts["unsolvable"], counts["unknown"])


@pytest.mark.parametrize("setting", ["draw 3", "draw 1, f2t"])
def test_small_sample_is_consistent_with_published_figure(setting):
    rules, published = PUBLISHED[setting]
    s = measure(rules, range(1, 61), max_nodes=100_000)
    assert s["ci_low"] * 100 <= published <= s["ci_high"] * 100, s
    assert s["solved"] >= 30, s  # the solver does win most deals


@pytest.mark.slow
@pytest.mark.parametrize("setting", list(PUBLISHED))
def test_published_figure_2000_deals(setting):
    rules, published = PUBLISHED[setting]
    s = measure(rules, range(1, 2001), max_nodes=2_000_000)
    assert s["ci_low"] * 100 <= published <= s["ci_high"] * 100, s
    assert s["unknown"] / s["n"] < 0.005, s
