"""The notebooks run top to bottom (executed in a kernel, not just opened)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="nbformat is in the dev extra")
nbclient = pytest.importorskip("nbclient", reason="nbclient is in the dev extra")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.mark.parametrize("name", sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")))
def test_notebook_runs_top_to_bottom(name: str, monkeypatch) -> None:
    # the kernel must be this interpreter, with revsim installed
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    book = nbformat.read(NOTEBOOKS / name, as_version=4)
    client = nbclient.NotebookClient(book, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    outputs = [output for cell in book.cells if cell.cell_type == "code" for output in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any(o.get("output_type") == "display_data" and "image/png" in o.get("data", {}) for o in outputs)


def test_there_are_two_notebooks() -> None:
    assert {path.name for path in NOTEBOOKS.glob("*.ipynb")} == {"director_walkthrough.ipynb", "archive_study.ipynb"}
