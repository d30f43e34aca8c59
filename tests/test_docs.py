"""The README is read in one sitting and everything else is in the documentation site (docs/, MkDocs), whose
command reference is made from the command line itself and whose case-file reference from the schema."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from tests.conftest import HANDS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_one_sitting() -> None:
    assert len(README.splitlines()) <= 400


def test_the_readme_gives_the_two_commands_of_the_quick_start() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", quick, re.S)
    assert blocks[0].startswith("python3 -m venv .venv && .venv/bin/pip install -q -e '.[web]' && .venv/bin/revsim")
    assert blocks[1] == ".venv/bin/pip install -q -e '.[dev]' && .venv/bin/python -m pytest -q -n auto --dist loadscope"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert blocks[0] in ci and blocks[1] in ci   # CI runs them exactly
    fast = re.search(r"`(\.venv/bin/python -m pytest -q -n auto -m \"[^\"]+\")[^`]*`", quick)
    assert fast is not None and fast.group(1) in ci   # and the fast tier the README names, before them


def test_every_link_of_the_readme_into_the_tree_exists() -> None:
    links = re.findall(r"\]\(((?!https?:)[^)#]+)\)", README)
    assert links and [link for link in links if not (ROOT / link).exists()] == []


def test_every_page_of_the_docs_is_in_the_site_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = sorted(path.name for path in (ROOT / "docs").glob("*.md"))
    assert [page for page in pages if page not in nav] == []


def test_the_command_reference_is_generated_from_the_command_line() -> None:
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    assert "::: mkdocs-click" in page and ":module: revsim.cli.commands" in page and ":command: main" in page


def test_the_site_builds_with_every_command_and_option_in_its_reference(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason="the docs tools come with the dev extra (pip install -e '.[dev]')")
    pytest.importorskip("mkdocs_click", reason="the docs tools come with the dev extra (pip install -e '.[dev]')")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(tmp_path)],
                           cwd=ROOT, capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
                           timeout=300)
    assert built.returncode == 0, built.stderr
    page = (tmp_path / "commands" / "index.html").read_text(encoding="utf-8")
    assert str(ROOT) not in page, "the reference names the builder's own checkout"
    from revsim.cli.commands import main

    for name, command in main.commands.items():
        assert f"revsim {name}" in page, name
        for option in command.params:
            for flag in getattr(option, "opts", []):
                if flag.startswith("--"):
                    assert flag in page, (name, flag)


LAWS_61_TO_64 = ("61A 61B1 61B2 61B3 62A 62B1 62B2 62C1 62C2 62C3 62D1 62D2 63A1 63A2 63A3 63A4 63B 64A1 64A2 64B1 64B2 "
                 "64B3 64B4 64B5 64B6 64B7 64B8 64C1 64C2a 64C2b").split()


def test_the_law_index_lists_every_clause_of_laws_61_to_64() -> None:
    """Every clause of Laws 61 to 64 has its row, saying whether revsim applies it, takes it as a fact, or leaves
    it to the director; and every function a row names exists."""
    import importlib

    page = (ROOT / "docs" / "how-revsim-rules.md").read_text(encoding="utf-8")
    index = page.split("## Every clause of Laws 61 to 64", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(): line for line in index.splitlines() if line.startswith("| 6")}
    assert list(rows) == LAWS_61_TO_64
    for clause, row in rows.items():
        assert re.search(r"\| (applies|takes|leaves)", row), clause
        for dotted in re.findall(r"`((?:laws|equity|likely)\.[a-z0-9_.]+)`", row):
            module, _, name = dotted.rpartition(".")
            try:
                target = importlib.import_module(f"revsim.{module}")
            except ModuleNotFoundError:
                target, name = importlib.import_module(f"revsim.{dotted}"), ""
            assert not name or hasattr(target, name), f"{clause}: {dotted}"


def test_every_lecture_situation_names_a_board_or_a_test_that_exists() -> None:
    page = (ROOT / "docs" / "lectures.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if re.match(r"^\| \d+ \|", line)]
    assert [int(row.split("|")[1]) for row in rows] == list(range(1, 67))
    for row in rows:
        where = row.split("|")[4]
        if "nothing to rule" in where:
            continue
        cited = re.findall(r"`(hands/[^`]+|tests/[^`]+)`", where)
        assert cited or "`" in where, f"row {row.split('|')[1].strip()} names no board, test or key"
        for reference in cited:
            path, _, test = reference.partition("::")
            if "*" in path:
                assert list(ROOT.glob(path)), reference
                continue
            assert (ROOT / path).exists(), reference
            if test:   # a name, or a prefix ending in *
                prefix = test.rstrip("*")
                found = re.search(rf"def {re.escape(prefix)}{'' if test.endswith('*') else '[(]'}",
                                  (ROOT / path).read_text(encoding="utf-8"))
                assert found, reference


def test_every_key_of_a_rulings_json_is_in_the_json_reference() -> None:
    """docs/using.md's JSON table names every key of a ruling's object (a key added to the JSON is documented)."""
    from revsim.adjudicate import Settings, adjudicate
    from revsim.outputs.dicts import ruling_to_dict
    from revsim.records.readers import read_records

    table = (ROOT / "docs" / "using.md").read_text(encoding="utf-8").split("## JSON output", 1)[1].split("\n## ", 1)[0]
    named = {name for cell in re.findall(r"^\| (.*?) \|", table, re.M) for name in re.findall(r"`([a-z_]+)`", cell)}
    missing = set()
    for case in ("duschek-too-late-a.pbn", "duschek-both-sides.pbn"):
        ruling = adjudicate(next(iter(read_records(ROOT / "hands" / case))), Settings(estimator="dd"))
        missing |= set(ruling_to_dict(ruling)) - named
    assert missing == set()


def test_schema_matches_the_case_file_reference_page() -> None:
    from revsim.records.caseschema import reference_rows, reference_table

    readme = (Path(__file__).resolve().parent.parent / "docs" / "case-files.md").read_text(encoding="utf-8")
    section = readme.splitlines()
    start = next(index for index, line in enumerate(section) if line.startswith("| key |"))
    rows = []
    for line in section[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    in_readme = {row.split("|")[1].strip().strip("`") for row in rows}
    in_schema = {key for key, *_ in reference_rows()}
    assert in_readme == in_schema
    assert reference_table() in readme  # the page's table is made from the schema, word for word
    assert "facts.penalty_card[].from_trick" in in_schema and "claim.after_trick" in in_schema


@pytest.mark.parametrize("doc", ["README.md", "docs/using.md"])
def test_readme_sample_output_is_what_revsim_prints(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    block = text.split("(a test checks that this is what revsim prints):", 1)[1].split("```", 2)[1].strip("\n")
    result = CliRunner().invoke(main, ["adjudicate", str(HANDS / "duschek-too-late-a.pbn")])
    printed = result.output[result.output.index("Table result"):].strip("\n")
    assert block == printed
