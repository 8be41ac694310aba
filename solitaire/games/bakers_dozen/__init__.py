"""Baker's Dozen: 13 open columns, one card at a time, empty columns stay empty (docs/rules.md)."""
from solitaire.games.bakers_dozen.spec import SPEC

__all__ = ["SPEC"]
