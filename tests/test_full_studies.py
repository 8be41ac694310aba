"""The committed full studies: the README's table is what their reports say,
and their verdicts agree with their pilots' and with the shortest-win runs
(``solitaire.studies.committed``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from solitaire.studies import committed as FULL

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_table_is_what_the_committed_reports_say():
    rows = FULL.headline_rows()
    assert rows.count("\n") + 1 == sum(len(FULL.summary(folder)) for folder in FULL.FULL_STUDIES)
    assert rows in (ROOT / "README.md").read_text()


@pytest.mark.parametrize("folder", sorted(FULL.FULL_STUDIES))
def test_no_deal_is_won_in_a_full_study_and_lost_in_its_pilot(folder):
    for pilot, decided, differ in FULL.pilot_conflicts(folder):
        assert decided >= 90, f"{folder} and {pilot} share too few decided deals to check"
        assert differ == 0, f"{folder} and {pilot} decide {differ} deals differently"


@pytest.mark.parametrize("folder", sorted(FULL.OPTIMAL_RUNS))
def test_no_deal_is_won_in_a_full_study_and_lost_in_a_shortest_win_run(folder):
    checks = FULL.optimal_conflicts(folder)
    assert checks, f"no shortest-win run found for {folder}"
    assert sum(decided for _, decided, _ in checks) >= 190
    for csv, decided, differ in checks:
        assert differ == 0, f"{folder} and {csv} decide {differ} deals differently"


def test_the_reports_count_the_deals_they_hold():
    for folder in FULL.FULL_STUDIES:
        verdicts = FULL.verdicts_by_rules(folder)
        for row in FULL.summary(folder).itertuples():
            mine = verdicts.loc[verdicts["rules"] == row.rules, "verdict"].value_counts()
            assert (mine.get("solved", 0), mine.get("unsolvable", 0), mine.get("unknown", 0)) == \
                (row.solved, row.unsolvable, row.unknown)
            assert mine.sum() == row.n
