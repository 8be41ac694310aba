"""Yukon's GameSpec: what the rest of the tool needs to know about the game."""
from __future__ import annotations

from typing import Any, Hashable

import numpy as np

from solitaire.deals import Layout
from solitaire.games.base import GameSpec, neighbour_swaps, Reduction, SearchOption, SearchTuning
from solitaire.games.yukon import bridge, kernel, layout, picture
from solitaire.games.yukon import rules as rule_options
from solitaire.games.yukon.kernel.state import (CUT_SETS, DEAD_END, FOLD_PILES, ONE_EMPTY, PINNED,
                                                R_OFF, SAFE_FOUNDATION, SWAP_CLASSES, SWAP_COMPONENTS, TWIN_WINDOW,
                                                TWINS, YUKON_MAX_DEPTH)
from solitaire.games.yukon.reference import YukonState


class YukonSearch(SearchTuning):
    # Limited discrepancy search finds most wins within 10^5 nodes (deals
    # 1..300 at 10^6 nodes: the same 272 wins at a share of 0.1 as at 0.25).
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
        guide[R_OFF] &= ~CUT_SETS
        return guide


def _swap_components(rules_arr: np.ndarray) -> np.ndarray:
    """The swap components (research/swap_components.py) instead of the swap
    classes: deals 886 and 823 are lost within 10^7 nodes with them, unknown
    without; each node costs more (docs/yukon.md), so they are asked for,
    not the default."""
    components = rules_arr.copy()
    components[R_OFF] |= SWAP_COMPONENTS
    return components


# Every reduction, a bit of the switch word rules[R_OFF] (kernel/state.py);
# docs/yukon.md proves each.
REDUCTIONS = (
    Reduction("safe_foundation", SAFE_FOUNDATION,
              "a top card whose two opposite-colour cards one rank lower are home goes home as the only move",
              "solve+optimal"),
    Reduction("fold_piles", FOLD_PILES, "the key ignores the order of the piles", "solve+optimal"),
    Reduction("one_empty", ONE_EMPTY,
              "a group with a King at its base goes only to the first empty pile, and a King at the bottom of "
              "its pile never to an empty pile", "solve+optimal"),
    Reduction("dead_end", DEAD_END,
              "frozen cards: a position with a card that can never move again has no moves (with pinned on, "
              "pinned finds every such position)", "solve+optimal"),
    Reduction("pinned", PINNED,
              "pinned cards: a position with a card that can never go home, carried or not, has no moves",
              "solve+optimal"),
    Reduction("twins", TWINS,
              "with pinned: a face-down card under its twin, both with one free target, never moves",
              "solve+optimal"),
    Reduction("twin_window", TWIN_WINDOW,
              "with pinned: a face-down card whose twin must move first onto their one free target never moves",
              "solve+optimal"),
    Reduction("swap_classes", SWAP_CLASSES,
              "positions joined by swapping a free stack between face-up twins are one node", "solve"),
    Reduction("cut_sets", CUT_SETS,
              "the lower bound counts a face-down card's cut set as itself alone, not its whole interval",
              "optimal"),
)


class YukonSpec(GameSpec):
    """Yukon has no rule options (RULES.md), so ``rules`` is always ``{}``."""

    name = "yukon"
    title = "Yukon"
    aliases = ()
    options = rule_options.OPTIONS
    presets = rule_options.PRESETS
    kernel = kernel
    max_moves = kernel.MAX_SEARCH_MOVES  # a swap class's moves (a position alone has at most 127)
    max_depth = YUKON_MAX_DEPTH
    search = YukonSearch()
    search_options = (SearchOption(
        "swap_components",
        "Search every class of positions joined by stack swaps as one (docs/yukon.md): fewer nodes, "
        "more time per node; proves deals 886 and 823 lost within 10^7 nodes, which the default leaves unknown.",
        _swap_components),)
    reductions = REDUCTIONS
    rulebook = rule_options
    layouts = layout
    state_type = YukonState
    bridge = bridge
    picture = picture

    def symmetric_positions(self, state: YukonState) -> list[YukonState]:
        """The piles in another order: each swap of two neighbouring piles."""
        return neighbour_swaps(state, "piles", "face_down")

    def symmetry_class(self, state: YukonState, rules: dict[str, Any]) -> Hashable:
        """Piles sorted."""
        return tuple(sorted((tuple(p), d) for p, d in zip(state.piles, state.face_down))), tuple(state.foundations)

    def new_reference(self, layout_: Layout, rules: dict[str, Any]) -> YukonState:
        return YukonState.from_layout(layout_)


SPEC = YukonSpec()
