"""Pyramid (Solitaire 13): pair cards totalling 13 to clear the pyramid.

Rules: shared/RULES.md "Pyramid"; options ``draw`` (1, or 3 = three waste
piles), ``passes``, ``stock_top_playable``, ``pair_covering``, presets
``seed`` and ``microsoft``.  See docs/pyramid.md.
"""
from solitaire.games.pyramid.spec import PyramidSpec

SPEC = PyramidSpec()
