"""Size and opening time of solution pages (``solitaire show --html``).

Solves one deal of each game (or reads the given solution files), writes
each page and opens it in headless Chromium several times: the time is the
navigation's ``loadEventEnd`` (the page's script has placed every card by
then), the median of the runs.

    python benchmarks/solution_page.py                    # one deal per game
    python benchmarks/solution_page.py s.json t.json      # these solution files
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from render_helpers import SOLVED, launch_browser, solution  # noqa: E402
from solitaire.render import solution_page  # noqa: E402

RUNS = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="solution files (default: one solved deal per game)")
    args = parser.parse_args()
    solutions = [json.loads(Path(f).read_text()) for f in args.files] or [solution(g) for g in SOLVED]
    pw, browser = launch_browser()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    print(f"{'deal':<26} {'moves':>5} {'KB':>6} {'load ms':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for data in solutions:
            html = solution_page(data)
            path = Path(tmp) / "page.html"
            path.write_text(html, encoding="utf-8")
            times = []
            for _ in range(RUNS):
                page.goto(path.as_uri())
                page.wait_for_selector('body[data-ready="1"]')
                times.append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
            label = f"{data['game']} {data['deal'].get('deal', '(custom)')}"
            print(f"{label:<26} {len(data['moves']):>5} {len(html.encode()) / 1024:>6.1f} "
                  f"{statistics.median(times):>8.0f}")
    browser.close()
    pw.stop()


if __name__ == "__main__":
    main()
