"""Registry of games: name (or alias) -> GameSpec instance."""
from __future__ import annotations

from solitaire.games.base import GameSpec, IllegalMove, ReferenceState  # noqa: F401


class UnknownGame(ValueError):
    pass


_REGISTRY: dict[str, GameSpec] = {}
_ORDER: list[str] = []


def register(spec: GameSpec) -> GameSpec:
    for key in (spec.name, *spec.aliases):
        _REGISTRY[key] = spec
    _ORDER.append(spec.name)
    return spec


def _load() -> None:
    if _ORDER:
        return
    import importlib

    for module in ("klondike", "pyramid", "yukon", "bakers_dozen"):
        try:
            mod = importlib.import_module(f"solitaire.games.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"solitaire.games.{module}":
                raise
            continue
        if getattr(mod, "SPEC", None) is not None:
            register(mod.SPEC)


def get_game(name: str) -> GameSpec:
    _load()
    key = str(name).strip().lower()
    if key not in _REGISTRY:
        raise UnknownGame(f"unknown game '{name}' (games: {', '.join(game_names())})")
    return _REGISTRY[key]


def game_names() -> list[str]:
    _load()
    return list(_ORDER)
