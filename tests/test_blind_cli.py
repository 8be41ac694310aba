"""``solitaire play``, play files and ``solitaire show``, and ``sol.play``."""
import json

from click.testing import CliRunner

import solitaire as sol
from solitaire.cli import main

SMALL = ["--samples", "4", "--inner-nodes", "400", "--inner-tt-mb", "4"]


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_play_json_then_show_replays_it(tmp_path):
    r = run("play", "klondike", "24", "--draw", "3", "--passes", "unlimited", "--hidden", "tableau", "--seed", "1",
            "--json", *SMALL)
    assert r.exit_code == 0
    play = json.loads(r.output)
    assert play["result"] in ("won", "lost") and play["hidden"] == "tableau" and play["seed"] == 1
    assert play["policy"] == {"name": "hop", "samples": 4, "max_nodes": 400, "tt_mb": 4.0, "candidates": 8,
                              "commit": "reveal", "explore": 0, "minimize": False}
    assert play["rules"] == {"draw": 3, "passes": "unlimited", "foundation_to_tableau": False}
    path = tmp_path / "g.json"
    path.write_text(r.output)
    shown = run("show", str(path), "--moves-only")
    assert shown.exit_code == 0
    assert shown.output.strip().endswith(f"{play['result']} as played by policy hop")
    assert shown.output.count("\n\n") >= len(play["moves"])
    again = run("play", "klondike", "24", "--draw", "3", "--passes", "unlimited", "--hidden", "tableau", "--seed",
                "1", "--json", *SMALL)
    assert {k: v for k, v in json.loads(again.output).items() if k != "stats"} == \
           {k: v for k, v in play.items() if k != "stats"}  # the same file but for the time it took
    page = tmp_path / "g.html"
    assert run("show", str(path), "--html", str(page)).exit_code == 0
    assert "as the player knew them" in page.read_text()


def test_a_play_file_whose_result_lies_is_refused(tmp_path):
    play = json.loads(run("play", "pyramid", "2", "--preset", "microsoft", "--json", *SMALL).output)
    assert play["result"] == "won"
    play["moves"] = play["moves"][:-1]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(play))
    r = CliRunner().invoke(main, ["show", str(path)])
    assert r.exit_code == 2 and "says won, but its moves do not win" in r.output


def test_play_a_range_prints_each_game_and_the_win_rate():
    r = run("play", "yukon", "1-3", "--policy", "greedy")
    lines = r.output.strip().splitlines()
    assert r.exit_code == 0 and len(lines) == 4 and lines[0].startswith("yukon deal 1: ")
    assert lines[-1].startswith("won ") and "95% Wilson interval" in lines[-1]
    jl = CliRunner().invoke(main, ["play", "yukon", "1-3", "--policy", "greedy", "--jsonl"])
    rows = [json.loads(line) for line in jl.stdout.strip().splitlines()]
    assert [row["deal"]["deal"] for row in rows] == [1, 2, 3] and "95% Wilson interval" in jl.stderr


def test_play_a_deal_file(tmp_path):
    deal = tmp_path / "d.json"
    deal.write_text(run("deal", "bakers-dozen", "5", "--json").output)
    r = run("play", "--deal-file", str(deal), "--policy", "greedy")
    assert r.exit_code == 0 and r.output.startswith("bakers-dozen deal 5: ")


def test_the_python_api_plays_and_replays():
    game = sol.play(sol.deal("yukon", 3), policy="hop", samples=4, max_nodes=400, seed=1)
    assert game.result in ("won", "lost") and game.to_json()["policy"]["samples"] == 4
    positions = list(sol.replay(game))
    assert len(positions) == len(game.moves) + 1 and positions[-1].is_won() == game.won
    assert "play" in sol.__all__
