"""Case details (event, date, session, table, players, director, statements, findings): in the case-file
schema, and in every output: text, JSON, report, the desk's case file, scan rows."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from click.testing import CliRunner

from revsim.cli import main
from revsim.outputs.casetoml import case_to_toml, cases_to_toml, record_to_case
from revsim.outputs.report import report_html
from revsim.records.readers import parse_text, read_records
from revsim.records.record import Record
from revsim.scan import scan
from tests.conftest import HANDS

CASE = '''board = "3"
event = "Spring Pairs"
date = "2026-04-12"
session = "2"
table = 7
director = "A. Ruler"
scoring = "MP"
players = { N = "Ann", E = "Bob", S = "Cat", W = "Dan" }
statements = ["East: I thought I had no club", "South: I called the director at once"]
findings = ["East held the CJ when he played the SJ"]
deal = "N:Q743.A6.854.K532 J.987543.A92.JT9 AK852.KQT2.JT3.A T96.J.KQ76.Q8764"
contract = "4S"
declarer = "S"
vulnerable = "EW"
dealer = "S"
play = ["DK D4 D2 D3", "D6 D5 DA DT"]
claim = { after_trick = 2, declarer_tricks = 9, by = "declarer" }
'''


def _case(tmp_path: Path) -> Path:
    path = tmp_path / "details.toml"
    path.write_text(CASE, encoding="utf-8")
    return path


def test_the_case_details_reach_the_json_and_the_text(tmp_path: Path) -> None:
    path = _case(tmp_path)
    [board] = json.loads(CliRunner().invoke(main, ["adjudicate", str(path), "--estimator", "dd", "--json"]).stdout)
    assert (board["event"], board["date"], board["session"], board["table"], board["director"]) == (
        "Spring Pairs", "2026-04-12", "2", "7", "A. Ruler")
    assert board["players"] == {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"} and board["scoring"] == "MP"
    assert board["statements"][0] == "East: I thought I had no club" and len(board["findings"]) == 1
    text = CliRunner().invoke(main, ["adjudicate", str(path), "--estimator", "dd"]).output
    assert "Spring Pairs, 2026-04-12, round 2, table 7, director A. Ruler; N Ann, E Bob, S Cat, W Dan" in text
    assert "Statement: South: I called the director at once" in text
    assert "Finding: East held the CJ when he played the SJ" in text


def test_the_case_details_reach_the_report_and_the_scan_rows(tmp_path: Path) -> None:
    from revsim.adjudicate import adjudicate
    from revsim.equity.settings import Settings

    path = _case(tmp_path)
    [record] = list(read_records(path))
    page = report_html(adjudicate(record, Settings(estimator="dd")))
    assert "What the players said" in page and "findings of fact" in page and "A. Ruler" in page
    boards, _ = scan([path])
    row = boards.iloc[0]
    assert (row.session, row.table, row.director, row.scoring, row.north) == ("2", "7", "A. Ruler", "MP", "Ann")


def test_the_desks_case_file_keeps_the_case_details(tmp_path: Path) -> None:
    [record] = list(read_records(_case(tmp_path)))
    assert isinstance(record, Record)
    toml = case_to_toml(record_to_case(record))
    data = tomllib.loads(toml)
    assert data["players"]["E"] == "Bob" and data["director"] == "A. Ruler" and data["findings"]
    [again] = list(parse_text(toml, "again.toml"))
    assert isinstance(again, Record) and again.info == record.info
    assert again.facts.statements == record.facts.statements and again.facts.findings == record.facts.findings


def test_a_wrong_case_detail_is_named() -> None:
    [error] = list(parse_text(CASE.replace('players = { N = "Ann"', 'players = { X = "Ann"'), "bad.toml"))
    assert "players" in error.describe()


def test_a_session_file_of_every_worked_case_reads_back_board_by_board() -> None:
    """Every worked case of hands/ written as one session file (a [[board]] table a case) gives the same boards."""
    records = [item for path in sorted(HANDS.glob("*.toml")) + sorted(HANDS.glob("*.pbn"))
               for item in read_records(path) if isinstance(item, Record)]
    assert len(records) >= 20
    toml = cases_to_toml([record_to_case(record) for record in records], "a session")
    again = list(parse_text(toml, "session.toml"))
    assert all(isinstance(item, Record) for item in again), [item for item in again if not isinstance(item, Record)][:1]
    for before, after in zip(records, again, strict=True):
        assert isinstance(after, Record)
        assert (after.board, after.hands, after.contract, after.info) == (before.board, before.hands, before.contract,
                                                                           before.info)
        assert record_to_case(after) == record_to_case(before)   # the facts too (their lines are the new file's)
