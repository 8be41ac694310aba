"""Klondike's GameSpec and search tuning."""
from __future__ import annotations

from typing import Any, Hashable

import numpy as np

from solitaire import notation
from solitaire.deals import Layout
from solitaire.games.base import GameSpec, neighbour_swaps, Reduction, SearchTuning
from solitaire.games.klondike import bridge, kernel, layout, picture, relations, rules
from solitaire.games.klondike.kernel import state as ks
from solitaire.games.klondike.reference import KlondikeState
from solitaire.rules import UNLIMITED


def _reduction(name: str, off_bit: int, summary: str, questions: str) -> Reduction:
    return Reduction(name, off_bit, summary, questions)


# Every reduction of the search that can drop a move, force one, fold a key
# or call a position lost, by its bit in the rules array's word R_OFF
# (docs/klondike.md, "Reductions"; the proofs are where each acts).  The
# talon as the cards reachable by turning is the search's representation,
# not a reduction: it has no switch.
REDUCTIONS = (
    _reduction("safe_tableau_to_foundation", ks.OFF_SAFE_TABLEAU_TO_FOUNDATION,
               "a tableau top that fits its foundation and is safe there goes up as the only move", "solve+optimal"),
    _reduction("safe_waste_to_foundation", ks.OFF_SAFE_WASTE_TO_FOUNDATION,
               "draw 1: the same for the waste top", "solve+optimal"),
    _reduction("safe_talon_to_foundation", ks.OFF_SAFE_TALON_TO_FOUNDATION,
               "draw 1, unlimited passes: the same for any talon card", "solve"),
    _reduction("one_empty_pile", ks.OFF_ONE_EMPTY_PILE,
               "one empty pile stands for all as a target (the key folds pile order)", "solve+optimal"),
    _reduction("no_king_pile_to_empty", ks.OFF_NO_KING_PILE_TO_EMPTY,
               "a whole pile headed by a King never moves to an empty pile (the same position)", "solve+optimal"),
    _reduction("partial_runs_for_foundation", ks.OFF_PARTIAL_RUNS_FOR_FOUNDATION,
               "part of a run moves only when the card it uncovers fits its foundation", "solve+optimal"),
    _reduction("one_twin_target", ks.OFF_ONE_TWIN_TARGET,
               "when both twins of a rank and colour are pile tops, a card is offered only one", "solve"),
    _reduction("whole_pile_for_king", ks.OFF_WHOLE_PILE_FOR_KING,
               "a pile with nothing face down moves away only when a King could use the emptied pile", "solve"),
    _reduction("talon_play_for_builder", ks.OFF_TALON_PLAY_FOR_BUILDER,
               "draw 1, unlimited passes: a talon card goes to the tableau only when a card could be built on it",
               "solve"),
    _reduction("talon_builder_chains", ks.OFF_TALON_BUILDER_CHAINS,
               "where talon plays wait for a builder, a talon card is one only with a builder of its own", "solve"),
    _reduction("no_ace_or_two_builders", ks.OFF_NO_ACE_OR_TWO_BUILDERS,
               "an Ace, or a 2 whose Ace is home, is never the builder a talon play or a return waits for", "solve"),
    _reduction("waiting_positions", ks.OFF_WAITING_POSITIONS,
               "after such a talon play or a pile emptied, only the moves serving it", "solve"),
    _reduction("return_above_lowest", ks.OFF_RETURN_ABOVE_LOWEST,
               "a foundation card comes back only when two ranks or more above the lowest foundation",
               "solve+optimal"),
    _reduction("return_when_useful", ks.OFF_RETURN_WHEN_USEFUL,
               "a foundation card comes back only when a card off the foundations could use it", "solve"),
    _reduction("blocked_cards", ks.OFF_BLOCKED_CARDS,
               "dead end: a blocked card whose parents are out of reach, or blocked twins needing one parent",
               "solve+optimal"),
    _reduction("never_moving_cards", ks.OFF_NEVER_MOVING_CARDS,
               "dead end: a card not home that can never move", "solve+optimal"),
    _reduction("waste_count_folding", ks.OFF_WASTE_COUNT_FOLDING,
               "unlimited passes: waste counts that reach the same talon cards share a key", "solve"),
    _reduction("dominance_marks", ks.OFF_DOMINANCE_MARKS,
               "draw k > 1, unlimited passes: the plain DFS marks dominated waste counts seen", "solve"),
    _reduction("class_folding", ks.OFF_CLASS_FOLDING,
               "the plain DFS skips a position whose class was proved lost (no class keys when off)", "solve"),
    _reduction("twin_folding", ks.OFF_TWIN_FOLDING,
               "a class holds the twin-swapped positions (when off, each position is its own class)", "solve"),
    _reduction("draw_one_relaxation", ks.OFF_DRAW_ONE_RELAXATION,
               "a loss under draw 1 / unlimited passes (same f2t) is a loss of the deal", "solve"),
    _reduction("bound_pile_blockers", ks.OFF_BOUND_PILE_BLOCKERS,
               "lower bound: a move for each face-down card on a lower card of its suit, one for the face-up ones",
               "optimal"),
    _reduction("bound_waste_blockers", ks.OFF_BOUND_WASTE_BLOCKERS,
               "lower bound, last pass: a move for each waste card on a lower card of its suit", "optimal"),
)


class KlondikeSearch(SearchTuning):
    # Deals 1-100 under four rule sets: discrepancy search found every win it
    # found within 215,000 nodes; the lost deals need millions of DFS nodes.
    lds_max_nodes = 100_000
    # Weighted A* (weight 2) finds draw 3 wins the DFS needs 4M-60M nodes for
    # (deals 185, 257, 298, 592, 748, 817, 848: 7.5k-590k nodes).
    weighted_share = 0.3
    weighted_max_nodes = 600_000
    # Every other rule set is relaxed to draw 1 with unlimited passes (same
    # f2t), which plays every game of the same f2t (relations.py), so its
    # loss is a loss here.  Draw 1 / unlimited has the strongest reductions
    # (its talon plays wait, and no pass count splits its positions), and
    # its proofs are often far smaller: draw 3 / unlimited / f2t deals 72
    # and 330 take 3.45M and 5.45M draw 3 nodes, and 80k and 149k draw 1
    # positions (36: 7.7M and 5k); draw 3 / three passes 330 and 620 over
    # 2M, and 148k and 710k.  Draw 1 with the deal's own pass limit
    # reaches more cards than draw 3 within those passes and proved less
    # (draw 3 / three passes 54, 330, 620 and 844 unknown at 2M nodes).
    relaxation = "draw 1 / unlimited passes"
    # Its allowance, 1.5 x the budget: deal 54's draw 1 proof takes 2.53M
    # positions.  Against 0.5, deals 1-1000 under draw 3 / unlimited / f2t
    # and draw 3 / three passes changed only deal 54, unknown to lost
    # (3.0M -> 2.56M and 1.30M nodes): every other relaxation ends sooner.
    relaxation_factor = 1.5
    # Under draw k > 1 it runs right after the discrepancy phase: most
    # deals that get that far and are lost under draw 1 are lost there in
    # far fewer positions than the draw 3 phases take, and the deals won
    # under draw 1 mostly show it within a few hundred.  Deals 1-1000 (two
    # at a time, so loaded): draw 3 / unlimited / f2t 168 -> 120 s, draw 3
    # / three passes 121 -> 116 s, the same verdicts.  Draw 1 / one pass
    # lost 12 s that way (141 -> 153 s: its losses are mostly wins with
    # unlimited passes), so under draw 1 it runs only on a deal left unknown.
    # It runs inside the discrepancy phase, once that has spent 20,000 of its
    # 100,000 nodes: a deal the relaxation proves lost no longer waits for
    # the whole phase, which never wins it.  Deals 1-1000 at 2M nodes, the
    # same verdicts: draw 3 / unlimited / f2t 36.10M -> 34.22M nodes, draw 3
    # / three passes 49.76M -> 47.44M.  (Started after the first quantum:
    # 2.1%, after 5,000 nodes 5.0%, after 20,000 5.6% fewer nodes.)
    relaxation_after_nodes = 20_000
    # Twin-swapped positions are won alike (``kernel.class_key``): the plain
    # DFS skips those whose class it proved lost.  The reductions
    # ``class_folding`` and ``twin_folding`` switch it off in the class key.
    class_folding = True

    def relaxation_early_for(self, rules: dict[str, Any]) -> bool:
        return rules["draw"] > 1

    def relaxed_rules(self, rules_arr: np.ndarray) -> np.ndarray | None:
        """Draw 1 with unlimited passes (``relaxation``), same f2t and the
        same switches; None for draw 1 / unlimited itself, or with
        ``draw_one_relaxation`` switched off."""
        if rules_arr[kernel.R_DRAW] == 1 and rules_arr[kernel.R_PASSES] == 0:
            return None
        if rules_arr[kernel.R_OFF] & ks.OFF_DRAW_ONE_RELAXATION:
            return None
        relaxed = rules_arr.copy()
        relaxed[kernel.R_DRAW], relaxed[kernel.R_PASSES] = 1, 0
        return relaxed


class Klondike(GameSpec):
    name = "klondike"
    title = "Klondike"
    options = rules.OPTIONS
    kernel = kernel
    max_moves = 512 + kernel.SCRATCH  # 512 moves, then gen_moves' scratch tables
    max_depth = 2000
    search = KlondikeSearch()
    reductions = REDUCTIONS
    rulebook = rules
    layouts = layout
    state_type = KlondikeState
    bridge = bridge
    picture = picture
    lead_in_moves = (notation.DRAW, notation.REDEAL)
    sample_rules = ({"draw": 2, "passes": 2}, {"draw": 4, "foundation_to_tableau": True},
                    {"draw": 1, "passes": 3}, {"draw": 3, "passes": 1})

    def simulates(self, stronger: dict[str, Any], weaker: dict[str, Any]) -> bool:
        return relations.simulates(stronger, weaker)

    def as_played_under(self, lay: Layout, weaker: dict[str, Any], stronger: dict[str, Any],
                        moves: list[str]) -> list[str]:
        return list(moves) if weaker["draw"] == stronger["draw"] else relations.as_draw_one(lay, weaker, moves)

    def symmetric_positions(self, state: KlondikeState) -> list[KlondikeState]:
        """The piles in another order: each swap of two neighbouring piles."""
        return neighbour_swaps(state, "piles", "down")

    def symmetry_class(self, state: KlondikeState, rule_dict: dict[str, Any]) -> Hashable:
        """Piles sorted; the passes used count only while passes are limited."""
        passes = None if rule_dict["passes"] == UNLIMITED else state.passes_used
        return (tuple(sorted((tuple(p), d) for p, d in zip(state.piles, state.down))), tuple(state.foundation),
                tuple(state.waste), tuple(state.stock), passes)


SPEC = Klondike()
