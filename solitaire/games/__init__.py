"""The games: one package each, all of the same shape, found through the registry."""
from __future__ import annotations

from solitaire.games.registry import GAMES, UnknownGame, game_names, get_game

__all__ = ["GAMES", "UnknownGame", "game_names", "get_game"]
