"""Statistics against published values and independent exact computations."""
import math
from fractions import Fraction

import pandas as pd
import pytest

from solitaire.studies import stats


@pytest.mark.parametrize("k,n,lo,hi", [
    # Newcombe (1998), Stat. Med. 17:857, Table I, method 3 (Wilson score)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombe(k, n, lo, hi):
    got = stats.wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-5)
    assert got[1] == pytest.approx(hi, abs=5e-5)


def test_wilson_edges():
    assert stats.wilson(0, 0) == (0.0, 1.0)
    assert stats.wilson(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        stats.wilson(11, 10)


def test_solvability_interval_with_unknowns():
    s = stats.solvability(solved=80, unsolvable=10, unknown=10)
    assert (s["low"], s["high"]) == (0.8, 0.9)
    assert s["ci_low"] == stats.wilson(80, 100)[0]
    assert s["ci_high"] == stats.wilson(90, 100)[1]
    assert s["ci_low"] < 0.8 < 0.9 < s["ci_high"]


def test_solvability_without_unknowns_is_the_wilson_interval():
    s = stats.solvability(solved=81, unsolvable=182, unknown=0)
    assert (s["ci_low"], s["ci_high"]) == stats.wilson(81, 263)


def _exact_mcnemar(b, c):
    n = b + c
    k = min(b, c)
    tail = Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2**n)
    return float(min(Fraction(1), 2 * tail))


@pytest.mark.parametrize("b,c", [(0, 5), (1, 9), (5, 5), (3, 0), (40, 60), (450, 550), (0, 0), (7, 30)])
def test_mcnemar_exact_matches_integer_arithmetic(b, c):
    assert stats.mcnemar_exact(b, c) == pytest.approx(_exact_mcnemar(b, c), rel=1e-9, abs=1e-300)
    assert stats.mcnemar_exact(b, c) == stats.mcnemar_exact(c, b)


def test_mcnemar_known_values():
    assert stats.mcnemar_exact(0, 5) == pytest.approx(0.0625)
    assert stats.mcnemar_exact(1, 9) == pytest.approx(22 / 1024)
    assert stats.mcnemar_exact(5, 5) == 1.0


def test_paired_table_and_test():
    a = pd.DataFrame({"deal": [1, 2, 3, 4, 5, 6, 7],
                      "verdict": ["solved", "solved", "solved", "unsolvable", "unknown", "solved", "unsolvable"]})
    b = pd.DataFrame({"deal": [1, 2, 3, 4, 5, 6, 8],
                      "verdict": ["solved", "unsolvable", "unsolvable", "unsolvable", "solved", "unknown", "solved"]})
    p = stats.paired(a, b)
    assert p["n"] == 6  # deals 7 and 8 are not common
    assert p["both_solved"] == 1 and p["a_only"] == 2 and p["b_only"] == 0
    assert p["both_unsolvable"] == 1 and p["with_unknown"] == 2 and p["decided"] == 4
    assert p["table"].loc["unknown", "solved"] == 1 and p["table"].loc["solved", "unknown"] == 1
    assert int(p["table"].to_numpy().sum()) == 6
    assert p["p_value"] == pytest.approx(0.5)  # 2 * P(X<=0; n=2)


def test_describe():
    d = stats.describe(pd.Series([1.0, 2.0, 3.0, 4.0, None]))
    assert d["count"] == 4 and d["median"] == 2.5 and d["min"] == 1 and d["max"] == 4
    assert stats.describe(pd.Series([], dtype=float))["count"] == 0


# The hand-written Wilson interval and exact McNemar test the study code used
# before it took them from scipy, on the counts of the committed studies and
# at the edges: scipy must give the same values (every report depends on them).
OLD_WILSON = [
    (0, 10, 0.0, 0.2775327998628892),
    (3, 10, 0.10779126740630099, 0.6032218525388546),
    (10, 10, 0.7224672001371107, 1.0),
    (2654, 10000, 0.25683713690239673, 0.27414303513312466),
    (6259, 10000, 0.6163692896716119, 0.6353340195386518),
    (1807, 2000, 0.889774970136178, 0.9156779727078507),
    (1, 1, 0.20654931437723745, 1.0),
    (0, 1, 0.0, 0.7934506856227626),
    (371, 10000, 0.033569734988641506, 0.04098577070293087),
    (9966, 10000, 0.9952527946345442, 0.9975658181836999),
]
OLD_MCNEMAR = [(0, 0, 1.0), (1, 0, 1.0), (5, 5, 1.0), (3, 10, 0.09228515625000001), (259, 3861, 0.0),
               (0, 12, 0.0004882812500000003), (40, 60, 0.05688793364097981)]


@pytest.mark.parametrize("k, n, low, high", OLD_WILSON)
def test_wilson_from_scipy_keeps_the_old_values(k, n, low, high):
    assert stats.wilson(k, n) == (pytest.approx(low, rel=1e-12, abs=1e-15), pytest.approx(high, rel=1e-12))


@pytest.mark.parametrize("b, c, p", OLD_MCNEMAR)
def test_mcnemar_from_scipy_keeps_the_old_values(b, c, p):
    assert stats.mcnemar_exact(b, c) == pytest.approx(p, rel=1e-12, abs=1e-300)
    assert stats.mcnemar_exact(c, b) == pytest.approx(p, rel=1e-12, abs=1e-300)
