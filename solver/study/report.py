"""Tables of a study: from run directories to CSV, Markdown and chart input.

``load_setting`` reads one run directory (configuration, sessions, rows);
``build_report`` computes the solvability table, the paired comparisons and
the distributions; ``write_report`` writes them (and the charts) to a folder
that a reader can understand without the command that made it:

    summary.csv / summary.md      solvability per setting (with 95% bounds)
    paired.csv / paired.md        verdict pairs and McNemar's exact test
    distributions.csv             solution length, seconds and nodes per deal
    deals.parquet                 one row per (setting, deal), no move lists
    manifest.json                 configurations, sessions, provenance, labels
    *.png                         charts (see ``charts``)
"""
from __future__ import annotations

import datetime as _dt
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from solver.solution import SOLVED, UNKNOWN, UNSOLVABLE, VERDICTS
from solver.study import stats
from solver.study.deal_set import DealSet
from solver.study.errors import StudyError
from solver.study.runconfig import RunConfig, fmt_value, load_run_config, provenance
from solver.study.store import read_rows

MAX_PAIRS = 6  # paired comparisons drawn when none are declared


@dataclass
class Setting:
    """One rule setting of a study: a labelled run directory and its rows."""

    label: str
    run_dir: Path
    config: RunConfig
    sessions: list
    rows: pd.DataFrame
    published: dict | None = None  # {"percent", "plusminus", "source"}

    @property
    def deals(self) -> DealSet:
        out = DealSet()
        out.add_sorted_numbers(self.rows["deal"].to_numpy())
        return out


def load_setting(run_dir: str | Path, label: str | None = None, deals: DealSet | None = None,
                 published: dict | None = None) -> Setting:
    """Read a run directory; keep only ``deals`` if given."""
    run_dir = Path(run_dir)
    config, data = load_run_config(run_dir)
    rows = read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True),
                     ["deal", "verdict", "moves", "nodes", "seconds", "reason", "session"])
    if deals is not None:
        rows = rows[deals.mask(rows["deal"].to_numpy())].reset_index(drop=True)
    if rows.empty:
        raise StudyError(f"{run_dir} holds no results" + (f" for deals {deals.text(5)}" if deals else ""))
    return Setting(label or run_dir.name, run_dir, config, data.get("sessions", []), rows, published)


def derive_labels(configs: list[RunConfig], names: list[str]) -> list[str]:
    """Short labels naming what differs between settings (``draw=1``, ``draw=3``)."""
    games = {c.game for c in configs}
    keys = sorted({k for c in configs for k in c.rules
                   if len({fmt_value(x.rules.get(k)) for x in configs}) > 1})
    labels = []
    for c in configs:
        parts = [c.game] if len(games) > 1 else []
        parts += [f"{k}={fmt_value(c.rules[k])}" for k in keys if k in c.rules]
        for attr, name in (("max_nodes", "max-nodes"), ("tt_mb", "tt-mb"), ("timeout", "timeout")):
            if len({getattr(x, attr) for x in configs}) > 1:
                parts.append(f"{name} {getattr(c, attr)}")
        labels.append(", ".join(parts))
    if len(set(labels)) < len(labels) or not all(labels):
        return list(names)
    return labels


@dataclass
class Report:
    title: str
    settings: list[Setting]
    summary: pd.DataFrame
    paired: pd.DataFrame
    distributions: pd.DataFrame
    deals: pd.DataFrame
    meta: dict = field(default_factory=dict)


def build_report(settings: list[Setting], title: str | None = None,
                 pairs: list[tuple[str, str]] | None = None) -> Report:
    """All tables of a report, plus the labels charts need (``meta``)."""
    labels = [s.label for s in settings]
    if len(set(labels)) != len(labels):
        raise StudyError(f"two settings share a label: {labels}")
    by_label = {s.label: s for s in settings}
    if pairs is None:
        pairs = [(a.label, b.label) for a, b in itertools.combinations(settings, 2)
                 if a.config.game == b.config.game][:MAX_PAIRS]
    for a, b in pairs:
        for name in (a, b):
            if name not in by_label:
                raise StudyError(f"comparison names unknown setting {name!r} (settings: {', '.join(labels)})")
    meta = _meta(settings, title)
    return Report(meta["title"], settings, _summary(settings), _paired(by_label, pairs),
                  _distributions(settings), _deal_rows(settings), meta)


def _summary(settings: list[Setting]) -> pd.DataFrame:
    out = []
    for s in settings:
        counts = stats.verdict_counts(s.rows["verdict"])
        sv = stats.solvability(counts[SOLVED], counts[UNSOLVABLE], counts[UNKNOWN])
        pub = s.published or {}
        row = {
            "setting": s.label, "game": s.config.game, "rules": s.config.rules_text(),
            "deals": s.deals.text(max_parts=5), "n": sv["n"], "solved": sv["solved"],
            "unsolvable": sv["unsolvable"], "unknown": sv["unknown"],
            "solved_pct": 100 * sv["low"], "solved_or_unknown_pct": 100 * sv["high"],
            "ci95_low_pct": 100 * sv["ci_low"], "ci95_high_pct": 100 * sv["ci_high"],
            "published_pct": pub.get("percent"), "published_pm": pub.get("plusminus"),
            "published_source": pub.get("source"),
            "agrees_with_published": None,
            "median_moves": stats.describe(s.rows["moves"].astype("float64"))["median"],
            "median_seconds": float(s.rows["seconds"].median()),
            "total_seconds": float(s.rows["seconds"].sum()),
            "max_nodes": s.config.max_nodes, "tt_mb": s.config.tt_mb, "timeout": s.config.timeout,
        }
        if pub.get("percent") is not None:
            lo, hi = pub["percent"] - pub.get("plusminus", 0), pub["percent"] + pub.get("plusminus", 0)
            row["agrees_with_published"] = bool(lo <= row["ci95_high_pct"] and row["ci95_low_pct"] <= hi)
        out.append(row)
    return pd.DataFrame(out)


def _paired(by_label: dict, pairs: list[tuple[str, str]]) -> pd.DataFrame:
    out = []
    for a, b in pairs:
        p = stats.paired(by_label[a].rows, by_label[b].rows)
        row = {"a": a, "b": b, "n": p["n"], "both_solved": p["both_solved"], "a_only": p["a_only"],
               "b_only": p["b_only"], "both_unsolvable": p["both_unsolvable"],
               "with_unknown": p["with_unknown"], "mcnemar_p": p["p_value"]}
        for va, vb in itertools.product(VERDICTS, VERDICTS):
            row[f"a_{va}_b_{vb}"] = int(p["table"].loc[va, vb])
        out.append(row)
    return pd.DataFrame(out, columns=["a", "b", "n", "both_solved", "a_only", "b_only", "both_unsolvable",
                                      "with_unknown", "mcnemar_p"]
                        + [f"a_{va}_b_{vb}" for va, vb in itertools.product(VERDICTS, VERDICTS)])


def _distributions(settings: list[Setting]) -> pd.DataFrame:
    out = []
    for s in settings:
        solved = s.rows[s.rows["verdict"] == SOLVED]
        for measure, values, over in (("moves", solved["moves"], "solved deals"),
                                      ("seconds", s.rows["seconds"], "all deals"),
                                      ("nodes", s.rows["nodes"], "all deals")):
            out.append({"setting": s.label, "measure": measure, "over": over,
                        **stats.describe(values.astype("float64"))})
    return pd.DataFrame(out)


def _deal_rows(settings: list[Setting]) -> pd.DataFrame:
    frames = [s.rows.assign(setting=s.label) for s in settings]
    df = pd.concat(frames, ignore_index=True)
    return df[["setting", "deal", "verdict", "moves", "nodes", "seconds", "reason"]]


def _meta(settings: list[Setting], title: str | None) -> dict:
    """What every chart must say: game, rules, deals, budget, provenance."""
    games = sorted({s.config.game for s in settings})
    common = {}
    if len(games) == 1:
        first = settings[0].config.rules
        common = {k: v for k, v in first.items() if all(s.config.rules.get(k) == v for s in settings)}
    deal_texts = {s.deals.text(max_parts=3) for s in settings}
    ns = sorted({len(s.rows) for s in settings})
    if len(deal_texts) == 1:
        deals = f"deals {deal_texts.pop()} (n={ns[0]:,} each)"
    else:
        deals = "deals: " + "; ".join(f"{s.label}: n={len(s.rows):,}" for s in settings)
    budgets = {s.config.budget_text() for s in settings}
    budget = budgets.pop() if len(budgets) == 1 else "budgets differ (see summary.csv)"
    prov = provenance()
    commit = (prov["git_commit"] or "no git")[:12]
    game_title = ", ".join(g.replace("-", " ").title() for g in games)
    return {
        "title": title or f"{game_title}: {' vs '.join(s.label for s in settings)}",
        "games": games,
        "game_title": game_title,
        "common_rules": ", ".join(f"{k}={fmt_value(v)}" for k, v in common.items()),
        "setting_rules": {s.label: s.config.rules_text() for s in settings},
        "deals": deals,
        "budget": budget,
        "footer": f"solitaire {prov['solver_version']} ({commit}), report of {prov['date'][:10]}",
        "labels": [s.label for s in settings],
    }


def write_report(report: Report, out_dir: str | Path, extra_manifest: dict | None = None) -> list[Path]:
    """Write the tables, charts and manifest; returns the files written."""
    from solver.study import charts

    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudyError(f"cannot create report folder {out}: {exc.strerror}") from None
    written = []

    def save_table(df: pd.DataFrame, stem: str, heading: str) -> None:
        df.to_csv(out / f"{stem}.csv", index=False)
        (out / f"{stem}.md").write_text(f"# {heading}\n\n{report.meta['deals']}; {report.meta['budget']}.\n\n"
                                        + markdown_table(df) + "\n")
        written.extend([out / f"{stem}.csv", out / f"{stem}.md"])

    save_table(_summary_for_print(report.summary), "summary", f"{report.title}: solvability")
    if not report.paired.empty:
        save_table(report.paired, "paired", f"{report.title}: paired comparison")
    report.distributions.to_csv(out / "distributions.csv", index=False)
    report.deals.to_parquet(out / "deals.parquet", index=False)
    written += [out / "distributions.csv", out / "deals.parquet"]
    manifest = {
        "title": report.title,
        "meta": report.meta,
        "settings": [{"label": s.label, "run_dir": str(s.run_dir), "config": s.config.to_json(),
                      "deals": s.deals.text(), "published": s.published, "sessions": s.sessions}
                     for s in report.settings],
        "generated": provenance(),
        **(extra_manifest or {}),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, default=str) + "\n")
    written.append(out / "manifest.json")
    written += charts.draw_all(report.summary, report.paired, report.deals, report.meta, out)
    return written


def _summary_for_print(summary: pd.DataFrame) -> pd.DataFrame:
    df = summary.copy()
    for col in ("solved_pct", "solved_or_unknown_pct", "ci95_low_pct", "ci95_high_pct"):
        df[col] = df[col].round(3)
    for col in ("median_seconds", "total_seconds"):
        df[col] = df[col].round(4)
    return df


def markdown_table(df: pd.DataFrame) -> str:
    """A GitHub Markdown table (no extra dependency)."""

    def cell(v) -> str:
        if v is None or (isinstance(v, float) and pd.isna(v)) or v is pd.NA:
            return ""
        if isinstance(v, float):
            return f"{v:.6g}"
        return str(v).replace("|", "\\|")

    head = "| " + " | ".join(map(str, df.columns)) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"
    body = ["| " + " | ".join(cell(v) for v in row) + " |" for row in df.itertuples(index=False)]
    return "\n".join([head, rule, *body])


def timestamp() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
