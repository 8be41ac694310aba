"""Baker's Dozen rule options (RULES.md): build and kings."""
from __future__ import annotations

from typing import Any

from solitaire.rules import RuleError, RuleOption, choice

BUILD_VALUES = ("any-suit", "other-suit")
KINGS_VALUES = ("bottom", "free")

OPTIONS = (
    RuleOption("build", "Building onto the next higher card: any-suit (default, its own suit included) "
               "or other-suit (any suit except its own).", choice(*BUILD_VALUES)),
    RuleOption("kings", "Kings: bottom (default: moved to the bottom at the deal, empty columns stay "
               "empty) or free (not moved; a King may fill an empty column).", choice(*KINGS_VALUES)),
)


def complete_rules(given: dict[str, Any]) -> dict[str, Any]:
    """Every option explicitly; accepts an already-complete dict."""
    out = {"build": given.get("build", "any-suit"), "kings": given.get("kings", "bottom")}
    for key, values in (("build", BUILD_VALUES), ("kings", KINGS_VALUES)):
        if out[key] not in values:
            raise RuleError(f"bakers-dozen option '{key}' must be one of {', '.join(values)}, got {out[key]!r}")
    return out
