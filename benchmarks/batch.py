"""Benchmark of the batch runner: parallel efficiency, overhead, memory.

    python benchmarks/batch.py                      # 400 Klondike draw-3 deals, 20,000 nodes each
    python benchmarks/batch.py --deals 10000 --max-nodes 2000000    # a full-size batch
    python benchmarks/batch.py --memory-only        # streaming check only (no solving)

Three measurements:

1. **Single-deal solver**: ``solve(make_deal(...))`` in a plain loop, one
   process: the baseline time per deal.
2. **Batch, 1 worker (in-process)**: the same deals through ``run_batch``;
   the difference to (1) is the batch's own cost per deal (store, journal,
   progress bar, task objects), reported as a share of solve time.
3. **Batch, 2 workers (processes)**: parallel efficiency = (time of 1) /
   (2 x time of 3).  Worker start-up (spawn, imports, loading numba's cache:
   a few seconds once per batch) is timed apart, since it does not grow with
   the number of deals.
4. **The machinery alone**: a stand-in solver that takes no time, 5,000
   deals, in-process and with 2 workers: what store, progress bar and
   scheduling cost per deal, independent of how loaded the machine is.

Plus **memory**: peak RSS of a batch process storing 10^4 and 10^5 (or
``--memory-deals``) rows with a stand-in solver, so only the batch machinery
is measured; each worker's table adds at most ``--tt-mb`` on top (it
starts at 1 MB and doubles as a search fills it).

The machine is shared: the load average before and after each phase is
printed, and a loaded machine lowers the measured efficiency.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def load() -> float:
    return os.getloadavg()[0]


def single_deal_solver(game, rules, numbers, max_nodes, tt_mb):
    from solitaire.dealing import make_deal
    from solitaire.solver import solve

    start = time.perf_counter()
    solve_seconds = 0.0
    verdicts = {}
    for n in numbers:
        r = solve(make_deal(game, n), rules, max_nodes=max_nodes, tt_mb=tt_mb)
        solve_seconds += r.seconds
        verdicts[n] = (r.verdict, r.nodes)
    return time.perf_counter() - start, solve_seconds, verdicts


def batch(game, rules, deals_text, max_nodes, tt_mb, workers, run_dir):
    from solitaire.studies.backends import make_backend
    from solitaire.studies.batch import run_batch
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.runconfig import RunConfig
    from solitaire.studies.store import ResultStore

    config = RunConfig.make(game, rules, max_nodes, None, tt_mb)
    backend = make_backend(workers, None)
    startup = 0.0
    try:
        if workers > 1:  # start the workers (spawn, import, load numba's cache) outside the timing
            start = time.perf_counter()
            run_batch(Path(str(run_dir) + "-warm"), config, DealSet.parse(f"1-{workers}"), backend,
                      progress=False)
            startup = time.perf_counter() - start
        start = time.perf_counter()
        run_batch(run_dir, config, DealSet.parse(deals_text), backend, progress=False)
        wall = time.perf_counter() - start
    finally:
        backend.close()
    df = ResultStore(run_dir, config.game, config.rules).read(["deal", "verdict", "nodes", "seconds"])
    return wall, df, startup


def stand_in(task):
    """A solver that takes no time: what is left is the batch machinery."""
    solved = task.deal % 5 != 0
    return {"deal": task.deal, "verdict": "solved" if solved else "unsolvable", "moves": 110 if solved else None,
            "nodes": 1000, "seconds": 0.0, "reason": "", "solution": " ".join(["draw"] * 110) if solved else ""}


def machinery(deals: int, workers: int, tmp: Path) -> float:
    """Milliseconds per deal of store + progress + scheduling, with a stand-in solver."""
    from solitaire.studies.backends import make_backend
    from solitaire.studies.batch import run_batch
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.runconfig import RunConfig

    config = RunConfig.make("klondike", {"draw": 3}, 1000, None, 8)
    backend = make_backend(workers, None)
    try:
        if workers > 1:  # start the worker processes outside the timing
            run_batch(tmp / f"warm{workers}", config, DealSet.parse("1-50"), backend, progress=False,
                      solve_fn=stand_in)
        start = time.perf_counter()
        run_batch(tmp / f"machinery{workers}", config, DealSet.parse(f"1-{deals}"), backend, progress=True,
                  solve_fn=stand_in)
        return 1000 * (time.perf_counter() - start) / deals
    finally:
        backend.close()


def memory_child(deals: int, run_dir: str) -> None:
    """Run a stand-in batch of ``deals`` deals; print peak RSS (MB)."""
    from solitaire.studies.batch import run_batch
    from solitaire.studies.deal_set import DealSet
    from solitaire.studies.runconfig import RunConfig

    config = RunConfig.make("klondike", {"draw": 3}, 1000, None, 8)
    run_batch(run_dir, config, DealSet.parse(f"1-{deals}"), progress=True, solve_fn=stand_in)
    print(json.dumps({"deals": deals, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def memory(deal_counts, tmp: Path):
    out = {}
    for n in deal_counts:
        run_dir = tmp / f"mem{n}"
        start = time.perf_counter()
        done = subprocess.run([sys.executable, __file__, "--memory-child", str(n), str(run_dir)],
                              capture_output=True, text=True, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        result["seconds"] = round(time.perf_counter() - start, 1)
        result["store_mb"] = round(sum(p.stat().st_size for p in run_dir.rglob("*") if p.is_file()) / 2**20, 1)
        out[n] = result
        print(f"  {n:>9,} deals: peak RSS {result['peak_rss_mb']:.0f} MB, store {result['store_mb']} MB, "
              f"{result['seconds']} s")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="klondike")
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--max-nodes", type=int, default=20_000)
    ap.add_argument("--tt-mb", type=float, default=16)
    ap.add_argument("--memory-deals", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--memory-only", action="store_true")
    ap.add_argument("--json", help="Also write the figures to this file.")
    ap.add_argument("--memory-child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_child:
        memory_child(int(args.memory_child[0]), args.memory_child[1])
        return

    tmp = Path(tempfile.mkdtemp(prefix="solitaire-bench-"))
    figures = {"cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    try:
        if not args.memory_only:
            rules = {"draw": args.draw} if args.game == "klondike" else {}
            numbers = list(range(1, args.deals + 1))
            text = f"1-{args.deals}"
            print(f"{args.game} {rules}, deals {text}, max-nodes {args.max_nodes:,}, tt {args.tt_mb:g} MB, "
                  f"{os.cpu_count()} cpus, load average {load():.1f}")
            from solitaire.studies.worker import warm_up

            warm_up(args.game, rules)  # compile outside the timings
            l0 = load()
            single_wall, single_solve, verdicts = single_deal_solver(args.game, rules, numbers, args.max_nodes,
                                                                     args.tt_mb)
            print(f"  single-deal solver : {single_wall:8.1f} s  ({1000 * single_wall / args.deals:.1f} ms/deal; "
                  f"load {l0:.1f}->{load():.1f})")
            l0 = load()
            one_wall, one, _ = batch(args.game, rules, text, args.max_nodes, args.tt_mb, 1, tmp / "one")
            print(f"  batch, 1 worker    : {one_wall:8.1f} s  (load {l0:.1f}->{load():.1f})")
            l0 = load()
            two_wall, two, startup = batch(args.game, rules, text, args.max_nodes, args.tt_mb, 2, tmp / "two")
            print(f"  batch, 2 workers   : {two_wall:8.1f} s  (load {l0:.1f}->{load():.1f}; worker start-up "
                  f"{startup:.1f} s before, not counted)")
            same = all(verdicts[r.deal] == (r.verdict, r.nodes) for r in one.itertuples()) and \
                one[["deal", "verdict", "nodes"]].equals(two[["deal", "verdict", "nodes"]])
            overhead = (one_wall - single_wall) / args.deals
            efficiency = single_wall / (2 * two_wall)
            print(f"  overhead per deal  : {1000 * overhead:+.2f} ms = {100 * overhead * args.deals / single_wall:+.1f}% "
                  f"of the single-deal solver's time")
            print(f"  parallel efficiency: {100 * efficiency:.0f}% (2 workers vs single-deal solver)")
            per_deal_ms = 1000 * single_wall / args.deals
            m1 = machinery(5000, 1, tmp)
            m2 = machinery(5000, 2, tmp)
            print(f"  machinery alone (stand-in solver, 5000 deals): {m1:.3f} ms/deal in-process "
                  f"({100 * m1 / per_deal_ms:.2f}% of a solve), {m2:.3f} ms/deal with 2 worker processes "
                  f"({100 * 2 * m2 / per_deal_ms:.2f}% of a solve per worker)")
            figures.update({"machinery_ms_per_deal_inprocess": round(m1, 4),
                            "machinery_ms_per_deal_2_workers": round(m2, 4),
                            "machinery_pct_inprocess": round(100 * m1 / per_deal_ms, 3),
                            "machinery_pct_2_workers": round(100 * 2 * m2 / per_deal_ms, 3),
                            "load_average_at_end": round(load(), 2)})
            print(f"  same verdicts and node counts in all three: {same}")
            figures.update({"game": args.game, "rules": rules, "deals": args.deals, "max_nodes": args.max_nodes,
                            "tt_mb": args.tt_mb, "single_seconds": round(single_wall, 2),
                            "single_solve_seconds": round(single_solve, 2), "batch1_seconds": round(one_wall, 2),
                            "batch2_seconds": round(two_wall, 2), "worker_startup_seconds": round(startup, 2), "overhead_ms_per_deal": round(1000 * overhead, 2),
                            "overhead_pct": round(100 * overhead * args.deals / single_wall, 2),
                            "parallel_efficiency_pct": round(100 * efficiency, 1), "identical": same})
        print("memory (stand-in solver, streaming store):")
        figures["memory"] = memory(args.memory_deals, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
