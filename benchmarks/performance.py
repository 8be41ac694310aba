"""The figures of docs/performance.md: every game and setting on a fixed deal set.

Runs benchmarks/speed.py's loop (one fresh process per setting, one solve at
a time, numba start-up timed apart) on the deals of ``PLAN`` and prints a
Markdown table per mode: verdicts, share decided, time per deal (median,
mean, 99th percentile, worst), nodes per second and the process's peak
memory.  ``--write`` puts the tables into docs/performance.md between its
markers (the rest of the page is left as it is), then runs
``small_work.py --write`` for the page's small-work table.

    python benchmarks/performance.py --write          # regenerate docs/performance.md
    python benchmarks/performance.py                  # print the tables only
    python benchmarks/performance.py --games pyramid --first 20   # a quick look

The deal sets are sized so that the whole run takes under ten minutes on two
cores; for comparing two versions of the code use speed.py ``--against``.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speed  # benchmarks/speed.py, this script's neighbour

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance.md"
BEGIN = "<!-- performance.py: generated from here -->"
END = "<!-- performance.py: generated up to here -->"

# (game, setting of speed.SETTINGS, deals, optimal): the default budget
# (2,000,000 nodes and a 256 MB table; --optimal: 30,000,000 and 2,048 MB).
PLAN = [
    *[("klondike", name, "1-100", False) for name in speed.SETTINGS["klondike"]],
    *[("pyramid", name, "1-1000", False) for name in speed.SETTINGS["pyramid"]],
    ("yukon", "yukon", "1-50", False),
    *[("bakers-dozen", name, "1-100", False) for name in speed.SETTINGS["bakers-dozen"]],
    ("pyramid", "microsoft", "1-200", True),
]


def machine() -> str:
    """The machine, generically: cores, processor model, Python and numba."""
    import numba

    model = ""
    try:
        with open("/proc/cpuinfo") as info:
            model = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), "")
    except OSError:
        pass
    cores = f"{os.cpu_count()} cores" + (f" ({model})" if model else "")
    return f"{cores}, {platform.system()}, Python {platform.python_version()}, numba {numba.__version__}"


def deals_of(deals: str, first: int | None) -> str:
    """``deals``, cut to its first ``first`` deals (``"1-200"``, 20 -> ``"1-20"``)."""
    if not first:
        return deals
    start = int(deals.split("-")[0])
    return f"{start}-{start + first - 1}"


def measure(plan: list, first: int | None) -> list[dict]:
    """speed.py's loop on every row of ``plan``, one after the other."""
    rows = []
    for game, setting, deals, optimal in plan:
        args = argparse.Namespace(deals=deals_of(deals, first), optimal=optimal, max_nodes=None, tt_mb=None)
        figures = speed.summary(speed.run(ROOT, game, speed.SETTINGS[game][setting], args))
        rows.append({**figures, "game": game, "setting": setting, "range": args.deals, "shortest": optimal})
        print(speed.line(f"{game} {setting}" + (" optimal" if optimal else ""), figures), file=sys.stderr, flush=True)
    return rows


def ms(value: float) -> str:
    """A time in milliseconds, as ms below a second."""
    if value >= 999.5:
        return f"{value / 1000:.2f} s"
    return f"{value:.2f} ms" if value < 10 else f"{value:.0f} ms"


def table(rows: list[dict], optimal: bool) -> str:
    head = ["game", "setting", "deals", "won / lost / unknown", "decided"]
    if optimal:
        head.append("wins proved shortest")
    head += ["median", "mean", "p99", "worst", "nodes/s", "peak memory"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        decided = (r["solved"] + r["unsolvable"]) / r["deals"]
        cells = [r["game"], r["setting"], r["range"],
                 f"{r['solved']} / {r['unsolvable']} / {r['unknown']}", f"{100 * decided:.1f}%"]
        if optimal:
            cells.append(f"{r['optimal']} of {r['solved']}")
        cells += [ms(r["median_ms"]), ms(r["mean_ms"]), ms(r["p99_ms"]), f"{r['worst_s']:.2f} s",
                  f"{r['nodes_per_second'] / 1e6:.2f} M", f"{r['peak_mb']:.0f} MB"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def render(rows: list[dict], minutes: float, where: str) -> str:
    """The generated part of the page."""
    solvability = [r for r in rows if not r["shortest"]]
    shortest = [r for r in rows if r["shortest"]]
    parts = [f"Measured on {where}, in {minutes:.0f} minutes.", ""]
    if solvability:
        parts += ["### Can it be won (`solitaire solve`, 2,000,000 nodes, 256 MB table)", "", table(solvability, False), ""]
    if shortest:
        parts += ["### Shortest wins (`solitaire solve --optimal`, 30,000,000 nodes, 2,048 MB)", "",
                  table(shortest, True), ""]
    return "\n".join(parts).rstrip() + "\n"


def replace_generated(page: str, generated: str) -> str:
    """``page`` with the text between its markers replaced by ``generated``."""
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.DOTALL)
    if not pattern.search(page):
        raise SystemExit(f"{PAGE} has no markers {BEGIN!r} ... {END!r}")
    return pattern.sub(lambda _: f"{BEGIN}\n{generated}{END}", page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"rewrite the figures in {PAGE.relative_to(ROOT)}")
    parser.add_argument("--games", default=None, help="comma-separated games (default: every game)")
    parser.add_argument("--first", type=int, default=None, help="only the first N deals of each set (not with --write)")
    args = parser.parse_args()
    plan = PLAN if not args.games else [p for p in PLAN if p[0] in args.games.split(",")]
    if args.write and (args.games or args.first):
        parser.error("--write runs the whole plan: no --games or --first")
    start = time.perf_counter()
    rows = measure(plan, args.first)
    generated = render(rows, (time.perf_counter() - start) / 60, machine())
    if args.write:
        PAGE.write_text(replace_generated(PAGE.read_text(), generated))
        print(f"wrote {PAGE.relative_to(ROOT)}")
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "small_work.py"), "--write"], check=True)
    else:
        print(generated)


if __name__ == "__main__":
    main()
