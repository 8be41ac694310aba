"""How Baker's Dozen positions are drawn: one scene per position (``solitaire.scene``)."""
from __future__ import annotations

from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.scene import TABLEAU_Y, Scene, SceneBuilder, column_x, foundations


def scene(state: BakersDozenState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """Foundations top right, thirteen columns below, every card face up."""
    b = SceneBuilder(open_fans)
    foundations(b, state.foundation, len(state.columns) - 4)
    mark = "K" if state.rules["kings"] == "free" else ""  # only then may a column be refilled
    for i, column in enumerate(state.columns):
        b.slot(column_x(i), TABLEAU_Y, mark)
        b.fan(f"t{i + 1}", column, column_x(i), TABLEAU_Y)
    return b.scene
