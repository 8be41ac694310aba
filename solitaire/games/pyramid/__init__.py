"""Pyramid (Solitaire 13): pair cards totalling 13 to clear the pyramid (docs/rules.md)."""
from solitaire.games.pyramid.spec import SPEC

__all__ = ["SPEC"]
