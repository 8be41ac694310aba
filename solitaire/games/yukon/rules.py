"""Yukon's rule options: none (RULES.md), so the only rules are ``{}``."""
from __future__ import annotations

from typing import Any

from solitaire.rules import RuleError, RuleOption

OPTIONS: tuple[RuleOption, ...] = ()
PRESETS: dict[str, dict[str, Any]] = {}


def complete_rules(given: dict[str, Any]) -> dict[str, Any]:
    """``{}``; a RuleError for any option given."""
    if given:
        raise RuleError(f"yukon has no rule options (got {', '.join(sorted(given))})")
    return {}
