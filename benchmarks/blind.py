"""Blind play benchmark: play a deal range under one setting and policy.

Each finished game is appended as one line (its play file plus ``deal``)
to ``--out``; a restart skips the deals already there, so a long run can be
stopped and resumed.  At the end (and with ``--report-only``) it prints the
win rate with its 95% Wilson interval, the seconds per game (median, mean),
the searched decisions, solves and inner nodes per game and per searched
decision, and, when the thoughtful verdicts of the same deals are known (a
run directory given with ``--thoughtful``, or a committed study under
``results/`` with the same game and rules), the paired figures: the
thoughtful rate of the same deals, the share of winnable deals the policy
won, and the check that no blind win is on a deal proved unsolvable.

    python benchmarks/blind.py klondike 1-2000 --draw 3 --passes unlimited --f2t \\
        --hidden tableau --policy hop --samples 20 --out runs/blind/k3u-f2t-tableau.jsonl
    python benchmarks/blind.py pyramid 1-1000 --preset microsoft --out runs/blind/pyr-ms.jsonl
    python benchmarks/blind.py klondike 1-2000 --draw 3 --passes unlimited --f2t --hidden tableau \\
        --out runs/blind/k3u-f2t-tableau.jsonl --report-only

Run it niced in the background for long ranges (``nice -n 10``).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("deals", help="deal range, e.g. 1-2000")
    parser.add_argument("--out", required=True, help="JSON lines file: appended to, resumed from")
    parser.add_argument("--draw", type=int)
    parser.add_argument("--passes")
    parser.add_argument("--f2t", action="store_true", help="Klondike: foundation_to_tableau on")
    parser.add_argument("--preset", help="Pyramid: seed or microsoft")
    parser.add_argument("--build", help="Baker's Dozen: any-suit or other-suit")
    parser.add_argument("--kings", help="Baker's Dozen: bottom or free")
    parser.add_argument("--hidden", default="tableau+stock")
    parser.add_argument("--policy", default="hop")
    parser.add_argument("--samples", type=int)
    parser.add_argument("--inner-nodes", type=int)
    parser.add_argument("--inner-tt-mb", type=float)
    parser.add_argument("--candidates", type=int)
    parser.add_argument("--commit", help="hop: reveal or irreversible")
    parser.add_argument("--explore", type=int, help="hop: positions of the breadth-first search for more plans")
    parser.add_argument("--minimize", action="store_true", help="hop: drop the card moves a plan does not need")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--thoughtful", help="a run directory with the thoughtful verdicts of these deals")
    parser.add_argument("--report-only", action="store_true", help="print the figures of --out, play nothing")
    return parser.parse_args(argv)


def rules_of(args) -> dict:
    rules = {}
    for key, value in (("draw", args.draw), ("passes", args.passes), ("preset", args.preset),
                       ("build", args.build), ("kings", args.kings)):
        if value is not None:
            rules[key] = value
    if args.f2t:
        rules["foundation_to_tableau"] = True
    return rules


def policy_params(args) -> dict:
    params = {}
    for key, value in (("samples", args.samples), ("max_nodes", args.inner_nodes), ("tt_mb", args.inner_tt_mb),
                       ("candidates", args.candidates), ("commit", args.commit), ("explore", args.explore),
                       ("minimize", args.minimize or None)):
        if value is not None:
            params[key] = value
    return params


def read_done(path: Path) -> dict[int, dict]:
    done = {}
    if path.exists():
        with open(path) as fh:
            for line in fh:
                if line.endswith("\n"):
                    try:
                        row = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    done[row["deal"]["deal"]] = row
    return done


def play_range(args, numbers, done, path: Path) -> None:
    from solitaire.blind.game import play_game
    from solitaire.dealing import make_deal

    todo = [n for n in numbers if n not in done]
    print(f"{len(numbers) - len(todo)} of {len(numbers)} deals already in {path}; playing {len(todo)}",
          file=sys.stderr, flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with open(path, "a") as fh:
        for k, n in enumerate(todo, start=1):
            result = play_game(make_deal(args.game, n), rules_of(args), args.policy, hidden=args.hidden,
                               seed=args.seed, **policy_params(args))
            row = result.to_json()
            fh.write(json.dumps(row, separators=(",", ":")) + "\n")
            fh.flush()
            done[n] = row
            if k % 25 == 0 or k == len(todo):
                won = sum(r["result"] == "won" for r in done.values())
                print(f"  {k}/{len(todo)} played, {won}/{len(done)} won, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)


def thoughtful_verdicts(game: str, rules: dict, run_dir: str | None):
    """deal -> verdict of the thoughtful solver under the same rules, or None."""
    import pandas as pd

    if run_dir:
        from solitaire.api import load_run

        rows = load_run(run_dir)
        return dict(zip(rows["deal"], rows["verdict"])), run_dir
    root = Path(__file__).resolve().parents[1] / "results"
    for manifest in sorted(root.glob("*/manifest.json")):
        data = json.loads(manifest.read_text())
        for setting in data.get("settings", []):
            config = setting["config"]
            if config["game"] == game and config["rules"] == rules and not config.get("blind"):
                df = pd.read_parquet(manifest.parent / "deals.parquet")
                df = df[df["setting"] == setting["label"]]
                return dict(zip(df["deal"], df["verdict"])), f"{manifest.parent.name}: {setting['label']}"
    return None, None


def report(args, numbers, done) -> None:
    from solitaire.games import get_game
    from solitaire.rules import parse_rules
    from solitaire.studies.stats import wilson

    rows = [done[n] for n in numbers if n in done]
    if not rows:
        print("no games played yet")
        return
    n, won = len(rows), sum(r["result"] == "won" for r in rows)
    lo, hi = wilson(won, n)
    secs = [r["stats"]["seconds"] for r in rows]
    cpu = [r["stats"].get("cpu_seconds", r["stats"]["seconds"]) for r in rows]
    searched = sum(r["stats"]["searched"] for r in rows)
    solves = sum(r["stats"]["solves"] for r in rows)
    nodes = sum(r["stats"]["nodes"] for r in rows)
    first = rows[0]
    print(f"{args.game} {json.dumps(first['rules'])}, hidden {first['hidden']}, policy {json.dumps(first['policy'])}, "
          f"seed {first['seed']}")
    print(f"won {won} of {n}: {100 * won / n:.2f}%, 95% Wilson interval [{100 * lo:.2f}%, {100 * hi:.2f}%]")
    print(f"seconds per game: median {statistics.median(secs):.2f}, mean {statistics.mean(secs):.2f}, "
          f"max {max(secs):.2f}; total {sum(secs) / 3600:.2f} h")
    print(f"CPU seconds per game (one core): median {statistics.median(cpu):.2f}, mean {statistics.mean(cpu):.2f}, "
          f"max {max(cpu):.2f}")
    ended = {}
    for r in rows:
        ended[r["stats"]["ended_by"]] = ended.get(r["stats"]["ended_by"], 0) + 1
    print(f"games ended by: {ended}")
    print(f"per game: {searched / n:.1f} searched decisions, {solves / n:.0f} solves, {nodes / n:,.0f} inner nodes;"
          f" per searched decision: {solves / max(searched, 1):.1f} solves, {nodes / max(searched, 1):,.0f} nodes")
    rules = parse_rules(get_game(args.game), first["rules"])
    verdicts, source = thoughtful_verdicts(get_game(args.game).name, rules, args.thoughtful)
    if verdicts is None:
        print("no thoughtful verdicts of these rules found (give --thoughtful RUN_DIR)")
        return
    paired = [(verdicts.get(r["deal"]["deal"]), r["result"]) for r in rows]
    known = [(v, b) for v, b in paired if v is not None]
    bad = [r["deal"]["deal"] for r in rows if verdicts.get(r["deal"]["deal"]) == "unsolvable" and r["result"] == "won"]
    solved = sum(v == "solved" for v, _ in known)
    unknown = sum(v == "unknown" for v, _ in known)
    won_winnable = sum(v == "solved" and b == "won" for v, b in known)
    tlo, thi = wilson(solved, len(known))
    print(f"thoughtful ({source}), same {len(known)} deals: {solved} winnable ({100 * solved / len(known):.2f}%, "
          f"[{100 * tlo:.2f}%, {100 * thi:.2f}%]), {unknown} unknown")
    if solved:
        print(f"the policy won {won_winnable} of the {solved} winnable deals: {100 * won_winnable / solved:.2f}%")
    print(f"blind wins on deals proved unsolvable: {len(bad)}" + (f" {bad[:20]} (A BUG)" if bad else " (check passed)"))
    if bad:
        sys.exit(1)


def main(argv=None) -> None:
    args = parse_args(argv)
    from solitaire.deal_ranges import parse_deal_range

    numbers = list(parse_deal_range(args.deals))
    path = Path(args.out)
    done = read_done(path)
    if not args.report_only:
        play_range(args, numbers, done, path)
    report(args, numbers, done)
    if not args.report_only:
        import resource

        print(f"peak memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
