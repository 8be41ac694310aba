"""Yukon deals as PySolFC lays them out, and deal-file checks.

PySolFC's ``Yukon.startGame`` deals, left to right: six face-down rounds
(round i, i = 1..6, gives one card to each of piles i+1..7), then four
face-up rounds to piles 2..7, then one last face-up card to every pile.  So
pile 1 is one face-up card and pile k (2..7) holds k-1 face-down cards under
5 face-up ones (RULES.md).  There is no stock.
"""
from __future__ import annotations

from solitaire.deals import Layout, check_pile_sizes

PILES = 7
FACE_UP_ROUNDS = 4  # the rounds dealt face up onto piles 2..7
PILE_SIZES = [1] + [k - 1 + 1 + FACE_UP_ROUNDS for k in range(2, PILES + 1)]  # 1, 6, 7, ..., 11
FACE_DOWN = [k - 1 for k in range(1, PILES + 1)]  # face-down cards at the deal: 0, 1, ..., 6


def layout_from_deck(deck: list[int]) -> Layout:
    """The deal of a 52-card deck given in dealing order (first dealt first)."""
    it = iter(deck)
    piles: list[list[int]] = [[] for _ in range(PILES)]
    for first in range(1, PILES):  # face-down rounds
        for p in range(first, PILES):
            piles[p].append(next(it))
    for _ in range(FACE_UP_ROUNDS):
        for p in range(1, PILES):
            piles[p].append(next(it))
    for p in range(PILES):
        piles[p].append(next(it))
    return Layout(piles, [])


def validate_layout(layout: Layout) -> None:
    """Pile sizes of a Yukon deal file (the full-deck check is done by deals.py)."""
    check_pile_sizes(layout, PILE_SIZES, 0)
