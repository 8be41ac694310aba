"""PyramidSpec: the game contract of solitaire.games.base, filled in from the
small modules of this package (rules, layout, reference, kernel, fast)."""
from __future__ import annotations

from typing import Any

import numpy as np

from solitaire.deals import Layout
from solitaire.scene import Scene
from solitaire.games.base import GameSpec, SearchTuning
from solitaire.games.pyramid import fast, kernel, layout, rules
from solitaire.games.pyramid import picture
from solitaire.games.pyramid.reference import PyramidState


class PyramidSearch(SearchTuning):
    # Most seed-rule deals are lost: the discrepancy phase only delays the proof.
    lds_share = 0.0


class PyramidSpec(GameSpec):
    name = "pyramid"
    title = "Pyramid"
    aliases = ("solitaire13", "solitaire-13")
    options = rules.OPTIONS
    presets = rules.PRESETS
    kernel = kernel
    max_moves = kernel.MAX_MOVES
    # A search move removes at least one card and a game has at most 28
    # removals (4 Kings + 24 pairs); single actions (MODE_ALL) are not searched.
    max_depth = 64
    search = PyramidSearch()

    def complete_rules(self, given: dict[str, Any]) -> dict[str, Any]:
        return rules.complete_rules(given)

    def layout_from_deck(self, deck: list[int]) -> Layout:
        return layout.layout_from_deck(deck)

    def validate_layout(self, lay: Layout) -> None:
        layout.validate_layout(lay)

    def new_reference(self, lay: Layout, game_rules: dict[str, Any]) -> PyramidState:
        return PyramidState(lay, game_rules)

    def rules_array(self, game_rules: dict[str, Any]) -> np.ndarray:
        return fast.rules_array(game_rules)

    def encode(self, state: PyramidState, game_rules: dict[str, Any]) -> np.ndarray:
        return fast.encode(state)

    def describe_move(self, state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
        return fast.describe_move(state, rules_arr, int(move))

    def scene(self, state: PyramidState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
        return picture.scene(state, previous, open_fans)


SPEC = PyramidSpec()
