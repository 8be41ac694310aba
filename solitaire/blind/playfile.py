"""The play file (DESIGN.md, "Play file"): one game played blind.

A solution file whose ``result`` is ``won`` or ``lost`` (as played), with
``hidden``, ``policy`` (name and every parameter) and ``seed``.  ``moves``
are the moves played; ``replay_play`` replays them on the true deal and
checks that the result is what they give.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from solitaire.blind.games import kit
from solitaire.blind.observation import HIDDEN
from solitaire.games.base import ReferenceState
from solitaire.solution import SolutionFileError, read_solution_file

RESULTS = ("won", "lost")


def is_play_file(data: dict) -> bool:
    """Does a solution file's content (``json.load``) hold a game played blind?"""
    return data.get("result") in RESULTS and "policy" in data


def read_play_file(path: str | Path) -> dict:
    """A play file's deal (validated), rules, moves, result, hidden, policy
    and seed (``read_solution_file``'s fields plus those three)."""
    data = read_solution_file(path)
    raw = data["raw"]
    if not is_play_file(raw):
        raise SolutionFileError(f"{path} is not a play file (result won or lost, and a policy)")
    if raw.get("hidden") not in HIDDEN:
        raise SolutionFileError(f"{path}: 'hidden' must be one of {', '.join(HIDDEN)}")
    policy = raw["policy"]
    if not isinstance(policy, dict) or not isinstance(policy.get("name"), str):
        raise SolutionFileError(f"{path}: 'policy' must be an object with a 'name'")
    return {**data, "hidden": raw["hidden"], "policy": policy, "seed": raw.get("seed")}


def check_result(result: str, final: ReferenceState, where: str = "play file") -> None:
    """A play file's ``result`` must be what its moves give (SolutionFileError if not)."""
    if result == "won" and not final.is_won():
        raise SolutionFileError(f"{where} says won, but its moves do not win the game")
    if result == "lost" and final.is_won():
        raise SolutionFileError(f"{where} says lost, but its moves win the game")


def replay_play(data: dict, on_position: Callable[[int, str, ReferenceState], None] | None = None) -> ReferenceState:
    """Replay a play file's moves on its true deal (``read_play_file``'s
    content); ReplayError on an illegal move, SolutionFileError if the
    result is not what the moves give."""
    from solitaire.games import get_game
    from solitaire.replaying import replay
    from solitaire.rules import parse_rules

    spec = get_game(data["deal"].game)
    final = replay(spec, data["deal"].layout, parse_rules(spec, data["rules"]), data["moves"], on_position)
    check_result(data["result"], final)
    return final


def seen_per_position(data: dict) -> list[set[int]]:
    """The cards the player had seen at each position (the deal, then after
    each move): for the solution page's "as the player knew them"."""
    from solitaire.games import get_game
    from solitaire.rules import parse_rules

    spec = get_game(data["deal"].game)
    game = kit(spec.name)
    state = spec.new_reference(data["deal"].layout, parse_rules(spec, data["rules"]))
    seen = [set(game.visible(state, data["hidden"]))]

    def after(i: int, move: str, position: ReferenceState) -> None:
        seen.append(seen[-1] | game.visible(position, data["hidden"]))

    replay_play(data, after)
    return seen


def write_play_page(path: str | Path, out: str | Path) -> str:
    """The solution page of a play file, offering the cards as the player knew them."""
    from solitaire.render.page import PageError, solution_page

    data = read_play_file(path)
    page = solution_page(data["raw"], known=seen_per_position(data))
    try:
        Path(out).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise PageError(f"cannot write {out}: {exc.strerror}") from None
    return f"wrote {out} ({len(data['moves'])} moves played, {len(page.encode()) / 1024:.0f} KB)"


def dumps(play: dict, indent: int | None = 1) -> str:
    return json.dumps(play, indent=indent)
