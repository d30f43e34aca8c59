"""The package layout follows the flow: records -> play -> scoring -> laws -> equity -> outputs -> top level.

Each package imports only from the packages before it (and from ``revsim.cards``, the vocabulary); the
imports are read from the source, so a new module that reaches forward fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "revsim"
ORDER = ("cards", "records", "play", "scoring", "laws", "equity", "outputs")
TOP = len(ORDER)


def _rank(module: str) -> int:
    """The position of a dotted ``revsim...`` module in the flow; top-level modules other than cards last."""
    parts = module.split(".")
    if len(parts) < 2:
        return TOP
    return ORDER.index(parts[1]) if parts[1] in ORDER else TOP


def _module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _revsim_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every absolute import of a revsim module (relative imports are not used)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "revsim":
                found += [(node.lineno, f"revsim.{alias.name}") for alias in node.names]
            elif node.module.startswith("revsim."):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("revsim")]
    return found


def _relative_imports(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_imports_from_a_later_package(path: Path) -> None:
    own = _rank(_module_name(path))
    forward = [f"line {line}: {target}" for line, target in _revsim_imports(path) if _rank(target) > own]
    assert not forward, f"{path.relative_to(PACKAGE)} imports from a later package: {forward}"


def test_imports_are_absolute_so_the_flow_reads_from_the_import_lines() -> None:
    relative = {str(path.relative_to(PACKAGE)): lines for path in MODULES if (lines := _relative_imports(path))}
    assert not relative


def test_each_package_says_what_it_holds_and_may_import() -> None:
    for name in ORDER[1:]:
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc) > 150, f"revsim/{name}/__init__.py needs a docstring saying what it holds"
        assert "import" in doc.lower(), f"revsim/{name}/__init__.py should say what it may import"


def test_at_most_eight_modules_at_the_top() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= 8, top


def test_only_the_solver_module_calls_dds() -> None:
    callers = [path.relative_to(PACKAGE) for path in MODULES
               if any(target.startswith("endplay.dds") for target in _endplay_imports(path))]
    assert [str(path) for path in callers] == ["equity/solver.py"]


def _endplay_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    names += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    return [name for name in names if name.startswith("endplay")]


def test_the_layout_check_catches_a_forward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from revsim.equity.ruling import rule\nimport revsim.outputs.text\nfrom .x import y\n", encoding="utf-8")
    assert [target for _, target in _revsim_imports(bad)] == ["revsim.equity.ruling", "revsim.outputs.text"]
    assert _relative_imports(bad) == [3]
    assert _rank("revsim.equity.ruling") > _rank("revsim.records.pbn")
    assert _rank("revsim.batch") == TOP and _rank("revsim.cards") == 0


def test_python_dash_m_revsim_runs_the_command_line() -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "revsim", "--help"], capture_output=True, text=True, timeout=60,
                            cwd=PACKAGE.parent)
    assert result.returncode == 0 and "adjudicate" in result.stdout and "scan" in result.stdout
