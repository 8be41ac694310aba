"""The ``solitaire`` command line: a thin skin over the library.

Every command parses its arguments, calls ``solitaire`` and prints; expected
errors become one line on stderr with exit status 2.
"""
from __future__ import annotations

import sys

import click

from solitaire import __version__
from solitaire.cli import play, solving, studies


class OneLineErrors(click.Group):
    """A group whose usage errors (an unknown option, a bad value, a missing
    argument) are one line on stderr with exit status 2, like every other
    expected error, instead of click's usage block."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as exc:
            hint = f" (try '{exc.ctx.command_path} --help')" if getattr(exc, "ctx", None) else ""
            click.echo(f"error: {exc.format_message()}{hint}", err=True)
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
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
