"""Run a batch: the deals not yet stored -> a backend -> the store.

``run_batch`` is what ``solitaire batch`` calls.  The run directory's
configuration is checked (or created) first, so a batch under other rules
or budgets never touches an existing directory.  Only the deals missing from
the store are solved; each row is stored the moment it arrives.

Then each escalation stage of the configuration solves again, at its larger
budget, the asked deals whose last attempt is unknown at a smaller budget.
What to do is always read from the store, so an interrupted batch resumes
where it stopped (in the main pass or in any stage) and a finished one has
nothing left to do.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE
from solitaire.studies import worker
from solitaire.studies.backends import InProcess, ProcessPool
from solitaire.studies.deal_set import DealSet
from solitaire.studies.runconfig import RunConfig, Stage, open_run, provenance, read_run_file, write_run_file
from solitaire.studies.store import ResultStore


INTERRUPTED = "interrupted"  # SolveResult.reason when Ctrl-C reached a solve


def _no_verdicts() -> dict:
    return {SOLVED: 0, UNSOLVABLE: 0, UNKNOWN: 0}


@dataclass
class StageSummary:
    """What one escalation stage did in this batch."""

    max_nodes: int
    stored: int = 0  # unknown deals solved again at this budget
    counts: dict = field(default_factory=_no_verdicts)

    def text(self) -> str:
        decided = self.stored - self.counts[UNKNOWN]
        return f"{self.stored} unknown deal(s) re-run at {self.max_nodes:,} nodes, {decided} decided"


@dataclass
class BatchSummary:
    run_dir: Path
    asked: int = 0  # deals in the requested set
    already: int = 0  # of those, stored before this batch
    stored: int = 0  # rows stored by this batch's main pass (new deals)
    counts: dict = field(default_factory=_no_verdicts)
    seconds: float = 0.0
    interrupted: bool = False
    invocation: int | None = None  # its number in run.json's invocations
    stages: list[StageSummary] = field(default_factory=list)  # escalation stages that had work

    def text(self) -> str:
        c = self.counts
        head = "interrupted" if self.interrupted else "done"
        tally = (f"{c[SOLVED]} solved, {c[UNSOLVABLE]} unsolvable, {c[UNKNOWN]} unknown" if "won" not in c
                 else f"{c['won']} won, {c.get('lost', 0)} lost as played")
        text = (f"{head}: {self.stored} new deal(s) stored in {self.run_dir} ({tally}) "
                f"in {self.seconds:.1f} s; {self.already} of the {self.asked} asked were already there")
        return "; ".join([text, *(stage.text() for stage in self.stages)])


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a batch; carries what was stored."""

    def __init__(self, summary: BatchSummary):
        super().__init__(summary.text())
        self.summary = summary


def run_batch(run_dir: str | Path, config: RunConfig, deals: DealSet, backend=None, *,
              progress: bool = True, solve_fn: Callable = worker.solve_task, part_rows: int = 10_000,
              fsync_seconds: float = 1.0) -> BatchSummary:
    """Solve the deals of ``deals`` not yet in ``run_dir``, then escalate the unknown ones.

    Each escalation stage of ``config`` solves the deals of ``deals`` left
    unknown at a smaller budget; returns what happened.

    The backend defaults to this process; a backend passed in stays open for
    the caller's next batch (the caller closes it), unless an error or Ctrl-C
    stops it.  Ctrl-C raises ``BatchInterrupted``; every row stored before it
    stays stored.
    """
    own_backend = backend is None
    backend = backend or InProcess()
    if config.blind is not None and solve_fn is worker.solve_task:
        from solitaire.studies.blind import PlayTask

        solve_fn = PlayTask(config.blind)  # a blind setting: each deal is played, not solved
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
        passes = _Passes(run_dir, config, deals, backend, store, summary, solve_fn, progress)
        passes.run(config.stages[0], pending, summary)
        for stage in config.escalate:
            todo = store.unknown_below(stage.max_nodes, deals)
            if len(todo):
                summary.stages.append(StageSummary(stage.max_nodes))
                passes.run(stage, todo, summary.stages[-1])
    except KeyboardInterrupt:
        summary.interrupted = True
        backend.stop()
        store.abandon()
        summary.seconds = time.perf_counter() - start
        _end_invocation(run_dir, summary)
        raise BatchInterrupted(summary) from None
    except BaseException:
        backend.stop()
        store.abandon()
        raise
    if own_backend:
        backend.close()
    store.close()
    summary.seconds = time.perf_counter() - start
    _end_invocation(run_dir, summary)
    return summary


@dataclass
class _Passes:
    """Solves sets of deals at one budget each into the store, within one invocation.

    The invocation's record (and the workers' warm-up) starts with the first pass that
    has work, so a batch with nothing to do records nothing.
    """

    run_dir: Path
    config: RunConfig
    asked: DealSet
    backend: object
    store: ResultStore
    summary: BatchSummary
    solve_fn: Callable
    progress: bool

    def run(self, stage: Stage, deals: DealSet, tally: BatchSummary | StageSummary) -> None:
        """Solve ``deals`` at ``stage``'s budget, counting rows and verdicts in ``tally``."""
        if not len(deals):
            return
        if self.summary.invocation is None:
            new = deals if tally is self.summary else DealSet()
            self.summary.invocation = _start_invocation(self.run_dir, self.asked, new, self.backend.description)
            if isinstance(self.backend, ProcessPool):
                worker.warm_up(self.config.game, self.config.rules)
        self._solve(stage, deals, tally)

    def _solve(self, stage: Stage, deals: DealSet, tally: BatchSummary | StageSummary) -> None:
        """Each row is stored the moment it arrives, with its invocation and budget."""
        from tqdm import tqdm

        config, counts = self.config, tally.counts
        tasks = (worker.Task(config.game, deal, config.rules, stage.max_nodes, stage.timeout, stage.tt_mb,
                             worker.LOADED_SOURCE) for deal in deals)
        desc = f"{config.game} {config.rules_text()}"
        if stage.max_nodes != config.max_nodes:
            desc += f" @ {stage.max_nodes:,} nodes"
        bar = tqdm(total=len(deals), unit="deal", desc=desc, file=sys.stderr,
                   disable=not self.progress, smoothing=0.05, mininterval=0.5)
        try:
            for row in self.backend.results(self.solve_fn, tasks):
                if row["reason"] == INTERRUPTED:  # a solve cut short by Ctrl-C is no verdict
                    raise KeyboardInterrupt
                row["invocation"] = self.summary.invocation
                row["budget_nodes"] = stage.max_nodes
                self.store.append(row)
                tally.stored += 1
                counts[row["verdict"]] = counts.get(row["verdict"], 0) + 1  # blind rows: won or lost
                bar.update(1)
                if bar.n % 50 == 0 or bar.n == bar.total:
                    bar.set_postfix_str(f"solved {counts[SOLVED]}, unsolvable {counts[UNSOLVABLE]}, "
                                        f"unknown {counts[UNKNOWN]}", refresh=False)
        finally:
            bar.close()


def _start_invocation(run_dir: Path, asked: DealSet, new: DealSet, backend: dict) -> int:
    data = read_run_file(run_dir)
    number = 1 + max((s["invocation"] for s in data["invocations"]), default=0)
    data["invocations"].append({
        "invocation": number,
        "deals_asked": asked.text(max_parts=100),
        "deals_new": new.text(max_parts=100),
        "backend": backend,
        **provenance(),
    })
    write_run_file(run_dir, data)
    return number


def _end_invocation(run_dir: Path, summary: BatchSummary) -> None:
    if summary.invocation is None:
        return
    data = read_run_file(run_dir)
    for entry in data["invocations"]:
        if entry["invocation"] == summary.invocation:
            entry["stored"] = summary.stored
            entry["seconds"] = round(summary.seconds, 3)
            entry["interrupted"] = summary.interrupted
            if summary.stages:
                entry["escalated"] = [{"max_nodes": s.max_nodes, "stored": s.stored, **s.counts}
                                        for s in summary.stages]
    write_run_file(run_dir, data)


def describe_run(run_dir: str | Path, config: RunConfig) -> str:
    """One line on what a run directory holds: deals, the winnable share with
    its 95% bounds and, with escalation, how many deals each budget decided."""
    from solitaire.studies import stats
    from solitaire.studies.store import ResultStore

    rows = ResultStore(run_dir, config.game, config.rules).read(["verdict", "budget_nodes"])
    c = stats.verdict_counts(rows["verdict"])
    s = stats.solvability(c["solved"], c["unsolvable"], c["unknown"])
    span = f"{100 * s['low']:.2f}%" + (f"..{100 * s['high']:.2f}%" if c["unknown"] else "")
    line = (f"{run_dir} holds {s['n']} deals of {config.game} ({config.rules_text()}): won {span}, "
            f"95% bounds [{100 * s['ci_low']:.2f}%, {100 * s['ci_high']:.2f}%]")
    if config.escalate:
        decided = rows.loc[rows["verdict"] != "unknown", "budget_nodes"].value_counts()
        line += "; decided " + ", ".join(f"at {stage.max_nodes:,} nodes: {int(decided.get(stage.max_nodes, 0))}"
                                         for stage in config.stages)
    return line
