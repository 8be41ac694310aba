"""The fixed contract every game fills in (OpenSpiel-style).

A game is a ``GameSpec`` subclass registered in ``solitaire.games``.  It has two
engines that tests cross-check:

* a readable **reference engine**: ``new_reference(layout, rules)`` returns a
  ``ReferenceState`` whose ``legal_moves()`` are notation strings and whose
  ``play(move)`` applies one move or raises ``IllegalMove`` saying why;
* a **fast engine**: numba kernels on a flat ``uint8`` state (see
  ``solitaire.search.kernels`` for the kernel contract), reached through
  ``encode`` (reference state -> arrays) and ``describe_move`` (fast move ->
  the notation moves it stands for).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from solitaire.deals import Layout
from solitaire.rules import RuleError


class IllegalMove(ValueError):
    """A move that is not legal in the current position; the text says why."""


class ReferenceState:
    """A position of the reference engine.  Subclasses implement the rules."""

    def legal_moves(self) -> list[str]:
        raise NotImplementedError

    def play(self, move: str) -> None:
        """Apply one move (any accepted spelling); raise IllegalMove if illegal."""
        raise NotImplementedError

    def is_won(self) -> bool:
        raise NotImplementedError

    def copy(self) -> "ReferenceState":
        raise NotImplementedError

    def render(self) -> str:
        """A readable picture of the position, for ``solitaire show``."""
        raise NotImplementedError

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a position drawn as cards (``solitaire.render.position_svg``);
        None (text only) for a state no game's picture knows."""
        from solitaire.render import UnknownPicture, position_svg

        try:
            return position_svg(self)
        except UnknownPicture:
            return None


class GameSpec:
    """Everything the rest of the tool needs to know about one game."""

    name: str = ""
    aliases: tuple[str, ...] = ()
    game_id: int = -1  # index used by the kernel dispatcher
    options: tuple = ()  # RuleOption, in RULES.md order
    presets: dict[str, dict[str, Any]] = {}
    max_moves: int = 64  # most fast moves any position can have
    max_depth: int = 1000  # deepest search path (longer paths give "unknown")
    # Share of a deal's node budget first spent on limited discrepancy search
    # (see solitaire.search.solve._decide); 0 for games where most deals are lost.
    lds_share: float = 0.25
    # At most this many nodes for it, whatever the budget (None: no cap).  Where
    # it finds wins it finds them early; a large budget is for the DFS proofs.
    lds_max_nodes: int | None = None
    # Then a share of the budget (at most ``weighted_max_nodes``) for weighted
    # A* (solitaire.search.astar, order g + weight * lower bound, first win
    # ends it): it finds wins the depth-first order reaches late.  0: none.
    weighted_share: float = 0.0
    weighted_max_nodes: int | None = None
    weighted_weight: int = 2
    # A relaxed game whose loss proves the deal lost, tried once per deal:
    # when the phases above leave it unknown by the node budget or the depth
    # limit, or right after the discrepancy phase (``relaxation_early_for``;
    # see also ``relaxed_rules`` and ``prove_lost``); "" for none.  It may
    # visit at most ``relaxation_factor`` x the node budget relaxed
    # positions, extra to the budget (0: not tried).
    relaxation: str = ""
    relaxation_factor: float = 1.0
    # Where it runs early: once the discrepancy phase has spent this many
    # nodes (at the end of that round of it), or after the phase (None).
    relaxation_after_nodes: int | None = None
    # The plain DFS records classes of positions won alike that it proved
    # lost, and skips their other members (the kernel's ``class_key``;
    # ``solitaire.search.engine``).  Off: the table knows positions only.
    class_folding: bool = False
    # How --optimal proves a shortest win: "astar" (solitaire.search.astar: each
    # position once, in the table's memory) or "ida" (IDA*, memory-light).
    # A* proved more deals at the same node budget in every game measured.
    optimal_search: str = "astar"
    # A* with partial expansion (solitaire.search.astar.run): stores a third to
    # a tenth of the positions for up to twice the expansions.  Worth it
    # where plain A* stores several positions per expansion and fills its
    # arena before the node budget (Baker's Dozen, about 3.5); Klondike
    # (1.3) and Yukon (about 2) lose more time than they gain memory.
    astar_partial: bool = False

    def relaxed_rules(self, rules_arr: np.ndarray) -> np.ndarray | None:
        """Rules of this game that play every game of ``rules_arr``, when
        ``relaxation`` is such a rule set: the search then runs them on its
        own engine, table and clock.  None: ``prove_lost`` is the relaxation."""
        return None

    def prove_lost(self, root: np.ndarray, rules_arr: np.ndarray, max_positions: int) -> tuple[bool, int, str]:
        """(True, positions, name) only if a relaxed game proves ``root`` lost
        (a relaxation: every real line is a relaxed line, so a relaxed loss
        is a real loss); (False, positions, "") when it is won or ran out of
        ``max_positions``.  ``name`` names the proof ("": ``relaxation``)."""
        return False, 0, ""

    def relaxation_early_for(self, rules: dict[str, Any]) -> bool:
        """Try the relaxation right after the discrepancy phase under these
        (complete) rules, where it is cheap beside the phases after it?
        Else (the default) only when all of them leave the deal unknown."""
        return False

    # --- rules -----------------------------------------------------------------
    def lds_share_for(self, rules: dict[str, Any]) -> float:
        """The discrepancy share under these (complete) rules: ``lds_share``
        unless a game measured a better one for some rule setting."""
        return self.lds_share

    def weighted_rules(self, rules_arr: np.ndarray) -> np.ndarray:
        """The rules array weighted A* runs on: ``rules_arr`` unless the game
        guides it by a bound other than the one ``--optimal`` proves with
        (the moves must be the same)."""
        return rules_arr

    def swap_components_rules(self, rules_arr: np.ndarray) -> np.ndarray:
        """The rules array with Yukon's swap components (``--swap-components``,
        a search option, not a rule of the game); other games have none."""
        raise RuleError(f"--swap-components is a Yukon search option ({self.name} has no swap classes)")

    def weighted_share_for(self, rules: dict[str, Any]) -> float:
        """The weighted A* share under these (complete) rules: ``weighted_share``
        unless a game measured a better one for some rule setting."""
        return self.weighted_share

    def complete_rules(self, given: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults, check combinations; return every option explicitly."""
        raise NotImplementedError

    def simulates(self, stronger: dict[str, Any], weaker: dict[str, Any]) -> bool:
        """Can every line of play under ``weaker`` be played, position for
        position, under ``stronger`` (complete rules)?  Then a win under weaker
        is a win under stronger and a loss under stronger a loss under weaker
        (``solitaire.study.combine``).  Only identical rules, unless a game proves more."""
        return stronger == weaker

    def as_played_under(self, layout: Layout, weaker: dict[str, Any], stronger: dict[str, Any],
                        moves: list[str]) -> list[str]:
        """A ``weaker`` move list written as ``stronger`` plays it (where ``simulates``)."""
        return list(moves)

    # --- deals -----------------------------------------------------------------
    def layout_from_deck(self, deck: list[int]) -> Layout:
        """Lay out a 52-card deck (dealing order) as PySolFC deals this game."""
        raise NotImplementedError

    def validate_layout(self, layout: Layout) -> None:
        """Raise DealError naming the problem (pile sizes etc.)."""
        raise NotImplementedError

    def render_layout(self, layout: Layout) -> str:
        return self.new_reference(layout, self.complete_rules({})).render()

    # --- engines ---------------------------------------------------------------
    def new_reference(self, layout: Layout, rules: dict[str, Any]) -> ReferenceState:
        raise NotImplementedError

    def rules_array(self, rules: dict[str, Any]) -> np.ndarray:
        """The rule dict as the int64 array the kernels read."""
        raise NotImplementedError

    def encode(self, state: ReferenceState, rules: dict[str, Any]) -> np.ndarray:
        """The fast engine's uint8 state for a reference position."""
        raise NotImplementedError

    def describe_move(self, state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
        """The notation moves (one or more, e.g. draws then a play) of a fast move."""
        raise NotImplementedError

    def describe_line(self, states: np.ndarray, rules_arr: np.ndarray, moves: list[int]) -> list[str]:
        """The notation moves of a line of play: ``moves[d]`` played in ``states[d]``."""
        return [text for state, move in zip(states, moves) for text in self.describe_move(state, rules_arr, move)]
