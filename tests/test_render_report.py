"""A study report shows each setting's hardest solved deal (most nodes) as a picture."""
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pandas as pd
import pytest

from solitaire import cards
from solitaire.dealing import make_deal
from solitaire.render.report_pictures import file_name, hardest_solved
from solitaire.studies.batch import run_batch
from solitaire.studies.deal_set import DealSet
from solitaire.studies.report import build_report, load_setting, write_report
from solitaire.studies.runconfig import RunConfig
from test_study_report import fake_solve, verdict_of

SVG = "{http://www.w3.org/2000/svg}"


def test_report_draws_the_hardest_solved_deal_of_each_setting(tmp_path):
    runs = []
    for draw in (1, 3):
        config = RunConfig.make("klondike", {"draw": draw}, 5000, None, 8)
        run_batch(tmp_path / f"k{draw}", config, DealSet.parse("1-40"), progress=False, solve_fn=fake_solve)
        runs.append(load_setting(tmp_path / f"k{draw}", f"draw {draw}"))
    report = build_report(runs)
    written = [p.name for p in write_report(report, tmp_path / "out")]
    summary = (tmp_path / "out" / "summary.md").read_text()
    for draw in (1, 3):
        # the stand-in solver spends 100 nodes per deal number: the hardest solved deal is the last solved
        hardest = max(d for d in range(1, 41) if verdict_of(draw, d) == "solved")
        name = file_name(f"draw {draw}")
        assert name == f"hardest-draw-{draw}.svg" and name in written
        assert f"![draw {draw}: deal {hardest} ({100 * hardest:,} nodes, {90 + hardest % 30} moves)]({name})" in summary
        root = ET.parse(tmp_path / "out" / name).getroot()
        placed = {u.get("data-card"): u.get("data-pile") for u in root.iter(SVG + "use") if u.get("class") == "card"}
        deal = make_deal("klondike", hardest)
        assert placed[cards.name(deal.layout.tableau[6][-1])] == "t7" and len(placed) == 52
        waste_label = [t.text for t in root.iter(SVG + "text") if t.text.startswith("waste")]
        assert waste_label == [f"waste 0, pass 1 of {1 if draw == 1 else 3}"]  # drawn under the setting's rules
    assert "## Hardest solved deal of each setting" in summary
    assert not [p for p in write_report(report, tmp_path / "plain", pictures=False) if p.suffix == ".svg"]


def test_no_solved_deal_means_no_picture():
    deals = pd.DataFrame({"setting": ["a", "a", "b"], "deal": [1, 2, 3], "verdict": ["unsolvable", "unknown", "solved"],
                          "nodes": [10, 20, 5], "moves": [None, None, 40]})
    assert hardest_solved(deals, "a") is None
    assert int(hardest_solved(deals, "b")["deal"]) == 3
    ties = pd.DataFrame({"setting": ["a"] * 3, "deal": [9, 4, 7], "verdict": ["solved"] * 3, "nodes": [5, 8, 8],
                         "moves": [1, 2, 3]})
    assert int(hardest_solved(ties, "a")["deal"]) == 4  # most nodes, then the lower deal number


def three_setting_report(tmp_path):
    """Three Pyramid-like settings whose labels are as long as the real study's."""
    rules = [{"draw": 1, "passes": 1}, {"draw": 3, "passes": 3}, {"draw": 1, "passes": 1, "foundation_to_tableau": True}]
    labels = ["draw 1, 1 pass, stock top not playable", "three waste piles, stock top not playable",
              "microsoft preset with foundation to tableau"]
    settings = []
    for i, (r, label) in enumerate(zip(rules, labels)):
        config = RunConfig.make("klondike", r, 5000, None, 8)
        run_batch(tmp_path / f"run{i}", config, DealSet.parse("1-40"), progress=False, solve_fn=fake_solve)
        settings.append(load_setting(tmp_path / f"run{i}", label))
    return build_report(settings)


def overlapping_texts(fig) -> list[tuple[str, str]]:
    """Pairs of visible texts of a figure whose drawn boxes intersect."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    undrawn = set()  # labels of ticks outside the axis limits: matplotlib keeps but does not draw them
    for ax in fig.axes:
        for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not min(limits) <= tick.get_loc() <= max(limits):
                    undrawn.update((id(tick.label1), id(tick.label2)))
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip() and id(t) not in undrawn]
    boxes = [(t.get_text(), box) for t in texts if (box := t.get_window_extent(renderer)).width > 1]
    return [(a, b) for i, (a, box_a) in enumerate(boxes) for b, box_b in boxes[i + 1:] if box_a.overlaps(box_b)]


def test_charts_of_three_settings_have_no_overlapping_text(tmp_path):
    from solitaire.studies import charts

    report = three_setting_report(tmp_path)
    assert len(report.paired) == 3
    figures = {"paired": charts.paired_chart(report.paired, report.meta),
               "solvability": charts.solvability_chart(report.summary, report.meta),
               "lengths": charts.lengths_chart(report.deals, report.meta),
               "time": charts.time_chart(report.deals, report.meta)}
    for name, fig in figures.items():
        assert overlapping_texts(fig) == [], name


def test_a_few_very_long_solutions_do_not_squeeze_the_lengths_chart():
    from solitaire.studies import charts

    moves = [60 + i % 40 for i in range(998)] + [700, 824]
    deals = pd.DataFrame({"setting": "s", "deal": range(1, 1001), "verdict": "solved", "moves": moves,
                          "nodes": 1, "seconds": 0.1})
    meta = {"game_title": "Baker's Dozen", "common_rules": "", "setting_rules": {}, "deals": "deals 1-1000",
            "budget": "b", "footer": "f", "labels": ["s"]}
    ax = charts.lengths_chart(deals, meta).axes[0]
    assert ax.get_xlim()[1] < 150
    assert "2 solutions longer than 99 moves (up to 824) lie beyond the right edge" in ax.get_xlabel()


def test_redraw_rewrites_a_report_folders_charts(tmp_path):
    from solitaire.studies.redraw import REDRAWN, main as redraw_main

    report = three_setting_report(tmp_path)
    out = tmp_path / "report"
    write_report(report, out, pictures=False)
    before = (out / "paired.png").stat().st_mtime_ns
    (out / "paired.png").write_bytes(b"stale")
    assert redraw_main([str(out)]) == 0
    data = (out / "paired.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and (out / "paired.png").stat().st_mtime_ns >= before
    meta = json.loads((out / "manifest.json").read_text())["meta"]
    assert not meta["footer"].endswith(REDRAWN)  # the manifest is the data's record: unchanged
    assert redraw_main([str(tmp_path / "nowhere")]) == 2


RESULTS = Path(__file__).resolve().parent.parent / "results"


@pytest.mark.parametrize("folder", sorted(p.parent.name for p in RESULTS.glob("*/manifest.json")))
def test_every_committed_chart_redraws_without_overlapping_text(folder):
    """The charts of results/ as ``python -m solitaire.studies.redraw`` draws them from the committed tables."""
    from solitaire.studies import charts

    here = RESULTS / folder
    meta = json.loads((here / "manifest.json").read_text())["meta"]
    deals = pd.read_parquet(here / "deals.parquet")
    figures = [charts.solvability_chart(pd.read_csv(here / "summary.csv"), meta),
               charts.lengths_chart(deals, meta), charts.time_chart(deals, meta)]
    if (here / "paired.csv").exists():
        figures.append(charts.paired_chart(pd.read_csv(here / "paired.csv"), meta))
    for fig in figures:
        assert overlapping_texts(fig) == [], fig.texts[0].get_text()
