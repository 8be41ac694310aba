"""How Klondike positions are drawn: one scene per position (``solitaire.scene``)."""
from __future__ import annotations

from solitaire.games.klondike.reference import KlondikeState
from solitaire.scene import (CARD_W, FAN_X, TABLEAU_Y, TOP, Scene, SceneBuilder, column_x, foundations, label_y,
                             passes_text)

WASTE_FAN = 3  # a waste shows at most this many cards fanned (the last turn of draw 3)


def scene(state: KlondikeState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """Stock and waste top left, foundations top right, seven piles below."""
    b = SceneBuilder(open_fans)
    stock_x, waste_x = column_x(0), column_x(1)
    b.slot(stock_x, TOP)
    b.stack("stock", state.stock[::-1], stock_x, TOP, face_up=False)  # stock[0] is turned next: on top
    b.label(stock_x + CARD_W / 2, label_y(TOP), f"stock {len(state.stock)}")
    b.slot(waste_x, TOP)
    waste = state.waste
    fanned_from = len(waste) - min(state.rules["draw"], WASTE_FAN, len(waste))
    b.declare("waste")
    for i, card in enumerate(waste):
        b.place(card, "waste", i, waste_x + max(0, i - fanned_from) * FAN_X, TOP)
    b.label(waste_x, label_y(TOP), f"waste {len(waste)}, {passes_text(state.passes_used, state.rules['passes'])}",
            anchor="start")
    foundations(b, state.foundation, 3)
    for p, pile in enumerate(state.piles):
        b.slot(column_x(p), TABLEAU_Y, "K")
        b.fan(f"t{p + 1}", pile, column_x(p), TABLEAU_Y, face_down=state.down[p])
    return b.scene
