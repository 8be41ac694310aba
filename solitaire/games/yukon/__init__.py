"""Yukon: Klondike's cousin with no stock, where any face-up card moves with
everything on it (docs/rules.md)."""
from solitaire.games.yukon.spec import SPEC

__all__ = ["SPEC"]
