"""Klondike solver benchmark: one worker, PySolFC deals, four rule settings.

Prints, per setting: verdict counts, total time, deals/s, median / 99th
percentile / worst time per deal, nodes/s, share unknown at the budget, and
the process's peak memory.  Numba start-up (cache load or compilation) is
timed separately from solving.

    python benchmarks/klondike.py --deals 1-1000
    python benchmarks/klondike.py --deals 1-200 --settings d3p3 --max-nodes 2000000
    python benchmarks/klondike.py --deals 1-200 --settings d1p1,d3p3 --optimal
"""
from __future__ import annotations

import argparse
import resource
import time

import numpy as np

SETTINGS = {
    "d1p1": {"draw": 1, "passes": 1},
    "d3p3": {"draw": 3, "passes": 3},
    "d1inf-f2t": {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True},
    "d3inf-f2t": {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True},
    "d1inf": {"draw": 1, "passes": "unlimited"},
    "d3inf": {"draw": 3, "passes": "unlimited"},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="1-1000")
    parser.add_argument("--settings", default="d1p1,d3p3,d1inf-f2t,d3inf-f2t")
    parser.add_argument("--max-nodes", type=int, default=None)
    parser.add_argument("--tt-mb", type=float, default=None)
    parser.add_argument("--optimal", action="store_true",
                        help="shortest wins (--optimal): share proved optimal, lower-bound gap")
    args = parser.parse_args()

    t0 = time.perf_counter()
    from solitaire.deal_ranges import parse_deal_range
    from solitaire.dealing import make_deal
    from solitaire.search import config
    from solitaire.solver import solve

    solve(make_deal("klondike", 1), {"draw": 3, "passes": 3}, max_nodes=1000)
    print(f"numba start-up (import + cache load or compile + first solve): {time.perf_counter() - t0:.2f} s")
    max_nodes = args.max_nodes or config.DEFAULT_MAX_NODES
    tt_mb = args.tt_mb or config.DEFAULT_TT_MB
    numbers = parse_deal_range(args.deals)
    deals = [make_deal("klondike", n) for n in numbers]
    print(f"deals {args.deals} ({len(deals)}), max_nodes {max_nodes}, tt {tt_mb} MB, one worker")
    for name in args.settings.split(","):
        rules = SETTINGS[name]
        times, nodes, verdicts = [], 0, {"solved": 0, "unsolvable": 0, "unknown": 0}
        proved, gaps, unknown = 0, [], []
        start = time.perf_counter()
        for d in deals:
            r = solve(d, rules, max_nodes=max_nodes, tt_mb=tt_mb, optimal=args.optimal)
            times.append(r.seconds)
            nodes += r.nodes
            verdicts[r.verdict] += 1
            if r.verdict == "unknown":
                unknown.append(d.number)
            if r.verdict == "solved" and args.optimal:
                proved += r.optimal
                if not r.optimal:
                    gaps.append(len(r.moves) - r.lower_bound)
        total = time.perf_counter() - start
        t = np.array(times)
        print(f"{name:10s} {verdicts}  total {total:.1f} s  {len(deals) / total:.1f} deals/s  "
              f"median {np.median(t) * 1000:.2f} ms  p99 {np.percentile(t, 99) * 1000:.0f} ms  "
              f"worst {t.max():.2f} s  {nodes / max(t.sum(), 1e-9) / 1e6:.2f} M nodes/s  "
              f"unknown {verdicts['unknown'] / len(deals):.2%}", flush=True)
        if unknown:
            print(f"{'':10s} unknown deals: {' '.join(map(str, unknown))}", flush=True)
        if args.optimal:
            gap = f", median gap of the rest {np.median(gaps):.0f} moves" if gaps else ""
            print(f"{'':10s} optimal: {proved} of {verdicts['solved']} wins proved "
                  f"({proved / max(len(deals), 1):.1%} of the deals){gap}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MB")


if __name__ == "__main__":
    main()
