"""The solution page in a real browser (headless Chromium): step through each game's win with
the keyboard and check, position by position, that the cards shown are the reference engine's.

Needs Chromium and Playwright (`apt-get install -y chromium`, `pip install -e ".[dev]"`); without
them these tests fail with one line saying so.  Screenshots go to each test's temp folder."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from render_helpers import SOLVED, expected_piles, launch_browser, playable_cards, solution, states_of
from solitaire import cards
from solitaire.cli import main
from solitaire.render import solution_page

READ_CARDS = """() => Array.from(document.querySelectorAll('#board use.card')).map(e =>
    [e.dataset.card, e.dataset.pile, Number(e.dataset.index), e.dataset.face, e.getAttribute('href')])"""
# For each named card: the element at its index corner (rank and suit), as the player would point at it.
AT_INDEX = """(names) => names.map(name => {
    const el = document.querySelector(`#board use.card[data-card="${name}"]`);
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width * 0.2, r.top + r.height * 0.12);
    return hit && hit.dataset ? hit.dataset.card || hit.id || hit.tagName : null;
})"""
SETTLED = "() => document.getAnimations().length === 0"


@pytest.fixture(scope="module")
def browser():
    pw, chromium = launch_browser()
    yield chromium
    chromium.close()
    pw.stop()


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    page.close()
    assert not errors, errors


def open_page(page, path, html):
    path.write_text(html, encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector('body[data-ready="1"]')


def page_from_cli(tmp_path, data) -> str:
    """The page as a user makes it: ``solitaire show s.json --html win.html``."""
    (tmp_path / "s.json").write_text(json.dumps(data))
    out = tmp_path / "win.html"
    r = CliRunner().invoke(main, ["show", str(tmp_path / "s.json"), "--html", str(out)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out.read_text(encoding="utf-8")


def shown_piles(page) -> dict[str, list[tuple[str, str]]]:
    piles = {}
    for card, pile, index, face, href in sorted(page.evaluate(READ_CARDS), key=lambda c: (c[1], c[2])):
        assert href == ("#c-" + card if face == "up" else "#back"), (card, face, href)
        piles.setdefault(pile, []).append((card, face))
    if "removed" in piles:
        piles["removed"] = sorted(piles["removed"])
    return piles


def step(page) -> int:
    return int(page.evaluate("document.body.dataset.step"))


@pytest.mark.parametrize("game", list(SOLVED))
def test_keyboard_steps_through_the_win(page, tmp_path, game):
    data = solution(game)
    states = states_of(data)
    n = len(data["moves"])
    open_page(page, tmp_path / f"{game}.html", page_from_cli(tmp_path, data))
    assert int(page.evaluate("document.body.dataset.steps")) == n
    checkpoints = {0, 1, n // 3, 2 * n // 3, n}
    for k in range(n + 1):
        if k:
            page.keyboard.press("ArrowRight")
        assert step(page) == k
        assert shown_piles(page) == expected_piles(game, states[k]), f"position after {k} moves"
        if k in checkpoints:
            page.wait_for_function(SETTLED)
            visible = sorted(playable_cards(states[k]))
            assert page.evaluate(AT_INDEX, visible) == visible, f"a playable card is hidden after {k} moves"
            page.screenshot(path=str(tmp_path / f"{game}-{k:03d}.png"))
    assert page.locator("#status").inner_text().endswith("(won)")
    assert page.locator("#moves li.current").inner_text() == data["moves"][-1]
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert step(page) == n
    page.keyboard.press("ArrowLeft")
    assert step(page) == n - 1 and shown_piles(page) == expected_piles(game, states[n - 1])
    page.keyboard.press("Home")
    assert step(page) == 0 and shown_piles(page) == expected_piles(game, states[0])
    page.keyboard.press("End")
    assert step(page) == n and shown_piles(page) == expected_piles(game, states[n])


def test_buttons_move_list_play_and_reveal(page, tmp_path):
    data = solution("klondike")
    states = states_of(data)
    n = len(data["moves"])
    known = [set(s.piles[6][:2]) for s in states]  # pretend the player knew pile 7's two bottom cards
    open_page(page, tmp_path / "klondike.html", solution_page(data, known=known))
    for k in range(1, 4):
        page.click("#next")
        assert step(page) == k and page.locator("#moves li.current").inner_text() == data["moves"][k - 1]
        before, after = expected_piles("klondike", states[k - 1]), expected_piles("klondike", states[k])
        pile_of = [{c: pile for pile, seq in piles.items() for c, face in seq} for piles in (before, after)]
        moved = sorted(c for c in pile_of[1] if pile_of[0][c] != pile_of[1][c])
        glowing = sorted(page.locator("#board use.card.moved").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert glowing == moved, f"move {k} {data['moves'][k - 1]}"
        assert page.locator("#board rect.from").count() == len({pile_of[0][c] for c in moved})
    page.click("#prev")
    page.click("#prev")
    assert step(page) == 1
    page.click("#moves li[data-step='10']")
    assert step(page) == 10 and shown_piles(page) == expected_piles("klondike", states[10])
    page.click("#last")
    assert step(page) == n and page.is_disabled("#next") and page.is_disabled("#play")
    page.click("#first")
    assert step(page) == 0 and page.is_disabled("#prev")
    page.keyboard.press(" ")
    page.wait_for_function("Number(document.body.dataset.step) >= 2")
    page.keyboard.press(" ")
    paused = step(page)
    page.wait_for_timeout(1500)
    assert step(page) == paused  # space paused it
    page.keyboard.press("Home")

    down = [c for c, p, i, face, href in page.evaluate(READ_CARDS) if face == "down"]
    page.select_option("#reveal", "all")
    shown = {c: (face, href) for c, p, i, face, href in page.evaluate(READ_CARDS)}
    assert all(shown[c] == ("down", "#c-" + c) for c in down)  # still face down in the game, face drawn
    assert page.locator("#board use.card.veiled").count() == len(down)
    tableau_down = sorted(c for c, p, i, face, href in page.evaluate(READ_CARDS) if face == "down" and p[0] == "t")
    page.wait_for_function(SETTLED)
    assert page.evaluate(AT_INDEX, tableau_down) == tableau_down  # each revealed card's index shows
    page.screenshot(path=str(tmp_path / "klondike-revealed.png"))
    page.select_option("#reveal", "player")
    drawn = {c: href for c, p, i, face, href in page.evaluate(READ_CARDS) if face == "down"}
    knew = {cards.name(c) for c in known[0]}
    assert {c for c, href in drawn.items() if href != "#back"} == knew
    page.select_option("#reveal", "backs")
    assert shown_piles(page) == expected_piles("klondike", states[0])


def test_a_long_solution_page_opens_in_under_a_second(page, tmp_path):
    data = solution("klondike")
    assert len(data["moves"]) >= 100
    open_page(page, tmp_path / "long.html", solution_page(data))
    loaded_ms = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    assert 0 < loaded_ms < 1000


def test_a_play_file_page_offers_the_cards_as_the_player_knew_them(page, tmp_path):
    """A blind game's page (``solitaire show g.json --html``): under "as the player knew them"
    a face-down card shows its face exactly when the player had seen it by then (a stock card
    turned in an earlier pass), worked out here from the positions alone."""
    import solitaire as sol

    data = sol.play(sol.deal("klondike", 24), policy="greedy", draw=3, passes=3).to_json()
    states = states_of(data)
    seen, expected = set(), []
    for s in states:
        seen |= {c for pile, down in zip(s.piles, s.down) for c in pile[down:]} | set(s.waste)
        face_down = {c for pile, down in zip(s.piles, s.down) for c in pile[:down]} | set(s.stock)
        expected.append({cards.name(c) for c in face_down & seen})
    assert any(expected), "the game never brought a seen card back face down: no check"
    open_page(page, tmp_path / "g.html", page_from_cli(tmp_path, data))
    assert "as the player knew them" in page.content()
    page.select_option("#reveal", "player")
    for k in sorted({0, len(states) // 2, len(states) - 1, *[i for i, e in enumerate(expected) if e][:3]}):
        if k in (0, len(states) - 1):
            page.keyboard.press("Home" if k == 0 else "End")
        else:
            page.click(f"#moves li[data-step='{k}']")
        assert step(page) == k
        drawn = {c for c, p, i, face, href in page.evaluate(READ_CARDS) if face == "down" and href != "#back"}
        assert drawn == expected[k], f"step {k}"
