"""The pyramid's shape, and the deal exactly as PySolFC's Pyramid lays it out.

PySolFC (pysollib/games/pyramid.py, ``Pyramid.startGame``) calls
``talon.dealRow()``, which deals one card to each of the 28 row stacks in
order: row 1, then row 2 left to right, ..., row 7; the remaining 24 cards
are the talon, turned from its top.  So with the deck in dealing order, the
first 28 cards are the pyramid (row by row) and the last 24 the stock in
turning order.  (PySolFC then turns the first stock card at once; here that
turn is the player's first ``draw``, as RULES.md says the stock starts with 24.)

Positions are numbered 0..27 row by row: row ``r`` (0-based), place ``c``
is ``r * (r + 1) // 2 + c`` and is covered by row ``r + 1`` places ``c`` and
``c + 1``.
"""
from __future__ import annotations

from solitaire import cards
from solitaire.deals import DealError, Layout, check_pile_sizes

ROWS = 7
PYRAMID_SIZE = 28
STOCK_SIZE = 24
ROW_SIZES = list(range(1, ROWS + 1))


def index(row: int, place: int) -> int:
    return row * (row + 1) // 2 + place


def position(i: int) -> tuple[int, int]:
    """(row, place), both 0-based, of pyramid index ``i``."""
    row = 0
    while index(row + 1, 0) <= i:
        row += 1
    return row, i - index(row, 0)


def _coverers(i: int) -> tuple[int, ...]:
    row, place = position(i)
    if row == ROWS - 1:
        return ()
    return index(row + 1, place), index(row + 1, place + 1)


_COVERERS = tuple(_coverers(i) for i in range(PYRAMID_SIZE))


def coverers(i: int) -> tuple[int, ...]:
    """The (zero or two) pyramid indices lying directly on card ``i``."""
    return _COVERERS[i]


def cone(i: int) -> frozenset[int]:
    """Every pyramid index that must be gone before ``i`` is exposed."""
    out: set[int] = set()
    todo = list(coverers(i))
    while todo:
        j = todo.pop()
        if j not in out:
            out.add(j)
            todo.extend(coverers(j))
    return frozenset(out)


def layout_from_deck(deck: list[int]) -> Layout:
    """Rows from the top (row 1 first, each left to right), then the stock."""
    if len(deck) != cards.DECK_SIZE:
        raise DealError(f"a Pyramid deal needs {cards.DECK_SIZE} cards, got {len(deck)}")
    rows, k = [], 0
    for size in ROW_SIZES:
        rows.append(list(deck[k:k + size]))
        k += size
    return Layout(rows, list(deck[k:]))


def validate_layout(layout: Layout) -> None:
    check_pile_sizes(layout, ROW_SIZES, STOCK_SIZE, what="row")


def pyramid_cards(layout: Layout) -> list[int]:
    """The 28 pyramid cards by index."""
    return [c for row in layout.tableau for c in row]
