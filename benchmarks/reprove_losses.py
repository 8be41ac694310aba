"""Re-prove the committed studies' lost deals with every reduction off.

For each committed study setting (``results/<study>/study.toml`` and its
``deals.parquet``), take the deals in ``--deals`` (default 1-1000) whose
verdict is "unsolvable" and search each again with the fast engine's
every-move mode (``MODE_ALL``: every legal move, no reduction, no dead-end
rule, no key folding, no relaxation, no discrepancy or A* phase; its moves
are tied to the reference engine by the conformance suite) in one plain DFS
of at most ``--max-nodes`` expansions.  A deal exhausted that way is
re-proved lost without any of the product's proofs; a deal left unknown is
one that, at this budget, only the reductions or relaxations prove.

Resumable: each deal's result is appended to ``--out`` (JSON lines) as it
is found, and deals already there are skipped, except those left unknown at
a smaller budget than ``--max-nodes``: a second run with a larger budget
(``--settings`` and ``--deals`` choose which) searches only those again.
The table printed at the end (and written with ``--table``) gives per
setting: lost deals in range, re-proved, unknown, won (never, or the study
was wrong), time, the largest budget used; then the unknown deals.
``--report-only`` searches nothing and tables what ``--out`` holds.

    python benchmarks/reprove_losses.py                     # every study, deals 1-1000, 2M nodes
    python benchmarks/reprove_losses.py --studies yukon --sample 20
    python benchmarks/reprove_losses.py --studies pyramid --settings "three waste piles" --max-nodes 20000000
"""
from __future__ import annotations

import argparse
import json
import time
import tomllib
from pathlib import Path

import pandas as pd

from solitaire.deal_ranges import parse_deal_range
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.jit.modes import MODE_ALL
from solitaire.rules import parse_rules
from solitaire.search.tt import Table
from solitaire.solver import plain_verdict

ROOT = Path(__file__).resolve().parent.parent
STUDIES = ("draw1-vs-draw3", "unlimited-passes-2000", "pyramid", "yukon", "bakers-dozen")
DEPTH = 5000  # single actions (Pyramid's every-move lines turn the stock card by card)


def every_move_verdict(game: str, number: int, rules: dict, max_nodes: int, table: Table) -> tuple[str, int]:
    """('unsolvable' | 'solved' | 'unknown', nodes) of one plain MODE_ALL DFS."""
    spec = get_game(game)
    rules = parse_rules(spec, rules)
    state = spec.new_reference(make_deal(game, number).layout, rules)
    root, rules_arr = spec.encode(state, rules), spec.rules_array(rules)
    return plain_verdict(spec, root, rules_arr, MODE_ALL, max_nodes=max_nodes, max_depth=max(DEPTH, spec.max_depth),
                         table=table)


def lost_deals(study: str, deals: set[int]) -> tuple[str, list[tuple[str, dict, list[int]]]]:
    """(game, [(setting label, rules, lost deal numbers in ``deals``)])."""
    folder = ROOT / "results" / study
    spec = tomllib.loads((folder / "study.toml").read_text())
    table = pd.read_parquet(folder / "deals.parquet", columns=["setting", "deal", "verdict"])
    out = []
    for setting in spec["setting"]:
        rows = table[(table.setting == setting["label"]) & (table.verdict == "unsolvable")]
        out.append((setting["label"], setting.get("rules", {}), sorted(int(d) for d in rows.deal if int(d) in deals)))
    return spec["game"], out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--studies", nargs="*", default=list(STUDIES))
    ap.add_argument("--settings", nargs="*", default=None, help="only these setting labels (default: every one)")
    ap.add_argument("--deals", default="1-1000")
    ap.add_argument("--max-nodes", type=int, default=2_000_000)
    ap.add_argument("--tt-mb", type=float, default=512)
    ap.add_argument("--sample", type=int, default=0, help="only the first N lost deals of each setting")
    ap.add_argument("--out", type=Path, default=ROOT / "results" / "reprove" / "reprove.jsonl")
    ap.add_argument("--table", type=Path, default=None, help="also write the table (markdown) here")
    ap.add_argument("--report-only", action="store_true", help="search nothing: the table of what --out holds")
    args = ap.parse_args()

    deals = set(parse_deal_range(args.deals))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done: dict[tuple, dict] = {}
    if args.out.exists():
        for line in args.out.read_text().splitlines():
            rec = json.loads(line)
            if rec["max_nodes"] >= args.max_nodes or rec["verdict"] != "unknown" or args.report_only:
                done[rec["study"], rec["setting"], rec["deal"]] = rec
    table = Table(args.tt_mb)
    rows = []
    with args.out.open("a") as log:
        for study in args.studies:
            game, settings = lost_deals(study, deals)
            for label, rules, lost in settings:
                if args.settings is not None and label not in args.settings:
                    continue
                todo = lost[:args.sample] if args.sample else lost
                for number in todo:
                    if (study, label, number) in done or args.report_only:
                        continue
                    start = time.perf_counter()
                    verdict, nodes = every_move_verdict(game, number, rules, args.max_nodes, table)
                    rec = {"study": study, "setting": label, "deal": number, "verdict": verdict, "nodes": nodes,
                           "seconds": round(time.perf_counter() - start, 3), "max_nodes": args.max_nodes}
                    if verdict == "solved":  # the study called it lost: the worst error this tool can make
                        print(f"!! {study} / {label} deal {number}: the every-move search WINS it")
                    log.write(json.dumps(rec) + "\n")
                    log.flush()
                    done[study, label, number] = rec
                recs = [done[study, label, n] for n in todo if (study, label, n) in done]
                rows.append({"study": study, "setting": label, "lost": len(lost), "checked": len(recs),
                             "re-proved": sum(r["verdict"] == "unsolvable" for r in recs),
                             "unknown": sum(r["verdict"] == "unknown" for r in recs),
                             "WON": sum(r["verdict"] == "solved" for r in recs),
                             "seconds": round(sum(r["seconds"] for r in recs), 1),
                             "budget": f"{max((r['max_nodes'] for r in recs), default=args.max_nodes):,}",
                             "unknown deals": " ".join(str(r["deal"]) for r in recs if r["verdict"] == "unknown")})
    cols = list(rows[0]) if rows else []
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(str(r[c]) for c in cols) + " |" for r in rows]
    text = ("# Lost deals re-proved with every reduction off\n\n"
            f"Deals {args.deals} of each committed study setting, searched again by the every-move DFS "
            "(MODE_ALL; see [trust.md](trust.md)). *budget*: the most nodes a deal of the row was searched "
            "with. Written by `python benchmarks/reprove_losses.py --report-only --table docs/reprove.md`.\n\n"
            + "\n".join(lines))
    print(text)
    if args.table:
        args.table.write_text(text + "\n")


if __name__ == "__main__":
    main()
