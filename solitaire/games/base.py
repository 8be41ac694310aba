"""The fixed contract every game fills in (OpenSpiel-style), and its search tuning.

A game is a package ``solitaire.games.<module>`` listed in the registry, whose
``SPEC`` is a ``GameSpec``.  It has two engines that tests cross-check:

* a readable **reference engine**: ``new_reference(layout, rules)`` returns a
  ``ReferenceState`` whose ``legal_moves()`` are notation strings and whose
  ``play(move)`` applies one move or raises ``IllegalMove`` saying why;
* a **fast engine**: numba kernels on a flat ``uint8`` state (``kernel``, the
  package ``solitaire.search.contract`` describes), reached through
  ``encode`` (reference state -> array) and ``describe_move`` (fast move ->
  the notation moves it stands for).

How the deal-level solve spends a budget on the game (phase shares, the
relaxation that proves losses, ...) is a separate object, ``SearchTuning``:
the contract says what the game is, the tuning how it is best searched.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Hashable

import numpy as np

from solitaire.deals import Layout
from solitaire.rules import RuleError
from solitaire.scene import Scene


class IllegalMove(ValueError):
    """A move that is not legal in the current position; the text says why."""


class ReferenceState:
    """A position of the reference engine.  Subclasses implement the rules."""

    game: str = ""  # the registered name of its game

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


class SearchTuning:
    """How ``solitaire.solver`` spends a deal's node budget on one game.

    Three phases share the budget: limited discrepancy search, weighted A*
    and a plain DFS (``solitaire.solver._decide``); a relaxed game may prove a
    deal lost that they leave unknown.  A game subclasses this to set its
    measured shares and, where a rule setting needs another, the ``*_for``
    methods."""

    # Share of the node budget first spent on limited discrepancy search, at
    # most ``lds_max_nodes`` (None: no cap).
    lds_share: float = 0.25
    lds_max_nodes: int | None = None
    # Then weighted A* (order g + weight * lower bound, the first win ends
    # it), at most ``weighted_max_nodes``: it finds wins the depth-first
    # order reaches late.  0: none.
    weighted_share: float = 0.0
    weighted_max_nodes: int | None = None
    weighted_weight: int = 2
    # A relaxed game whose loss proves the deal lost, tried once per deal
    # when the phases leave it unknown by the node budget or the depth limit
    # (or earlier: ``relaxation_early_for``); "" for none.  It may visit at
    # most ``relaxation_factor`` x the node budget relaxed positions, extra
    # to the budget.  ``relaxation_after_nodes``: where it runs early, once
    # the discrepancy phase has spent this many nodes (None: after it).
    relaxation: str = ""
    relaxation_factor: float = 1.0
    relaxation_after_nodes: int | None = None
    # The plain DFS records classes of positions won alike that it proved
    # lost and skips their other members (the kernel's ``class_key``).
    class_folding: bool = False
    # How --optimal proves a shortest win: "astar" (each position once, in
    # the table's memory) or "ida" (IDA*, memory-light).
    optimal_search: str = "astar"
    # A* with partial expansion: stores fewer positions for more expansions.
    astar_partial: bool = False

    def lds_share_for(self, rules: dict[str, Any]) -> float:
        """The discrepancy share under these (complete) rules."""
        return self.lds_share

    def weighted_share_for(self, rules: dict[str, Any]) -> float:
        """The weighted A* share under these (complete) rules."""
        return self.weighted_share

    def weighted_rules(self, rules_arr: np.ndarray) -> np.ndarray:
        """The rules array weighted A* runs on: ``rules_arr`` unless the game
        guides it by another bound (the moves must be the same)."""
        return rules_arr

    def relaxation_early_for(self, rules: dict[str, Any]) -> bool:
        """Try the relaxation right after the discrepancy phase under these
        rules?  Else (the default) only when every phase leaves the deal unknown."""
        return False

    def relaxed_rules(self, rules_arr: np.ndarray) -> np.ndarray | None:
        """Rules of this game that play every game of ``rules_arr``, when the
        relaxation is such a rule set: the DFS then runs them.  None:
        ``prove_lost`` is the relaxation."""
        return None

    def prove_lost(self, root: np.ndarray, rules_arr: np.ndarray, max_positions: int) -> tuple[bool, int, str]:
        """(True, positions, name) only if a relaxed game proves ``root`` lost
        (every real line is a relaxed line, so a relaxed loss is a real
        loss); (False, positions, "") when it is won or ran out of
        ``max_positions``.  ``name`` names the proof ("": ``relaxation``)."""
        return False, 0, ""


@dataclass(frozen=True)
class Reduction:
    """A named reduction of a game's search (a move it drops, a forced move,
    a dead-end rule, a key folding, a bound refinement, a relaxation), which
    ``GameSpec.rules_array(rules, off=(name,))`` switches off: for checking
    it against the search without it (``tests/``), never for users' verdicts."""

    name: str  # snake_case
    bit: int  # its mask in the game's switch word (``GameSpec.switch_mask``)
    summary: str  # what it does, in one line
    questions: str  # which searches use it: "solve", "optimal" or "solve+optimal"


@dataclass(frozen=True)
class SearchOption:
    """A search option a game declares (not a rule: the game played is the
    same), e.g. Yukon's ``swap_components``: a flag that changes the rules
    array the proving phases search with."""

    name: str  # snake_case; the CLI flag is --name-with-dashes
    help: str
    apply: Callable[[np.ndarray], np.ndarray]  # the rules array with the option on

    @property
    def cli_flag(self) -> str:
        return "--" + self.name.replace("_", "-")


def neighbour_swaps(state: ReferenceState, *fields: str) -> list[ReferenceState]:
    """``state`` with two neighbouring piles exchanged, once per pair: the
    lists named ``fields`` (the piles and what goes with them) swapped alike."""
    out = []
    for p in range(len(getattr(state, fields[0])) - 1):
        other = state.copy()
        for field in fields:
            values = getattr(other, field)
            values[p:p + 2] = values[p:p + 2][::-1]
        out.append(other)
    return out


class GameSpec:
    """Everything the rest of the tool needs to know about one game.

    A game declares its modules (``rulebook``, ``layouts``, ``state_type``,
    ``bridge``, ``picture``, ``kernel``) and its search tuning; the methods
    here delegate to them, so a game's spec overrides only what is its own
    (``simulates``, a state built otherwise, ...)."""

    name: str = ""  # as on the command line
    title: str = ""  # as in prose ("Baker's Dozen")
    aliases: tuple[str, ...] = ()
    options: tuple = ()  # RuleOption, in rule book order
    presets: dict[str, dict[str, Any]] = {}
    rulebook: ModuleType  # complete_rules(given)
    layouts: ModuleType  # layout_from_deck(deck), validate_layout(layout)
    state_type: type  # the reference engine: state_type(layout, rules)
    bridge: ModuleType  # rules_array(rules, off_mask), encode(state, rules), describe_move[, describe_line]
    picture: ModuleType  # scene(state, previous, open_fans)
    kernel: ModuleType  # the kernel contract's functions (solitaire.search.contract)
    handle: Any = None  # the engines' handle (search.contract.Game), set by the registry
    max_moves: int = 64  # most fast moves any position can have
    max_depth: int = 1000  # deepest search path (longer paths give "unknown")
    search: SearchTuning = SearchTuning()
    search_options: tuple[SearchOption, ...] = ()
    reductions: tuple[Reduction, ...] = ()  # every reduction a switch can turn off
    # Rule settings, besides the defaults, the presets and the committed
    # studies' settings, that the conformance suite plays (option values
    # the rule book allows that nothing else names, e.g. Klondike's draw 2).
    sample_rules: tuple[dict[str, Any], ...] = ()
    # Notation moves the fast engine plays only as the first steps of a
    # longer move, never alone (Klondike's stock turns: a fast move turns
    # the stock to the card it plays).  The conformance suite checks that
    # the fast moves are the moves such steps lead to, after the fewest.
    lead_in_moves: tuple[str, ...] = ()

    # --- rules -----------------------------------------------------------------
    def complete_rules(self, given: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults, check combinations; return every option explicitly."""
        return self.rulebook.complete_rules(given)

    def simulates(self, stronger: dict[str, Any], weaker: dict[str, Any]) -> bool:
        """Can every line of play under ``weaker`` be played, position for
        position, under ``stronger`` (complete rules)?  Then a win under weaker
        is a win under stronger and a loss under stronger a loss under weaker
        (``solitaire.studies.combine``).  Only identical rules, unless a game proves more."""
        return stronger == weaker

    def as_played_under(self, layout: Layout, weaker: dict[str, Any], stronger: dict[str, Any],
                        moves: list[str]) -> list[str]:
        """A ``weaker`` move list written as ``stronger`` plays it (where ``simulates``)."""
        return list(moves)

    def search_option(self, name: str) -> SearchOption:
        """The game's search option ``name``; a RuleError names the game's options."""
        for option in self.search_options:
            if option.name == name.replace("-", "_"):
                return option
        have = ", ".join(o.name for o in self.search_options) or "none"
        raise RuleError(f"{self.name} has no search option '{name}' (search options: {have})")

    # --- symmetry ----------------------------------------------------------------
    def symmetric_positions(self, state: ReferenceState) -> list[ReferenceState]:
        """Positions the game declares the same as ``state`` up to a symmetry
        its keys fold in every mode (e.g. the same piles in another order):
        ``state`` under each generator of the symmetry (each swap of two
        neighbouring piles), for the conformance suite.  Default: none."""
        return []

    def symmetry_class(self, state: ReferenceState, rules: dict[str, Any]) -> Hashable:
        """What ``state`` shares with exactly the positions its MODE_ALL key
        may not tell apart from it: the position with the symmetry of
        ``symmetric_positions`` taken out (piles sorted) and what the rules
        make irrelevant left out.  Default: the encoded position."""
        return self.encode(state, rules).tobytes()

    # --- deals -----------------------------------------------------------------
    def layout_from_deck(self, deck: list[int]) -> Layout:
        """Lay out a 52-card deck (dealing order) as PySolFC deals this game."""
        return self.layouts.layout_from_deck(deck)

    def validate_layout(self, layout: Layout) -> None:
        """Raise DealError naming the problem (pile sizes etc.)."""
        self.layouts.validate_layout(layout)

    def render_layout(self, layout: Layout) -> str:
        return self.new_reference(layout, self.complete_rules({})).render()

    def scene(self, state: ReferenceState, previous: Scene | None = None, open_fans: bool = False) -> Scene:
        """Where the cards of ``state`` lie in a picture (``solitaire.scene``)."""
        return self.picture.scene(state, previous, open_fans)

    # --- engines ---------------------------------------------------------------
    def new_reference(self, layout: Layout, rules: dict[str, Any]) -> ReferenceState:
        return self.state_type(layout, rules)

    def switch_mask(self, off: tuple[str, ...] | str = ()) -> int:
        """The switch word's bits of the reductions named in ``off`` (a
        RuleError names an unknown one and lists the game's reductions)."""
        masks = {r.name: r.bit for r in self.reductions}
        names = (off,) if isinstance(off, str) else tuple(off)
        unknown = [name for name in names if name not in masks]
        if unknown:
            raise RuleError(f"{self.name} has no reduction {', '.join(map(repr, unknown))} "
                            f"(reductions: {', '.join(masks) or 'none'})")
        word = 0
        for name in names:
            word |= masks[name]
        return word

    def rules_array(self, rules: dict[str, Any], off: tuple[str, ...] = ()) -> np.ndarray:
        """The rule dict as the int64 array the kernels read; ``off`` names
        reductions (``reductions``) to switch off (an unknown name is a RuleError)."""
        return self.bridge.rules_array(rules, self.switch_mask(off))

    def encode(self, state: ReferenceState, rules: dict[str, Any]) -> np.ndarray:
        """The fast engine's uint8 state for a reference position."""
        return self.bridge.encode(state, rules)

    def describe_move(self, state: np.ndarray, rules_arr: np.ndarray, move: int) -> list[str]:
        """The notation moves (one or more, e.g. draws then a play) of a fast move."""
        return self.bridge.describe_move(state, rules_arr, int(move))

    def describe_line(self, states: np.ndarray, rules_arr: np.ndarray, moves: list[int]) -> list[str]:
        """The notation moves of a line of play: ``moves[d]`` played in ``states[d]``."""
        if hasattr(self.bridge, "describe_line"):
            return self.bridge.describe_line(states, rules_arr, moves)
        return [text for state, move in zip(states, moves) for text in self.describe_move(state, rules_arr, move)]
