"""Baker's Dozen solver benchmark: one worker, PySolFC deals, the four rule settings.

Prints, per setting: verdict counts, the solvability range with its 95%
Wilson bounds, the unknown share at the budget, deals/s, and median / 99th
percentile / worst wall time per deal (the whole ``solve()`` call: search and
replay check).  ``--optimal N`` then asks for proved-shortest wins on deals
1..N (issue 7): share proved optimal, median / worst time, peak memory.
Numba start-up (cache load or compilation) is timed separately.

    python benchmarks/bakers_dozen.py --deals 1-1000
    python benchmarks/bakers_dozen.py --deals 1-200 --settings any-bottom --max-nodes 2000000
    python benchmarks/bakers_dozen.py --deals 1-0 --optimal 200
"""
from __future__ import annotations

import argparse
import json
import resource
import time

import numpy as np

SETTINGS = {
    "any-bottom": {"build": "any-suit", "kings": "bottom"},
    "any-free": {"build": "any-suit", "kings": "free"},
    "other-bottom": {"build": "other-suit", "kings": "bottom"},
    "other-free": {"build": "other-suit", "kings": "free"},
}


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_setting(name: str, deals, max_nodes: int, tt_mb: float, jsonl=None) -> None:
    from solitaire.solver import solve
    from solitaire.studies.stats import solvability

    times, verdicts, unknown_deals, lost_deals = [], {"solved": 0, "unsolvable": 0, "unknown": 0}, [], []
    start = time.perf_counter()
    for d in deals:
        t = time.perf_counter()
        r = solve(d, SETTINGS[name], max_nodes=max_nodes, tt_mb=tt_mb)
        times.append(time.perf_counter() - t)
        verdicts[r.verdict] += 1
        if r.verdict == "unknown":
            unknown_deals.append(d.number)
        if r.verdict == "unsolvable":
            lost_deals.append(d.number)
        if jsonl is not None:
            jsonl.write(json.dumps({"setting": name, "deal": d.number, "result": r.verdict, "nodes": r.nodes,
                                    "seconds": round(times[-1], 4), "reason": r.reason}) + "\n")
            jsonl.flush()
    total = time.perf_counter() - start
    t = np.array(times)
    s = solvability(verdicts["solved"], verdicts["unsolvable"], verdicts["unknown"])
    print(f"{name:12s} {verdicts}  solvable {s['low']:.1%}..{s['high']:.1%} "
          f"(95% {s['ci_low']:.1%}..{s['ci_high']:.1%})  unknown {verdicts['unknown'] / len(deals):.1%}  "
          f"{len(deals) / total:.1f} deals/s  median {np.median(t) * 1000:.1f} ms  "
          f"p99 {np.percentile(t, 99):.2f} s  worst {t.max():.2f} s", flush=True)
    if unknown_deals:
        print(f"{'':12s} unknown deals: {unknown_deals}")
    if lost_deals:
        print(f"{'':12s} unsolvable deals: {lost_deals}")


def run_optimal(count: int, max_nodes: int, tt_mb: float) -> None:
    from solitaire.dealing import make_deal
    from solitaire.solver import solve

    proved = solved = 0
    times, gaps = [], []
    for n in range(1, count + 1):
        t = time.perf_counter()
        r = solve(make_deal("bakers-dozen", n), SETTINGS["any-bottom"], max_nodes=max_nodes, tt_mb=tt_mb,
                  optimal=True)
        times.append(time.perf_counter() - t)
        if r.verdict == "solved":
            solved += 1
            proved += r.optimal
            if not r.optimal and r.lower_bound is not None:
                gaps.append(len(r.moves) - r.lower_bound)
    t = np.array(times)
    print(f"optimal any-bottom deals 1..{count}: {proved}/{solved} solved deals proved optimal "
          f"({proved / max(solved, 1):.1%}), median {np.median(t):.2f} s, worst {t.max():.1f} s, "
          f"median gap when not proved {np.median(gaps) if gaps else 0:.0f} moves, "
          f"peak memory {peak_mb():.0f} MB", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="1-1000", help="deal range ('1-0' for none)")
    parser.add_argument("--settings", default=",".join(SETTINGS))
    parser.add_argument("--max-nodes", type=int, default=1_000_000)
    parser.add_argument("--tt-mb", type=float, default=64)
    parser.add_argument("--jsonl", help="also write one line per deal and setting to this file")
    parser.add_argument("--optimal", type=int, default=0, help="also run --optimal on deals 1..N")
    parser.add_argument("--optimal-max-nodes", type=int, default=5_000_000)
    args = parser.parse_args()

    t0 = time.perf_counter()
    from solitaire.deal_ranges import parse_deal_range
    from solitaire.dealing import make_deal
    from solitaire.solver import solve

    solve(make_deal("bakers-dozen", 1), {}, max_nodes=1000, tt_mb=args.tt_mb)
    print(f"numba start-up (import + cache load or compile + first solve): {time.perf_counter() - t0:.2f} s")
    numbers = [] if args.deals == "1-0" else parse_deal_range(args.deals)
    deals = [make_deal("bakers-dozen", n) for n in numbers]
    if deals:
        print(f"deals {args.deals} ({len(deals)}), max_nodes {args.max_nodes}, tt {args.tt_mb} MB, one worker")
        jsonl = open(args.jsonl, "w") if args.jsonl else None
        for name in args.settings.split(","):
            run_setting(name, deals, args.max_nodes, args.tt_mb, jsonl)
    if args.optimal:
        run_optimal(args.optimal, args.optimal_max_nodes, args.tt_mb)
    print(f"peak memory (max RSS): {peak_mb():.0f} MB")


if __name__ == "__main__":
    main()
