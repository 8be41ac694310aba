"""Yukon deals and the reference engine (RULES.md "Yukon")."""
from __future__ import annotations

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from solitaire import cards
from solitaire.deals import Layout, deck
from solitaire.dealing import make_deal
from solitaire.games import get_game
from solitaire.games.base import IllegalMove
from solitaire.games.yukon.reference import YukonState
from solitaire.replaying import ReplayError, replay
from solitaire.rules import RuleError, parse_rules

SPEC = get_game("yukon")


def C(text: str) -> int:
    return cards.parse(text)


def pysol_layout(number: int) -> list[str]:
    """pysol_cards' own Yukon deal: one line per pile, bottom first, face-down in <>."""
    text = Game("yukon", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    return [line for line in text.splitlines() if line.strip()]


def render_like_pysol(layout: Layout) -> list[str]:
    return [" ".join(f"<{cards.name(c)}>" if i < p else cards.name(c) for i, c in enumerate(pile))
            for p, pile in enumerate(layout.tableau)]


@pytest.mark.parametrize("number", [1, 3, 24, 617, 11982, 32000, 32001, 123456789])
def test_layout_matches_pysol_cards(number):
    assert render_like_pysol(make_deal("yukon", number).layout) == pysol_layout(number)


def test_deal_3_pinned():
    layout = make_deal("yukon", 3).layout
    assert cards.names(layout.tableau[0]) == ["2H"]
    assert cards.names(layout.tableau[6]) == ["8H", "9D", "9C", "QH", "5D", "6H", "JD", "6C", "7S", "AH", "5C"]
    assert layout.stock == []
    assert [len(p) for p in layout.tableau] == [1, 6, 7, 8, 9, 10, 11]


def test_face_down_cards_at_the_deal():
    state = SPEC.new_reference(make_deal("yukon", 3).layout, {})
    assert state.face_down == [0, 1, 2, 3, 4, 5, 6]
    assert "t2: <KC> KS 8D TD 3S JC" in state.render()


def test_rules_have_no_options():
    assert parse_rules(SPEC, {}) == {}
    assert SPEC.complete_rules(SPEC.complete_rules({})) == {}
    with pytest.raises(RuleError, match="unknown rule option 'draw' for yukon"):
        parse_rules(SPEC, {"draw": "3"})
    with pytest.raises(RuleError, match="no rule options"):
        SPEC.complete_rules({"draw": 3})


def position(piles: list[list[str]], face_down: list[int], foundations=(0, 0, 0, 0)) -> YukonState:
    return YukonState([[C(c) for c in p] for p in piles], face_down, list(foundations))


def test_any_face_up_card_moves_with_its_load_whatever_order():
    s = position([["9S", "4D", "KC", "2H"], ["TH"], [], [], [], [], []], [0, 0, 0, 0, 0, 0, 0])
    assert "9S>t2" in s.legal_moves()  # 9S carries 4D KC 2H, which are in no order
    s.play("9s>T2")
    assert cards.names(s.piles[1]) == ["TH", "9S", "4D", "KC", "2H"]
    assert s.piles[0] == []


def test_face_down_card_turns_up_and_cannot_move_before():
    s = position([["8D", "9S", "4H"], ["TH"], ["5C"], [], [], [], []], [2, 0, 0, 0, 0, 0, 0])
    assert "9S>t2" not in s.legal_moves()
    with pytest.raises(IllegalMove, match="9S is face down"):
        s.copy().play("9S>t2")
    s.play("4H>t3")
    assert s.face_down[0] == 1  # 9S turned up
    assert "9S>t2" in s.legal_moves()


def test_only_kings_fill_empty_piles_and_only_top_cards_go_up():
    s = position([["AS", "KD", "QS"], ["QH"], [], [], [], [], []], [0, 0, 0, 0, 0, 0, 0])
    moves = set(s.legal_moves())
    assert {"KD>t3", "KD>t4", "KD>t5", "KD>t6", "KD>t7"} <= moves
    assert "QH>t3" not in moves and "AS>f" not in moves
    with pytest.raises(IllegalMove, match="only a King may fill empty pile 3, not QH"):
        s.copy().play("QH>t3")
    with pytest.raises(IllegalMove, match="AS is not the top card"):
        s.copy().play("AS>f")


def test_foundation_building_and_error_messages():
    s = position([["2C"], ["AC"], ["3C"], [], [], [], []], [0] * 7)
    with pytest.raises(IllegalMove, match="2C cannot go to its foundation, which holds nothing"):
        s.copy().play("2C>f")
    s.play("AC>f")
    s.play("2C>f")
    with pytest.raises(IllegalMove, match="AC is already on its foundation"):
        s.copy().play("AC>t3")
    s.play("3C>f")
    assert s.foundations == [3, 0, 0, 0]
    with pytest.raises(IllegalMove, match="not a Yukon move"):
        s.copy().play("draw")


def test_building_errors():
    s = position([["9S"], ["TS"], ["TH"], [], [], [], []], [0] * 7)
    with pytest.raises(IllegalMove, match="9S cannot go on TS in pile 2"):
        s.copy().play("9S>t2")
    with pytest.raises(IllegalMove, match="there is no tableau pile 9"):
        s.copy().play("9S>t9")
    with pytest.raises(IllegalMove, match="already in pile 1"):
        s.copy().play("9S>t1")
    s.play("9S>t3")
    assert cards.names(s.piles[2]) == ["TH", "9S"] and s.legal_moves() == []


def test_won_only_when_all_four_suits_are_built():
    s = position([["KS"], [], [], [], [], [], []], [0] * 7, (13, 13, 13, 12))
    assert not s.is_won() and s.legal_moves() == ["KS>f"] + [f"KS>t{n}" for n in range(2, 8)]
    s.play("KS>f")
    assert s.is_won() and s.legal_moves() == []


def test_replay_names_the_bad_move():
    layout = make_deal("yukon", 3).layout
    with pytest.raises(ReplayError, match=r"^move 2 'KS>t1' is illegal: KS cannot go on 5H in pile 1 \(needs one rank lower"):
        replay(SPEC, layout, {}, ["AC>t1", "KS>t1"])
    with pytest.raises(ReplayError, match="move 1 'XX>f'"):
        replay(SPEC, layout, {}, ["XX>f"])


def test_deck_order_is_dealing_order():
    # The first six cards dealt are the bottom (face-down) cards of piles 2..7.
    d = deck(3)
    assert [p[0] for p in make_deal("yukon", 3).layout.tableau[1:]] == d[:6]
    assert make_deal("yukon", 3).layout.tableau[0] == [d[45]]
