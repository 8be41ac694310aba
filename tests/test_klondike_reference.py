"""Klondike reference engine: each rule of RULES.md on crafted positions."""
import pytest

from klondike_helpers import sorted_deal
from solitaire import cards
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.base import IllegalMove
from solitaire.rules import RuleError, parse_rules

SPEC = get_game("klondike")


def new(deal=None, **rules):
    d = deal or make_deal("klondike", 24)
    return SPEC.new_reference(d.layout, parse_rules(SPEC, rules))


def test_rule_defaults_follow_the_draw():
    assert parse_rules(SPEC, {}) == {"draw": 1, "passes": 1, "foundation_to_tableau": False}
    assert parse_rules(SPEC, {"draw": "3"})["passes"] == 3
    assert parse_rules(SPEC, {"draw": 2})["passes"] == "unlimited"
    assert parse_rules(SPEC, {"draw": 3, "passes": "unlimited"})["passes"] == "unlimited"


@pytest.mark.parametrize("given", [{"draw": 0}, {"passes": 0}, {"draw": "x"}, {"build": "any-suit"},
                                   {"foundation_to_tableau": "maybe"}])
def test_bad_rules_are_refused(given):
    with pytest.raises(RuleError):
        parse_rules(SPEC, given)


def test_initial_deal_24():
    s = new()
    assert s.down == [0, 1, 2, 3, 4, 5, 6]
    assert "draw" in s.legal_moves()
    assert "AC>f" in s.legal_moves()  # pile 3's top
    assert "redeal" not in s.legal_moves()


def test_draw_three_turns_three_and_only_top_plays():
    s = new(draw=3)
    s.play("draw")
    assert cards.names(s.waste) == ["TC", "TS", "AD"]
    assert "AD>f" in s.legal_moves()
    with pytest.raises(IllegalMove, match="not on top"):
        s.play("TS>t1")


def test_passes_are_counted_exactly():
    s = new(draw=3)  # three passes: two redeals
    for expected_pass in (1, 2, 3):
        assert s.passes_used == expected_pass
        while s.stock:
            s.play("draw")
        if expected_pass < 3:
            assert "redeal" in s.legal_moves()
            s.play("redeal")
            assert cards.names(s.stock[:3]) == ["TC", "TS", "AD"]  # same order, not shuffled
    assert "redeal" not in s.legal_moves()
    with pytest.raises(IllegalMove, match="no pass remains"):
        s.play("redeal")


def test_single_pass_draw_one():
    s = new()
    for _ in range(24):
        s.play("draw")
    assert "draw" not in s.legal_moves() and "redeal" not in s.legal_moves()


def test_redeal_needs_an_empty_stock():
    s = new(draw=1, passes="unlimited")
    with pytest.raises(IllegalMove, match="stock is not empty"):
        s.play("redeal")


def test_tableau_building_and_face_down_turning():
    s = new()
    s.play("AC>f")  # pile 3 top: 9S becomes face up
    assert s.down[2] == 1 and s.piles[2][-1] == cards.parse("9S")
    with pytest.raises(IllegalMove, match="cannot go on"):
        s.play("9S>t1")  # 9S on 5C
    s.play("8C>t2")  # no: 8C on 9H (red 9, black 8) is legal
    assert cards.names(s.piles[1]) == ["7H", "9H", "8C"]
    assert s.down[3] == 2  # pile 4 turned 5S face up


def test_only_kings_fill_empty_piles():
    s = new(sorted_deal())
    for rank in "A234567":
        s.play(f"{rank}H>f")
    assert s.piles[6] == [] and s.down[6] == 0
    assert "KS>t7" in s.legal_moves()  # a King (here alone in pile 1) may fill it
    with pytest.raises(IllegalMove, match="only a King"):
        s.play("QD>t7")
    s.play("KS>t7")
    assert s.piles[0] == [] and cards.names(s.piles[6]) == ["KS"]


def test_foundation_to_tableau_option():
    d = sorted_deal()
    off = new(d)
    on = new(d, foundation_to_tableau=True)
    for s in (off, on):
        for m in ["AH>f", "2H>f", "3H>f"]:
            s.play(m)
    # pile 5's top is AS, pile 4's top 6S; 3H could go back onto a black 4 only: none exposed.
    for s in (off, on):
        for m in ["AS>f", "2S>f", "3S>f"]:
            s.play(m)
    # now 4S is pile 5's top: 3H (red) may come back onto it only with the option on
    assert "3H>t5" in on.legal_moves()
    assert "3H>t5" not in off.legal_moves()
    with pytest.raises(IllegalMove, match="foundation_to_tableau is off"):
        off.play("3H>t5")
    on.play("3H>t5")
    assert on.foundation[2] == 2 and on.piles[4][-1] == cards.parse("3H")


def test_illegal_moves_say_why():
    s = new()
    with pytest.raises(IllegalMove, match="face down"):
        s.play("7H>t1")
    with pytest.raises(IllegalMove, match="still in the stock"):
        s.play("TC>f")
    with pytest.raises(IllegalMove, match="does not follow"):
        s.play("KH>f")
    with pytest.raises(ValueError):
        s.play("nonsense")
