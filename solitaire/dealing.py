"""Deals of a game: by PySolFC number, and from deal files (checked by the game)."""
from __future__ import annotations

import json
from pathlib import Path

from solitaire.deals import Deal, DealError, check_deal_number, check_full_deck, deck, layout_from_json
from solitaire.games import get_game


def deal_from_json(data) -> Deal:
    """Parse and validate a deal file's content (game-specific sizes included)."""
    if not isinstance(data, dict):
        raise DealError("a deal file must hold a JSON object")
    if "game" not in data:
        raise DealError("deal file has no 'game'")
    game = get_game(data["game"])
    number = data.get("deal")
    if number is not None:
        check_deal_number(number)
    if "layout" not in data:
        raise DealError("deal file has no 'layout'")
    layout = layout_from_json(data["layout"])
    check_full_deck(layout)
    game.validate_layout(layout)
    return Deal(game.name, layout, number)


def read_deal_file(path: str | Path) -> Deal:
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise DealError(f"cannot read deal file {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DealError(f"deal file {path} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if isinstance(data, dict) and "layout" not in data and isinstance(data.get("deal"), dict):
        data = data["deal"]  # a solution file carries its deal
    return deal_from_json(data)


def make_deal(game_name: str, number: int) -> Deal:
    game = get_game(game_name)
    return Deal(game.name, game.layout_from_deck(deck(number)), check_deal_number(number))
