"""Hostile and absurd input: nothing a file holds, nor a fault of revsim's own on one board, stops a run, shows a
traceback or loses the rows of other files; absurd records are refused with a clear error, not parsed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from revsim.cli import main
from revsim.records.errors import RecordError
from revsim.records.readers import parse_text, read_records
from revsim.scan import scan
from tests.conftest import HANDS
from tests.test_web_api import post

GOOD = HANDS / "duschek-too-late-a.pbn"
POISONS = {
    "deep-arrays.toml": "board = " + "[" * 600 + "]" * 600 + "\n",
    "deep-tables.toml": "board = " + "{a = " * 600 + "1" + "}" * 600 + "\n",
    "long-integer.toml": "board = " + "7" * 5000 + "\n",
}


@pytest.fixture
def poisoned(tmp_path: Path) -> Path:
    for name, text in POISONS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "z-good.pbn").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def test_a_poison_case_file_is_an_error_row_and_the_scan_goes_on(poisoned: Path) -> None:
    boards, _ = scan([poisoned])
    errors = boards[boards.status == "error"]
    assert sorted(Path(file).name for file in errors.file) == sorted(POISONS)
    assert errors.error.str.contains("nested hundreds of levels deep").sum() == 2
    assert errors.error.str.contains("4300 digits").sum() == 1
    assert (boards.status == "ok").sum() == 1  # the file after them is ruled on
    result = CliRunner().invoke(main, ["scan", str(poisoned), "--quiet"])
    assert result.exit_code == 0 and "Traceback" not in result.output and "z-good.pbn" in result.output


@pytest.mark.parametrize("name", sorted(POISONS))
def test_a_poison_case_file_gives_whole_json_and_a_422_in_the_desk(poisoned: Path, name: str, desk_url: str) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(poisoned / name), "--json", "--estimator", "dd"])
    [board] = json.loads(result.stdout)
    assert result.exit_code == 1 and board["status"] == "error" and name in board["error"]
    status, media, text = post(desk_url, "/api/adjudicate", POISONS[name], format="toml", name=name)
    assert status == 422 and media.startswith("application/json") and name in json.loads(text)["error"]


def test_a_fault_of_revsims_own_on_one_board_is_that_boards_error_row(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    import importlib

    adjudicate_module = importlib.import_module("revsim.adjudicate")  # the module, not the function revsim exports
    rows_module = importlib.import_module("revsim.scan.rows")

    real = rows_module.adjudicate

    def faulty(record, settings=None):
        if record.source.endswith("b.pbn"):
            raise ZeroDivisionError("a fault planted by the test")
        return real(record, settings)

    monkeypatch.setattr(rows_module, "adjudicate", faulty)
    monkeypatch.setattr(adjudicate_module, "adjudicate", faulty)
    for name in ("a.pbn", "b.pbn", "c.pbn"):
        (tmp_path / name).write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    boards, _ = scan([tmp_path])
    assert boards.status.tolist() == ["ok", "error", "ok"]
    assert "internal error while ruling on this board (ZeroDivisionError" in boards.error[1]
    assert "board duschek-too-late-a" in boards.error[1]
    result = CliRunner().invoke(main, ["adjudicate", str(tmp_path / "b.pbn"), "--json", "--estimator", "dd"])
    [board] = json.loads(result.stdout)
    assert result.exit_code == 1 and "internal error while ruling on this board" in board["error"]


def test_a_fault_of_a_reader_is_one_last_error_naming_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from revsim.records import formats

    original = formats.FORMATS[".pbn"].parse

    def broken(text: str, source: str):
        yield from original(text, source)
        raise KeyError("planted")

    monkeypatch.setitem(formats.FORMATS, ".pbn", replace(formats.FORMATS[".pbn"], parse=broken))
    items = list(parse_text(GOOD.read_text(encoding="utf-8"), "x.pbn"))
    assert len(items) == 2 and not isinstance(items[0], RecordError)  # what came before the fault stands
    last = items[-1]
    assert isinstance(last, RecordError) and "internal error while reading the file (KeyError" in last.describe()


def test_absurd_records_are_refused_not_parsed(tmp_path: Path) -> None:
    tag = tmp_path / "tag.pbn"
    tag.write_text('[Event "' + "x" * 200_000 + '"]\n[Board "1"]\n', encoding="utf-8")
    [error] = list(read_records(tag))
    assert isinstance(error, RecordError) and error.line == 1
    assert "a line of 200,010 characters: longer than any PBN record has" in error.describe()
    lin = tmp_path / "value.lin"
    lin.write_text("md|" + "3" * 100_000 + "|", encoding="utf-8")
    [error] = list(read_records(lin))
    assert "a LIN value of 100,000 characters: longer than any LIN record has" in error.describe()
    many = tmp_path / "pairs.lin"
    many.write_text("md|3SAKQ,H2,D2,C2|" + "pc|SA|up||" * 1500, encoding="utf-8")
    [error] = list(read_records(many))
    assert "a LIN board of more than 2,000 pairs" in error.describe()
    big = tmp_path / "big.toml"
    big.write_text("x = [" + "1," * 600_000 + "]\n", encoding="utf-8")
    [error] = list(read_records(big))
    assert "larger than any case a director writes" in error.describe()
