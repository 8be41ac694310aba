"""The solution page without a browser: its data replays the solution, it is small and offline,
and it says what the file says (verdict, length, proved shortest or not)."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from render_helpers import SOLVED, expected_piles, solution, states_of
from solitaire import cards
from solitaire.cli import main
from solitaire.dealing import make_deal
from solitaire.render import PageError, solution_page

GAMES = list(SOLVED)


def page_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="solution-data">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def decoded_piles(data: dict, key: str = "steps") -> list[dict[str, list[tuple[str, str]]]]:
    """Each position's piles, rebuilt from the page's steps (step 0 whole, then changes) as page.js does."""
    out, placed = [], {}
    for entries in data[key]:
        for card, x, y, up, z, pile, index in entries:
            placed[card] = (data["piles"][pile], index, "up" if up else "down")
        piles: dict[str, list] = {}
        for card, (pile, index, face) in sorted(placed.items(), key=lambda kv: (kv[1][0], kv[1][1])):
            piles.setdefault(pile, []).append((data["names"][card], face))
        if "removed" in piles:
            piles["removed"] = sorted(piles["removed"])
        out.append(piles)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_page_carries_every_position_of_the_solution(game):
    data = solution(game)
    html = solution_page(data)
    carried = page_data(html)
    states = states_of(data)
    assert carried["moves"] == data["moves"] and len(carried["steps"]) == len(states)
    assert decoded_piles(carried) == [expected_piles(game, s) for s in states]
    assert decoded_piles(carried, "open_steps") == decoded_piles(carried)  # revealed: the same piles, spread
    assert carried["end_text"] == "won"
    assert html.count("<li data-step=") == len(data["moves"])


@pytest.mark.parametrize("game", ["klondike", "yukon"])
def test_a_long_solution_page_is_small(game):
    data = solution(game)
    assert len(data["moves"]) >= 100
    assert len(solution_page(data).encode()) < 300 * 1024


def test_page_is_offline():
    html = solution_page(solution("pyramid"))
    assert re.findall(r"https?://[^\"' ]+", html) == ["http://www.w3.org/2000/svg"] * 2  # namespace names only
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", html)


def test_header_says_verdict_length_and_whether_shortest():
    data = dict(solution("bakers-dozen"))
    n = len(data["moves"])
    html = solution_page(data)
    assert "Baker&#x27;s Dozen deal 5" in html and "build=any-suit, kings=bottom" in html
    assert f"Won in {n} moves, not proved shortest." in html
    assert f"Won in {n} moves, proved shortest." in solution_page({**data, "optimal": True})
    assert f"every win takes at least {n - 3} moves" in solution_page({**data, "lower_bound": n - 3})


@pytest.mark.parametrize("result, says", [("unsolvable", "Lost: no line of play wins this deal"),
                                          ("unknown", "Unknown: the search stopped before deciding (node budget)")])
def test_a_page_without_a_win_shows_the_deal(result, says):
    deal = make_deal("pyramid", 2)
    html = solution_page({"game": "pyramid", "rules": {}, "deal": deal.to_json(), "result": result, "moves": [],
                          "stats": {"nodes": 10, "seconds": 0.1, "stopped_by": "node budget"}})
    assert says in html and 'class="verdict lost"' in html and "<li data-step=" not in html
    carried = page_data(html)
    assert len(carried["steps"]) == 1
    shown = {data_card: pile for data_card, pile in
             ((carried["names"][e[0]], carried["piles"][e[5]]) for e in carried["steps"][0])}
    assert shown[cards.name(deal.layout.tableau[0][0])] == "p1"


def test_moves_that_do_not_win_or_do_not_replay_are_refused():
    data = solution("yukon")
    with pytest.raises(PageError, match=f"the {len(data['moves']) - 1} moves are legal but do not win"):
        solution_page({**data, "moves": data["moves"][:-1]})
    bad = list(data["moves"])
    bad[2] = "KS>t1" if bad[2] != "KS>t1" else "KH>t1"
    with pytest.raises(PageError, match="move 3 "):
        solution_page({**data, "moves": bad})
    with pytest.raises(PageError, match="one set per position"):
        solution_page(data, known=[set()])


def test_show_html_writes_the_page(tmp_path):
    src = tmp_path / "s.json"
    src.write_text(json.dumps(solution("pyramid")))
    out = tmp_path / "win.html"
    r = CliRunner().invoke(main, ["show", str(src), "--html", str(out)], catch_exceptions=False)
    assert r.exit_code == 0 and r.output.startswith(f"wrote {out} ({len(solution('pyramid')['moves'])} moves")
    assert page_data(out.read_text())["moves"] == solution("pyramid")["moves"]
    src.write_text(json.dumps({**solution("pyramid"), "moves": solution("pyramid")["moves"][:5]}))
    r = CliRunner().invoke(main, ["show", str(src), "--html", str(out)])
    assert r.exit_code == 2 and r.output.strip() == "error: the 5 moves are legal but do not win the game"


def test_a_play_file_steps_through_the_moves_played():
    data = solution("bakers-dozen")
    won = solution_page({**data, "result": "won", "policy": {"name": "greedy"}, "hidden": "tableau", "seed": 1})
    assert f"Won as played by policy greedy, in {len(data['moves'])} moves." in won
    lost = solution_page({**data, "result": "lost", "moves": data["moves"][:10], "policy": {"name": "greedy"}})
    assert "Lost as played by policy greedy, in 10 moves." in lost and 'class="verdict lost"' in lost
    carried = page_data(lost)
    assert len(carried["steps"]) == 11 and carried["end_text"] == ""


def test_a_missing_browser_fails_in_one_line_saying_how_to_install_it(monkeypatch):
    from render_helpers import launch_browser

    monkeypatch.setenv("SOLITAIRE_CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(pytest.fail.Exception) as failed:
        launch_browser()
    message = str(failed.value)
    assert "\n" not in message and "apt-get install -y chromium" in message and "pip install -e" in message
