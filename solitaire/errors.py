"""The errors a user's input can cause, in one tuple: each says what is wrong.

The CLI turns any of them into one line on stderr and exit status 2; the
Python API raises them as they are.  Anything else is a bug.
"""
from solitaire.cards import CardError
from solitaire.deals import DealError
from solitaire.games.registry import UnknownGame
from solitaire.notation import NotationError
from solitaire.replaying import ReplayError
from solitaire.rules import RuleError
from solitaire.solution import SolutionFileError
from solitaire.solver import BudgetError
from solitaire.studies.errors import StudyError

EXPECTED = (CardError, DealError, UnknownGame, NotationError, ReplayError, RuleError, BudgetError,
            SolutionFileError, StudyError)

__all__ = ["EXPECTED", "BudgetError", "CardError", "DealError", "NotationError", "ReplayError", "RuleError",
           "SolutionFileError", "StudyError", "UnknownGame"]
