"""What the conformance suite (``test_conformance.py``) needs of any game,
through the game contract only: its rule settings, fast moves and children
through ``solitaire.search.calls``, random lines of play, and small solves.
"""
from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import numpy as np

import solitaire as sol
from solitaire.games import game_names, get_game
from solitaire.games.base import GameSpec, ReferenceState
from solitaire.jit.modes import MODE_ALL, MODE_OPTIMAL, MODE_SOLVE
from solitaire.rules import RuleError, parse_rules
from solitaire.search import calls
from solitaire.studies.experiment import load_study

MODES = (MODE_ALL, MODE_SOLVE, MODE_OPTIMAL)
EXPERIMENTS = Path(__file__).resolve().parents[1] / "experiments"
GAMES = game_names()

# Small budgets for the replay of wins: a few deals per setting, every setting
# of the game's committed studies, plain and --optimal.  The same budget for
# both: --optimal starts with the very search the plain solve runs, then
# looks for shorter wins with what the search left of the budget.
DEALS = (1, 2, 3)
MAX_NODES, TT_MB = 50_000, 16


def rules_key(rules: dict[str, Any]) -> str:
    return json.dumps(rules, sort_keys=True)


@functools.lru_cache(maxsize=None)
def _study_settings(game: str) -> tuple[str, ...]:
    spec, found = get_game(game), {}
    for path in sorted(EXPERIMENTS.glob("*.toml")):
        study = load_study(path)
        if get_game(study.game).name == spec.name:
            for setting in study.settings:
                found.setdefault(rules_key(setting.config.rules), None)
    return tuple(found) or (rules_key(parse_rules(spec, {})),)


def study_settings(game: str) -> list[dict[str, Any]]:
    """The complete rules of every setting of the game's committed studies
    (``experiments/*.toml``); the defaults if it has none."""
    return [json.loads(key) for key in _study_settings(game)]


@functools.lru_cache(maxsize=None)
def _play_settings(game: str) -> tuple[str, ...]:
    spec = get_game(game)
    given = [{}, *({"preset": name} for name in spec.presets), *spec.sample_rules, *study_settings(game)]
    found = {}
    for rules in (parse_rules(spec, g) for g in given):
        for option in (None, *(o for o in spec.options if o.is_flag)):
            variant = dict(rules) if option is None else {**rules, option.name: not rules[option.name]}
            try:
                found.setdefault(rules_key(spec.complete_rules(variant)), None)
            except RuleError:
                continue
    return tuple(found)


def play_settings(game: str) -> list[dict[str, Any]]:
    """Rule settings for random play: the defaults, the presets, the game's
    ``sample_rules`` and its studies' settings, each with every on/off
    option flipped in turn."""
    return [json.loads(key) for key in _play_settings(game)]


# --- the fast engine through the contract -------------------------------------------
def fast_moves(spec: GameSpec, arr: np.ndarray, rules_arr: np.ndarray, mode: int) -> list[int]:
    out = np.zeros(spec.max_moves, dtype=np.int32)
    n = int(calls.gen_moves(spec.handle, arr, rules_arr, out, mode))
    assert 0 <= n <= spec.max_moves
    return [int(m) for m in out[:n]]


def child_of(spec: GameSpec, arr: np.ndarray, rules_arr: np.ndarray, move: int) -> np.ndarray:
    child = np.zeros_like(arr)
    calls.apply_move(spec.handle, arr, rules_arr, move, child)
    return child


def keys(spec: GameSpec, arr: np.ndarray, rules_arr: np.ndarray) -> list[int]:
    """The position's key in every mode."""
    return [int(calls.state_key(spec.handle, arr, rules_arr, mode)) for mode in MODES]


def played(state: ReferenceState, moves) -> ReferenceState:
    """A copy of ``state`` after ``moves`` (IllegalMove if one is illegal)."""
    after = state.copy()
    for move in moves:
        after.play(move)
    return after


def random_line(spec: GameSpec, rules: dict[str, Any], number: int, seed: int, greed: float, steps: int):
    """The positions of a random line of play from deal ``number``: each
    step a random legal reference move or, with probability ``greed``, the
    search's first choice (the first MODE_SOLVE move, described), so that
    lines also reach deep and won positions."""
    rng = random.Random(seed)
    rules_arr = spec.rules_array(rules)
    state = spec.new_reference(sol.deal(spec.name, number).layout, rules)
    for _ in range(steps):
        yield state
        legal = state.legal_moves()
        if not legal:
            return
        if rng.random() < greed:
            arr = spec.encode(state, rules)
            best = fast_moves(spec, arr, rules_arr, MODE_SOLVE)
            if best:
                state = played(state, spec.describe_move(arr, rules_arr, best[0]))
                continue
        state = played(state, [rng.choice(legal)])
    yield state


# --- small solves, shared by the checks that need wins --------------------------------
@functools.lru_cache(maxsize=None)
def solves(game: str) -> tuple[tuple[dict, sol.Deal, sol.SolveResult, sol.SolveResult], ...]:
    """(rules, deal, plain result, --optimal result) for the first ``DEALS``
    under every setting of the game's committed studies."""
    out = []
    for rules in study_settings(game):
        for number in DEALS:
            deal = sol.deal(game, number)
            plain = sol.solve(deal, max_nodes=MAX_NODES, tt_mb=TT_MB, **rules)
            best = sol.solve(deal, optimal=True, max_nodes=MAX_NODES, tt_mb=TT_MB, **rules)
            out.append((rules, deal, plain, best))
    return tuple(out)


def a_win(game: str) -> tuple[dict, sol.Deal, list[str]]:
    """Rules, deal and moves of one win from ``solves``."""
    for rules, deal, plain, best in solves(game):
        for result in (plain, best):
            if result.verdict == sol.SOLVED:
                return rules, deal, list(result.moves)
    raise AssertionError(f"no {game} deal of {DEALS} is solved within {MAX_NODES} nodes: raise the budget")
