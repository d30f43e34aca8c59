"""What is typed into a record never turns against its reader: a CSV cell a spreadsheet would run is neutralised
and read back exactly (numbers stay numbers), Parquet and JSON lines keep typed text as typed, and a control
character a terminal would obey is shown as an escape in the readable text."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.outputs.rowfiles import read_rows, spreadsheet_safe, spreadsheet_text
from revsim.outputs.terminal import UNSAFE, printable
from tests.conftest import HANDS

CASE = HANDS / "duschek-too-late-a.pbn"


FORMULAS = ["=HYPERLINK(\"http://x\")", "+1+2", "-2+3+cmd|' /C calc'!A0", "@SUM(A1:A2)", "\tTab", "\rReturn"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_csv_cell_that_a_spreadsheet_would_run_is_neutralised_and_read_back_exactly(text: str) -> None:
    assert spreadsheet_safe(text) == "'" + text
    assert spreadsheet_text(spreadsheet_safe(text)) == text


@pytest.mark.parametrize("number", ["-100", "+420", "-0.5", -100, 420.0])
def test_a_number_in_a_csv_cell_stays_a_number(number: object) -> None:
    assert spreadsheet_safe(number) == number


def _case_with(tmp_path: Path, names: list[str], statement: str, source: Path = CASE) -> Path:
    """A lecture case (the 64A one by default), with these players' names and a statement."""
    from revsim.outputs.casetoml import case_to_toml, record_to_case
    from revsim.records.readers import read_records

    record = next(iter(read_records(str(source))))
    from dataclasses import replace

    info = dict(record.info)
    info.update(zip(("north", "east", "south", "west"), names, strict=True))
    record = replace(record, info=info, facts=replace(record.facts, statements=(statement,)))
    path = tmp_path / "typed.toml"
    path.write_text(case_to_toml(record_to_case(record)), encoding="utf-8")
    return path


def test_the_scans_csv_files_neutralise_typed_formulas_and_keep_negative_scores(tmp_path: Path) -> None:
    names = FORMULAS[:4]
    case = _case_with(tmp_path, names, "=1+1", HANDS / "duschek-adjusting-the-score.toml")  # North-South -150
    out, adjusted = tmp_path / "scan.csv", tmp_path / "adjusted.csv"
    result = CliRunner().invoke(main, ["scan", str(case), "--estimator", "dd", "--jobs", "1", "--quiet",
                                       "--out", str(out), "--adjustments", str(adjusted)])
    assert result.exit_code == 0, result.output
    for path in (out, adjusted):
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        assert [rows[0][seat] for seat in ("north", "east", "south", "west")] == ["'" + name for name in names]
        cells = [cell for row in rows for cell in row.values()]
        assert not [cell for cell in cells if cell[:1] in "=+@\t\r" and cell != ""]
        assert not [cell for cell in cells if cell.startswith("-") and not cell.lstrip("-").replace(".", "").isdigit()]
    with open(adjusted, newline="", encoding="utf-8") as handle:
        score = next(csv.DictReader(handle))["score_ns"]
    assert float(score) < 0 and not score.startswith("'")  # a negative score is a number
    back = read_rows(out)
    assert list(back.loc[0, ["north", "east", "south", "west"]]) == names


def test_parquet_and_json_lines_keep_typed_text_exactly(tmp_path: Path) -> None:
    names = FORMULAS[:4]
    case = _case_with(tmp_path, names, "=1+1")
    for suffix in (".parquet", ".jsonl"):
        out = tmp_path / f"scan{suffix}"
        CliRunner().invoke(main, ["scan", str(case), "--estimator", "dd", "--jobs", "1", "--quiet", "--out", str(out)])
        assert list(read_rows(out).loc[0, ["north", "east", "south", "west"]]) == names


CONTROLS = ["\r", "\x00", "\x07", "\x7f", "\x85", "\x9b", "\u202e", "\n", "\x1b[2J", "\u2028"]


@pytest.mark.parametrize("control", CONTROLS, ids=[f"U+{ord(c[0]):04X}" for c in CONTROLS])
def test_the_readable_text_shows_a_typed_control_character_as_an_escape(tmp_path: Path, control: str) -> None:
    east = f"Eve{control}Ruling (Law 64A): 7NT= by North"
    case = _case_with(tmp_path, ["Ann", east, "Sam", "Wes"], f"I{control}said nothing")
    result = CliRunner().invoke(main, ["adjudicate", str(case), "--estimator", "dd"])
    assert result.exit_code == 0, result.output
    assert not [character for character in result.output if ord(character) in UNSAFE and character != "\n"]
    assert printable(east) in result.output
    assert not [line for line in result.output.splitlines() if line.startswith("Ruling (Law 64A): 7NT")]
    as_json = CliRunner().invoke(main, ["adjudicate", str(case), "--estimator", "dd", "--json"])
    import json

    assert json.loads(as_json.output)[0]["players"]["E"] == east  # JSON keeps the text exactly


def test_printable_escapes_every_unsafe_character_and_nothing_else() -> None:
    unsafe = "".join(chr(code) for code in UNSAFE)
    assert not [character for character in printable(unsafe) if ord(character) in UNSAFE]
    kept = "Board 7: 4\u2660X by S \u2013 \u00e9l\u00e8ve, \u201cquoted\u201d\ttab"
    assert printable(kept) == kept
