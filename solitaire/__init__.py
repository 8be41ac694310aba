"""solitaire: solver and statistics research tool for patience games."""
from solitaire import _numba_setup  # noqa: F401  (must run before any kernel import)

__version__ = "0.1.0"
