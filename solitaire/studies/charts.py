"""The charts of a report (PNG, matplotlib), readable without the command.

Every chart states the game, the rules (those shared by all settings in the
subtitle, the differing ones in the setting labels), the deals and the
budget, and carries the solver version and commit in a footer.  The
functions take the report's tables (which ``results/`` keeps), so the
notebook in ``notebooks/`` redraws the same charts from ``results/`` alone.
They build ``matplotlib.figure.Figure`` objects directly (no pyplot state),
so they work headless and inside notebooks alike.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from solitaire.verdicts import SOLVED, VERDICTS

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f"]


AXIS_LABEL_CHARS = 38  # a paired panel's axis labels wrap at this width, clear of the next panel
TOP_IN = 1.15  # inches above the plots: title and subtitle
BOTTOM_IN = 0.95  # inches below: axis label and footer


def _figure(width: float, plot_height: float, bottom: float = BOTTOM_IN) -> Figure:
    """A figure with fixed margins (inches) for the title block and footer."""
    fig = Figure(figsize=(width, plot_height + TOP_IN + bottom), dpi=120)
    fig.bottom_frac = bottom / (plot_height + TOP_IN + bottom)
    fig.top_frac = 1 - TOP_IN / (plot_height + TOP_IN + bottom)
    return fig


def _frame(fig: Figure, meta: dict, what: str) -> None:
    """Title (game and what is shown), subtitle (rules, deals, budget), footer."""
    height = fig.get_figheight()
    fig.suptitle(f"{meta['game_title']}: {what}", fontsize=13, fontweight="bold", y=1 - 0.12 / height, va="top")
    if meta.get("common_rules"):
        rules = f"rules: {meta['common_rules']}"
    elif any(meta.get("setting_rules", {}).values()):
        rules = "rules: see each setting"
    else:
        rules = "rules: as in RULES.md (the game has no options)"
    fig.text(0.5, 1 - 0.5 / height, f"{rules}\n{meta['deals']}; {meta['budget']}", ha="center", va="top",
             fontsize=8.5, color="#333333", linespacing=1.5)
    fig.text(0.99, 0.08 / height, meta["footer"], ha="right", va="bottom", fontsize=7, color="#777777")


def _setting_label(meta: dict, label: str) -> str:
    """The label, and under it the rules that set this setting apart (if the label does not say them)."""
    differ = meta.get("setting_rules", {}).get(label, "")
    return f"{label}\n({differ})" if differ and differ != label else label


def solvability_chart(summary: pd.DataFrame, meta: dict) -> Figure:
    """Point-range chart: solved% .. (solved+unknown)% with 95% bounds; published figures."""
    n = len(summary)
    fig = _figure(10, 0.6 + 0.8 * n, bottom=1.35)
    ax = fig.add_axes([0.2, fig.bottom_frac, 0.5, fig.top_frac - fig.bottom_frac])
    ys = np.arange(n)[::-1]
    has_published = summary["published_pct"].notna().any()
    published_labelled = False  # one legend entry for all published figures
    for y, (_, row), color in zip(ys, summary.iterrows(), COLORS * 4):
        ax.plot([row["ci95_low_pct"], row["ci95_high_pct"]], [y, y], color=color, lw=1.2,
                marker="|", ms=12, label="95% bounds" if y == ys[0] else None)
        ax.plot([row["solved_pct"], row["solved_or_unknown_pct"]], [y, y], color=color, lw=7, alpha=0.45,
                solid_capstyle="butt", label="solved .. solved+unknown" if y == ys[0] else None)
        ax.plot([row["solved_pct"]], [y], "o", color=color, ms=7, label="solved (proved wins)" if y == ys[0] else None)
        if pd.notna(row.get("published_pct")):
            pm = row.get("published_pm") or 0
            ax.errorbar([row["published_pct"]], [y - 0.25], xerr=[[pm], [pm]], fmt="D", color="black", ms=5,
                        capsize=3, label=None if published_labelled else "published")
            published_labelled = True
        text = (f"{row['solved_pct']:.2f}%" + (f"..{row['solved_or_unknown_pct']:.2f}%" if row["unknown"] else "")
                + f"  [{row['ci95_low_pct']:.2f}, {row['ci95_high_pct']:.2f}]\n"
                + f"n={int(row['n']):,}: {int(row['solved']):,} won, {int(row['unsolvable']):,} lost, "
                + f"{int(row['unknown']):,} unknown")
        if pd.notna(row.get("published_pct")):
            text += f"\npublished {row['published_pct']:.3f} ± {row['published_pm'] or 0:.3f}"
        ax.annotate(text, xy=(1.02, y), xycoords=("axes fraction", "data"), va="center", fontsize=7.5)
    lo = min(summary["ci95_low_pct"].min(), summary["published_pct"].min() if has_published else 100)
    hi = max(summary["ci95_high_pct"].max(), summary["published_pct"].max() if has_published else 0)
    pad = max(1.0, 0.08 * (hi - lo))
    ax.set_xlim(max(0, lo - pad), min(100, hi + pad))
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_yticks(ys, [_setting_label(meta, s) for s in summary["setting"]], fontsize=9)
    ax.set_xlabel("deals that can be won (%)")
    ax.grid(axis="x", alpha=0.3)
    fig.legend(loc="lower center", bbox_to_anchor=(0.45, 0.2 / fig.get_figheight()), ncol=4, fontsize=7.5,
               frameon=False)
    _frame(fig, meta, "share of deals that can be won")
    return fig


def paired_chart(paired: pd.DataFrame, meta: dict) -> Figure:
    """One 3x3 table of verdict pairs per comparison, with McNemar's exact p."""
    k = len(paired)
    cols = min(k, 3)
    rows = (k + cols - 1) // cols
    fig = _figure(max(6.0, 4.4 * cols + 0.6), 4.1 * rows)
    names = ["won", "lost", "unknown"]
    for i, (_, p) in enumerate(paired.iterrows()):
        ax = fig.add_subplot(rows, cols, i + 1)
        table = np.array([[p[f"a_{va}_b_{vb}"] for vb in VERDICTS] for va in VERDICTS], dtype=float)
        ax.imshow(np.log1p(table), cmap="Blues")
        for r in range(3):
            for c in range(3):
                ax.text(c, r, f"{int(table[r, c]):,}", ha="center", va="center", fontsize=10,
                        color="white" if table[r, c] > table.max() * 0.6 and table.max() > 0 else "black",
                        fontweight="bold" if (r, c) in ((0, 1), (1, 0)) else "normal")
        ax.set_xticks(range(3), names)
        ax.set_yticks(range(3), names)
        ax.set_xlabel(_wrap(f"b: {_one_line(meta, p['b'])}"), fontsize=9)
        ax.set_ylabel(_wrap(f"a: {_one_line(meta, p['a'])}"), fontsize=9)
        ax.set_title(f"n={int(p['n']):,} common deals\nwon only under a: {int(p['a_only'])}, only under b: "
                     f"{int(p['b_only'])}\nMcNemar exact p {_p_text(p['mcnemar_p'])}", fontsize=8.5)
    fig.subplots_adjust(top=fig.top_frac - 0.75 / fig.get_figheight(), bottom=fig.bottom_frac, wspace=0.6,
                        hspace=0.9)
    _frame(fig, meta, "the same deals under two settings")
    return fig


def _wrap(text: str) -> str:
    return textwrap.fill(text, AXIS_LABEL_CHARS, break_on_hyphens=False)


def _p_text(p: float) -> str:
    """``= 0.0123``; a p-value too small for a float (it underflows to 0) is ``< 1e-300``."""
    return f"= {p:.3g}" if p > 0 else "< 1e-300"


def _one_line(meta: dict, label: str) -> str:
    return _setting_label(meta, label).replace("\n", " ")


def _labelled(meta: dict, deals: pd.DataFrame):
    for i, label in enumerate(meta["labels"]):
        yield label, deals[deals["setting"] == label], COLORS[i % len(COLORS)]


def lengths_chart(deals: pd.DataFrame, meta: dict) -> Figure:
    """Histogram of the length of the solutions found (solved deals only)."""
    fig = _figure(9, 3.8)
    ax = fig.add_axes([0.1, fig.bottom_frac, 0.86, fig.top_frac - fig.bottom_frac])
    solved = deals[deals["verdict"] == SOLVED]
    moves = solved["moves"].astype("float64").dropna()
    note = ""
    if moves.empty:
        ax.text(0.5, 0.5, "no deal was solved", ha="center", va="center", transform=ax.transAxes)
    else:
        edge = _right_edge(moves)
        beyond = int((moves > edge).sum())
        if beyond:
            note = (f"\n{beyond:,} solution{'s' if beyond > 1 else ''} longer than {edge:.0f} moves "
                    f"(up to {moves.max():.0f}) lie beyond the right edge")
        width = max(1, int(np.ceil((edge - moves.min() + 1) / 40)))  # whole moves per bin: no aliasing
        bins = np.arange(moves.min() - 0.5, edge + width, width)
        for label, part, color in _labelled(meta, solved):
            m = part["moves"].astype("float64").dropna()
            if len(m):
                ax.hist(m, bins=bins, histtype="step", lw=1.8, color=color,
                        label=f"{_one_line(meta, label)}: {len(m):,} solved, median {m.median():.0f} moves")
        _legend_above_bars(ax, len(meta["labels"]))
    ax.set_xlabel("moves in the solution found (a first win, not necessarily the shortest)" + note)
    ax.set_ylabel("deals")
    ax.grid(alpha=0.3)
    _frame(fig, meta, "length of the solutions found")
    return fig


def _legend_above_bars(ax, entries: int) -> None:
    """The legend in the top band of the plot, with the y axis raised so that no bar reaches it."""
    ax.set_ylim(0, ax.get_ylim()[1] * (1.08 + 0.075 * entries))
    ax.legend(fontsize=8, loc="upper right")


def _right_edge(values: pd.Series) -> float:
    """The histogram's right edge: the largest value within 1.5 times the 99th percentile.
    A few far outliers beyond it would squeeze every other deal into a handful of bins."""
    return float(values[values <= 1.5 * values.quantile(0.99)].max())


def time_chart(deals: pd.DataFrame, meta: dict) -> Figure:
    """Histogram of seconds per deal on log-spaced bins (log x axis), by setting."""
    fig = _figure(9, 3.8)
    ax = fig.add_axes([0.1, fig.bottom_frac, 0.86, fig.top_frac - fig.bottom_frac])
    secs = deals["seconds"].astype("float64")
    positive = secs[secs > 0]
    lo = max(positive.min(), 1e-6) if len(positive) else 1e-6
    hi = max(secs.max(), lo * 10) if len(secs) else 1.0
    bins = np.geomspace(lo * 0.9, hi * 1.1, 40)
    for label, part, color in _labelled(meta, deals):
        s = part["seconds"].astype("float64").clip(lower=lo)
        ax.hist(s, bins=bins, histtype="step", lw=1.8, color=color,
                label=f"{_one_line(meta, label)}: median {s.median():.3g} s, total {s.sum():,.1f} s")
    ax.set_xscale("log")
    ax.set_xlabel("seconds per deal (log scale; one core each)")
    ax.set_ylabel("deals")
    ax.grid(alpha=0.3, which="both")
    _legend_above_bars(ax, len(meta["labels"]))
    _frame(fig, meta, "time per deal")
    return fig


def draw_all(summary: pd.DataFrame, paired: pd.DataFrame, deals: pd.DataFrame, meta: dict,
             out_dir: str | Path) -> list[Path]:
    """Write every chart of a report as PNG; returns the paths."""
    out = Path(out_dir)
    figures = {"solvability.png": solvability_chart(summary, meta),
               "solution-lengths.png": lengths_chart(deals, meta),
               "time-per-deal.png": time_chart(deals, meta)}
    if paired is not None and not paired.empty:
        figures["paired.png"] = paired_chart(paired, meta)
    paths = []
    for name, fig in figures.items():
        fig.savefig(out / name, bbox_inches="tight")  # long rule labels stay inside
        paths.append(out / name)
    return paths
