"""The other tables' scores (a field: --field, the desk's Field box): a field file that names no board, has no column
revsim reads, or holds no score is an error saying so; the datum rounds half away from zero, as directors do."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from revsim.cli import main
from revsim.records.errors import RecordError
from revsim.scoring.field import datum, load_field
from tests.conftest import HANDS


def _revsim(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_field_without_the_board_says_so(tmp_path: Path) -> None:
    field = tmp_path / "field.csv"
    field.write_text("board,ns_score\n7,420\n8,-50\n", encoding="utf-8")
    result = _revsim("adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--field", str(field))
    assert result.exit_code == 0 and "the field file has no scores for this board" in result.output


def test_field_with_unrecognised_columns_says_so(tmp_path: Path) -> None:
    field = tmp_path / "field.csv"
    field.write_text("table,score,ew\n1,420,-420\n", encoding="utf-8")
    result = _revsim("adjudicate", str(HANDS / "duschek-too-late-a.pbn"), "--field", str(field))
    assert result.exit_code == 2 and "no ns_score column (the columns are table, score, ew)" in result.output


def test_field_that_is_empty_or_only_a_header_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(RecordError, match="holds no scores"):
        load_field(empty)
    header = tmp_path / "header.csv"
    header.write_text("ns_score\n", encoding="utf-8")
    with pytest.raises(RecordError, match="a header but no scores"):
        load_field(header)


def test_field_datum_rounds_half_away_from_zero_as_directors_do() -> None:
    assert datum([180, 190]) == 190          # 185 becomes 190, not 180
    assert datum([-180, -190]) == -190
    assert datum([100, 200, 300, 400, 500]) == 300 and datum([184, 184]) == 180
