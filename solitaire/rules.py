"""Rule options: declared per game, parsed and validated in one place.

Each game declares its options (``RuleOption``) with the names and values of
shared/RULES.md.  ``parse_rules`` turns user input (strings from the CLI, or
typed values from Python/TOML) into a complete, explicit rule dict, so every
results file lists every option of its game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

UNLIMITED = "unlimited"


class RuleError(ValueError):
    """An unknown rule option, or a value the option does not take."""


@dataclass(frozen=True)
class RuleOption:
    name: str  # as in RULES.md, e.g. "draw", "foundation_to_tableau"
    help: str
    parse: Callable[[Any], Any]  # raises RuleError with the problem
    is_flag: bool = False  # boolean on/off option

    @property
    def cli_flag(self) -> str:
        return "--" + self.name.replace("_", "-")


def parse_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "on", "yes"):
        return True
    if text in ("0", "false", "off", "no"):
        return False
    raise RuleError(f"expected on/off, got {value!r}")


def int_at_least(minimum: int, what: str) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        if isinstance(value, bool):
            raise RuleError(f"{what} must be a whole number, got {value!r}")
        try:
            number = int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise RuleError(f"{what} must be a whole number, got {value!r}") from None
        if number < minimum:
            raise RuleError(f"{what} must be at least {minimum}, got {number}")
        return number

    return parse


def passes_value(value: Any) -> int | str:
    """``passes``: a whole number from 1 up, or ``unlimited``."""
    if isinstance(value, str) and value.strip().lower() in (UNLIMITED, "inf", "infinite"):
        return UNLIMITED
    return int_at_least(1, "passes")(value)


def choice(*values: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        text = str(value).strip().lower().replace("_", "-")
        if text not in values:
            raise RuleError(f"expected one of {', '.join(values)}, got {value!r}")
        return text

    return parse


def parse_rules(game, given: dict[str, Any]) -> dict[str, Any]:
    """Complete rule dict for ``game`` from the options the user gave.

    Unknown names raise ``RuleError``; ``None`` values mean "not given".
    The game's ``complete_rules`` fills defaults and checks combinations.
    """
    known = {opt.name: opt for opt in game.options}
    parsed: dict[str, Any] = {}
    for key, value in given.items():
        if value is None:
            continue
        norm = key.replace("-", "_")
        if norm not in known:
            raise RuleError(
                f"unknown rule option '{key}' for {game.name} "
                f"(options: {', '.join(sorted(known)) or 'none'})"
            )
        try:
            parsed[norm] = known[norm].parse(value)
        except RuleError as exc:
            raise RuleError(f"{game.name} option '{norm}': {exc}") from None
    return game.complete_rules(parsed)
