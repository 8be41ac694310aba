"""Blind settings in studies: played as resumable batches (in this process,
on worker processes, on Dask), reported beside the thoughtful setting of the
same rules, and a blind win on a deal proved unsolvable refuses the report."""
import json

import pandas as pd
import pytest

from solitaire.studies.backends import ProcessPool
from solitaire.studies.batch import run_batch
from solitaire.studies.blind import BlindWinOnLostDeal
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError
from solitaire.studies.experiment import load_study, run_study
from solitaire.studies.report import Setting, build_report
from solitaire.studies.runconfig import RunConfig, load_run_config
from solitaire.studies.store import read_rows

STUDY = """
name = "blind-trial"
game = "klondike"
deals = "1-5"
[budget]
max_nodes = 100000
tt_mb = 16
[[setting]]
label = "thoughtful"
rules = { draw = 3, passes = "unlimited", foundation_to_tableau = true }
[[setting]]
label = "hop"
rules = { draw = 3, passes = "unlimited", foundation_to_tableau = true }
policy = { name = "hop", samples = 4, max_nodes = 400, tt_mb = 4 }
hidden = "tableau"
seed = 2
[[setting]]
label = "greedy"
rules = { draw = 3, passes = "unlimited", foundation_to_tableau = true }
policy = "greedy"
"""


def blind_rows(run_dir):
    config, _ = load_run_config(run_dir)
    return read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True),
                     ["deal", "verdict", "moves", "nodes", "reason", "solution", "decisions", "searched", "solves"])


def test_a_study_with_blind_settings_runs_resumes_and_reports(tmp_path):
    path = tmp_path / "study.toml"
    path.write_text(STUDY)
    study = load_study(path)
    assert study.settings[1].config.blind == {"policy": {"name": "hop", "samples": 4, "max_nodes": 400,
                                                         "tt_mb": 4, "candidates": 8, "commit": "reveal",
                                                         "explore": 0, "minimize": False},
                                              "hidden": "tableau", "seed": 2}
    assert study.settings[2].config.blind["hidden"] == "tableau+stock"
    written = run_study(study, tmp_path / "runs", tmp_path / "out", progress=False, echo=lambda text: None)
    names = {p.name for p in written}
    assert {"blind.csv", "blind.md", "blind.png", "summary.md"} <= names
    hop = blind_rows(tmp_path / "runs" / "blind-trial" / "hop")
    assert set(hop["verdict"]) <= {"won", "lost"} and len(hop) == 5 and (hop["searched"] > 0).any()
    assert all(len(r.solution.split()) == r.moves == r.decisions for r in hop.itertuples())
    table = pd.read_csv(tmp_path / "out" / "blind.csv")
    assert list(table["blind"]) == ["hop", "greedy"] and set(table["thoughtful"]) == {"thoughtful"}
    assert table.loc[0, "blind_won"] == (hop["verdict"] == "won").sum() and (table["won_on_unsolvable"] == 0).all()
    deals = pd.read_parquet(tmp_path / "out" / "deals.parquet")
    assert set(deals.loc[deals["setting"] == "hop", "verdict"]) <= {"won", "lost"}
    summary = pd.read_csv(tmp_path / "out" / "summary.csv")
    assert summary.loc[1, "blind"].startswith("blind: policy hop") and "(blind)" in (tmp_path / "out" / "summary.md").read_text()
    again = run_batch(tmp_path / "runs" / "blind-trial" / "hop", study.settings[1].config, study.deals, progress=False)
    assert again.stored == 0  # resumed: nothing left to play


def test_blind_batches_on_worker_processes_match_one_process(tmp_path):
    config = RunConfig.make("yukon", {}, None, None, None, blind={"policy": {"name": "hop", "samples": 3,
                                                                              "max_nodes": 300, "tt_mb": 4}})
    deals = DealSet.parse("1-4")
    run_batch(tmp_path / "one", config, deals, progress=False)
    with ProcessPool(2) as pool:
        summary = run_batch(tmp_path / "two", config, deals, pool, progress=False)
    assert "won" in summary.text() or "lost as played" in summary.text()
    one, two = blind_rows(tmp_path / "one"), blind_rows(tmp_path / "two")
    assert one.equals(two) and list(one["deal"]) == [1, 2, 3, 4]


def test_a_run_directory_refuses_another_policy(tmp_path):
    deals = DealSet.parse("1")
    run_batch(tmp_path / "r", RunConfig.make("pyramid", {}, None, None, None, blind={"policy": "greedy"}), deals,
              progress=False)
    other = RunConfig.make("pyramid", {}, None, None, None, blind={"policy": "greedy", "seed": 1})
    with pytest.raises(StudyError, match="blind"):
        run_batch(tmp_path / "r", other, deals, progress=False)


def test_a_blind_win_on_a_deal_proved_unsolvable_refuses_the_report(tmp_path):
    """A crafted fake: the blind setting claims deal 2, which the thoughtful one proved lost."""
    rules = {"draw": 3, "passes": 3, "foundation_to_tableau": False}
    thoughtful = RunConfig.make("klondike", rules, 1000, None, 8)
    blind = RunConfig.make("klondike", rules, None, None, None, blind={"policy": "greedy"})

    def setting(label, config, verdicts):
        rows = pd.DataFrame({"deal": [1, 2, 3], "verdict": verdicts, "moves": [100, 90, None],
                             "nodes": [5, 6, 7], "seconds": [0.1, 0.1, 0.1], "reason": ["", "", ""],
                             "invocation": [1, 1, 1], "budget_nodes": [1000] * 3})
        return Setting(label, tmp_path, config, [], rows)

    honest = [setting("t", thoughtful, ["solved", "unsolvable", "unknown"]),
              setting("b", blind, ["solved", "unsolvable", "solved"])]
    report = build_report(honest)
    assert report.blind.loc[0, "won_on_unknown"] == 1 and report.blind.loc[0, "won_of_winnable"] == 1
    fake = [honest[0], setting("b", blind, ["solved", "solved", "unsolvable"])]
    with pytest.raises(BlindWinOnLostDeal, match=r"'b' won deal\(s\) \[2\] that 't' proved unsolvable"):
        build_report(fake)


def test_a_setting_needs_a_policy_to_be_blind(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(STUDY.replace('policy = "greedy"\n', 'hidden = "tableau"\n'))
    with pytest.raises(StudyError, match="'hidden' and 'seed' need a 'policy'"):
        load_study(path)
    path.write_text(STUDY.replace('policy = "greedy"', 'policy = "peek"'))
    with pytest.raises(StudyError, match="unknown policy 'peek'"):
        load_study(path)


def test_blind_batches_on_dask_match_one_process(tmp_path):
    from distributed import LocalCluster

    from solitaire.studies.backends import DaskCluster

    config = RunConfig.make("pyramid", {"preset": "microsoft"}, None, None, None,
                            blind={"policy": {"name": "hop", "samples": 3, "max_nodes": 300, "tt_mb": 4}})
    deals = DealSet.parse("1-4")
    run_batch(tmp_path / "one", config, deals, progress=False)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, worker_dashboard_address=None) as cluster:
        backend = DaskCluster(cluster.scheduler_address)
        try:
            run_batch(tmp_path / "dask", config, DealSet.parse("1-2"), backend, progress=False)
            summary = run_batch(tmp_path / "dask", config, deals, backend, progress=False)  # resumes
        finally:
            backend.close()
    assert summary.stored == 2
    assert blind_rows(tmp_path / "one").equals(blind_rows(tmp_path / "dask"))
