"""Baker's Dozen: 13 open columns, one card at a time, empty columns stay empty.

``SPEC`` is the game's entry in the registry (``solitaire.games``).
"""
from solitaire.games.bakers_dozen.spec import SPEC

__all__ = ["SPEC"]
