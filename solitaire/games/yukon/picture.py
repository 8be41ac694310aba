"""How Yukon positions are drawn: one scene per position (``solitaire.scene``)."""
from __future__ import annotations

from solitaire.games.yukon.reference import YukonState
from solitaire.scene import TABLEAU_Y, Scene, SceneBuilder, column_x, foundations


def scene(state: YukonState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """Foundations top right, seven piles below (no stock)."""
    b = SceneBuilder(open_fans)
    foundations(b, state.foundations, 3)
    for p, pile in enumerate(state.piles):
        b.slot(column_x(p), TABLEAU_Y, "K")
        b.fan(f"t{p + 1}", pile, column_x(p), TABLEAU_Y, face_down=state.face_down[p])
    return b.scene
