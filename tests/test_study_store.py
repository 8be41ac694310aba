"""Run directories, the result store and the batch loop, with a stand-in solver.

The stand-in makes these tests about storage, resuming and interrupts only;
real solves are tested in test_study_batch.py.
"""
import json
import tracemalloc

import pandas as pd
import pytest

from solitaire.studies.batch import BatchInterrupted, run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError
from solitaire.studies.runconfig import RunConfig, load_run_config
from solitaire.studies.store import JOURNAL, PARTS, ResultStore, read_rows

VERDICT = ["solved", "unsolvable", "unknown"]


def fake_solve(task):
    verdict = VERDICT[task.deal % 3]
    solved = verdict == "solved"
    return {"deal": task.deal, "verdict": verdict, "moves": 100 + task.deal % 50 if solved else None,
            "nodes": 10 * task.deal, "seconds": 0.001 * (task.deal % 7 + 1),
            "reason": "node budget" if verdict == "unknown" else "", "solution": "draw AS>f" if solved else ""}


class Counting:
    def __init__(self, fail_at=None, interrupted_at=None):
        self.calls, self.fail_at, self.interrupted_at = [], fail_at, interrupted_at

    def __call__(self, task):
        if task.deal == self.fail_at:
            raise KeyboardInterrupt
        self.calls.append(task.deal)
        row = fake_solve(task)
        if task.deal == self.interrupted_at:  # what solve() returns when Ctrl-C lands inside it
            row.update(verdict="unknown", moves=None, reason="interrupted")
        return row


@pytest.fixture
def config():
    return RunConfig.make("klondike", {"draw": 3}, 1000, None, 4)


def rows_of(run_dir, config, columns=("deal", "verdict", "moves", "nodes", "invocation")):
    return read_rows(run_dir, config.game, json.dumps(config.rules, sort_keys=True), list(columns))


def test_batch_stores_every_deal_with_its_config(tmp_path, config):
    run = tmp_path / "run"
    summary = run_batch(run, config, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve)
    assert summary.stored == 10 and summary.already == 0
    assert summary.counts == {"solved": 3, "unsolvable": 4, "unknown": 3}
    df = rows_of(run, config)
    assert list(df["deal"]) == list(range(1, 11))
    assert list(df["verdict"]) == [VERDICT[d % 3] for d in range(1, 11)]
    assert df["moves"].isna().tolist() == [d % 3 != 0 for d in range(1, 11)]
    full = read_rows(run, config.game, "{}", ["game", "rules", "deal", "solution"])
    assert set(full["game"]) == {"klondike"}
    assert json.loads(full["rules"][0]) == {"draw": 3, "passes": 3, "foundation_to_tableau": False}
    assert full.loc[full["deal"] == 3, "solution"].item() == "draw AS>f"
    stored, data = load_run_config(run)
    assert stored == config
    invocation = data["invocations"][0]
    assert invocation["deals_asked"] == "1-10" and invocation["stored"] == 10 and invocation["solver_version"]
    assert "git_commit" in invocation and invocation["source_fingerprint"] and invocation["date"]


def test_resume_solves_only_new_deals(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve)
    again = Counting()
    summary = run_batch(run, config, DealSet.parse("1-20"), progress=False, solve_fn=again)
    assert sorted(again.calls) == list(range(11, 21))
    assert summary.already == 10 and summary.stored == 10
    df = rows_of(run, config)
    assert list(df["deal"]) == list(range(1, 21))
    assert list(df["invocation"]) == [1] * 10 + [2] * 10
    nothing = Counting()
    summary = run_batch(run, config, DealSet.parse("5-15"), progress=False, solve_fn=nothing)
    assert nothing.calls == [] and summary.stored == 0
    assert len(load_run_config(run)[1]["invocations"]) == 2  # no empty invocation recorded


def test_run_directories_with_the_older_field_names_read_and_resume(tmp_path, config):
    """Older versions called the invocation a session: run.json's
    ``sessions`` (each entry's ``session``), and the rows' column and
    journal key ``session``.  They read as ``invocation``, and a resumed
    batch numbers on from them and writes the new names."""
    import pyarrow.parquet as pq

    from solitaire.studies.runconfig import RUN_FILE

    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve)
    for part in (run / PARTS).glob("part-*.parquet"):
        table = pq.read_table(part)
        pq.write_table(table.rename_columns(["session" if n == "invocation" else n for n in table.column_names]),
                       part)
    data = json.loads((run / RUN_FILE).read_text())
    data["sessions"] = [{("session" if k == "invocation" else k): v for k, v in e.items()}
                        for e in data.pop("invocations")]
    (run / RUN_FILE).write_text(json.dumps(data))
    with open(run / JOURNAL, "w") as fh:  # and a journal row of the older shape
        fh.write(json.dumps({**fake_solve(type("T", (), {"deal": 11})()), "session": 1}) + "\n")
    assert "session" in pq.read_schema(next((run / PARTS).glob("*.parquet"))).names
    assert list(rows_of(run, config)["invocation"]) == [1] * 11
    run_batch(run, config, DealSet.parse("1-15"), progress=False, solve_fn=fake_solve)
    assert list(rows_of(run, config)["invocation"]) == [1] * 11 + [2] * 4
    written = json.loads((run / RUN_FILE).read_text())
    assert "sessions" not in written and [e["invocation"] for e in written["invocations"]] == [1, 2]


def test_other_configuration_is_refused_and_nothing_changes(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-5"), progress=False, solve_fn=fake_solve)
    before = {p: p.read_bytes() for p in run.rglob("*") if p.is_file()}
    other = RunConfig.make("klondike", {"draw": 1}, 1000, None, 4)
    with pytest.raises(StudyError, match=r"draw: 3 -> 1.*another --out"):
        run_batch(run, other, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve)
    bigger = RunConfig.make("klondike", {"draw": 3}, 2000, None, 4)
    with pytest.raises(StudyError, match="max-nodes: 1000 -> 2000"):
        run_batch(run, bigger, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve)
    after = {p: p.read_bytes() for p in run.rglob("*") if p.is_file()}
    assert after == before


def test_interrupt_keeps_finished_deals_and_resumes(tmp_path, config):
    run = tmp_path / "run"
    with pytest.raises(BatchInterrupted) as info:
        run_batch(run, config, DealSet.parse("1-12"), progress=False, solve_fn=Counting(fail_at=7))
    assert info.value.summary.stored == 6 and info.value.summary.interrupted
    assert list(rows_of(run, config)["deal"]) == [1, 2, 3, 4, 5, 6]
    assert load_run_config(run)[1]["invocations"][0]["interrupted"] is True
    rest = Counting()
    run_batch(run, config, DealSet.parse("1-12"), progress=False, solve_fn=rest)
    assert sorted(rest.calls) == list(range(7, 13))
    assert list(rows_of(run, config)["deal"]) == list(range(1, 13))


def test_a_solve_cut_by_ctrl_c_is_not_stored_as_unknown(tmp_path, config):
    run = tmp_path / "run"
    with pytest.raises(BatchInterrupted):
        run_batch(run, config, DealSet.parse("1-9"), progress=False, solve_fn=Counting(interrupted_at=4))
    df = rows_of(run, config, ("deal", "verdict", "reason"))
    assert list(df["deal"]) == [1, 2, 3]
    assert "interrupted" not in set(df["reason"])


def test_compaction_into_parts(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve, part_rows=4)
    assert len(list((run / PARTS).glob("part-*.parquet"))) == 3  # 4 + 4 + the last 2 at close
    assert (run / JOURNAL).read_text() == ""
    direct = pd.read_parquet(run / PARTS)
    assert sorted(direct["deal"]) == list(range(1, 11))


def test_torn_tail_is_ignored_then_cut(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-3"), progress=False, solve_fn=fake_solve)
    with open(run / JOURNAL, "a") as fh:
        fh.write(json.dumps(fake_solve(type("T", (), {"deal": 4})())) + "\n")
        fh.write('{"deal": 5, "verdict": "sol')  # a crash mid-line
    assert list(rows_of(run, config)["deal"]) == [1, 2, 3, 4]
    rest = Counting()
    run_batch(run, config, DealSet.parse("1-6"), progress=False, solve_fn=rest)
    assert sorted(rest.calls) == [5, 6]
    assert list(rows_of(run, config)["deal"]) == list(range(1, 7))


def test_corruption_before_good_rows_is_refused(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-2"), progress=False, solve_fn=fake_solve)
    (run / JOURNAL).write_text("garbage\n" + json.dumps({"deal": 9, "verdict": "solved"}) + "\n")
    with pytest.raises(StudyError, match="line 1 is corrupt"):
        rows_of(run, config)
    with pytest.raises(StudyError, match="line 1 is corrupt"):
        run_batch(run, config, DealSet.parse("1-10"), progress=False, solve_fn=fake_solve)
    assert (run / JOURNAL).read_text().startswith("garbage")  # nothing was cut


def test_rows_both_in_a_part_and_the_journal_count_once(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1-5"), progress=False, solve_fn=fake_solve)
    # a crash after a part was renamed but before the journal was emptied
    with open(run / JOURNAL, "w") as fh:
        for d in (4, 5):
            fh.write(json.dumps(fake_solve(type("T", (), {"deal": d})())) + "\n")
    assert list(rows_of(run, config)["deal"]) == [1, 2, 3, 4, 5]
    store = ResultStore(run, config.game, config.rules)
    assert store.done_deals() == DealSet.parse("1-5")


def test_one_batch_at_a_time(tmp_path, config):
    run = tmp_path / "run"
    run_batch(run, config, DealSet.parse("1"), progress=False, solve_fn=fake_solve)
    first = ResultStore(run, config.game, config.rules).open()
    try:
        with pytest.raises(StudyError, match="in use by another batch"):
            run_batch(run, config, DealSet.parse("1-3"), progress=False, solve_fn=fake_solve)
    finally:
        first.close()


def _peak_bytes(tmp_path, config, deals):
    tracemalloc.start()
    run_batch(tmp_path / f"run{deals}", config, DealSet.parse(f"1-{deals}"), progress=False,
              solve_fn=fake_solve, part_rows=1000, fsync_seconds=60)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def test_memory_does_not_grow_with_deal_count(tmp_path, config):
    small = _peak_bytes(tmp_path, config, 2_000)
    large = _peak_bytes(tmp_path, config, 20_000)
    assert large < 1.5 * small + 200_000, (small, large)
    store = ResultStore(tmp_path / "run20000", config.game, config.rules)
    assert store.done_deals().intervals() == [(1, 20_000)]


def test_progress_bar_shows_rate_and_verdicts(tmp_path, config, capsys):
    run_batch(tmp_path / "run", config, DealSet.parse("1-60"), progress=True, solve_fn=fake_solve)
    err = capsys.readouterr().err
    assert "60/60" in err and "deal/s" in err and "solved 20, unsolvable 20, unknown 20" in err


def test_a_worker_running_other_code_refuses(tmp_path, config):
    from solitaire.studies import worker

    task = worker.Task("klondike", 1, config.rules, 10, None, 1.0, "0123456789abcdef")
    with pytest.raises(StudyError, match="other solver code"):
        worker.solve_task(task)
