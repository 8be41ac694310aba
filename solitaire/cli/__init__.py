"""The ``solitaire`` command line: a thin skin over the library.

Every command parses its arguments, calls ``solitaire`` and prints; expected
errors become one line on stderr with exit status 2.
"""
from __future__ import annotations

import click

from solitaire import __version__
from solitaire.cli import play, solving, studies


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="solitaire")
def main():
    """Solve patience deals and measure how many can be won.

    \b
    Games: klondike, pyramid, yukon, bakers-dozen.
    Deal numbers are PySolFC game numbers (play any deal there to check).
    Examples:
      solitaire deal klondike 24
      solitaire solve klondike 24 --draw 3
      solitaire solve klondike 1-200 --draw 3 --jsonl > all.jsonl
      solitaire solve --deal-file d.json --json > s.json && solitaire show s.json
      solitaire play klondike 24 --draw 3 --hidden tableau --json > g.json   # blind
    """


for _command in (*solving.COMMANDS, *play.COMMANDS, *studies.COMMANDS):
    main.add_command(_command)
