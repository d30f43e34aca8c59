"""Run every notebook here top to bottom and store it with its outputs, so it reads on GitHub or in an editor
without being run: ``.venv/bin/python notebooks/refresh.py`` from any folder (a kernel of this interpreter)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbclient
import nbformat

NOTEBOOKS = Path(__file__).resolve().parent


def refresh(path: Path) -> None:
    """Execute ``path`` in a fresh kernel, in its own folder, and write it back with its outputs."""
    book = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(book, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    nbformat.write(book, path)
    print(f"{path.name}: run and stored with its outputs")


if __name__ == "__main__":
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")
    os.environ.setdefault("MPLBACKEND", "Agg")
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        refresh(notebook)
