"""docs/cli.md, written from the commands' own help: ``python -m solitaire.cli.manual > docs/cli.md``.

A test checks that the committed page is what this prints, so the page
never drifts from the command line.
"""
from __future__ import annotations

import click

HEADER = """# The command line

Every command and option, as `solitaire COMMAND --help` prints it. This page
is generated: `python -m solitaire.cli.manual > docs/cli.md`.

Expected errors (an unknown game or option, a bad deal number, range or
file, an illegal move in a solution file) print one line on stderr and exit
with status 2; an interrupted batch exits with status 130 and resumes when
run again.
"""


def _help(command: click.Command, name: str, parent: click.Context | None = None) -> str:
    settings = {} if parent else dict(command.context_settings)
    settings.update(terminal_width=100, max_content_width=100)
    ctx = click.Context(command, info_name=name, parent=parent, **settings)
    return command.get_help(ctx)


def markdown() -> str:
    """The page: the group's help, then each command's, in the group's order."""
    from solitaire.cli import main

    root = click.Context(main, info_name="solitaire", **main.context_settings)
    parts = [HEADER, "## solitaire\n", "```\n" + _help(main, "solitaire") + "\n```\n"]
    for name in main.list_commands(root):
        parts.append(f"## solitaire {name}\n")
        parts.append("```\n" + _help(main.commands[name], name, root) + "\n```\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(markdown(), end="")
