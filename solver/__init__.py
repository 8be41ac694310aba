"""solitaire: solver and statistics research tool for patience games.

The import package is ``solver``; the console script is ``solitaire``.
"""
from solver import _numba_setup  # noqa: F401  (must run before any kernel import)

__version__ = "0.1.0"
