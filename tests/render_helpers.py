"""Helpers of the picture and page tests: real solutions, what a position
holds (read from the reference state itself, not through the layouts under
test), and a headless Chromium for the browser tests."""
from __future__ import annotations

import functools
import os
import shutil

import pytest

from solitaire import cards
from solitaire.games import get_game

# One solution per game, found by the solver (deal, rules); Klondike's and Yukon's are over 100 moves.
SOLVED = {
    "klondike": (24, {"draw": 3}),
    "pyramid": (7, {"draw": 3}),
    "yukon": (3, {}),
    "bakers-dozen": (5, {}),
}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
INSTALL_HINT = ("install Chromium and Playwright: apt-get install -y chromium && pip install -e '.[dev]' "
                "(or set SOLITAIRE_CHROMIUM to a Chromium binary)")


@functools.lru_cache(maxsize=None)
def solution(game: str) -> dict:
    """A solution file's content for ``game`` (the only place these tests call the solver)."""
    from solitaire.dealing import make_deal
    from solitaire.solver import solve

    number, rules = SOLVED[game]
    result = solve(make_deal(game, number), rules, max_nodes=200_000, tt_mb=64)
    assert result.verdict == "solved", result.summary()
    return result.to_json()


def states_of(data: dict) -> list:
    """The reference positions of a solution file: the deal, then after each move."""
    from solitaire.dealing import deal_from_json
    from solitaire.rules import parse_rules

    spec = get_game(data["game"])
    deal = deal_from_json(data["deal"])
    state = spec.new_reference(deal.layout, parse_rules(spec, data["rules"]))
    out = [state.copy()]
    for move in data["moves"]:
        state.play(move)
        out.append(state.copy())
    return out


def expected_piles(game: str, state) -> dict[str, list[tuple[str, str]]]:
    """pile -> [(card, "up" | "down")] bottom first, straight from the state's fields.

    Pyramid's removed cards are listed sorted by name: the state knows which
    cards are gone, not in which order."""
    piles: dict[str, list[tuple[str, str]]] = {}

    def put(pile: str, seq) -> None:
        seq = list(seq)
        if seq:
            piles[pile] = seq

    def up(c, is_up=True):
        return cards.name(c), "up" if is_up else "down"

    if game == "pyramid":
        for i, c in enumerate(state.pyramid):
            if c is not None:
                put(f"p{i + 1}", [up(c)])
        top_shown = state.rules["stock_top_playable"]
        put("stock", [up(c, top_shown and j == 0) for j, c in reversed(list(enumerate(state.stock)))])
        names = ["waste"] if len(state.waste) == 1 else ["w1", "w2", "w3"]
        for name, pile in zip(names, state.waste):
            put(name, [up(c) for c in pile])
        present = {c for c in state.pyramid if c is not None} | set(state.stock) | {c for p in state.waste for c in p}
        put("removed", sorted((up(c) for c in cards.ALL_CARDS if c not in present)))
        return piles
    tableau = state.columns if game == "bakers-dozen" else state.piles
    hidden = {"klondike": lambda: state.down, "yukon": lambda: state.face_down,
              "bakers-dozen": lambda: [0] * len(tableau)}[game]()
    for p, pile in enumerate(tableau):
        put(f"t{p + 1}", [up(c, i >= hidden[p]) for i, c in enumerate(pile)])
    built = state.foundations if game == "yukon" else state.foundation
    for s, rank in enumerate(built):
        put(f"f{cards.SUITS[s]}", [up(cards.make(r, s)) for r in range(1, rank + 1)])
    if game == "klondike":
        put("stock", [up(c, False) for c in reversed(state.stock)])
        put("waste", [up(c) for c in state.waste])
    return piles


def playable_cards(state) -> set[str]:
    """The cards named by the position's legal moves: a picture must show each one's rank and suit."""
    from solitaire.notation import Move

    out = set()
    for text in state.legal_moves():
        m = Move.parse(text)
        out.update(cards.name(c) for c in (m.card, m.other) if c >= 0)
    return out


def chromium_path() -> str:
    """The Chromium binary the browser tests drive (never downloaded by the tests)."""
    given = os.environ.get("SOLITAIRE_CHROMIUM")
    found = given or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found or not os.path.exists(found):
        pytest.fail(f"no Chromium found: {INSTALL_HINT}", pytrace=False)
    return found


def launch_browser():
    """(playwright, browser): a headless Chromium; fails in one line when it is not installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(f"Playwright is not installed: {INSTALL_HINT}", pytrace=False)
    path = chromium_path()
    pw = sync_playwright().start()
    try:
        return pw, pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    except Exception as exc:  # noqa: BLE001  (any launch failure is the same advice)
        pw.stop()
        pytest.fail(f"Chromium at {path} did not start ({str(exc).splitlines()[0]}): {INSTALL_HINT}", pytrace=False)
