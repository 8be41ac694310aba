"""The commands that work on one deal or a range: deal, solve, show, games."""
from __future__ import annotations

import json
import sys
import time

import click

from solitaire.cli.options import (budget_options, chosen_deals, cli_errors, collect_rules, collect_search_options,
                                   fail, rule_options, search_options)
from solitaire.search import config


@click.command()
@click.argument("game")
@click.argument("number", type=str)
@click.option("--json", "as_json", is_flag=True, help="Write the deal file (JSON) instead of a picture.")
@click.option("--svg", "as_svg", is_flag=True, help="Write a picture of the deal (SVG, the game's default rules).")
@cli_errors
def deal(game, number, as_json, as_svg):
    """Show deal NUMBER of GAME, or write it as a deal file or a picture.

    \b
    Examples:
      solitaire deal klondike 24
      solitaire deal pyramid 7 --json > d.json
      solitaire deal pyramid 7 --svg > deal7.svg
    """
    from solitaire.deals import DealError
    from solitaire.dealing import make_deal
    from solitaire.games import get_game

    spec = get_game(game)
    try:
        n = int(number)
    except ValueError:
        raise DealError(f"deal number must be a whole number, not {number!r}") from None
    d = make_deal(spec.name, n)
    if as_json:
        click.echo(json.dumps(d.to_json()))
    elif as_svg:
        from solitaire.render import deal_svg

        click.echo(deal_svg(d))
    else:
        click.echo(f"{d.label()}")
        click.echo(spec.render_layout(d.layout))


def _progress_printer():
    last = [0.0]

    def report(info):
        now = time.monotonic()
        if now - last[0] >= 1.0:
            last[0] = now
            bound = f"lower bound {info['bound']}, " if info.get("phase") == "optimal" else ""
            click.echo(f"  {bound}{info['nodes']} nodes", err=True)

    return report


@click.command()
@click.argument("game", required=False)
@click.argument("deals", required=False)
@click.option("--deal-file", type=click.Path(dir_okay=False), help="Solve the deal in this deal file.")
@rule_options
@budget_options
@click.option("--optimal", is_flag=True,
              help="Find a shortest win and prove it (A*). Without --max-nodes / --tt-mb it allows "
                   f"{config.OPTIMAL_MAX_NODES:,} nodes and {config.OPTIMAL_TT_MB} MB.")
@click.option("--sharper-bound", is_flag=True,
              help="With --optimal, Baker's Dozen: a sharper lower bound that stores about 10 times fewer "
                   "positions and costs more time per node (for deals that fill the table); other games: "
                   "no change.")
@search_options
@click.option("--json", "as_json", is_flag=True, help="Write the solution file (JSON) for one deal.")
@click.option("--jsonl", is_flag=True, help="Write one solution file per line (for a range).")
@cli_errors
def solve(game, deals, deal_file, max_nodes, timeout, tt_mb, optimal, sharper_bound, as_json, jsonl, **kwargs):
    """Solve DEALS of GAME (one number such as 24, or a range such as 1-200), or a --deal-file.

    Prints the verdict (solved / unsolvable / unknown), moves, nodes and time.
    Every 'solved' has been replayed on the reference engine.

    \b
    Examples:
      solitaire solve klondike 24
      solitaire solve klondike 24 --draw 3
      solitaire solve klondike 24 --draw 3 --passes unlimited --foundation-to-tableau
      solitaire solve klondike 1-200 --draw 3 --jsonl > all.jsonl
      solitaire solve pyramid 7 --optimal --json > s.json
      solitaire solve yukon 886 --max-nodes 10000000 --tt-mb 1024 --swap-components
    """
    from solitaire.rules import parse_rules
    from solitaire.solver import solve as run_solve

    given = collect_rules(kwargs)
    options = collect_search_options(kwargs)
    spec, the_deals, count = chosen_deals("solve", game, deals, deal_file)
    rules = parse_rules(spec, given)
    for name in options:
        spec.search_option(name)  # refused now, not after the first deal
    if as_json and count > 1:
        fail("--json writes one solution file: use --jsonl for a range")
    if sharper_bound and not optimal:
        fail("--sharper-bound works with --optimal only")
    progress = _progress_printer() if optimal else None
    for d in the_deals:
        result = run_solve(d, rules, max_nodes=max_nodes, timeout=timeout, tt_mb=tt_mb, optimal=optimal,
                           sharper_bound=sharper_bound, search_options=options, progress=progress)
        if as_json:
            click.echo(json.dumps(result.to_json(with_lower_bound=optimal), indent=1))
        elif jsonl:
            click.echo(json.dumps(result.to_json(with_lower_bound=optimal)))
            sys.stdout.flush()
        else:
            click.echo(result.summary())


@click.command()
@click.argument("solution_file", type=click.Path(dir_okay=False))
@click.option("--moves-only", is_flag=True, help="List the moves without the positions.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False),
              help="Write a page that plays the solution (one self-contained HTML file) instead.")
@cli_errors
def show(solution_file, moves_only, html_out):
    """Replay a solution or play file position by position (checking every move).

    \b
    Examples:
      solitaire solve klondike 24 --json > s.json && solitaire show s.json
      solitaire show s.json --html win.html      # open it, press the right arrow to step
      solitaire play klondike 24 --draw 3 --json > g.json && solitaire show g.json   # a blind game
    """
    from solitaire.blind.playfile import check_result, is_play_file, write_play_page
    from solitaire.games import get_game
    from solitaire.replaying import replay
    from solitaire.rules import parse_rules
    from solitaire.solution import read_solution_file

    data = read_solution_file(solution_file)
    spec = get_game(data["deal"].game)
    rules = parse_rules(spec, data["rules"])
    deal = data["deal"]
    played = is_play_file(data["raw"])  # a game played blind (solitaire play)
    if html_out:
        from solitaire.render.page import write_solution_page

        click.echo(write_play_page(solution_file, html_out) if played else write_solution_page(data["raw"], html_out))
        return
    click.echo(f"{deal.label()}, rules {json.dumps(rules)}: {data['result']}, {len(data['moves'])} moves")
    if not moves_only:
        click.echo(spec.new_reference(deal.layout, rules).render())

    def on_position(i, move, state):
        click.echo(f"\n{i}. {move}")
        if not moves_only:
            click.echo(state.render())

    final = replay(spec, deal.layout, rules, data["moves"], on_position)
    if played:
        check_result(data["result"], final, solution_file)
        click.echo(f"\n{data['result']} as played by policy {data['raw']['policy']['name']}")
    elif data["moves"]:
        click.echo("\nwon" if final.is_won() else "\nthe moves are legal but the game is not won")


@click.command()
def games():
    """List the games, their rule options and their search options."""
    from solitaire.games import game_names, get_game

    for name in game_names():
        spec = get_game(name)
        click.echo(f"{name}: defaults {json.dumps(spec.complete_rules({}))}")
        for opt in spec.options:
            click.echo(f"  {opt.cli_flag}: {opt.help}")
        for opt in spec.search_options:
            click.echo(f"  {opt.cli_flag} (search option): {opt.help}")


COMMANDS = [deal, solve, show, games]
