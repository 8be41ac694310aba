"""Baker's Dozen verdicts against Freecell Solver's (benchmarks/fc_solve_crosscheck.py).

These tests need no fc-solve: they replay the committed fc-solve wins on our
reference engine, compare the committed verdicts with the study's, and check
the script's reading of fc-solve's output on a stand-in program."""
from __future__ import annotations

import stat

import pandas as pd
import pytest
from benchmark_scripts import load

from solitaire.games.base import IllegalMove
from solitaire.notation import TO_FOUNDATION, Move
from solitaire.verdicts import SOLVED, UNSOLVABLE

CHECK = load("fc_solve_crosscheck")


@pytest.fixture(scope="module")
def found() -> pd.DataFrame:
    return pd.read_csv(CHECK.CSV, keep_default_na=False)


@pytest.fixture(scope="module")
def study() -> pd.DataFrame:
    return CHECK.study_verdicts()


def test_every_fc_solve_win_replays_to_a_won_position(found):
    wins = found[found.fc_verdict == SOLVED]
    assert len(wins) >= 80
    for row in wins.itertuples():
        state = CHECK.start(row.deal, CHECK.SETTINGS[row.setting][0])
        for move in row.moves.split():
            state.play(move)
        assert state.is_won(), f"{row.setting} deal {row.deal}"


def test_fc_solve_never_wins_what_the_study_proves_lost_nor_the_reverse(found, study):
    both = CHECK.compare(found, study)
    assert len(both) == len(found)
    decided_by_both = both[both.decided_by_both]
    assert len(decided_by_both) >= 100
    assert (decided_by_both.our_verdict == UNSOLVABLE).sum() >= 5, "too few lost deals to check"
    assert not both.conflict.any(), both[both.conflict].to_string()


def test_every_deal_the_study_did_not_solve_was_handed_to_fc_solve(found, study):
    checked = set(zip(found.setting, found.deal))
    for setting in CHECK.SETTINGS:
        rows = study[(study.setting == setting) & (study.verdict != SOLVED)]
        assert len(rows) > 0
        assert set(zip(rows.setting, rows.deal)) <= checked


def fc_solve_lines(deal: int, rules: dict, moves: list[str]) -> list[str]:
    """Our moves written the way fc-solve prints them (columns counted from 0)."""
    state = CHECK.start(deal, rules)
    lines = []
    for text in moves:
        move = Move.parse(text)
        source = next(i for i, col in enumerate(state.columns) if col and col[-1] == move.card)
        if move.kind == TO_FOUNDATION:
            lines.append(f"Move a card from stack {source} to the foundations")
        else:
            lines.append(f"Move 1 cards from stack {source} to stack {move.pile}")
        state.play(text)
    return lines


def test_fc_solve_moves_are_read_back_as_the_same_moves(found):
    row = found[found.fc_verdict == SOLVED].iloc[0]
    rules = CHECK.SETTINGS[row.setting][0]
    moves = row.moves.split()
    lines = ["", "====================", *fc_solve_lines(row.deal, rules, moves), "This game is solveable."]
    state = CHECK.start(row.deal, rules)
    assert CHECK.translate(lines, state) == moves
    assert state.is_won()


def test_a_move_our_rules_refuse_is_reported_not_skipped():
    rules = CHECK.SETTINGS["any suit, kings bottom"][0]
    state = CHECK.start(1, rules)
    illegal = next(f"Move 1 cards from stack {s} to stack {d}" for s in range(13) for d in range(13)
                   if s != d and not state.may_enter(state.columns[s][-1], d))
    with pytest.raises(IllegalMove):
        CHECK.translate([illegal], state)
    with pytest.raises(IllegalMove, match="2 cards at once"):
        CHECK.translate(["Move 2 cards from stack 0 to stack 1"], CHECK.start(1, rules))


def stand_in(tmp_path, text: str) -> str:
    """An executable that prints ``text`` whatever it is asked, in place of fc-solve."""
    path = tmp_path / "fc-solve"
    path.write_text("#!/bin/sh\ncat > /dev/null\ncat <<'EOF'\n" + text + "\nEOF\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


@pytest.mark.parametrize("text, outcome", [
    ("This game is solveable.\nTotal number of states checked is 10.", "solved"),
    ("I could not solve this game.\nTotal number of states checked is 4320.", "exhausted"),
    ("I could not solve this game.\nTotal number of states checked is 5000.", "limit"),
    ("Iterations count exceeded.\nTotal number of states checked is 5000.", "limit"),
    ("", "limit"),
])
def test_fc_solve_output_is_read_as_solved_exhausted_or_out_of_budget(tmp_path, text, outcome):
    got, checked, _ = CHECK.run_fc_solve(stand_in(tmp_path, text), "AC\n", [], 5000, 1000, 30)
    assert got == outcome
    assert checked == (-1 if not text else int(text.rsplit(" ", 1)[1].rstrip(".")))


def test_an_unusable_fc_solve_is_named_in_one_line(tmp_path):
    assert "cannot run fc-solve" in CHECK.usable(str(tmp_path / "missing"))
    ten = stand_in(tmp_path, 'The game "bakers_dozen" exceeds the maximal number of stacks in the program.')
    assert "fewer than 13 columns" in CHECK.usable(ten)
    (tmp_path / "fc-solve").unlink()
    assert "did not answer like fc-solve" in CHECK.usable(stand_in(tmp_path, "hello"))
    (tmp_path / "fc-solve").unlink()
    good = stand_in(tmp_path, "I could not solve this game.\nTotal number of states checked is 1.")
    assert CHECK.usable(good) is None
