"""How the solvability search's phases share a deal's budget (``solitaire.search.solve._decide``).

For each deal, each phase is run alone from the deal: limited discrepancy
search as the solver runs it (at most ``--lds-nodes``), weighted A* (at most
``--weighted-nodes``) and plain DFS (at most ``--max-nodes``).  One row per
deal goes to ``--out`` (CSV, appended as deals finish; a rerun skips the
deals already there).  Then the verdicts and total nodes of several phase
orders and budgets are computed from those rows, without searching again:
a phase that decides a deal alone within what the phases before it left
decides it in the combination too (each phase starts from the deal with a
fresh table, as in the solver).

    python benchmarks/search_phases.py --setting d3inf-f2t --deals 1-1000 --out phases-d3.csv
"""
from __future__ import annotations

import argparse
import csv
from pathlib import Path

import numpy as np

from klondike import SETTINGS  # benchmarks/klondike.py, this script's neighbour

FIELDS = ["deal", "lds", "lds_nodes", "weighted", "weighted_nodes", "dfs", "dfs_nodes"]
VERDICT = {1: "solved", 2: "unsolvable"}  # engine.SOLVED, engine.EXHAUSTED


def measure(rules: dict, number: int, lds_nodes: int, weighted_nodes: int, max_nodes: int) -> dict:
    from solitaire.jit import modes
    from solitaire.dealing import make_deal
    from solitaire.games import get_game
    from solitaire.rules import parse_rules
    from solitaire.search import config
    from solitaire.search import dfs as engine
    from solitaire.solver import _Search

    spec = get_game("klondike")
    rules = parse_rules(spec, rules)
    deal = make_deal("klondike", number)
    search = _Search(spec, deal, rules, 256, None, None)
    bound, lds = 0, "none"
    while search.nodes < lds_nodes:
        status = search.run(modes.MODE_SOLVE, bound, lds_nodes - search.nodes, discrepancies=True)
        search.reason = ""
        if status == engine.SOLVED:
            lds = "won"
            break
        if status != engine.EXHAUSTED or search.stack.ctl[engine.NEXT_BOUND] == engine.NO_BOUND:
            break
        bound = int(search.stack.ctl[engine.NEXT_BOUND])
    row = {"deal": number, "lds": lds, "lds_nodes": search.nodes}
    before = search.nodes
    status = search.run_weighted(weighted_nodes)
    row["weighted"] = VERDICT.get(status, "unknown")
    row["weighted_nodes"] = search.nodes - before
    dfs = _Search(spec, deal, rules, 256, None, None)
    row["dfs"] = VERDICT.get(dfs.run(modes.MODE_SOLVE, -1, max_nodes), "unknown")
    row["dfs_nodes"] = dfs.nodes
    return row


def simulate(rows: list[dict], budget: int, lds_cap: int, weighted_cap: int) -> tuple[list[int], int]:
    """(deals left unknown, total nodes) for: discrepancy search (at most
    ``lds_cap``), weighted A* (at most ``weighted_cap``), DFS with the rest."""
    unknown, total = [], 0
    for r in rows:
        lds_used = min(int(r["lds_nodes"]), lds_cap)
        if r["lds"] == "won" and int(r["lds_nodes"]) <= lds_cap:
            total += lds_used
            continue
        if weighted_cap and r["weighted"] != "unknown" and int(r["weighted_nodes"]) <= weighted_cap:
            total += lds_used + int(r["weighted_nodes"])
            continue
        rest = budget - lds_used - weighted_cap
        if r["dfs"] != "unknown" and int(r["dfs_nodes"]) <= rest:
            total += lds_used + weighted_cap + int(r["dfs_nodes"])
        else:
            total += budget
            unknown.append(int(r["deal"]))
    return unknown, total


def main() -> None:
    from solitaire.deal_ranges import parse_deal_range

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setting", default="d3inf-f2t", choices=sorted(SETTINGS))
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--max-nodes", type=int, default=2_000_000)
    parser.add_argument("--lds-nodes", type=int, default=300_000)
    parser.add_argument("--weighted-nodes", type=int, default=600_000)
    args = parser.parse_args()
    done = {}
    if args.out.exists():
        with args.out.open() as f:
            done = {int(r["deal"]): r for r in csv.DictReader(f)}
    new_file = not args.out.exists()
    with args.out.open("a", newline="") as f:
        writer = csv.DictWriter(f, FIELDS)
        if new_file:
            writer.writeheader()
        for n in parse_deal_range(args.deals):
            if n not in done:
                done[n] = measure(SETTINGS[args.setting], n, args.lds_nodes, args.weighted_nodes, args.max_nodes)
                writer.writerow(done[n])
                f.flush()
    rows = [done[n] for n in sorted(done)]
    print(f"{args.setting}, {len(rows)} deals, budget {args.max_nodes} nodes per deal")
    for lds_cap in sorted({50_000, 100_000, 200_000, args.lds_nodes}):
        for weighted_cap in sorted({0, 400_000, args.weighted_nodes}):
            if lds_cap > args.lds_nodes or weighted_cap > args.weighted_nodes:
                continue
            unknown, total = simulate(rows, args.max_nodes, lds_cap, weighted_cap)
            print(f"  discrepancy {lds_cap:>7,}  weighted A* {weighted_cap:>7,}: {len(unknown):3d} unknown, "
                  f"{total / 1e6:6.1f}M nodes  {' '.join(map(str, unknown))}")
    print(f"  (median nodes of the deals the DFS alone decides: "
          f"{np.median([int(r['dfs_nodes']) for r in rows if r['dfs'] != 'unknown']):.0f})")


if __name__ == "__main__":
    main()
