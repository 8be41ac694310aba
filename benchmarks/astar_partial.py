"""Plain A* against A* with partial expansion (and with the sharper
bound), for ``solve --optimal``.

For each deal, ``solve(..., optimal=True)`` runs once per variant under the
same node budget and table: ``plain`` and ``partial`` (the two settings of
``GameSpec.astar_partial``), ``sharper`` (partial expansion and
``solve(..., sharper_bound=True)``); each prints
the verdict, the length and whether it is proved, the proved bound, the
expansions, the positions the A* arena stored, its capacity, and the time.
Partial expansion is worth it where plain A* stores many positions per
expansion and fills its arena first (see ``solitaire.search.astar.run``).

    python benchmarks/astar_partial.py bakers-dozen 8,11,21,26,47 --max-nodes 10000000 --tt-mb 1024
    python benchmarks/astar_partial.py klondike 121 --rules '{"draw": 3}' --max-nodes 30000000 --tt-mb 2048
    python benchmarks/astar_partial.py bakers-dozen 11,22,25,36,120 --variants partial,sharper --tt-mb 3500
"""
from __future__ import annotations

import argparse
import json
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("deals", help="deal range, e.g. 8,11,21-26")
    parser.add_argument("--rules", default="{}", help="rule options as JSON")
    parser.add_argument("--max-nodes", type=int, default=10_000_000)
    parser.add_argument("--tt-mb", type=float, default=1024)
    parser.add_argument("--variants", default="plain,partial", help="comma-separated: plain, partial, sharper")
    args = parser.parse_args()

    from solitaire.deal_ranges import parse_deal_range
    from solitaire.dealing import make_deal
    from solitaire.games import get_game
    from solitaire.search import astar
    from solitaire import solver as solve_module

    spec = get_game(args.game)
    rules = json.loads(args.rules)
    stored = {}
    run_astar = solve_module._Search.run_astar

    def recording(self, upper, max_nodes, weight=1):
        arena, status = run_astar(self, upper, max_nodes, weight)
        if weight == 1:
            stored.update(used=int(arena.ctl[astar.USED]), capacity=arena.capacity)
        return arena, status

    solve_module._Search.run_astar = recording
    solve_module.solve(make_deal(args.game, 1), rules, optimal=True, max_nodes=20_000, tt_mb=16)  # compile first
    for number in parse_deal_range(args.deals):
        for variant in args.variants.split(","):
            spec.search.astar_partial = variant != "plain"
            stored.clear()
            start = time.perf_counter()
            r = solve_module.solve(make_deal(args.game, number), rules, optimal=True, max_nodes=args.max_nodes,
                                   tt_mb=args.tt_mb, sharper_bound=variant == "sharper")
            print(f"{args.game} {number} {variant:7s}: {r.verdict}, {len(r.moves)} moves, "
                  f"optimal {r.optimal}, bound {r.lower_bound}, {r.nodes} nodes, "
                  f"{stored.get('used', 0)} stored of {stored.get('capacity', 0)}, "
                  f"{time.perf_counter() - start:.1f} s {r.reason}", flush=True)


if __name__ == "__main__":
    main()
