"""Yukon benchmark (issues 4 and 7): one worker, PySolFC deals.

Solvability part: verdict counts, the solvable share with its 95% Wilson
interval (from solved/n to (solved+unknown)/n), unknown share, deals/s,
median / 99th percentile / worst time per deal, nodes/s and peak memory.
Optimal part (``--optimal-deals``): share proved optimal within the budget,
median and worst time, and how far the proved lower bound is from the
best solution found when the proof is not complete.

    python benchmarks/yukon.py --deals 1-1000 --max-nodes 10000000
    python benchmarks/yukon.py --deals 1-100 --max-nodes 1000000 --swap-components
    python benchmarks/yukon.py --deals 1-200 --optimal-deals 1-200 --optimal-nodes 2000000

Numba start-up (cache load or compilation) is timed apart from solving.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="1-1000", help="deals for the solvability part ('' to skip)")
    parser.add_argument("--max-nodes", type=int, default=10_000_000)
    parser.add_argument("--optimal-deals", default="", help="deals for the --optimal part (e.g. 1-200)")
    parser.add_argument("--optimal-nodes", type=int, default=2_000_000)
    parser.add_argument("--tt-mb", type=float, default=256)
    parser.add_argument("--swap-components", action="store_true",
                        help="solvability part with the opt-in swap components (solitaire solve --swap-components)")
    args = parser.parse_args()

    t0 = time.perf_counter()
    from solitaire.deal_ranges import parse_deal_range
    from solitaire.dealing import make_deal
    from solitaire.solver import solve
    from solitaire.studies.stats import solvability

    solve(make_deal("yukon", 2), {}, max_nodes=1000, tt_mb=args.tt_mb)
    print(f"numba start-up (import + cache load or compile + first solve): {time.perf_counter() - t0:.2f} s")
    if args.deals:
        numbers = parse_deal_range(args.deals)
        times, nodes, counts, unknown_deals = [], 0, {"solved": 0, "unsolvable": 0, "unknown": 0}, []
        start = time.perf_counter()
        for n in numbers:
            r = solve(make_deal("yukon", n), {}, max_nodes=args.max_nodes, tt_mb=args.tt_mb,
                      search_options=('swap_components',) if args.swap_components else ())
            times.append(r.seconds)
            nodes += r.nodes
            counts[r.verdict] += 1
            if r.verdict == "unknown":
                unknown_deals.append(n)
            if len(times) % 100 == 0:
                print(f"  ... {len(times)} deals, {counts}, {time.perf_counter() - start:.0f} s", file=sys.stderr,
                      flush=True)
        total = time.perf_counter() - start
        t = np.array(times)
        s = solvability(counts["solved"], counts["unsolvable"], counts["unknown"])
        print(f"solvability: deals {args.deals} ({len(numbers)}), max_nodes {args.max_nodes}, "
              f"tt {args.tt_mb} MB, one worker" + (", swap components" if args.swap_components else ""))
        print(f"  {counts}")
        print(f"  solvable {s['low']:.2%} .. {s['high']:.2%}  (95% Wilson: {s['ci_low']:.2%} .. {s['ci_high']:.2%})"
              f"  unknown {counts['unknown'] / len(numbers):.2%}")
        print(f"  total {total:.1f} s  {len(numbers) / total:.2f} deals/s  median {np.median(t) * 1000:.1f} ms  "
              f"p99 {np.percentile(t, 99):.2f} s  worst {t.max():.2f} s  "
              f"{nodes / max(t.sum(), 1e-9) / 1e6:.2f} M nodes/s")
        print(f"  unknown deals: {unknown_deals}", flush=True)
    if args.optimal_deals:
        numbers = parse_deal_range(args.optimal_deals)
        times, proved, gaps, other = [], 0, [], {}
        for n in numbers:
            r = solve(make_deal("yukon", n), {}, optimal=True, max_nodes=args.optimal_nodes, tt_mb=args.tt_mb)
            times.append(r.seconds)
            if r.verdict == "solved" and r.optimal:
                proved += 1
            elif r.verdict == "solved":
                gaps.append(len(r.moves) - r.lower_bound)
            else:
                other[r.verdict] = other.get(r.verdict, 0) + 1
        t = np.array(times)
        print(f"optimal: deals {args.optimal_deals} ({len(numbers)}), max_nodes {args.optimal_nodes} per deal")
        print(f"  proved optimal {proved} ({proved / len(numbers):.1%}); solved but not proved {len(gaps)}"
              f" (median gap best-found minus proved bound {np.median(gaps) if gaps else 0:.0f} moves);"
              f" not solved {other}")
        print(f"  median {np.median(t):.2f} s  worst {t.max():.2f} s", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MB")


if __name__ == "__main__":
    main()
