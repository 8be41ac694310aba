"""Blind settings in a study: the batch function that plays a deal, and the
report's blind-vs-thoughtful comparison.

A blind setting (``RunConfig.blind``) is stored like a thoughtful one, one
row per deal, with ``verdict`` ``won`` or ``lost`` (as played).  The
report's generic tables read a blind win as ``solved`` and a blind loss as
``unsolvable`` (``as_verdicts``: the summary's rate and Wilson interval, the
paired comparison of two blind settings); ``deals.parquet`` keeps ``won`` /
``lost``.  Each blind setting is paired with the first thoughtful setting
of the same game and rules (``pairs``): ``blind.csv`` / ``blind.md`` put
both rates of the common deals side by side, with the share of the winnable
deals the policy won, and ``blind.png`` draws both rates with their
intervals.  A blind win on a deal the thoughtful solver proved unsolvable
is a bug in one of them: the report is refused (``check_wins``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from solitaire.studies import stats
from solitaire.studies.errors import StudyError
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE

AS_VERDICT = {"won": SOLVED, "lost": UNSOLVABLE}
AS_PLAYED = {SOLVED: "won", UNSOLVABLE: "lost"}


class BlindWinOnLostDeal(StudyError):
    """A blind win on a deal the thoughtful solver proved unsolvable: a bug in one of them."""


@dataclass(frozen=True)
class PlayTask:
    """A blind batch's function: called with a task (``worker.Task``), plays
    its deal blind and returns its result row (``solitaire.blind.setting``)."""

    blind: dict[str, Any]

    def __call__(self, task) -> dict:
        from solitaire.blind.game import play_game
        from solitaire.blind.policies import make_policy
        from solitaire.dealing import make_deal
        from solitaire.studies import worker

        if task.source and task.source != worker.LOADED_SOURCE:
            raise StudyError(f"a worker runs other solver code (source {worker.LOADED_SOURCE}) than the batch "
                             f"(source {task.source}): the source changed while the batch ran; run it again")
        policy = self.blind["policy"]
        player = make_policy(policy["name"], **{k: v for k, v in policy.items() if k != "name"})
        result = play_game(make_deal(task.game, task.deal), task.rules, player, hidden=self.blind["hidden"],
                           seed=self.blind["seed"])
        s = result.stats
        return {"deal": task.deal, "verdict": result.result, "moves": len(result.moves), "nodes": s["nodes"],
                "seconds": s["seconds"], "reason": result.ended_by, "solution": " ".join(result.moves),
                "decisions": s["decisions"], "searched": s["searched"], "solves": s["solves"]}


def as_verdicts(rows: pd.DataFrame) -> pd.DataFrame:
    """A blind setting's rows with ``won`` / ``lost`` read as ``solved`` / ``unsolvable``."""
    return rows.assign(verdict=rows["verdict"].map(lambda v: AS_VERDICT.get(v, v)))


def as_played(rows: pd.DataFrame) -> pd.DataFrame:
    """The reverse of ``as_verdicts``."""
    return rows.assign(verdict=rows["verdict"].map(lambda v: AS_PLAYED.get(v, v)))


def pairs(settings: list) -> list[tuple[Any, Any]]:
    """(blind setting, the first thoughtful setting of the same game and rules), for each blind
    setting that has one."""
    out = []
    for s in settings:
        if s.config.blind is None:
            continue
        match = next((t for t in settings if t.config.blind is None and t.config.game == s.config.game
                      and t.config.rules == s.config.rules), None)
        if match is not None:
            out.append((s, match))
    return out


def check_wins(pairs_: list[tuple[Any, Any]]) -> None:
    """BlindWinOnLostDeal if a blind setting won a deal its thoughtful pair proved unsolvable."""
    for blind, thoughtful in pairs_:
        both = _common(blind, thoughtful)
        bad = both[(both["verdict_b"] == SOLVED) & (both["verdict_t"] == UNSOLVABLE)]["deal"].tolist()
        if bad:
            raise BlindWinOnLostDeal(f"{blind.label!r} won deal(s) {bad[:10]} that {thoughtful.label!r} proved "
                                     f"unsolvable: a bug in the blind driver or the solver")


def _common(blind, thoughtful) -> pd.DataFrame:
    return blind.rows[["deal", "verdict"]].merge(thoughtful.rows[["deal", "verdict"]], on="deal",
                                                  suffixes=("_b", "_t"))


def table(pairs_: list[tuple[Any, Any]]) -> pd.DataFrame:
    """Both rates of each pair on their common deals (one row per blind setting)."""
    out = []
    for blind, thoughtful in pairs_:
        both = _common(blind, thoughtful)
        n = len(both)
        won = both["verdict_b"] == SOLVED
        counts = {v: int((both["verdict_t"] == v).sum()) for v in (SOLVED, UNSOLVABLE, UNKNOWN)}
        sv = stats.solvability(counts[SOLVED], counts[UNSOLVABLE], counts[UNKNOWN])
        low, high = stats.wilson(int(won.sum()), n)
        winnable = both["verdict_t"] == SOLVED
        won_winnable = int((won & winnable).sum())
        share_low, share_high = stats.wilson(won_winnable, int(winnable.sum()))
        out.append({
            "blind": blind.label, "thoughtful": thoughtful.label, "policy": blind.config.budget_text(),
            "n": n, "blind_won": int(won.sum()), "blind_won_pct": 100 * won.mean() if n else float("nan"),
            "blind_ci95_low_pct": 100 * low, "blind_ci95_high_pct": 100 * high,
            "winnable": counts[SOLVED], "unknown": counts[UNKNOWN], "unsolvable": counts[UNSOLVABLE],
            "winnable_pct": 100 * sv["low"], "winnable_or_unknown_pct": 100 * sv["high"],
            "thoughtful_ci95_low_pct": 100 * sv["ci_low"], "thoughtful_ci95_high_pct": 100 * sv["ci_high"],
            "won_of_winnable": won_winnable,
            "won_of_winnable_pct": 100 * won_winnable / counts[SOLVED] if counts[SOLVED] else float("nan"),
            "won_of_winnable_ci95_low_pct": 100 * share_low, "won_of_winnable_ci95_high_pct": 100 * share_high,
            "winnable_lost_blind": int((winnable & ~won).sum()),
            "won_on_unknown": int((won & (both["verdict_t"] == UNKNOWN)).sum()),
            "won_on_unsolvable": int((won & (both["verdict_t"] == UNSOLVABLE)).sum()),
            "blind_median_seconds": float(blind.rows.loc[blind.rows["deal"].isin(both["deal"]), "seconds"].median()),
        })
    return pd.DataFrame(out)


def markdown(blind_table: pd.DataFrame, markdown_table) -> str:
    """The pairs as a reader wants them (blind.csv has every column), with
    ``markdown_table`` (the report's, passed in: the report imports this module)."""
    rows = []
    for r in blind_table.itertuples():
        winnable = f"{r.winnable_pct:.2f}" + (f" .. {r.winnable_or_unknown_pct:.2f}" if r.unknown else "")
        rows.append({"blind setting": r.blind, "thoughtful setting": r.thoughtful, "common deals": r.n,
                     "won blind %": f"{r.blind_won_pct:.2f} [{r.blind_ci95_low_pct:.2f}, {r.blind_ci95_high_pct:.2f}]",
                     "winnable %": f"{winnable} [{r.thoughtful_ci95_low_pct:.2f}, {r.thoughtful_ci95_high_pct:.2f}]",
                     "winnable deals won blind": f"{r.won_of_winnable} of {r.winnable}: {r.won_of_winnable_pct:.2f}% "
                                                 f"[{r.won_of_winnable_ci95_low_pct:.2f}, "
                                                 f"{r.won_of_winnable_ci95_high_pct:.2f}]",
                     "blind wins on lost deals": r.won_on_unsolvable})
    note = ("\n\n*won blind*: games the policy won as played, with the 95% Wilson interval; *winnable*: deals the "
            "thoughtful solver won (up to won + unknown), with the 95% bounds of the summary; the gap between "
            "them is the price of the hidden cards. Every blind win is a legal winning line, so a blind win on a "
            "deal proved unsolvable would be a bug: the report checks there is none. Policies:\n\n"
            + "\n".join(f"* {r.blind}: {r.policy}" for r in blind_table.itertuples()))
    return markdown_table(pd.DataFrame(rows)) + note


def chart(blind_table: pd.DataFrame, meta: dict):
    """Both rates of each pair with their 95% intervals, and the share of winnable deals won."""
    import numpy as np

    from solitaire.studies.charts import COLORS, _figure, _frame

    n = len(blind_table)
    fig = _figure(10, 0.8 + 1.1 * n, bottom=1.2)
    ax = fig.add_axes([0.24, fig.bottom_frac, 0.46, fig.top_frac - fig.bottom_frac])
    ys = np.arange(n)[::-1]
    for y, r in zip(ys, blind_table.itertuples()):
        first = y == ys[0]
        ax.plot([r.thoughtful_ci95_low_pct, r.thoughtful_ci95_high_pct], [y + 0.18] * 2, color=COLORS[0], lw=1.2,
                marker="|", ms=10)
        ax.plot([r.winnable_pct], [y + 0.18], "o", color=COLORS[0], ms=7,
                label="thoughtful: winnable (95% bounds)" if first else None)
        ax.plot([r.blind_ci95_low_pct, r.blind_ci95_high_pct], [y - 0.18] * 2, color=COLORS[1], lw=1.2,
                marker="|", ms=10)
        ax.plot([r.blind_won_pct], [y - 0.18], "s", color=COLORS[1], ms=7,
                label="blind: won as played (95% Wilson)" if first else None)
        ax.annotate(f"winnable {r.winnable_pct:.2f}%, won blind {r.blind_won_pct:.2f}%\n"
                    f"won {r.won_of_winnable_pct:.1f}% of the winnable deals\nn={r.n:,} common deals",
                    xy=(1.02, y), xycoords=("axes fraction", "data"), va="center", fontsize=7.5)
    lo = min(blind_table["blind_ci95_low_pct"].min(), blind_table["thoughtful_ci95_low_pct"].min())
    hi = max(blind_table["blind_ci95_high_pct"].max(), blind_table["thoughtful_ci95_high_pct"].max())
    pad = max(1.0, 0.08 * (hi - lo))
    ax.set_xlim(max(0, lo - pad), min(100, hi + pad))
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_yticks(ys, [f"{r.blind}\nvs {r.thoughtful}" for r in blind_table.itertuples()], fontsize=8.5)
    ax.set_xlabel("deals (%)")
    ax.grid(axis="x", alpha=0.3)
    fig.legend(loc="lower center", bbox_to_anchor=(0.45, 0.2 / fig.get_figheight()), ncol=2, fontsize=7.5,
               frameon=False)
    _frame(fig, {**meta, "budget": "blind: see blind.md"}, "winnable, and won by a blind player")
    return fig
