"""Reusable Click pieces shared by every command (sqlite-utils style).

``rule_options`` adds one option per rule option any registered game
declares (``--draw``, ``--passes``, ``--foundation-to-tableau``, ...), with
the help each game wrote for it; ``collect_rules`` keeps only the ones the
user gave, and the game then refuses options that are not its own.
``search_options`` does the same for the games' search options (Yukon's
``--swap-components``).  ``budget_options`` adds ``--max-nodes``,
``--timeout`` and ``--tt-mb``.  ``cli_errors`` turns every expected error
into one line on stderr and exit status 2.
"""
from __future__ import annotations

import functools
import sys

import click

from solitaire.search import config


def _declared(kind: str) -> dict[str, tuple[bool, str]]:
    """name -> (is a flag, help) over every game's ``options`` or
    ``search_options``; an option several games share gets each game's help."""
    from solitaire.games import game_names, get_game

    merged: dict[str, tuple[bool, list[str]]] = {}
    for name in game_names():
        spec = get_game(name)
        for opt in getattr(spec, kind):
            flag = getattr(opt, "is_flag", True)
            merged.setdefault(opt.name, (flag, []))[1].append(f"{spec.title}: {opt.help}")
    return {name: (flag, " ".join(helps)) for name, (flag, helps) in merged.items()}


def rule_options(command):
    """Add every game's rule options as Click options whose default is 'not given'."""
    for name, (is_flag, help_text) in reversed(_declared("options").items()):
        flag = name.replace("_", "-")
        if is_flag:
            command = click.option(f"--{flag}/--no-{flag}", name, default=None, help=help_text)(command)
        else:
            command = click.option(f"--{flag}", name, default=None, metavar="VALUE", help=help_text)(command)
    return command


def collect_rules(kwargs: dict) -> dict:
    """Pop the rule options out of a command's kwargs; keep those given."""
    given = {}
    for name in _declared("options"):
        value = kwargs.pop(name, None)
        if value is not None:
            given[name] = value
    return given


def search_options(command):
    """Add every game's search options as on/off flags."""
    for name, (_, help_text) in reversed(_declared("search_options").items()):
        command = click.option("--" + name.replace("_", "-"), name, is_flag=True, help=help_text)(command)
    return command


def collect_search_options(kwargs: dict) -> tuple[str, ...]:
    """Pop the search options out of a command's kwargs; the names switched on."""
    return tuple(name for name in _declared("search_options") if kwargs.pop(name, False))


def budget_options(command=None, *, optimal: bool = True):
    """``--max-nodes``, ``--timeout``, ``--tt-mb``; their help names the
    ``--optimal`` budgets where the command has ``--optimal``."""
    if command is None:
        return functools.partial(budget_options, optimal=optimal)
    with_optimal = (lambda value: f"; {value} with --optimal") if optimal else (lambda value: "")
    command = click.option("--tt-mb", type=float, default=None,
                           help=f"Largest transposition table in MB: a search starts with a 1 MB table and "
                                f"doubles it as it fills, up to this (default {config.DEFAULT_TT_MB}"
                                f"{with_optimal(config.OPTIMAL_TT_MB)}).")(command)
    command = click.option("--timeout", type=float, default=None,
                           help="Seconds per deal; running out gives 'unknown' (not deterministic).")(command)
    command = click.option("--max-nodes", type=int, default=None,
                           help=f"Positions expanded per deal (default {config.DEFAULT_MAX_NODES:,}"
                                f"{with_optimal(f'{config.OPTIMAL_MAX_NODES:,}')}); running out gives 'unknown' "
                                "(deterministic).")(command)
    return command


def fail(message: str) -> None:
    """One line on stderr, exit status 2."""
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def chosen_deals(command: str, game: str | None, deals: str | None, deal_file: str | None):
    """The game's spec, its deals (an iterator) and how many, from
    ``--deal-file`` or GAME DEALS; a mix or a missing part fails."""
    from solitaire.deal_ranges import parse_deal_range
    from solitaire.dealing import make_deal, read_deal_file
    from solitaire.games import get_game

    if deal_file:
        if deals:
            fail("give either --deal-file or a deal range, not both")
        deal = read_deal_file(deal_file)
        if game and get_game(game).name != deal.game:
            fail(f"deal file holds a {deal.game} deal, not {game}")
        return get_game(deal.game), iter([deal]), 1
    if not game or not deals:
        fail(f"give GAME and DEALS (e.g. 'solitaire {command} klondike 24'), or --deal-file")
    spec = get_game(game)
    numbers = parse_deal_range(deals)
    return spec, (make_deal(spec.name, n) for n in numbers), len(numbers)


def expected_errors() -> tuple[type[BaseException], ...]:
    from solitaire.errors import EXPECTED

    return EXPECTED


def cli_errors(func):
    """Decorator: expected errors become one line and exit status 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except expected_errors() as exc:
            fail(str(exc))

    return wrapper
