"""Where deals are solved: this process, a local process pool, or Dask.

Each backend turns an iterator of tasks into an iterator of result rows, in
the order they finish, keeping only a small window of tasks in flight (so a
10^6-deal batch never holds 10^6 tasks or futures).  ``stop()`` abandons the
tasks in flight (after Ctrl-C): their deals are simply solved again by the
next run.
"""
from __future__ import annotations

import concurrent.futures as cf
import itertools
import multiprocessing
import uuid
from typing import Callable, Iterable, Iterator

from solitaire.studies import worker
from solitaire.studies.errors import StudyError

DEFAULT_CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler


class InProcess:
    """Solve one deal after the other in this process (``--workers 1``)."""

    def __init__(self):
        self.description = {"backend": "in-process", "workers": 1}

    def results(self, fn: Callable, tasks: Iterable) -> Iterator[dict]:
        for task in tasks:
            yield fn(task)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class ProcessPool:
    """``workers`` processes on this machine (spawned: no state forked from the parent)."""

    def __init__(self, workers: int):
        self.workers = int(workers)
        self.description = {"backend": "processes", "workers": self.workers}
        self._pool = cf.ProcessPoolExecutor(max_workers=self.workers,
                                            mp_context=multiprocessing.get_context("spawn"),
                                            initializer=worker.init_pool_worker)

    def results(self, fn: Callable, tasks: Iterable) -> Iterator[dict]:
        tasks = iter(tasks)
        window = 2 * self.workers
        running = {self._pool.submit(fn, t) for t in itertools.islice(tasks, window)}
        while running:
            done, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
            for future in done:
                yield future.result()
            running |= {self._pool.submit(fn, t) for t in itertools.islice(tasks, len(done))}

    def stop(self) -> None:
        """Drop queued tasks and end the worker processes now."""
        processes = list(getattr(self._pool, "_processes", {}).values())  # no public API before 3.14
        self._pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def __enter__(self) -> "ProcessPool":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class DaskCluster:
    """The workers of a Dask cluster, scheduled by ``dask.distributed`` itself."""

    def __init__(self, address: str, connect_timeout: float = DEFAULT_CONNECT_TIMEOUT):
        from distributed import Client

        self.address = address
        try:
            self.client = Client(address, timeout=connect_timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise StudyError(f"cannot reach Dask scheduler at {address} "
                             f"(within {connect_timeout:g} s): {_first_line(exc)}") from None
        try:
            self.client.wait_for_workers(1, timeout=connect_timeout)
        except (TimeoutError, OSError):
            self.client.close()
            raise StudyError(f"Dask scheduler at {address} has no workers") from None
        try:
            identities = self.client.run(worker.worker_identity)
        except Exception as exc:  # e.g. solitaire not installed on a worker
            self.client.close()
            raise StudyError(f"Dask workers at {address} cannot run the solver: {_first_line(exc)}") from None
        mine = worker.worker_identity()
        for where, theirs in identities.items():
            if theirs != mine:
                self.client.close()
                raise StudyError(f"Dask worker {where} runs solver {theirs['solver_version']} "
                                 f"(source {theirs['source_fingerprint']}), this machine "
                                 f"{mine['solver_version']} (source {mine['source_fingerprint']}): "
                                 f"install the same solitaire on every worker")
        self.threads = sum(self.client.nthreads().values())
        self.description = {"backend": "dask", "scheduler": address, "workers": len(identities),
                            "threads": self.threads}
        self._inflight: set = set()

    def results(self, fn: Callable, tasks: Iterable) -> Iterator[dict]:
        from distributed import as_completed

        tasks = iter(tasks)
        window = max(2, 2 * self.threads)
        batch_id = uuid.uuid4().hex[:8]

        def submit(task):
            return self.client.submit(fn, task, pure=False, key=f"solitaire-{batch_id}-{task.deal}")

        first = [submit(t) for t in itertools.islice(tasks, window)]
        if not first:
            return
        self._inflight = set(first)
        finished = as_completed(first, loop=self.client.loop, with_results=True)
        for future, row in finished:
            self._inflight.discard(future)
            yield row
            nxt = next(tasks, None)
            if nxt is not None:
                future = submit(nxt)
                self._inflight.add(future)
                finished.add(future)  # as_completed takes new futures while iterated

    def stop(self) -> None:
        futures = list(self._inflight)
        self._inflight.clear()
        if futures:
            self.client.cancel(futures)
        self.client.close()

    def close(self) -> None:
        self.client.close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def make_backend(workers: int | None, scheduler: str | None, connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
                 default_workers: int = 1):
    """The backend for ``--workers`` / ``--scheduler`` (``None``: not given)."""
    if scheduler:
        if workers is not None:
            raise StudyError("give --workers or --scheduler, not both (a cluster's size is its workers')")
        return DaskCluster(scheduler, connect_timeout)
    workers = default_workers if workers is None else workers
    if workers < 1:
        raise StudyError(f"--workers must be at least 1, got {workers}")
    return InProcess() if workers == 1 else ProcessPool(workers)
