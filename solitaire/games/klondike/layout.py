"""Klondike deals as PySolFC lays them out.

PySolFC deals the face-down rows first (6 cards to the six rightmost piles,
then 5, ..., then 1), then one face-up card on each pile, and the remaining
24 cards form the stock; the first of them is the first turned.  Piles are
then numbered left to right so that pile 1 holds one card and pile 7 seven.
"""
from __future__ import annotations

from solitaire.deals import DealError, Layout, check_pile_sizes

PILES = 7
PILE_SIZES = list(range(1, PILES + 1))
STOCK_SIZE = 24


def layout_from_deck(deck: list[int]) -> Layout:
    it = iter(deck)
    # PySolFC's columns are right-to-left here: column 0 is the seven-card pile.
    columns: list[list[int]] = [[] for _ in range(PILES)]
    for row_len in range(PILES - 1, 0, -1):
        for col in range(row_len):
            columns[col].append(next(it))
    for col in range(PILES):
        columns[col].append(next(it))
    stock = list(it)
    columns.reverse()
    return Layout(columns, stock)


def validate_layout(layout: Layout) -> None:
    check_pile_sizes(layout, PILE_SIZES, STOCK_SIZE)
    if any(not isinstance(c, int) for c in layout.all_cards()):
        raise DealError("cards must be card codes")
