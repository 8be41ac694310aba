"""The Baker's Dozen GameSpec: ties rules, deals and both engines together."""
from __future__ import annotations

from typing import Any

import numpy as np

from solver.deals import Layout
from solver.games.bakers_dozen import fast, layout, rules
from solver.games.bakers_dozen.reference import BakersDozenState
from solver.games.bakers_dozen.state import MAX_MOVES
from solver.games.base import GameSpec


class BakersDozenSpec(GameSpec):
    name = "bakers-dozen"
    aliases = ("bakers_dozen",)
    # solver.search.kernels.BAKERS_DOZEN (that module imports our kernel, so the
    # number is written here; a test checks the two agree)
    game_id = 3
    options = rules.OPTIONS
    presets: dict[str, dict[str, Any]] = {}
    max_moves = MAX_MOVES
    # DFS paths can wander long before a win (they never repeat a position
    # still on the path); a path cut at this depth makes the verdict "unknown".
    max_depth = 4000
    # Share of the node budget for limited discrepancy search before the
    # deciding DFS (ordering only: it never proves anything).  Baker's Dozen
    # DFS gets lost in huge lost subtrees after an early wrong turn; LDS
    # revisits early choices first.  Measured on any-suit / bottom, deals
    # 1..200 at 1M nodes: 0.25 left 3 deals unknown, 0.9 left 1, and the one
    # unsolvable deal was still proved (its full tree is small).
    lds_share = 0.9

    def lds_share_for(self, rules_: dict[str, Any]) -> float:
        """0.25 for other-suit / bottom, 0.9 otherwise.  Measured on deals
        1..200 at 300k nodes (unknowns for shares 0 / 0.1 / 0.25 / 0.9):
        other-suit / bottom 20 / 17 / 15 / 21, other-suit / free 27 / 16 /
        11 / 9.  There wins lie deep (DFS wins of 180-960 moves), which the
        discrepancy search's shallow deviations do not reach."""
        if rules_["build"] == "other-suit" and rules_["kings"] == "bottom":
            return 0.25
        return self.lds_share

    def complete_rules(self, given: dict[str, Any]) -> dict[str, Any]:
        return rules.complete_rules(given)

    def simulates(self, stronger: dict[str, Any], weaker: dict[str, Any]) -> bool:
        """any-suit plays every other-suit game (it only adds building on a card's own
        suit); the kings options deal different positions, so they must match."""
        return stronger["kings"] == weaker["kings"] and (stronger["build"] == weaker["build"]
                                                         or stronger["build"] == "any-suit")

    def layout_from_deck(self, deck: list[int]) -> Layout:
        return layout.layout_from_deck(deck)

    def validate_layout(self, lay: Layout) -> None:
        layout.validate_layout(lay)

    def new_reference(self, lay: Layout, rules_: dict[str, Any]) -> BakersDozenState:
        return BakersDozenState(lay, rules_)

    def rules_array(self, rules_: dict[str, Any]) -> np.ndarray:
        return fast.rules_array(rules_)

    def encode(self, state: BakersDozenState, rules_: dict[str, Any]) -> np.ndarray:
        return fast.encode(state, rules_)

    def describe_move(self, state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
        return fast.describe_move(state, rules_arr, move)


SPEC = BakersDozenSpec()
