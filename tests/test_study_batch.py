"""Real Klondike batches: workers agree with one process, the CLI resumes,
and a killed or interrupted batch loses no finished deal."""
import json
import signal
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli_process import CLI, start_cli
from solitaire.cli import main
from solitaire.dealing import make_deal
from solitaire.replaying import verify_win
from solitaire.games import get_game
from solitaire.studies.backends import ProcessPool
from solitaire.studies.batch import run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.runconfig import RunConfig, load_run_config
from solitaire.studies.store import JOURNAL, read_rows

COLUMNS = ["deal", "verdict", "moves", "nodes", "reason", "solution"]


def rows(run_dir, columns=COLUMNS):
    config, _ = load_run_config(run_dir)
    return read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True), columns)


def test_two_worker_processes_give_the_same_rows_as_one_process(tmp_path):
    config = RunConfig.make("klondike", {"draw": 3}, 4000, None, 8)
    deals = DealSet.parse("1-10")
    run_batch(tmp_path / "one", config, deals, progress=False)
    with ProcessPool(2) as pool:
        summary = run_batch(tmp_path / "two", config, deals, pool, progress=False)
    assert summary.stored == 10
    one, two = rows(tmp_path / "one"), rows(tmp_path / "two")
    assert list(one["deal"]) == list(range(1, 11))
    assert one.equals(two)
    assert set(one["verdict"]) <= {"solved", "unsolvable", "unknown"}
    # the stored move lists are real wins
    spec = get_game("klondike")
    for row in one[one["verdict"] == "solved"].itertuples():
        moves = row.solution.split()
        assert len(moves) == row.moves
        verify_win(spec, make_deal("klondike", row.deal).layout, config.rules, moves)


def test_cli_batch_resumes_and_reports(tmp_path):
    out = str(tmp_path / "k1")
    runner = CliRunner()
    args = ["batch", "klondike", "--draw", "1", "--max-nodes", "3000", "--tt-mb", "8", "--out", out,
            "--no-progress"]
    first = runner.invoke(main, args + ["--deals", "1-4"])
    assert first.exit_code == 0, first.output
    assert "4 new deal(s)" in first.output
    second = runner.invoke(main, args + ["--deals", "1-6"])
    assert second.exit_code == 0, second.output
    assert "2 new deal(s)" in second.output and "4 of the 6 asked were already there" in second.output
    assert "holds 6 deals of klondike" in second.output
    assert list(rows(out)["deal"]) == [1, 2, 3, 4, 5, 6]
    other = runner.invoke(main, args[:3] + ["3"] + args[4:] + ["--deals", "1-6"])
    assert other.exit_code == 2
    assert "another configuration (draw: 1 -> 3; passes: 1 -> 3)" in other.output
    assert list(rows(out)["deal"]) == [1, 2, 3, 4, 5, 6]


def _start_batch(out, deals, workers):
    args = ["batch", "klondike", "--draw", "1", "--max-nodes", "3000", "--tt-mb", "8", "--deals", deals,
            "--out", str(out), "--no-progress", "--workers", str(workers)]
    return CLI + args, start_cli(args)


def _wait_for_rows(out, n, proc, limit=300):
    journal = out / JOURNAL
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if journal.exists() and journal.read_text().count("\n") >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    raise AssertionError("the batch stored nothing in time")


def _children(pid):
    kids = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if f"\nPPid:\t{pid}\n" in text:
            kids.append(int(status.parent.name))
    return kids


def _gone(pids, limit=60):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        alive = [p for p in pids if Path(f"/proc/{p}").exists()
                 and "State:\tZ" not in Path(f"/proc/{p}/status").read_text()]
        if not alive:
            return True
        time.sleep(0.2)
    return False


@pytest.mark.parametrize("how,workers", [("kill", 2), ("ctrl-c", 1), ("term", 2)])
def test_killed_or_interrupted_batch_keeps_every_finished_deal(tmp_path, how, workers):
    out = tmp_path / "run"
    cmd, proc = _start_batch(out, "1-2000", workers)
    _wait_for_rows(out, 5, proc)
    kids = _children(proc.pid)
    proc.send_signal({"kill": signal.SIGKILL, "ctrl-c": signal.SIGINT, "term": signal.SIGTERM}[how])
    _, err = proc.communicate(timeout=60)
    if how == "kill":
        assert proc.returncode == -signal.SIGKILL
    else:
        assert proc.returncode == 130, err
        assert "run the same command again to resume" in err
        assert load_run_config(out)[1]["invocations"][0]["interrupted"] is True
    assert _gone(kids), "worker processes outlived the batch"
    before = rows(out)
    assert len(before) >= 5
    assert (before["reason"] != "interrupted").all()
    # the same command (on fewer deals, to keep the test short) only adds the rest
    cmd[cmd.index("1-2000")] = f"1-{before['deal'].max() + 3}"
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    after = rows(out)
    assert list(after["deal"]) == list(range(1, before["deal"].max() + 4))
    kept = after.set_index("deal").loc[before["deal"]].reset_index()
    assert kept.equals(before)
    invocations = load_run_config(out)[1]["invocations"]
    assert [s["invocation"] for s in invocations] == [1, 2]


def test_quickstart_study_end_to_end_on_a_few_deals(tmp_path):
    """The README's main-job command, trimmed to 6 deals and one process."""
    from pathlib import Path

    import pandas as pd

    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "results"
    result = CliRunner().invoke(main, ["study", str(root / "experiments" / "quickstart.toml"), "--deals", "1-6",
                                       "--workers", "1", "--runs", str(tmp_path / "runs"), "--out", str(out),
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary["setting"]) == ["draw 1", "draw 3"] and list(summary["n"]) == [6, 6]
    assert (summary["solved"] + summary["unsolvable"] + summary["unknown"] == 6).all()
    assert (out / "study.toml").read_text() == (root / "experiments" / "quickstart.toml").read_text()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["study"]["overrides"] == {"deals": "1-6"}
    for name in ("solvability.png", "paired.png", "solution-lengths.png", "time-per-deal.png", "summary.md"):
        assert (out / name).stat().st_size > 0
    # the per-deal rows of the report are those of the run directories
    deals = pd.read_parquet(out / "deals.parquet")
    d3 = rows(tmp_path / "runs" / "quickstart" / "draw-3")
    assert list(deals.loc[deals.setting == "draw 3", "verdict"]) == list(d3["verdict"])
