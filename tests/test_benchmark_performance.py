"""benchmarks/performance.py: the tables it writes into docs/performance.md, and the page's markers."""
from benchmark_scripts import BENCHMARKS, load

PERFORMANCE = load("performance")


def figures(game, setting, shortest=False, **extra):
    row = {"game": game, "setting": setting, "range": "1-10", "deals": 10, "shortest": shortest, "optimal": 0, "solved": 6, "unsolvable": 3,
           "unknown": 1, "median_ms": 0.5, "mean_ms": 120.0, "p99_ms": 900.0, "worst_s": 1.25,
           "nodes_per_second": 4.2e5, "peak_mb": 250.0}
    return {**row, **extra}


def test_rows_give_verdicts_share_decided_times_rate_and_memory():
    text = PERFORMANCE.render([figures("klondike", "d1p1"), figures("pyramid", "microsoft", True, optimal=5)],
                              12.3, "2 cores")
    assert text.startswith("Measured on 2 cores, in 12 minutes.")
    assert "| klondike | d1p1 | 1-10 | 6 / 3 / 1 | 90.0% | 0.50 ms | 120 ms | 900 ms | 1.25 s | 0.42 M | 250 MB |" in text
    assert "| pyramid | microsoft | 1-10 | 6 / 3 / 1 | 90.0% | 5 of 6 |" in text
    assert text.index("Can it be won") < text.index("Shortest wins")


def test_writing_replaces_only_the_text_between_the_markers():
    page = f"head\n{PERFORMANCE.BEGIN}\nold figures\n{PERFORMANCE.END}\ntail\n"
    assert PERFORMANCE.replace_generated(page, "new\n") == f"head\n{PERFORMANCE.BEGIN}\nnew\n{PERFORMANCE.END}\ntail\n"


def test_the_page_names_its_command_and_has_the_markers():
    page = PERFORMANCE.PAGE.read_text()
    assert "python benchmarks/performance.py --write" in page.split(PERFORMANCE.BEGIN)[0]
    assert page.count(PERFORMANCE.BEGIN) == 1 and page.count(PERFORMANCE.END) == 1
    assert PERFORMANCE.PAGE.parent.parent / "benchmarks" == BENCHMARKS


def test_the_plan_uses_settings_speed_knows():
    for game, setting, deals, _ in PERFORMANCE.PLAN:
        assert setting in PERFORMANCE.speed.SETTINGS[game]
        assert PERFORMANCE.deals_of(deals, 3).endswith("-" + str(int(deals.split("-")[0]) + 2))


def test_times_of_a_second_or_more_are_given_in_seconds():
    assert [PERFORMANCE.ms(t) for t in (0.444, 44.4, 999.4, 1432.0)] == ["0.44 ms", "44 ms", "999 ms", "1.43 s"]


def test_small_work_row_and_its_own_markers(tmp_path, monkeypatch):
    small = load("small_work")
    m = {"game": "yukon", "deals": [3, 5], "optimal_deals": [], "plain_median_ms": 2.04, "plain_worst_ms": 9.5,
         "optimal_median_ms": 0.0, "optimal_worst_ms": 0.0, "calls_per_s": 1234.4,
         "command_wall_s": 1.234, "command_peak_mb": 190.2}
    assert small.row(m) == "| yukon | 2 (deals 3, 5) | 2.0 / 9.5 ms | none found | 1,234 | 1.23 s | 190 MB |"
    shortest = small.row({**m, "optimal_deals": [4], "optimal_median_ms": 8.25, "optimal_worst_ms": 8.25})
    assert "| 8.2 / 8.2 ms (deals 4) |" in shortest
    assert small.row(m).count("|") == small.HEADER.splitlines()[0].count("|")
    page = tmp_path / "performance.md"
    page.write_text(f"a\n{PERFORMANCE.BEGIN}\nkept\n{PERFORMANCE.END}\n{small.BEGIN}\nold\n{small.END}\nz\n")
    monkeypatch.setattr(small, "PAGE", page)
    small.write("new")
    assert page.read_text() == f"a\n{PERFORMANCE.BEGIN}\nkept\n{PERFORMANCE.END}\n{small.BEGIN}\nnew\n{small.END}\nz\n"
    assert PERFORMANCE.PAGE.read_text().count(small.BEGIN) == 1
