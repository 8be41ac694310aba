"""Cards, PySolFC deal numbers, deal files."""
import json

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from solitaire import cards
from solitaire.deal_ranges import parse_deal_range
from solitaire.deals import DealError, deck
from solitaire.dealing import deal_from_json, make_deal, read_deal_file


def test_card_names_round_trip_and_accept_variants():
    assert [cards.name(c) for c in cards.ALL_CARDS] == [r + s for s in "CDHS" for r in "A23456789TJQK"]
    assert cards.parse("10d") == cards.parse("TD") == cards.parse(" td ")
    for bad in ["1D", "AX", "", "KKS", "11C"]:
        with pytest.raises(cards.CardError):
            cards.parse(bad)


def test_deck_is_a_permutation_and_deterministic():
    for n in (1, 24, 32000, 32001, 123456789, 10**19):
        d = deck(n)
        assert sorted(d) == list(range(52))
        assert d == deck(n)
    assert deck(1) != deck(2)


@pytest.mark.parametrize("bad", [0, -1, 10**20, 1.5, True])
def test_deal_number_out_of_range(bad):
    with pytest.raises(DealError):
        deck(bad)


def pysol_klondike_lines(n):
    text = Game("klondike", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    return text.strip().splitlines()


@pytest.mark.parametrize("n", list(range(1, 60)) + [31999, 32000, 32001, 40000, 1234567, 10**12 + 7])
def test_klondike_layout_matches_pysol_cards(n):
    lines = pysol_klondike_lines(n)
    d = make_deal("klondike", n)
    assert lines[0] == "Talon: " + " ".join(cards.names(d.layout.stock))
    for line, pile in zip(lines[1:], d.layout.tableau):
        shown = [f"<{cards.name(c)}>" for c in pile[:-1]] + [cards.name(pile[-1])]
        assert line.split() == shown


def test_game_24_is_the_klondike_solver_pysol_test_deck():
    # "Pysol game" deck of the Klondike-Solver project's TestDeals.txt (independent source).
    expected_talon = "TC TS AD 4D QS 3H 3S JH TD KC 8H 8S 4S 4H KS 6D 8D 7C JD 9D 2H QD 3D AS".split()
    expected_piles = ["5C", "7H 9H", "2D 9S AC", "5D QH 5S 8C", "QC 2C JS 3C 7D", "5H 7S KD 9C JC 6S",
                      "4C AH 2S 6C 6H TH KH"]
    d = make_deal("klondike", 24)
    assert cards.names(d.layout.stock) == expected_talon
    assert [" ".join(cards.names(p)) for p in d.layout.tableau] == expected_piles


def test_deal_file_round_trip(tmp_path):
    d = make_deal("klondike", 24)
    path = tmp_path / "d.json"
    path.write_text(json.dumps(d.to_json()))
    back = read_deal_file(path)
    assert back == d
    data = json.loads(path.read_text())
    assert data["game"] == "klondike" and data["deal"] == 24
    assert data["layout"]["tableau"][0] == ["5C"] and len(data["layout"]["stock"]) == 24


def _deal_json():
    return make_deal("klondike", 5).to_json()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["layout"]["tableau"][0].__setitem__(0, "ZZ"), "unknown card"),
    (lambda d: d.pop("layout"), "no 'layout'"),
    (lambda d: d.__setitem__("deal", -4), "out of range"),
])
def test_bad_deal_files_are_refused_with_the_problem_named(mutate, message):
    data = _deal_json()
    mutate(data)
    with pytest.raises(Exception) as info:
        deal_from_json(data)
    assert message in str(info.value)


def test_unreadable_deal_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(DealError, match="not valid JSON"):
        read_deal_file(bad)
    with pytest.raises(DealError, match="cannot read"):
        read_deal_file(tmp_path / "missing.json")


def test_deal_ranges():
    assert parse_deal_range("1-3,7,2") == [1, 2, 3, 7]
    for bad in ["", "a-b", "5-3", "0-4", "1-"]:
        with pytest.raises(DealError):
            parse_deal_range(bad)
