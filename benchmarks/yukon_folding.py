"""Yukon: how many nodes the plain DFS needs with each way of folding swaps.

The solver's ``solve`` splits its budget between phases; this times the one
search that proves a deal lost, the plain depth-first search on the
solvability moves with every reduction, under three foldings:

* ``none``: no swap classes (``SWAP_CLASSES`` off);
* ``classes``: the default, classes of free-stack swaps (``kernel/swaps.py``);
* ``components``: every class joined by swaps (the opt-in
  ``SWAP_COMPONENTS``, ``research/swap_components.py``).

With ``--solve`` it runs ``solve`` instead (every phase, as the CLI does,
wins replayed): the verdict at a budget.

Prints verdict, nodes, seconds and nodes per second, one line per deal and
folding (the first deal of a run includes numba's compilation when the
cache is cold).

    python benchmarks/yukon_folding.py --deals 10,96,118,78 --folding classes,components
    python benchmarks/yukon_folding.py --deals 886 --folding components --max-nodes 30000000 --tt-mb 1024
    python benchmarks/yukon_folding.py --deals 886,823 --folding components --solve
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # engine_runs, the tests' helper

from engine_runs import search_position

from solitaire.deal_ranges import parse_deal_range
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.yukon import bridge
from solitaire.games.yukon.kernel import state as S
from solitaire.jit import modes
from solitaire.search import dfs as engine
from solitaire.solver import solve

FOLDINGS = {"none": S.ALL_REDUCTIONS & ~S.SWAP_CLASSES, "classes": S.ALL_REDUCTIONS,
            "components": S.ALL_REDUCTIONS | S.SWAP_COMPONENTS}
VERDICTS = {engine.SOLVED: "solved", engine.EXHAUSTED: "unsolvable"}


def run(deal: int, folding: str, max_nodes: int, tt_mb: int) -> tuple[str, int, float]:
    """(verdict, nodes, seconds) of the plain DFS from the deal."""
    spec = get_game("yukon")
    root = spec.encode(spec.new_reference(make_deal("yukon", deal).layout, {}), {})
    start = time.perf_counter()
    status, stack = search_position(spec, root, bridge.switch_array(FOLDINGS[folding]), modes.MODE_SOLVE,
                                    max_nodes=max_nodes, tt_mb=tt_mb)
    verdict = VERDICTS.get(status, "unknown")
    if verdict == "unsolvable" and stack.ctl[engine.CUTOFF]:
        verdict = "unknown"  # the depth limit cut some line
    return verdict, int(stack.ctl[engine.NODES]), time.perf_counter() - start


def run_solve(deal: int, folding: str, max_nodes: int, tt_mb: int) -> tuple[str, int, float]:
    """(verdict, nodes, seconds) of ``solve`` with the folding."""
    result = solve(make_deal("yukon", deal), {}, max_nodes=max_nodes, tt_mb=tt_mb,
                   rules_arr=bridge.switch_array(FOLDINGS[folding]))
    return result.verdict, result.nodes, result.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="10,96,118,78")
    parser.add_argument("--folding", default="classes,components", help="comma list of: " + ", ".join(FOLDINGS))
    parser.add_argument("--max-nodes", type=int, default=10_000_000)
    parser.add_argument("--tt-mb", type=int, default=1024)
    parser.add_argument("--solve", action="store_true", help="run solve (every phase) instead of the plain DFS")
    args = parser.parse_args()
    foldings = args.folding.split(",")
    unknown = [f for f in foldings if f not in FOLDINGS]
    if unknown:
        parser.error(f"unknown folding {', '.join(unknown)} (choose from {', '.join(FOLDINGS)})")
    print("| deal | folding | verdict | nodes | seconds | nodes/s |")
    print("|---|---|---|---|---|---|")
    for deal in parse_deal_range(args.deals):
        for folding in foldings:
            verdict, nodes, seconds = (run_solve if args.solve else run)(deal, folding, args.max_nodes, args.tt_mb)
            print(f"| {deal} | {folding} | {verdict} | {nodes:,} | {seconds:.1f} | {nodes / seconds:,.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
