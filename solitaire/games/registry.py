"""The games the tool knows, and the kernels behind the search contract.

``GAMES`` is the one list: a game is a package ``solitaire.games.<module>``
whose ``SPEC`` is its ``GameSpec``; adding a game adds one line here.  The
engines of ``solitaire.search`` call the stubs of ``search.contract`` with a
game handle; the overloads below give numba, for each game's handle type,
that game's kernel (``SPEC.kernel``), or the contract's default where the
game has none of an optional function.
"""
from __future__ import annotations

import importlib

import numpy as np
from numba.core.errors import TypingError
from numba.extending import overload

from solitaire.games.base import GameSpec
from solitaire.search import contract

GAMES = (
    "klondike",
    "pyramid",
    "yukon",
    "bakers_dozen",
)


class UnknownGame(ValueError):
    """A game name the registry does not know."""


_SPECS: dict[str, GameSpec] = {}  # name and aliases -> spec
_ORDER: list[str] = []


def _load() -> None:
    if _ORDER:
        return
    for module in GAMES:
        spec = importlib.import_module(f"solitaire.games.{module}").SPEC
        spec.handle = contract.Game(spec.name)
        for key in (spec.name, *spec.aliases):
            _SPECS[key] = spec
        _ORDER.append(spec.name)


def get_game(name: str) -> GameSpec:
    """The spec of a game by name or alias (case-insensitive)."""
    _load()
    key = str(name).strip().lower()
    if key not in _SPECS:
        raise UnknownGame(f"unknown game '{name}' (games: {', '.join(_ORDER)})")
    return _SPECS[key]


def game_names() -> list[str]:
    """Registered game names, in registry order."""
    _load()
    return list(_ORDER)


def _kernel(game):
    """The kernel package for a handle's numba type (typing time only)."""
    if not isinstance(game, contract.GameType):
        raise TypingError(f"the engines take a game handle (solitaire.search.contract.Game), not {game}")
    return get_game(game.game_name).kernel


@overload(contract.gen_moves)
def _gen_moves(game, state, rules, out, mode):
    k = _kernel(game).gen_moves
    return lambda game, state, rules, out, mode: k(state, rules, out, mode)


@overload(contract.apply_move)
def _apply_move(game, state, rules, move, child):
    k = _kernel(game).apply_move
    return lambda game, state, rules, move, child: k(state, rules, move, child)


@overload(contract.move_cost)
def _move_cost(game, state, rules, move):
    k = _kernel(game).move_cost
    return lambda game, state, rules, move: k(state, rules, move)


@overload(contract.is_won)
def _is_won(game, state, rules):
    k = _kernel(game).is_won
    return lambda game, state, rules: k(state, rules)


@overload(contract.state_key)
def _state_key(game, state, rules, mode):
    k = _kernel(game).state_key
    return lambda game, state, rules, mode: k(state, rules, mode)


@overload(contract.lower_bound)
def _lower_bound(game, state, rules):
    k = _kernel(game).lower_bound
    return lambda game, state, rules: k(state, rules)


@overload(contract.lower_bound_at_least)
def _lower_bound_at_least(game, state, rules, target, known):
    k = getattr(_kernel(game), "lower_bound_at_least", None)
    if k is None:
        return lambda game, state, rules, target, known: known
    return lambda game, state, rules, target, known: k(state, rules, target, known)


@overload(contract.mark_dominated)
def _mark_dominated(game, state, rules, mode, keys, vals, stamps, stamp, val):
    k = getattr(_kernel(game), "mark_dominated", None)
    if k is None:
        return lambda game, state, rules, mode, keys, vals, stamps, stamp, val: None
    return lambda game, state, rules, mode, keys, vals, stamps, stamp, val: k(state, rules, mode, keys, vals,
                                                                                stamps, stamp, val)


@overload(contract.class_key)
def _class_key(game, state, rules, mode):
    k = getattr(_kernel(game), "class_key", None)
    if k is None:
        return lambda game, state, rules, mode: np.uint64(0)
    return lambda game, state, rules, mode: k(state, rules, mode)
