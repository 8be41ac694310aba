"""Point numba's on-disk cache at a folder keyed by the package's source.

Why: numba only invalidates a cached function when *its own* file changes,
not when a kernel it calls (in another module) changes.  The search engine
calls every game's kernels, so a stale cache could silently run old rules.
Keying the cache folder by a hash of all ``solitaire`` sources makes any edit
start a fresh cache, while an unchanged install reuses it across processes.
A user-set ``NUMBA_CACHE_DIR`` is respected as the parent folder.

It also spares each process numba's import of ``scipy.linalg`` on the first
cache load (``_defer_blas_probe``).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def source_fingerprint() -> str:
    """Short hash of every ``.py`` file of the package (names and contents)."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE_DIR.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    parent = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "solitaire", "numba"
    )
    return Path(parent) / source_fingerprint()


KEEP_CACHES = 8  # caches of other source versions kept (most recently used first)


def _prune_old_caches(current: Path) -> None:
    """Delete caches of source versions not used lately (each edit makes a new one)."""
    import shutil

    siblings = [p for p in current.parent.iterdir() if p.is_dir() and p != current]
    siblings.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for old in siblings[KEEP_CACHES:]:
        shutil.rmtree(old, ignore_errors=True)


def _defer_blas_probe() -> None:
    """Load numba's numpy support without importing ``scipy.linalg``.

    The first compiled function a process loads makes numba import its
    ``arraymath`` module, which asks right away whether BLAS is there by
    importing ``scipy.linalg`` (``_check_blas``): 0.14-0.26 s of a one-deal
    command.  The answer only picks how ``np.correlate`` and
    ``np.convolve`` multiply, which no kernel calls.  Here the question is
    answered by whether scipy is installed, without importing it; numba's
    linear algebra still imports and checks it when code uses it.
    """
    import importlib.util
    import sys

    if "numba.np.arraymath" in sys.modules:
        return
    try:
        from numba.np import linalg
    except ImportError:
        return
    real = getattr(linalg, "ensure_blas", None)
    if real is None:
        return

    def scipy_installed() -> None:
        if importlib.util.find_spec("scipy") is None:
            raise ImportError("scipy is not installed")

    linalg.ensure_blas = scipy_installed
    try:
        from numba.np import arraymath
    finally:
        linalg.ensure_blas = real
    if getattr(arraymath, "ensure_blas", None) is scipy_installed:
        arraymath.ensure_blas = real


def _configure() -> None:
    import numba

    path = cache_dir()
    path.mkdir(parents=True, exist_ok=True)
    os.utime(path)
    try:
        _prune_old_caches(path)
    except OSError:
        pass  # another process pruned at the same time
    numba.config.CACHE_DIR = str(path)
    _defer_blas_probe()


_configure()
