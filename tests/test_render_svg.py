"""Pictures of positions: every card where the state says, playable cards legible, SVG well formed."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from render_helpers import expected_piles, playable_cards
from solitaire import cards
from solitaire.cli import main
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.base import ReferenceState
from solitaire.render import UnknownPicture, deal_svg, glyphs, position_svg, scene_of
from solitaire.rules import parse_rules

SVG_NS = "{http://www.w3.org/2000/svg}"
INDEX = (2, 2, 34, 20)  # the card index (rank, then suit) within a card: x, y, width, height
SETTINGS = [
    ("klondike", {"draw": 1}), ("klondike", {"draw": 3, "passes": "unlimited", "foundation_to_tableau": True}),
    ("pyramid", {"draw": 1}), ("pyramid", {"draw": 3}),
    ("pyramid", {"draw": 1, "passes": 3, "stock_top_playable": True, "pair_covering": True}),
    ("yukon", {}), ("bakers-dozen", {}), ("bakers-dozen", {"build": "other-suit", "kings": "free"}),
]


def scene_piles(scene) -> dict[str, list[tuple[str, str]]]:
    piles = {}
    for p in sorted(scene.cards, key=lambda p: (p.pile, p.index)):
        piles.setdefault(p.pile, []).append((cards.name(p.card), "up" if p.face_up else "down"))
    if "removed" in piles:
        piles["removed"] = sorted(piles["removed"])
    return piles


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def check_scene(game, state, scene) -> None:
    assert scene_piles(scene) == expected_piles(game, state)
    assert sorted(p.card for p in scene.cards) == list(cards.ALL_CARDS)
    for p in scene.cards:
        assert 0 <= p.x and p.x + glyphs.CARD_W <= scene.width and 0 <= p.y and p.y + glyphs.CARD_H <= scene.height
    for name in playable_cards(state):  # nothing drawn over a playable card's rank and suit
        p = next(q for q in scene.cards if cards.name(q.card) == name)
        assert p.face_up, name
        index = (p.x + INDEX[0], p.y + INDEX[1], INDEX[2], INDEX[3])
        covering = [cards.name(q.card) for q in scene.cards
                    if q.z > p.z and overlaps(index, (q.x, q.y, glyphs.CARD_W, glyphs.CARD_H))]
        assert not covering, f"{name} in {p.pile} is covered by {covering}"


def check_piles_apart(scene) -> None:
    """Piles never overlap one another (except the pyramid's rows, which overlap by design)."""
    boxes = {}
    for p in scene.cards:
        if p.pile.startswith("p"):
            continue
        x0, y0, x1, y1 = boxes.get(p.pile, (p.x, p.y, p.x, p.y))
        boxes[p.pile] = (min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y))
    boxes = {k: (x0, y0, x1 - x0 + glyphs.CARD_W, y1 - y0 + glyphs.CARD_H) for k, (x0, y0, x1, y1) in boxes.items()}
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlaps(boxes[a], boxes[b]), (a, b)


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: f"{s[0]}-{'-'.join(map(str, s[1].values()))}")
@settings(max_examples=5, deadline=None)
@given(number=st.integers(1, 32000), seed=st.integers(0, 2**32 - 1))
def test_random_play_is_drawn_as_the_state_says(setting, number, seed):
    """Along a random line of play, each scene holds exactly the state's piles, face up or
    down as the rules say, and every card a legal move names shows its rank and suit."""
    game, given_rules = setting
    spec = get_game(game)
    state = spec.new_reference(make_deal(game, number).layout, parse_rules(spec, given_rules))
    rng = random.Random(seed)
    scene = scene_of(state)
    slots = scene.slots
    z_of: dict[tuple[str, int], int] = {}
    for _ in range(80):
        check_scene(game, state, scene)
        check_piles_apart(scene)
        assert scene.slots == slots  # empty places depend on the rules only
        for p in scene.cards:  # stacking order by pile and place alone: a page re-sends only cards that moved
            assert z_of.setdefault((p.pile, p.index), p.z) == p.z, (p.pile, p.index)
        moves = state.legal_moves()
        if not moves:
            break
        state.play(rng.choice(moves))
        scene = scene_of(state, game, scene)


def test_pyramid_keeps_the_order_cards_were_removed_in():
    spec = get_game("pyramid")
    state = spec.new_reference(make_deal("pyramid", 7).layout, parse_rules(spec, {"draw": 3}))
    scene = scene_of(state)
    for move in ("KS", "KD"):
        state.play(move)
        scene = scene_of(state, "pyramid", scene)
    assert [cards.name(p.card) for p in scene.pile("removed")] == ["KS", "KD"]  # not card order (KD < KS)


def parse(svg: str):
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    return root, root.findall(f".//{SVG_NS}use[@class='card']")


@pytest.mark.parametrize("game, face_up", [("klondike", 7), ("pyramid", 28), ("yukon", 31), ("bakers-dozen", 52)])
def test_deal_picture_shows_the_deal(game, face_up):
    deal = make_deal(game, 7)
    root, placed = parse(deal_svg(deal))
    assert sorted(u.get("data-card") for u in placed) == sorted(cards.names(cards.ALL_CARDS))
    ups = [u for u in placed if u.get("data-face") == "up"]
    assert len(ups) == face_up
    assert all(u.get("href") == "#c-" + u.get("data-card") for u in ups)
    assert all(u.get("href") == "#back" for u in placed if u.get("data-face") == "down")
    assert root.find(f"{SVG_NS}title").text == {"bakers-dozen": "Baker's Dozen"}.get(game, game.title()) + " deal 7"
    symbols = {s.get("id") for s in root.iter(SVG_NS + "symbol")}
    assert {u.get("href")[1:] for u in placed} <= symbols  # every card drawn is defined in the picture


def test_bakers_dozen_deal_picture_follows_the_kings_rule():
    deal = make_deal("bakers-dozen", 5)
    bottoms = {}
    for kings in ("bottom", "free"):
        _, placed = parse(deal_svg(deal, {"kings": kings}))
        bottoms[kings] = {u.get("data-card") for u in placed if u.get("data-index") == "0"}
    assert all(c in bottoms["bottom"] for c in ("KH", "KS", "KD", "KC"))  # every King moved to the bottom
    assert bottoms["free"] == {cards.name(col[0]) for col in deal.layout.tableau}


def test_cards_need_no_font_and_no_network():
    defs = glyphs.defs(cards.ALL_CARDS)
    assert "<text" not in defs and "font" not in defs
    svg = deal_svg(make_deal("klondike", 1))
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<image" not in svg


def test_reveal_draws_face_down_cards_veiled():
    spec = get_game("klondike")
    state = spec.new_reference(make_deal("klondike", 24).layout, parse_rules(spec, {}))
    _, placed = parse(position_svg(state, reveal=True))
    down = [u for u in placed if u.get("data-face") == "down"]
    assert len(down) == 45
    assert all(u.get("href") == "#c-" + u.get("data-card") and u.get("filter") == "url(#veil)" for u in down)


def test_jupyter_draws_deals_and_positions():
    deal = make_deal("yukon", 3)
    assert deal._repr_svg_() == deal_svg(deal)
    state = get_game("yukon").new_reference(deal.layout, {})
    state.play(state.legal_moves()[0])
    assert state._repr_svg_() == position_svg(state) and "<svg" in state._repr_svg_()

    class Unknown(ReferenceState):
        pass

    assert Unknown()._repr_svg_() is None
    with pytest.raises(UnknownPicture, match="no picture is known for Unknown"):
        position_svg(Unknown())


def test_deal_command_writes_svg():
    r = CliRunner().invoke(main, ["deal", "pyramid", "7", "--svg"], catch_exceptions=False)
    assert r.exit_code == 0
    _, placed = parse(r.output)
    rows = make_deal("pyramid", 7).layout.tableau
    assert [u.get("data-card") for u in placed if u.get("data-pile") == "p1"] == [cards.name(rows[0][0])]
    assert len(placed) == 52
