"""Yukon's GameSpec: what the rest of the tool needs to know about the game."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from solitaire.deals import Layout
from solitaire.scene import Scene
from solitaire.games.base import GameSpec, SearchOption, SearchTuning
from solitaire.games.yukon import fast, kernel, layout, swaps
from solitaire.games.yukon.kernel import CUT_SETS, SWAP_COMPONENTS, YUKON_MAX_DEPTH
from solitaire.games.yukon import picture
from solitaire.games.yukon.reference import YukonState
from solitaire.rules import RuleError


class YukonSearch(SearchTuning):
    # Limited discrepancy search finds most wins within 10^5 nodes (deals
    # 1..300 at 10^6 nodes: the same 272 wins at a share of 0.1 as at 0.25);
    # the rest of the budget goes to the plain DFS, the only search that can
    # prove a deal unsolvable (deal 77: unsolvable at 0.86 M nodes).  A
    # trade-off, not a verdict change: at 10^7 nodes deal 151 is now proved
    # unsolvable and deal 70 (won by the discrepancy search at 1.86 M) is
    # unknown (docs/yukon.md).
    lds_share = 0.1
    # Then weighted A* (g + 2h, h the admissible ``lower_bound``) with 0.9
    # of the budget, i.e. all the discrepancy phase leaves; the plain DFS
    # gets only what A* leaves unspent (its arena full).  Weighted A* on the
    # solvability moves (MODE_SOLVE, the same reductions as the DFS) expands
    # each position once, so it also proves a deal lost when it runs out of
    # positions, in about as many nodes as the DFS (deal 78: 1.17 M against
    # the DFS's 1.12 M; deal 681: 8.12 M against 7.74 M), and it wins deals
    # the depth-first order reaches late (469: 2.37 M nodes, unknown to the
    # DFS at 10^7).  A share below 0.75 cannot give both: 681 needs 8.12 M
    # of A* (or 7.74 M of DFS) after the discrepancy phase's 10^6, 469 needs
    # 2.37 M of A*.  Its arena holds 6.3 M positions per 256 MB of table
    # (--tt-mb): when it fills, the DFS gets the rest of the budget, so the
    # 10^7 figures use --tt-mb 1024 (docs/yukon.md).
    weighted_share = 0.9

    def weighted_rules(self, rules_arr: np.ndarray) -> np.ndarray:
        """Weighted A* is guided by the bound without cut sets: with them it
        left deal 173 unknown at 10^7 nodes (won at 3.62 M nodes without;
        469 took 3.34 M against 3.37 M), and the solvability figures of
        docs/yukon.md were measured with this guide."""
        guide = rules_arr.copy()
        guide[0] &= ~CUT_SETS
        return guide


def _swap_components(rules_arr: np.ndarray) -> np.ndarray:
    """R7b (swap_components.py) instead of R7: deals 886 and 823 are lost
    within 10^7 nodes with it, unknown without; each node costs more
    (docs/yukon.md), so it is asked for, not the default."""
    components = rules_arr.copy()
    components[0] |= SWAP_COMPONENTS
    return components


# The contract's functions: moves and keys through the swap layer (which
# folds positions joined by stack swaps), the rest from the kernel.
KERNEL = SimpleNamespace(gen_moves=swaps.gen_moves, apply_move=swaps.apply_move, state_key=swaps.state_key,
                         move_cost=kernel.move_cost, is_won=kernel.is_won, lower_bound=kernel.lower_bound)


class YukonSpec(GameSpec):
    """Yukon has no rule options (RULES.md), so ``rules`` is always ``{}``."""

    name = "yukon"
    title = "Yukon"
    aliases = ()
    options = ()
    presets: dict[str, dict[str, Any]] = {}
    kernel = KERNEL
    max_moves = swaps.MAX_ANY_CLASS_MOVES  # a swap class's moves (a position alone has at most 127)
    max_depth = YUKON_MAX_DEPTH
    search = YukonSearch()
    search_options = (SearchOption(
        "swap_components",
        "Search every class of positions joined by stack swaps as one (docs/yukon.md): fewer nodes, "
        "more time per node; proves deals 886 and 823 lost within 10^7 nodes, which the default leaves unknown.",
        _swap_components),)

    def complete_rules(self, given: dict[str, Any]) -> dict[str, Any]:
        if given:
            raise RuleError(f"yukon has no rule options (got {', '.join(sorted(given))})")
        return {}

    def layout_from_deck(self, deck: list[int]) -> Layout:
        return layout.layout_from_deck(deck)

    def validate_layout(self, layout_: Layout) -> None:
        layout.validate_layout(layout_)

    def new_reference(self, layout_: Layout, rules: dict[str, Any]) -> YukonState:
        return YukonState.from_layout(layout_)

    def rules_array(self, rules: dict[str, Any]) -> np.ndarray:
        return fast.rules_array()

    def encode(self, state: YukonState, rules: dict[str, Any]) -> np.ndarray:
        return fast.encode(state)

    def describe_move(self, state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
        return fast.describe_move(state, rules_arr, move)

    def scene(self, state: YukonState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
        return picture.scene(state, previous, open_fans)


SPEC = YukonSpec()
