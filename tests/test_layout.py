"""The package layout follows the flow: records -> play -> scoring -> laws -> likely -> claims -> information ->
equity -> outputs -> top level.

Each package imports only from the packages before it (and from ``revsim.cards``, the vocabulary); the
imports are read from the source, so a new module that reaches forward fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "revsim"
ORDER = ("cards", "records", "play", "scoring", "laws", "likely", "claims", "information", "equity", "outputs")
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


MODULE_NAMES = {_module_name(path) for path in MODULES}


def _target_module(target: str) -> str | None:
    """The revsim module an import names: ``from revsim.scan import scan`` names ``revsim.scan``, ``from revsim
    import adjudicate`` the module ``revsim.adjudicate`` (a name in ``revsim`` otherwise)."""
    while target and target not in MODULE_NAMES:
        target = target.rpartition(".")[0]
    return target or None


def import_graph(paths: list[Path]) -> dict[str, set[str]]:
    """Each module's revsim imports, those inside functions included (``ast.walk`` sees every node)."""
    graph: dict[str, set[str]] = {}
    for path in paths:
        own = _module_name(path)
        targets = {_target_module(target) for _, target in _revsim_imports(path)}
        graph[own] = {target for target in targets if target is not None and target != own}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm): each holds a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


def test_no_import_cycle_anywhere_imports_inside_functions_included() -> None:
    assert import_cycles(import_graph(MODULES)) == []


def test_the_cycle_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    package = tmp_path / "revsim"
    package.mkdir()
    (package / "one.py").write_text("from revsim.two import b\n", encoding="utf-8")
    (package / "two.py").write_text("def b():\n    from revsim.one import a\n    return a\n", encoding="utf-8")
    graph = {"revsim.one": {"revsim.two"}, "revsim.two": {"revsim.one"}}
    found = {f"revsim.{path.stem}": {target for _, target in _revsim_imports(path)} for path in package.glob("*.py")}
    assert found == graph
    assert import_cycles(graph) == [["revsim.one", "revsim.two"]]
    assert import_cycles({"revsim.a": {"revsim.b"}, "revsim.b": set()}) == []


def test_no_module_over_400_lines() -> None:
    sources = list(MODULES) + sorted((PACKAGE / "web" / "static").glob("*.*"))
    long = {str(path.relative_to(PACKAGE)): lines for path in sources
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long


def test_at_most_eight_modules_at_the_top() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= 8, top


def test_only_the_solver_module_calls_dds() -> None:
    callers = [path.relative_to(PACKAGE) for path in MODULES
               if any(target.startswith(("endplay.dds", "endplay._dds")) for target in _endplay_imports(path))]
    assert [str(path) for path in callers] == ["likely/solver.py"]


def _endplay_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    names += [f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
              for alias in node.names]   # ``from endplay import _dds`` reaches DDS as surely as ``endplay.dds``
    names += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    return [name for name in names if name.startswith("endplay")]


def test_the_layout_check_catches_a_forward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from revsim.equity.ruling import rule\nimport revsim.outputs.text\nfrom .x import y\n", encoding="utf-8")
    assert [target for _, target in _revsim_imports(bad)] == ["revsim.equity.ruling", "revsim.outputs.text"]
    assert _relative_imports(bad) == [3]
    assert _rank("revsim.equity.ruling") > _rank("revsim.records.pbn")
    assert _rank("revsim.scan") == TOP and _rank("revsim.cards") == 0


def test_python_dash_m_revsim_runs_the_command_line() -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "revsim", "--help"], capture_output=True, text=True, timeout=60,
                            cwd=PACKAGE.parent)
    assert result.returncode == 0 and "adjudicate" in result.stdout and "scan" in result.stdout


def test_every_test_the_tiers_name_exists_and_every_tier_is_a_declared_marker() -> None:
    """``tests/tiers.py`` names tests by file and function: a renamed or removed test would silently fall back into the
    fast tier, so each name must still be a test of its file, and each tier one of pyproject's markers."""
    import re
    import tomllib

    from tests.tiers import TIERS, TIERS_BY_FILE, TIERS_BY_FIXTURE, TIERS_BY_TEST

    root = PACKAGE.parent
    tests = root / "tests"
    declared = {line.split(":")[0] for line in tomllib.loads((root / "pyproject.toml").read_text())["tool"]["pytest"]
                ["ini_options"]["markers"]}
    assert set(TIERS) == declared
    for name in TIERS_BY_FILE:
        assert (tests / name).is_file(), name
    for key in TIERS_BY_TEST:
        file, function = key.split("::")
        assert re.search(rf"^def {function}\(", (tests / file).read_text(), re.MULTILINE), key
    for markers in (*TIERS_BY_FILE.values(), *TIERS_BY_TEST.values(), *TIERS_BY_FIXTURE.values()):
        assert set(markers) <= set(TIERS)
