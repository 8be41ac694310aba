"""Baker's Dozen deals as PySolFC lays them out, and its King move.

PySolFC's Baker's Dozen hook reverses its shuffled list, so the cards come
out in the *opposite* order to Klondike's: with ``deck`` in Klondike dealing
order (``solitaire.deals.deck``), Baker's Dozen deals ``reversed(deck)``.  The
cards are dealt in four rows of thirteen, the first row at the bottom of the
columns, left to right.  A deal file holds these columns as dealt; the rules
(``kings=bottom``) then perform the King move below.
"""
from __future__ import annotations

from solitaire import cards
from solitaire.deals import DealError, Layout, check_pile_sizes

COLUMNS = 13
ROWS = 4


def layout_from_deck(deck: list[int]) -> Layout:
    """The 13 columns as dealt (bottom card first), before any King moves."""
    order = list(reversed(deck))
    return Layout([order[col::COLUMNS] for col in range(COLUMNS)], [])


def move_kings_down(columns: list[list[int]]) -> list[list[int]]:
    """RULES.md's King move, PySolFC's way, on copies of ``columns``.

    Taking the Kings in dealing order (row by row from the bottom, each row
    left to right), each King swaps places with the deepest non-King card
    below it in its column; if only Kings lie below it, it stays.
    """
    out = [list(col) for col in columns]
    height = max((len(col) for col in out), default=0)
    for row in range(height):
        for col in out:
            if row < len(col) and cards.rank(col[row]) == 13:
                for below in range(row):
                    if cards.rank(col[below]) != 13:
                        col[row], col[below] = col[below], col[row]
                        break
    return out


def validate_layout(layout: Layout) -> None:
    check_pile_sizes(layout, [ROWS] * COLUMNS, 0, what="column")
    if any(not isinstance(c, int) for c in layout.all_cards()):
        raise DealError("cards must be card codes")
