"""Point numba's on-disk cache at a folder keyed by the package's source.

Why: numba only invalidates a cached function when *its own* file changes,
not when a kernel it calls (in another module) changes.  The search engine
calls every game's kernels, so a stale cache could silently run old rules.
Keying the cache folder by a hash of all ``solver`` sources makes any edit
start a fresh cache, while an unchanged install reuses it across processes.
A user-set ``NUMBA_CACHE_DIR`` is respected as the parent folder.
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


def _configure() -> None:
    import numba

    path = cache_dir()
    path.mkdir(parents=True, exist_ok=True)
    numba.config.CACHE_DIR = str(path)


_configure()
