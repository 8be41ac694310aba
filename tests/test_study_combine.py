"""Combining a study with later runs of its unknowns, and verdicts implied between rule sets."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from solitaire.dealing import make_deal
from solitaire.solver import solve
from solitaire.verdicts import SOLVED, UNKNOWN, UNSOLVABLE
from solitaire.studies.combine import STUDY, carry_all, carry_over, overlay, win_under, with_provenance
from solitaire.studies.errors import StudyError

ROOT = Path(__file__).resolve().parent.parent


def frame(verdicts: dict[int, str], **columns) -> pd.DataFrame:
    return pd.DataFrame({"deal": list(verdicts), "verdict": list(verdicts.values()), **columns})


def test_overlay_fills_unknowns_and_records_where_from():
    base = frame({1: SOLVED, 2: UNKNOWN, 3: UNKNOWN, 4: UNSOLVABLE})
    later = frame({2: UNSOLVABLE, 3: SOLVED}, budget_nodes=[20_000_000, 100_000_000], solution=["", "AS>f"])
    out = overlay(base, later, "later run").set_index("deal")
    assert out["verdict"].to_dict() == {1: SOLVED, 2: UNSOLVABLE, 3: SOLVED, 4: UNSOLVABLE}
    assert out["decided_by"].to_dict() == {1: STUDY, 2: "later run, 20M nodes", 3: "later run, 100M nodes",
                                           4: STUDY}
    assert out.loc[3, "solution"] == "AS>f" and not out["implied"].any()


def test_overlay_keeps_a_decided_verdict_against_a_later_unknown_or_the_same_verdict():
    base = frame({1: SOLVED, 2: UNSOLVABLE, 3: UNKNOWN})
    later = frame({1: UNKNOWN, 2: UNSOLVABLE, 3: UNKNOWN})
    out = overlay(base, later, "later run")
    assert out["verdict"].tolist() == [SOLVED, UNSOLVABLE, UNKNOWN]
    assert out["decided_by"].tolist() == [STUDY] * 3


def test_overlay_refuses_contradicting_verdicts_and_foreign_deals():
    base = frame({1: SOLVED, 2: UNKNOWN})
    with pytest.raises(StudyError, match="deal 1: study says solved, later run says unsolvable"):
        overlay(base, frame({1: UNSOLVABLE}), "later run")
    with pytest.raises(StudyError, match="deal.*7 are not in the study"):
        overlay(base, frame({2: SOLVED, 7: SOLVED}), "later run")


def test_carry_over_moves_replayed_wins_up_and_losses_down():
    weaker = with_provenance(frame({1: SOLVED, 2: UNKNOWN, 3: SOLVED, 4: UNKNOWN},
                                   solution=["m1", "", "", ""]))
    stronger = with_provenance(frame({1: UNKNOWN, 2: UNSOLVABLE, 3: UNKNOWN, 4: UNKNOWN}))
    replayed = []

    def as_played_under_b(deal, moves):
        replayed.append((deal, moves))
        return moves + ["m2"]

    weak, strong = carry_over(weaker, stronger, as_played_under_b, "A", "B")
    assert replayed == [(1, ["m1"])]  # deal 3 has no stored solution: nothing to replay, stays unknown
    assert strong.set_index("deal").loc[1, "solution"] == "m1 m2"  # the moves as B plays them
    assert strong.set_index("deal")["verdict"].to_dict() == {1: SOLVED, 2: UNSOLVABLE, 3: UNKNOWN, 4: UNKNOWN}
    assert weak.set_index("deal")["verdict"].to_dict() == {1: SOLVED, 2: UNSOLVABLE, 3: SOLVED, 4: UNKNOWN}
    assert strong.set_index("deal").loc[1, "decided_by"] == "A win replayed"
    assert weak.set_index("deal").loc[2, "decided_by"] == "lost under B"
    assert strong["implied"].tolist() == [True, False, False, False]
    assert weak["implied"].tolist() == [False, True, False, False]


def test_carry_over_stops_on_a_win_that_does_not_replay_or_a_clash():
    weaker = with_provenance(frame({1: SOLVED}, solution=["m1"]))
    with pytest.raises(StudyError, match="deal 1: the A win does not replay under B"):
        carry_over(weaker, with_provenance(frame({1: UNKNOWN})), lambda d, m: None, "A", "B")
    with pytest.raises(StudyError, match="won under A but lost under B"):
        carry_over(weaker, with_provenance(frame({1: UNSOLVABLE})), lambda d, m: m, "A", "B")


def test_a_win_without_foundation_returns_replays_with_them_and_a_cut_one_does_not():
    rules = {"draw": 1, "passes": "unlimited", "foundation_to_tableau": False}
    result = solve(make_deal("klondike", 24), rules, max_nodes=200_000)
    assert result.verdict == SOLVED
    with_f2t = win_under("klondike", {**rules, "foundation_to_tableau": True})
    assert with_f2t(24, list(result.moves)) == list(result.moves)
    assert with_f2t(24, list(result.moves)[:-1]) is None  # legal, but not won
    assert with_f2t(25, list(result.moves)) is None  # another deal: some move is illegal


def test_the_committed_published_check_is_what_the_committed_runs_say():
    """results/unlimited-passes-2000/published-check.md must be regenerated from the data it describes."""
    from solitaire.studies import committed as check

    rows, settings = check.combined_verdicts()
    assert set(rows) == set(settings) and all(len(df) == 2000 for df in rows.values())
    table = check.check_table(rows, settings)
    assert (check.PUBLISHED / "published-check.md").read_text() == check.report_text(rows, settings, table)
    assert check.published_rows(table) in (ROOT / "README.md").read_text()


def test_carry_all_follows_chains_and_stores_each_win_as_its_setting_plays_it():
    """A draw 3 / no f2t win reaches all three settings that play its game;
    under draw 1 its stock turns are single turns, and every stored line replays."""
    names = {"d3n": (3, False), "d3f": (3, True), "d1n": (1, False), "d1f": (1, True)}
    rules = {n: {"draw": d, "passes": "unlimited", "foundation_to_tableau": f} for n, (d, f) in names.items()}
    won = solve(make_deal("klondike", 24), rules["d3n"], max_nodes=300_000)
    assert won.verdict == SOLVED
    rows = {n: with_provenance(frame({24: SOLVED if n == "d3n" else UNKNOWN, 25: UNKNOWN},
                                     solution=[" ".join(won.moves) if n == "d3n" else "", ""])) for n in names}
    rows["d1f"].loc[1, "verdict"] = UNSOLVABLE  # deal 25 lost under the strongest: lost under all
    out = carry_all(rows, rules, "klondike")
    for n in names:
        by_deal = out[n].set_index("deal")
        assert by_deal.loc[24, "verdict"] == SOLVED and by_deal.loc[25, "verdict"] == UNSOLVABLE
        assert win_under("klondike", rules[n])(24, by_deal.loc[24, "solution"].split()) is not None
    assert out["d1f"].set_index("deal").loc[24, "solution"].split().count("draw") > won.moves.count("draw")
    assert out["d3f"].set_index("deal").loc[24, "solution"] == " ".join(won.moves)
