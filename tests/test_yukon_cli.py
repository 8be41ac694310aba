"""Yukon on the command line: the deal's picture, swap components noted and
replayed, --optimal's proved flag.  Round trips and bad input are the
conformance suite's (``test_conformance.py``)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from solitaire import cards
from solitaire.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_deal_picture_and_file(tmp_path):
    r = run("deal", "yukon", "3")
    assert r.exit_code == 0
    assert "yukon deal 3" in r.output and "t2: <KC> KS 8D TD 3S JC" in r.output
    r = run("deal", "yukon", "3", "--json")
    data = json.loads(r.output)
    assert data["game"] == "yukon" and data["deal"] == 3 and data["layout"]["stock"] == []
    assert data["layout"]["tableau"][0] == ["2H"]


def test_swap_components_are_noted_and_their_wins_replay(tmp_path):
    """--swap-components (the swap components): a win that plays swaps of its own replays in
    ``show``, the solution file says how it was searched, and a lost deal
    stays lost in fewer nodes than without it."""
    r = run("solve", "yukon", "3", "--swap-components", "--json")
    sol = json.loads(r.output)
    assert sol["result"] == "solved" and sol["stats"]["swap_components"] is True
    path = tmp_path / "s.json"
    path.write_text(r.output)
    assert run("show", str(path)).output.rstrip().endswith("won")
    assert "swap_components" not in json.loads(run("solve", "yukon", "3", "--json").output)["stats"]
    lost = [json.loads(run("solve", "yukon", "96", *extra, "--json").output) for extra in ([], ["--swap-components"])]
    assert [s["result"] for s in lost] == ["unsolvable", "unsolvable"]
    assert lost[1]["stats"]["nodes"] < lost[0]["stats"]["nodes"]


def test_solve_optimal_writes_proved_flag(tmp_path):
    """The crafted deal whose only tableau move is 9C>t5: 53 moves, proved."""
    piles = [[cards.name(cards.make(r, s)) for s in range(4) for r in range(1, 14)][a:b][::-1]
             for a, b in [(0, 1), (1, 7), (7, 14), (14, 22), (22, 31), (31, 41), (41, 52)]]
    piles[2][-2:] = ["8C", "9C"]
    deal_file = tmp_path / "d.json"
    deal_file.write_text(json.dumps({"game": "yukon", "layout": {"tableau": piles, "stock": []}}))
    r = run("solve", "--deal-file", str(deal_file), "--optimal", "--json")
    assert r.exit_code == 0
    sol = json.loads(r.stdout)
    assert sol["result"] == "solved" and sol["optimal"] is True and len(sol["moves"]) == 53
    assert "lower_bound" not in sol
    r = run("solve", "yukon", "3", "--optimal", "--max-nodes", "20000", "--json")
    sol = json.loads(r.stdout)
    assert sol["result"] == "solved" and sol["optimal"] is False
    assert 52 <= sol["lower_bound"] < len(sol["moves"])
