"""The ``play`` command: play deals blind, as a player who cannot see the face-down cards."""
from __future__ import annotations

import json
import sys

import click

from solitaire.cli.options import chosen_deals, cli_errors, collect_rules, fail, rule_options


@click.command()
@click.argument("game", required=False)
@click.argument("deals", required=False)
@click.option("--deal-file", type=click.Path(dir_okay=False), help="Play the deal in this deal file.")
@rule_options
@click.option("--hidden", default="tableau+stock", show_default=True, metavar="tableau+stock|tableau",
              help="What the player cannot see: the face-down tableau cards and the stock cards not yet "
                   "turned (tableau+stock), or the face-down tableau cards only, the stock's order known "
                   "(tableau). Baker's Dozen hides nothing; Pyramid hides only its stock.")
@click.option("--policy", default="hop", show_default=True, metavar="hop|greedy",
              help="hop: hindsight optimisation (samples worlds consistent with what is seen, solves each); "
                   "greedy: a fixed-priority player (docs/blind.md lists its priorities).")
@click.option("--samples", type=int, default=None, help="hop: worlds sampled per searched decision (default 20).")
@click.option("--inner-nodes", type=int, default=None,
              help="hop: positions each inner solve may expand (default 5,000); a world not won within it "
                   "counts as not won.")
@click.option("--inner-tt-mb", type=float, default=None,
              help="hop: the inner solver's transposition table in MB (default 16); it bounds the memory.")
@click.option("--candidates", type=int, default=None, help="hop: most plans compared per decision (default 8).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the policy's random choices; the same seed gives the same games.")
@click.option("--json", "as_json", is_flag=True, help="Write the play file (JSON) of one game.")
@click.option("--jsonl", is_flag=True, help="Write one play file per line (for a range); the win rate goes to stderr.")
@cli_errors
def play(game, deals, deal_file, hidden, policy, samples, inner_nodes, inner_tt_mb, candidates, seed, as_json,
         jsonl, **kwargs):
    """Play DEALS of GAME blind (one number, or a range such as 1-1000), or a --deal-file.

    The player sees what a player at the table sees (--hidden) and never the
    face-down cards; the game turns them up as the rules say.  Prints one line
    per game (won or lost as played), and for a range the win rate with its
    95% Wilson interval.  Every game is a play file that 'solitaire show'
    replays.

    \b
    Examples:
      solitaire play klondike 24 --draw 3 --policy hop --seed 1 --json > g.json
      solitaire show g.json
      solitaire play --deal-file d.json --policy greedy
      solitaire play klondike 1-1000 --draw 3 --passes unlimited --foundation-to-tableau \\
          --hidden tableau --policy hop --samples 20 --jsonl > blind.jsonl
      solitaire play pyramid 1-100 --preset microsoft --policy greedy
    """
    from solitaire.blind.game import play_game
    from solitaire.blind.observation import check_hidden
    from solitaire.blind.policies import make_policy
    from solitaire.rules import parse_rules

    given = collect_rules(kwargs)
    params = {key: value for key, value in (("samples", samples), ("max_nodes", inner_nodes),
                                             ("tt_mb", inner_tt_mb), ("candidates", candidates)) if value is not None}
    spec, the_deals, count = chosen_deals("play", game, deals, deal_file)
    rules = parse_rules(spec, given)
    check_hidden(hidden)
    the_policy = make_policy(policy, **params)
    if seed < 0:
        fail(f"seed must be a whole number from 0, got {seed}")
    if as_json and count > 1:
        fail("--json writes one play file: use --jsonl for a range")
    won = played = 0
    for d in the_deals:
        result = play_game(d, rules, the_policy, hidden=hidden, seed=seed)
        played += 1
        won += result.won
        if as_json:
            click.echo(json.dumps(result.to_json(), indent=1))
        elif jsonl:
            click.echo(json.dumps(result.to_json()))
            sys.stdout.flush()
        else:
            click.echo(result.summary())
    if count > 1:
        from solitaire.studies.stats import wilson

        low, high = wilson(won, played)
        click.echo(f"won {won} of {played}: {100 * won / played:.2f}%, 95% Wilson interval "
                   f"[{100 * low:.2f}%, {100 * high:.2f}%]", err=bool(jsonl))


COMMANDS = [play]
