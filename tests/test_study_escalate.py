"""Budget escalation: the deals left unknown are solved again at larger budgets.

Most tests use a stand-in solver whose verdict depends only on the budget
(deal d needs 10 d^2 nodes), so every count can be checked by hand; two tests
run real Klondike deals at 2,000 then 200,000 nodes (one of them interrupted
with Ctrl-C during the escalation, then resumed).
"""
import json
import signal
import subprocess
import time

import pandas as pd
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli_process import CLI, start_cli
from solitaire.cli import main
from solitaire.studies import stats
from solitaire.studies.backends import InProcess
from solitaire.studies.batch import BatchInterrupted, run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError
from solitaire.studies.experiment import load_study, run_study
from solitaire.studies.report import build_report, load_setting
from solitaire.studies.runconfig import RUN_FILE, RunConfig, load_run_config
from solitaire.studies.store import JOURNAL, PARTS, read_rows

STAGES = [{"max_nodes": 5000, "tt_mb": 16}, {"max_nodes": 20000}]


def need(deal):
    return 10 * deal * deal


def fake_solve(task):
    """Decided (even: won, odd: lost) when the budget covers the deal's need, else unknown."""
    if task.max_nodes < need(task.deal):
        return {"deal": task.deal, "verdict": "unknown", "moves": None, "nodes": task.max_nodes,
                "seconds": 0.5, "reason": "node budget", "solution": ""}
    won = task.deal % 2 == 0
    return {"deal": task.deal, "verdict": "solved" if won else "unsolvable", "moves": 100 if won else None,
            "nodes": need(task.deal), "seconds": 0.25, "reason": "", "solution": "x" if won else ""}


def expected_budget(deal):
    """Where deal's verdict is reached with budgets 1000, 5000, 20000 (45-50 stay unknown at 20000)."""
    return next((b for b in (1000, 5000) if need(deal) <= b), 20000)


class Calls:
    """fake_solve that records (deal, budget) and can raise Ctrl-C at one of them."""

    def __init__(self, stop_at=None):
        self.calls, self.stop_at = [], stop_at

    def __call__(self, task):
        if (task.deal, task.max_nodes) == self.stop_at:
            raise KeyboardInterrupt
        self.calls.append((task.deal, task.max_nodes))
        return fake_solve(task)


class FakeBackend(InProcess):
    """Runs the stand-in whatever solve function the batch passes (for run_study)."""

    def results(self, fn, tasks):
        return super().results(fake_solve, tasks)


@pytest.fixture
def config():
    return RunConfig.make("klondike", {"draw": 1}, 1000, None, 8, STAGES)


def rows_of(run_dir, columns=("deal", "verdict", "budget_nodes", "nodes", "seconds", "final_nodes",
                              "final_seconds", "invocation")):
    config, _ = load_run_config(run_dir)
    return read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True), list(columns))


def test_escalation_decides_deals_the_first_budget_left_unknown(tmp_path, config):
    run = tmp_path / "run"
    solve = Calls()
    summary = run_batch(run, config, DealSet.parse("1-50"), progress=False, solve_fn=solve)
    # 1-10 decided at 1000 nodes, 11-22 at 5000, 23-44 at 20000; 45-50 stay unknown
    assert [(s.max_nodes, s.stored, s.counts["unknown"]) for s in summary.stages] == [(5000, 40, 28), (20000, 28, 6)]
    assert "40 unknown deal(s) re-run at 5,000 nodes, 12 decided" in summary.text()
    assert sorted(d for d, b in solve.calls if b == 5000) == list(range(11, 51))
    assert sorted(d for d, b in solve.calls if b == 20000) == list(range(23, 51))
    df = rows_of(run)
    assert list(df["budget_nodes"]) == [expected_budget(d) for d in range(1, 51)]
    assert list(df["verdict"]) == ["unknown" if d > 44 else ("solved" if d % 2 == 0 else "unsolvable")
                                   for d in range(1, 51)]
    deal15 = df.set_index("deal").loc[15]  # unknown at 1000 (1000 nodes), decided at 5000 (2250 nodes)
    assert (deal15["nodes"], deal15["final_nodes"]) == (1000 + 2250, 2250)
    assert (deal15["seconds"], deal15["final_seconds"]) == (0.75, 0.25)
    assert df.set_index("deal").loc[3, "nodes"] == df.set_index("deal").loc[3, "final_nodes"] == 90
    # every attempt is kept in the store: 50 + 40 + 28 rows
    assert len(pd.read_parquet(run / PARTS)) == 118
    invocation = load_run_config(run)[1]["invocations"][0]
    assert [(e["max_nodes"], e["stored"]) for e in invocation["escalated"]] == [(5000, 40), (20000, 28)]


def test_rerunning_a_finished_escalation_does_nothing(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-50"), progress=False, solve_fn=fake_solve)
    again = Calls()
    summary = run_batch(run, config, DealSet.parse("1-50"), progress=False, solve_fn=again)
    assert again.calls == [] and summary.stages == [] and summary.stored == 0
    assert len(load_run_config(run)[1]["invocations"]) == 1
    # a larger deal range escalates only the new unknown deals
    more = Calls()
    run_batch(run, config, DealSet.parse("1-52"), progress=False, solve_fn=more)
    assert more.calls == [(51, 1000), (52, 1000), (51, 5000), (52, 5000), (51, 20000), (52, 20000)]


def test_interrupted_escalation_keeps_finished_work_and_resumes(tmp_path, config):
    run = tmp_path / "run"
    with pytest.raises(BatchInterrupted) as info:
        run_batch(run, config, DealSet.parse("1-50"), progress=False, solve_fn=Calls(stop_at=(30, 5000)))
    assert info.value.summary.stored == 50 and info.value.summary.stages[0].stored == 19  # 11-29
    df = rows_of(run)
    assert list(df["budget_nodes"]) == [5000 if 11 <= d <= 29 else 1000 for d in range(1, 51)]
    assert load_run_config(run)[1]["invocations"][0]["interrupted"] is True
    rest = Calls()
    summary = run_batch(run, config, DealSet.parse("1-50"), progress=False, solve_fn=rest)
    assert summary.stored == 0
    assert sorted(d for d, b in rest.calls if b == 5000) == list(range(30, 51))  # no decided deal again
    assert sorted(d for d, b in rest.calls if b == 20000) == list(range(23, 51))
    assert all(b != 1000 for _, b in rest.calls)
    uninterrupted = tmp_path / "one-go"
    run_batch(uninterrupted, config, DealSet.parse("1-50"), progress=False, solve_fn=fake_solve)
    columns = ["deal", "verdict", "budget_nodes", "nodes", "final_nodes"]
    assert rows_of(run, columns).equals(rows_of(uninterrupted, columns))
    assert list(rows_of(run)["invocation"]) == [1] * 22 + [2] * 28  # 23-50 got their verdict in invocation 2


def test_stages_added_later_apply_to_unknown_deals_and_other_changes_are_refused(tmp_path):
    run = tmp_path / "run"
    first = RunConfig.make("klondike", {"draw": 1}, 1000, None, 8, STAGES[:1])
    run_batch(run, first, DealSet.parse("1-50"), progress=False, solve_fn=fake_solve)
    before = {p: p.read_bytes() for p in run.rglob("*") if p.is_file()}
    for stages, shown in (([], "escalate: 5,000 nodes (TT 16 MB) -> none"),
                          ([{"max_nodes": 6000}], "-> 6,000 nodes (TT 8 MB)")):
        other = RunConfig.make("klondike", {"draw": 1}, 1000, None, 8, stages)
        with pytest.raises(StudyError, match="another configuration") as info:
            run_batch(run, other, DealSet.parse("1-50"), progress=False, solve_fn=fake_solve)
        assert shown in str(info.value) and "added after the stored ones" in str(info.value)
    assert {p: p.read_bytes() for p in run.rglob("*") if p.is_file()} == before
    later = RunConfig.make("klondike", {"draw": 1}, 1000, None, 8, STAGES)
    added = Calls()
    run_batch(run, later, DealSet.parse("1-50"), progress=False, solve_fn=added)
    assert sorted(added.calls) == [(d, 20000) for d in range(23, 51)]
    assert load_run_config(run)[0] == later


def _strip_budget_column(run):
    """Make ``run`` look like a run directory written before escalation existed."""
    for part in (run / PARTS).glob("part-*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.drop(["budget_nodes"]), part)
    data = json.loads((run / RUN_FILE).read_text())
    del data["config"]["escalate"]
    (run / RUN_FILE).write_text(json.dumps(data))


def test_old_run_directories_load_as_decided_at_the_main_budget(tmp_path):
    run = tmp_path / "old"
    plain = RunConfig.make("klondike", {"draw": 1}, 1000, None, 8)
    run_batch(run, plain, DealSet.parse("1-12"), progress=False, solve_fn=fake_solve)
    _strip_budget_column(run)
    with open(run / JOURNAL, "w") as fh:  # and a journal row of the old shape
        row = fake_solve(type("T", (), {"deal": 13, "max_nodes": 1000})())
        fh.write(json.dumps({**row, "invocation": 1}) + "\n")
    assert "budget_nodes" not in pq.read_schema(next((run / PARTS).glob("*.parquet"))).names
    df = rows_of(run)
    assert list(df["deal"]) == list(range(1, 14)) and set(df["budget_nodes"]) == {1000}
    assert list(df["nodes"]) == list(df["final_nodes"])
    report = build_report([load_setting(run, "old")])
    assert report.stages[["max_nodes", "tried", "decided"]].values.tolist() == [[1000, 13, 10]]
    assert report.summary.loc[0, "decided_by_budget"] == "1000:10"
    # the old directory can then be escalated: only its unknown deals (11-13) are re-run
    added = Calls()
    run_batch(run, RunConfig.make("klondike", {"draw": 1}, 1000, None, 8, STAGES[:1]), DealSet.parse("1-13"),
              progress=False, solve_fn=added)
    assert added.calls == [(11, 5000), (12, 5000), (13, 5000)]
    assert list(rows_of(run)["budget_nodes"]) == [1000] * 10 + [5000] * 3


STUDY = """
name = "esc"
game = "klondike"
deals = "1-50"
[budget]
max_nodes = 1000
tt_mb = 8
escalate = [{ max_nodes = 5000, tt_mb = 16 }, { max_nodes = 20000 }]
[[setting]]
label = "draw 1"
rules = { draw = 1 }
"""


def test_study_report_counts_each_stage_and_uses_final_verdicts(tmp_path):
    path = tmp_path / "esc.toml"
    path.write_text(STUDY)
    study = load_study(path)
    assert [(s.max_nodes, s.tt_mb) for s in study.settings[0].config.escalate] == [(5000, 16.0), (20000, 16.0)]
    out = tmp_path / "results"
    run_study(study, tmp_path / "runs", out, FakeBackend(), progress=False, echo=lambda text: None)
    summary = pd.read_csv(out / "summary.csv").iloc[0]
    assert (summary["solved"], summary["unsolvable"], summary["unknown"]) == (22, 22, 6)
    assert summary["unknown_pct"] == pytest.approx(12.0)
    assert summary["decided_by_budget"] == "1000:10 5000:12 20000:22"
    assert summary["ci95_low_pct"] == pytest.approx(100 * stats.solvability(22, 22, 6)["ci_low"], abs=1e-3)
    md = (out / "summary.md").read_text()
    assert "## Budget escalation" in md
    assert "| draw 1 | 1 | 5,000 nodes, TT 16 MB | 40 | 6 | 6 | 28 |" in md
    assert "unknown deals re-run at 5,000 nodes (TT 16 MB), 20,000 nodes (TT 16 MB)" in md
    assert (out / "study.toml").read_text() == STUDY
    deals = pd.read_parquet(out / "deals.parquet")
    assert list(deals["budget_nodes"]) == [expected_budget(d) for d in range(1, 51)]
    manifest = json.loads((out / "manifest.json").read_text())
    assert [s["max_nodes"] for s in manifest["settings"][0]["config"]["escalate"]] == [5000, 20000]


@pytest.mark.parametrize("escalate,message", [
    ("[{ max_nodes = 1000 }]", "escalate stage 1: max_nodes must be a whole number above the previous budget's 1000"),
    ("[{ max_nodes = 5000 }, { max_nodes = 4000 }]", "escalate stage 2: max_nodes must be a whole number above"),
    ("[{ max_nodes = 5000, tt = 8 }]", "escalate stage 1: unknown key(s) tt"),
    ("[{ tt_mb = 8 }]", "escalate stage 1 must be a table with max_nodes"),
    ("[{ max_nodes = 5000, tt_mb = 0 }]", "escalate stage 1: transposition table size must be 1..65536 MB"),
    ("[{ max_nodes = 5000, tt_mb = \"big\" }]", "escalate stage 1: tt_mb must be a number"),
    ("5000", "escalate must be a list of budgets"),
])
def test_bad_escalation_gives_one_line(tmp_path, escalate, message):
    path = tmp_path / "esc.toml"
    path.write_text(STUDY.replace("escalate = [{ max_nodes = 5000, tt_mb = 16 }, { max_nodes = 20000 }]",
                                  f"escalate = {escalate}"))
    with pytest.raises(StudyError) as info:
        load_study(path)
    assert message in str(info.value) and str(path) in str(info.value) and "\n" not in str(info.value)
    result = CliRunner().invoke(main, ["study", str(path), "--runs", str(tmp_path / "runs")])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and message in result.stderr


@pytest.mark.parametrize("escalate,message", [
    (["1000"], "escalate stage 1: max_nodes must be a whole number above the previous budget's 2000"),
    (["5000", "4000"], "escalate stage 2"),
    (["lots"], "--escalate takes MAX_NODES[:TT_MB]"),
    (["5000:x"], "--escalate takes MAX_NODES[:TT_MB]"),
])
def test_cli_bad_escalate_is_one_line_and_status_2(tmp_path, escalate, message):
    args = ["batch", "klondike", "--deals", "1-3", "--max-nodes", "2000", "--out", str(tmp_path / "r")]
    for stage in escalate:
        args += ["--escalate", stage]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert not (tmp_path / "r").exists()


def test_real_klondike_deals_unknown_at_2000_nodes_are_decided_at_200000(tmp_path):
    from solitaire.dealing import make_deal
    from solitaire.solver import solve

    out = tmp_path / "k1"
    result = CliRunner().invoke(main, ["batch", "klondike", "--deals", "1-8", "--max-nodes", "2000", "--tt-mb", "8",
                                       "--escalate", "200000:16", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "unknown deal(s) re-run at 200,000 nodes" in result.output
    assert "holds 8 deals" in result.output and "decided at 2,000 nodes: " in result.output
    df = rows_of(out, ["deal", "verdict", "budget_nodes", "final_nodes", "nodes"])
    escalated = df[df["budget_nodes"] == 200000]
    assert len(escalated) >= 1 and (escalated["verdict"] != "unknown").any()
    first = escalated["nodes"] - escalated["final_nodes"]  # the first attempt spent its budget, and the relaxation
    assert ((first >= 2000) & (first <= 3000)).all()       # at most half of it again
    rules = load_run_config(out)[0].rules
    for row in escalated.itertuples():  # the same verdict and node count as one solve at the larger budget
        direct = solve(make_deal("klondike", row.deal), rules, max_nodes=200000, tt_mb=16)
        assert (direct.verdict, direct.nodes) == (row.verdict, row.final_nodes)


def _escalated_lines(out):
    journal = out / JOURNAL
    text = journal.read_text() if journal.exists() else ""
    return [line for line in text.splitlines() if '"budget_nodes":200000' in line]


def test_ctrl_c_during_a_real_escalation_keeps_both_stages_and_resumes(tmp_path):
    out = tmp_path / "k1"
    args = ["batch", "klondike", "--deals", "1-40", "--max-nodes", "2000", "--tt-mb", "8", "--escalate", "200000:16",
            "--out", str(out), "--no-progress"]
    cmd = CLI + args
    proc = start_cli(args)
    end = time.monotonic() + 300
    while len(_escalated_lines(out)) < 3:
        assert proc.poll() is None and time.monotonic() < end, proc.communicate()
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "re-run at 200,000 nodes" in err, err
    before = rows_of(out, ["deal", "verdict", "budget_nodes", "final_nodes"])
    assert list(before["deal"]) == list(range(1, 41))  # the main pass finished before the stage began
    assert (before["budget_nodes"] == 200000).sum() >= 3
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "0 new deal(s)" in done.stdout
    after = rows_of(out, ["deal", "verdict", "budget_nodes", "final_nodes"])
    kept = before[before["budget_nodes"] == 200000]
    assert after.set_index("deal").loc[kept["deal"]].reset_index().equals(kept.reset_index(drop=True))
    assert not ((after["verdict"] == "unknown") & (after["budget_nodes"] == 2000)).any()
    invocations = load_run_config(out)[1]["invocations"]
    resumed = invocations[1]["escalated"][0]
    left = (before["verdict"] == "unknown") & (before["budget_nodes"] == 2000)  # not yet tried at 200,000
    assert invocations[1]["deals_new"] == "" and resumed["stored"] == left.sum()
