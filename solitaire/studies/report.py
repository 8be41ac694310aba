"""Tables of a study: from run directories to CSV, Markdown and chart input.

``load_setting`` reads one run directory (configuration, invocations, rows);
``build_report`` computes the solvability table, the paired comparisons and
the distributions; ``write_report`` writes them (and the charts) to a folder
that a reader can understand without the command that made it:

    summary.csv / summary.md      solvability per setting (with 95% bounds; with budget
                                  escalation, the deals decided at each budget)
    paired.csv / paired.md        verdict pairs and McNemar's exact test
    cross-checks.csv / .md        settings where one plays every game of another
                                  (``solitaire.studies.combine.cross_checks``): no deal
                                  may be won under the weaker and lost under the
                                  stronger; a report with such a deal is refused
    blind.csv / .md, blind.png    blind settings (played by a policy that cannot see the
                                  face-down cards) next to the thoughtful setting of the
                                  same rules (``solitaire.studies.blind``); a blind win on
                                  a deal proved unsolvable refuses the report
    distributions.csv             solution length, seconds and nodes per deal
    deals.parquet                 one row per (setting, deal), no move lists
    manifest.json                 configurations, invocations, provenance, labels
    *.png                         charts (see ``charts``)
    hardest-*.svg                 each setting's hardest solved deal (most nodes), shown in summary.md
"""
from __future__ import annotations

import datetime as _dt
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE, VERDICTS
from solitaire.studies import stats
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError
from solitaire.studies.runconfig import RunConfig, fmt_value, load_run_config, provenance
from solitaire.studies.store import read_rows

MAX_PAIRS = 6  # paired comparisons drawn when none are declared
CROSS_CHECK_NOTE = ("The stronger setting plays every game of the weaker (the game's `simulates`), so no deal "
                    "is won under the weaker and lost under the stronger (such a deal would stop the report). "
                    "`decided_by_both` counts the deals where the check could have failed.\n\n")


@dataclass
class Setting:
    """One rule setting of a study: a labelled run directory and its rows."""

    label: str
    run_dir: Path
    config: RunConfig
    invocations: list
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
                     ["deal", "verdict", "moves", "nodes", "seconds", "reason", "invocation", "budget_nodes"])
    if config.blind is not None:
        from solitaire.studies.blind import as_verdicts

        rows = as_verdicts(rows)  # won / lost as played, read as solved / unsolvable by the tables
    if deals is not None:
        rows = rows[deals.mask(rows["deal"].to_numpy())].reset_index(drop=True)
    if rows.empty:
        raise StudyError(f"{run_dir} holds no results" + (f" for deals {deals.text(5)}" if deals else ""))
    return Setting(label or run_dir.name, run_dir, config, data["invocations"], rows, published)


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
    stages: pd.DataFrame  # one row per setting and budget stage
    paired: pd.DataFrame
    distributions: pd.DataFrame
    deals: pd.DataFrame
    meta: dict = field(default_factory=dict)
    cross_checks: pd.DataFrame = field(default_factory=pd.DataFrame)
    blind: pd.DataFrame = field(default_factory=pd.DataFrame)  # blind settings next to thoughtful ones


def build_report(settings: list[Setting], title: str | None = None,
                 pairs: list[tuple[str, str]] | None = None) -> Report:
    """All tables of a report, plus the labels charts need (``meta``)."""
    labels = [s.label for s in settings]
    if len(set(labels)) != len(labels):
        raise StudyError(f"two settings share a label: {labels}")
    by_label = {s.label: s for s in settings}
    if pairs is None:  # a blind setting meets its thoughtful one in blind.md, not here
        pairs = [(a.label, b.label) for a, b in itertools.combinations(settings, 2)
                 if a.config.game == b.config.game
                 and (a.config.blind is None) == (b.config.blind is None)][:MAX_PAIRS]
    for a, b in pairs:
        for name in (a, b):
            if name not in by_label:
                raise StudyError(f"comparison names unknown setting {name!r} (settings: {', '.join(labels)})")
    from solitaire.studies import blind

    blind_pairs = blind.pairs(settings)
    blind.check_wins(blind_pairs)
    meta = _meta(settings, title)
    stages = _stages(settings)
    return Report(meta["title"], settings, _summary(settings, stages), stages, _paired(by_label, pairs),
                  _distributions(settings), _deal_rows(settings), meta,
                  _cross_checks([s for s in settings if s.config.blind is None]), blind.table(blind_pairs))


def _cross_checks(settings: list[Setting]) -> pd.DataFrame:
    """``combine.cross_checks`` within each game (raises StudyError on a contradiction)."""
    from solitaire.studies.combine import cross_checks

    tables = []
    for game in dict.fromkeys(s.config.game for s in settings):
        mine = [s for s in settings if s.config.game == game]
        table = cross_checks({s.label: s.rows for s in mine}, {s.label: s.config.rules for s in mine}, game)
        tables.append(table)
    return pd.concat(tables, ignore_index=True) if tables else pd.DataFrame()


def _stages(settings: list[Setting]) -> pd.DataFrame:
    """Per setting and budget stage: deals tried, decided there, and still unknown after it.

    A deal was tried at a stage if its last attempt's budget is at least that
    stage's (stages run in order, each on the deals the previous left unknown).
    """
    out = []
    for s in settings:
        budget, verdict = s.rows["budget_nodes"], s.rows["verdict"]
        for number, stage in enumerate(s.config.stages):
            here = budget == stage.max_nodes
            out.append({"setting": s.label, "stage": number, "max_nodes": stage.max_nodes,
                        "tt_mb": stage.tt_mb, "tried": int((budget >= stage.max_nodes).sum()),
                        "solved": int((here & (verdict == SOLVED)).sum()),
                        "unsolvable": int((here & (verdict == UNSOLVABLE)).sum())})
    df = pd.DataFrame(out)
    df["decided"] = df["solved"] + df["unsolvable"]
    df["unknown_after"] = df["tried"] - df["decided"]  # left for the next stage, or unknown in the end
    return df


def _decided_by_budget(stages: pd.DataFrame) -> str:
    """``2000000:950 20000000:25``: deals decided at each budget (a CSV cell)."""
    return " ".join(f"{r.max_nodes}:{r.decided}" for r in stages.itertuples())


def _summary(settings: list[Setting], stages: pd.DataFrame) -> pd.DataFrame:
    out = []
    for s in settings:
        counts = stats.verdict_counts(s.rows["verdict"])
        sv = stats.solvability(counts[SOLVED], counts[UNSOLVABLE], counts[UNKNOWN])
        pub = s.published or {}
        row = {
            "setting": s.label, "game": s.config.game, "rules": s.config.rules_text(),
            "deals": s.deals.text(max_parts=5), "n": sv["n"], "solved": sv["solved"],
            "unsolvable": sv["unsolvable"], "unknown": sv["unknown"], "unknown_pct": 100 * sv["unknown"] / sv["n"],
            "decided_by_budget": _decided_by_budget(stages[stages["setting"] == s.label]),
            "solved_pct": 100 * sv["low"], "solved_or_unknown_pct": 100 * sv["high"],
            "ci95_low_pct": 100 * sv["ci_low"], "ci95_high_pct": 100 * sv["ci_high"],
            "published_pct": pub.get("percent"), "published_pm": pub.get("plusminus"),
            "published_source": pub.get("source"),
            "agrees_with_published": None,
            "median_moves": stats.describe(s.rows["moves"].astype("float64"))["median"],
            "median_seconds": float(s.rows["seconds"].median()),
            "total_seconds": float(s.rows["seconds"].sum()),
            "max_nodes": s.config.max_nodes, "tt_mb": s.config.tt_mb, "timeout": s.config.timeout,
            "blind": "" if s.config.blind is None else s.config.budget_text(),
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
    from solitaire.studies.blind import as_played

    frames = [(s.rows if s.config.blind is None else as_played(s.rows)).assign(setting=s.label) for s in settings]
    df = pd.concat(frames, ignore_index=True)
    return df[["setting", "deal", "verdict", "moves", "nodes", "seconds", "reason", "budget_nodes"]]


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
        "setting_rules": {s.label: ", ".join(f"{k}={fmt_value(v)}" for k, v in s.config.rules.items()
                                             if k not in common) for s in settings},
        "deals": deals,
        "budget": budget,
        "footer": f"solitaire {prov['solver_version']} ({commit}), report of {prov['date'][:10]}",
        "labels": [s.label for s in settings],
    }


def write_report(report: Report, out_dir: str | Path, extra_manifest: dict | None = None,
                 pictures: bool = True) -> list[Path]:
    """Write the tables, charts and manifest (and, with ``pictures``, an SVG of each
    setting's hardest solved deal, shown in summary.md); returns the files written."""
    from solitaire.studies import charts

    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudyError(f"cannot create report folder {out}: {exc.strerror}") from None
    written = []

    def save_table(df: pd.DataFrame, printable: str, stem: str, heading: str) -> None:
        df.to_csv(out / f"{stem}.csv", index=False)
        (out / f"{stem}.md").write_text(f"# {heading}\n\n{report.meta['deals']}; {report.meta['budget']}.\n\n"
                                        + printable + "\n")
        written.extend([out / f"{stem}.csv", out / f"{stem}.md"])

    summary_text = summary_markdown(report.summary)
    if any(s.config.escalate for s in report.settings):
        summary_text += "\n\n## Budget escalation\n\n" + stages_markdown(report.stages)
    if pictures:
        from solitaire.render.report_pictures import hardest_deal_pictures

        pictures_text, picture_paths = hardest_deal_pictures(report, out)
        summary_text += pictures_text
        written += picture_paths
    save_table(report.summary, summary_text, "summary", f"{report.title}: solvability")
    if not report.paired.empty:
        save_table(report.paired, paired_markdown(report.paired), "paired", f"{report.title}: paired comparison")
    if not report.cross_checks.empty:
        save_table(report.cross_checks, CROSS_CHECK_NOTE + markdown_table(report.cross_checks), "cross-checks",
                   f"{report.title}: cross-checks between related settings")
    if not report.blind.empty:
        from solitaire.studies import blind

        save_table(report.blind, blind.markdown(report.blind, markdown_table), "blind",
                   f"{report.title}: blind and thoughtful")
        blind.chart(report.blind, report.meta).savefig(out / "blind.png", bbox_inches="tight")
        written.append(out / "blind.png")
    report.distributions.round(6).to_csv(out / "distributions.csv", index=False)
    report.deals.to_parquet(out / "deals.parquet", index=False)
    written += [out / "distributions.csv", out / "deals.parquet"]
    manifest = {
        "title": report.title,
        "meta": report.meta,
        "settings": [{"label": s.label, "run_dir": str(s.run_dir), "config": s.config.to_json(),
                      "deals": s.deals.text(), "published": s.published, "invocations": s.invocations}
                     for s in report.settings],
        "generated": provenance(),
        **(extra_manifest or {}),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, default=str) + "\n")
    written.append(out / "manifest.json")
    written += charts.draw_all(report.summary, report.paired, report.deals, report.meta, out)
    return written


def summary_markdown(summary: pd.DataFrame) -> str:
    """The solvability table as a reader wants it (summary.csv has every column)."""
    rows = []
    for r in summary.itertuples():
        share = f"{r.solved_pct:.2f}" + (f" .. {r.solved_or_unknown_pct:.2f}" if r.unknown else "")
        published = ""
        if pd.notna(r.published_pct):
            published = (f"{r.published_pct:.3f} ± {r.published_pm or 0:.3f} ({r.published_source or '?'}): "
                         + ("overlaps" if r.agrees_with_published else "**does not overlap**"))
        rows.append({"setting": r.setting + (" (blind)" if r.blind else ""), "rules": r.rules, "deals": r.n,
                     "won": r.solved, "lost": r.unsolvable,
                     "unknown": r.unknown, "winnable %": share,
                     "95% bounds %": f"{r.ci95_low_pct:.2f} .. {r.ci95_high_pct:.2f}", "published %": published})
    note = ("\n\n*won* = solved (replay-verified win), *lost* = proved unsolvable, *unknown* = budget ran out. "
            "The share lies between won/n and (won+unknown)/n; the 95% bounds are the Wilson lower bound of "
            "the first and the Wilson upper bound of the second.")
    if "blind" in summary and summary["blind"].astype(bool).any():
        note += (" A *blind* setting is played by a policy that cannot see the face-down cards: its *won* and "
                 "*lost* are as played (a loss proves nothing), and its share is the win rate with its Wilson "
                 "interval; blind.md sets it beside the thoughtful setting of the same rules.")
    return markdown_table(pd.DataFrame(rows)) + note


def stages_markdown(stages: pd.DataFrame) -> str:
    """Deals decided at each budget stage, per setting."""
    table = stages.assign(budget=[f"{n:,} nodes, TT {t:g} MB" for n, t in zip(stages["max_nodes"], stages["tt_mb"])])
    table = table[["setting", "stage", "budget", "tried", "solved", "unsolvable", "unknown_after"]].rename(columns={
        "stage": "stage (0 = main)", "tried": "deals tried", "solved": "won", "unsolvable": "lost",
        "unknown_after": "still unknown"})
    note = ("\n\nEach stage solves again, at its larger budget, the deals the previous stage left unknown; "
            "the table above counts each deal once, with the verdict of its last stage. "
            "*nodes* and *seconds* of a deal add up all its attempts.")
    return markdown_table(table) + note


def paired_markdown(paired: pd.DataFrame) -> str:
    """Discordant pairs and McNemar's exact test, then each full table of verdict pairs."""
    head = paired[["a", "b", "n", "both_solved", "a_only", "b_only", "both_unsolvable", "with_unknown",
                   "mcnemar_p"]].rename(columns={
        "n": "common deals", "both_solved": "both won", "a_only": "won only under a",
        "b_only": "won only under b", "both_unsolvable": "both lost", "with_unknown": "with an unknown",
        "mcnemar_p": "McNemar exact p"})
    parts = [markdown_table(head),
             "\nMcNemar's exact test uses the deals decided under both settings; pairs with an unknown "
             "are left out of it (counted above)."]
    names = {"solved": "won", "unsolvable": "lost", "unknown": "unknown"}
    for p in paired.itertuples():
        table = pd.DataFrame([[f"a {names[va]}"] + [getattr(p, f"a_{va}_b_{vb}") for vb in VERDICTS]
                              for va in VERDICTS], columns=[f"a: {p.a} / b: {p.b}"]
                             + [f"b {names[vb]}" for vb in VERDICTS])
        parts += [f"\n## {p.a} vs {p.b}\n", markdown_table(table)]
    return "\n".join(parts)


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
