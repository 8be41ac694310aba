"""Reusable Click pieces shared by every command (sqlite-utils style).

``rule_options`` adds one flag per rule option of every registered game
(``--draw``, ``--passes``, ``--foundation-to-tableau``, ...); ``collect_rules``
keeps only the ones the user actually gave, and ``parse_rules`` then refuses
options that do not belong to the chosen game.  ``budget_options`` adds
``--max-nodes``, ``--timeout`` and ``--tt-mb``.  ``cli_errors`` turns every
expected error into one line on stderr and exit status 2.
"""
from __future__ import annotations

import functools
import sys

import click

from solitaire.search import config

# Every rule option of every game, by option name (RULES.md spelling).
# Flags are on/off switches; the rest take a value that the game parses.
RULE_FLAGS = {
    "foundation_to_tableau": "Klondike: a foundation's top card may move back to the tableau.",
    "stock_top_playable": "Pyramid: the stock's top card is also exposed.",
    "pair_covering": "Pyramid: a card may pair with the one exposed card covering it.",
}
RULE_VALUES = {
    "draw": "Cards turned per stock turn (Klondike: any count from 1; Pyramid: 1, or 3 = three waste piles).",
    "passes": "Passes through the stock: 1, 2, ... or 'unlimited' (default: 1 for draw 1, 3 for draw 3).",
    "preset": "Pyramid rule preset: 'seed' (defaults) or 'microsoft' (draw 1, 3 passes, stock top playable).",
    "build": "Baker's Dozen building: 'any-suit' (default) or 'other-suit'.",
    "kings": "Baker's Dozen Kings: 'bottom' (default, moved down at the deal) or 'free' (may fill empty columns).",
}


def rule_options(command):
    """Add every rule option as a Click option whose default is 'not given'."""
    for name, help_text in reversed(list(RULE_VALUES.items())):
        command = click.option("--" + name.replace("_", "-"), name, default=None, metavar="VALUE",
                               help=help_text)(command)
    for name, help_text in reversed(list(RULE_FLAGS.items())):
        flag = name.replace("_", "-")
        command = click.option(f"--{flag}/--no-{flag}", name, default=None, help=help_text)(command)
    return command


def collect_rules(kwargs: dict) -> dict:
    """Pop the rule options out of a command's kwargs; keep those given."""
    given = {}
    for name in (*RULE_FLAGS, *RULE_VALUES):
        value = kwargs.pop(name, None)
        if value is not None:
            given[name] = value
    return given


def budget_options(command):
    command = click.option("--tt-mb", type=float, default=config.DEFAULT_TT_MB, show_default=True,
                           help="Transposition table size in MB (preallocated; bounds memory).")(command)
    command = click.option("--timeout", type=float, default=None,
                           help="Seconds per deal; running out gives 'unknown' (not deterministic).")(command)
    command = click.option("--max-nodes", type=int, default=config.DEFAULT_MAX_NODES, show_default=True,
                           help="Positions expanded per deal (Klondike: plus at most half as many in its draw 1 "
                                "relaxation); running out gives 'unknown' (deterministic).")(command)
    return command


def fail(message: str) -> None:
    """One line on stderr, exit status 2."""
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def expected_errors() -> tuple[type[BaseException], ...]:
    from solitaire.cards import CardError
    from solitaire.deals import DealError
    from solitaire.games import UnknownGame
    from solitaire.notation import NotationError
    from solitaire.replay import ReplayError
    from solitaire.rules import RuleError
    from solitaire.search.solve import BudgetError
    from solitaire.solution import SolutionFileError

    errors = [CardError, DealError, UnknownGame, NotationError, ReplayError, RuleError, BudgetError,
              SolutionFileError]
    try:
        from solitaire.study.errors import StudyError

        errors.append(StudyError)
    except ImportError:
        pass
    return tuple(errors)


def cli_errors(func):
    """Decorator: expected errors become one line and exit status 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except expected_errors() as exc:
            fail(str(exc))

    return wrapper
