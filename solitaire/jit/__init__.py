"""Numba helpers shared by every game kernel and by the search engines.

The lowest layer of the package: it imports nothing of ``solitaire`` but
itself, so kernels and engines can both build on it.  Card codes are those
of ``solitaire.cards``: ``suit * 13 + rank - 1`` with suits C, D, H, S.
"""
