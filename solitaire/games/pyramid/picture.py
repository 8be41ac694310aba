"""How Pyramid positions are drawn: one scene per position (``solitaire.scene``)."""
from __future__ import annotations

from solitaire import cards
from solitaire.games.pyramid import layout as pyramid_geometry
from solitaire.games.pyramid.reference import PyramidState
from solitaire.scene import CARD_H, CARD_W, GAP, MARGIN, TOP, Scene, SceneBuilder, label_y, passes_text

PYRAMID_GAP = 6  # narrow: little of a covered card shows between the two cards on it


def pyramid_column_x(k: float) -> float:
    """The x of the k-th card of the pyramid's last row (the row of stock, waste and removed cards too)."""
    return MARGIN + k * (CARD_W + PYRAMID_GAP)


def pyramid_xy(i: int) -> tuple[float, float]:
    """Where pyramid place ``i`` lies: rows overlap by half a card, each centred under the one above."""
    row, place = pyramid_geometry.position(i)
    return pyramid_column_x((pyramid_geometry.ROWS - 1 - row) / 2 + place), TOP + row * CARD_H / 2


def scene(state: PyramidState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """The triangle; below it the stock, the waste pile(s) and the removed cards."""
    b = SceneBuilder(open_fans)
    for i, card in enumerate(state.pyramid):
        x, y = pyramid_xy(i)
        b.slot(x, y)
        b.declare(f"p{i + 1}")
        if card is not None:
            b.place(card, f"p{i + 1}", 0, x, y)
    low = TOP + (pyramid_geometry.ROWS - 1) * CARD_H / 2 + CARD_H + GAP + 8
    stock_x = pyramid_column_x(0)
    b.slot(stock_x, low)
    top_up = state.rules["stock_top_playable"]  # then the stock's top card is exposed, so shown
    n = len(state.stock)
    b.stack("stock", state.stock[::-1], stock_x, low, face_up=lambda i: top_up and i == n - 1)
    stock_text = f"stock {n}"
    if state.rules["passes"] != 1:
        stock_text += f", {passes_text(state.redeals + 1, state.rules['passes'])}"
    b.label(stock_x, label_y(low), stock_text, anchor="start")
    names = ["waste"] if len(state.waste) == 1 else [f"w{k + 1}" for k in range(len(state.waste))]
    for k, (name, pile) in enumerate(zip(names, state.waste)):
        x = pyramid_column_x(k + 2)  # column 1 stays free for the stock's label
        b.slot(x, low)
        b.stack(name, pile, x, low)
        b.label(x + CARD_W / 2, label_y(low), f"{name} {len(pile)}")
    removed_x = pyramid_column_x(pyramid_geometry.ROWS - 1)
    b.slot(removed_x, low)
    removed = _removed_in_order(state, previous)
    b.stack("removed", removed, removed_x, low)
    b.label(removed_x + CARD_W / 2, label_y(low), f"removed {len(removed)}")
    return b.scene


def _removed_in_order(state: PyramidState, previous: Scene | None) -> list[int]:
    """The removed cards, oldest first: as the previous scene had them, the newly removed on top
    (the state knows only which cards are gone, not when)."""
    present = {c for c in state.pyramid if c is not None} | set(state.stock)
    present.update(c for pile in state.waste for c in pile)
    gone = [c for c in cards.ALL_CARDS if c not in present]
    before = [p.card for p in previous.pile("removed")] if previous is not None else []
    kept = [c for c in before if c in gone]
    return kept + sorted(set(gone) - set(kept))
