"""Pyramid benchmark: solvability and shortest wins over PySolFC deals.

Prints, for each rule set (seed draw 1, seed draw 3 = three waste piles,
microsoft preset): verdict counts, deals per second, median and worst time
per deal (one worker, wall clock of ``solve()`` including replay; and of a
plain DFS through the shared engine, the kernels' own cost), and the same
for ``--optimal`` (over the deals found solvable; "not proved" counts
those whose budget ran out before optimality was proved).

    python benchmarks/pyramid.py                     # deals 1..1000, as the issue asks
    python benchmarks/pyramid.py --deals 100 --optimal-deals 30
    python benchmarks/pyramid.py --deals 0 --rules microsoft --timeout 10   # --optimal only

The load average is printed before and after: the figures are wall clock,
except "CPU": the process's CPU time per deal, which a loaded machine
inflates far less (on an idle machine the two agree).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.rules import parse_rules
from solitaire.search import dfs as engine
from solitaire.jit.modes import MODE_SOLVE
from solitaire.solver import solve
from solitaire.search.tt import Table

RULE_SETS = {"seed draw 1": {}, "seed draw 3 (three piles)": {"draw": 3}, "microsoft": {"preset": "microsoft"}}


def plain_dfs(label, rules, numbers, max_nodes, tt_mb):
    """The game kernels alone: one plain DFS per deal through the shared engine
    (no discrepancy phase, no Python replay), to show what the kernels cost."""
    spec = get_game("pyramid")
    rules = parse_rules(spec, rules)
    arr = spec.rules_array(rules)
    table = Table(tt_mb)
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    times, nodes = [], []
    engine.SearchStack(1, 1, 1)  # warm-up: nothing below is compiled while timed
    start = time.perf_counter()
    for n in numbers:
        t = time.perf_counter()
        root = spec.encode(spec.new_reference(make_deal("pyramid", n).layout, rules), rules)
        stack = engine.SearchStack(len(root), spec.max_depth, spec.max_moves)
        stack.reset(root, max_nodes, -1)
        status = stack.step(spec.handle, arr, MODE_SOLVE, False, table, np.uint32(table.new_search()), max_nodes + 1)
        times.append(time.perf_counter() - t)
        nodes.append(int(stack.ctl[engine.NODES]))
        counts["solved" if status == engine.SOLVED else "unsolvable" if status == engine.EXHAUSTED
               else "unknown"] += 1
    total = time.perf_counter() - start
    print(f"{label:28s} {'plain DFS':11s} deals {len(numbers):5d}  solved {counts['solved']:4d}  "
          f"unsolvable {counts['unsolvable']:4d}  unknown {counts['unknown']:4d}  "
          f"{len(numbers) / total:8.1f} deals/s  median {statistics.median(times) * 1000:8.2f} ms  "
          f"worst {max(times):7.2f} s  median nodes {statistics.median(nodes):.0f}", flush=True)


def run(label, rules, numbers, optimal, max_nodes, tt_mb, timeout):
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    times, cpu, not_proved, lengths, nodes = [], [], 0, [], []
    start = time.perf_counter()
    for n in numbers:
        t, c = time.perf_counter(), time.process_time()
        r = solve(make_deal("pyramid", n), rules, max_nodes=max_nodes, tt_mb=tt_mb, optimal=optimal, timeout=timeout)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        counts[r.verdict] += 1
        nodes.append(r.nodes)
        if optimal and r.verdict == "solved":
            not_proved += not r.optimal
            lengths.append(len(r.moves))
    total = time.perf_counter() - start
    what = "optimal" if optimal else "solvability"
    line = (f"{label:28s} {what:11s} deals {len(numbers):5d}  solved {counts['solved']:4d}  "
            f"unsolvable {counts['unsolvable']:4d}  unknown {counts['unknown']:4d}  "
            f"{len(numbers) / total:8.1f} deals/s  median {statistics.median(times) * 1000:8.2f} ms  "
            f"worst {max(times):7.2f} s  median nodes {statistics.median(nodes):.0f}  "
            f"CPU median {statistics.median(cpu) * 1000:.2f} ms worst {max(cpu):.2f} s")
    if optimal:
        line += f"  not proved {not_proved}"
        if lengths:
            line += f"  median length {statistics.median(lengths)}"
    print(line, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000, help="deals 1..N for solvability (0: skip)")
    ap.add_argument("--optimal-deals", type=int, default=1000, help="deals 1..N for --optimal (0: skip)")
    ap.add_argument("--max-nodes", type=int, default=2_000_000)
    ap.add_argument("--tt-mb", type=float, default=64)
    ap.add_argument("--timeout", type=float, default=None, help="seconds per deal (default: none)")
    ap.add_argument("--rules", choices=list(RULE_SETS), action="append", help="only these rule sets")
    args = ap.parse_args()
    # compile the kernels before timing
    solve(make_deal("pyramid", 1), {}, tt_mb=1, max_nodes=100, optimal=True)
    print(f"budget: {args.max_nodes} node expansions, timeout {args.timeout} s, {args.tt_mb} MB table; "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    for label in args.rules or RULE_SETS:
        if args.deals:
            plain_dfs(label, RULE_SETS[label], range(1, args.deals + 1), args.max_nodes, args.tt_mb)
            run(label, RULE_SETS[label], range(1, args.deals + 1), False, args.max_nodes, args.tt_mb, args.timeout)
        if args.optimal_deals:
            run(label, RULE_SETS[label], range(1, args.optimal_deals + 1), True, args.max_nodes, args.tt_mb,
                args.timeout)
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
