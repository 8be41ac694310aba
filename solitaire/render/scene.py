"""The scene of a reference state, drawn by its game (``GameSpec.scene``)."""
from __future__ import annotations

from solitaire.games import get_game
from solitaire.scene import Scene


class UnknownPicture(ValueError):
    """A state that no game's picture draws."""


def game_of(state) -> str:
    """The game a reference state belongs to."""
    name = getattr(state, "game", None)
    if not isinstance(name, str) or not name:
        raise UnknownPicture(f"no picture is known for {type(state).__name__}")
    return get_game(name).name


def scene_of(state, game: str | None = None, previous: Scene | None = None, open_fans: bool = False) -> Scene:
    """The scene of a reference state (``game`` from the state when not given).

    ``previous`` is the scene of the position before (or None), when drawing
    a line of play: a layout may keep the order of cards it cannot read from
    the state (Pyramid's removed cards).  ``open_fans`` (for pictures that
    reveal face-down cards) fans face-down cards like face-up ones."""
    spec = get_game(game) if game is not None else get_game(game_of(state))
    return spec.scene(state, previous, open_fans)
