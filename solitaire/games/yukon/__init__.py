"""Yukon: Klondike's cousin with no stock, where any face-up card moves with
everything on it (RULES.md "Yukon")."""
from solitaire.games.yukon.spec import YukonSpec

SPEC = YukonSpec()
