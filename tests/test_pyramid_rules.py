"""Pyramid rules, presets, deals and layout checks."""
import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from solitaire import cards
from solitaire.deals import DealError, Layout
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.pyramid import layout as geo
from solitaire.rules import RuleError, parse_rules

SPEC = get_game("pyramid")


def test_defaults_and_presets():
    assert parse_rules(SPEC, {}) == {"draw": 1, "passes": 1, "stock_top_playable": False, "pair_covering": False}
    assert parse_rules(SPEC, {"preset": "seed"}) == parse_rules(SPEC, {})
    assert parse_rules(SPEC, {"preset": "microsoft"}) == {"draw": 1, "passes": 3, "stock_top_playable": True,
                                                          "pair_covering": False}
    # an explicit option changes the preset; a complete dict completes to itself
    ms1 = parse_rules(SPEC, {"preset": "microsoft", "passes": "1"})
    assert ms1["passes"] == 1 and ms1["stock_top_playable"] is True
    assert SPEC.complete_rules(ms1) == ms1
    assert parse_rules(SPEC, {"draw": "3", "pair-covering": "on"})["pair_covering"] is True
    assert parse_rules(SPEC, {"passes": "unlimited"})["passes"] == "unlimited"


@pytest.mark.parametrize("given, words", [
    ({"draw": 3, "passes": 2}, "only one pass"),
    ({"draw": 3, "passes": "unlimited"}, "only one pass"),
    ({"draw": 2}, "must be 1 or 3"),
    ({"passes": 0}, "at least 1"),
    ({"preset": "windows"}, "microsoft"),
    ({"build": "any-suit"}, "unknown rule option"),
])
def test_bad_rules_are_refused(given, words):
    with pytest.raises(RuleError, match=words):
        parse_rules(SPEC, given)


def test_layout_matches_pysol_cards_golf_order():
    """Independent source: pysol_cards' own Golf layout prints the PySolFC
    deal of the same number column by column; undoing its row-wise dealing
    gives PySolFC's dealing order, which Pyramid's dealRow() lays out row 1
    first, then the talon in turning order (pysollib/games/pyramid.py)."""
    for number in (1, 7, 617, 31999, 123456789):
        text = Game("golf", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
        lines = text.strip().splitlines()
        talon = lines[0].split(":")[1].split()
        foundation = lines[1].split(":")[1].split()
        columns = [line.split() for line in lines[2:9]]
        order = [columns[i % 7][i // 7] for i in range(35)] + foundation + talon
        layout = make_deal("pyramid", number).layout
        assert [cards.names(r) for r in layout.tableau] == [order[k * (k + 1) // 2: k * (k + 1) // 2 + k + 1]
                                                              for k in range(7)]
        assert cards.names(layout.stock) == order[28:]


def test_a_layout_of_other_rows_is_refused():
    with pytest.raises(DealError, match="expected 7 tableau rows"):
        SPEC.validate_layout(Layout([[0]], list(range(1, 52))))


def test_geometry():
    assert geo.coverers(0) == (1, 2)
    assert geo.coverers(geo.index(5, 2)) == (geo.index(6, 2), geo.index(6, 3))
    assert geo.coverers(geo.index(6, 0)) == ()
    assert geo.cone(0) == frozenset(range(1, 28))
    assert geo.cone(geo.index(5, 0)) == {geo.index(6, 0), geo.index(6, 1)}
    assert geo.position(geo.index(4, 3)) == (4, 3)


def test_render_shows_every_card():
    layout = make_deal("pyramid", 7).layout
    picture = SPEC.render_layout(layout)
    for c in layout.all_cards():
        assert cards.name(c) in picture
    assert "stock (next first)" in picture
