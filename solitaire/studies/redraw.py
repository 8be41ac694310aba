"""Redraw a report folder's charts from its own tables (no run directories needed).

A report folder keeps everything its charts are drawn from (summary.csv,
paired.csv, deals.parquet and the labels in manifest.json), so the charts of
``results/`` can be redrawn after a change to ``charts`` alone:

    python -m solitaire.studies.redraw results/pyramid results/bakers-dozen

The footer keeps the report's version, commit and date (those of the data)
and says the charts were redrawn.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pandas as pd

from solitaire.studies import charts
from solitaire.studies.errors import StudyError

REDRAWN = "; charts redrawn from these tables"


def redraw(folder: str | Path) -> list[Path]:
    """Rewrite the PNG charts of one report folder; returns the paths."""
    folder = Path(folder)
    try:
        meta = json.loads((folder / "manifest.json").read_text())["meta"]
        summary = pd.read_csv(folder / "summary.csv")
        deals = pd.read_parquet(folder / "deals.parquet")
    except (OSError, KeyError, ValueError) as exc:
        raise StudyError(f"{folder} is not a report folder ({exc})") from None
    paired = pd.read_csv(folder / "paired.csv") if (folder / "paired.csv").exists() else None
    if not meta["footer"].endswith(REDRAWN):
        meta = {**meta, "footer": meta["footer"] + REDRAWN}
    return charts.draw_all(summary, paired, deals, meta, folder)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m solitaire.studies.redraw REPORT_FOLDER...", file=sys.stderr)
        return 2
    for folder in argv:
        try:
            paths = redraw(folder)
        except StudyError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print("wrote " + ", ".join(str(p) for p in paths))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
