"""The declared studies run at full size: README.md's table, from the committed reports.

Each folder of ``FULL_STUDIES`` is what ``solitaire study experiments/<name>.toml``
wrote (its ``summary.csv`` and ``deals.parquet``).  This prints the README's
table of them, one row per setting, so the figures in the README are never
typed by hand (a test checks the README holds these rows), and checks each
study's decided verdicts against its pilot's and against the shortest-win
runs of ``results/optimal/`` (the same rules on deals 1-200, a different
search): a deal won in one and lost in another would mean a search is wrong.

    python benchmarks/full_studies.py
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from solitaire.verdicts import UNKNOWN

RESULTS = Path(__file__).resolve().parent.parent / "results"
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


def readme_rows() -> str:
    """README.md's rows: game, setting, deals, won / lost / unknown, the
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


def main() -> None:
    print("| game | setting | deals | won / lost / unknown | winnable (95% bounds) | nodes per deal | median / mean time per deal |")
    print("|---|---|---|---|---|---|---|")
    print(readme_rows())
    print()
    for folder in FULL_STUDIES:
        for pilot, decided, differ in pilot_conflicts(folder):
            print(f"{folder} against {pilot}: {decided} deals decided by both, {differ} decided differently")
        for csv, decided, differ in optimal_conflicts(folder):
            print(f"{folder} against optimal/{csv}: {decided} deals decided by both, {differ} decided differently")


if __name__ == "__main__":
    main()
