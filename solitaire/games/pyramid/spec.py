"""PyramidSpec: the game contract of solitaire.games.base, filled in from the
small modules of this package (rules, layout, reference, kernel, bridge),
and the reductions a switch can turn off."""
from __future__ import annotations

from typing import Any

import numpy as np

from solitaire.deals import Layout
from solitaire.rules import RuleError
from solitaire.scene import Scene
from solitaire.games.base import GameSpec, Reduction, SearchTuning
from solitaire.games.pyramid import bridge, kernel, layout, rules
from solitaire.games.pyramid import picture
from solitaire.games.pyramid.kernel import state as S
from solitaire.games.pyramid.reference import PyramidState


class PyramidSearch(SearchTuning):
    # Most seed-rule deals are lost: the discrepancy phase only delays the proof.
    lds_share = 0.0


# Every reduction of the search (docs/pyramid.md), with its bit in the rules
# array's switch word (kernel/state.py; the module named proves it sound).
REDUCTIONS = (
    Reduction("king_pyramid", S.KING_PYRAMID,
              "an exposed pyramid King is removed as the only move (kernel/forced.py)", "solve+optimal"),
    Reduction("king_outside", S.KING_OUTSIDE,
              "a waste-top or stock-top King is removed as the only move (kernel/forced.py)", "solve"),
    Reduction("last_pair", S.LAST_PAIR,
              "the last two cards of two ranks that pair, both exposed, are removed as the only move "
              "(kernel/forced.py)", "solve+optimal"),
    Reduction("only_partner", S.ONLY_PARTNER,
              "an exposed pyramid card with one possible partner, exposed too, is removed with it as the "
              "only move (kernel/forced.py)", "solve+optimal"),
    Reduction("too_few_partners", S.TOO_FEW_PARTNERS,
              "a position whose pyramid cards cannot all find partners is dead (kernel/deadends.py)",
              "solve+optimal"),
    Reduction("pyramid_matching", S.PYRAMID_MATCHING,
              "two pyramid cards pair only outside each other's covering cone: the pyramid-only pairs "
              "of the partner count and the bound, and only_partner's possible partners "
              "(kernel/deadends.py)", "solve+optimal"),
    Reduction("dead_waste", S.DEAD_WASTE,
              "in the last pass, waste cards that can never move are left out of the key, the partner "
              "counts and the bound (kernel/deadends.py)", "solve+optimal"),
    Reduction("pyramid_game", S.PYRAMID_GAME,
              "a position whose pyramid game (stock and waste as a free pool) is lost is dead "
              "(kernel/abstraction.py)", "solve+optimal"),
    Reduction("new_cards_only", S.NEW_CARDS_ONLY,
              "after stock actions, only removals using a card they newly exposed (kernel/compound.py)",
              "solve+optimal"),
    Reduction("one_stock_cycle", S.ONE_STOCK_CYCLE,
              "at most one cycle of stock actions before a removal (kernel/compound.py)", "solve+optimal"),
    Reduction("bound_draws", S.BOUND_DRAWS,
              "the lower bound adds the moves that expose the outside partners the pyramid needs "
              "(kernel/bounds.py)", "optimal"),
    Reduction("bound_coupling", S.BOUND_COUPLING,
              "draw 1 with stock_top_playable: the lower bound is at least the coupling bound "
              "(kernel/bounds.py)", "optimal"),
)


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
    reductions = REDUCTIONS
    sample_rules = ({"passes": 2}, {"passes": "unlimited"})

    def complete_rules(self, given: dict[str, Any]) -> dict[str, Any]:
        return rules.complete_rules(given)

    def layout_from_deck(self, deck: list[int]) -> Layout:
        return layout.layout_from_deck(deck)

    def validate_layout(self, lay: Layout) -> None:
        layout.validate_layout(lay)

    def new_reference(self, lay: Layout, game_rules: dict[str, Any]) -> PyramidState:
        return PyramidState(lay, game_rules)

    def rules_array(self, game_rules: dict[str, Any], off: tuple[str, ...] = ()) -> np.ndarray:
        bits = {r.name: r.bit for r in self.reductions}
        word = 0
        for name in (off,) if isinstance(off, str) else off:
            if name not in bits:
                raise RuleError(f"pyramid has no reduction '{name}' (reductions: {', '.join(bits)})")
            word |= bits[name]
        return bridge.rules_array(game_rules, word)

    def encode(self, state: PyramidState, game_rules: dict[str, Any]) -> np.ndarray:
        return bridge.encode(state)

    def describe_move(self, state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
        return bridge.describe_move(state, rules_arr, int(move))

    def scene(self, state: PyramidState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
        return picture.scene(state, previous, open_fans)


SPEC = PyramidSpec()
