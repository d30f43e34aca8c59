"""The notebooks run top to bottom (executed in a kernel, not just opened)."""

from __future__ import annotations

import os
import re
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
    client = nbclient.NotebookClient(book, timeout=300, kernel_name="python3",   # from the project's folder:
                                     resources={"metadata": {"path": str(NOTEBOOKS.parent)}})   # not notebooks/
    client.execute()
    outputs = [output for cell in book.cells if cell.cell_type == "code" for output in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any(o.get("output_type") == "display_data" and "image/png" in o.get("data", {}) for o in outputs)


@pytest.mark.parametrize("name", sorted(path.name for path in NOTEBOOKS.glob("*.ipynb")))
def test_each_notebook_is_stored_with_its_outputs_and_no_path_of_the_machine_that_ran_it(name: str) -> None:
    """A notebook reads without being run (``notebooks/refresh.py`` stores it so): every code cell was run, in
    order, none failed, and its figures are there; no output names a folder of the machine that ran it."""
    book = nbformat.read(NOTEBOOKS / name, as_version=4)
    code = [cell for cell in book.cells if cell.cell_type == "code"]
    assert [cell.execution_count for cell in code] == list(range(1, len(code) + 1))
    outputs = [output for cell in code for output in cell.get("outputs", [])]
    assert outputs and not [o for o in outputs if o.get("output_type") == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)
    text = (NOTEBOOKS / name).read_text(encoding="utf-8")
    assert str(NOTEBOOKS.parent) not in text and not re.search(r"(?<![\w.])/(tmp|home|Users|work|root)/", text)


def test_there_are_two_notebooks() -> None:
    assert {path.name for path in NOTEBOOKS.glob("*.ipynb")} == {"director_walkthrough.ipynb", "archive_study.ipynb"}
