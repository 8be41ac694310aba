"""Where each game's cards lie on the table: one layout function per game.

Every card of the deck is placed in every position (stock and foundation
cards squared in their pile, the cards under a waste top too), so a line of
play is a sequence of scenes in which each card only ever moves, and the
solution page can animate it by its card code.  Pile names are the
notation's where it has them (``t1`` .. ``t13``), else ``stock``, ``waste``,
``w1`` .. ``w3`` (Pyramid's three waste piles), ``fC`` .. ``fS``
(foundations by suit), ``p1`` .. ``p28`` (Pyramid places, row by row) and
``removed`` (Pyramid's removed cards).
"""
from __future__ import annotations

from solitaire import cards
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.games.klondike.reference import KlondikeState
from solitaire.games.pyramid import layout as pyramid_geometry
from solitaire.games.pyramid.reference import PyramidState
from solitaire.games.yukon.reference import YukonState
from solitaire.render.glyphs import CARD_H, CARD_W
from solitaire.render.scene import (FAN_X, GAP, LABEL_H, MARGIN, Scene, SceneBuilder, column_x,
                                    register)
from solitaire.rules import UNLIMITED

TOP = MARGIN
TABLEAU_Y = MARGIN + CARD_H + LABEL_H + 8  # the tableau's top, below the top row and its labels
WASTE_FAN = 3  # a waste shows at most this many cards fanned (the last turn of draw 3)
PYRAMID_GAP = 6  # narrow: little of a covered card shows between the two cards on it


def _label_y(y: float) -> float:
    return y + CARD_H + 13


def _foundations(b: SceneBuilder, highest: list[int], first_column: int) -> None:
    """Four foundations, clubs to spades, from ``first_column``: each built Ace up."""
    for s, rank in enumerate(highest):
        x = column_x(first_column + s)
        b.slot(x, TOP, cards.SUITS[s])
        b.stack(f"f{cards.SUITS[s]}", [cards.make(r, s) for r in range(1, rank + 1)], x, TOP)


def _passes_text(used: int, passes) -> str:
    return f"pass {used} (no limit)" if passes == UNLIMITED else f"pass {used} of {passes}"


@register("klondike", KlondikeState)
def klondike(state: KlondikeState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """Stock and waste top left, foundations top right, seven piles below."""
    b = SceneBuilder(open_fans)
    stock_x, waste_x = column_x(0), column_x(1)
    b.slot(stock_x, TOP)
    b.stack("stock", state.stock[::-1], stock_x, TOP, face_up=False)  # stock[0] is turned next: on top
    b.label(stock_x + CARD_W / 2, _label_y(TOP), f"stock {len(state.stock)}")
    b.slot(waste_x, TOP)
    waste = state.waste
    fanned_from = len(waste) - min(state.rules["draw"], WASTE_FAN, len(waste))
    b.declare("waste")
    for i, card in enumerate(waste):
        b.place(card, "waste", i, waste_x + max(0, i - fanned_from) * FAN_X, TOP)
    b.label(waste_x, _label_y(TOP), f"waste {len(waste)}, {_passes_text(state.passes_used, state.rules['passes'])}",
            anchor="start")
    _foundations(b, state.foundation, 3)
    for p, pile in enumerate(state.piles):
        b.slot(column_x(p), TABLEAU_Y, "K")
        b.fan(f"t{p + 1}", pile, column_x(p), TABLEAU_Y, face_down=state.down[p])
    return b.scene


@register("yukon", YukonState)
def yukon(state: YukonState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """Foundations top right, seven piles below (no stock)."""
    b = SceneBuilder(open_fans)
    _foundations(b, state.foundations, 3)
    for p, pile in enumerate(state.piles):
        b.slot(column_x(p), TABLEAU_Y, "K")
        b.fan(f"t{p + 1}", pile, column_x(p), TABLEAU_Y, face_down=state.face_down[p])
    return b.scene


@register("bakers-dozen", BakersDozenState)
def bakers_dozen(state: BakersDozenState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """Foundations top right, thirteen columns below, every card face up."""
    b = SceneBuilder(open_fans)
    _foundations(b, state.foundation, len(state.columns) - 4)
    mark = "K" if state.rules["kings"] == "free" else ""  # only then may a column be refilled
    for i, column in enumerate(state.columns):
        b.slot(column_x(i), TABLEAU_Y, mark)
        b.fan(f"t{i + 1}", column, column_x(i), TABLEAU_Y)
    return b.scene


def pyramid_column_x(k: float) -> float:
    """The x of the k-th card of the pyramid's last row (the row of stock, waste and removed cards too)."""
    return MARGIN + k * (CARD_W + PYRAMID_GAP)


def pyramid_xy(i: int) -> tuple[float, float]:
    """Where pyramid place ``i`` lies: rows overlap by half a card, each centred under the one above."""
    row, place = pyramid_geometry.position(i)
    return pyramid_column_x((pyramid_geometry.ROWS - 1 - row) / 2 + place), TOP + row * CARD_H / 2


@register("pyramid", PyramidState)
def pyramid(state: PyramidState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
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
        stock_text += f", {_passes_text(state.redeals + 1, state.rules['passes'])}"
    b.label(stock_x, _label_y(low), stock_text, anchor="start")
    names = ["waste"] if len(state.waste) == 1 else [f"w{k + 1}" for k in range(len(state.waste))]
    for k, (name, pile) in enumerate(zip(names, state.waste)):
        x = pyramid_column_x(k + 2)  # column 1 stays free for the stock's label
        b.slot(x, low)
        b.stack(name, pile, x, low)
        b.label(x + CARD_W / 2, _label_y(low), f"{name} {len(pile)}")
    removed_x = pyramid_column_x(pyramid_geometry.ROWS - 1)
    b.slot(removed_x, low)
    removed = _removed_in_order(state, previous)
    b.stack("removed", removed, removed_x, low)
    b.label(removed_x + CARD_W / 2, _label_y(low), f"removed {len(removed)}")
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
