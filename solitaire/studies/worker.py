"""Solve one deal and return its result row; runs in any process.

Everything here is a plain module-level function of picklable arguments, so
the same code runs in this process, in a local process pool and on a Dask
worker.  A task is a ``Task`` (a small tuple); the row is a plain dict with
the store's fields (see ``store.ROW_FIELDS``, ``invocation`` added by the batch).
"""
from __future__ import annotations

import signal
from pathlib import Path
from typing import NamedTuple


class Task(NamedTuple):
    game: str
    deal: int
    rules: dict
    max_nodes: int
    timeout: float | None
    tt_mb: float
    source: str = ""  # the batch's source fingerprint; a worker running other code refuses


def _loaded_source() -> str:
    """Fingerprint of the solver code this process imported (numba's cache folder is named by it)."""
    import numba

    from solitaire._numba_setup import source_fingerprint

    name = Path(numba.config.CACHE_DIR).name
    return name if len(name) == 16 else source_fingerprint()


def solve_task(task: Task) -> dict:
    """The result row of one deal (``solution`` holds the verified move list)."""
    from solitaire.dealing import make_deal
    from solitaire.studies.errors import StudyError

    if task.source and task.source != LOADED_SOURCE:
        raise StudyError(f"a worker runs other solver code (source {LOADED_SOURCE}) than the batch "
                         f"(source {task.source}): the source changed while the batch ran; run it again")
    from solitaire.solver import solve
    from solitaire.verdicts import SOLVED

    result = solve(make_deal(task.game, task.deal), task.rules, max_nodes=task.max_nodes,
                   timeout=task.timeout, tt_mb=task.tt_mb)
    solved = result.verdict == SOLVED
    return {
        "deal": task.deal,
        "verdict": result.verdict,
        "moves": len(result.moves) if solved else None,
        "nodes": int(result.nodes),
        "seconds": float(result.seconds),
        "reason": result.reason,
        "solution": " ".join(result.moves) if solved else "",
    }


LOADED_SOURCE = _loaded_source()


def warm_up(game: str, rules: dict) -> None:
    """Compile (or load from numba's cache) the kernels with a 1-node search.

    Done once in the parent before workers start, so that they load the
    cached machine code instead of all compiling it at once.
    """
    solve_task(Task(game, 1, rules, 1, None, 1.0))


def init_pool_worker() -> None:
    """Pool initializer.  Ctrl-C is the parent's business (it stops the pool).
    A worker whose parent died (``kill -9``) exits instead of waiting forever
    on the task queue."""
    import os
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def worker_identity() -> dict:
    """What a (remote) worker runs, to refuse mixing solver versions in one run."""
    from solitaire import __version__

    return {"solver_version": __version__, "source_fingerprint": LOADED_SOURCE}
