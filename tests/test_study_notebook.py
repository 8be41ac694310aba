"""The notebook in notebooks/ runs top to bottom on the committed results/."""
import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def test_notebook_reads_results_and_redraws_the_charts():
    nb = nbformat.read(ROOT / "notebooks" / "studies.ipynb", as_version=4)
    os.environ.pop("SOLITAIRE_RESULTS", None)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    text = "".join(out.get("text", "") for cell in nb.cells if cell.cell_type == "code"
                   for out in cell.get("outputs", []))
    studies = sorted(p.parent.name for p in (ROOT / "results").glob("*/manifest.json"))
    assert studies, "results/ holds no study report"
    assert f"{len(studies)} studies in" in text and all(name in text for name in studies)
    images = sum(1 for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
                 if "image/png" in out.get("data", {}))
    assert images >= 3 * len(studies)
    assert "charts redrawn" in text
