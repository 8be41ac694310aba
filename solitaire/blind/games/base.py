"""The shape of a game's blind-play knowledge (one subclass per game)."""
from __future__ import annotations

from typing import Any, Sequence

from solitaire import cards
from solitaire.blind.observation import Observation
from solitaire.games.base import ReferenceState


def locate(card: int, stacks: Sequence[Sequence[int]], missing: str = "") -> tuple[int, int] | None:
    """(stack, index) of ``card`` among an observation's piles or columns.
    In none of them: ValueError saying ``missing`` if given, else None."""
    for n, stack in enumerate(stacks):
        if card in stack:
            return n, list(stack).index(card)
    if missing:
        raise ValueError(f"{cards.name(card)} {missing}")
    return None


class GameBlind:
    """What blind play needs to know about one game.

    ``visible`` and ``observe`` read the true position (only the driver
    calls them); everything else reads an observation only."""

    game: str = ""
    # what this game hides under each value of ``hidden`` (docs/blind.md)
    hides: dict[str, str] = {}

    def visible(self, state: ReferenceState, hidden: str) -> set[int]:
        """The cards a player sees in ``state`` now (face up, or known by the rules of ``hidden``)."""
        raise NotImplementedError

    def observe(self, state: ReferenceState, seen: frozenset[int], hidden: str,
                rules: dict[str, Any]) -> Observation:
        """The observation of ``state`` by a player who has seen ``seen``."""
        raise NotImplementedError

    def complete(self, observation: Observation, fill: Sequence[int]) -> ReferenceState:
        """The world with ``fill[i]`` in the i-th unseen place (``observation.complete``)."""
        return observation.complete(fill)

    def undoable(self, before: ReferenceState, move: str, after: ReferenceState, seen: frozenset[int],
                 hidden: str, rules: dict[str, Any], stock_free: bool = False) -> bool:
        """Can ``move`` (which revealed nothing) be undone: does a move of the
        same card from ``after`` give back what the player saw ``before``?
        Stock moves cannot, but where the stock cycles (``stock_cycles``),
        or with ``stock_free`` (they count as undoable)."""
        from solitaire.notation import DRAW, REDEAL, Move

        m = Move.parse(move)
        if m.kind in (DRAW, REDEAL):
            return stock_free or self.stock_cycles(rules)
        target = self.observe(before, seen, hidden, rules)
        for text in after.legal_moves():
            back = Move.parse(text)
            if back.kind not in (DRAW, REDEAL) and back.card == m.card:
                state = after.copy()
                state.play(text)
                if self.observe(state, seen, hidden, rules) == target:
                    return True
        return False

    def stock_cycles(self, rules: dict[str, Any]) -> bool:
        """Does turning the stock lead back to where it was (draw 1, unlimited passes)?"""
        return False

    def safe_moves(self, observation: Observation, legal: Sequence[str]) -> list[str]:
        """Moves of ``legal`` that never lose a win in any world (the thoughtful
        solver's proved safe moves): a blind player plays them without searching."""
        return []

    def priority(self, observation: Observation, move: str) -> tuple | None:
        """The greedy player's priority of a legal ``move`` (smaller first), or
        None for a move it never plays (docs/blind.md lists each game's)."""
        raise NotImplementedError

    def greedy(self, observation: Observation, legal: Sequence[str]) -> str | None:
        """The greedy player's move: the legal move of smallest ``priority``
        (the first listed among equals), or None when it sees nothing worth
        playing (it resigns)."""
        best, best_key = None, None
        for move in legal:
            key = self.priority(observation, move)
            if key is not None and (best_key is None or key < best_key):
                best, best_key = move, key
        return best
