"""Shortest wins: share of wins proved optimal within a stated budget.

One worker, PySolFC deals, one row per deal appended to a CSV file as soon as
the deal is done, so a long run can be stopped and resumed (deals already in
the file are skipped).  The summary is computed from the file: verdicts, wins
proved optimal, median / worst time, the median gap between the best win and
the proved lower bound where not proved, and the process's peak memory (the
table is reused from deal to deal, so the peak of any one deal is at most the
process's peak).  With `--combined`, the summary takes each deal's row from
the largest budget that ran it, across every file of the setting in --out
(a rerun of the hard deals at a larger budget supersedes their first rows).

    python benchmarks/optimal.py --settings klondike-d1p1 --deals 1-200 --max-nodes 30000000 --tt-mb 3500
    python benchmarks/optimal.py --settings yukon,bakers-dozen --deals 1-20 --max-nodes 2000000
    python benchmarks/optimal.py --settings bakers-dozen --summary-only --combined
"""
from __future__ import annotations

import argparse
import csv
import resource
import time
from pathlib import Path

import numpy as np

SETTINGS = {
    "klondike-d1p1": ("klondike", {"draw": 1, "passes": 1}),
    "klondike-d3p3": ("klondike", {"draw": 3, "passes": 3}),
    "yukon": ("yukon", {}),
    "bakers-dozen": ("bakers-dozen", {"build": "any-suit", "kings": "bottom"}),
}
FIELDS = ["deal", "result", "optimal", "moves", "lower_bound", "nodes", "seconds", "reason", "peak_mb"]


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def read_rows(path: Path) -> dict[int, dict]:
    if not path.exists():
        return {}
    with path.open() as f:
        return {int(row["deal"]): row for row in csv.DictReader(f)}


def results_file(out: Path, name: str, max_nodes: int, tt_mb: float) -> Path:
    """One file per setting and budget: the name holds the node budget and table size."""
    return out / f"optimal-{name}-{max_nodes}-{tt_mb:g}mb.csv"


def budget_of(path: Path) -> tuple[int, float]:
    """(node budget, table MB) back from a results_file name."""
    nodes, mb = path.stem.rsplit("-", 2)[1:]
    return int(nodes), float(mb.removesuffix("mb"))


def combined_rows(name: str, out: Path) -> tuple[dict[int, dict], list[Path]]:
    """Each deal's row from the largest budget that ran it, over the setting's files in out."""
    paths = sorted(out.glob(f"optimal-{name}-*mb.csv"), key=budget_of)
    rows: dict[int, dict] = {}
    for path in paths:  # smallest budget first: a larger budget's row replaces it
        rows.update(read_rows(path))
    return rows, paths


def run_setting(name: str, numbers: list[int], max_nodes: int, tt_mb: float, path: Path) -> None:
    from solitaire.dealing import make_deal
    from solitaire.solver import solve
    from solitaire.studies.batch import INTERRUPTED

    game, rules = SETTINGS[name]
    start = time.perf_counter()
    for n in range(1, 20):  # compile the DFS and A* paths before timing: the first deal won in a few nodes
        if solve(make_deal(game, n), rules, max_nodes=20_000, tt_mb=16, optimal=True).verdict == "solved":
            break
    print(f"{name}: numba start-up (cache load or compile, DFS and A*): {time.perf_counter() - start:.1f} s", flush=True)
    done = read_rows(path)
    new_file = not path.exists()
    with path.open("a", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        if new_file:
            writer.writeheader()
        for n in numbers:
            if n in done:
                continue
            start = time.perf_counter()
            r = solve(make_deal(game, n), rules, max_nodes=max_nodes, tt_mb=tt_mb, optimal=True)
            if r.reason == INTERRUPTED:  # Ctrl-C: no row for a deal cut short; the same command resumes
                raise SystemExit(f"{name}: interrupted at deal {n}; run the same command again to resume")
            writer.writerow({"deal": n, "result": r.verdict, "optimal": int(bool(r.optimal)),
                             "moves": len(r.moves) if r.verdict == "solved" else "",
                             "lower_bound": "" if r.lower_bound is None else r.lower_bound, "nodes": r.nodes,
                             "seconds": f"{time.perf_counter() - start:.3f}", "reason": r.reason,
                             "peak_mb": f"{peak_mb():.0f}"})
            f.flush()


def summarize(name: str, numbers: list[int], rows: dict[int, dict]) -> None:
    rows = [rows[n] for n in numbers if n in rows]
    verdicts = {v: sum(r["result"] == v for r in rows) for v in ("solved", "unsolvable", "unknown")}
    wins = [r for r in rows if r["result"] == "solved"]
    proved = [r for r in wins if r["optimal"] == "1"]
    gaps = [int(r["moves"]) - int(r["lower_bound"]) for r in wins if r["optimal"] != "1"]
    t = np.array([float(r["seconds"]) for r in rows]) if rows else np.zeros(1)
    tw = np.array([float(r["seconds"]) for r in wins]) if wins else np.zeros(1)
    peak = max((float(r["peak_mb"]) for r in rows), default=0.0)
    print(f"{name}: {len(rows)} of {len(numbers)} deals done {verdicts}; "
          f"proved optimal {len(proved)} of {len(wins)} wins ({len(proved) / max(len(wins), 1):.2%})"
          + (f", median gap of the rest {np.median(gaps):.0f} moves" if gaps else ""), flush=True)
    print(f"{'':{len(name)}}  time per deal median {np.median(t):.2f} s, worst {t.max():.1f} s; "
          f"per win median {np.median(tw):.2f} s, worst {tw.max():.1f} s; peak memory {peak:.0f} MB", flush=True)
    not_proved = [r["deal"] for r in wins if r["optimal"] != "1"] + [r["deal"] for r in rows if r["result"] == "unknown"]
    if not_proved:
        print(f"{'':{len(name)}}  not proved: {' '.join(not_proved)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--settings", default=",".join(SETTINGS), help=f"comma-separated: {', '.join(SETTINGS)}")
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--max-nodes", type=int, default=2_000_000, help="per deal: decision and A* together")
    parser.add_argument("--tt-mb", type=float, default=256, help="table size; A* borrows it for its arena")
    parser.add_argument("--out", type=Path, default=Path("results/optimal"),
                        help="directory of the per-setting CSV files (resumed if present)")
    parser.add_argument("--summary-only", action="store_true", help="summarize the CSV files, solve nothing")
    parser.add_argument("--combined", action="store_true",
                        help="with --summary-only: each deal's row from the largest budget in --out")
    args = parser.parse_args()
    if args.combined and not args.summary_only:
        parser.error("--combined only summarizes: add --summary-only")

    from solitaire.deal_ranges import parse_deal_range

    numbers = parse_deal_range(args.deals)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.settings.split(","):
        if name not in SETTINGS:
            parser.error(f"unknown setting {name!r}; choose from {', '.join(SETTINGS)}")
        if args.combined:
            rows, paths = combined_rows(name, args.out)
            print(f"{name}: combined from {', '.join(p.name for p in paths) or 'no file'}", flush=True)
            summarize(name, numbers, rows)
            continue
        path = results_file(args.out, name, args.max_nodes, args.tt_mb)
        if not args.summary_only:
            run_setting(name, numbers, args.max_nodes, args.tt_mb, path)
        summarize(name, numbers, read_rows(path))


if __name__ == "__main__":
    main()
