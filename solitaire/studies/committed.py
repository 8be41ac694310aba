"""The committed results, checked and summarised: what README.md's tables say.

* ``headline_rows``: the full studies of ``experiments/`` (one row per
  setting, from each report's ``summary.csv``), and checks that each
  study's decided verdicts agree with its pilot's and with the shortest-win
  runs of ``results/optimal/`` (the same rules, a different search): a deal
  won in one and lost in another would mean a search is wrong.
* ``published_rows``: Klondike with unlimited passes against Blake &
  Gent's published figures.  The 2,000-deal study left some deals unknown;
  later runs at larger budgets (``later/<setting>/`` run directories) are
  overlaid (``combine.overlay``), and verdicts carry between settings where
  one plays every game of the other (``combine.carry_all``).  A setting
  passes when its 95% Wilson interval contains the published figure and
  under 0.5% of its deals are unknown.

    python -m solitaire.studies.committed           # print both tables and the checks
    python -m solitaire.studies.committed --write   # and rewrite published-check.md / .csv
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pandas as pd

from solitaire.games import get_game
from solitaire.rules import parse_rules
from solitaire.studies import stats
from solitaire.studies.combine import STUDY, carry_all, cross_checks, overlay, with_provenance
from solitaire.studies.experiment import slugify
from solitaire.studies.report import markdown_table
from solitaire.studies.store import read_rows
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE

RESULTS = Path(__file__).resolve().parents[2] / "results"
PUBLISHED = RESULTS / "unlimited-passes-2000"
HEADLINE_HEADER = ("| game | setting | deals | won / lost / unknown | winnable (95% bounds) | nodes per deal "
                   "| median / mean time per deal |\n|---|---|---|---|---|---|---|")
PUBLISHED_HEADER = ("| setting | won / lost / unknown | winnable (95% Wilson) | Blake & Gent | passes |\n"
                    "|---|---|---|---|---|")

# full study folder -> the smaller runs of the same rules (pilots, quick start)
FULL_STUDIES = {
    "draw1-vs-draw3": ("draw1-vs-draw3-pilot", "quickstart"),
    "pyramid": ("pyramid-pilot",),
    "yukon": ("yukon-pilot",),
    "bakers-dozen": ("bakers-dozen-pilot",),
}
# full study folder -> {setting label: the shortest-win CSVs of its rules (benchmarks/optimal.py's SETTINGS)}
OPTIMAL_RUNS = {
    "draw1-vs-draw3": {"draw 1, 1 pass": "optimal-klondike-d1p1-*.csv", "draw 3, 3 passes": "optimal-klondike-d3p3-*.csv"},
    "yukon": {"yukon": "optimal-yukon-*.csv"},
    "bakers-dozen": {"any suit, kings bottom": "optimal-bakers-dozen-*.csv"},
}
TITLES = {"draw1-vs-draw3": "Klondike", "pyramid": "Pyramid", "yukon": "Yukon", "bakers-dozen": "Baker's Dozen"}


def summary(folder: str) -> pd.DataFrame:
    return pd.read_csv(RESULTS / folder / "summary.csv", keep_default_na=False)


def node_budgets(folder: str) -> dict[str, str]:
    """setting label -> its node budget, then each escalation stage's
    ("2,000,000, unknowns at 10,000,000"), from the report's manifest."""
    manifest = json.loads((RESULTS / folder / "manifest.json").read_text())
    out = {}
    for setting in manifest["settings"]:
        config = setting["config"]
        stages = [f"{config['max_nodes']:,}"] + [f"unknowns at {stage['max_nodes']:,}"
                                                 for stage in config.get("escalate", [])]
        out[setting["label"]] = ", ".join(stages)
    return out


def headline_rows() -> str:
    """README.md's headline rows: game, setting, deals, won / lost / unknown, the
    winnable range and its 95% bounds, the node budget (and the escalation
    stages), and the median and mean time per deal on one worker."""
    lines = []
    for folder in FULL_STUDIES:
        budgets = node_budgets(folder)
        for r in summary(folder).itertuples():
            lines.append(f"| {TITLES[folder]} | {r.setting} | {r.deals} | {r.solved} / {r.unsolvable} / {r.unknown} "
                         f"| {r.solved_pct:.2f}..{r.solved_or_unknown_pct:.2f}% "
                         f"({r.ci95_low_pct:.2f}..{r.ci95_high_pct:.2f}%) | {budgets[r.setting]} | "
                         f"{r.median_seconds * 1000:.1f} / {r.total_seconds / r.n * 1000:.0f} ms |")
    return "\n".join(lines)


def deals(folder: str) -> pd.DataFrame:
    """setting, deal and verdict of every deal of the report."""
    return pd.read_parquet(RESULTS / folder / "deals.parquet", columns=["setting", "deal", "verdict"])


def verdicts_by_rules(folder: str) -> pd.DataFrame:
    """deal, verdict and the setting's rules (labels differ between a study and its pilots)."""
    table = summary(folder)
    rules = dict(zip(table["setting"], table["rules"]))
    rows = deals(folder)
    return rows.assign(rules=rows["setting"].map(rules)).drop(columns="setting")


def _decided_and_differ(both: pd.DataFrame, other: str) -> tuple[int, int]:
    """Deals of ``both`` decided in ``verdict`` and in column ``other``, and how many of them differ."""
    decided = both[(both["verdict"] != UNKNOWN) & (both[other] != UNKNOWN)]
    return len(decided), int((decided["verdict"] != decided[other]).sum())


def pilot_conflicts(folder: str) -> list[tuple[str, int, int]]:
    """(pilot, deals decided by both, deals decided differently) per pilot of ``folder``."""
    full = verdicts_by_rules(folder)
    out = []
    for pilot in FULL_STUDIES[folder]:
        both = full.merge(verdicts_by_rules(pilot), on=["rules", "deal"], suffixes=("", "_pilot"))
        out.append((pilot, *_decided_and_differ(both, "verdict_pilot")))
    return out


def optimal_conflicts(folder: str) -> list[tuple[str, int, int]]:
    """(shortest-win CSV, deals decided by both, deals decided differently)
    for each CSV of ``OPTIMAL_RUNS[folder]``."""
    rows = deals(folder)
    out = []
    for label, pattern in OPTIMAL_RUNS.get(folder, {}).items():
        mine = rows[rows["setting"] == label]
        for path in sorted((RESULTS / "optimal").glob(pattern)):
            runs = pd.read_csv(path, usecols=["deal", "result"]).rename(columns={"result": "verdict_optimal"})
            out.append((path.name, *_decided_and_differ(mine.merge(runs, on="deal"), "verdict_optimal")))
    return out


MAX_UNKNOWN_PCT = 0.5


def combined_verdicts(results: Path | None = None) -> tuple[dict[str, pd.DataFrame], dict[str, dict]]:
    """Per setting label: one row per deal (deal, verdict, decided_by, solution); and the study's settings."""
    results = results or PUBLISHED
    study = pd.read_parquet(results / "deals.parquet")
    settings = _settings(results)
    rows = {}
    for label, setting in settings.items():
        base = study[study["setting"] == label][["deal", "verdict"]].reset_index(drop=True)
        rules_json = json.dumps(setting["config"]["rules"], sort_keys=True)
        for run_dir in sorted((results / "later" / slugify(label)).glob("*/run.json")):
            later = read_rows(run_dir.parent, "klondike", rules_json, ["deal", "verdict", "budget_nodes", "solution"])
            base = overlay(base, later, "later run")
        rows[label] = with_provenance(base)
    return carry_all(rows, _rules(settings), "klondike"), settings


def _rules(settings: dict[str, dict]) -> dict[str, dict]:
    spec = get_game("klondike")
    return {label: parse_rules(spec, s["config"]["rules"]) for label, s in settings.items()}


def _settings(results: Path) -> dict[str, dict]:
    return {s["label"]: s for s in json.loads((results / "manifest.json").read_text())["settings"]}


def check_table(rows: dict[str, pd.DataFrame], settings: dict[str, dict]) -> pd.DataFrame:
    """One row per setting: counts, where the decided verdicts came from, interval, pass/fail."""
    out = []
    for label, df in rows.items():
        counts = stats.verdict_counts(df["verdict"])
        sv = stats.solvability(counts[SOLVED], counts[UNSOLVABLE], counts[UNKNOWN])
        published = settings[label]["published"]
        decided = df[df["verdict"] != UNKNOWN]
        lo, hi = 100 * sv["ci_low"], 100 * sv["ci_high"]
        unknown_pct = 100 * sv["unknown"] / sv["n"]
        contains = lo <= published["percent"] <= hi
        out.append({
            "setting": label, "deals": sv["n"], "won": sv["solved"], "lost": sv["unsolvable"],
            "unknown": sv["unknown"], "unknown_pct": round(unknown_pct, 2),
            "unknown_own_search_pct": round(100 * (sv["unknown"] + int(decided["implied"].sum())) / sv["n"], 2),
            "decided_by_study": int((decided["decided_by"] == STUDY).sum()),
            "decided_later": int(((decided["decided_by"] != STUDY) & ~decided["implied"]).sum()),
            "implied_by_pair": int(decided["implied"].sum()),
            "winnable_pct": f"{100 * sv['low']:.2f}..{100 * sv['high']:.2f}",
            "wilson95_pct": f"{lo:.2f}..{hi:.2f}",
            "published_pct": f"{published['percent']:.3f} ± {published['plusminus']:.3f}",
            "contains_published": contains,
            "passes": bool(contains and unknown_pct < MAX_UNKNOWN_PCT),
        })
    return pd.DataFrame(out)


def provenance(rows: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """How many verdicts each source decided, per setting."""
    parts = [df[df["verdict"] != UNKNOWN].groupby(["decided_by", "verdict"]).size().rename("deals").reset_index()
             .assign(setting=label) for label, df in rows.items()]
    return pd.concat(parts)[["setting", "decided_by", "verdict", "deals"]].reset_index(drop=True)


def published_rows(table: pd.DataFrame) -> str:
    """The rows of README.md's published-figure table (a test keeps the README in step)."""
    return "\n".join(f"| {r.setting} | {r.won} / {r.lost} / {r.unknown} | {r.winnable_pct}% ({r.wilson95_pct}%) "
                     f"| {r.published_pct} | {'yes' if r.passes else 'no'} |" for r in table.itertuples())


def still_unknown(rows: dict[str, pd.DataFrame]) -> str:
    return "\n".join(f"- {label}: " + (" ".join(str(d) for d in df.loc[df["verdict"] == UNKNOWN, "deal"]) or "none")
                     for label, df in rows.items())


def report_text(rows: dict[str, pd.DataFrame], settings: dict[str, dict], table: pd.DataFrame) -> str:
    """published-check.md; ``table`` is ``check_table(rows, settings)``."""
    return (f"# Published-figure check\n\nGenerated by `python -m solitaire.studies.committed "
            f"--write` from `deals.parquet` (the study) and `later/` (later runs of its unknowns).  A setting "
            f"passes when its 95% Wilson interval contains the published figure and under {MAX_UNKNOWN_PCT}% "
            f"of its deals are unknown.  `implied_by_pair`: verdicts carried from a related setting "
            f"(a loss under one that plays every game of this one; a win under one whose every game this one "
            f"plays, replayed here); `unknown_own_search_pct` leaves them out.\n\n{markdown_table(table)}\n\n"
            f"## Where the verdicts come from\n\n{markdown_table(provenance(rows))}\n\n"
            f"## Cross-checks between related settings\n\nThe stronger setting plays every game of the "
            f"weaker (f2t adds moves; draw 1 turns one card at a time), so no deal may be won under the "
            f"weaker and lost under the stronger.\n\n{markdown_table(cross_checks(rows, _rules(settings), 'klondike'))}\n\n"
            f"## Still unknown\n\n{still_unknown(rows)}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite published-check.md and .csv")
    args = parser.parse_args()
    print(HEADLINE_HEADER)
    print(headline_rows())
    print()
    for folder in FULL_STUDIES:
        for pilot, decided, differ in pilot_conflicts(folder):
            print(f"{folder} against {pilot}: {decided} deals decided by both, {differ} decided differently")
        for csv, decided, differ in optimal_conflicts(folder):
            print(f"{folder} against optimal/{csv}: {decided} deals decided by both, {differ} decided differently")
    rows, settings = combined_verdicts()
    table = check_table(rows, settings)
    print()
    print(PUBLISHED_HEADER)
    print(published_rows(table))
    if args.write:
        (PUBLISHED / "published-check.md").write_text(report_text(rows, settings, table))
        table.to_csv(PUBLISHED / "published-check.csv", index=False)


if __name__ == "__main__":
    main()
