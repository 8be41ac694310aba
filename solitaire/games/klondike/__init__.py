"""Klondike: seven piles, a stock turned one or three at a time (docs/rules.md)."""
from solitaire.games.klondike.spec import SPEC

__all__ = ["SPEC"]
