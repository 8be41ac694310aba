"""Baker's Dozen: rules, deals (against pysol_cards), reference engine, crafted deals, the deal's picture."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from solitaire import cards
from solitaire.cli import main
from solitaire.deals import Deal, DealError, Layout, deck
from solitaire.dealing import deal_from_json, make_deal
from solitaire.games import get_game
from solitaire.games.bakers_dozen.layout import move_kings_down
from solitaire.games.bakers_dozen.reference import BakersDozenState
from solitaire.games.base import IllegalMove
from solitaire.replaying import ReplayError, verify_win
from solitaire.rules import RuleError, parse_rules
from solitaire.solver import solve

SPEC = get_game("bakers-dozen")
ALL_RULES = [{"build": b, "kings": k} for b in ("any-suit", "other-suit") for k in ("bottom", "free")]


def P(text: str) -> list[int]:
    return [cards.parse(t) for t in text.split()]


def crafted(columns: list[str]) -> Deal:
    """A hand-made deal: 13 columns as dealt, bottom card first."""
    layout = Layout([P(col) for col in columns], [])
    return deal_from_json({"game": "bakers-dozen", "layout": layout.to_json()})


def sorted_columns() -> list[str]:
    """Column r holds the four cards of rank r (C D H S, spade on top)."""
    return [" ".join(r + s for s in "CDHS") for r in cards.RANKS]


# --- registry and rules --------------------------------------------------------
def test_registry_names_and_handle():
    assert get_game("bakers_dozen") is SPEC and get_game("Bakers-Dozen") is SPEC and SPEC.name == "bakers-dozen"
    assert SPEC.handle.name == "bakers-dozen"


def test_rules_defaults_are_explicit_and_idempotent():
    full = parse_rules(SPEC, {})
    assert full == {"build": "any-suit", "kings": "bottom"}
    assert SPEC.complete_rules(full) == full
    assert parse_rules(SPEC, {"build": "other_suit", "kings": "FREE"}) == {"build": "other-suit", "kings": "free"}


@pytest.mark.parametrize("given, words", [({"build": "same-suit"}, "build"), ({"kings": "top"}, "kings"),
                                          ({"draw": 3}, "unknown rule option 'draw'")])
def test_bad_rules_are_refused(given, words):
    with pytest.raises(RuleError, match=words):
        parse_rules(SPEC, given)
    with pytest.raises(RuleError):
        SPEC.complete_rules({"build": "sideways"})


# --- deals ---------------------------------------------------------------------
def _pysol_cards_layout(number: int) -> list[list[str]]:
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game
    from pysol_cards.random_base import RandomBase

    text = Game("bakers_dozen", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    return [line.split() for line in text.strip().splitlines()]


@pytest.mark.parametrize("numbers", [range(1, 301), [32000, 32001, 32002, 40000, 123456, 10**9 + 7]])
def test_deals_match_pysol_cards_after_the_king_move(numbers):
    """pysol_cards prints PySolFC's columns after its King move: ours, as dealt,
    give exactly that once RULES.md's King move is applied."""
    for n in numbers:
        as_dealt = make_deal("bakers-dozen", n).layout.tableau
        after = [cards.names(col) for col in move_kings_down(as_dealt)]
        assert after == _pysol_cards_layout(n), f"deal {n}"


def test_deal_file_holds_columns_as_dealt_in_rows():
    d = make_deal("bakers-dozen", 10)
    order = list(reversed(deck(10)))  # PySolFC deals Baker's Dozen from the other end
    assert d.layout.tableau[0] == [order[0], order[13], order[26], order[39]]
    assert d.layout.stock == []
    again = deal_from_json(json.loads(json.dumps(d.to_json())))
    assert again.layout.tableau == d.layout.tableau and again.number == 10


def test_king_move_follows_pysolfc_order():
    x = P("2C 3C 4C")
    col = [x[0], cards.parse("KH"), x[1], cards.parse("KS")]
    assert cards.names(move_kings_down([col])[0]) == ["KH", "KS", "3C", "2C"]
    kings_only = P("KC KD 5H KS")
    assert cards.names(move_kings_down([kings_only])[0]) == ["KC", "KD", "KS", "5H"]
    assert move_kings_down([col])[0] is not col and col[1] == cards.parse("KH")  # input untouched


def test_kings_rule_decides_whether_kings_move_at_the_deal():
    d = make_deal("bakers-dozen", 10)
    bottom = SPEC.new_reference(d.layout, {"build": "any-suit", "kings": "bottom"})
    free = SPEC.new_reference(d.layout, {"build": "any-suit", "kings": "free"})
    assert free.columns == d.layout.tableau
    assert bottom.columns == move_kings_down(d.layout.tableau) != d.layout.tableau
    for col in bottom.columns:
        kings = [i for i, c in enumerate(col) if cards.rank(c) == 13]
        assert kings == list(range(len(kings))), "Kings sit at the bottom"


def test_a_layout_of_twelve_columns_is_refused():
    data = make_deal("bakers-dozen", 3).to_json()
    tableau = data["layout"]["tableau"]
    tableau[0].extend(tableau.pop())  # 12 columns, every card still there
    with pytest.raises(DealError, match="expected 13 tableau columns, found 12"):
        deal_from_json(data)


# --- reference engine -------------------------------------------------------------
def _position(columns: list[str], foundation: list[int], rules: dict) -> BakersDozenState:
    return BakersDozenState.from_position([P(c) for c in columns] + [[] for _ in range(13 - len(columns))],
                                          foundation, rules)


def test_reference_legal_moves_follow_each_rule():
    cols = ["8S 9S", "TS", "TH 9H", "KD", ""]
    any_bottom = _position(cols, [13, 12, 7, 7], {"build": "any-suit", "kings": "bottom"})
    assert set(any_bottom.legal_moves()) == {"9H>t2", "9S>t2", "KD>f"}
    other_free = _position(cols, [13, 12, 7, 7], {"build": "other-suit", "kings": "free"})
    assert set(other_free.legal_moves()) == {"9H>t2", "KD>f"} | {f"KD>t{n}" for n in range(5, 14)}
    home = _position(["8S", "AH"], [13, 13, 0, 7], {"build": "any-suit", "kings": "bottom"})
    assert sorted(home.legal_moves()) == ["8S>f", "AH>f"]


@pytest.mark.parametrize("rules, move, words", [
    ({"build": "other-suit", "kings": "bottom"}, "9S>t2", "other-suit building forbids its own suit"),
    ({"build": "any-suit", "kings": "bottom"}, "9S>t3", "exactly one rank lower"),
    ({"build": "any-suit", "kings": "bottom"}, "8S>f", "not the top card of column 1"),
    ({"build": "any-suit", "kings": "bottom"}, "9S>f", "8S goes next"),
    ({"build": "any-suit", "kings": "bottom"}, "9S>t5", "empty columns stay empty"),
    ({"build": "any-suit", "kings": "free"}, "9S>t5", "only a King may fill it"),
    ({"build": "any-suit", "kings": "bottom"}, "9S>t14", "there is no column 14"),
    ({"build": "any-suit", "kings": "bottom"}, "9S>t1", "already in column 1"),
    ({"build": "any-suit", "kings": "bottom"}, "draw", "not a Baker's Dozen move"),
    ({"build": "any-suit", "kings": "bottom"}, "5C>f", "already on its foundation"),
])
def test_reference_refusals_say_why(rules, move, words):
    pos = _position(["8S 9S", "TS", "TH 9H", "KD", ""], [13, 12, 7, 7], rules)
    with pytest.raises(IllegalMove, match=words):
        pos.play(move)


def test_reference_play_and_render():
    pos = _position(["8S 9S", "TS"], [13, 13, 13, 7], {"build": "any-suit", "kings": "bottom"})
    for move in ["9S>t2", "8S>f", "9s>F", "TS>f"]:
        pos.play(move)
    assert pos.foundation == [13, 13, 13, 10] and pos.columns[0] == [] and not pos.is_won()
    assert "foundations: KC KD KH TS" in pos.render()


# --- crafted deals ---------------------------------------------------------------
def nine_of_spades_deal() -> Deal:
    """9S sits on 8S; its only reachable Ten is TS (top of column 10).

    any-suit: 9S>TS frees 8S, and the rest is sorted: solvable.
    other-suit, kings=bottom: 9S may not go on TS or home; the other Tens lie
    under TS, whose Jacks lie under JS, whose Queens lie under QS, whose
    Kings lie under KS, which can never move: unsolvable.
    other-suit, kings=free: once the low columns are cleared, KS goes to an
    empty column, then QS>KH, JS>QH, TS>JH, 9S>TH: solvable.
    """
    cols = sorted_columns()
    cols[7], cols[8] = "8C 8D 8S 9S", "9C 9D 9H 8H"
    return crafted(cols)


def dead_nines_deal() -> Deal:
    """Unsolvable under every rule: two Nines block each other.

    Column 1 is TD 2H TC 9S, column 2 is TH 2S TS 9H.  9S can go home only
    after 2S (under TS and 9H) and onto a Ten only once one is exposed: TC
    and TD lie under 9S itself, TH and TS under 9H.  Symmetrically 9H needs
    2H (under TC and 9S) or a Ten (TC, TD under 9S; TH, TS under 9H).  So
    neither Nine can ever move first, and 2H, 2S never reach home.
    """
    blocked = P("TD 2H TC 9S TH 2S TS 9H")
    rest = [c for r in range(1, 14) for c in (cards.make(r, s) for s in range(4)) if c not in blocked]
    cols = ["TD 2H TC 9S", "TH 2S TS 9H"] + [" ".join(cards.names(rest[i:i + 4])) for i in range(0, 44, 4)]
    return crafted(cols)


@pytest.mark.parametrize("rules", ALL_RULES)
def test_sorted_deal_is_won_in_52_moves_proved_optimal(rules):
    r = solve(crafted(sorted_columns()), rules, optimal=True)
    assert r.verdict == "solved" and r.optimal and len(r.moves) == 52
    assert all(m.endswith(">f") for m in r.moves)


@pytest.mark.parametrize("rules, verdict", [
    ({"build": "any-suit", "kings": "bottom"}, "solved"),
    ({"build": "any-suit", "kings": "free"}, "solved"),
    ({"build": "other-suit", "kings": "bottom"}, "unsolvable"),
    ({"build": "other-suit", "kings": "free"}, "solved"),
])
def test_nine_of_spades_deal_depends_on_both_options(rules, verdict):
    r = solve(nine_of_spades_deal(), rules)
    assert r.verdict == verdict
    if verdict == "solved":
        verify_win(SPEC, nine_of_spades_deal().layout, parse_rules(SPEC, rules), r.moves)
    if rules == {"build": "any-suit", "kings": "bottom"}:
        assert "9S>t10" in r.moves
    if rules["kings"] == "free" and rules["build"] == "other-suit":
        assert "KS>t1" in r.moves or any(m.startswith("KS>t") for m in r.moves)


@pytest.mark.parametrize("rules", ALL_RULES)
def test_dead_nines_deal_is_unsolvable_under_every_rule(rules):
    assert solve(dead_nines_deal(), rules).verdict == "unsolvable"


def test_replay_reports_the_bad_move():
    d = crafted(sorted_columns())
    with pytest.raises(ReplayError, match="move 2 'AC>f' is illegal"):
        verify_win(SPEC, d.layout, parse_rules(SPEC, {}), ["AS>f", "AC>f"])
    with pytest.raises(ReplayError, match="do not win"):
        verify_win(SPEC, d.layout, parse_rules(SPEC, {}), ["AS>f"])


# --- command line -------------------------------------------------------------------
def test_cli_deal_shows_and_writes_the_deal():
    runner = CliRunner()
    shown = runner.invoke(main, ["deal", "bakers-dozen", "10"])
    assert shown.exit_code == 0 and "bakers-dozen deal 10" in shown.output
    assert " 5: 8C AH QH KD" not in shown.output  # shown after the King move: KD at the bottom
    assert " 5: KD AH QH 8C" in shown.output
    written = runner.invoke(main, ["deal", "bakers_dozen", "10", "--json"])
    data = json.loads(written.output)
    assert data["game"] == "bakers-dozen" and data["layout"]["tableau"][4] == ["8C", "AH", "QH", "KD"]


@pytest.mark.parametrize("rules, lds, weighted", [({"build": "other-suit", "kings": "bottom"}, 0.25, 0.6),
                                                  ({"build": "any-suit", "kings": "bottom"}, 0.3, 0.6),
                                                  ({"build": "any-suit", "kings": "free"}, 0.6, 0.3),
                                                  ({"build": "other-suit", "kings": "free"}, 0.9, 0.05)])
def test_phases_get_the_shares_measured_for_the_rules(rules, lds, weighted):
    """The discrepancy phase stops at its share of the budget, weighted A*
    at its own, the DFS gets the rest; then the relaxation has its try, with
    at most twice the budget in relaxed positions (extra to it)."""
    budget = 40_000
    events = []
    r = solve(make_deal("bakers-dozen", 417), rules, max_nodes=budget, progress=events.append)
    by_phase = {p: [e["nodes"] for e in events if e["phase"] == p] for p in ("discrepancy", "weighted", "dfs")}
    if r.verdict == "solved":  # any-suit / free: 417 is won within the budget
        assert r.nodes <= budget and max(by_phase["discrepancy"]) <= int(budget * lds)
        return
    assert max(by_phase["discrepancy"]) == int(budget * lds) < min(by_phase["weighted"])
    assert r.verdict == "unknown" and budget < r.nodes <= 3 * budget and not r.proof
    assert max(by_phase["weighted"]) <= int(budget * lds) + int(budget * weighted) < min(by_phase["dfs"])
    assert max(by_phase["dfs"]) == budget
    assert events[-1]["phase"] == "relaxation" and events[-1]["nodes"] == budget


@pytest.mark.parametrize("stronger, weaker, expected", [
    ({"build": "any-suit", "kings": "bottom"}, {"build": "other-suit", "kings": "bottom"}, True),
    ({"build": "any-suit", "kings": "free"}, {"build": "other-suit", "kings": "free"}, True),
    ({"build": "other-suit", "kings": "bottom"}, {"build": "any-suit", "kings": "bottom"}, False),
    ({"build": "any-suit", "kings": "free"}, {"build": "any-suit", "kings": "bottom"}, False),  # other deal
])
def test_any_suit_plays_every_other_suit_game(stronger, weaker, expected):
    assert get_game("bakers-dozen").simulates(stronger, weaker) is expected


@pytest.mark.parametrize("kings", ["bottom", "free"])
def test_a_random_other_suit_game_replays_move_for_move_under_any_suit(kings):
    spec = get_game("bakers-dozen")
    rng = random.Random(7)
    for deal in range(1, 6):
        layout = make_deal("bakers-dozen", deal).layout
        weak = spec.new_reference(layout, {"build": "other-suit", "kings": kings})
        strong = spec.new_reference(layout, {"build": "any-suit", "kings": kings})
        for _ in range(60):
            legal = weak.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            assert move in strong.legal_moves()
            weak.play(move)
            strong.play(move)
            assert (weak.columns, weak.foundation) == (strong.columns, strong.foundation)
