"""Run a batch: the deals not yet stored -> a backend -> the store.

``run_batch`` is what ``solitaire batch`` calls.  The run directory's
configuration is checked (or created) first, so a batch under other rules
or budgets never touches an existing directory.  Only the deals missing from
the store are solved; each row is stored the moment it arrives.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from solver.solution import SOLVED, UNKNOWN, UNSOLVABLE
from solver.study import worker
from solver.study.backends import InProcess, ProcessPool
from solver.study.deal_set import DealSet
from solver.study.runconfig import RunConfig, open_run, provenance, read_run_file, write_run_file
from solver.study.store import ResultStore

# Per-worker transposition table of a batch (each worker preallocates it, and
# each solve clears it, so a smaller table than the single-deal default keeps
# N workers' memory and the per-deal clearing cost modest).
DEFAULT_BATCH_TT_MB = 128

INTERRUPTED = "interrupted"  # SolveResult.reason when Ctrl-C reached a solve


@dataclass
class BatchSummary:
    run_dir: Path
    asked: int = 0  # deals in the requested set
    already: int = 0  # of those, stored before this batch
    stored: int = 0  # rows stored by this batch
    counts: dict = field(default_factory=lambda: {SOLVED: 0, UNSOLVABLE: 0, UNKNOWN: 0})
    seconds: float = 0.0
    interrupted: bool = False
    session: int | None = None

    def text(self) -> str:
        c = self.counts
        head = "interrupted" if self.interrupted else "done"
        return (f"{head}: {self.stored} new deal(s) stored in {self.run_dir} "
                f"({c[SOLVED]} solved, {c[UNSOLVABLE]} unsolvable, {c[UNKNOWN]} unknown) "
                f"in {self.seconds:.1f} s; {self.already} of the {self.asked} asked were already there")


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a batch; carries what was stored."""

    def __init__(self, summary: BatchSummary):
        super().__init__(summary.text())
        self.summary = summary


def run_batch(run_dir: str | Path, config: RunConfig, deals: DealSet, backend=None, *,
              progress: bool = True, solve_fn: Callable = worker.solve_task, part_rows: int = 10_000,
              fsync_seconds: float = 1.0) -> BatchSummary:
    """Solve the deals of ``deals`` not yet in ``run_dir``; returns what happened.

    The backend defaults to this process; a backend passed in stays open for
    the caller's next batch (the caller closes it), unless an error or Ctrl-C
    stops it.  Ctrl-C raises ``BatchInterrupted``; every row stored before it
    stays stored.
    """
    own_backend = backend is None
    backend = backend or InProcess()
    run_dir = Path(run_dir)
    summary = BatchSummary(run_dir, asked=len(deals))
    try:
        open_run(run_dir, config)
        store = ResultStore(run_dir, config.game, config.rules, part_rows=part_rows,
                            fsync_seconds=fsync_seconds).open()
    except BaseException:
        backend.stop()
        raise
    start = time.perf_counter()
    try:
        pending = deals.minus(store.done_deals())
        summary.already = summary.asked - len(pending)
        if len(pending):
            summary.session = _start_session(run_dir, deals, pending, backend.description)
            if isinstance(backend, ProcessPool):
                worker.warm_up(config.game, config.rules)
            _solve_all(config, pending, backend, store, summary, solve_fn, progress)
    except KeyboardInterrupt:
        summary.interrupted = True
        backend.stop()
        store.abandon()
        summary.seconds = time.perf_counter() - start
        _end_session(run_dir, summary)
        raise BatchInterrupted(summary) from None
    except BaseException:
        backend.stop()
        store.abandon()
        raise
    if own_backend:
        backend.close()
    store.close()
    summary.seconds = time.perf_counter() - start
    _end_session(run_dir, summary)
    return summary


def _solve_all(config: RunConfig, pending: DealSet, backend, store: ResultStore, summary: BatchSummary,
               solve_fn: Callable, progress: bool) -> None:
    from tqdm import tqdm

    tasks = (worker.Task(config.game, deal, config.rules, config.max_nodes, config.timeout, config.tt_mb,
                         worker.LOADED_SOURCE) for deal in pending)
    bar = tqdm(total=len(pending), unit="deal", desc=f"{config.game} {config.rules_text()}", file=sys.stderr,
               disable=not progress, smoothing=0.05, mininterval=0.5)
    try:
        for row in backend.results(solve_fn, tasks):
            if row["reason"] == INTERRUPTED:  # a solve cut short by Ctrl-C is no verdict
                raise KeyboardInterrupt
            row["session"] = summary.session
            store.append(row)
            summary.stored += 1
            summary.counts[row["verdict"]] += 1
            bar.update(1)
            if summary.stored % 50 == 0 or summary.stored == bar.total:
                c = summary.counts
                bar.set_postfix_str(f"solved {c[SOLVED]}, unsolvable {c[UNSOLVABLE]}, unknown {c[UNKNOWN]}",
                                    refresh=False)
    finally:
        bar.close()


def _start_session(run_dir: Path, asked: DealSet, pending: DealSet, backend: dict) -> int:
    data = read_run_file(run_dir)
    number = 1 + max((s["session"] for s in data["sessions"]), default=0)
    data["sessions"].append({
        "session": number,
        "deals_asked": asked.text(max_parts=100),
        "deals_new": pending.text(max_parts=100),
        "backend": backend,
        **provenance(),
    })
    write_run_file(run_dir, data)
    return number


def _end_session(run_dir: Path, summary: BatchSummary) -> None:
    if summary.session is None:
        return
    data = read_run_file(run_dir)
    for session in data["sessions"]:
        if session["session"] == summary.session:
            session["stored"] = summary.stored
            session["seconds"] = round(summary.seconds, 3)
            session["interrupted"] = summary.interrupted
    write_run_file(run_dir, data)
