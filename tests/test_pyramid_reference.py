"""The reference engine follows RULES.md's Pyramid, option by option."""
import pytest

from solitaire.games.base import IllegalMove
from solitaire.rules import parse_rules

from test_pyramid_helpers import SPEC, crafted

# Row 6 is 9C TH TD TC JS JH, row 7 KS QH AH JD 2C TS 3S; the stock starts 7H 6C 4D 9D KD.


def deal():
    rows = ["5S", "5H", "5D", "6S", "6H", "6D", "7S", "7D", "7C", "8S",
            "8H", "8D", "8C", "9S", "9H", "9C", "TH", "TD", "TC", "JS", "JH",
            "KS", "QH", "AH", "JD", "2C", "TS", "3S"]
    stock = ["7H", "6C", "4D", "9D", "KD", "QD", "AD", "2D", "3D", "4H", "2H", "3H", "KH", "QS", "AS",
             "2S", "4S", "KC", "QC", "AC", "3C", "4C", "5C", "JC"]
    return crafted(rows, stock)


def ref(**rules):
    return SPEC.new_reference(deal().layout, parse_rules(SPEC, rules))


def test_start_position():
    s = ref()
    assert sorted(s.legal_moves()) == sorted(["KS", "QH+AH", "JD+2C", "TS+3S", "draw"])
    assert not s.is_won()


def test_removing_exposes_the_card_beneath():
    s = ref()
    assert "TH+3S" not in s.legal_moves()
    s.play("QH+AH")  # TH (row 6, place 2) lay on QH and AH: now exposed, it pairs with 3S
    assert "TH+3S" in s.legal_moves() and "TS+3S" in s.legal_moves()
    s.play("KS")
    assert s.pyramid_exposed(15) and not s.pyramid_exposed(17)  # KS, QH (on 9C) gone; JD still on TD
    with pytest.raises(IllegalMove, match="not exposed"):
        s.play("9H+4D")


def test_draw_one_single_pass():
    s = ref()
    for _ in range(24):
        s.play("draw")
    assert "draw" not in s.legal_moves() and "redeal" not in s.legal_moves()
    with pytest.raises(IllegalMove, match="no pass left"):
        s.play("redeal")
    with pytest.raises(IllegalMove, match="stock is empty"):
        s.play("draw")


def test_waste_card_comes_back_when_the_cards_on_it_go():
    s = ref()
    s.play("draw")  # 7H on the waste
    s.play("draw")  # 6C covers it
    assert "7H+6C" not in s.legal_moves()
    s.play("draw")  # 4D
    s.play("draw")  # 9D: pairs with 4D? 9D+4D both on the one waste pile: only 9D is exposed
    assert "9D+4D" not in s.legal_moves()


def test_passes_and_redeal_keep_the_order():
    s = ref(passes=2)
    for _ in range(24):
        s.play("draw")
    s.play("redeal")
    assert s.stock[:3] == deal().layout.stock[:3]
    for _ in range(24):
        s.play("draw")
    with pytest.raises(IllegalMove, match="no pass left"):
        s.play("redeal")


def test_stock_top_playable():
    plain, top = ref(), ref(stock_top_playable=True)
    assert "7H+6C" not in plain.legal_moves()
    top.play("draw")  # waste 7H, stock top 6C: they pair
    assert "7H+6C" in top.legal_moves()
    top.play("7H+6C")
    assert top.stock[0] == deal().layout.stock[2]
    top.play("draw")
    top.play("draw")  # waste 9D; stock top KD is exposed and removed alone
    assert "KD" in top.legal_moves()


def test_three_waste_piles():
    s = ref(draw=3)
    s.play("draw")
    assert [p[-1] for p in s.waste] == deal().layout.stock[:3]
    # 7H and 6C lie on two different piles: both exposed, they pair
    assert "7H+6C" in s.legal_moves()
    s.play("draw")
    assert [len(p) for p in s.waste] == [2, 2, 2]
    with pytest.raises(IllegalMove, match="no redeal"):
        s.play("redeal")


def test_pair_covering():
    rows = ["3D", "TS", "8C"] + deal_rows_rest()
    plain = SPEC.new_reference(crafted(rows, rest_stock()).layout, parse_rules(SPEC, {}))
    cover = SPEC.new_reference(crafted(rows, rest_stock()).layout, parse_rules(SPEC, {"pair_covering": True}))
    for s in (plain, cover):
        for i in range(1, 28):
            if i not in (1, 2):
                s.pyramid[i] = None
        s.pyramid[2] = None  # only TS is left on 3D, and TS is exposed
    assert "TS+3D" not in plain.legal_moves()
    assert "TS+3D" in cover.legal_moves()
    cover.play("TS+3D")
    assert cover.is_won()


def deal_rows_rest():
    used = {"3D", "TS", "8C"}
    names = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    return [n for n in names if n not in used][:25]


def rest_stock():
    used = {"3D", "TS", "8C"} | set(deal_rows_rest())
    return [n for n in (r + s for s in "CDHS" for r in "A23456789TJQK") if n not in used]


def test_bad_moves_say_why():
    s = ref()
    with pytest.raises(IllegalMove, match="do not total 13"):
        s.play("QH+2C")
    with pytest.raises(IllegalMove, match="not a King"):
        s.play("QH")
    with pytest.raises(IllegalMove, match="not a Pyramid move"):
        s.play("QH>f")
    with pytest.raises(IllegalMove, match="redeal only when the stock is empty"):
        ref(passes=2).play("redeal")
