"""``python -m solitaire``: the command line."""
from solitaire.cli import main

main(prog_name="solitaire")
