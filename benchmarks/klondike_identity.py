"""Same search tree check: verdict, node count and solution moves per deal.

A pure speed change to the search kernels must leave every search exactly as
it was.  Record before the change, record after, compare the files:

    python benchmarks/klondike_identity.py --out before.jsonl
    python benchmarks/klondike_identity.py --out after.jsonl
    cmp before.jsonl after.jsonl

Klondike runs deals 1-200 under five rule sets; Pyramid, Yukon and Baker's
Dozen (which share the engine, table and dispatch) deals 1-30 each.  An
empty ``--deals`` or ``--other-deals`` skips that part.
"""
from __future__ import annotations

import argparse
import json
import time

import speed  # benchmarks/speed.py, this script's neighbour

from solitaire.deal_ranges import parse_deal_range
from solitaire.dealing import make_deal
from solitaire.solver import solve

SETTINGS = speed.SETTINGS["klondike"]

KLONDIKE_RULES = {name: SETTINGS[name] for name in ("d1p1", "d3p3", "d1-unlimited-f2t", "d3-unlimited-f2t", "d3-unlimited")}
OTHER_GAMES = ("pyramid", "yukon", "bakers_dozen")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True)
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--other-deals", default="1-30")
    parser.add_argument("--max-nodes", type=int, default=300_000)
    args = parser.parse_args()
    runs = [("klondike", name, rules, parse_deal_range(args.deals)) for name, rules in KLONDIKE_RULES.items()
            if args.deals]
    runs += [(game, "default", {}, parse_deal_range(args.other_deals)) for game in OTHER_GAMES if args.other_deals]
    with open(args.out, "w") as out:
        for game, name, rules, numbers in runs:
            start = time.process_time()
            nodes = 0
            for n in numbers:
                r = solve(make_deal(game, n), rules, max_nodes=args.max_nodes)
                nodes += r.nodes
                out.write(json.dumps({"game": game, "rules": name, "deal": n, "result": r.verdict,
                                      "nodes": int(r.nodes), "reason": r.reason, "moves": list(r.moves)}) + "\n")
            print(f"{game} {name}: {len(numbers)} deals, {nodes} nodes, {time.process_time() - start:.1f} s CPU",
                  flush=True)


if __name__ == "__main__":
    main()
