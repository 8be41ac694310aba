"""Pictures for a study report: the hardest solved deal of each setting.

"Hardest" is the solved deal whose search expanded the most nodes (the
report's per-deal table has them; ties go to the lower deal number).  The
deal is redrawn from its number under the setting's rules, so a report
folder shows which deal each setting found hardest without any move list.
"""
from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from solitaire.render.svg import deal_svg

HEADING = "## Hardest solved deal of each setting"


def hardest_solved(deals: pd.DataFrame, setting: str) -> pd.Series | None:
    """The row of ``setting``'s solved deal with the most nodes, or None if it solved none."""
    solved = deals[(deals["setting"] == setting) & (deals["verdict"] == "solved")]
    if solved.empty:
        return None
    return solved.sort_values(["nodes", "deal"], ascending=[False, True]).iloc[0]


def file_name(label: str) -> str:
    """``hardest-draw-1-passes-1.svg`` for the setting ``draw=1, passes=1``."""
    return "hardest-" + (re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "setting") + ".svg"


def hardest_deal_pictures(report, out_dir: str | Path) -> tuple[str, list[Path]]:
    """Write one SVG per setting that solved a deal; return the Markdown that shows them, and the paths."""
    from solitaire.dealing import make_deal

    out = Path(out_dir)
    parts, paths = [], []
    for setting in report.settings:
        row = hardest_solved(report.deals, setting.label)
        if row is None:
            continue
        number, nodes = int(row["deal"]), int(row["nodes"])
        moves = f", {int(row['moves'])} moves" if pd.notna(row["moves"]) else ""
        caption = f"{setting.label}: deal {number} ({nodes:,} nodes{moves})"
        path = out / file_name(setting.label)
        path.write_text(deal_svg(make_deal(setting.config.game, number), setting.config.rules, title=caption) + "\n")
        paths.append(path)
        parts.append(f"**{caption}**\n\n![{caption}]({path.name})\n")
    if not parts:
        return "", []
    intro = ("The solved deal whose search expanded the most nodes under each setting, drawn as dealt "
             "(face-down cards as backs).\n")
    return f"\n\n{HEADING}\n\n{intro}\n" + "\n".join(parts), paths
