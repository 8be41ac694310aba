"""The relaxed games of Baker's Dozen on chosen deals (kings=bottom).

For each deal: the ladder of ``solitaire.games.bakers_dozen.research.ladder`` (the
solver's own relaxation phase), or the threshold game (or with --seatless
the seatless game) at the given ranks one by one, with the verdict, relaxed
positions, seconds and peak memory of each.  "lost" proves the deal lost;
"won" says nothing about the real deal.

    python benchmarks/bakers_dozen_threshold.py --deals 417 --build other-suit
    python benchmarks/bakers_dozen_threshold.py --deals 417 --thresholds 6,5,1 --seatless
    python benchmarks/bakers_dozen_threshold.py --deals 417 --thresholds 5 --max-positions 4e9 --layered
"""
from __future__ import annotations

import argparse
import resource
import time

from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.bakers_dozen.research import ladder, seatless, threshold
from solitaire.games.bakers_dozen.research.status import BUDGET, LOST, REFUSED, WON

SPEC = get_game("bakers-dozen")
NAMES = {WON: "won", LOST: "lost", BUDGET: "budget", REFUSED: "refused"}


def parse_deals(text: str) -> list[int]:
    deals: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        deals.extend(range(int(a), int(b or a) + 1))
    return deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", required=True, help="e.g. 417 or 1-100,417")
    ap.add_argument("--build", default="any-suit", choices=["any-suit", "other-suit"])
    ap.add_argument("--thresholds", default="", help="comma-separated ranks, each searched on its own "
                                                     "(default: the solver's ladder)")
    ap.add_argument("--max-positions", type=float, default=4e6, help="per deal (ladder) or per threshold")
    ap.add_argument("--seatless", action="store_true", help="with --thresholds: the seatless game")
    ap.add_argument("--layered", action="store_true",
                    help="with --thresholds: search by layers of cards in the columns (memory for the "
                         "largest layer only; a win is found late), printing each layer")
    args = ap.parse_args()
    rules = SPEC.complete_rules({"build": args.build, "kings": "bottom"})
    rules_arr = SPEC.rules_array(rules)
    budget = int(args.max_positions)
    lost = 0
    deals = parse_deals(args.deals)
    for deal in deals:
        root = SPEC.encode(SPEC.new_reference(make_deal("bakers-dozen", deal).layout, rules), rules)
        if args.thresholds:
            for thr in map(int, args.thresholds.split(",")):
                t = time.perf_counter()
                if args.seatless:
                    status, positions = seatless.seatless_search(root, rules_arr, thr, budget)
                else:
                    status, positions = threshold.threshold_search(root, rules_arr, thr, budget, args.layered,
                                                                   args.layered)
                game = "seatless" if args.seatless else "threshold"
                print(f"deal {deal} {game} {thr}: {NAMES[status]}, {positions:,} positions, "
                      f"{time.perf_counter() - t:.1f} s", flush=True)
                lost += status == LOST
        else:
            t = time.perf_counter()
            proved, positions, name = ladder.prove_lost(root, rules_arr, budget)
            verdict = f"lost ({name})" if proved else "not proved"
            print(f"deal {deal}: {verdict}, {positions:,} positions, {time.perf_counter() - t:.1f} s", flush=True)
            lost += proved
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{args.build} / bottom, {len(deals)} deals: {lost} lost; peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
