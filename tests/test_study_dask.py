"""The Dask backend: a real local cluster (scheduler and two worker processes
on loopback) gives the same rows as one process, deal by deal."""
import json

import pytest
from click.testing import CliRunner

from solitaire.cli import main
from solitaire.studies.batch import run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.runconfig import RunConfig, load_run_config
from solitaire.studies.store import read_rows

COLUMNS = ["deal", "verdict", "moves", "nodes", "reason", "solution"]


def rows(run_dir):
    config, _ = load_run_config(run_dir)
    return read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True), COLUMNS)


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, worker_dashboard_address=None) as c:
        yield c


def test_dask_cluster_matches_local_run_deal_by_deal(tmp_path, cluster):
    config = RunConfig.make("klondike", {"draw": 3}, 3000, None, 8)
    deals = DealSet.parse("1-20")
    run_batch(tmp_path / "local", config, deals, progress=False)
    result = CliRunner().invoke(main, ["batch", "klondike", "--draw", "3", "--max-nodes", "3000", "--tt-mb", "8",
                                       "--deals", "1-20", "--out", str(tmp_path / "dask"),
                                       "--scheduler", cluster.scheduler_address, "--no-progress"])
    assert result.exit_code == 0, result.output
    local, dask = rows(tmp_path / "local"), rows(tmp_path / "dask")
    assert list(dask["deal"]) == list(range(1, 21))
    assert local.equals(dask)
    backend = load_run_config(tmp_path / "dask")[1]["invocations"][0]["backend"]
    assert backend == {"backend": "dask", "scheduler": cluster.scheduler_address, "workers": 2, "threads": 2}
    # both workers took part (the scheduler spread the deals)
    assert len(cluster.scheduler.workers) == 2


def test_dask_batch_resumes_like_a_local_one(tmp_path, cluster):
    out = tmp_path / "run"
    args = ["batch", "klondike", "--draw", "1", "--max-nodes", "2000", "--tt-mb", "8", "--out", str(out),
            "--scheduler", cluster.scheduler_address, "--no-progress"]
    assert CliRunner().invoke(main, args + ["--deals", "1-6"]).exit_code == 0
    again = CliRunner().invoke(main, args + ["--deals", "1-9"])
    assert again.exit_code == 0, again.output
    assert "3 new deal(s)" in again.output
    assert list(rows(out)["deal"]) == list(range(1, 10))
