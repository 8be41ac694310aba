"""Reports, charts, experiment files and the CLI's bad-input lines.

Run directories are filled by a stand-in solver whose verdicts are known, so
every number in the tables can be checked by hand.
"""
import json
import socket

import pandas as pd
import pytest
from click.testing import CliRunner

from solitaire.cli import main
from solitaire.studies import charts, stats
from solitaire.studies.batch import run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.errors import StudyError
from solitaire.studies.experiment import load_study
from solitaire.studies.report import build_report, derive_labels, load_setting, write_report
from solitaire.studies.runconfig import RunConfig


def verdict_of(draw, deal):
    if draw == 1:
        return "unknown" if deal % 10 == 7 else ("unsolvable" if deal % 4 == 0 else "solved")
    return "solved" if deal % 2 == 0 else "unsolvable"


def fake_solve(task):
    v = verdict_of(task.rules["draw"], task.deal)
    return {"deal": task.deal, "verdict": v, "moves": 90 + task.deal % 30 if v == "solved" else None,
            "nodes": 100 * task.deal, "seconds": 0.01 * (1 + task.deal % 5), "reason": "", "solution": ""}


@pytest.fixture
def runs(tmp_path):
    out = {}
    for draw in (1, 3):
        config = RunConfig.make("klondike", {"draw": draw}, 5000, None, 8)
        run_batch(tmp_path / f"k{draw}", config, DealSet.parse("1-40"), progress=False, solve_fn=fake_solve)
        out[draw] = tmp_path / f"k{draw}"
    return out


def expected_counts(draw, deals=range(1, 41)):
    verdicts = [verdict_of(draw, d) for d in deals]
    return {v: verdicts.count(v) for v in ("solved", "unsolvable", "unknown")}


def test_cli_report_tables_match_hand_counts(runs, tmp_path):
    out = tmp_path / "report"
    result = CliRunner().invoke(main, ["report", str(runs[1]), str(runs[3]), "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary["setting"]) == ["draw=1, passes=1", "draw=3, passes=3"]
    for draw, row in zip((1, 3), summary.itertuples()):
        c = expected_counts(draw)
        assert (row.solved, row.unsolvable, row.unknown, row.n) == (c["solved"], c["unsolvable"], c["unknown"], 40)
        s = stats.solvability(c["solved"], c["unsolvable"], c["unknown"])
        assert row.ci95_low_pct == pytest.approx(100 * s["ci_low"], abs=1e-3)
        assert row.ci95_high_pct == pytest.approx(100 * s["ci_high"], abs=1e-3)
        assert row.deals == "1-40"
    paired = pd.read_csv(out / "paired.csv").iloc[0]
    pairs = [(verdict_of(1, d), verdict_of(3, d)) for d in range(1, 41)]
    assert paired["a_only"] == pairs.count(("solved", "unsolvable"))
    assert paired["b_only"] == pairs.count(("unsolvable", "solved"))
    assert paired["with_unknown"] == sum(1 for a, b in pairs if "unknown" in (a, b))
    assert paired["mcnemar_p"] == pytest.approx(stats.mcnemar_exact(paired["a_only"], paired["b_only"]))
    assert paired["a_unknown_b_unsolvable"] == pairs.count(("unknown", "unsolvable"))
    dist = pd.read_csv(out / "distributions.csv")
    moves = dist[(dist.setting == "draw=3, passes=3") & (dist.measure == "moves")].iloc[0]
    solved3 = [90 + d % 30 for d in range(1, 41) if verdict_of(3, d) == "solved"]
    assert moves["count"] == len(solved3) and moves["median"] == pd.Series(solved3).median()
    deals = pd.read_parquet(out / "deals.parquet")
    assert len(deals) == 80 and set(deals["setting"]) == set(summary["setting"])
    md = (out / "summary.md").read_text()
    assert md.startswith("# Klondike") and "| setting |" in md and "node budget 5,000/deal" in md
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["settings"][0]["config"]["rules"]["draw"] == 1
    assert manifest["settings"][0]["invocations"][0]["deals_asked"] == "1-40"
    for name in ("solvability.png", "paired.png", "solution-lengths.png", "time-per-deal.png"):
        data = (out / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_report_restricted_to_deals_and_labels(runs, tmp_path):
    settings = [load_setting(runs[1], "draw 1", DealSet.parse("1-10")),
                load_setting(runs[3], "draw 3", DealSet.parse("1-10"))]
    report = build_report(settings)
    assert list(report.summary["n"]) == [10, 10]
    assert report.summary.loc[1, "solved"] == expected_counts(3, range(1, 11))["solved"]
    assert report.meta["deals"] == "deals 1-10 (n=10 each)"
    assert report.meta["common_rules"] == "foundation_to_tableau=off"
    assert "node budget 5,000/deal" in report.meta["budget"]


def texts(fig):
    return " ".join(t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")))


def test_charts_say_game_rules_deals_and_budget(runs):
    report = build_report([load_setting(runs[1], "draw 1"), load_setting(runs[3], "draw 3")])
    figs = [charts.solvability_chart(report.summary, report.meta), charts.paired_chart(report.paired, report.meta),
            charts.lengths_chart(report.deals, report.meta), charts.time_chart(report.deals, report.meta)]
    for fig in figs:
        t = texts(fig)
        assert "Klondike" in t and "foundation_to_tableau=off" in t
        assert "deals 1-40 (n=40 each)" in t and "node budget 5,000/deal" in t
        assert "solitaire 0.1.0" in t
    assert "draw 1" in texts(figs[0]) and "draw 3" in texts(figs[0])
    assert "McNemar exact p" in texts(figs[1])
    assert figs[3].axes[0].get_xscale() == "log"


def test_published_figure_is_compared(runs):
    s = load_setting(runs[3], "draw 3", published={"percent": 50.0, "plusminus": 0.1, "source": "test"})
    far = load_setting(runs[1], "draw 1", published={"percent": 10.0, "plusminus": 0.1, "source": "test"})
    summary = build_report([s, far]).summary
    assert summary.loc[0, "agrees_with_published"] == True  # 20/40 solved, no unknowns  # noqa: E712
    assert summary.loc[1, "agrees_with_published"] == False  # noqa: E712


def test_derive_labels_names_what_differs():
    a = RunConfig.make("klondike", {"draw": 1}, 100, None, 8)
    b = RunConfig.make("klondike", {"draw": 1, "foundation_to_tableau": True}, 100, None, 8)
    c = RunConfig.make("klondike", {"draw": 1}, 200, None, 8)
    assert derive_labels([a, b], ["x", "y"]) == ["foundation_to_tableau=off", "foundation_to_tableau=on"]
    assert derive_labels([a, c], ["x", "y"]) == ["max-nodes 100", "max-nodes 200"]
    assert derive_labels([a, a], ["x", "y"]) == ["x", "y"]


GOOD = """
name = "t"
game = "klondike"
deals = "1-5"
[budget]
max_nodes = 1000
[[setting]]
label = "draw 1"
rules = { draw = 1 }
[[setting]]
label = "draw 3"
rules = { draw = 3 }
published = { percent = 81.9, plusminus = 0.1, source = "x" }
"""


def test_load_study(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(GOOD)
    s = load_study(path)
    assert s.name == "t" and len(s.deals) == 5 and [x.label for x in s.settings] == ["draw 1", "draw 3"]
    assert s.settings[1].config.rules == {"draw": 3, "passes": 3, "foundation_to_tableau": False}
    assert s.settings[0].config.tt_mb == 128 and s.settings[1].published["percent"] == 81.9


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace('game = "klondike"', 'game = "chess"'), "unknown game 'chess'"),
    (lambda t: t.replace("rules = { draw = 1 }", "rules = { drav = 1 }"), "unknown rule option 'drav'"),
    (lambda t: t.replace('deals = "1-5"', 'deals = "5-1"'), "'deals': malformed deal range"),
    (lambda t: t.replace("max_nodes = 1000", "max_nodez = 1000"), "unknown budget key(s) max_nodez"),
    (lambda t: t.replace("max_nodes = 1000", "max_nodes = 0"), "max-nodes must be at least 1"),
    (lambda t: t + "\n[[compare]]\na = \"draw 1\"\nb = \"draw 2\"\n", "unknown setting 'draw 2'"),
    (lambda t: t.replace('label = "draw 3"', 'label = "draw 1"'), "labels must differ"),
    (lambda t: t + "\ncolour = 3\n", "unknown key(s) colour"),
    (lambda t: t + "\nseed = 3\n", "'hidden' and 'seed' need a 'policy'"),
    (lambda t: t.replace("[budget]", "[budget"), "not valid TOML"),
])
def test_bad_study_files_give_one_clear_error(tmp_path, edit, message):
    path = tmp_path / "t.toml"
    path.write_text(edit(GOOD))
    with pytest.raises(StudyError) as info:
        load_study(path)
    assert message in str(info.value) and str(path) in str(info.value)
    assert "\n" not in str(info.value)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("args,message", [
    (["batch", "klondike", "--deals", "1-x", "--out", "{tmp}/r"], "malformed deal range"),
    (["batch", "chess", "--deals", "1-3", "--out", "{tmp}/r"], "unknown game 'chess'"),
    (["batch", "klondike", "--build", "any-suit", "--deals", "1-3", "--out", "{tmp}/r"], "unknown rule option 'build'"),
    (["batch", "klondike", "--draw", "0", "--deals", "1-3", "--out", "{tmp}/r"], "draw"),
    (["batch", "klondike", "--workers", "0", "--deals", "1-3", "--out", "{tmp}/r"], "--workers must be at least 1"),
    (["batch", "klondike", "--deals", "1-3", "--out", "{tmp}/r", "--scheduler", "tcp://127.0.0.1:{port}",
      "--connect-timeout", "2"], "cannot reach Dask scheduler"),
    (["batch", "klondike", "--deals", "1-3", "--out", "{tmp}/r", "--scheduler", "tcp://127.0.0.1:{port}",
      "--workers", "2"], "give --workers or --scheduler, not both"),
    (["study", "{tmp}/missing.toml"], "cannot read experiment file"),
    (["report", "{tmp}", "--out", "{tmp}/x"], "is not a run directory"),
])
def test_cli_bad_input_is_one_line_and_status_2(tmp_path, args, message):
    port = _free_port()
    args = [a.format(tmp=tmp_path, port=port) for a in args]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.stderr
    assert not (tmp_path / "r").exists() or not any((tmp_path / "r").iterdir()) or "scheduler" in message


def test_every_declared_experiment_loads():
    from pathlib import Path

    from solitaire.games import game_names

    root = Path(__file__).resolve().parent.parent
    files = sorted((root / "experiments").glob("*.toml"))
    assert {"quickstart.toml", "draw1-vs-draw3.toml", "unlimited-passes.toml"} <= {f.name for f in files}
    for f in files:
        study = load_study(f)
        assert study.game in game_names() and study.name == f.stem
    unlimited = load_study(root / "experiments" / "unlimited-passes.toml")
    published = {s.label: s.published["percent"] for s in unlimited.settings}
    assert published == {"draw 1, f2t": 90.480, "draw 1, no f2t": 90.204, "draw 3, f2t": 81.945,
                         "draw 3, no f2t": 81.524}
    assert all(s.config.rules["passes"] == "unlimited" for s in unlimited.settings)
    assert all([(e.max_nodes, e.tt_mb) for e in s.config.escalate] == [(20_000_000, 1024), (100_000_000, 4096)]
               for s in unlimited.settings)


def _run(tmp_path, name, rules, verdict):
    def solve(task):
        v = verdict(task.deal)
        return {"deal": task.deal, "verdict": v, "moves": 100 if v == "solved" else None, "nodes": 10,
                "seconds": 0.01, "reason": "", "solution": ""}
    config = RunConfig.make("klondike", rules, 5000, None, 8)
    run_batch(tmp_path / name, config, DealSet.parse("1-40"), progress=False, solve_fn=solve)
    return tmp_path / name


def draw3_verdict(deal):
    return "solved" if deal % 2 == 0 else ("unknown" if deal % 5 == 0 else "unsolvable")


def test_related_settings_are_cross_checked(tmp_path):
    """Draw 1 plays every draw 3 game (same passes): the report counts the
    deals both decided; draw 1 / one pass / f2t, related to neither (fewer
    passes than both, moves draw 1 / unlimited lacks), gets no row."""
    d3 = _run(tmp_path, "d3", {"draw": 3, "passes": "unlimited"}, draw3_verdict)
    d1 = _run(tmp_path, "d1", {"draw": 1, "passes": "unlimited"}, lambda d: "unsolvable" if d % 4 == 1 else "solved")
    d1p1 = _run(tmp_path, "d1p1", {"draw": 1, "passes": 1, "foundation_to_tableau": True}, lambda d: "unsolvable")
    report = build_report([load_setting(d3, "draw 3"), load_setting(d1, "draw 1"), load_setting(d1p1, "one pass")])
    rows = report.cross_checks.to_dict("records")
    both = [d for d in range(1, 41) if draw3_verdict(d) != "unknown"]
    assert rows == [{"weaker": "draw 3", "stronger": "draw 1", "decided_by_both": len(both),
                     "won_both": sum(d % 2 == 0 for d in both),
                     "lost_both": sum(d % 4 == 1 and draw3_verdict(d) == "unsolvable" for d in both),
                     "lost_weaker_won_stronger": sum(d % 2 == 1 and d % 4 != 1 for d in both)}]
    written = [p.name for p in write_report(report, tmp_path / "out")]
    assert "cross-checks.md" in written
    assert "plays every game of the weaker" in (tmp_path / "out" / "cross-checks.md").read_text()


def test_a_win_under_the_weaker_setting_lost_under_the_stronger_stops_the_report(tmp_path):
    d3 = _run(tmp_path, "d3", {"draw": 3, "passes": "unlimited"}, draw3_verdict)
    d1 = _run(tmp_path, "d1", {"draw": 1, "passes": "unlimited"}, lambda d: "unsolvable" if d == 12 else "solved")
    with pytest.raises(StudyError, match=r"deal\(s\) 12: won under draw 3 but lost under draw 1"):
        build_report([load_setting(d3, "draw 3"), load_setting(d1, "draw 1")])
    result = CliRunner().invoke(main, ["report", str(d3), str(d1), "--label", "draw 3", "--label", "draw 1",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "won under draw 3 but lost under draw 1" in result.output
    assert "Traceback" not in result.output
