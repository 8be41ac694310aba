"""The command line end to end (Click's runner), and numba's on-disk cache.
What every game must pass (deal files, bad input, solution files) is the
conformance suite's (``test_conformance.py``)."""
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from solitaire.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_deal_picture_and_file():
    r = run("deal", "klondike", "24")
    assert r.exit_code == 0 and "t7: <4C> <AH> <2S> <6C> <6H> <TH> KH" in r.output
    r = run("deal", "klondike", "24", "--json")
    data = json.loads(r.output)
    assert data["game"] == "klondike" and data["deal"] == 24 and data["layout"]["tableau"][0] == ["5C"]


@pytest.mark.parametrize("args, budgets", [
    ([], (2_000_000, 256)),
    (["--optimal"], (30_000_000, 2048)),
    (["--optimal", "--max-nodes", "5000"], (5000, 2048)),
    (["--optimal", "--tt-mb", "64"], (30_000_000, 64)),
    (["--max-nodes", "5000", "--tt-mb", "64"], (5000, 64)),
])
def test_optimal_gets_larger_budgets_unless_given(monkeypatch, args, budgets):
    """A* stores every position it generates: --optimal alone must not
    inherit the small table of a solvability search."""
    from solitaire import solver

    seen = []
    real = solver.budgets

    def spy(max_nodes, tt_mb, optimal=False):
        seen.append(real(max_nodes, tt_mb, optimal))
        return 1000, 16

    monkeypatch.setattr(solver, "budgets", spy)
    r = run("solve", "klondike", "12", *args)
    assert r.exit_code == 0 and seen == [budgets]


def test_solve_deal_file_show_round_trip(tmp_path):
    deal_path = tmp_path / "d.json"
    deal_path.write_text(run("deal", "klondike", "3", "--json").output)
    r = run("solve", "--deal-file", str(deal_path), "--draw", "3", "--passes", "unlimited", "--json")
    assert r.exit_code == 0
    sol = json.loads(r.output)
    assert sol["result"] == "solved" and sol["optimal"] is False
    assert sol["rules"] == {"draw": 3, "passes": "unlimited", "foundation_to_tableau": False}
    assert sol["deal"]["layout"] == json.loads(deal_path.read_text())["layout"]
    assert sol["stats"]["nodes"] > 0 and sol["moves"]
    sol_path = tmp_path / "s.json"
    sol_path.write_text(json.dumps(sol))
    shown = run("show", str(sol_path))
    assert shown.exit_code == 0 and shown.output.strip().endswith("won")
    assert f"{len(sol['moves'])}. {sol['moves'][-1]}" in shown.output


def test_solve_prints_verdicts_for_a_range_and_jsonl():
    r = run("solve", "klondike", "1-3", "--draw", "3", "--passes", "unlimited", "--max-nodes", "20000")
    lines = r.output.strip().splitlines()
    assert r.exit_code == 0 and len(lines) == 3
    assert all(any(v in line for v in ("solved", "unsolvable", "unknown")) for line in lines)
    r = run("solve", "klondike", "1-2", "--jsonl", "--max-nodes", "20000")
    rows = [json.loads(line) for line in r.output.strip().splitlines()]
    assert [row["deal"]["deal"] for row in rows] == [1, 2]


@pytest.mark.parametrize("args, message", [
    (["solve", "chess", "1"], "unknown game"),
    (["solve", "klondike", "1", "--draw", "0"], "draw"),
    (["solve", "klondike", "1", "--passes", "0"], "passes"),
    (["solve", "--deal-file", "/nonexistent.json"], "cannot read deal file"),
    (["show", "/nonexistent.json"], "cannot read solution file"),
    (["solve", "klondike", "1", "--swap-components"], "klondike has no search option 'swap_components'"),
    (["play", "klondike", "1", "--hidden", "stock"], "hidden must be one of tableau+stock, tableau"),
    (["play", "klondike", "1", "--policy", "chess"], "unknown policy 'chess'"),
    (["play", "klondike", "1", "--samples", "0"], "samples must be a whole number from 1"),
    (["play", "klondike", "1", "--policy", "greedy", "--samples", "5"], "greedy has no parameter samples"),
    (["play", "klondike", "1-3", "--json"], "--json writes one play file"),
    (["play", "klondike"], "give GAME and DEALS"),
    (["play", "klondike", "1", "--seed", "-1"], "seed must be a whole number from 0"),
    (["play", "klondike", "1", "--build", "any-suit"], "unknown rule option"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in r.output


def test_every_command_has_help_with_an_example():
    for name, command in main.commands.items():
        r = run(name, "--help")
        assert r.exit_code == 0 and command.help, name


def test_a_second_process_loads_the_kernels_from_the_cache():
    code = ("import solitaire as sol; from solitaire.search import dfs; "
            "sol.solve(sol.deal('klondike', 3), draw=3, passes='unlimited'); "
            "s = dfs.run.stats; print(sum(s.cache_hits.values()), sum(s.cache_misses.values()))")
    for _ in range(2):  # the first may compile (cold cache); the second must not
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    hits, misses = map(int, out.stdout.split())
    assert hits >= 1 and misses == 0


def test_the_cli_page_is_what_the_help_says():
    """docs/cli.md is generated (``python -m solitaire.cli.manual > docs/cli.md``)."""
    from pathlib import Path

    from solitaire.cli.manual import markdown

    page = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
    text = markdown()
    assert page.read_text() == text, "docs/cli.md is stale: python -m solitaire.cli.manual > docs/cli.md"
    assert all(f"## solitaire {name}\n" in text for name in ("deal", "solve", "show", "games", "batch", "study",
                                                              "report"))
