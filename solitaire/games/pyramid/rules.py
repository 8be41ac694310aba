"""Pyramid's rule options (RULES.md names), presets and their combination checks.

``complete_rules`` expands a preset, fills the defaults and refuses the one
illegal combination (three waste piles with more than one pass).  The
returned dict names every real option; ``preset`` is a shorthand that is
expanded, so it is not repeated in the result (a preset plus an explicit
option means "the preset, with that option changed").
"""
from __future__ import annotations

from typing import Any

from solitaire.rules import UNLIMITED, RuleError, RuleOption, choice, parse_bool, passes_value

DEFAULTS: dict[str, Any] = {"draw": 1, "passes": 1, "stock_top_playable": False, "pair_covering": False}
PRESETS: dict[str, dict[str, Any]] = {
    "seed": dict(DEFAULTS),
    "microsoft": {"draw": 1, "passes": 3, "stock_top_playable": True, "pair_covering": False},
}


def parse_draw(value: Any) -> int:
    """``draw``: 1 (single waste pile) or 3 (three waste piles)."""
    text = str(value).strip()
    if isinstance(value, bool) or text not in ("1", "3"):
        raise RuleError(f"Pyramid draw must be 1 or 3 (three waste piles), got {value!r}")
    return int(text)


OPTIONS = (
    RuleOption("draw", "1 (one waste pile) or 3 (three waste piles, one pass).", parse_draw),
    RuleOption("passes", "Passes through the stock: 1 (default), 2, ... or unlimited (draw 1 only).",
               passes_value),
    RuleOption("stock_top_playable", "The stock's top card is also exposed.", parse_bool, is_flag=True),
    RuleOption("pair_covering", "A card may pair with the one exposed card still covering it.", parse_bool,
               is_flag=True),
    RuleOption("preset", "seed (the defaults) or microsoft (draw 1, passes 3, stock top playable).",
               choice(*PRESETS)),
)


def complete_rules(given: dict[str, Any]) -> dict[str, Any]:
    """Every option explicitly, preset expanded; RuleError for bad combinations."""
    known = {opt.name: opt for opt in OPTIONS}
    values: dict[str, Any] = {}
    for key, value in given.items():
        if key not in known:
            raise RuleError(f"unknown rule option '{key}' for pyramid (options: {', '.join(sorted(known))})")
        if value is not None:
            values[key] = known[key].parse(value)
    rules = dict(PRESETS[values.pop("preset", "seed")])
    rules.update(values)
    if rules["draw"] == 3 and rules["passes"] != 1:
        raise RuleError(f"Pyramid with three waste piles (draw 3) allows only one pass, got passes {rules['passes']}")
    return rules


def passes_limit(rules: dict[str, Any]) -> int:
    """Passes as a number for the kernels: 0 means unlimited."""
    return 0 if rules["passes"] == UNLIMITED else int(rules["passes"])
