"""solitaire: a solver and statistics research tool for patience games.

>>> import solitaire as sol
>>> r = sol.solve(sol.deal("klondike", 24), draw=3)
>>> r.verdict
'solved'

See ``solitaire.api`` for every function, and docs/api.md.
"""
from solitaire import _numba_setup  # noqa: F401  (must run before any kernel import)

__version__ = "0.1.0"

from solitaire.api import (batch, deal, game, game_names, load_run, play, replay, solve,  # noqa: E402
                           solve_position, study)
from solitaire.deals import Deal, Layout  # noqa: E402
from solitaire.errors import (BudgetError, CardError, DealError, NotationError, ReplayError, RuleError,  # noqa: E402
                              SolutionFileError, StudyError, UnknownGame)
from solitaire.solution import SolveResult  # noqa: E402
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE  # noqa: E402

__all__ = [
    "__version__",
    # functions
    "game_names", "game", "deal", "solve", "solve_position", "play", "replay", "batch", "study", "load_run",
    # values
    "Deal", "Layout", "SolveResult", "SOLVED", "UNSOLVABLE", "UNKNOWN",
    # errors
    "BudgetError", "CardError", "DealError", "NotationError", "ReplayError", "RuleError", "SolutionFileError",
    "StudyError", "UnknownGame",
]
