"""Solver speed, one game and setting at a time, in one process (the CLI's loop).

Prints, per setting: the verdicts, the unknown deals, total solve time, wall
time, deals/s, median / mean / 99th percentile / worst time per deal, nodes
per second and the process's peak memory; numba start-up (import, cache
load or compile) is timed apart from solving.  ``--against DIR`` runs the
very same loop on another checkout of the code (an older commit, say) right
before this one, setting by setting, and prints the ratio of the two
(this machine's speed drifts from hour to hour: only a back-to-back ratio
means anything), and checks that both gave the same verdicts.

    python benchmarks/speed.py klondike --deals 1-1000 --setting d3-unlimited-f2t
    python benchmarks/speed.py bakers-dozen --deals 1-200 --setting all
    python benchmarks/speed.py pyramid --deals 1-100 --optimal --setting microsoft
    python benchmarks/speed.py klondike --deals 1-200 --setting d1p1 --against /tmp/old-checkout
    python benchmarks/speed.py yukon --deals 1-50 --json > yukon.json

Settings are the committed studies' (``--setting all`` runs every one of the
game's); ``--rules '{"draw": 2}'`` gives any other.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

SETTINGS = {
    "klondike": {
        "d1p1": {"draw": 1, "passes": 1},
        "d3p3": {"draw": 3, "passes": 3},
        "d1-unlimited-f2t": {"draw": 1, "passes": "unlimited", "foundation_to_tableau": True},
        "d3-unlimited-f2t": {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True},
        "d1-unlimited": {"draw": 1, "passes": "unlimited"},
        "d3-unlimited": {"draw": 3, "passes": "unlimited"},
    },
    "pyramid": {"seed": {}, "three-waste-piles": {"draw": 3}, "microsoft": {"preset": "microsoft"}},
    "yukon": {"yukon": {}},
    "bakers-dozen": {
        "any-bottom": {"build": "any-suit", "kings": "bottom"},
        "other-bottom": {"build": "other-suit", "kings": "bottom"},
        "any-free": {"build": "any-suit", "kings": "free"},
        "other-free": {"build": "other-suit", "kings": "free"},
    },
}

# The loop, run in a child process so that each run gets a fresh process and
# ``--against`` can point PYTHONPATH at another checkout.  It speaks to both
# this package and the older layout (package ``solver``), so that a speed
# change can be measured against the commit before it, and checks that the
# code it imported is the checkout's (an installed package must not stand in).
LOOP = r"""
import json, resource, sys, time
args = json.loads(sys.argv[1])
t0 = time.perf_counter()
if args["package"] == "solitaire":
    from solitaire.dealing import make_deal
    from solitaire.deal_ranges import parse_deal_range
    from solitaire.solver import solve
else:
    from solver.deals import make_deal
    from solver.deal_ranges import parse_deal_range
    from solver.search.solve import solve
import os
if not os.path.realpath(solve.__code__.co_filename).startswith(os.path.realpath(os.getcwd()) + os.sep):
    sys.exit(f"imported {solve.__code__.co_filename}, not the checkout's own code")
budget = {k: args[k] for k in ("max_nodes", "tt_mb") if args[k] is not None}
first = parse_deal_range(args["deals"])[0]
solve(make_deal(args["game"], first), args["rules"], max_nodes=1000, tt_mb=budget.get("tt_mb", 16))
startup = time.perf_counter() - t0
rows, wall = [], time.perf_counter()
for n in parse_deal_range(args["deals"]):
    r = solve(make_deal(args["game"], n), args["rules"], optimal=args["optimal"], **budget)
    rows.append([n, getattr(r, "verdict", None) or r.result, r.nodes, r.seconds, len(r.moves), bool(r.optimal)])
wall = time.perf_counter() - wall
print(json.dumps({"startup": startup, "wall": wall, "rows": rows,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(checkout: Path, game: str, rules: dict, args) -> dict:
    """The loop in a child process whose ``import`` finds ``checkout``'s package."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    package = "solitaire" if (checkout / "solitaire").is_dir() else "solver"  # the older layout: ``solver``
    spec = {"game": game, "rules": rules, "deals": args.deals, "optimal": args.optimal, "package": package,
            "max_nodes": args.max_nodes, "tt_mb": args.tt_mb}
    out = subprocess.run([sys.executable, "-c", LOOP, json.dumps(spec)], env=env, cwd=checkout,
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"the loop failed in {checkout}: {out.stderr.strip().splitlines()[-1]}")
    return json.loads(out.stdout.splitlines()[-1])


def summary(result: dict) -> dict:
    """Figures of one run: verdict counts, times, nodes/s."""
    import numpy as np

    rows = result["rows"]
    seconds = np.array([r[3] for r in rows])
    nodes = sum(r[2] for r in rows)
    verdicts = {v: sum(1 for r in rows if r[1] == v) for v in ("solved", "unsolvable", "unknown")}
    return {
        "deals": len(rows), **verdicts, "unknown_deals": [r[0] for r in rows if r[1] == "unknown"],
        "solve_seconds": float(seconds.sum()), "wall_seconds": result["wall"], "startup_seconds": result["startup"],
        "deals_per_second": len(rows) / max(result["wall"], 1e-9),
        "median_ms": float(np.median(seconds) * 1000), "mean_ms": float(seconds.mean() * 1000),
        "p99_ms": float(np.percentile(seconds, 99) * 1000), "worst_s": float(seconds.max()),
        "nodes": nodes, "nodes_per_second": nodes / max(float(seconds.sum()), 1e-9),
        "optimal": sum(1 for r in rows if r[5]), "peak_mb": result["peak_mb"],
    }


def differing(a: list, b: list) -> list[int]:
    """Deals both runs decided, with different verdicts (a search is wrong)."""
    decided = ("solved", "unsolvable")
    return [x[0] for x, y in zip(a, b) if x[1] in decided and y[1] in decided and x[1] != y[1]]


def line(name: str, s: dict) -> str:
    text = (f"{name:18s} {s['solved']} solved / {s['unsolvable']} lost / {s['unknown']} unknown  "
            f"solve {s['solve_seconds']:.1f} s  wall {s['wall_seconds']:.1f} s  {s['deals_per_second']:.1f} deals/s  "
            f"median {s['median_ms']:.2f} ms  mean {s['mean_ms']:.1f} ms  p99 {s['p99_ms']:.0f} ms  "
            f"worst {s['worst_s']:.2f} s  {s['nodes_per_second'] / 1e6:.2f} M nodes/s  peak {s['peak_mb']:.0f} MB  "
            f"start-up {s['startup_seconds']:.1f} s")
    if s["unknown_deals"]:
        text += f"\n{'':18s} unknown: {' '.join(map(str, s['unknown_deals']))}"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(SETTINGS))
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--setting", default="all", help="a committed setting's name, or all")
    parser.add_argument("--rules", default=None, help="rule options as JSON, instead of --setting")
    parser.add_argument("--max-nodes", type=int, default=None)
    parser.add_argument("--tt-mb", type=float, default=None)
    parser.add_argument("--optimal", action="store_true", help="shortest wins (solve --optimal)")
    parser.add_argument("--against", type=Path, default=None, help="another checkout to compare with")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    here = Path(__file__).resolve().parents[1]
    if args.rules:
        settings = {"custom": json.loads(args.rules)}
    elif args.setting == "all":
        settings = SETTINGS[args.game]
    else:
        settings = {args.setting: SETTINGS[args.game][args.setting]}
    report = {}
    for name, rules in settings.items():
        entry, raw = {}, {}
        if args.against:
            raw["against"] = run(args.against, args.game, rules, args)
            entry["against"] = summary(raw["against"])
        raw["this"] = run(here, args.game, rules, args)
        entry["this"] = summary(raw["this"])
        if args.against:
            entry["differ"] = differing(raw["against"]["rows"], raw["this"]["rows"])
        report[name] = entry
        if not args.json:
            if args.against:
                print(line(f"{name} (against)", entry["against"]))
            print(line(name, entry["this"]), flush=True)
            if args.against:
                a, b = entry["against"], entry["this"]
                differ = entry["differ"]
                print(f"{'':18s} ratio against/this: solve time {a['solve_seconds'] / b['solve_seconds']:.2f}x, "
                      f"wall {a['wall_seconds'] / b['wall_seconds']:.2f}x; decided verdicts "
                      + (f"DIFFER on deals {' '.join(map(str, differ))}" if differ else "the same"), flush=True)
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
