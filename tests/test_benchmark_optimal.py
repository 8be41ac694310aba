"""benchmarks/optimal.py --combined: each deal's row comes from the largest budget that ran it."""
import csv

from benchmark_scripts import load


def load_script():
    return load("optimal")


def write(path, rows, fields):
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fields)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: row.get(k, "") for k in fields})


def test_combined_rows_prefer_the_largest_budget(tmp_path, capsys):
    optimal = load_script()
    fields = optimal.FIELDS
    # 9 sorts after 40 as text, before it as a number: the budget must be read as a number
    write(optimal.results_file(tmp_path, "bakers-dozen", 9_000_000, 3500),
          [{"deal": 1, "result": "solved", "optimal": 1, "moves": 70, "lower_bound": 70, "seconds": 1, "peak_mb": 10},
           {"deal": 2, "result": "solved", "optimal": 0, "moves": 80, "lower_bound": 71, "seconds": 2, "peak_mb": 10},
           {"deal": 3, "result": "unknown", "optimal": 0, "seconds": 3, "peak_mb": 10}], fields)
    write(optimal.results_file(tmp_path, "bakers-dozen", 40_000_000, 3500),
          [{"deal": 2, "result": "solved", "optimal": 1, "moves": 72, "lower_bound": 72, "seconds": 9, "peak_mb": 20}],
          fields)
    write(optimal.results_file(tmp_path, "yukon", 90_000_000, 3500),  # another setting: ignored
          [{"deal": 1, "result": "unknown", "optimal": 0, "seconds": 1, "peak_mb": 10}], fields)
    rows, paths = optimal.combined_rows("bakers-dozen", tmp_path)
    assert [p.name for p in paths] == ["optimal-bakers-dozen-9000000-3500mb.csv",
                                       "optimal-bakers-dozen-40000000-3500mb.csv"]
    assert rows[2]["moves"] == "72" and rows[2]["optimal"] == "1"
    assert rows[1]["moves"] == "70" and rows[3]["result"] == "unknown"
    optimal.summarize("bakers-dozen", [1, 2, 3], rows)
    out = capsys.readouterr().out
    assert "proved optimal 2 of 2 wins (100.00%)" in out
    assert "not proved: 3" in out
