"""What small work costs: the per-call price that blind play and notebooks pay.

Prints, per game:

* **small deals**: the solve time ``solve`` reports for the first deals won
  within 10,000 nodes, and for the first deals whose shortest win is proved
  within 10,000 nodes (``--optimal``): median and worst;
* **one-move positions**: ``solve_position`` calls per second on positions
  one move from a win (each the last position of a replayed win);
* **a whole command**: the wall time and peak memory of
  ``solitaire solve GAME N`` for one such deal, run as a user runs it (a
  fresh process, compiled code already in numba's cache); the median of
  ``RUNS`` runs, since one run now and then takes a third longer.

    python benchmarks/small_work.py                 # every game
    python benchmarks/small_work.py yukon --json    # one game, as JSON
    python benchmarks/small_work.py --write         # its table in docs/performance.md

``benchmarks/performance.py --write`` runs it too.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "performance.md"
BEGIN = "<!-- small_work.py: generated from here -->"
END = "<!-- small_work.py: generated up to here -->"
sys.path.insert(0, str(ROOT))

import solitaire as sol  # noqa: E402

SMALL = 10_000  # nodes: what counts as a small deal
RUNS = 3  # runs of the whole command
RULES = {"klondike": {"draw": 3}, "pyramid": {}, "yukon": {}, "bakers-dozen": {}}


def small_deals(game: str, want: int, rules: dict, optimal: bool) -> list:
    """The first ``want`` deals of ``game`` won within SMALL nodes (with
    ``optimal``: proved shortest within them), with their results."""
    found = []
    number = 0
    while len(found) < want and number < 2000:
        number += 1
        deal = sol.deal(game, number)
        result = sol.solve(deal, max_nodes=SMALL, optimal=optimal, **rules)
        if result.verdict == "solved" and result.optimal == optimal:
            found.append((deal, result))
    return found


def command(game: str, number: int, rules: dict) -> tuple[float, float]:
    """Wall seconds and peak MB of ``solitaire solve GAME NUMBER`` in a fresh process."""
    flags = []
    for key, value in rules.items():
        flags += [f"--{key.replace('_', '-')}", str(value)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "solitaire", "solve", game, str(number), *flags], cwd=ROOT, check=True,
                   capture_output=True)
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def measure(game: str, deals: int) -> dict:
    rules = RULES[game]
    sol.solve(sol.deal(game, 1), max_nodes=1000, **rules)  # load the compiled code before any clock
    found = small_deals(game, deals, rules, optimal=False)
    plain = [r.seconds for _, r in found]
    shortest = small_deals(game, deals, rules, optimal=True)
    optimal_s = [r.seconds for _, r in shortest] or [0.0]
    near_win = [r.position(len(r.moves) - 1) for _, r in found]
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        for position in near_win:
            assert sol.solve_position(game, position, **rules).verdict == "solved"
            calls += 1
    rate = calls / (time.perf_counter() - start)
    runs = [command(game, found[0][0].number, rules) for _ in range(RUNS)]
    wall, peak = statistics.median(w for w, _ in runs), max(p for _, p in runs)
    return {"game": game, "rules": rules, "deals": [d.number for d, _ in found],
            "nodes": [r.nodes for _, r in found],
            "plain_median_ms": 1000 * statistics.median(plain), "plain_worst_ms": 1000 * max(plain),
            "optimal_median_ms": 1000 * statistics.median(optimal_s), "optimal_worst_ms": 1000 * max(optimal_s),
            "optimal_deals": [d.number for d, _ in shortest],
            "calls_per_s": rate, "command_wall_s": wall, "command_peak_mb": peak}


def row(m: dict) -> str:
    shortest = (f"{m['optimal_median_ms']:.1f} / {m['optimal_worst_ms']:.1f} ms "
                f"(deals {', '.join(map(str, m['optimal_deals']))})" if m["optimal_deals"] else "none found")
    return (f"| {m['game']} | {len(m['deals'])} (deals {', '.join(map(str, m['deals']))}) "
            f"| {m['plain_median_ms']:.1f} / {m['plain_worst_ms']:.1f} ms | {shortest} "
            f"| {m['calls_per_s']:,.0f} | {m['command_wall_s']:.2f} s | {m['command_peak_mb']:.0f} MB |")


HEADER = ("| game | small deals (< 10,000 nodes) | solve time, median / worst | `--optimal`, median / worst "
          "| one-move positions solved per second | `solitaire solve GAME N`: wall | peak memory |\n"
          "|---|---|---|---|---|---|---|")


def write(table: str) -> None:
    """Put ``table`` into docs/performance.md between this script's markers."""
    page = PAGE.read_text()
    start, end = page.index(BEGIN) + len(BEGIN), page.index(END)
    PAGE.write_text(page[:start] + "\n" + table + "\n" + page[end:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"games (default: all of {', '.join(RULES)})")
    parser.add_argument("--deals", type=int, default=5, help="small deals per game")
    parser.add_argument("--json", action="store_true", help="one JSON object per game instead of the table")
    parser.add_argument("--write", action="store_true", help=f"write the table into {PAGE.relative_to(ROOT)}")
    args = parser.parse_args()
    unknown = [g for g in args.games if g not in RULES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (games: {', '.join(RULES)})")
    args.games = args.games or list(RULES)
    lines = [HEADER]
    if not args.json and not args.write:
        print(HEADER)
    for game in args.games:
        m = measure(game, args.deals)
        lines.append(row(m))
        if not args.write:
            print(json.dumps(m) if args.json else row(m), flush=True)
    if args.write:
        write("\n".join(lines))
        print(f"wrote {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
