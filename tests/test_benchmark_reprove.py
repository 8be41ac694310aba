"""benchmarks/reprove_losses.py: a committed study's lost deals searched
again with every reduction off, resumed from its file, tabled."""
from __future__ import annotations

import json
import sys

from benchmark_scripts import load

reprove = load("reprove_losses")


def _run(monkeypatch, capsys, *args):
    monkeypatch.setattr(sys, "argv", ["reprove_losses.py", *args])
    reprove.main()
    return capsys.readouterr().out


def test_a_lost_deal_is_re_proved_and_not_searched_twice(tmp_path, monkeypatch, capsys):
    out = tmp_path / "reprove.jsonl"
    args = ["--studies", "bakers-dozen", "--settings", "other suit, kings free", "--max-nodes", "200000",
            "--tt-mb", "16", "--out", str(out), "--table", str(tmp_path / "table.md")]
    game, settings = reprove.lost_deals("bakers-dozen", set(range(1, 1001)))
    lost = dict((label, deals) for label, _, deals in settings)["other suit, kings free"]
    assert game == "bakers-dozen" and lost
    text = _run(monkeypatch, capsys, *args)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["deal"] for r in records] == lost
    assert all(r["verdict"] == "unsolvable" and 0 < r["nodes"] <= 200_000 for r in records)
    row = next(line for line in text.splitlines() if "other suit, kings free" in line)
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[2:7] == [str(len(lost)), str(len(lost)), str(len(lost)), "0", "0"]
    assert (tmp_path / "table.md").read_text().strip() == text.strip()
    _run(monkeypatch, capsys, *args)  # resumed: every deal is in the file already
    assert len(out.read_text().splitlines()) == len(records)


def test_unknown_deals_are_searched_again_at_a_larger_budget(tmp_path, monkeypatch, capsys):
    out = tmp_path / "reprove.jsonl"
    base = ["--studies", "bakers-dozen", "--settings", "other suit, kings free", "--tt-mb", "16", "--out", str(out)]
    _run(monkeypatch, capsys, *base, "--max-nodes", "2")
    small = [json.loads(line) for line in out.read_text().splitlines()]
    unknown = [r["deal"] for r in small if r["verdict"] == "unknown"]
    assert unknown  # two expansions prove none of them
    text = _run(monkeypatch, capsys, *base, "--max-nodes", "200000")
    again = [json.loads(line) for line in out.read_text().splitlines()][len(small):]
    assert [r["deal"] for r in again] == unknown and all(r["verdict"] == "unsolvable" for r in again)
    row = next(line for line in text.splitlines() if "other suit, kings free" in line)
    assert "| 200,000 |" in row and row.rstrip().endswith("|  |")  # no unknown deal left


def test_report_only_searches_nothing(tmp_path, monkeypatch, capsys):
    out = tmp_path / "reprove.jsonl"
    text = _run(monkeypatch, capsys, "--studies", "bakers-dozen", "--settings", "other suit, kings free",
                "--out", str(out), "--report-only")
    assert out.read_text() == ""
    row = next(line for line in text.splitlines() if "other suit, kings free" in line)
    assert [c.strip() for c in row.strip("|").split("|")][3] == "0"  # checked: none
