"""Replaying moves on the reference engine: the proof behind every "solved"."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from solitaire.deals import Layout
from solitaire.games.base import GameSpec, IllegalMove, ReferenceState


class ReplayError(ValueError):
    """A move list that is not legal for its deal; says which move and why."""


def replay_from(start: ReferenceState, moves: Iterable[str],
                on_position: Callable[[int, str, ReferenceState], None] | None = None) -> ReferenceState:
    """Play ``moves`` from a copy of ``start``; return the final position.

    ``on_position(index, move, state)`` is called after each move (index from 1).
    """
    state = start.copy()
    for i, move in enumerate(moves, start=1):
        if state.is_won():
            raise ReplayError(f"move {i} '{move}': the game is already won")
        try:
            state.play(move)
        except IllegalMove as exc:
            raise ReplayError(f"move {i} '{move}' is illegal: {exc}") from None
        except ValueError as exc:  # notation errors
            raise ReplayError(f"move {i} '{move}': {exc}") from None
        if on_position is not None:
            on_position(i, move, state)
    return state


def replay(spec: GameSpec, layout: Layout, rules: dict[str, Any], moves: Iterable[str],
           on_position: Callable[[int, str, ReferenceState], None] | None = None) -> ReferenceState:
    """Play ``moves`` from the deal; return the final position."""
    return replay_from(spec.new_reference(layout, rules), moves, on_position)


def verify_win_from(start: ReferenceState, moves: list[str]) -> None:
    """Raise ReplayError unless ``moves`` is legal from ``start`` and ends at
    the first won position."""
    final = replay_from(start, moves)
    if not final.is_won():
        raise ReplayError(f"the {len(moves)} moves are legal but do not win the game")


def verify_win(spec: GameSpec, layout: Layout, rules: dict[str, Any], moves: list[str]) -> None:
    """``verify_win_from`` the deal."""
    verify_win_from(spec.new_reference(layout, rules), moves)
