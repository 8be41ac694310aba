"""Klondike rule options (RULES.md): draw, passes, foundation_to_tableau."""
from __future__ import annotations

from typing import Any

from solitaire.rules import UNLIMITED, RuleError, RuleOption, int_at_least, parse_bool, passes_value

OPTIONS = (
    RuleOption("draw", "Cards turned per stock turn: 1, 3, or any count from 1.", int_at_least(1, "draw")),
    RuleOption("passes", "Passes through the stock: 1, 2, ... or unlimited (default 1 for draw 1, "
               "3 for draw 3, unlimited otherwise).", passes_value),
    RuleOption("foundation_to_tableau", "A foundation's top card may move back onto the tableau.",
               parse_bool, is_flag=True),
)


def default_passes(draw: int) -> int | str:
    return {1: 1, 3: 3}.get(draw, UNLIMITED)


def complete_rules(given: dict[str, Any]) -> dict[str, Any]:
    draw = given.get("draw", 1)
    if not isinstance(draw, int) or isinstance(draw, bool) or draw < 1:
        raise RuleError(f"klondike option 'draw' must be a whole number from 1, got {draw!r}")
    passes = given.get("passes", default_passes(draw))
    if passes != UNLIMITED and (not isinstance(passes, int) or isinstance(passes, bool) or passes < 1):
        raise RuleError(f"klondike option 'passes' must be 1, 2, ... or unlimited, got {passes!r}")
    f2t = given.get("foundation_to_tableau", False)
    if not isinstance(f2t, bool):
        raise RuleError(f"klondike option 'foundation_to_tableau' must be true or false, got {f2t!r}")
    return {"draw": draw, "passes": passes, "foundation_to_tableau": f2t}
