"""Per-game knowledge of blind play, keyed by game name: what a player sees,
how to complete an observation into a world, which moves are safe, and the
greedy player's priorities.  Every game module has the same shape: an
``Observation`` subclass and a ``GameBlind`` subclass named ``BLIND``."""
from __future__ import annotations

from solitaire.blind.games.base import GameBlind

_MODULES = {"klondike": "klondike", "pyramid": "pyramid", "yukon": "yukon", "bakers-dozen": "bakers_dozen"}
_KITS: dict[str, GameBlind] = {}


def kit(game: str) -> GameBlind:
    """The blind-play knowledge of ``game`` (its registered name)."""
    if game not in _KITS:
        import importlib

        from solitaire.games import get_game

        name = get_game(game).name
        _KITS[game] = importlib.import_module(f"solitaire.blind.games.{_MODULES[name]}").BLIND
    return _KITS[game]


__all__ = ["GameBlind", "kit"]
