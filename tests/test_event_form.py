"""The event's form of scoring (PBN [Scoring], a case file's ``scoring``, the desk's field): a ruling without a
field is valued by that form's score table (Law 12C1c's weighted score at IMPs), or said plainly to need the other
tables' scores at matchpoints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from revsim.adjudicate import Settings, adjudicate
from revsim.cli import main
from revsim.outputs.report import report_html
from revsim.records.casefile import parse_case
from revsim.records.readers import read_records
from revsim.records.record import Record
from revsim.scan.rows import board_rows
from revsim.scoring.form import event_form
from tests.conftest import HANDS


@pytest.mark.parametrize(("scoring", "form"), [
    ("IMP", "imps"), ("IMP;Cross", "imps"), ("IMP;??", "imps"), ("Butler", "imps"), ("MP", "matchpoints"),
    ("MP;MP1", "matchpoints"), ("##Matchpoints", "matchpoints"), ("Pairs", "matchpoints"), ("Rubber", "unknown"),
    ("?", "unknown"), (";", "unknown"), ("Unknown tag", "unknown"), (None, "unknown"), ("BAM", "unknown"),
])
def test_the_forms_the_corpus_names_are_read(scoring: str | None, form: str) -> None:
    """Every [Scoring] value the corpus's records carry, and the desk's two suggestions."""
    assert event_form(scoring) == form


@given(st.text(max_size=30))
def test_any_scoring_text_names_one_form(text: str) -> None:
    form = event_form(text)
    assert form in ("imps", "matchpoints", "unknown")
    assert form == event_form(text.split(";")[0])   # only the first part counts


def _with_scoring(tmp_path: Path, scoring: str | None) -> Path:
    text = (HANDS / "duschek-repeated-3nt.pbn").read_text(encoding="utf-8")
    if scoring is not None:
        text = text.replace('[Event "revsim seed cases"]', f'[Event "revsim seed cases"]\n[Scoring "{scoring}"]', 1)
    path = tmp_path / "3nt.pbn"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("scoring", "form", "said", "not_said"), [
    ("IMP", "imps", "Without a field, at IMPs (the event's form): +11.00 IMPs to North-South, -11.00 to East-West "
     "against the table result (NS -50), each result IMPed against it, then weighted.", "matchpoints"),
    ("MP", "matchpoints", "Without a field: the event is scored by matchpoints, which cannot be given without the "
     "other tables' North-South scores.", "IMPs"),
    (None, "unknown", "Without a field: +11.00 IMPs to North-South, -11.00 to East-West against the table result "
     "(NS -50), each result IMPed against it, then weighted; matchpoints need the other tables' North-South scores.",
     "the event's form"),
])
def test_law12c1c_without_a_field_the_event_form_gives_the_score_table(tmp_path: Path, scoring: str | None, form: str,
                                                                       said: str, not_said: str) -> None:
    """The same weighted ruling (3NT: 80% of 3NT+3, 20% of 3NT+2 against 3NT-1 at the table) in the text, the JSON
    and the report, by the form its record names."""
    path = _with_scoring(tmp_path, scoring)
    text = CliRunner().invoke(main, ["adjudicate", str(path), "--estimator", "dd"]).output
    board = json.loads(CliRunner().invoke(main, ["adjudicate", str(path), "--estimator", "dd", "--json"]).output)[0]
    [record] = [item for item in read_records(path) if isinstance(item, Record)]
    report = report_html(adjudicate(record, Settings(estimator="dd")))
    tail = text[text.index("Without a field"):]
    assert said in text and not_said not in tail
    assert said.replace("'", "&#x27;") in report
    assert board["without_field"]["form"] == form and board["scoring"] == scoring


def test_a_case_files_scoring_is_kept_in_the_record_the_json_and_the_scan_row() -> None:
    text = (HANDS / "law64c1-revoke-blocks-a-long-suit.toml").read_text(encoding="utf-8")
    [record] = list(parse_case('scoring = "MP"\n' + text, "mp.toml"))
    assert isinstance(record, Record) and record.info["scoring"] == "MP"
    ruling = adjudicate(record, Settings(estimator="dd"))
    rows = board_rows(record, ruling)
    assert rows.board["scoring"] == "MP"
    assert "scored by matchpoints" in report_html(ruling)
