"""Issue 2's published-figure check: the 2,000-deal study and the later runs of its unknowns.

Blake & Gent published the winnable share of thoughtful Klondike (unlimited
passes).  The check asks, per setting, for a 95% Wilson interval containing
their figure with under 0.5% of the deals unknown.  The study
(``results/unlimited-passes-2000``, 2M nodes per deal) left 3-4% unknown;
those deals were solved again later with a newer solver and larger budgets,
in run directories under ``later/<setting>/`` (applied in name order).
This script combines the two (``solitaire.studies.combine``), carries verdicts
between settings where one plays every game of the other
(``solitaire.games.klondike.relations``: f2t over no f2t, draw 1 over draw 3;
a carried win counts only once its move list replays as a win under the
other setting), and prints the table.

    python benchmarks/published_check.py           # print the table
    python benchmarks/published_check.py --write   # and write published-check.md / .csv
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pandas as pd

from solitaire.games import get_game
from solitaire.rules import parse_rules
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE
from solitaire.studies import stats
from solitaire.studies.combine import STUDY, carry_all, cross_checks, overlay, with_provenance
from solitaire.studies.experiment import slugify
from solitaire.studies.report import markdown_table
from solitaire.studies.store import read_rows

RESULTS = Path(__file__).resolve().parent.parent / "results" / "unlimited-passes-2000"
MAX_UNKNOWN_PCT = 0.5


def combined_verdicts(results: Path = RESULTS) -> tuple[dict[str, pd.DataFrame], dict[str, dict]]:
    """Per setting label: one row per deal (deal, verdict, decided_by, solution); and the study's settings."""
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


def readme_rows(table: pd.DataFrame) -> str:
    """The rows of README.md's published-check table (a test keeps the README in step)."""
    return "\n".join(
        f"| {r.setting} | {r.won} / {r.lost} / {r.unknown} | {r.unknown_pct:.2f}% ({r.unknown_own_search_pct:.2f}%) "
        f"| {r.winnable_pct}% "
        f"({r.wilson95_pct}%) | {r.published_pct} | {'yes' if r.passes else 'no'} |" for r in table.itertuples())


def still_unknown(rows: dict[str, pd.DataFrame]) -> str:
    return "\n".join(f"- {label}: " + (" ".join(str(d) for d in df.loc[df["verdict"] == UNKNOWN, "deal"]) or "none")
                     for label, df in rows.items())


def report_text(rows: dict[str, pd.DataFrame], settings: dict[str, dict], table: pd.DataFrame) -> str:
    """published-check.md; ``table`` is ``check_table(rows, settings)``."""
    return (f"# Published-figure check (issue 2, part 6)\n\nGenerated by `python benchmarks/published_check.py "
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
    parser.add_argument("--write", action="store_true", help="write published-check.md and .csv next to the study")
    args = parser.parse_args()
    rows, settings = combined_verdicts()
    table = check_table(rows, settings)
    text = report_text(rows, settings, table)
    print(text)
    print("README.md rows:\n" + readme_rows(table))
    if args.write:
        (RESULTS / "published-check.md").write_text(text)
        table.to_csv(RESULTS / "published-check.csv", index=False)


if __name__ == "__main__":
    main()
