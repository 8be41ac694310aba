"""Honest statistics for solvability studies.

* ``wilson``: the Wilson score interval (good coverage near 0% and 100%,
  where the textbook normal interval is too narrow), from scipy.
* ``solvability``: with unknowns the true share lies somewhere between
  solved/n and (solved+unknown)/n; the reported interval runs from the lower
  Wilson bound of the first to the upper Wilson bound of the second.
* ``paired``: two settings on the same deals: the table of verdict pairs and
  McNemar's exact test on the discordant decided pairs (scipy's binomial test).
* ``describe``: distribution summaries (solution length, time, nodes).
"""
from __future__ import annotations

import pandas as pd
from scipy.stats import binomtest

from solitaire.verdicts import SOLVED, UNSOLVABLE, VERDICTS

def wilson(k: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials (n = 0 gives 0..1)."""
    if n == 0:
        return 0.0, 1.0
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    # at k = 0 or k = n one end is exactly 0 or 1
    return (0.0 if k == 0 else float(ci.low)), (1.0 if k == n else float(ci.high))


def solvability(solved: int, unsolvable: int, unknown: int) -> dict:
    """Share of winnable deals: the range solved/n .. (solved+unknown)/n and its 95% bounds."""
    n = solved + unsolvable + unknown
    lo_ci = wilson(solved, n)
    hi_ci = wilson(solved + unknown, n)
    return {
        "n": n, "solved": solved, "unsolvable": unsolvable, "unknown": unknown,
        "low": solved / n if n else float("nan"),  # every unknown lost
        "high": (solved + unknown) / n if n else float("nan"),  # every unknown won
        "ci_low": lo_ci[0],  # 95% lower bound of the low end
        "ci_high": hi_ci[1],  # 95% upper bound of the high end
    }


def verdict_counts(verdicts: pd.Series) -> dict:
    counts = verdicts.value_counts()
    return {v: int(counts.get(v, 0)) for v in VERDICTS}


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for discordant counts b and c: the
    binomial test of min(b, c) successes in b + c trials at 1/2."""
    n = b + c
    if n == 0:
        return 1.0
    return float(binomtest(min(b, c), n, 0.5).pvalue)


def paired(a: pd.DataFrame, b: pd.DataFrame) -> dict:
    """Compare two settings on the deals both have.

    ``a`` and ``b`` have columns ``deal`` and ``verdict``.  Returns the 3x3
    table of verdict pairs (rows: a, columns: b), and McNemar's exact test on
    the deals decided under both settings: ``a_only`` = solved under a but
    proved unsolvable under b, ``b_only`` the reverse.  Pairs with an unknown
    are counted apart (``with_unknown``): they are left out of the test.
    """
    both = a[["deal", "verdict"]].merge(b[["deal", "verdict"]], on="deal", suffixes=("_a", "_b"))
    table = pd.crosstab(pd.Categorical(both["verdict_a"], categories=VERDICTS),
                        pd.Categorical(both["verdict_b"], categories=VERDICTS), dropna=False)
    table.index.name, table.columns.name = "a", "b"
    table = table.reindex(index=list(VERDICTS), columns=list(VERDICTS), fill_value=0).astype(int)
    a_only = int(table.loc[SOLVED, UNSOLVABLE])
    b_only = int(table.loc[UNSOLVABLE, SOLVED])
    decided = int(table.loc[[SOLVED, UNSOLVABLE], [SOLVED, UNSOLVABLE]].to_numpy().sum())
    return {
        "n": int(len(both)),
        "table": table,
        "decided": decided,
        "both_solved": int(table.loc[SOLVED, SOLVED]),
        "both_unsolvable": int(table.loc[UNSOLVABLE, UNSOLVABLE]),
        "a_only": a_only,
        "b_only": b_only,
        "with_unknown": int(len(both)) - decided,
        "p_value": mcnemar_exact(a_only, b_only),
    }


def describe(values: pd.Series) -> dict:
    """Count, mean and quantiles of a numeric series (NaN-free)."""
    v = pd.Series(values, dtype="float64").dropna()
    if v.empty:
        return {"count": 0, "mean": float("nan"), "min": float("nan"), "p10": float("nan"),
                "p25": float("nan"), "median": float("nan"), "p75": float("nan"), "p90": float("nan"),
                "max": float("nan")}
    q = v.quantile([0.1, 0.25, 0.5, 0.75, 0.9])
    return {"count": int(v.size), "mean": float(v.mean()), "min": float(v.min()), "p10": float(q[0.1]),
            "p25": float(q[0.25]), "median": float(q[0.5]), "p75": float(q[0.75]), "p90": float(q[0.9]),
            "max": float(v.max())}
